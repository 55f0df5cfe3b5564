// Computed ahead and played back (issue 27; web/time/clock.js, web/time/playback.js): a comparison
// too slow for real time is computed ahead in the Workers and played back at the speed
// asked for, with a bar that says so (how far computed, the steppers' own speed, the wait
// before the next clip), a slider to scrub through what was computed and a button back to
// live stepping. The schedule itself (clips without a stall, panels at one time) is
// checked against model panels in clock.test.js; here the page. WebGL off.
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const { RESULTS, startSite, openLab } = require('./harness');

let site;
before(async () => { site = await startSite(undefined, { extraArgs: ['--disable-3d-apis'] }); });
after(async () => { if (site) await site.close(); });

const bar = (page) => page.evaluate(() => ({
  hidden: document.querySelector('#ahead').hidden,
  text: document.querySelector('#ahead-text').textContent,
  perf: document.querySelector('#perf').textContent,
  clock: document.querySelector('#clock').textContent,
  state: (({ t, shownTime, ahead, computed, buffering, aheadRate, liveRate, playing, panels }) =>
    ({ t, shownTime, ahead, computed, buffering, aheadRate, liveRate, playing, ts: panels.map((p) => p.t) }))(window.softlab.state()),
}));

describe('computed ahead', () => {
  // The ball at 6 cells (816 tets; the scene opens at 4 since issue 27, where its
  // comparison may keep up) and Δt 0.5 ms: natively 2.06, 1.17 and 1.45 s of processor
  // time per simulated second for its three panels (the one-ring panel on one Worker, the
  // two per-tet ones on the other), a few tenths of real time on two cores. At the scene's
  // 1 ms it came to 1.21 + 0.63 + 0.85 s once the pressure solve reused its factor (issue
  // 42), about half of real time: too near the line for this test.
  const SLOW = '?scene=onering-sphere-drop&resolution=6&dt=0.0005';
  test('the one-ring ball at 6 cells and 0.5 ms (a few tenths of real time here) goes computed ahead by itself and says so', async () => {
    // not openLab, which asks for live stepping
    const page = await site.browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(e.message));
    await page.goto(site.base + '/index.html' + SLOW);
    await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 30000 });
    await page.waitForFunction(() => window.softlab.state().ahead, null, { timeout: 20000 });
    await page.waitForFunction(() => /× real time/.test(document.querySelector('#ahead-text').textContent) &&
      /computed ahead, played back: the steppers run/.test(document.querySelector('#perf').textContent), null, { timeout: 10000 });
    const b = await bar(page);
    console.log(`switched at ${b.state.liveRate.toFixed(3)}x real time; bar: ${b.text}; perf: ${b.perf}`);
    assert.strictEqual(b.hidden, false);
    assert.ok(b.state.liveRate > 0 && b.state.liveRate < 0.5, `live rate ${b.state.liveRate}`);
    // a wait for the first clip, with what it needs and the steppers' speed
    assert.ok(b.state.buffering, JSON.stringify(b.state));
    assert.match(b.text, /^computing ahead: \d+\.\d\d of \d+\.\d\d s before it plays on/);
    assert.match(b.perf, /computed ahead, played back: the steppers run at [\d.]+× real time/);
    // never shown beyond what every panel computed, and every panel at one time (within the
    // largest panel Δt, 0.5 ms)
    assert.ok(b.state.t <= b.state.computed + 1e-12, JSON.stringify(b.state));
    assert.ok(Math.max(...b.state.ts) - Math.min(...b.state.ts) <= 0.0005 + 1e-12, JSON.stringify(b.state.ts));
    await page.screenshot({ path: path.join(RESULTS, 'ahead-sphere-drop.png') });
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('?playback=ahead plays back at real time; the slider scrubs what was computed; Live steps live again', async () => {
    const page = await openLab(site, '?scene=oscillator&playback=ahead');
    // the oscillator computes far faster than real time: no wait, played at 1x
    await page.waitForFunction(() => window.softlab.state().t > 0.5, null, { timeout: 10000 });
    const a = await bar(page);
    const wall0 = Date.now();
    await page.waitForTimeout(2000);
    const b = await bar(page);
    const rate = (b.state.t - a.state.t) / ((Date.now() - wall0) / 1000);
    console.log(`played ${a.state.t.toFixed(3)} -> ${b.state.t.toFixed(3)} s (${rate.toFixed(2)}x), computed to ${b.state.computed.toFixed(2)} s; bar: ${b.text}`);
    assert.ok(b.state.ahead && !b.state.buffering, JSON.stringify(b.state));
    assert.match(b.text, /^computed ahead to t = [\d.]+ s, played back at 1×/);
    // computed ahead of the playback, bounded by AHEAD_BUFFER (20 s)
    assert.ok(b.state.computed > b.state.t + 1 && b.state.computed <= b.state.t + 20 + 0.1, JSON.stringify(b.state));
    // scrub back to 0.4 s: the panels show 0.4 s (a frame target of 1/30 s at or before it)
    await page.click('#play[data-action=pause]');
    await page.$eval('#ahead-scrub', (el) => { el.value = '0.4'; el.dispatchEvent(new Event('input', { bubbles: true })); el.dispatchEvent(new Event('change', { bubbles: true })); });
    await page.waitForFunction(() => Math.abs(window.softlab.state().shownTime - 0.4) < 1 / 30 + 1e-9, null, { timeout: 5000 });
    const c = await bar(page);
    console.log(`scrubbed: shown ${c.state.shownTime.toFixed(4)} s, panels at ${c.state.ts.map((t) => t.toFixed(4)).join(', ')}; ${c.clock}`);
    for (const t of c.state.ts) assert.ok(t <= c.state.shownTime + 1e-9 && c.state.shownTime - t < 0.01 + 1e-9, `panel at ${t}, shown ${c.state.shownTime}`);
    assert.strictEqual(c.clock, `t = ${c.state.shownTime.toFixed(3)} s`);
    // Live: from the computed edge, the bar hidden, and the URL keeps the choice
    // paused, the Workers compute on to AHEAD_BUFFER (20 s) past the time shown: an edge read
    // while they do is behind the targets they still finish (19.2 s read, live at 20.4 s under
    // load). So the buffer full first, then the edge read and Live pressed in one task.
    await page.waitForFunction(() => { const s = window.softlab.state(); return s.computed >= s.shownTime + 20 - 1 / 30 - 1e-9; }, null, { timeout: 30000 });
    const edge = await page.evaluate(() => {
      const e = window.softlab.state().computed;
      document.getElementById('go-live').click();
      return e;
    });
    await page.waitForFunction(() => !window.softlab.state().ahead, null, { timeout: 5000 });
    const d = await bar(page);
    assert.strictEqual(d.hidden, true);
    // (paused: the time of the panels' states, the latest step at or before the edge)
    assert.ok(d.state.t > edge - 0.01 - 1e-9 && d.state.t <= edge + 1e-9, `live at ${d.state.t}, computed edge ${edge}`);
    await page.waitForFunction(() => /playback=live/.test(location.search), null, { timeout: 5000 });
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });

  test('?playback=live: a slow comparison stays live, in slow motion, and says why', async () => {
    const page = await openLab(site, SLOW + '&playback=live');
    await page.waitForTimeout(5000);
    const b = await bar(page);
    assert.strictEqual(b.state.ahead, false);
    assert.strictEqual(b.hidden, true);
    assert.match(b.perf, /slow motion: [\d.]+× real time; stepping limits/);
    assert.deepStrictEqual(page.errors, []);
    await page.close();
  });
});
