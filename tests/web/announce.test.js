// What a screen reader hears, and the lab without a pointer (issue 45 item 6). The live
// regions are counted as a screen reader meets them: every mutation inside an element
// that is live (aria-live other than off, or role status, log or alert, or an <output>),
// from the page's first script on, over a fixed span of animation frames (not of time).
// Play/Pause is one toggle that keeps the focus; a node is pinned and grabbed with keys.
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const { startSite, openLab, live, labState } = require('./harness');

const FRAMES = 300; // animation frames counted (5 s at 60 Hz), and until a panel diverged
const MAX_ANNOUNCEMENTS = 5;

let site;
before(async () => { site = await startSite(); });
after(async () => { if (site) await site.close(); });

/** Before any of the page's scripts: counts the animation frames and records every
 *  mutation in a live region as [frame, region id or tag, text] in window.__live. */
function countLive() {
  window.__live = [];
  window.__frames = 0;
  const isLive = (el) => {
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      const l = e.getAttribute('aria-live');
      if (l && l !== 'off') return e;
      if (l === 'off') return null;
      if (['status', 'log', 'alert'].includes(e.getAttribute('role')) || e.tagName === 'OUTPUT') return e;
    }
    return null;
  };
  const tick = () => { window.__frames++; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      const region = isLive(el);
      if (!region) continue;
      if (r.type === 'childList' && !r.addedNodes.length) continue; // removals are not read
      window.__live.push([window.__frames, region.id || region.tagName, (r.addedNodes[0] || r.target).textContent]);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

describe('the live region', () => {
  test(`over ${FRAMES} frames of the swinging cube a screen reader gets a handful of announcements, the divergence among them`, async () => {
    const page = await site.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(e.message));
    await page.addInitScript(countLive);
    await page.goto(site.base + '/index.html' + live(''));
    await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 30000 });
    // panel 1's symplectic Euler at 0.05 s is meant to blow up (the scene says so)
    await page.waitForFunction((n) => window.__frames >= n && window.softlab.state().panels.some((p) => p.diverged), FRAMES, { timeout: 60000 });
    const { said, frames, clockChanges } = await page.evaluate(() => ({
      said: window.__live.slice(), frames: window.__frames, clockChanges: window.softlab.state().t }));
    const where = JSON.stringify(said).slice(0, 800);
    assert.ok(frames >= FRAMES, `${frames} frames`);
    assert.ok(clockChanges > 0.5, 'the clock ran'); // so the per-frame readouts changed many times
    assert.ok(said.length >= 1 && said.length <= MAX_ANNOUNCEMENTS, `${said.length} announcements in ${frames} frames: ${where}`);
    assert.ok(said.every(([, region]) => region === 'announce'), `only #announce speaks: ${where}`);
    const diverged = await page.evaluate(() => window.softlab.state().panels.find((p) => p.diverged).reason);
    assert.ok(said.some(([, , text]) => text === `Panel 1, Symplectic Euler: ${diverged}.`), `the divergence, in the panel's words (${diverged}): ${where}`);
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });
});

describe('the keyboard', () => {
  let page;
  before(async () => { page = await openLab(site, '?methods=regularized,implicit-euler&dt=0.05'); });
  after(async () => { await page.close(); });

  test('Play/Pause is one toggle that keeps the focus, and says what it did', async () => {
    await page.focus('#play');
    assert.strictEqual(await page.getAttribute('#play', 'data-action'), 'pause');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !window.softlab.state().playing);
    const after1 = await page.evaluate(() => ({ id: document.activeElement.id, action: document.activeElement.dataset.action,
      label: document.activeElement.textContent, said: document.getElementById('announce').lastElementChild.textContent }));
    assert.deepStrictEqual([after1.id, after1.action, after1.label], ['play', 'play', 'Play']);
    assert.match(after1.said, /^Paused at t = \d+\.\d{3} s\.$/);
    await page.keyboard.press(' ');
    await page.waitForFunction(() => window.softlab.state().playing);
    assert.deepStrictEqual(await page.evaluate(() => [document.activeElement.id, document.activeElement.textContent]), ['play', 'Pause']);
    await page.keyboard.press('Enter'); // paused again for what follows
    await page.waitForFunction(() => !window.softlab.state().playing);
    assert.strictEqual(await page.evaluate(() => document.activeElement.id), 'play');
  });

  /** Types node into the picker and Tabs to the button id, with keys only. */
  async function pickAndTabTo(node, id) {
    await page.focus('#node-pick');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(String(node));
    for (let k = 0; k < 4 && (await page.evaluate(() => document.activeElement.id)) !== id; k++) await page.keyboard.press('Tab');
    assert.strictEqual(await page.evaluate(() => document.activeElement.id), id);
  }
  const steps = async (n) => { for (let k = 0; k < n; k++) await page.keyboard.press('.'); };
  const node = (s, i, n) => s.panels[i].positions.slice(3 * n, 3 * n + 3);

  test('a node pinned with keys stays where it is; unpinned, the same steps take it down', async () => {
    // the tracked node, 5 (a corner away from the scene's own pin): 10 steps of 0.05 s
    await page.keyboard.press('r');
    await steps(10);
    let s = await labState(page);
    const fell = s.panels.map((p) => p.height);
    for (let i = 0; i < 2; i++) assert.ok(fell[i] < -0.1, `panel ${i}: unpinned, node 5 at y = ${fell[i]} m after t = ${s.panels[i].t} s`);
    await page.keyboard.press('r');
    s = await labState(page);
    const before = s.panels.map((_, i) => node(s, i, 5));
    await pickAndTabTo(5, 'node-pin');
    await page.keyboard.press('Enter');
    s = await labState(page);
    assert.deepStrictEqual(s.panels.map((p) => p.pinned[5]), [1, 1], 'node 5 pinned in every panel');
    assert.strictEqual(await page.getAttribute('#node-pin', 'aria-pressed'), 'true');
    await steps(10);
    s = await labState(page);
    for (let i = 0; i < 2; i++) {
      assert.ok(s.panels[i].t > 0.2, `panel ${i} stepped: t = ${s.panels[i].t}`);
      assert.deepStrictEqual(node(s, i, 5), before[i], `panel ${i}: the pinned node stays`);
    }
    await page.keyboard.press('Enter'); // unpin
    s = await labState(page);
    assert.deepStrictEqual(s.panels.map((p) => p.pinned[5]), [0, 0]);
    assert.strictEqual(await page.getAttribute('#node-pin', 'aria-pressed'), 'false');
    await page.keyboard.press('r');
  });

  test('a node grabbed with keys and pulled up with ↑ rises above where it falls to alone', async () => {
    await page.keyboard.press('r');
    await steps(10);
    const free = (await labState(page)).panels.map((p) => p.height); // the tracked node, 5
    await page.keyboard.press('r');
    await pickAndTabTo(5, 'node-grab');
    await page.keyboard.press('Enter');
    let s = await labState(page);
    assert.deepStrictEqual(s.panels.map((p) => p.grabbed), [5, 5]);
    for (let k = 0; k < 10; k++) await page.keyboard.press('ArrowUp'); // 10 × 0.1 of the body's diagonal
    assert.strictEqual(await page.evaluate(() => window.softlab.state().t), 0, '↑ on Grab moves the grab, it takes no step');
    await steps(10);
    s = await labState(page);
    for (let i = 0; i < 2; i++) assert.ok(s.panels[i].height > free[i] + 0.05, `panel ${i}: pulled ${s.panels[i].height} vs free ${free[i]}`);
    await page.keyboard.press('Escape');
    s = await labState(page);
    assert.deepStrictEqual(s.panels.map((p) => p.grabbed), [-1, -1]);
    assert.deepStrictEqual(page.errors, []);
  });

  test('Inspect opens the element inspector on the picked node (the soft beam\'s tets)', async () => {
    const beam = await openLab(site, '?scene=fem-soft-beam&methods=symplectic-euler,implicit-euler&dt=0.002&paused=1');
    const last = (await labState(beam)).panels[0].positions.length / 3 - 1;
    await beam.focus('#node-pick');
    await beam.keyboard.press('Control+A');
    await beam.keyboard.type(String(last));
    await beam.focus('#node-inspect');
    await beam.keyboard.press('Enter');
    await beam.waitForFunction(() => window.softlab.state().panels.every((p) => p.inspection && !p.inspection.error), null, { timeout: 10000 });
    assert.strictEqual(await beam.locator('#inspector').isVisible(), true);
    const ins = (await labState(beam)).panels.map((p) => p.inspection);
    for (const i of ins) assert.ok(i.node === last && i.nodes.includes(last), `the element of node ${last}: ${JSON.stringify(i)}`);
    // at rest: J = 1 (the core's numbers, as a shift-click shows them)
    for (const i of ins) assert.ok(Math.abs(i.J - 1) < 1e-12, `J = ${i.J}`);
    assert.deepStrictEqual(beam.errors, []);
    await beam.close();
  });
});
