// Ready-made experiments (the "preset" menu). Each preset is a URL: the current view's
// state (web/settings/url-state.js) with a few things changed, loaded as any shared link is. So a
// preset is also a link to give students, and the page builds it the way it builds every
// other view, with no second path through the settings.
//
//   presetQuery(core, id, state, omegaMax, defaultDt)  the query string of preset id, or '' if
//                                                      it cannot apply here
//   bindPresets(select, deps)                   fills the menu; picking one loads it

import { makeQuery } from './params.js';
import { LIMITS } from '../core/lab-api.js';
import { onChosen } from '../ui/choose.js';
import { t } from '../ui/messages.js';

// The presets' rules are the core's (softlab/scene.h: sl_scene_explode_dt, sl_scene_race_dt
// and sl_scene_race_steppers, which `softlab check-defaults --race` runs on every scene for
// 30 s): "make it explode" puts panel 1 under explicit Euler at Δt·ω_max = 3, the race runs
// seed 003's four explicit integrators at Δt·ω_max = 0.5.
// label and title: ids of the message table (messages/en.json), worded when the menu is made
export const PRESETS = [
  { id: 'explode', label: 'presets.explode', title: () => t('presets.explode_title', { omega_dt: LIMITS.EXPLODE_OMEGA_DT }) },
  { id: 'zoo', label: 'presets.zoo', title: (core) => t('presets.zoo_title', { steppers: raceTitles(core), omega_dt: LIMITS.RACE_OMEGA_DT }) },
  { id: 'scene', label: 'presets.scene', title: () => t('presets.scene_title') },
];

/** Δt (s) of the explode preset for ω_max (rad/s) of the body at rest (what the new
 *  page's meter starts from), NaN without ω_max: the core's sl_scene_explode_dt. */
export const explodeDt = (core, omegaMax) => core.api.explode_dt(omegaMax);

/** Δt (s) of the race for ω_max (rad/s) and the scene's Δt (s): the core's sl_scene_race_dt. */
export const raceDt = (core, omegaMax, defaultDt) => core.api.race_dt(omegaMax, defaultDt);

/** The race's steppers' titles, in a list. */
const raceTitles = (core) => raceSteppers(core).map((n) => core.steppers.find((st) => st.name === n).title).join(', ');

/** The race's steppers, by name (sl_scene_race_steppers). */
function raceSteppers(core) {
  const names = [];
  for (let k = 0, name; (name = core.api.race_stepper(k)); k++) names.push(name);
  return names;
}

/** core: the loaded core (lab-api.js loadLab); state: url-state.js state(); omegaMax: panel 1's
 *  ω_max (rad/s) at rest; defaultDt: the scene's Δt (s). Returns the preset's query ('?...'),
 *  or '' where it cannot apply. */
export function presetQuery(core, id, state, omegaMax, defaultDt) {
  if (id === 'scene') return `?scene=${encodeURIComponent(state.scene)}`;
  const panels = state.panels.map((p) => ({ ...p }));
  if (id === 'explode') {
    const dt = explodeDt(core, omegaMax);
    if (!Number.isFinite(dt)) return '';
    panels[0] = { ...panels[0], method: 'explicit-euler', dt };
    return makeQuery({ ...state, panels, paused: false });
  }
  if (id === 'zoo') {
    const params = panels[0].params;
    const dt = raceDt(core, omegaMax, defaultDt);
    return makeQuery({ ...state, panels: raceSteppers(core).map((method) => ({ method, dt, beta: 0, params })), plot: 'energy_error', paused: false });
  }
  return '';
}

/** deps: {core, state(): url-state.js state, omegaMax(): panel 1's ω_max at rest, defaultDt,
 *  notice(text): say why a preset cannot apply, go(query): load it (default: this page
 *  with that query)}. */
export function bindPresets(select, { core, state, omegaMax, defaultDt, notice, go = (query) => location.assign(location.pathname + query) }) {
  const first = document.createElement('option');
  first.value = '';
  first.textContent = t('presets.choose');
  select.append(first);
  for (const p of PRESETS) {
    const opt = document.createElement('option');
    opt.value = p.id;
    opt.textContent = t(p.label);
    opt.title = p.title(core);
    select.append(opt);
  }
  onChosen(select, () => {
    const query = presetQuery(core, select.value, state(), omegaMax(), defaultDt);
    if (query) go(query);
    else notice(t('presets.explode_refused', { omega_max: String(omegaMax()) }));
    select.value = '';
  });
}
