// The lab's "find" (web/core/stability.js panelStableDt: the library's search run in slices
// through sl_api_find_dt_*, on copies of a built simulation) and `softlab find-dt`'s
// (sl_scene_find_dt through sl_api_find_dt, one blocking call) are one search: the same
// trials in the same order, judged by the core's verdict. So on the same scene and
// stepper they must end on the same Δt to the last bit, and both on the theory:
// symplectic Euler on the swinging cube 2/ω_max = 2/562.88 rad/s = 3.553 ms
// (tests/c/test_stability.c); Forest–Ruth on the oscillator 1.5734/ω = 0.15734 s
// (ω = 10 rad/s, tests/c/test_integrators.c). The page caps a trial at TRIAL_MAX_STEPS
// (20000), which raises the cube's first trial from 3.6 µs to 0.11 ms (`find-dt --max-steps
// 20000`) and so changes the bisection's path: capped, the two must agree to 0.1 %.
// Runs the site's own wasm under node, no browser.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { SITE } = require('./harness');
const { loadStagedCore } = require('../../tools/staged_core');

const web = (file) => import(pathToFileURL(path.join(SITE, file)).href);

const CASES = [
  { scene: 'swinging-cube', method: 'symplectic-euler', theory: 2 / 562.88 },
  { scene: 'oscillator', method: 'forest-ruth', theory: 1.5734 / 10 },
];

test('the page\'s "find" and the library\'s find-dt end on the same Δt, and it matches the theory', { timeout: 600000 }, async () => {
  const { core } = await loadStagedCore(SITE);
  const { buildSim } = await web('core/sim.js');
  const { panelStableDt } = await web('core/stability.js');
  for (const { scene, method, theory } of CASES) {
    const library = core.api.find_dt(scene, method, 1, 0);
    const { h } = buildSim(core, scene, {}, method, core.scenes.find((s) => s.name === scene).defaultDt, 0);
    let trials = 0;
    const uncapped = await panelStableDt(core.api, h, () => trials++, 0);
    const page = await panelStableDt(core.api, h);
    core.api.sim_destroy(h);
    console.log(`${scene} / ${method}: library ${library} s; page uncapped ${uncapped.dt} s (${trials} trials of ${uncapped.runSeconds} s), capped ${page.dt} s from ${page.lo} s; theory ${theory} s`);
    assert.strictEqual(uncapped.dt, library, `${scene} / ${method}: page ${uncapped.dt} s, library ${library} s`);
    assert.ok(trials > 10 && uncapped.runSeconds >= 1, `${trials} trials of ${uncapped.runSeconds} s`);
    assert.ok(Math.abs(page.dt / library - 1) < 1e-3, `${scene} / ${method}: capped page ${page.dt} s, library ${library} s`);
    assert.ok(Math.abs(library / theory - 1) < 0.02, `${scene} / ${method}: library ${library} s against ${theory} s`);
  }
});
