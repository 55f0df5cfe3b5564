// The resolution cost estimate (web/settings/cost.js) in node: the node counts of the scenes' box
// meshes (sl_tet_mesh_beam of k r × r × r cubes has (r+1)² (k r + 1) nodes: k = 4 for
// fem-twist-beam, 5 for fem-soft-beam, 1 for perf-block's cube), and the time per step as
// the panel's own times (n'/n)^1.3. The lab's own meshes: tests/web/teaching.test.js.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

// the staged site's copies: their texts come from the message table, staged beside web/ui/messages.js
const { SITE } = require('./harness');
const load = () => import(pathToFileURL(path.join(SITE, 'settings/cost.js')).href);

test('nodes at another resolution, fitted from the current mesh, are the box meshes\' exact counts', async () => {
  const { nodesAt } = await load();
  for (const k of [4, 5]) {
    const beam = (r) => (r + 1) ** 2 * (k * r + 1);
    for (const r0 of [1, 2, 4, 6]) assert.strictEqual(nodesAt({ nodes: beam(r0), resolution: r0 }, 16), beam(16));
  }
  const cube = (r) => (r + 1) ** 3;
  assert.strictEqual(nodesAt({ nodes: cube(4), resolution: 4 }, 16), cube(16));
});

test('time per step: the panel\'s fastest measured time × (n\'/n)^e for e from 1.1 to 1.3, and real time is 1000·Δt ms a step', async () => {
  const { resolutionCost, costText, COST_EXPONENTS } = await load();
  assert.deepStrictEqual(COST_EXPONENTS, [1.1, 1.3]);
  const c = resolutionCost({ nodes: 525, resolution: 4, msPerStep: 2, dt: 0.005 }, 16);
  assert.strictEqual(c.nodes, 23409);
  assert.ok(Math.abs(c.msPerStep[0] - 2 * (23409 / 525) ** 1.1) < 1e-9);
  assert.ok(Math.abs(c.msPerStep[1] - 2 * (23409 / 525) ** 1.3) < 1e-9);
  assert.ok(Math.abs(c.realTime[1] - c.msPerStep[1] / 5) < 1e-12);
  assert.deepStrictEqual(c.from, { nodes: 525, msPerStep: 2 });
  // 2 × 44.59^1.1 = 130.3, 2 × 44.59^1.3 = 279.3 ms
  assert.deepStrictEqual(costText(c), {
    text: '≈ 23,409 nodes, 130–279 ms a step (from 2.0 ms measured at 525 nodes): 26–56× slower than real time', warn: true,
  });
  // the same resolution: the panel's own number, no range, no warning at 2 ms a step for Δt = 5 ms
  const same = costText(resolutionCost({ nodes: 525, resolution: 4, msPerStep: 2, dt: 0.005 }, 4));
  assert.deepStrictEqual(same, { text: '≈ 525 nodes, 2.0 ms a step (measured)', warn: false });
  // before the panel has stepped, nodes only
  assert.deepStrictEqual(costText(resolutionCost({ nodes: 525, resolution: 4, msPerStep: NaN, dt: 0.005 }, 8)),
    { text: `≈ ${(81 * 41).toLocaleString('en-US')} nodes`, warn: false });
});

test('the calibration is the fastest window at the panel\'s mesh and stepper, restarted when either changes', async () => {
  const { PerfMeter, StepRate, fastestMsPerStep } = await import(pathToFileURL(path.join(SITE, 'time/perf.js')).href);
  const meter = new PerfMeter({ textContent: '' });
  const clock = { time: 0, speed: 1, playing: true, suspended: false };
  // a panel's run (web/panel/panel-run.js) as the meter reads it: its steps counted in its StepRate
  const p = { shown: new Float64Array(3 * 425), method: 'regularized', dt: 0.01, rate: new StepRate() };
  // three 1 s windows (now in ms, made up: no clock is read for the rates) of 26, 5.2 and 9 ms a step
  let now = meter.windowStart;
  for (const ms of [26, 5.2, 9]) {
    p.rate.count(10, 10 * ms, ms);
    now += 1000.5; // past the 1 s window however performance.now()'s start rounds
    meter.frame(now, clock, [p]);
  }
  assert.ok(Math.abs(fastestMsPerStep(p) - 5.2) < 1e-12, String(fastestMsPerStep(p)));
  p.method = 'implicit-euler'; // another stepper: its own latest time until it has a window
  assert.strictEqual(fastestMsPerStep(p), 9);
});
