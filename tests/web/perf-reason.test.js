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

// the staged site's copy: its texts come from the message table, staged beside web/ui/messages.js
const load = () => import(pathToFileURL(path.join(require('./harness').SITE, 'time/perf.js')).href);

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

// warp-skin-on-bone's four panels shared the one Worker a 2-core machine had then (web/sim/sim-client.js
// workerCount). The line said 'the machine limits: … the steppers need 37 % of their
// time, yet the Workers fall behind (a busy processor)' at 0.55× real time, judging the
// busiest panel alone, while a trace showed the Worker busy 2971 ms of 3000 (its four
// panels' steps needed 97 % of it, chart samples and frames the rest). Panels of one Worker
// now add up. (Per-panel figures from that page run: 1028 / 272 / 315 / 521 steps/s at
// Δt = 10 ms.)
test('panels that share a Worker add up: stepping limits, naming them', async () => {
  const { slowReason } = await load();
  const sps = [1028, 272, 315, 521];
  const busy = [0.11, 0.38, 0.33, 0.17];
  const panels = sps.map((stepsPerSecond, i) => ({ stepsPerSecond, dt: 0.01, worker: 0, busy: busy[i] }));
  const r = slowReason({ speed: 1, simSpeed: 0.55, panels, frameMs: 16.7, workMs: 3, lostMs: 0 });
  assert.strictEqual(r, 'stepping limits: one Worker steps panels 1, 2, 3 and 4 and is busy 99 % of the time (their steps need 97 % of it for 1.00× real time)');
  // the same panels spread over two Workers, each half busy: not the stepping
  const two = panels.map((p, i) => ({ ...p, worker: i % 2 }));
  const r2 = slowReason({ speed: 1, simSpeed: 0.55, panels: two, frameMs: 16.7, workMs: 3, lostMs: 0 });
  assert.match(r2, /^the machine limits: frames come every 17 ms and the busiest Worker works 55 % of the time, yet the Workers fall behind/);
  // without Worker figures (an older frame), the old per-panel wording
  const bare = sps.map((stepsPerSecond) => ({ stepsPerSecond, dt: 0.01 }));
  assert.match(slowReason({ speed: 1, simSpeed: 0.55, panels: bare, frameMs: 16.7, workMs: 3, lostMs: 0 }), /the steppers need 37 % of their time/);
});

// warp-tube on two Workers: the window's frames brought 1.05 s of Worker time for panels 2
// and 4 in a 1 s window (frames arrive late), and the line said "is busy 105 % of the time".
test('a Worker is never said to be busier than all the time', async () => {
  const { slowReason } = await load();
  const panels = [[3400, 0.05, 0], [280, 0.55, 1], [300, 0.3, 0], [260, 0.5, 1]]
    .map(([stepsPerSecond, busy, worker]) => ({ stepsPerSecond, dt: 0.01, worker, busy }));
  const r = slowReason({ speed: 1, simSpeed: 0.8, panels, frameMs: 16.7, workMs: 3, lostMs: 0 });
  assert.match(r, /^stepping limits: one Worker steps panels 2 and 4 and is busy 100 % of the time/);
});

// thread-hang on two Workers (panels 1 and 4 on one), SwiftShader: the line said 'stepping
// limits: panel 4 computes 10,906 steps/s where 10,000 are needed', a panel that could keep
// up alone. Its Worker, which also steps panel 1, is the limit.
test('a panel that could keep up alone but shares its Worker: the Worker limits', async () => {
  const { slowReason } = await load();
  const sps = [27123, 26924, 14483, 10906];
  const busy = [0.3, 0.35, 0.6, 0.68];
  const panels = sps.map((stepsPerSecond, i) => ({ stepsPerSecond, dt: 1e-4, worker: [0, 1, 1, 0][i], busy: busy[i] }));
  const r = slowReason({ speed: 1, simSpeed: 0.72, panels, frameMs: 33, workMs: 20, lostMs: 0 });
  assert.strictEqual(r, 'stepping limits: one Worker steps panels 1 and 4 and is busy 98 % of the time (their steps need 129 % of it for 1.00× real time)');
  // a panel that cannot keep up even alone is named, shared Worker or not
  const slow = panels.map((p, i) => (i === 3 ? { ...p, stepsPerSecond: 8000 } : p));
  assert.strictEqual(slowReason({ speed: 1, simSpeed: 0.72, panels: slow, frameMs: 33, workMs: 20, lostMs: 0 }),
    'stepping limits: panel 4 computes 8,000 steps/s where 10,000 are needed');
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
