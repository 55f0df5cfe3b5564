// The lab's "find" (web/stability.js panelStableDt: the page's bisection in slices) and the
// library's find-dt (sl_scene_find_dt through sl_api_find_dt, as `softlab find-dt`) use one
// rule: trials of the library's length (sl_api_find_dt_run_seconds: 1 s or 200 periods of
// the fastest mode) that the core's verdict never calls 'growing' or 'diverged'. So on the
// same scene and stepper they must find the same Δt, to the page's bisection width (0.5 %),
// and both the theory: symplectic Euler on the swinging cube 2/ω_max = 2/562.88 rad/s =
// 3.553 ms (tests/c/test_stability.c); Forest–Ruth on the oscillator 1.5734/ω = 0.15734 s
// (ω = 10 rad/s, tests/c/test_integrators.c). Runs the site's own wasm under node, no browser.
'use strict';
const { test } = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { SITE } = require('./harness');

const web = (file) => import(pathToFileURL(path.join(SITE, file)).href);

const CASES = [
  { scene: 'swinging-cube', method: 'symplectic-euler', theory: 2 / 562.88 },
  { scene: 'oscillator', method: 'forest-ruth', theory: 1.5734 / 10 },
];

test('the page\'s "find" and the library\'s find-dt agree, and both match the theory', { timeout: 600000 }, async () => {
  globalThis.createSoftlab = require(path.join(SITE, 'softlab.js'));
  const { loadLab } = await web('lab-api.js');
  const { buildSim } = await web('sim.js');
  const { panelStableDt } = await web('stability.js');
  const core = await loadLab({ module: await WebAssembly.compile(fs.readFileSync(path.join(SITE, 'softlab.wasm'))) });
  for (const { scene, method, theory } of CASES) {
    const library = core.api.find_dt(scene, method, 1, 0);
    const page = await panelStableDt(core.api, (dt) => buildSim(core, scene, {}, method, dt, 0).h);
    console.log(`${scene} / ${method}: library ${library} s, page ${page.dt} s (trials of ${page.runSeconds} s), theory ${theory} s`);
    assert.ok(Math.abs(page.dt / library - 1) < 0.005, `${scene} / ${method}: page ${page.dt} s, library ${library} s`);
    assert.ok(Math.abs(library / theory - 1) < 0.02, `${scene} / ${method}: library ${library} s against ${theory} s`);
  }
});
