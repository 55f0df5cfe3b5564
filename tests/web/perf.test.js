// Issue 11's page targets, in headless Chromium: the simulations run in Web Workers, so
// the page's main thread only draws. With four panels of 5,400 tetrahedra each (the
// soft beam at resolution 6: N_T = 25 r^3, regularized stepper) running for RUN_MS, no
// main-thread task may do more than 50 ms of work.
// Two clocks measure a task. PerformanceObserver 'longtask' (observed from before the
// page's first script) gives its wall time; a Chrome trace of the same run gives each
// task's wall and thread (CPU) time. On this shared 2-core machine the Worker keeps one
// core busy, and a wall time can include time the OS gave to other processes: tasks of
// 50-130 ms wall held under 10 ms of the page's own work. So the assertion is on the
// thread time of every main-thread task (the page's own work), and the wall-clock long
// tasks are printed beside it with their thread times.
// No GPU here either: SwiftShader rasterizes WebGL on the same two cores, about 80 ms
// for one 1350 x 1013 view, and the main thread waits for it. So the assertion runs with
// WebGL turned off (--disable-3d-apis; the panels say so and keep running); the same
// run with SwiftShader is measured and printed, not asserted. With the simulation on the
// main thread, as before the Workers, the WebGL-less run had 17 long tasks of 52-743 ms
// in 5 s (each one a step of every panel).
// The time from navigation to the first drawn frame (performance mark
// 'softlab-first-frame', web/time/frame-loop.js) is printed for the report, never asserted.
'use strict';
const { describe, test, after } = require('node:test');
const assert = require('node:assert');

const { startSite, traced } = require('./harness');

const RUN_MS = 5000;
const LONG_TASK_MS = 50;
const QUERY = '?scene=fem-soft-beam&methods=regularized,regularized,regularized,regularized&resolution=6';

const sites = [];
after(async () => { for (const s of sites) await s.close(); });

/** Opens QUERY in site, lets it run RUN_MS, returns {firstFrame, starting, running, state}:
 *  long tasks (ms) while the lab started and while it ran, and its state at the end. */
async function run(site) {
  const page = await site.browser.newPage({ viewport: { width: 1400, height: 1000 } });
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.addInitScript(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await page.goto(site.base + '/index.html' + QUERY);
  await page.waitForFunction(() => window.softlab && window.softlab.ready, null, { timeout: 60000 });
  const firstFrame = await page.evaluate(() => new Promise((resolve) => {
    const look = () => {
      const m = performance.getEntriesByName('softlab-first-frame')[0];
      if (m) resolve(m.startTime); else requestAnimationFrame(look);
    };
    look();
  }));
  const from = await page.evaluate(() => performance.now());
  const trace = await traced(page, () => page.waitForTimeout(RUN_MS));
  const state = await page.evaluate(() => window.softlab.settled());
  const tasks = await page.evaluate(() => window.__longTasks);
  const errors = page.errors;
  await page.close();
  return {
    firstFrame, state, errors, trace,
    starting: tasks.filter(([start]) => start < from).map(([, d]) => Math.round(d)),
    running: tasks.filter(([start]) => start >= from).map(([, d]) => Math.round(d)),
  };
}

function report(t, label, r) {
  const s = r.state;
  const cpu = Math.max(0, ...r.trace.map(([, c]) => c));
  const long = r.trace.filter(([w]) => w > LONG_TASK_MS).map(([w, c]) => `${Math.round(w)} (${Math.round(c)})`);
  t.diagnostic(`${label}: ${r.trace.length} main-thread tasks traced; longest thread time ${cpu.toFixed(1)} ms; over 50 ms wall: ${long.length ? long.join(', ') : 'none'} ms (thread time)`);
  t.diagnostic(`${label}: first frame ${r.firstFrame.toFixed(0)} ms after navigation; long tasks while starting ${JSON.stringify(r.starting)}`);
  t.diagnostic(`${label}: ${RUN_MS} ms running: ${s.fps.toFixed(1)} fps, clock ${s.t.toFixed(3)} s, steps/s ${s.panels.map((p) => Math.round(p.stepsPerSecond)).join(' / ')}, ms/step ${s.panels.map((p) => p.msPerStep.toFixed(1)).join(' / ')}; long tasks ${JSON.stringify(r.running)}`);
}

describe('the page never blocks', () => {
  test('four panels of 5,400 tets: no main-thread task over 50 ms while they run', async (t) => {
    const site = await startSite(undefined, { extraArgs: ['--disable-3d-apis'] });
    sites.push(site);
    const r = await run(site);
    report(t, 'WebGL off', r);
    assert.ok(r.state.panels.every((p) => p.t > 0 && !p.stopped), 'every panel ran');
    assert.ok(r.trace.length > 100, `the trace saw the main thread (${r.trace.length} tasks)`);
    assert.deepStrictEqual(r.trace.filter(([, cpu]) => cpu > LONG_TASK_MS), [], 'main-thread tasks with over 50 ms of work');
    assert.deepStrictEqual(r.errors, []);
  });

  test('the same with SwiftShader drawing: measured, not asserted', async (t) => {
    const site = await startSite();
    sites.push(site);
    const r = await run(site);
    report(t, 'SwiftShader', r);
    assert.ok(r.state.panels.every((p) => p.t > 0 && !p.stopped), 'every panel ran');
    assert.deepStrictEqual(r.errors, []);
  });
});
