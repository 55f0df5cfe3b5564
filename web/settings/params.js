// URL parameters of the lab, validated against the core's tables. Nothing from the
// URL is ever inserted as HTML: problems come back as plain-text notices.
//
//   ?scene=swinging-cube&methods=symplectic-euler,implicit-euler,regularized&dt=0.05
//   methods: 1-4 stepper names, comma-separated (default: symplectic and linearly
//   implicit Euler and the regularized stepper; for grid solids, the original and the
//   improved model with the scene's stepper); dt: one value for all panels or one
//   per panel (comma-separated), seconds, in DT_RANGE_TEXT (from the core). The same "one or one per panel"
//   holds for beta (1/s, >= 0), for iterations (the sweeps or substeps a step of the
//   position-based steppers, a whole number in the core's range; iterations=20 or
//   iterations=1,50), for xpbd_damping (XPBD's damping time τ, s, in the core's range
//   [0, SL_WORLD_XPBD_DAMPING_MAX]; xpbd_damping=0.02 or xpbd_damping=0,0.05) and for
//   every scene parameter of the core's table
//   (young_modulus=1e6, poisson_ratio=0.3,0.45, grid_variant=0,1, ... SI units).
//   camera=yaw,pitch,zoom[,pan_x,pan_y,pan_z] (rad, rad, factor, m); paused=1;
//   plot=<quantity id> (the chart's quantity); view=wireframe; ghost=1; frames=1 (the
//   rotation field's triads);
//   playback=live|ahead (a comparison too slow for real time is computed ahead and played
//   back, web/time/clock.js; live: never, ahead: from the start);
//   color=<field> (a colour map: the core's fields, sl_field_describe: energy, volume,
//   pressure); origins=<origin>,... (who may drive the lab
//   through the course API: web/course/course-api.js reads it); hide=<control>,... and
//   lock=<control>,... (controls a course hides or locks, a panel's as name@panel, 0-based:
//   web/course/control-locks.js).

import { LIMITS } from '../core/lab-api.js';
import { coreText, t } from '../ui/messages.js';

export const MAX_PANELS = LIMITS.MAX_PANELS; // SL_SCENE_MAX_PANELS
const DEFAULT_METHODS = ['symplectic-euler', 'implicit-euler', 'regularized']; // seed 000 Fig. 2
const MAX_PARAM_LENGTH = 300;

/** Shortens a user-supplied string for display in a notice. */
function shown(s) {
  const text = String(s);
  return text.length > 40 ? text.slice(0, 40) + '…' : text;
}

/** A user-supplied name in the quotes of the page's language, shortened. */
const quoted = (s) => t('url.quoted', { name: shown(s) });

/** Names (user-supplied) for one notice: “a”, “b” and “c”, or the first three and how many
 *  more. */
function listed(names, max = 3) {
  const q = names.slice(0, max).map(quoted);
  const more = names.length - q.length;
  const list = (more > 0 ? q : q.slice(0, -1)).join(', ');
  if (more > 0) return t('url.list_more', { list, more: more.toLocaleString('en') });
  return q.length > 1 ? t('url.list_and', { list, last: q[q.length - 1] }) : q[0];
}

/** “a, b or c” of names (the page's own: fields, choices). */
function either(names) {
  const list = names.slice(0, -1).join(', ');
  return names.length > 1 ? t('url.list_or', { list, last: names[names.length - 1] }) : names.join('');
}

/** Δt range (s) of the page, from the core (SL_DT_MIN_PAGE, SL_DT_MAX in
 *  softlab/world.h: below a microsecond a panel cannot follow real time at any speed). */
export const MIN_DT = LIMITS.DT_MIN_PAGE, MAX_DT = LIMITS.DT_MAX;
const short = (v) => (v < 1e-3 ? v.toExponential().replace('e+', 'e') : String(v));
export const DT_RANGE_TEXT = `${short(MIN_DT)} ≤ Δt ≤ ${short(MAX_DT)} s`;
export function validDt(dt) {
  return Number.isFinite(dt) && dt >= MIN_DT && dt <= MAX_DT;
}

export const MAX_BETA = LIMITS.BETA_MAX; // 1/s (SL_BETA_MAX)
/** The iterations a step of the position-based steppers (SL_WORLD_ITERATIONS_* of
 *  softlab/world.h): a URL's value is checked against the core's range; a typed one goes
 *  to the core, which refuses it with its reason (sl_api_set_iterations). */
export const ITERATIONS = Object.freeze({ min: LIMITS.WORLD_ITERATIONS_MIN, max: LIMITS.WORLD_ITERATIONS_MAX, default: LIMITS.WORLD_ITERATIONS_DEFAULT });
/** XPBD's damping time τ in s (paper 005 eq. 26; sl_world_set_xpbd_damping, softlab/world.h):
 *  a URL's value is checked against the core's range; a typed one goes to the core, which
 *  refuses it with its reason (sl_api_set_xpbd_damping). Default 0: undamped. */
export const XPBD_DAMPING = Object.freeze({ min: 0, max: LIMITS.WORLD_XPBD_DAMPING_MAX, default: 0 });
export function validBeta(beta) {
  return Number.isFinite(beta) && beta >= 0 && beta <= MAX_BETA;
}

/** Why value is not valid for parameter info ({name,label,unit,min,max,integer}), or '':
 *  in lang (default the page's; the parameter's label as the page words it, web/ui/messages.js
 *  coreText). */
export function paramProblem(info, value, lang = undefined) {
  const label = coreText('param', info.name, 'label', info.label, lang);
  if (!Number.isFinite(value) || value < info.min || value > info.max) {
    const num = (v) => (Math.abs(v) >= 1e5 ? v.toExponential().replace('e+', 'e') : String(v));
    const [min, max, unit] = [num(info.min), num(info.max), info.unit];
    return unit ? t('problem.range_unit', { label, min, max, unit }, lang) : t('problem.range', { label, min, max }, lang);
  }
  if (info.integer && value !== Math.floor(value)) return t('problem.whole', { label }, lang);
  return '';
}

/** Shortest text that gives back v exactly enough for a URL (6 significant digits). */
export function numberText(v) {
  return String(+Number(v).toPrecision(6));
}

/**
 * @param {URLSearchParams} query
 * @param {{name:string, defaultMethod:string, defaultDt:number, defaultBeta?:number,
 *          defaultView:string, unstablePanels?:number, workerGroups?:string, params:number}[]} scenes
 * @param {{name:string}[]} steppers
 * @param {{name:string, flag:number, min:number, max:number, label:string, unit:string}[]} paramInfos
 * @param {{name:string}[]} fields  the colour-map fields (core.fields): what color= may name
 * @returns {{scene:object, panels:{method:string, dt:number, beta:number, iterations:number|undefined, xpbdDamping:number|undefined, params:object,
 *            unstable:boolean, group:number|undefined}[],   (unstable: the scene's own
 *            comparison, and its data says this panel is meant to blow up:
 *            sl_scene_class.unstable_panels; group: likewise, its Worker group:
 *            sl_scene_class.worker_groups)
 *            camera:object|null, paused:boolean, embed:boolean, plot:string|null,
 *            playback:'live'|'ahead'|null,
 *            notices:string[]}}
 */
export function parseParams(query, scenes, steppers, paramInfos = [], fields = []) {
  const notices = [];
  // get(key): the value of key in the query as it stands (the scene's own comparison
  // merged in below), null if absent or too long (with a notice)
  const get = (key) => {
    const v = query.get(key);
    if (v !== null && v.length > MAX_PARAM_LENGTH) {
      notices.push(t('url.too_long', { key }));
      return null;
    }
    return v;
  };
  const scene = readScene(get, scenes, notices);
  // A URL that names no steppers opens the scene's own comparison (the core's scene
  // table: sl_scene_class.default_view, in this syntax); what the URL gives wins.
  // (its panels as the scene states them: no steppers and no Δt from the URL)
  const ownComparison = (query.get('methods') || '').trim() === '' && (query.get('dt') || '').trim() === '';
  if ((query.get('methods') || '').trim() === '' && scene.defaultView) {
    const merged = new URLSearchParams(scene.defaultView);
    for (const [key, value] of query) if (key !== 'methods') merged.set(key, value);
    query = merged;
  }
  const methods = readMethods(get, steppers, scene, notices);
  const dts = readDts(get, methods.length, scene, notices);
  const perPanel = (key, problem) => readPerPanel(get, key, problem, methods.length, notices);
  const betas = perPanel('beta', (b) => (validBeta(b) ? '' : t('problem.beta', { max: String(MAX_BETA) }))) || methods.map(() => scene.defaultBeta || 0);
  const iterations = perPanel('iterations', (n) => (Number.isInteger(n) && n >= ITERATIONS.min && n <= ITERATIONS.max ? ''
    : t('problem.iterations', { min: ITERATIONS.min, max: ITERATIONS.max }))) || methods.map(() => undefined);
  const dampings = perPanel('xpbd_damping', (tau) => (tau >= XPBD_DAMPING.min && tau <= XPBD_DAMPING.max ? ''
    : t('problem.xpbd_damping', { min: String(XPBD_DAMPING.min), max: String(XPBD_DAMPING.max) }))) || methods.map(() => undefined);
  const params = methods.map(() => ({}));
  for (const info of paramInfos) {
    const values = perPanel(info.name, (v) => paramProblem(info, v));
    if (!values) continue;
    if (scene.params !== undefined && !(scene.params & info.flag)) {
      notices.push(t('url.no_such_param', { scene: scene.name, name: info.name }));
      continue;
    }
    values.forEach((v, i) => { params[i][info.name] = v; });
  }
  noteUnknownKeys(query, paramInfos, notices);
  const camera = readCamera(get, notices);
  const plot = get('plot');
  const view = readView(get, notices, fields);
  const playback = readChoice(get, 'playback', ['live', 'ahead'], notices);
  return {
    view,
    scene,
    playback,
    panels: methods.map((method, i) => ({ method, dt: dts[i], beta: betas[i], iterations: iterations[i], xpbdDamping: dampings[i], params: params[i],
      unstable: ownComparison && ((scene.unstablePanels || 0) >> i & 1) === 1,
      group: ownComparison && scene.workerGroups ? Number(scene.workerGroups.split(',')[i]) : undefined })),
    camera,
    paused: get('paused') === '1',
    embed: get('embed') === '1',
    // checked against the chart's quantities once the chart is made (web/lab/lab-parts.js
    // startPlots), which notices a name it does not plot
    plot: plot && plot.trim() ? plot.slice(0, 60) : null,
    // the course API's allow-list, as given (web/course/course-api.js parses it); kept in every URL
    // the lab writes, so a reload or a shared link keeps it. Cut, never dropped: a list
    // too long to read allows less, not every origin.
    origins: query.get('origins') === null ? null : query.get('origins').slice(0, 2000),
    // the controls a course hides or locks (web/course/control-locks.js parses them once the
    // panels are known); kept in every URL the lab writes, as origins is
    hide: query.get('hide') === null ? null : query.get('hide').slice(0, 2000),
    lock: query.get('lock') === null ? null : query.get('lock').slice(0, 2000),
    notices,
  };
}

/** The scene the URL names (the first of the table if none, or an unknown one: noticed). */
function readScene(get, scenes, notices) {
  const name = get('scene');
  if (name === null || name === '') return scenes[0];
  const found = scenes.find((s) => s.name === name);
  if (!found) notices.push(t('url.unknown_scene', { name: shown(name), shown: scenes[0].name }));
  return found || scenes[0];
}

/** The panels' steppers from “methods”: the known ones, at most MAX_PANELS (unknown and
 *  surplus ones noticed); none known: seed 000 Fig. 2's steppers, or the scene's own. */
function readMethods(get, steppers, scene, notices) {
  const stepperNames = new Set(steppers.map((s) => s.name));
  let methods = [];
  const unknownSteppers = [];
  const methodList = get('methods');
  if (methodList !== null && methodList.trim() !== '') {
    for (const raw of methodList.split(',')) {
      const name = raw.trim();
      if (!name) continue;
      if (stepperNames.has(name)) methods.push(name);
      else unknownSteppers.push(name);
    }
    // one notice for all of them (a screen reader hears each notice: issue 30)
    if (unknownSteppers.length) {
      const [names, known] = [listed(unknownSteppers), [...stepperNames].join(', ')];
      notices.push(unknownSteppers.length > 1 ? t('url.unknown_steppers', { names, known }) : t('url.unknown_stepper', { names, known }));
    }
    if (methods.length > MAX_PANELS) {
      notices.push(t('url.max_panels', { max: MAX_PANELS, first: MAX_PANELS }));
      methods = methods.slice(0, MAX_PANELS);
    }
  }
  if (methods.length === 0) {
    methods = DEFAULT_METHODS.filter((m) => stepperNames.has(m));
    if (methods.length === 0) methods = [scene.defaultMethod];
    if (methodList !== null && methodList.trim() !== '') notices.push(t('url.no_known_stepper'));
  }
  return methods;
}

/** The panels' Δt (s) from “dt”: one value or one per panel, each in the page's range;
 *  otherwise (noticed) the scene's default for every panel. */
function readDts(get, count, scene, notices) {
  const fallback = Array.from({ length: count }, () => scene.defaultDt);
  const dtText = get('dt');
  if (dtText === null || dtText.trim() === '') return fallback;
  const values = dtText.split(',').map((v) => Number(v.trim()));
  if (values.length !== 1 && values.length !== count) {
    notices.push(t('url.dt_count', { count, dt: String(scene.defaultDt) }));
    return fallback;
  }
  if (!values.every(validDt)) {
    notices.push(t('url.dt_range', { range: DT_RANGE_TEXT, got: shown(dtText), dt: String(scene.defaultDt) }));
    return fallback;
  }
  return fallback.map((_, i) => (values.length === 1 ? values[0] : values[i]));
}

/** One value of key for all `count` panels or one per panel; null (with a notice) if
 *  malformed or if problem(value) says why a value is refused. */
function readPerPanel(get, key, problem, count, notices) {
  const text = get(key);
  if (text === null || text.trim() === '') return null;
  const values = text.split(',').map((v) => Number(v.trim()));
  if (values.length !== 1 && values.length !== count) {
    notices.push(t('url.count', { key, count }));
    return null;
  }
  const bad = values.map(problem).find((p) => p);
  if (bad) {
    notices.push(t('url.refused', { key, problem: bad, got: shown(text) }));
    return null;
  }
  return Array.from({ length: count }, (_, i) => (values.length === 1 ? values[0] : values[i]));
}

/** One notice for every key the page does not read (2,000 unknown keys are one notice,
 *  not 2,000: issue 30). */
function noteUnknownKeys(query, paramInfos, notices) {
  const known = new Set(['scene', 'methods', 'dt', 'beta', 'iterations', 'xpbd_damping', 'camera', 'paused', 'plot', 'view', 'ghost', 'frames', 'color', 'embed', 'origins', 'hide', 'lock', 'playback', 'lang', ...paramInfos.map((p) => p.name)]);
  const unknown = [...new Set(query.keys())].filter((key) => !known.has(key));
  if (unknown.length === 1) notices.push(t('url.unknown_key', { key: shown(unknown[0]) }));
  else if (unknown.length > 1) notices.push(t('url.unknown_keys', { keys: listed(unknown) }));
}

/** {yaw, pitch, zoom, pan} from “camera” (yaw,pitch,zoom[,pan x,y,z]), or null. */
function readCamera(get, notices) {
  const text = get('camera');
  if (text === null || text.trim() === '') return null;
  const c = text.split(',').map(Number);
  if ((c.length === 3 || c.length === 6) && c.every(Number.isFinite)) {
    return { yaw: c[0], pitch: c[1], zoom: c[2], pan: c.length === 6 ? c.slice(3) : [0, 0, 0] };
  }
  notices.push(t('url.camera'));
  return null;
}

/** The view flags: wireframe or shaded, rest ghost, rotation triads, colour map. */
function readView(get, notices, fields) {
  const view = { view: get('view') === 'wireframe' ? 'wireframe' : 'shaded', ghost: get('ghost') === '1', frames: get('frames') === '1', color: get('color') };
  const asked = get('view');
  if (asked !== null && asked !== 'wireframe' && asked !== 'shaded') {
    notices.push(t('url.view', { got: shown(asked) }));
  }
  const names = fields.map((f) => f.name); // the core's colour-map fields (sl_field_describe)
  if (view.color !== null && !names.includes(view.color)) {
    notices.push(t('url.color', { names: either(names), got: shown(view.color) }));
    view.color = null;
  }
  return view;
}

/** The value of key if it is one of `choices`, else null (noticed if given). */
function readChoice(get, key, choices, notices) {
  const value = get(key);
  if (value === null || choices.includes(value)) return value;
  notices.push(t('url.choice', { key, choices: either(choices), got: shown(value) }));
  return null;
}

/**
 * The query string that reproduces the current lab.
 * @param {{scene:string, defaultBeta?:number, panels:{method:string, dt:number, beta:number, iterations?:number, xpbdDamping?:number, params:object}[],
 *          camera?:object, paused?:boolean, embed?:boolean, plot?:string, origins?:string|null, hide?:string|null, lock?:string|null,
 *          playback?:string|null, lang?:string|null}} state  (β is written
 *          when a panel's differs from the scene's default, defaultBeta, 0 if not given)
 */
export function makeQuery(state) {
  const q = new URLSearchParams();
  const { panels } = state;
  const list = (values) => {
    const texts = values.map(numberText);
    return texts.every((t) => t === texts[0]) ? texts[0] : texts.join(',');
  };
  q.set('scene', state.scene);
  q.set('methods', panels.map((p) => p.method).join(','));
  q.set('dt', list(panels.map((p) => p.dt)));
  if (panels.some((p) => (p.beta || 0) !== (state.defaultBeta || 0))) q.set('beta', list(panels.map((p) => p.beta || 0)));
  const iterations = panels.map((p) => p.iterations ?? ITERATIONS.default);
  if (iterations.some((n) => n !== ITERATIONS.default)) q.set('iterations', list(iterations));
  const dampings = panels.map((p) => p.xpbdDamping ?? XPBD_DAMPING.default);
  if (dampings.some((tau) => tau !== XPBD_DAMPING.default)) q.set('xpbd_damping', list(dampings));
  const names = [...new Set(panels.flatMap((p) => Object.keys(p.params || {})))];
  for (const name of names) {
    const values = panels.map((p) => p.params[name]);
    if (values.every((v) => Number.isFinite(v))) q.set(name, list(values));
  }
  if (state.camera) {
    const c = state.camera;
    const parts = [c.yaw, c.pitch, c.zoom];
    if (c.pan && c.pan.some((v) => v !== 0)) parts.push(...c.pan);
    q.set('camera', parts.map((v) => numberText(v)).join(','));
  }
  if (state.paused) q.set('paused', '1');
  if (state.embed) q.set('embed', '1');
  if (state.playback) q.set('playback', state.playback);
  if (state.plot && state.plot !== 'height') q.set('plot', state.plot);
  if (typeof state.origins === 'string') q.set('origins', state.origins);
  if (typeof state.hide === 'string') q.set('hide', state.hide);
  if (typeof state.lock === 'string') q.set('lock', state.lock);
  if (state.lang) q.set('lang', state.lang); // the language the URL asked for (web/ui/messages.js)
  for (const [key, value] of Object.entries(state.view || {})) if (value) q.set(key, value);
  // , : / need no escape in a query (RFC 3986): lists and origins stay readable
  return '?' + q.toString().replace(/%2C/g, ',').replace(/%3A/g, ':').replace(/%2F/g, '/').replace(/%40/g, '@');
}
