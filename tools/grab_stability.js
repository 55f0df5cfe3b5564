// Why drags make thread-suture's explicit panels diverge (issue 43, item 5): each of the
// scene's four steppers at its Δt (1e-4 s) is run undisturbed and under drags as the page
// makes them (web/input/input.js: a spring of 40 N/m per kg of the body on a patch of radius
// 0.08 of the body's diagonal around the grabbed node, web/sim/sim-host.js apply), and
// ω_max·Δt of the world linearized at its state (sl_world_omega_max: the models, with the
// grab spring's own ω beside it) is read every 10 ms against the stepper's bound.
//
//   node tools/grab_stability.js [SITE]     (SITE: the staged site, default build/site)
//
// Deterministic: no clock, no random numbers; the drags are fixed paths.
//
// Measured (17:35 UTC 2026-11-28, build/site of this commit): the grab spring's own
// ω·Δt = sqrt(40 N/m/kg · M / m_node)·Δt = 0.0050 on every panel, 300-570 times below the
// steppers' bounds (1.573 Forest-Ruth, 2 symplectic Euler and Verlet, 2.828 RK4); the
// thread's own ω_max·Δt peaks at 0.59-0.69 undisturbed and 0.57-0.76 under the drags
// (down 0.3 m in 0.1 s: 0.72 symplectic Euler, 0.76 Verlet, 0.66 Forest-Ruth, 0.61 RK4),
// and no panel diverged in 6 s. So the grab force is not what makes the thread panels
// diverge in the 10-minute soak (Forest-Ruth at 38 s, Verlet 104 s, symplectic
// Euler 107 s, after dozens of drags); what does is not found here (left: a dragged node
// pushed into a tissue sphere and projected out each step, and drift over minutes).
'use strict';
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { loadStagedCore } = require('./staged_core');

const SITE = path.resolve(process.argv[2] || 'build/site');
const web = (file) => import(pathToFileURL(path.join(SITE, file)).href);
const SCENE = 'thread-suture';
const METHODS = ['symplectic-euler', 'verlet', 'forest-ruth', 'rk4'];
const DT = 1e-4;
const T_END = 6;
const GRAB_STIFFNESS = 40; // N/m per kg (web/input/input.js)
const GRAB_RADIUS = 0.08;  // of the body's diagonal (web/input/input.js)
// the drags: every 1.5 s from t = 0.5 s, the middle node pulled 0.15 m sideways (z) and
// back in 0.3 s, a hand's quick drag across the view (0.5 m/s each way... 1 m/s at most)
const DRAGS = [0.5, 2, 3.5, 5];
// two kinds: a quick sideways drag (z) and a yank down into the tissue spheres (y)
const KINDS = [
  { name: 'sideways 0.15 m in 0.3 s', axis: 2, reach: 0.15, time: 0.3 },
  { name: 'down 0.3 m in 0.1 s', axis: 1, reach: -0.3, time: 0.1 },
];

function diagonal(rest) {
  const lo = [Infinity, Infinity, Infinity], hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < rest.length; i++) { lo[i % 3] = Math.min(lo[i % 3], rest[i]); hi[i % 3] = Math.max(hi[i % 3], rest[i]); }
  return Math.hypot(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
}

/** Runs one panel; drags: apply the drags. Returns {maxWdt, at, diverged, omegaRest, omegaGrab}. */
function run(core, method, drag) {
  const { api, heap } = core;
  const h = api.sim_create(SCENE);
  if (h < 0 || api.sim_build(h, method, DT, 0) !== 0) throw new Error(`${method}: ${api.last_error()}`);
  const n = api.node_count(h);
  const rest = heap.copy(Float64Array, api.rest_positions(h), 3 * n);
  const node = Math.floor(n / 2);
  const k = GRAB_STIFFNESS * api.total_mass(h);
  const nodeMass = api.total_mass(h) / n; // equal masses to within the tube's ends
  const omegaRest = api.omega_max(h);
  let maxWdt = 0, at = 0, diverged = NaN, grabbed = false, start = [0, 0, 0];
  const steps = Math.round(T_END / DT), every = Math.round(0.01 / DT);
  for (let s = 0; s < steps; s++) {
    const t = s * DT;
    if (drag) {
      const d = DRAGS.find((t0) => t >= t0 - 1e-9 && t < t0 + drag.time);
      if (d !== undefined) {
        const x = heap.copy(Float64Array, api.positions(h) + 24 * node, 3);
        if (!grabbed) {
          start = Array.from(x);
          api.grab(h, node, ...start, k, GRAB_RADIUS * diagonal(rest));
          grabbed = true;
        }
        const u = (t - d) / drag.time; // out and back
        const target = [...start];
        target[drag.axis] += drag.reach * Math.sin(Math.PI * u);
        api.grab_move(h, ...target);
      } else if (grabbed) {
        api.release(h);
        grabbed = false;
      }
    }
    if (api.step(h, 1) !== 0) {
      diverged = api.time(h);
      break;
    }
    if (s % every === 0) {
      const w = api.omega_max(h) * DT;
      if (w > maxWdt) { maxWdt = w; at = t; }
    }
  }
  api.sim_destroy(h);
  return { maxWdt, at, diverged, omegaRest, omegaGrab: Math.sqrt(k / nodeMass) };
}

async function main() {
  const { core } = await loadStagedCore(SITE);
  console.log(`${SCENE}, Δt = ${DT} s, ${T_END} s; drags of the middle node at ${DRAGS.join(', ')} s, out and back`);
  const t = (x) => (Number.isNaN(x) ? 'no' : `${x.toFixed(3)} s`);
  for (const method of METHODS) {
    const bound = core.steppers.find((s) => s.name === method).bound;
    const still = run(core, method, null);
    console.log(`${method}: bound ${bound.toFixed(3)}; undisturbed max ω·Δt ${still.maxWdt.toFixed(3)}, diverged ${t(still.diverged)}`);
    for (const kind of KINDS) {
      const moved = run(core, method, kind);
      console.log(`  ${kind.name.padEnd(26)} max ω·Δt ${moved.maxWdt.toFixed(3)} (t = ${moved.at.toFixed(2)} s), diverged ${t(moved.diverged)}; the grab spring's own ω·Δt ${(moved.omegaGrab * DT).toFixed(4)}`);
    }
  }
}

main().catch((err) => { console.error(err); process.exit(1); });
