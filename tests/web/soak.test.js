// Soak: four panels of the default scene (swinging cube) run for SIM_MINUTES simulated
// minutes at SPEED× real time (the page's own speed control, given one more option), so
// the plot gathers the samples of a long session in well under a minute of wall time.
// Frame time and the JS heap must stay flat while the plot fills:
//   frame time: mean rAF interval over the last WINDOW_S s of real time <= FRAME_BAND ×
//               the mean over the first WINDOW_S s (after a WARMUP_S s warm-up);
//   JS heap:    used heap after a forced garbage collection (CDP), end minus start
//               <= HEAP_BAND_MB. The chart's CSV record lives in typed arrays, whose
//               bytes the JS heap does not count; they are checked apart, against the
//               chart's own account (136 B per kept sample, at most 32,768 rows a panel, thinned evenly).
// The run ends at SIM_MINUTES or after WALL_BUDGET_MS, and must have reached MIN_MINUTES.
// Numbers are printed (t.diagnostic and stdout) for the report. The simulation's own cost
// grows with SPEED, not with time, so it stays the same between the two windows.
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');

const { startSite, openLab } = require('./harness');

const SPEED = 50;          // simulated seconds per real second
const SIM_MINUTES = 20;    // simulated run aimed at: 24,000 samples a panel at Δt = 0.05 s
const MIN_MINUTES = 10;    // simulated run required within the wall-time budget (a loaded
                           // machine steps slower; before the fix the page reached 6)
const WALL_BUDGET_MS = 36000;
const WARMUP_S = 3;        // real s before the first window (shaders, JIT)
const WINDOW_S = 4;        // real s of each measuring window
const FRAME_BAND = 1.5;    // last window's mean frame time <= 1.5 × the first's
const HEAP_BAND_MB = 3;    // JS heap growth, first window to last
const QUERY = '?methods=implicit-euler,regularized,implicit-euler,regularized&dt=0.05,0.05,0.02,0.02';

let site, page, cdp;
before(async () => {
  site = await startSite();
  page = await openLab(site, QUERY, { width: 1400, height: 1000 });
  cdp = await page.context().newCDPSession(page);
  // frame intervals (ms) recorded by the page's own rAF, with the simulated time
  await page.evaluate(() => {
    window.__frames = [];
    let last = performance.now();
    const tick = (now) => {
      window.__frames.push([now, now - last]);
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
});
after(async () => {
  if (page) await page.close();
  if (site) await site.close();
});

/** Used JS heap (MB) after a full garbage collection. */
async function heapMb() {
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  return usedSize / 1e6;
}

/** Mean frame interval (ms) and fps over the last `seconds` of real time; lab state. */
async function frameWindow(seconds) {
  return page.evaluate((span) => {
    const now = performance.now();
    const dts = window.__frames.filter(([t]) => t > now - span * 1000).map(([, dt]) => dt);
    window.__frames = window.__frames.filter(([t]) => t > now - 60000); // keep a minute
    const mean = dts.reduce((a, b) => a + b, 0) / Math.max(1, dts.length);
    const s = window.softlab.state();
    return { frameMs: mean, fps: 1000 / mean, frames: dts.length, worstMs: Math.max(...dts),
      t: s.t, samples: s.panels.map((p) => p.samples) };
  }, seconds);
}

/** The lab chart's account of its own storage (window.softlab.chart, chart.js memory()). */
const chartMemory = () => page.evaluate(() => {
  const chart = window.softlab.chart;
  return { ...chart.memory(), samples: chart.series.map((_, i) => chart.count(i)) };
});

describe('soak: four panels, a long run at high speed', () => {
  test(`frame time and JS heap stay flat over ${MIN_MINUTES}-${SIM_MINUTES} simulated minutes`, async (t) => {
    await page.evaluate((speed) => {
      const select = document.querySelector('#speed');
      const fast = document.createElement('option');
      fast.value = String(speed);
      fast.textContent = `${speed}×`;
      select.append(fast);
      select.value = String(speed);
      select.dispatchEvent(new Event('change'));
    }, SPEED);
    await page.waitForTimeout((WARMUP_S + WINDOW_S) * 1000);
    const first = await frameWindow(WINDOW_S);
    const heap0 = await heapMb();
    const mem0 = await chartMemory();
    const started = Date.now();
    for (;;) {
      const s = await page.evaluate(() => window.softlab.state().t);
      if (s >= SIM_MINUTES * 60 || Date.now() - started > WALL_BUDGET_MS) break;
      await page.waitForTimeout(1000);
    }
    const last = await frameWindow(WINDOW_S);
    const heap1 = await heapMb();
    const mem1 = await chartMemory();
    const report = {
      setup: `${QUERY}, speed ${SPEED}×, windows of ${WINDOW_S} s real time`,
      first: { ...first, heapMb: heap0, chart: mem0 },
      last: { ...last, heapMb: heap1, chart: mem1 },
    };
    console.log('soak:', JSON.stringify(report));
    t.diagnostic(JSON.stringify(report));
    assert.deepStrictEqual(page.errors, []);
    assert.ok(last.t >= MIN_MINUTES * 60,
      `the clock reached ${last.t.toFixed(0)} s, not ${MIN_MINUTES * 60} s (the page fell behind)`);
    assert.ok(last.frameMs <= FRAME_BAND * first.frameMs,
      `frame time ${first.frameMs.toFixed(1)} ms -> ${last.frameMs.toFixed(1)} ms (band ${FRAME_BAND}×)`);
    assert.ok(heap1 - heap0 <= HEAP_BAND_MB, `JS heap ${heap0.toFixed(2)} MB -> ${heap1.toFixed(2)} MB (band ${HEAP_BAND_MB} MB)`);
    // the chart's own storage: the plotted history is bounded; the CSV record grows by
    // its stated bytes per sample up to its stated limit
    assert.ok(mem1, 'the chart reports its storage');
    assert.strictEqual(mem1.plotBytes, mem0.plotBytes, 'the plotted history has a fixed size');
    for (const [i, rows] of mem1.rows.entries()) { // every stride-th sample, at most rowLimit
      assert.strictEqual(rows, Math.ceil(mem1.samples[i] / mem1.strides[i]));
      assert.ok(rows <= mem1.rowLimit);
    }
    assert.ok(mem1.recordBytes <= mem1.rows.length * mem1.rowLimit * mem1.bytesPerRow);
  });
});
