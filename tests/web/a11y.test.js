// Accessibility (issue 30, WCAG 2.1 AA): axe-core finds no violation of any impact on the
// lab, the compact embed, the lesson index, every lesson and every lab embedded in them
// (axe runs in every frame of a page and reports from the top, as a course page's audit
// does); every control is in the Tab order and Load mesh… opens its chooser from the
// keyboard; a divergence reaches the polite live region once; 2,000 unknown URL
// parameters give one notice; prefers-reduced-motion opens the lab and every lesson's labs
// paused (Play still works); each view has a text alternative that follows the run at a
// modest rate. One browser, each page opened once.
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const { startSite, openLab } = require('./harness');

const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const LESSONS = ['000-regularized-stepper', '001-incompressible', '002-stiffness-warping',
  '003-explicit-integrators', '004-grid-solids', '005-xpbd'];

/** axe's violations on page, its frames included, leaving out the elements of exclude (CSS
 *  selectors): [{id, impact, nodes: [text]}]. */
async function axeViolations(page, exclude = []) {
  for (const frame of page.frames()) await frame.evaluate(AXE);
  return page.evaluate(async (exclude) => {
    const context = exclude.length ? { include: [document], exclude: exclude.map((s) => [s]) } : document;
    const r = await window.axe.run(context, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact,
      nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${(n.failureSummary || '').replace(/\s+/g, ' ')}`) }));
  }, exclude);
}

function assertClean(violations, where) {
  const text = violations.map((v) => `${v.id} (${v.impact}) x${v.nodes.length}\n  ${v.nodes.join('\n  ')}`).join('\n');
  assert.strictEqual(violations.length, 0, `axe on ${where}:\n${text}`);
}

/** WCAG contrast ratio of two CSS rgb() colours. */
function contrast(a, b) {
  const lum = (css) => {
    const [r, g, bl] = css.match(/[\d.]+/g).slice(0, 3).map((c) => {
      const v = Number(c) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const labReady = (frame) => frame.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 60000 });

let site;
before(async () => { site = await startSite(); });
after(async () => { if (site) await site.close(); });

describe('the lab (default scene, motion allowed)', () => {
  let page;
  before(async () => { page = await openLab(site); });
  after(async () => { await page.close(); });

  test('a divergence is announced once in the polite live region', async () => {
    // the swinging cube's symplectic Euler at 0.05 s is meant to blow up (the scene says so)
    await page.waitForFunction(() => window.softlab.state().panels.some((p) => p.diverged), null, { timeout: 30000 });
    const region = await page.$eval('#announce', (el) => ({
      live: el.getAttribute('aria-live'), role: el.getAttribute('role'), lines: [...el.children].map((c) => c.textContent) }));
    assert.strictEqual(region.live, 'polite');
    const diverged = region.lines.filter((l) => /diverged at t = /.test(l));
    const count = (await page.evaluate(() => window.softlab.state().panels.filter((p) => p.diverged).length));
    assert.strictEqual(diverged.length, count, `one line per diverged panel: ${JSON.stringify(region.lines)}`);
    assert.match(diverged[0], /^Panel 1, Symplectic Euler/);
  });

  test('each view has a text alternative that follows the run, about once a second', async () => {
    const read = () => page.$$eval('.panel canvas', (cs) => cs.map((c) => document.getElementById(c.getAttribute('aria-describedby'))?.textContent || ''));
    // renewed about once a second: the divergence is in panel 1's within a second or two
    await page.waitForFunction(() => /diverged/.test(document.getElementById('view-desc-1').textContent), null, { timeout: 5000 });
    const first = await read();
    assert.match(first[1], /^Panel 2, Linearly implicit Euler, Δt = 0\.05 s: t = [\d.]+ s, running(, V\/V₀ = [\d.]+)?\.$/);
    assert.match(first[0], /Panel 1, Symplectic Euler.*diverged at t = /);
    const changes = await page.evaluate(() => new Promise((resolve) => {
      let n = 0;
      const mo = new MutationObserver((records) => { n += records.length; });
      mo.observe(document.getElementById('view-desc-2'), { childList: true, characterData: true, subtree: true });
      setTimeout(() => { mo.disconnect(); resolve(n); }, 3000);
    }));
    assert.ok(changes >= 1 && changes <= 5, `the running panel's description changed ${changes} times in 3 s`);
    const later = await read();
    assert.notStrictEqual(later[1], first[1], 'the description follows t');
  });

  test('axe: no violation, running and diverged panels shown', async () => {
    assertClean(await axeViolations(page), 'the lab');
    // what follows needs no motion: paused, the lab leaves the machine's cores to the test
    await page.click('#play[data-action=pause]');
  });

  test('the meter fill and the focus ring stand out (3:1, WCAG 1.4.11)', async () => {
    const c = await page.evaluate(() => {
      const bg = (el) => getComputedStyle(el).backgroundColor;
      const meter = document.querySelector('.meter');
      const out = { fills: [] };
      for (const level of ['ok', 'warn', 'bad']) {
        meter.dataset.level = level;
        out.fills.push([level, bg(meter.querySelector('.meter-fill')), bg(meter.querySelector('.meter-bar'))]);
      }
      const b = document.querySelector('.chart-controls .btn');
      b.focus({ focusVisible: true });
      out.ring = getComputedStyle(b).outlineColor;
      out.card = bg(document.querySelector('.chart-card'));
      return out;
    });
    for (const [level, fill, track] of c.fills) assert.ok(contrast(fill, track) >= 3, `meter ${level}: ${fill} on ${track}`);
    assert.ok(contrast(c.ring, c.card) >= 3, `focus ring ${c.ring} on ${c.card}`);
  });

  test('every control is in the Tab order; Load mesh… opens the chooser with Enter and Space', async () => {
    const focusables = await page.evaluate(() => [...document.querySelectorAll('button, select, input, textarea, summary, a[href], [tabindex]')]
      .filter((e) => !e.disabled && e.tabIndex >= 0 && e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden' && !e.closest('dialog:not([open])'))
      .map((e) => e.id || e.getAttribute('aria-label') || e.textContent.trim().slice(0, 30)));
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    const reached = new Set();
    for (let k = 0; k < focusables.length + 5; k++) {
      await page.keyboard.press('Tab');
      reached.add(await page.evaluate(() => { const e = document.activeElement; return e.id || e.getAttribute('aria-label') || e.textContent.trim().slice(0, 30); }));
    }
    const missed = focusables.filter((f) => !reached.has(f));
    assert.deepStrictEqual(missed, [], 'controls the Tab key never reaches');
    assert.ok(reached.has('mesh-button'), 'Load mesh… is in the Tab order');
    // a listener that is on before the key (Playwright turns the interception on
    // asynchronously: a waitForEvent begun with the key press can miss the chooser)
    const choosers = [];
    page.on('filechooser', (c) => choosers.push(c));
    await page.waitForTimeout(200);
    for (const key of ['Enter', ' ']) {
      await page.focus('#mesh-button');
      const n = choosers.length;
      await page.keyboard.press(key);
      const end = Date.now() + 5000;
      while (choosers.length === n && Date.now() < end) await page.waitForTimeout(50);
      assert.strictEqual(choosers.length, n + 1, `${JSON.stringify(key)} on Load mesh… opens the file chooser`);
      assert.ok(choosers[n].isMultiple(), 'the chooser takes .node and .ele together');
    }
    assert.deepStrictEqual(page.errors, []);
  });

  test('arrow keys browse the scene menu without leaving the page; Enter opens the scene (WCAG 3.2.2)', async () => {
    const p = await openLab(site, '?scene=oscillator', { width: 1200, height: 800 });
    await p.focus('#scene-select');
    await p.keyboard.press('ArrowDown');
    await p.waitForTimeout(500);
    const browsed = await p.$eval('#scene-select', (s) => s.value);
    assert.notStrictEqual(browsed, 'oscillator', 'the arrow moved the menu');
    assert.match(p.url(), /scene=oscillator/, 'no navigation on an arrow key');
    await Promise.all([p.waitForNavigation(), p.keyboard.press('Enter')]);
    assert.match(p.url(), new RegExp(`scene=${browsed}`), 'Enter opens the scene browsed to');
    await p.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 30000 });
    await p.focus('#scene-select');
    await p.keyboard.press('ArrowUp');
    await p.keyboard.press('Tab'); // leaving without Enter puts back the scene shown
    assert.strictEqual(await p.$eval('#scene-select', (s) => s.value), browsed);
    assert.deepStrictEqual(p.errors, []);
    await p.close();
  });
});

describe('the compact embed, reduced motion, 2,000 unknown URL parameters', () => {
  let ctx, page;
  before(async () => {
    ctx = await site.browser.newContext({ viewport: { width: 1200, height: 900 }, reducedMotion: 'reduce' });
    page = await ctx.newPage();
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(e.message));
    const junk = Array.from({ length: 2000 }, (_, i) => `junk${i}=1`).join('&');
    await page.goto(`${site.base}/index.html?embed=1&${junk}`);
    await labReady(page);
  });
  after(async () => { await ctx.close(); });

  test('prefers-reduced-motion: the lab opens paused, and Play (keyboard) starts it', async () => {
    await page.waitForTimeout(500);
    const s = await page.evaluate(() => window.softlab.settled());
    assert.strictEqual(s.playing, false);
    assert.strictEqual(s.t, 0);
    assert.ok(s.panels.every((p) => p.t === 0), 'no panel stepped');
    assert.strictEqual(await page.$eval('body', (b) => b.dataset.playing), '0');
    await page.focus('#play');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.softlab.state().t > 0.05, null, { timeout: 20000 });
    // one toggle, never disabled: the focus stays on it, and Space on it pauses
    assert.strictEqual(await page.evaluate(() => document.activeElement.id), 'play');
    await page.keyboard.press(' ');
    await page.waitForFunction(() => !window.softlab.state().playing, null, { timeout: 5000 });
    assert.strictEqual(await page.evaluate(() => document.activeElement.id), 'play');
  });

  test('2,000 unknown URL parameters give one notice', async () => {
    const notices = await page.$$eval('#notices .notice', (els) => els.map((e) => e.textContent));
    const unknown = notices.filter((t) => /Unknown URL parameter/.test(t));
    assert.strictEqual(unknown.length, 1, JSON.stringify(notices).slice(0, 500));
    assert.match(unknown[0], /“junk0”, “junk1”, “junk2” and 1,997 more were ignored/);
  });

  test('axe: no violation (paused, with the notice)', async () => {
    assertClean(await axeViolations(page), 'the compact embed');
    assert.deepStrictEqual(page.errors, []);
  });
});

describe('the lessons (reduced motion: their labs open paused)', () => {
  let ctx;
  before(async () => { ctx = await site.browser.newContext({ viewport: { width: 1200, height: 900 }, reducedMotion: 'reduce' }); });
  after(async () => { await ctx.close(); });

  test('axe: the lesson index', async () => {
    const page = await ctx.newPage();
    await page.goto(`${site.base}/lessons/index.html`);
    assertClean(await axeViolations(page), 'lessons/index.html');
    await page.close();
  });

  for (const lesson of LESSONS) {
    test(`axe: ${lesson} and its labs`, async () => {
      const page = await ctx.newPage();
      const errors = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${site.base}/lessons/${lesson}.html`);
      await page.waitForFunction(() => window.softlabLesson && window.softlabLesson.ready, null, { timeout: 30000 });
      await page.waitForFunction(() => document.querySelectorAll('.katex').length > 0, null, { timeout: 10000 });
      // the labs load lazily: all of them now, so that axe sees each
      const count = await page.$$eval('iframe', (fs) => { fs.forEach((f) => { f.loading = 'eager'; }); return fs.length; });
      await page.waitForFunction((n) => document.querySelectorAll('iframe').length === n, count);
      const labs = page.frames().filter((f) => f !== page.mainFrame());
      assert.strictEqual(labs.length, count);
      for (const f of labs) await labReady(f);
      for (const f of labs) {
        const s = await f.evaluate(() => window.softlab.state());
        assert.strictEqual(s.playing, false, `${f.url()} opened playing`);
      }
      // KaTeX's drawn glyphs (.katex-html, aria-hidden; thousands of spans, most of axe's time
      // here) are left to this check: they take their paragraph's colour, never their own
      const recoloured = await page.$$eval('.katex-html, .katex-html *', (els) => els
        .filter((e) => getComputedStyle(e).color !== getComputedStyle(e.parentElement).color).length);
      assert.strictEqual(recoloured, 0, 'KaTeX output with a colour of its own');
      assertClean(await axeViolations(page, ['.katex-html']), lesson);
      assert.deepStrictEqual(errors, []);
      await page.close();
    });
  }
});
