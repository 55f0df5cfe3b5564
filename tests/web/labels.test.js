// Labels that say what they mean (issue 26 item 5): no cut or internal names where a
// reader looks. Each test names the text it replaced.
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');

const { ROOT, startSite, openLab } = require('./harness');

describe('lesson bylines', () => {
  // before: "… — <code>000_0d50d30a86d7b35c.txt</code>, §2–3"
  const expected = {
    '000-regularized-stepper.html': ['Servin, Lacoursière and Melin', 'Interactive simulation of', '2006'],
    '001-incompressible.html': ['Irving, Schroeder and Fedkiw', 'Volume conserving finite element', '2007'],
    '002-stiffness-warping.html': ['Müller, Dorsey, McMillan, Jagnow and Cutler', 'Stable real-time', '2002'],
    '003-explicit-integrators.html': ['Cioaca et al.', 'On the impact of explicit', '2013'],
    '004-grid-solids.html': ['Kelager, Fleron and Erleben', 'Area and volume restoration', '2005'],
    '005-xpbd.html': ['Macklin, Müller and Chentanez', 'XPBD: Position-Based Simulation', '2016', 'Small Steps in Physics Simulation', '2019'],
  };
  for (const [file, parts] of Object.entries(expected)) {
    test(`${file}: authors, title and year, no seed file name`, () => {
      // the by-line: the Markdown source's text between its front matter and first ## heading
      const md = fs.readFileSync(path.join(ROOT, 'lessons', file.replace(/\.html$/, '.md')), 'utf8');
      const byline = md.match(/^---\n[\s\S]*?\n---\n([\s\S]*?)\n## /)[1].replace(/\s+/g, ' ');
      assert.doesNotMatch(byline, /\d{3}_[0-9a-f]{16}\.txt/);
      for (const part of parts) assert.ok(byline.includes(part), `${file}: '${part}' in '${byline}'`);
    });
  }
});

describe('the lab page', () => {
  let site;
  before(async () => { site = await startSite(); });
  after(async () => { if (site) await site.close(); });

  test('the scene menu is as wide as its longest title on a wide page', async () => {
    // before: capped at 24em (310 px), it read 'Suture thread: a running stitch through tiss'
    const page = await openLab(site, '?scene=thread-suture');
    const [shown, needed] = await page.$eval('#scene-select', (s) => {
      const w = s.clientWidth;
      s.style.maxWidth = 'none';
      return [w, s.clientWidth];
    });
    assert.ok(needed > 310, `the titles need ${needed} px`);
    assert.strictEqual(shown, needed);
    await page.close();
  });

  test('oscillator opens on the position plot (its height is 0 throughout)', async () => {
    const page = await openLab(site, '?scene=oscillator');
    await page.waitForFunction(() => window.softlab.state().t > 0.3, null, { timeout: 60000 });
    const q = await page.evaluate(() => window.softlab.chart.quantity);
    assert.strictEqual(q, 'position'); // before: 'height'
    await page.close();
  });

  test('the two stiffness-warping steppers keep distinct names in a narrow panel head', async () => {
    // before: 'Stiffness warping' (per element, shortened) beside 'Stiffness warping (per vertex)'
    const page = await openLab(site, '?scene=warp-bar&methods=stiffness-warping,stiffness-warping-element,linear-fem,regularized', { width: 1000, height: 900 });
    const menus = await page.$$eval('select.method', (sels) => sels.map((s) => [...s.options].map((o) => o.textContent)));
    assert.ok(menus.length >= 4, `stepper menus: ${menus.length}`);
    for (const names of menus) {
      assert.strictEqual(new Set(names).size, names.length, `duplicate names in ${JSON.stringify(names)}`);
      const element = names.find((n) => /\(.*elem/i.test(n)); // 'Warping (elem.)' here
      assert.ok(element, `per-element stepper named: ${JSON.stringify(names)}`);
    }
    await page.close();
  });

  test('a panel head names a choice parameter by its value name', async () => {
    // before: 'volume constraint (0 per tet, 1 one-ring) 1'
    const page = await openLab(site, '?scene=onering-cantilever&methods=regularized,regularized&onering=0,1');
    const variants = await page.$$eval('.variant', (els) => els.map((e) => e.textContent));
    assert.deepStrictEqual(variants.slice(0, 2), ['volume constraint: per-tet', 'volume constraint: one-ring']);
    await page.close();
  });

  test('a diverged panel says it shows the state before the failed step, not a good one', async () => {
    // before: '✕ diverged at t = 0.200 s — last good state shown; …' over V/V₀ = −0.52
    const page = await openLab(site, '?scene=swinging-cube&methods=explicit-euler&dt=0.05');
    await page.click('#play[data-action=play]');
    await page.waitForSelector('.view-badge:not([hidden])', { timeout: 60000 });
    const badge = await page.$eval('.view-badge:not([hidden])', (e) => e.textContent);
    assert.strictEqual(badge, '✕ diverged in the step after t = 0.200 s — shown as it was before that step; Reset to start again');
    await page.close();
  });

  test('an unreadable user mesh gives one notice, not a second "Unknown scene"', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(site.base + '/index.html?scene=swinging-cube');
    await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 30000 });
    await page.evaluate(() => sessionStorage.setItem('softlab-user-mesh', JSON.stringify({ name: 'bad.msh', text: 'not a mesh', text2: '' })));
    await page.goto(site.base + '/index.html?scene=mesh');
    await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 30000 });
    const notices = await page.$$eval('#notices .notice', (els) => els.map((e) => e.textContent));
    assert.strictEqual(notices.filter((t) => /Unknown scene/.test(t)).length, 0, JSON.stringify(notices));
    assert.strictEqual(notices.filter((t) => /Could not read your mesh/.test(t)).length, 1, JSON.stringify(notices));
    await page.close();
  });

  test("the Embed dialog's compact box sits at its words", async () => {
    const page = await openLab(site, '?scene=swinging-cube');
    await page.click('#embed');
    const [box, label] = await page.evaluate(() => [document.querySelector('#embed-compact'), document.querySelector('#embed-compact').parentElement]
      .map((e) => { const r = e.getBoundingClientRect(); return { x: r.x, w: r.width }; }));
    assert.ok(box.w < 24, `box width ${box.w} px`);
    assert.ok(box.x - label.x < 4, `box at ${box.x - label.x} px from its label's start`);
    await page.close();
  });
});
