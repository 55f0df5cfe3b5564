// Stability of explicit steppers (seed 000 §2.4): symplectic Euler is stable while
// Δt·ω_max < 2, with ω_max the highest natural angular frequency of the linearized
// body (sl_world_omega_max), and each stepper has its own bound (ωΔt)_max on the
// undamped oscillator (sl_stepper_class.stability_bound: 2√2 for RK4, 1.5734 for
// Forest–Ruth, ...). The meter shows Δt·ω_max against the stepper's bound; the search
// (web/stable-dt.js) finds a panel's largest stable Δt by bisection on scratch copies
// in the panel's Worker (web/sim-host.js), with the library's trials and verdict.

import { largestStableDt } from './stable-dt.js';
import { LIMITS } from './lab-api.js';

const SEARCH_LO = LIMITS.DT_MIN_PAGE; // s: the search starts no lower (the page's smallest Δt)
const SEARCH_HI = LIMITS.DT_MAX;      // s, the largest Δt the core accepts
const SEARCH_RATIO = 1.005; // stop when hi/lo is below this
// A trial at the smallest Δt tried takes at most this many steps: the search starts at the
// trial's length / TRIAL_MAX_STEPS (as `softlab find-dt --max-steps` raises its start).
export const TRIAL_MAX_STEPS = 20000;

const fmtValue = (v) => (v < 100 ? v.toFixed(2) : v.toExponential(2));

/**
 * What the meter says for a stepper ({title, bound: (ωΔt)_max on the undamped
 * oscillator, 0 or Infinity included}) at Δt (s) and ω_max (rad/s) of the body linearized
 * at simulated time `at` (s; 0: the rest state). held: '' if that is the run's state now,
 * else why the run's state now is no measure of the body and the estimate was kept from
 * before ('diverged', 'energy grew', 'stopped'; web/sim-host.js omega). value is Δt·ω_max
 * scaled so that the stepper's own bound sits at the meter's mark, 2.
 */
export function meterReading(stepper, dt, omegaMax, at = 0, held = '') {
  const kept = held === 'energy grew' ? ', kept from before the energy grew' : held ? `, kept from before the run ${held}` : '';
  const where = (at > 0 ? `ω_max of the body linearized at t = ${at.toFixed(2)} s` : 'ω_max of the body linearized at rest') + kept;
  const bound = stepper.bound;
  if (!Number.isFinite(omegaMax)) {
    return { value: NaN, level: Number.isFinite(bound) ? 'bad' : 'ok', text: Number.isFinite(bound)
      ? 'ω_max = ∞ (a compliance is 0): no explicit stepper is stable at any Δt'
      : `ω_max = ∞ (a compliance is 0): ${stepper.title} runs it with no step-size limit in theory` };
  }
  const value = dt * omegaMax;
  const ratio = `Δt·ω_max = ${fmtValue(value)}`;
  if (!Number.isFinite(bound)) {
    return { value, level: 'ok', text: `${ratio} (${where}); ${stepper.title} has no step-size limit on a linear oscillator, it damps instead; a nonlinear body may still need a smaller Δt ("find" measures it)` };
  }
  if (!(bound > 0)) {
    return { value: NaN, level: 'bad', text: `${ratio}: ${stepper.title} gains energy at every Δt without damping (${where})` };
  }
  const level = value < 0.9 * bound ? 'ok' : value < bound ? 'warn' : 'bad';
  const limit = fmtSeconds(bound / omegaMax);
  const verdict = value < bound ? `stable for Δt below ${limit}` : `Δt = ${fmtSeconds(dt)} is beyond ${limit}, it will blow up`;
  return {
    value: (2 * value) / bound, level,
    text: `${ratio} ${value < bound ? '<' : '≥'} ${+bound.toFixed(4)}, ${stepper.title}'s bound: ${verdict} (a linear estimate from ${where})`,
  };
}

export function fmtSeconds(s) {
  if (!Number.isFinite(s)) return '–';
  if (s >= 0.1) return `${+s.toPrecision(3)} s`;
  if (s >= 1e-4) return `${+(s * 1e3).toPrecision(3)} ms`;
  return `${+(s * 1e6).toPrecision(3)} µs`;
}

/** A panel's largest stable Δt, to 0.5 %, by the library's rule (`softlab find-dt`,
 *  sl_scene_find_dt): a trial Δt is stable if a fresh copy runs the library's trial length
 *  (sl_api_find_dt_run_seconds: 1 s or 200 periods of the fastest mode as built, whichever
 *  is longer) without the core's verdict turning 'growing' or 'diverged'
 *  (web/stable-dt.js). Searched between max(1 µs, that length / TRIAL_MAX_STEPS) and 1 s.
 *  Resolves to {dt, capped, lo, runSeconds}: dt NaN if even lo is unstable (or no copy
 *  builds), capped if stable at 1 s. create(dt): a scratch simulation like the panel's at dt. */
export function panelStableDt(api, create, onProgress) {
  const h = create(SEARCH_HI);
  const runSeconds = h > 0 ? api.find_dt_run_seconds(h) : NaN;
  if (h > 0) api.sim_destroy(h);
  if (!(runSeconds > 0)) return Promise.resolve({ dt: NaN, capped: false, lo: SEARCH_LO, runSeconds });
  const lo = Math.max(SEARCH_LO, runSeconds / TRIAL_MAX_STEPS);
  const steps = (dt) => api.find_dt_run_steps(runSeconds, dt);
  return largestStableDt(api, create, { lo, hi: SEARCH_HI, ratio: SEARCH_RATIO, steps, onProgress })
    .then((r) => ({ ...r, lo, runSeconds }));
}

/** "each trial …": what a search's trials were, for a person. */
export function trialWords(result) {
  return `each trial ${fmtSeconds(result.runSeconds)} without 'energy growing' or 'diverged'`;
}
