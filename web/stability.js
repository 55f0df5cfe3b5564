// Stability of explicit steppers (seed 000 §2.4): symplectic Euler is stable while
// Δt·ω_max < 2, with ω_max the highest natural angular frequency of the linearized
// body (sl_world_omega_max). The meter shows Δt·ω_max against that bound; the search
// (web/stable-dt.js) finds a panel's largest stable Δt by bisection on scratch copies
// in the panel's Worker (web/sim-host.js).

import { STEPPER } from './lab-api.js';
import { largestStableDt } from './stable-dt.js';

export const SYMPLECTIC_BOUND = 2;
const SEARCH_LO = 1e-6;     // s
const SEARCH_HI = 1;        // s, the largest Δt the core accepts
const SEARCH_RATIO = 1.005; // stop when hi/lo is below this
const TRIAL_STEPS = 2000;   // a trial Δt is stable if it survives this many steps...
const TRIAL_MIN_STEPS = 200;
const TRIAL_TIME = 2;       // ...or this many simulated seconds, whichever comes first

/** What the meter says for a stepper ({name, flags}) at Δt (s) and ω_max (rad/s). */
export function meterReading(stepper, dt, omegaMax) {
  const explicit = !(stepper.flags & STEPPER.LINEAR_SOLVE);
  if (!Number.isFinite(omegaMax)) {
    return { value: NaN, level: explicit ? 'bad' : 'ok', text: explicit
      ? 'ω_max = ∞ (a compliance is 0): no explicit stepper is stable at any Δt'
      : 'ω_max = ∞ (a compliance is 0): only an implicit stepper can run this' };
  }
  const value = dt * omegaMax;
  const ratio = `Δt·ω_max = ${value < 100 ? value.toFixed(2) : value.toExponential(2)}`;
  const bound = `2/ω_max = ${fmtSeconds(SYMPLECTIC_BOUND / omegaMax)}`;
  if (!explicit) return { value, level: 'ok', text: `${ratio} (${bound}); implicit: no step-size limit, it damps instead` };
  if (stepper.name === 'explicit-euler') {
    return { value, level: 'bad', text: `${ratio}: explicit Euler gains energy at every Δt without damping (${bound})` };
  }
  const level = value < 0.9 * SYMPLECTIC_BOUND ? 'ok' : value < SYMPLECTIC_BOUND ? 'warn' : 'bad';
  return { value, level, text: `${ratio} ${value < SYMPLECTIC_BOUND ? '<' : '≥'} 2: ${value < SYMPLECTIC_BOUND ? 'stable' : 'will blow up'} (${bound})` };
}

export function fmtSeconds(s) {
  if (!Number.isFinite(s)) return '–';
  if (s >= 0.1) return `${+s.toPrecision(3)} s`;
  if (s >= 1e-4) return `${+(s * 1e3).toPrecision(3)} ms`;
  return `${+(s * 1e6).toPrecision(3)} µs`;
}

/** A panel's largest stable Δt between 1 µs and 1 s, to 0.5 %: {dt, capped} or {dt: NaN}
 *  (web/stable-dt.js). create(dt): a scratch simulation like the panel's at dt. */
export function panelStableDt(api, create, onProgress) {
  const steps = (dt) => Math.max(TRIAL_MIN_STEPS, Math.min(TRIAL_STEPS, Math.ceil(TRIAL_TIME / dt)));
  return largestStableDt(api, create, { lo: SEARCH_LO, hi: SEARCH_HI, ratio: SEARCH_RATIO, steps, onProgress });
}
