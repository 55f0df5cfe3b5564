// Issue 27's page measurement, for tools/bench.sh (part `defaults`). Never a test.
//
//   node tools/bench_page.js SITE_DIR WINDOW_S SCENE [SCENE...]
//
// Opens each scene's lab page with its default comparison (index.html?scene=NAME: no
// steppers in the URL, so the scene's default_view; playback=live) in headless Chromium with WebGL off
// (--disable-3d-apis, as the measurement: software rasterization, which a real GPU
// does not pay, is left out; the panels keep stepping in their Workers and say that WebGL
// is off), at 1400 x 900, one scene at a time in a fresh page of one browser. It reads:
//   start_ms   ms from navigation start (performance.now's origin) to running: the first
//              time the page's clock shows t > 0 (window.softlab.state().t, polled every
//              20 ms from the page's first script)
//   rtf        the page's real-time factor: simulated seconds the clock advanced per wall
//              second over WINDOW_S seconds from then (the clock's speed is 1, so at most
//              about 1)
//   rtf_after  the same from 1 s into that window to its end: the start (the targets'
//              ramp from the finest dt, the clock's slack, wasm's tier-up) left out
//   panels     per panel, from the page's own perf readout (state().panels[i].msPerStep:
//              wall ms per step of its Worker, each 1 s window's mean): the fastest window
//              seen (sampled every 250 ms; others' load and wasm's tier-up only add time,
//              as web/time/perf.js fastestMsPerStep), its method, dt and Worker, whether it stopped
//              (a panel meant to blow up stops at its divergence) and its verdict
//   perf       the page's perf line at the end (#perf: fps, steps per second of compute,
//              and, below real time, what limits it: stepping, drawing or the machine)
//   max_gap_ms the longest gap between animation frames while the window ran
// Prints one JSON object per scene and line.
'use strict';
const path = require('node:path');
const { startSite } = require('../tests/web/harness');

const START_TIMEOUT_MS = 90000; // the slowest scene's first step may take seconds

async function measure(site, scene, windowS) {
  const page = await site.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.addInitScript(() => {
    window.__bench = { runningAt: NaN };
    const look = setInterval(() => {
      try {
        if (window.softlab && window.softlab.ready && window.softlab.state().t > 0) {
          window.__bench.runningAt = performance.now();
          clearInterval(look);
        }
      } catch { /* not yet */ }
    }, 20);
  });
  try {
    // live: a slow comparison would go computed ahead after 2 s (web/time/clock.js), and the
    // real-time factor is of the live stepping
    await page.goto(`${site.base}/index.html?scene=${encodeURIComponent(scene)}&playback=live`);
    await page.waitForFunction(() => Number.isFinite(window.__bench.runningAt), null,
      { timeout: START_TIMEOUT_MS, polling: 100 });
    const r = await page.evaluate(async (windowMs) => {
      const s0 = window.softlab.state();
      const w0 = performance.now();
      const best = s0.panels.map(() => Infinity);
      let maxGap = 0, last = w0, done = false;
      const frame = (now) => {
        maxGap = Math.max(maxGap, now - last);
        last = now;
        if (!done) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
      let s = s0, after = null;
      while (performance.now() - w0 < windowMs) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        s = window.softlab.state();
        if (!after && performance.now() - w0 >= 1000) after = { t: s.t, at: performance.now() };
        s.panels.forEach((p, i) => { if (p.msPerStep > 0) best[i] = Math.min(best[i], p.msPerStep); });
      }
      const w1 = performance.now();
      done = true;
      const perf = document.getElementById('perf');
      return {
        start_ms: window.__bench.runningAt,
        rtf: (s.t - s0.t) / ((w1 - w0) / 1000),
        rtf_after: after ? (s.t - after.t) / ((w1 - after.at) / 1000) : null,
        window_s: (w1 - w0) / 1000,
        t_end: s.t,
        fps: s.fps,
        max_gap_ms: maxGap,
        perf: perf ? perf.textContent : '',
        panels: s.panels.map((p, i) => ({
          method: p.method, dt: p.dt, worker: p.worker, worker_ms: Number.isFinite(best[i]) ? best[i] : null,
          stopped: !!p.stopped, verdict: p.verdict, t: p.t,
        })),
      };
    }, windowS * 1000);
    return { scene, ...r, errors };
  } catch (e) {
    return { scene, error: String((e && e.message) || e).split('\n')[0], errors };
  } finally {
    await page.close();
  }
}

async function main() {
  const [siteDir, windowArg, ...scenes] = process.argv.slice(2);
  const windowS = Number(windowArg);
  if (!siteDir || !(windowS > 0) || !scenes.length) {
    console.error('usage: node tools/bench_page.js SITE_DIR WINDOW_S SCENE [SCENE...]');
    process.exit(2);
  }
  const site = await startSite(path.resolve(siteDir), { extraArgs: ['--disable-3d-apis'] });
  try {
    for (const scene of scenes) console.log(JSON.stringify(await measure(site, scene, windowS)));
  } finally {
    await site.close();
  }
}

main().catch((e) => { console.error(e); process.exit(1); });
