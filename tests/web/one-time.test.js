// Issue 26 item 1: the panels of a comparison are shown at one simulated time. On the
// default comparisons of onering-sphere-drop and onering-squeeze (a one-ring panel that
// manages a few steps a second beside per-tet panels that keep up), every animation frame
// for 10 s of real time: the panels' shown state times (readouts) differ by less than the
// largest panel Δt, and each is at most its own Δt before the time the lab shows; paused,
// the element inspector reads every panel at one time. Before the fix the readouts said
// t = 0.196 / 0.289 / 0.288 s at once.
'use strict';
const { describe, test, before, after } = require('node:test');
const assert = require('node:assert');
const { startSite, openLab } = require('./harness');

let site;
before(async () => { site = await startSite(); });
after(async () => { if (site) await site.close(); });

/** Samples, on every animation frame for ms of real time, the clock's shown time and each
 *  panel's shown state time; resolves to {worst: largest spread, lag: largest shown − t
 *  over dt, dts, frames, shown: the shown time at the end, tSlow: its slowest panel}. */
const sampleTimes = (page, ms) => page.evaluate((ms) => new Promise((done) => {
  const end = performance.now() + ms;
  let worst = 0, lag = 0, frames = 0, last = null;
  const frame = () => {
    const s = window.softlab.state();
    const running = s.panels.filter((p) => !p.stopped);
    if (running.length > 1) {
      const ts = running.map((p) => p.t);
      worst = Math.max(worst, Math.max(...ts) - Math.min(...ts));
      for (const p of running) lag = Math.max(lag, (s.shownTime - p.t) / p.dt);
      frames++;
    }
    last = s;
    if (performance.now() < end) requestAnimationFrame(frame);
    else done({ worst, lag, frames, dts: last.panels.map((p) => p.dt), shown: last.shownTime, latest: last.panels.map((p) => p.latest) });
  };
  requestAnimationFrame(frame);
}), ms);

describe('panels shown at one time', () => {
  for (const scene of ['onering-sphere-drop', 'onering-squeeze']) {
    test(`${scene}: every frame for 10 s, the panels' states are less than the largest Δt apart`, async () => {
      const page = await openLab(site, `?scene=${scene}`, { width: 1200, height: 800 });
      const r = await sampleTimes(page, 10000);
      const dtMax = Math.max(...r.dts);
      console.log(`${scene}: Δt ${r.dts.join(' / ')} s; ${r.frames} frames; widest spread ${r.worst.toExponential(3)} s; ` +
        `shown t = ${r.shown.toFixed(4)} s, Workers at ${r.latest.map((t) => t.toFixed(4)).join(' / ')} s`);
      assert.ok(r.frames > 20, `${r.frames} frames sampled`);
      assert.ok(r.shown > 0, 'the lab ran');
      assert.ok(r.worst < dtMax, `panels shown ${r.worst} s apart, largest Δt ${dtMax} s`);
      assert.ok(r.lag < 1 + 1e-9, `a panel shown ${r.lag.toFixed(3)} of its Δt before the lab's time`);
      // paused: the Workers finish the last target, and the inspector reads one time
      await page.click('#play[data-action=pause]');
      const s = await page.evaluate(async () => {
        await window.softlab.inspect(0);
        return window.softlab.settled();
      });
      const ts = s.panels.map((p) => p.inspection ? p.t : NaN);
      const latest = s.panels.map((p) => p.latest);
      assert.ok(Math.max(...latest) - Math.min(...latest) < dtMax, `paused, the Workers stand at ${latest.join(' / ')} s`);
      assert.ok(Math.max(...ts) - Math.min(...ts) < dtMax, `paused, the inspector reads t = ${ts.join(' / ')} s`);
      assert.deepStrictEqual(page.errors, []);
      await page.close();
    });
  }
});
