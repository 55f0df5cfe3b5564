// The lessons' measurements (lessons/lesson.js checks answers against them), each from
// the same wasm core and scenes as the lab: q is a question's data attributes (scene,
// method, dt, ...). They run in a Worker (measure-worker.js) or, failing that, on the
// page; either way they work in slices that yield every SLICE_MS, and the stability
// search is the lab's own (web/core/stability.js panelStableDt: the library's, in slices).
import { SL_OK } from '../core/lab-api.js';
import { buildSim } from '../core/sim.js';
import { panelStableDt } from '../core/stability.js';

const SLICE_MS = 30; // yield after this much work

/** Runs a simulation of q (scene, params, method, dt) for steps steps: start(h) first,
 *  then visit(h, s) after each step, which may return a value to stop with. Yields to the
 *  page every SLICE_MS. Resolves to that value, `fallback` after the last step, or NaN if
 *  a step fails. */
async function run(core, q, steps, visit, fallback, start = () => {}) {
  const { h, error } = buildSim(core, q.scene, q.params || {}, q.method, q.dt, 0);
  if (!h) throw new Error(error || 'could not create the scene');
  try {
    start(h);
    let sliceStart = performance.now();
    for (let s = 0; s < steps; s++) {
      if (core.api.step(h, 1) !== SL_OK) return NaN;
      const v = visit(h, s);
      if (v !== undefined) return v;
      if (performance.now() - sliceStart > SLICE_MS) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        sliceStart = performance.now();
      }
    }
    return fallback;
  } finally {
    core.api.sim_destroy(h);
  }
}

/** Time (s) of the first local minimum of the tracked node's height, parabola-refined. */
function firstMinimum(core, q, tEnd = 5) {
  const { api } = core;
  const dt = Number(q.dt);
  let y0 = NaN, y1 = NaN, t1 = 0;
  const start = (h) => { y0 = y1 = api.tracked_height(h); };
  return run(core, { scene: q.scene, method: q.method, dt, params: questionParams(q) }, Math.round(tEnd / dt), (h, s) => {
    const y2 = api.tracked_height(h);
    if (s > 0 && y1 < y0 && y1 <= y2) {
      const d = y0 - 2 * y1 + y2;
      return t1 + (d !== 0 ? 0.5 * dt * (y0 - y2) / d : 0);
    }
    [y0, y1, t1] = [y1, y2, api.time(h)];
    return undefined;
  }, NaN, start);
}

/** Largest stable dt (s) of `method` on q.scene with the question's parameters (the
 *  student's set-up): the lab's "find" (web/core/stability.js panelStableDt: the library's
 *  trials, 1 s or 200 periods of the fastest mode, judged by the core's verdict, energy and
 *  not only divergence, bisection to 0.5 %), in slices. On one spring an unstable RK4
 *  pumps the energy from 0.5 J to hundreds of J, yet the node, folding through the pin,
 *  never flies away: the verdict sees it. NaN if unstable at the first dt tried; an error
 *  if stable at every dt tried up to 1 s. */
async function searchStableDt(core, q, method) {
  const scene = core.scenes.find((s) => s.name === q.scene);
  if (!scene) throw new Error(`unknown scene '${q.scene}'`);
  if (!core.steppers.some((s) => s.name === method)) throw new Error(`unknown stepper '${method}'`);
  const { h, error } = buildSim(core, q.scene, questionParams(q), method, scene.defaultDt, 0);
  if (!h) throw new Error(error);
  try {
    const found = await panelStableDt(core.api, h);
    // "stable up to 1 s" is no bound to check an answer against (and below ω_max = 8 rad/s
    // the library's search says so after its first trial alone: src/scenes/find_dt.c decide)
    if (found.capped) throw new Error(`${method} on ${q.scene} found stable at every Δt tried, up to 1 s`);
    return found.dt;
  } finally {
    core.api.sim_destroy(h);
  }
}

/** One row of seed 003's score card (Table 1) for q.method on q.scene at its defaults,
 *  as `softlab score` measures it natively: dtMax (s), the largest stable dt by the
 *  library's bisection with trials of q.tEnd s (default 1), started at q.dtLo (s; 0 or
 *  absent: the library's default start); seconds, the time of one step at dtMax (at the
 *  scene's default dt when no dt is stable, as the CLI does) in this browser
 *  (sl_api_time_per_step: wall time, best of 3); evaluations, force evaluations per step.
 *  Two blocking calls (the search, then at least 60 ms of timing): in the Worker only. */
function scoreRow(core, q) {
  const { api } = core;
  const tEnd = Number(q.tEnd || 1), dtLo = Number(q.dtLo || 0);
  const stepper = core.steppers.find((s) => s.name === q.method);
  const scene = core.scenes.find((s) => s.name === q.scene);
  if (!stepper || !scene) throw new Error(`unknown ${stepper ? 'scene' : 'stepper'} '${stepper ? q.scene : q.method}'`);
  const dtMax = api.find_dt(q.scene, q.method, tEnd, dtLo);
  if (Number.isNaN(dtMax)) throw new Error(api.last_error() || 'find-dt failed');
  const seconds = api.time_per_step(q.scene, q.method, dtMax > 0 ? dtMax : scene.defaultDt, tEnd);
  if (Number.isNaN(seconds)) throw new Error(api.last_error() || 'timing failed');
  return { dtMax, seconds, evaluations: stepper.evaluations };
}

/** {dtMax: the largest stable dt (s) of q.method on q.scene, evaluations: its force
 *  evaluations per step} (the score card's first pass). */
function findDt(core, q) {
  const stepper = core.steppers.find((s) => s.name === q.method);
  if (!stepper) throw new Error(`unknown stepper '${q.method}'`);
  const dtMax = core.api.find_dt(q.scene, q.method, Number(q.tEnd || 1), Number(q.dtLo || 0));
  if (Number.isNaN(dtMax)) throw new Error(core.api.last_error() || 'find-dt failed');
  return { dtMax, evaluations: stepper.evaluations };
}

/** Seconds a step of q.method takes on q.scene at q.dt (default: the scene's Δt), the
 *  fastest of the library's SL_TIME_RUNS trials; the score card times every row at one
 *  dt, so each is timed the same way whatever its own largest stable dt. */
function timeStep(core, q) {
  const scene = core.scenes.find((s) => s.name === q.scene);
  if (!scene) throw new Error(`unknown scene '${q.scene}'`);
  const seconds = core.api.time_per_step(q.scene, q.method, Number(q.dt || scene.defaultDt), Number(q.tEnd || 1));
  if (Number.isNaN(seconds)) throw new Error(core.api.last_error() || 'timing failed');
  return seconds;
}

/** omega_max (rad/s) of q.scene as built at its defaults (sl_api_omega_max, the fastest
 *  mode that limits every explicit step). */
function omegaMax(core, q) {
  const { h, error } = buildSim(core, q.scene, {}, q.method || 'symplectic-euler', Number(q.dt || 1e-4), 0);
  if (!h) throw new Error(error || 'could not create the scene');
  try {
    const omega = core.api.omega_max(h);
    if (!(omega > 0)) throw new Error(core.api.last_error() || 'no omega_max');
    return omega;
  } finally {
    core.api.sim_destroy(h);
  }
}

/** Period (s) of the tracked node's motion along axis q.axis (0: x, default) under
 *  q.method at q.dt over q.tEnd s: the mean spacing of the times at which the coordinate
 *  crosses its mean over the run upward, each interpolated linearly between the two steps
 *  around it. NaN if it crosses fewer than twice or a step fails. */
async function period(core, q) {
  const { api } = core;
  const dt = Number(q.dt), axis = Number(q.axis || 0);
  let node = 0;
  const xs = [];
  const coordinate = (h) => core.heap.copy(Float64Array, api.positions(h), 3 * api.node_count(h))[3 * node + axis];
  const start = (h) => {
    node = api.tracked_node(h);
    xs.push(coordinate(h));
  };
  const failed = await run(core, { scene: q.scene, method: q.method, dt, params: questionParams(q) }, Math.round(Number(q.tEnd) / dt), (h) => {
    xs.push(coordinate(h));
    return undefined;
  }, false, start);
  if (failed !== false) return NaN;
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  const crossings = [];
  for (let s = 1; s < xs.length; s++) {
    const before = xs[s - 1] - mean, now = xs[s] - mean;
    if (before < 0 && now >= 0) crossings.push(dt * (s - now / (now - before)));
  }
  const n = crossings.length;
  return n > 1 ? (crossings[n - 1] - crossings[0]) / (n - 1) : NaN;
}

/** A question block's own settings that set a scene parameter: setting -> parameter
 *  (variant: the grid model, 0 original, 1 improved; onering: 1 one-ring, 0 per tet;
 *  poisson: the Poisson ratio). The lesson builder reads the same table. */
export const QUESTION_PARAMS = Object.freeze({ variant: 'grid_variant', onering: 'onering', poisson: 'poisson_ratio' });

/** The scene parameters a question sets (QUESTION_PARAMS), and q.params, the student's
 *  seeded set-up ({name: value}, lessons/lesson.js applySetup). */
function questionParams(q) {
  const params = { ...(q.params || {}) };
  for (const [key, name] of Object.entries(QUESTION_PARAMS)) if (q[key] !== undefined) params[name] = Number(q[key]);
  return params;
}

/** Volume ratio V/V0 of q.scene with the question's parameters over q.tEnd s under q.method
 *  at q.dt: reduce(acc, ratio) folded over the steps from init. */
function volumeRatio(core, q, init, reduce) {
  let acc = init;
  const sim = { scene: q.scene, method: q.method, dt: Number(q.dt), params: questionParams(q) };
  return run(core, sim, Math.round(Number(q.tEnd) / Number(q.dt)), (h) => {
    acc = reduce(acc, core.api.volume_ratio(h));
    return undefined;
  }, undefined).then((v) => (v === undefined ? acc : v));
}

/** Time (s) at which V/V0 of q.scene with the question's parameters, under q.method at
 *  q.dt, first climbs back up through q.level (default 0.5) after having been below it,
 *  interpolated linearly between the two steps around it: a collapsed body's recovery
 *  (lesson 004's inflation). NaN if it never does within q.tEnd s. */
function riseTime(core, q) {
  const level = Number(q.level || 0.5), dt = Number(q.dt);
  let below = false, last = NaN;
  const sim = { scene: q.scene, method: q.method, dt, params: questionParams(q) };
  const start = (h) => { last = core.api.volume_ratio(h); below = last < level; };
  return run(core, sim, Math.round(Number(q.tEnd) / dt), (h) => {
    const v = core.api.volume_ratio(h), t = core.api.time(h);
    const crossed = below && v >= level;
    if (crossed) return t - dt * (v - level) / (v - last);
    if (v < level) below = true;
    last = v;
    return undefined;
  }, NaN, start);
}

export const MEASURES = {
  // seed 001: the largest volume error |V/V0 - 1| in percent
  'volume-error': (core, q) => volumeRatio(core, q, 0, (worst, v) => Math.max(worst, Math.abs(v - 1))).then((w) => 100 * w),
  'first-minimum': (core, q) => firstMinimum(core, q),
  // symplectic Euler's (lesson 000 Q1) and the question's stepper's (lesson 003 Q1, Q2)
  'stability-bound': (core, q) => searchStableDt(core, q, 'symplectic-euler'),
  'stable-dt': (core, q) => searchStableDt(core, q, q.method),
  'period': (core, q) => period(core, q),
  'score-row': (core, q) => scoreRow(core, q),
  'find-dt': (core, q) => findDt(core, q),
  'time-step': (core, q) => timeStep(core, q),
  'omega-max': (core, q) => omegaMax(core, q),
  'min-volume': (core, q) => volumeRatio(core, q, Infinity, Math.min),
  'end-volume': (core, q) => volumeRatio(core, q, NaN, (_, v) => v),
  'max-volume': (core, q) => volumeRatio(core, q, -Infinity, Math.max),
  'rise-time': (core, q) => riseTime(core, q),
};

