// Stability of explicit steppers (seed 000 §2.4): symplectic Euler is stable while
// Δt·ω_max < 2, with ω_max the highest natural angular frequency of the linearized
// body (sl_world_omega_max), and each stepper has its own bound (ωΔt)_max on the
// undamped oscillator (sl_stepper_class.stability_bound: 2√2 for RK4, 1.5734 for
// Forest–Ruth, ...). The meter shows Δt·ω_max against the stepper's bound; the search
// (panelStableDt: the library's, in slices) finds a panel's largest stable Δt on scratch
// copies in the panel's Worker (web/sim/sim-host.js).

import { SL_OK, LAYOUT } from './lab-api.js';
import { t, template } from '../ui/messages.js';

// A trial at the smallest Δt tried takes at most this many steps: the search starts no
// lower than the trial's length / TRIAL_MAX_STEPS (`softlab find-dt --max-steps`).
export const TRIAL_MAX_STEPS = 20000;

const fmtValue = (v) => (v < 100 ? v.toFixed(2) : v.toExponential(2));

/**
 * What the meter says for a stepper ({title, bound: (ωΔt)_max on the undamped
 * oscillator, 0 or Infinity included}) at Δt (s) and ω_max (rad/s) of the body linearized
 * at simulated time `at` (s; 0: the rest state). held: '' if that is the run's state now,
 * else why the run's state now is no measure of the body and the estimate was kept from
 * before ('diverged', 'energy grew', 'stopped'; web/sim/sim-host.js omega). value is Δt·ω_max
 * scaled so that the stepper's own bound sits at the meter's mark, 2.
 */
export function meterReading(stepper, dt, omegaMax, at = 0, held = '') {
  const reading = boundReading(stepper, dt, omegaMax, at, held);
  // a diverged run is never shown green: the linear estimate missed what the run did (an
  // impact, a stiffening, an indefinite tangent: warp-tube-drop's Green-strain panel)
  if (held !== 'diverged' || reading.level === 'bad') return reading;
  return { ...reading, level: 'bad', text: t('meter.diverged_anyway', { reading: reading.text }) };
}

/** meterReading from the bound alone, whatever the run did. */
function boundReading(stepper, dt, omegaMax, at, held) {
  // held: sim-host's word for why ('energy grew', 'diverged', 'stopped'), an id's last part
  const keptId = `meter.kept.${held.replace(/ /g, '_')}`;
  const kept = !held ? '' : template(keptId) !== undefined ? t(keptId) : t('meter.kept.other', { held });
  const where = (at > 0 ? t('meter.where_at', { t: at.toFixed(2) }) : t('meter.where_rest')) + kept;
  const bound = stepper.bound;
  if (!Number.isFinite(omegaMax)) {
    return { value: NaN, level: Number.isFinite(bound) ? 'bad' : 'ok', text: Number.isFinite(bound)
      ? t('meter.infinite_explicit') : t('meter.infinite_implicit', { stepper: stepper.title }) };
  }
  const value = dt * omegaMax;
  const ratio = t('meter.ratio', { value: fmtValue(value) });
  if (!Number.isFinite(bound)) {
    return { value, level: 'ok', text: t('meter.no_limit', { ratio, where, stepper: stepper.title }) };
  }
  if (!(bound > 0)) {
    return { value: NaN, level: 'bad', text: t('meter.gains', { ratio, where, stepper: stepper.title }) };
  }
  const level = value < 0.9 * bound ? 'ok' : value < bound ? 'warn' : 'bad';
  const limit = fmtSeconds(bound / omegaMax);
  const verdict = value < bound ? t('meter.stable_below', { limit }) : t('meter.beyond', { dt: fmtSeconds(dt), limit });
  return {
    value: (2 * value) / bound, level,
    text: t('meter.bound', { ratio, sign: value < bound ? '<' : '≥', bound: String(+bound.toFixed(4)), stepper: stepper.title, verdict, where }),
  };
}

export function fmtSeconds(s) {
  if (!Number.isFinite(s)) return '–';
  if (s >= 0.1) return `${+s.toPrecision(3)} s`;
  if (s >= 1e-4) return `${+(s * 1e3).toPrecision(3)} ms`;
  return `${+(s * 1e6).toPrecision(3)} µs`;
}

const SLICE_MS = 30;   // work at most this long before yielding (to the Worker's messages)
const CALL_MS = 8;     // aim for calls of about this long (steps per call adapt)
const yieldToPage = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Simulation h's largest stable Δt by the library's search (sl_find_dt_search through
 *  sl_api_find_dt_*: the trials, the rule and the order of `softlab find-dt --max-steps
 *  TRIAL_MAX_STEPS`; softlab/scene.h sl_scene_find_dt): on fresh copies of h as built now,
 *  with its pins, a trial Δt is stable if a run of the library's trial length (1 s or 200
 *  periods of the fastest mode, whichever is longer) ends without the core's verdict
 *  turning 'growing' or 'diverged'. Run in slices of about SLICE_MS, yielding between them,
 *  so the Worker (or page) stays responsive. onProgress({lo, hi, trial}) after each trial:
 *  the largest Δt found stable (0: none yet), the smallest found unstable (Infinity: none)
 *  and the next trial's (s). Resolves to {dt (NaN: unstable at every Δt tried), capped
 *  (stable at every doubling up to the largest Δt the core takes), lo (the first Δt
 *  tried), runSeconds (each trial's length)}; rejects with the core's error. maxSteps: the
 *  trials' cap (0: none, as `softlab find-dt` without --max-steps: a test's comparison). */
export async function panelStableDt(api, h, onProgress = () => {}, maxSteps = TRIAL_MAX_STEPS) {
  if (api.find_dt_start(h, maxSteps) !== SL_OK) throw new Error(api.last_error() || 'the search could not start');
  const slot = (name) => api.find_dt_result(h, LAYOUT.FIND[name]);
  try {
    let chunk = 1, sliceStart = performance.now();
    for (let r, t0 = performance.now(); (r = api.find_dt_advance(h, chunk)) >= 0; t0 = performance.now()) {
      const ms = performance.now() - t0;
      if (r < 2) onProgress({ lo: slot('DT_MAX'), hi: slot('DT_HI'), trial: slot('DT_TRIAL') });
      // keep each call short: more steps per call while they are quick, fewer if slow
      if (ms < CALL_MS / 2) chunk = Math.min(2 * chunk, 1 << 20);
      else if (ms > CALL_MS * 2 && chunk > 1) chunk >>= 1;
      if (performance.now() - sliceStart >= SLICE_MS) {
        await yieldToPage();
        sliceStart = performance.now();
      }
    }
    const dt = slot('DT_MAX');
    return { dt: dt > 0 ? dt : NaN, capped: dt > 0 && slot('DT_HI') === Infinity, lo: slot('DT_LO'), runSeconds: slot('T_RUN') };
  } finally {
    api.find_dt_stop(h);
  }
}

/** "each trial …": what a search's trials were, for a person. */
export function trialWords(result) {
  return t('controls.trials', { seconds: fmtSeconds(result.runSeconds) });
}
