// The perf line says which one limits a slow-motion clock: stepping, drawing or the
// machine (issue 26 item 5). Before, it always blamed the steppers: 'slow motion 0.77× …
// the steppers cannot keep up' on the swinging cube, whose steppers computed over 20,000
// steps/s where 20 were needed. The reason is a function of one window's figures, so
// these run in node with made-up windows: no clock, no load.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const load = () => import(pathToFileURL(path.join(__dirname, '..', '..', 'web', 'perf.js')).href);

// the swinging cube's three panels at Δt = 0.05 s: 20 steps/s needed
const cube = [{ stepsPerSecond: 21000, dt: 0.05 }, { stepsPerSecond: 24000, dt: 0.05 }, { stepsPerSecond: 9000, dt: 0.05 }];

test('long frames of the page own work: drawing limits, not the steppers', async () => {
  const { slowReason } = await load();
  // 7 frames a second of 140 ms, 120 ms of them the page's work: each loses 40 ms
  const r = slowReason({ speed: 1, simSpeed: 0.77, panels: cube, frameMs: 140, workMs: 120, lostMs: 280 });
  assert.strictEqual(r, "drawing limits: a frame takes 120 ms of the page's work (7 fps); the steppers need 0.22 % of their time");
  assert.doesNotMatch(r, /cannot keep up/);
});

test('long frames the page does not fill: the machine limits', async () => {
  const { slowReason } = await load();
  const r = slowReason({ speed: 1, simSpeed: 0.77, panels: cube, frameMs: 140, workMs: 8, lostMs: 280 });
  assert.strictEqual(r, 'the machine limits: frames come every 140 ms though the page works 8 ms a frame; the steppers need 0.22 % of their time');
});

test('a stepper slower than real time: stepping limits, with its numbers', async () => {
  const { slowReason } = await load();
  const panels = [{ stepsPerSecond: 21000, dt: 0.05 }, { stepsPerSecond: 310, dt: 0.002 }];
  const r = slowReason({ speed: 1, simSpeed: 0.62, panels, frameMs: 16.7, workMs: 3, lostMs: 0 });
  assert.strictEqual(r, 'stepping limits: panel 2 computes 310 steps/s where 500 are needed');
});

test('short frames and idle steppers, yet behind: the machine', async () => {
  const { slowReason } = await load();
  const r = slowReason({ speed: 1, simSpeed: 0.5, panels: cube, frameMs: 16.7, workMs: 3, lostMs: 0 });
  assert.match(r, /^the machine limits: frames come every 17 ms and the steppers need 0\.22 % of their time/);
});

test('keeping up (or paused: NaN) says nothing', async () => {
  const { slowReason } = await load();
  assert.strictEqual(slowReason({ speed: 1, simSpeed: 0.99, panels: cube, frameMs: 16.7, workMs: 3, lostMs: 0 }), '');
  assert.strictEqual(slowReason({ speed: 1, simSpeed: NaN, panels: cube, frameMs: 16.7, workMs: 3, lostMs: 0 }), '');
});

// The first 1 s window had no clock reading at its start and read the clock's advance as
// 0: the line said "slow motion: 0.000× real time" on the swinging cube while its clock
// had run 0.15 s. The first window now gives no speed and no slow-motion text; the second
// measures the advance over its own second.
test('the first window claims no speed; the second measures it', async () => {
  const { PerfMeter, StepRate } = await load();
  const el = { textContent: '' };
  const meter = new PerfMeter(el);
  const clock = { time: 0, speed: 1, playing: true, suspended: false, ahead: false };
  const runs = cube.map((p) => ({ dt: p.dt, rate: new StepRate(), shown: null, method: 'm' }));
  let now = meter.windowStart;
  clock.time = 0.15; now += 1000.5;
  for (const r of runs) r.rate.count(20, 1, 0.05);
  meter.frame(now, clock, runs);
  assert.ok(Number.isNaN(meter.simSpeed), String(meter.simSpeed));
  assert.doesNotMatch(el.textContent, /slow motion/);
  clock.time = 0.15 + 0.5; now += 1000.5; // half a second of simulated time in a second
  for (const r of runs) r.rate.count(20, 1, 0.05);
  meter.frame(now, clock, runs);
  assert.ok(Math.abs(meter.simSpeed - 0.5 / 1.0005) < 1e-9, String(meter.simSpeed));
  assert.match(el.textContent, /slow motion: 0\.50× real time/);
});
