// A panel's Worker reads the chart's measures (sl_api_measure: energies, volume, the
// ghost forces, ...) once a state: a frame posted right after a sampled step reuses the
// sample's. With warping steppers a measure costs a fifth to a quarter of a step (native,
// warp-skin-on-bone: 0.8-1.1 ms against 2.7-4.1 ms), and the old host read it again for
// every frame: on warp-bar (Δt = 10 ms, a sample every step) driven by 60 targets a second
// it read 160 measures per simulated second where 100 states were stepped. Here the same
// drive must read one measure per state (the steps, plus the state at t = 0), and every
// frame must carry the measures of the sample taken at its state.
// Runs the site's own wasm and web/sim/sim-host.js under node, no browser.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { SITE } = require('./harness');
const { loadStagedCore } = require('../../tools/staged_core');

const web = (file) => import(pathToFileURL(path.join(SITE, file)).href);

test('the Worker reads the measures once a state; frames carry their sample\'s', { timeout: 120000 }, async () => {
  const { core } = await loadStagedCore(SITE);
  const { SimHost } = await web('sim/sim-host.js');
  let reads = 0;
  const measure = core.api.measure;
  core.api.measure = (...a) => { reads++; return measure(...a); };
  const posted = [];
  let replied;
  const reply = new Promise((resolve) => { replied = resolve; });
  const host = new SimHost(core, (msg) => (msg.type === 'reply' ? replied(msg) : posted.push(msg)));
  host.handle({ type: 'build', id: 1, scene: 'warp-bar', params: {}, method: 'stiffness-warping', dt: 0.01, beta: 0, epoch: 1 });
  await reply;
  const built = await reply;
  assert.strictEqual(built.status, 0, built.error);
  reads = 0;
  posted.length = 0;
  const samples = new Map(); // t -> measures of the sample taken there
  for (let k = 1; k <= 30; k++) { // 0.5 s at 60 targets a second
    host.handle({ type: 'target', t: k / 60 });
    while (host.running) await new Promise((r) => setTimeout(r, 0));
  }
  const frames = posted.filter((m) => m.type === 'frame');
  let steps = 0;
  for (const f of frames) {
    steps += f.steps;
    for (const s of f.samples) samples.set(s.t, s);
  }
  console.log(`warp-bar, stiffness-warping, 0.5 s: ${steps} steps, ${frames.length} frames, ${samples.size} samples, ${reads} measures read`);
  assert.ok(steps >= 49 && frames.length >= 29, `${steps} steps, ${frames.length} frames`);
  assert.strictEqual(reads, steps, 'one measure per stepped state');
  for (const f of frames) {
    const s = samples.get(f.t);
    assert.ok(s, `a sample at the frame's state t = ${f.t}`);
    for (const [key, value] of Object.entries(f.measures)) assert.ok(Object.is(s[key], value), `${key} at t = ${f.t}: frame ${value}, sample ${s[key]}`);
  }
});
