// The lab's clock (web/clock.js) against panels that step at once, in node without a
// browser: the lock-step schedule and what pause and single step do to the time. The
// set-up is the default lab's: Δt = 0.05 s, 60 frames per second (a frame is 1/60 s),
// speed 1, so while running the clock's target sits between two steps.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const loadClock = async () => (await import(pathToFileURL(path.join(__dirname, '../../web/clock.js')).href)).Clock;

/** A panel whose Worker answers at once: it takes every step of dt that fits below the
 *  target (the rule of web/sim-host.js), counting them. */
function fakePanel(dt) {
  return {
    t: 0, dt, steps: 0, stopped: false,
    advanceTo(target) { while (this.t + this.dt <= target + 1e-9 * this.dt) { this.steps++; this.t = this.steps * this.dt; } },
    hold() {},
  };
}

test('paused, the clock reads a state time, and a single step moves it by exactly one dt', async () => {
  const Clock = await loadClock();
  for (const frames of [1, 2, 7, 40, 133]) {
    const panels = [fakePanel(0.05), fakePanel(0.05)];
    const clock = new Clock(panels, { playing: true, onPlaying() {} });
    for (let i = 0; i < frames; i++) clock.tick(1 / 60);
    clock.setPlaying(false);
    clock.catchUp();
    assert.strictEqual(clock.time, panels[0].t, `after ${frames} frames: clock ${clock.time}, states ${panels[0].t}`);
    const before = clock.time;
    clock.stepOnce();
    assert.ok(Math.abs(clock.time - before - 0.05) < 1e-12, `after ${frames} frames: ${before} -> ${clock.time}`);
    for (const p of panels) assert.ok(Math.abs(p.t - clock.time) < 1e-12);
  }
});

test('running, the clock keeps real time and never runs more than one dt ahead of a state', async () => {
  const Clock = await loadClock();
  const panels = [fakePanel(0.05), fakePanel(0.01)];
  const clock = new Clock(panels, { playing: true, onPlaying() {} });
  for (let i = 0; i < 600; i++) {
    clock.tick(1 / 60);
    for (const p of panels) assert.ok(clock.time - p.t < p.dt + 1e-12, `frame ${i}: clock ${clock.time}, panel ${p.t}`);
  }
  // 600 frames of 1/60 s at speed 1: 10 s, less the one frame the target leads by
  assert.ok(Math.abs(clock.time - 10) <= 1 / 60 + 1e-9, `clock ${clock.time} after 10 s of frames`);
  assert.ok(Math.abs(panels[0].t - panels[1].t) < 0.05 + 1e-9, 'the panels stay in lock step');
});
