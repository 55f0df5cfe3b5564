// A recording made when the site was built (tools/record_scenes.js, web/time/recordings.js;
// issue 42 item 1) holds the frames a Worker of the page posts for the scene's own
// comparison: here a fresh run of the site's softlab.wasm and web/sim/sim-host.js under node,
// driven to the same targets (1/30 s apart), must give bit for bit the recording's frames:
// positions equal after rounding to float32 (the recording's precision), the readouts
// (measures), the core's verdict and state, the plates and every chart sample (but step_ms,
// the recorder's own timing, which it does not keep). The same compiled core and the same
// host code: any difference is a recording made by other code than the page runs.
// onering-squeeze: both panels (incompressible at 0.2 ms and regularized at 0.5 ms), its
// first 0.1 s (500 and 200 steps, a few seconds); warp-tube-drop's linear-FEM panel to t = 0.5 s (the
// tube falls onto the ground: contact).
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { SITE } = require('./harness');
const { loadStagedCore } = require('../../tools/staged_core');

const web = (file) => import(pathToFileURL(path.join(SITE, file)).href);

async function loadCore() {
  return (await loadStagedCore(SITE)).core;
}

/** The recording of scene as the page reads it. */
async function readRecording(scene) {
  const { parseRecording, recordedFrames } = await web('time/recordings.js');
  const file = path.join(SITE, 'recordings', `${scene}.json`);
  assert.ok(fs.existsSync(file), `${file} missing: make site records it`);
  const rec = parseRecording(fs.readFileSync(file, 'utf8'));
  return { rec, frames: (i) => recordedFrames(rec, i) };
}

/** A fresh run of panel i of rec, to count frame targets: its frames as posted. */
async function freshFrames(core, rec, i, count) {
  const { SimHost } = await web('sim/sim-host.js');
  const c = rec.panels[i];
  const posted = [];
  let reply = null;
  const host = new SimHost(core, (m) => { if (m.type === 'reply') reply = m; else if (m.type === 'frame') posted.push(m); });
  host.handle({ type: 'build', id: 1, scene: rec.scene, params: c.params, method: c.method, dt: c.dt, beta: c.beta, epoch: 1 });
  assert.strictEqual(reply.status, 0, reply.error);
  for (let k = 1; k <= count; k++) host.handle({ type: 'target', t: k * rec.frameSpacing });
  while (host.running) await new Promise((r) => setTimeout(r, 5));
  return posted;
}

function sameFrame(label, got, want) {
  assert.strictEqual(got.at, want.at, `${label}: target`);
  assert.strictEqual(got.t, want.t, `${label}: time of the state`);
  assert.strictEqual(got.positions.length, want.positions.length, `${label}: nodes`);
  for (let j = 0; j < got.positions.length; j++) {
    if (Math.fround(got.positions[j]) !== want.positions[j]) assert.fail(`${label}: coordinate ${j}: fresh ${got.positions[j]} (float32 ${Math.fround(got.positions[j])}), recorded ${want.positions[j]}`);
  }
  assert.deepStrictEqual(got.measures, want.measures, `${label}: readouts`);
  assert.deepStrictEqual(got.verdict, want.verdict, `${label}: verdict`);
  assert.deepStrictEqual(got.stopped, want.stopped, `${label}: stopped`);
  assert.deepStrictEqual(Array.from(got.plates), Array.from(want.plates), `${label}: plates`);
  assert.strictEqual(got.samples.length, want.samples.length, `${label}: samples`);
  got.samples.forEach((s, k) => {
    for (const [key, value] of Object.entries(want.samples[k])) {
      if (key !== 'step_ms') assert.ok(Object.is(s[key], value), `${label}: sample ${k} ${key}: fresh ${s[key]}, recorded ${value}`);
    }
  });
}

test('a recording\'s frames are a fresh wasm run\'s, bit for bit (positions to float32)', { timeout: 300000 }, async () => {
  const core = await loadCore();
  for (const [scene, panels, count] of [['onering-squeeze', [0, 1], 3], ['warp-tube-drop', [0], 15]]) {
    const { rec, frames } = await readRecording(scene);
    assert.ok(rec.span >= count * rec.frameSpacing, `${scene}: recorded to ${rec.span} s`);
    for (const i of panels) {
      const recorded = frames(i);
      assert.strictEqual(recorded.length, Math.round(rec.span / rec.frameSpacing) + 1, `${scene} panel ${i}: a frame at t = 0 and at every target`);
      const fresh = await freshFrames(core, rec, i, count);
      assert.strictEqual(fresh.length, count + 1, `${scene} panel ${i}: frames`);
      fresh.forEach((f, k) => sameFrame(`${scene} panel ${i} frame ${k}`, f, recorded[k]));
      // the recording moved: the last frame compared is not the rest state
      const moved = Math.max(...recorded[count].positions.map((x, j) => Math.abs(x - recorded[0].positions[j])));
      console.log(`${scene} panel ${i} (${rec.panels[i].method}): ${count} frames to t = ${fresh[count].t.toFixed(4)} s identical; largest displacement ${moved.toExponential(2)} m`);
      assert.ok(moved > 1e-4, `${scene} panel ${i}: moved ${moved} m`);
    }
  }
});
