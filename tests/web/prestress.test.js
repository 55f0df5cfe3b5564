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

test('a panel whose energy grows says so (the core\'s verdict); a stable one does not', async () => {
  const page = await openLab(site, '?scene=fem-hanging-cantilever&methods=regularized,regularized-geometric,regularized&dt=0.01,0.01,0.001');
  await page.waitForFunction(() => window.softlab.state().panels[2].t > 1.0, null, { timeout: 120000 });
  const states = await page.evaluate(() => [...document.querySelectorAll('.panel [data-kind]')].map((e) => [e.dataset.kind, e.textContent]));
  assert.strictEqual(states.length, 3);
  assert.strictEqual(states[0][0], 'warn');
  assert.match(states[0][1], /^energy growing since t = 0\.[4-7]\d\d s: \+[0-9.e+]+ J, 0\.\d\d of the run's largest kinetic \+ elastic energy then — lower Δt/);
  for (const i of [1, 2]) assert.ok(!/growing/.test(states[i][1]) && states[i][0] !== 'warn', `panel ${i}: ${states[i][1]}`);
  const verdicts = await page.evaluate(() => window.softlab.state().panels.map((p) => p.verdict));
  assert.deepStrictEqual(verdicts, ['growing', 'running', 'running']);
  assert.deepStrictEqual(page.errors, []);
  await page.close();
});
