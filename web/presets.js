// Ready-made experiments (the "preset" menu). Each preset is a URL: the current view's
// state (web/url-state.js) with a few things changed, loaded as any shared link is. So a
// preset is also a link to give students, and the page builds it the way it builds every
// other view, with no second path through the settings.
//
//   presetQuery(id, state, panels, defaultDt)   the query string of preset id, or '' if it
//                                               cannot apply here (then the reason: presetProblem)
//   bindPresets(select, deps)                   fills the menu; picking one loads it

import { makeQuery, MIN_DT, MAX_DT } from './params.js';
import { onChosen } from './choose.js';

// "Make it explode": panel 1 runs explicit Euler at Δt·ω_max = EXPLODE, 1.5 times the
// bound 2 the meter marks (symplectic Euler's). Explicit Euler is unstable at every Δt on
// an undamped body (|1 + iωΔt| > 1); at ωΔt = 3 its fastest mode grows by √10 a step,
// so the run diverges within a few steps instead of creeping for seconds.
const EXPLODE = 3;
// The integrators seed 003 races, one per panel (lesson 003)
const ZOO = ['symplectic-euler', 'verlet', 'forest-ruth', 'rk4'];
// ... at Δt·ω_max = RACE_OMEGA_DT (panel 1's ω_max at rest): a third of Forest–Ruth's bound
// 1.5734, the smallest of the four, so all four run and their energy errors differ by their
// orders; room is left for a body that stiffens as it moves (the lifted grid box gains energy
// at ωΔt = 1). At the scene's Δt the race died: the swinging cube's 0.05 s is ωΔt = 28, all
// four diverged within 0.1 s. The core states the same rule (SL_RACE_OMEGA_DT,
// sl_scene_race_dt) and `softlab check-defaults --race` runs it on every scene for 30 s.
const RACE_OMEGA_DT = 0.5;

export const PRESETS = [
  { id: 'explode', label: 'make it explode', title: 'panel 1: explicit Euler at Δt·ω_max = 3, above the bound 2' },
  { id: 'zoo', label: 'explicit integrator race', title: 'symplectic Euler, Verlet, Forest–Ruth and RK4 at Δt·ω_max = 0.5 (a third of the smallest of their bounds), plotting the relative energy error on a log axis' },
  { id: 'scene', label: 'scene defaults', title: 'the scene’s own comparison, as it opens' },
];

/** Δt (s) of the explode preset for ω_max (rad/s) of the body at rest (what the new
 *  page's meter starts from): EXPLODE/ω_max rounded up to three significant digits, so
 *  Δt·ω_max lands in [3, 3.03), within the lab's Δt range; NaN without ω_max. */
export function explodeDt(omegaMax) {
  if (!(omegaMax > 0) || !Number.isFinite(omegaMax)) return NaN;
  const dt = EXPLODE / omegaMax, unit = 10 ** (Math.floor(Math.log10(dt)) - 2);
  return Math.min(MAX_DT, Math.max(MIN_DT, +(Math.ceil(dt / unit - 1e-9) * unit).toPrecision(3)));
}

/** Δt (s) of the race for ω_max (rad/s) and the scene's Δt (s): RACE_OMEGA_DT/ω_max
 *  rounded down to two significant digits (so it stays below), or the scene's Δt if that
 *  is smaller or ω_max is not known (sl_scene_race_dt in the core). */
export function raceDt(omegaMax, defaultDt) {
  if (!(omegaMax > 0) || !Number.isFinite(omegaMax)) return defaultDt;
  const dt = RACE_OMEGA_DT / omegaMax, unit = 10 ** (Math.floor(Math.log10(dt)) - 1);
  return Math.min(defaultDt, +(Math.floor(dt / unit + 1e-9) * unit).toPrecision(2));
}

/** state: url-state.js state(); omegaMax: panel 1's ω_max (rad/s) at rest; defaultDt: the
 *  scene's Δt (s). Returns the preset's query ('?...'), or '' where it cannot apply. */
export function presetQuery(id, state, omegaMax, defaultDt) {
  if (id === 'scene') return `?scene=${encodeURIComponent(state.scene)}`;
  const panels = state.panels.map((p) => ({ ...p }));
  if (id === 'explode') {
    const dt = explodeDt(omegaMax);
    if (!Number.isFinite(dt)) return '';
    panels[0] = { ...panels[0], method: 'explicit-euler', dt };
    return makeQuery({ ...state, panels, paused: false });
  }
  if (id === 'zoo') {
    const params = panels[0].params;
    const dt = raceDt(omegaMax, defaultDt);
    return makeQuery({ ...state, panels: ZOO.map((method) => ({ method, dt, beta: 0, params })), plot: 'energy_error', paused: false });
  }
  return '';
}

/** deps: {state(): url-state.js state, omegaMax(): panel 1's ω_max at rest, defaultDt,
 *  notice(text): say why a preset cannot apply, go(query): load it (default: this page
 *  with that query)}. */
export function bindPresets(select, { state, omegaMax, defaultDt, notice, go = (query) => location.assign(location.pathname + query) }) {
  const first = document.createElement('option');
  first.value = '';
  first.textContent = 'choose…';
  select.append(first);
  for (const p of PRESETS) {
    const opt = document.createElement('option');
    opt.value = p.id;
    opt.textContent = p.label;
    opt.title = p.title;
    select.append(opt);
  }
  onChosen(select, () => {
    const query = presetQuery(select.value, state(), omegaMax(), defaultDt);
    if (query) go(query);
    else notice(`“Make it explode” needs panel 1's ω_max, which is ${omegaMax()} rad/s here (a compliance of 0 or not yet known).`);
    select.value = '';
  });
}
