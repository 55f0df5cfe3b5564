// Stability of explicit steppers (seed 000 §2.4): symplectic Euler is stable while
// Δt·ω_max < 2, with ω_max the highest natural angular frequency of the linearized
// body (sl_world_omega_max), and each stepper has its own bound (ωΔt)_max on the
// undamped oscillator (sl_stepper_class.stability_bound: 2√2 for RK4, 1.5734 for
// Forest–Ruth, ...). The meter shows Δt·ω_max against the stepper's bound; the search
// (web/stable-dt.js) finds a panel's largest stable Δt by bisection on scratch copies
// in the panel's Worker (web/sim-host.js).

import { largestStableDt } from './stable-dt.js';

const SEARCH_LO = 1e-6;     // s
const SEARCH_HI = 1;        // s, the largest Δt the core accepts
const SEARCH_RATIO = 1.005; // stop when hi/lo is below this
export const TRIAL_STEPS = 5000; // a trial Δt is stable if it survives this many steps...
const TRIAL_MIN_STEPS = 200;
export const TRIAL_TIME = 5;     // ...or this many simulated seconds, whichever comes first

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

/** A panel's largest stable Δt between 1 µs and 1 s, to 0.5 %: {dt, capped} or {dt: NaN}
 *  (web/stable-dt.js). A trial runs TRIAL_TIME s of simulated time or TRIAL_STEPS steps
 *  (at least TRIAL_MIN_STEPS). create(dt): a scratch simulation like the panel's at dt. */
export function panelStableDt(api, create, onProgress) {
  const steps = (dt) => Math.max(TRIAL_MIN_STEPS, Math.min(TRIAL_STEPS, Math.ceil(TRIAL_TIME / dt)));
  return largestStableDt(api, create, { lo: SEARCH_LO, hi: SEARCH_HI, ratio: SEARCH_RATIO, steps, onProgress });
}
