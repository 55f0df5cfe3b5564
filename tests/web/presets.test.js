// The "explicit integrator race" preset (web/settings/presets.js) in node without a browser, against
// the core's tables through the native CLI (build/softlab, or env SOFTLAB_BIN): its Δt times
// ω_max is below every racer's stability bound (`softlab methods`), and it is the Δt the core's
// rule gives (sl_scene_race_dt, which `softlab check-defaults --race` runs for 30 s).
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { pathToFileURL } = require('node:url');

const ROOT = path.resolve(__dirname, '..', '..');
const BIN = path.resolve(ROOT, process.env.SOFTLAB_BIN || 'build/softlab');
// the staged site's module: its ranges come from the generated api-signatures.js
const { SITE } = require('./harness');
const { loadStagedCore } = require('../../tools/staged_core');
/** The page's raceDt, bound to the staged core whose rule it reads (sl_scene_race_dt). */
const load = async () => {
  const { core, web } = await loadStagedCore(SITE);
  const { raceDt } = await web('settings/presets.js');
  return { raceDt: (omega, dt) => raceDt(core, omega, dt) };
};
const RACERS = ['symplectic-euler', 'verlet', 'forest-ruth', 'rk4'];

/** (ωΔt)_max of each stepper, from `softlab methods` (name evals omega_dt title). */
function bounds() {
  const out = execFileSync(BIN, ['methods'], { encoding: 'utf8' });
  return Object.fromEntries(out.split('\n').filter((l) => l && !l.startsWith('#')).map((l) => {
    const [name, , omegaDt] = l.trim().split(/\s+/);
    return [name, Number(omegaDt)];
  }));
}

test('the race runs every racer below its stability bound, at a third of the smallest', async () => {
  const { raceDt } = await load();
  const b = bounds();
  assert.strictEqual(b['forest-ruth'], 1.5734); // the smallest of the four
  // the swinging cube (ω_max = 563.3 rad/s at rest, Δt = 0.05 s: ωΔt = 28), a stiff mesh,
  // a soft one; the oscillator (ω = 10 rad/s) keeps its own 0.01 s
  for (const [omega, sceneDt] of [[563.3, 0.05], [3474.7, 0.01], [5139, 1e-4], [12.5, 0.1], [10, 0.01]]) {
    const dt = raceDt(omega, sceneDt);
    assert.ok(dt <= sceneDt, `ω = ${omega}: Δt ${dt} above the scene's ${sceneDt}`);
    for (const r of RACERS) assert.ok(omega * dt <= 0.5 + 1e-12 && omega * dt < b[r] / 3, `${r} at ω = ${omega}: ωΔt = ${omega * dt}, bound ${b[r]}`);
    // rounded down to two significant digits: within 10 % of 0.5/ω unless the scene's is smaller
    if (dt < sceneDt) assert.ok(omega * dt > 0.45, `ω = ${omega}: ωΔt = ${omega * dt}`);
  }
  assert.strictEqual(raceDt(563.3, 0.05), 0.00088);
});

test('the core runs the race at the page\'s Δt (sl_scene_race_dt)', async () => {
  const { raceDt } = await load();
  // `softlab check-defaults --race` prints the Δt it ran; 0.01 s is enough to read it
  const out = execFileSync(BIN, ['check-defaults', '--scene', 'swinging-cube', '--race', '--panel', '3', '--t-end', '0.01'], { encoding: 'utf8' });
  const m = out.match(/rk4\s+dt (\S+)/);
  assert.ok(m, out);
  assert.strictEqual(Number(m[1]), raceDt(563.3, 0.05));
});
