// Issue 12 in the page: the seed's regularized stepper on the hanging cantilever at
// dt = 0.01 s gains energy (4.9 -> 741 J by 1 s, native CLI) and its panel says so, while
// regularized-geometric at the same dt and the seed's stepper at dt = 0.001 s stay quiet.
'use strict';
const { test, before, after } = require('node:test');
const assert = require('node:assert');
const { startSite, openLab } = require('./harness');

let site;
before(async () => { site = await startSite(); });
after(async () => { if (site) await site.close(); });

test('a panel whose energy grows says it is unstable; a stable one does not', async () => {
  const page = await openLab(site, '?scene=fem-hanging-cantilever&methods=regularized,regularized-geometric,regularized&dt=0.01,0.01,0.001');
  await page.waitForFunction(() => window.softlab.state().panels[2].t > 1.0, null, { timeout: 120000 });
  const states = await page.evaluate(() => [...document.querySelectorAll('.panel [data-kind]')].map((e) => [e.dataset.kind, e.textContent]));
  assert.strictEqual(states.length, 3);
  assert.strictEqual(states[0][0], 'warn');
  assert.match(states[0][1], /^unstable: energy grew by [0-9.e+]+ J since t = 0\.[4-7]\d s/);
  for (const i of [1, 2]) assert.ok(!/unstable/.test(states[i][1]), `panel ${i}: ${states[i][1]}`);
  assert.deepStrictEqual(page.errors, []);
  await page.close();
});
