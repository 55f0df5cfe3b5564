// The course author's API (issue 30): a page that embeds the lab in an iframe drives it
// with window.postMessage, through a versioned message set documented in README.md
// ("Course API"). It sits on what the lab shows to tests and the console (window.softlab,
// web/lab/lab-face.js): its settled() state, its control functions (the ones the page's own
// controls call, so the URL and the controls follow) and its events. It judges nothing:
// every verdict and bound it reports is the core's, as the panels show them.
//
//   startCourseApi(win, lab, {origins, notice, locks})   listens on win; origins: the URL's
//                                                  `origins` parameter (null: any origin);
//                                                  locks: web/course/control-locks.js controlLocks
//
// Every message in and out is a plain object {softlab: version, type, ...}. A message
// that is not valid in every field is answered with an error and changes nothing.
// Version 2 (issue 45) adds set-controls, save-state, load-state, get-plot-data, the
// action and samples events and set's iterations; version 1's messages are answered as
// before, each answer in the version its request was written in.

import { DT_RANGE_TEXT, ITERATIONS, MAX_BETA, XPBD_DAMPING, paramProblem, validBeta, validDt } from '../settings/params.js';
import { CONTROL_NAMES, CONTROL_STATES, PANEL_CONTROLS } from './control-locks.js';

export const VERSION = 2;
export const VERSIONS = [1, 2];
/** What only version 2 speaks: its messages and events. */
const V2_MESSAGES = new Set(['set-controls', 'save-state', 'load-state', 'get-plot-data']);
const V2_EVENTS = new Set(['action', 'samples']);
// A saved state (save-state, load-state): {format: STATE_FORMAT, version: STATE_VERSION, ...}
export const STATE_FORMAT = 'softlab-state';
export const STATE_VERSION = 1;
const MAX_ACTIONS = 256;         // actions waiting to be sent (a task's worth), at most
const SAMPLE_RATE = [0.1, 30];   // Hz: a samples subscription's range
const PLOT_ROWS = [1, 4096];     // rows of a panel that get-plot-data sends, at most
const MAX_ORIGINS = 20;
const MAX_ID_LENGTH = 200;
const MAX_STEPS = 100;          // steps one `step` message may take
const MAX_SUBSCRIPTIONS = 100;  // per lab
// Messages accepted and not yet answered, at most (issue 43): any page may post (without
// origins=), and 10,000 queued get-state messages held the API for over 5 minutes; the
// rest are refused at once with the code `busy`, and nothing of them is kept.
export const MAX_PENDING = 32;
// Refusals waiting to be sent (the outbox, below), at most; sent this many per task.
export const MAX_OUTBOX = 16384;
const OUTBOX_CHUNK = 256;
const OUTBOX_WAIT_MS = 1000; // a refusal waits at most about this long for a background task
const EVENTS = ['diverged', 'time', 'answered', 'action', 'samples'];
const QUESTIONS = ['stable-dt'];

/** The allow-list of the `origins` URL parameter: {any, list, problems}. null (absent) or
 *  '*': any origin. Else comma-separated origins (scheme://host[:port], http or https);
 *  entries that are not are listed in problems and allow nothing. Empty: no other origin. */
export function parseOrigins(text) {
  if (text === null || text === undefined || text.trim() === '*') return { any: true, list: [], problems: [] };
  const list = [], problems = [];
  for (const raw of text.split(',').map((s) => s.trim()).filter(Boolean).slice(0, MAX_ORIGINS)) {
    let origin = '';
    try {
      const u = new URL(raw);
      if ((u.protocol === 'http:' || u.protocol === 'https:') && u.origin === raw.replace(/\/$/, '')) origin = u.origin;
    } catch { /* not a URL */ }
    if (origin) list.push(origin);
    else problems.push(raw.length > 40 ? raw.slice(0, 40) + '…' : raw);
  }
  return { any: false, list, problems };
}

/** x if a finite number, else null (JSON has no NaN or Infinity). */
const fin = (x) => (Number.isFinite(x) ? x : null);

class Refusal extends Error {
  constructor(code, message, extra = {}) {
    super(message);
    this.code = code;
    this.extra = extra;
  }
}
const bad = (text) => { throw new Refusal('bad-field', text); };

/** Field checks: each returns the value to use or throws a bad-field Refusal. */
function integerIn(name, lo, hi) {
  return (v) => (Number.isInteger(v) && v >= lo && v <= hi ? v : bad(`${name} must be a whole number from ${lo} to ${hi}`));
}
function oneOf(name, values) {
  return (v) => (values.includes(v) ? v : bad(`${name} must be one of ${values.join(', ')}`));
}

export function startCourseApi(win, lab, { origins = null, notice = () => {}, locks = null } = {}) {
  const policy = parseOrigins(origins);
  for (const p of policy.problems) notice(`The “origins” entry “${p}” is not an origin (like https://course.example.org); ignored.`);
  const self = win.location.origin;
  const allowed = (origin) => origin === self || policy.any || policy.list.includes(origin);
  const { control } = lab;
  const panelCount = lab.panels.length;
  const infos = control.params; // the scene's parameters (the core's table)
  const subscriptions = new Map(); // id -> {event, t, source, origin}
  let nextSubscription = 1;

  // an answer or event is written in the version of the message it answers (subscribes)
  const send = (source, origin, msg, version = 1) => {
    try {
      source.postMessage({ softlab: version, ...msg }, origin === 'null' ? '*' : origin);
    } catch { /* a closed window, or a value that does not clone: nothing to answer */ }
  };

  // ---- the state, as every panel shows it ---------------------------------------------

  async function readState() {
    const s = await lab.settled();
    const tracked = await Promise.all(s.panels.map((_, i) => lab.simCall(i, 'tracked_node').catch(() => -1)));
    return {
      t: s.t, playing: s.playing, scene: lab.scene,
      panels: s.panels.map((p, i) => {
        const node = tracked[i];
        const theory = Number.isFinite(p.omegaMax) && p.bound > 0 && Number.isFinite(p.bound) ? p.bound / p.omegaMax : NaN;
        return {
          index: i, method: p.method, dt: p.dt, beta: p.beta, iterations: p.iterations, xpbdDamping: fin(p.xpbdDamping), t: p.t,
          params: Object.fromEntries(infos.map((info) => [info.name, fin(p.values[info.name])])),
          verdict: p.verdict, reason: p.reason, diverged: p.diverged, divergedAt: fin(p.divergedAt),
          energy: Object.fromEntries(Object.entries(p.energy).map(([k, v]) => [k, fin(v)])),
          volumeRatio: fin(p.volumeRatio),
          tracked: node >= 0 && 3 * node + 2 < p.positions.length
            ? { node, position: p.positions.slice(3 * node, 3 * node + 3), height: fin(p.height) } : null,
          omegaMax: fin(p.omegaMax), bound: p.bound === Infinity ? 'none' : fin(p.bound), theoryDt: fin(theory),
        };
      }),
    };
  }

  // ---- save-state, load-state (version 2) ------------------------------------------------

  /** The quantity the chart plots (its phase portrait plots none: then the height). */
  const plotted = () => (lab.chart.ids.includes(lab.chart.quantity) ? lab.chart.quantity : 'height');

  /** The whole lab as one object (README, "save-state"): read with the lab paused, every
   *  Worker caught up; a lab that was playing plays on. The bodies' state is the core's
   *  (sl_api_positions, sl_api_velocities, sl_api_time), read in each panel's Worker,
   *  which forgets its stepper's history then (sl_api_restart_history), so that this run
   *  and one loaded from the state go on bit for bit alike. */
  async function saveState() {
    const playing = lab.state().playing;
    if (playing) control.pause();
    const s = await lab.settled();
    const saved = await control.saveStates();
    if (playing) control.play();
    return {
      format: STATE_FORMAT, version: STATE_VERSION, scene: lab.scene, t: s.t, playing, url: lab.shareUrl(),
      panels: s.panels.map((p, i) => ({
        method: p.method, dt: p.dt, beta: p.beta, iterations: Number.isInteger(p.iterations) ? p.iterations : null,
        params: Object.fromEntries(infos.map((info) => [info.name, p.values[info.name]])),
        t: saved[i].t, energy0: fin(saved[i].energy0),
        positions: Array.from(saved[i].x), velocities: Array.from(saved[i].v),
        pins: Array.from(saved[i].pins).flatMap((on, node) => (on ? [node] : [])),
      })),
    };
  }

  const finiteList = (name, v, max) => {
    if (!Array.isArray(v) || v.length > max || !v.every((x) => typeof x === 'number' && Number.isFinite(x))) {
      bad(`${name} must be a list of at most ${max} finite numbers`);
    }
    return v;
  };

  /** A state to load, checked in every field before anything changes: the state with
   *  typed arrays, or throws a Refusal (bad-field, or version for another state version). */
  function checkState(v) {
    if (!v || typeof v !== 'object' || Array.isArray(v) || v.format !== STATE_FORMAT) {
      bad(`state must be what save-state answered: an object {format: '${STATE_FORMAT}', version: ${STATE_VERSION}, scene, t, panels, ...}`);
    }
    if (v.version !== STATE_VERSION) {
      throw new Refusal('version', `state version ${String(v.version).slice(0, 20)} is not read here; state versions: ${STATE_VERSION}`, { stateVersions: [STATE_VERSION] });
    }
    if (v.scene !== lab.scene || !Array.isArray(v.panels) || v.panels.length !== panelCount) {
      const url = typeof v.url === 'string' ? v.url.slice(0, 4000) : null;
      throw new Refusal('bad-field', `this state is of the scene “${String(v.scene).slice(0, 60)}” with ${Array.isArray(v.panels) ? v.panels.length : 'no'} panels; this lab shows “${lab.scene}” with ${panelCount}: open the lab at the state's url first`, { url });
    }
    if (typeof v.t !== 'number' || !(v.t >= 0) || !Number.isFinite(v.t)) bad('state.t must be a time in seconds >= 0');
    if (typeof v.playing !== 'boolean') bad('state.playing must be true or false');
    const now = lab.state().panels;
    const panels = v.panels.map((p, i) => {
      const at = `state.panels[${i}]`;
      if (!p || typeof p !== 'object') bad(`${at} must be an object`);
      if (!lab.steppers.includes(p.method)) bad(`${at}.method must be a stepper name: ${lab.steppers.join(', ')}`);
      if (typeof p.dt !== 'number' || !validDt(p.dt)) bad(`${at}.dt must be a number of seconds with ${DT_RANGE_TEXT}`);
      if (typeof p.beta !== 'number' || !validBeta(p.beta)) bad(`${at}.beta must be a number of 1/s in [0, ${MAX_BETA}]`);
      if (p.iterations !== null && !(Number.isInteger(p.iterations) && p.iterations >= ITERATIONS.min && p.iterations <= ITERATIONS.max)) {
        bad(`${at}.iterations must be null or a whole number from ${ITERATIONS.min} to ${ITERATIONS.max}`);
      }
      if (!p.params || typeof p.params !== 'object') bad(`${at}.params must be an object {name: value} of every parameter`);
      for (const info of infos) {
        if (typeof p.params[info.name] !== 'number') bad(`${at}.params.${info.name} must be a number`);
        const problem = paramProblem(info, p.params[info.name]);
        if (problem) bad(`${at}.params.${info.name}: ${problem}`);
      }
      if (typeof p.t !== 'number' || !(p.t >= 0) || !Number.isFinite(p.t)) bad(`${at}.t must be a time in seconds >= 0`);
      if (p.energy0 !== null && typeof p.energy0 !== 'number') bad(`${at}.energy0 must be a number (J) or null`);
      const x = finiteList(`${at}.positions`, p.positions, 3e6), vel = finiteList(`${at}.velocities`, p.velocities, 3e6);
      if (x.length % 3 || vel.length !== x.length || !x.length) bad(`${at}.positions and velocities must be 3 numbers a node each, as many of each`);
      const same = infos.every((info) => Object.is(p.params[info.name], now[i].values[info.name]));
      if (same && x.length !== now[i].positions.length) bad(`${at} has ${x.length / 3} nodes; this panel's body has ${now[i].positions.length / 3}`);
      const n = x.length / 3;
      if (!Array.isArray(p.pins) || p.pins.length > n || !p.pins.every((k) => Number.isInteger(k) && k >= 0 && k < n)) bad(`${at}.pins must be a list of node indexes (0 to ${n - 1})`);
      const pins = new Int32Array(n);
      for (const k of p.pins) pins[k] = 1;
      return { ...p, params: { ...p.params }, x: Float64Array.from(x), v: Float64Array.from(vel), pins };
    });
    return { t: v.t, playing: v.playing, panels };
  }

  /** Puts the lab at a checked state: each panel's settings (only where they differ: each
   *  change restarts the comparison), its pins and its bodies' state (sl_api_restore), the
   *  clock at the state's t; then plays if it played. Resolves to the state now. */
  async function loadState(st) {
    control.pause();
    await lab.settled();
    const refusals = [];
    for (let i = 0; i < panelCount && !refusals.length; i++) {
      const want = st.panels[i], now = lab.state().panels[i];
      if (infos.some((info) => !Object.is(want.params[info.name], now.values[info.name]))) refusals.push(...(await control.setParams([i], want.params)));
      if (!refusals.length && (want.method !== now.method || !Object.is(want.dt, now.dt) || !Object.is(want.beta, now.beta))) {
        refusals.push(...(await control.setRun([i], { method: want.method, dt: want.dt, beta: want.beta })));
      }
      if (!refusals.length && want.iterations !== null && want.iterations !== now.iterations) refusals.push(...(await control.setIterations([i], want.iterations)));
    }
    if (!refusals.length) {
      await lab.settled();
      refusals.push(...(await control.restore(st.t, st.panels)));
    }
    if (refusals.length) throw new Refusal('refused', refusals.map((r) => `panel ${r.panel}: ${r.error}`).join('; '), { refusals });
    if (st.playing) control.play();
    return readState();
  }

  /** get-plot-data: the chart's record of quantity q (the samples its CSV holds, spread over
   *  the whole run) for the panels of indexes, at most `rows` of each (every k-th kept). */
  function plotData(q, indexes, rows) {
    const k = lab.chart.ids.indexOf(q), info = lab.chart.quantities[k];
    return {
      quantity: q, label: info.label, unit: info.unit || '',
      panels: indexes.map((i) => {
        const rec = lab.chart.record[i], every = Math.max(1, Math.ceil(rec.rows / rows)), t = [], values = [];
        for (let r = 0; r < rec.rows; r += every) {
          const row = rec.row(r);
          t.push(row[0]);
          values.push(fin(row[1 + k]));
        }
        return { index: i, t, values, samples: rec.samples, every: rec.stride * every };
      }),
    };
  }

  // ---- the messages ---------------------------------------------------------------------

  const panelsField = (v) => {
    const list = Array.isArray(v) ? v : [v];
    if (list.length < 1 || list.length > panelCount) bad(`panel must be a panel index or a list of them`);
    for (const i of list) integerIn('panel', 0, panelCount - 1)(i);
    return [...new Set(list)];
  };
  const paramsField = (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) bad('params must be an object {name: value in SI units}');
    const keys = Object.keys(v);
    if (keys.length === 0) bad('params is empty');
    for (const name of keys) {
      const info = infos.find((x) => x.name === name);
      if (!info) bad(`this scene has no parameter “${String(name).slice(0, 40)}”; it has ${infos.map((x) => x.name).join(', ') || 'none'}`);
      if (typeof v[name] !== 'number') bad(`params.${name} must be a number`);
      const problem = paramProblem(info, v[name]);
      if (problem) bad(`params.${name}: ${problem}`);
    }
    return { ...v };
  };

  /** name -> {fields: {field: check}, required: [...], run(fields, from)}. */
  const MESSAGES = {
    hello: {
      fields: {},
      run: async () => ({
        version: VERSION, versions: VERSIONS, scene: lab.scene, panels: panelCount,
        steppers: lab.steppers, params: infos.map(({ name, label, unit, min, max, integer }) => ({ name, label, unit, min, max, integer })),
        messages: Object.keys(MESSAGES), events: EVENTS, questions: QUESTIONS,
        controls: CONTROL_NAMES, quantities: lab.chart.ids, stateVersion: STATE_VERSION,
      }),
    },
    'get-state': { fields: {}, run: () => readState() },
    set: {
      fields: {
        panel: panelsField,
        method: (v) => (lab.steppers.includes(v) ? v : bad(`method must be a stepper name: ${lab.steppers.join(', ')}`)),
        dt: (v) => (typeof v === 'number' && validDt(v) ? v : bad(`dt must be a number of seconds with ${DT_RANGE_TEXT}`)),
        beta: (v) => (typeof v === 'number' && validBeta(v) ? v : bad(`beta must be a number of 1/s in [0, ${MAX_BETA}]`)),
        params: paramsField,
        iterations: integerIn('iterations', ITERATIONS.min, ITERATIONS.max),
        // s, XPBD's damping time τ: a number is passed on, the core refuses it outside its range
        xpbdDamping: (v) => (typeof v === 'number' ? v : bad(`xpbdDamping must be a number of seconds in [${XPBD_DAMPING.min}, ${XPBD_DAMPING.max}]`)),
      },
      check: (f) => {
        if (!['method', 'dt', 'beta', 'params', 'iterations', 'xpbdDamping'].some((k) => k in f)) bad('set needs at least one of method, dt, beta, params, iterations, xpbdDamping');
      },
      run: async (f) => {
        const indexes = f.panel || [...Array(panelCount).keys()];
        const refusals = [];
        if (f.params) refusals.push(...(await control.setParams(indexes, f.params)));
        if (!refusals.length && ('method' in f || 'dt' in f || 'beta' in f)) {
          refusals.push(...(await control.setRun(indexes, { method: f.method, dt: f.dt, beta: f.beta })));
        }
        if (!refusals.length && 'iterations' in f) refusals.push(...(await control.setIterations(indexes, f.iterations)));
        if (!refusals.length && 'xpbdDamping' in f) refusals.push(...(await control.setXpbdDamping(indexes, f.xpbdDamping)));
        if (refusals.length) {
          throw new Refusal('refused', refusals.map((r) => `panel ${r.panel}: ${r.error}`).join('; '), { refusals });
        }
        return readState();
      },
    },
    play: { fields: {}, run: () => { control.play(); return readState(); } },
    pause: { fields: {}, run: () => { control.pause(); return readState(); } },
    step: {
      fields: { count: integerIn('count', 1, MAX_STEPS) },
      run: async (f) => {
        for (let k = 0; k < (f.count || 1); k++) {
          control.step();
          await lab.settled();
        }
        return readState();
      },
    },
    reset: { fields: {}, run: () => { control.reset(); return readState(); } },
    subscribe: {
      fields: {
        event: oneOf('event', EVENTS),
        t: (v) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : bad('t must be a time in seconds > 0')),
        rate: (v) => (typeof v === 'number' && v >= SAMPLE_RATE[0] && v <= SAMPLE_RATE[1] ? v : bad(`rate must be a number of samples a second in [${SAMPLE_RATE.join(', ')}]`)),
        channels: (v) => {
          if (!Array.isArray(v) || !v.length || v.length > lab.chart.ids.length) bad(`channels must be a list of the plotted quantities: ${lab.chart.ids.join(', ')}`);
          for (const id of v) if (!lab.chart.ids.includes(id)) bad(`channels: “${String(id).slice(0, 40)}” is not plotted; quantities: ${lab.chart.ids.join(', ')}`);
          return [...new Set(v)];
        },
      },
      required: ['event'],
      check: (f, version) => {
        if (V2_EVENTS.has(f.event) && version < 2) throw new Refusal('version', `the ${f.event} event is version 2's: send softlab: 2`, { versions: VERSIONS });
        if (f.event === 'time' && !('t' in f)) bad('a time event needs t (s)');
        if (f.event !== 'time' && 't' in f) bad(`t belongs to the time event only`);
        if (f.event === 'samples' && !('rate' in f)) bad('a samples event needs rate (samples a second)');
        if (f.event !== 'samples' && ('rate' in f || 'channels' in f)) bad('rate and channels belong to the samples event only');
        if (subscriptions.size >= MAX_SUBSCRIPTIONS) throw new Refusal('limit', `at most ${MAX_SUBSCRIPTIONS} subscriptions`);
      },
      run: (f, from) => {
        const id = nextSubscription++;
        subscriptions.set(id, { event: f.event, t: f.t, rate: f.rate, channels: f.channels, next: undefined, timer: 0, ...from });
        if (f.event === 'samples') setTimeout(() => sampleTick(id), 0); // the first at once, after the reply
        return {
          subscription: id, event: f.event, ...(f.event === 'time' ? { t: f.t } : {}),
          ...(f.event === 'samples' ? { rate: f.rate, channels: f.channels || [plotted()] } : {}),
        };
      },
    },
    unsubscribe: {
      fields: { subscription: integerIn('subscription', 1, Number.MAX_SAFE_INTEGER) },
      required: ['subscription'],
      run: (f, from) => {
        const s = subscriptions.get(f.subscription);
        if (!s || s.source !== from.source) throw new Refusal('bad-field', `no subscription ${f.subscription} of this page`);
        subscriptions.delete(f.subscription);
        return { subscription: f.subscription, removed: true };
      },
    },
    'set-controls': {
      fields: {
        controls: (v) => {
          if (!v || typeof v !== 'object' || Array.isArray(v) || !Object.keys(v).length) bad(`controls must be an object {control: state}, control one of ${CONTROL_NAMES.join(', ')}`);
          for (const [name, state] of Object.entries(v)) {
            if (!CONTROL_NAMES.includes(name)) bad(`“${name.slice(0, 40)}” is no control; controls: ${CONTROL_NAMES.join(', ')}`);
            if (!CONTROL_STATES.includes(state)) bad(`controls.${name} must be one of ${CONTROL_STATES.join(', ')}`);
          }
          return { ...v };
        },
        panel: panelsField,
      },
      required: ['controls'],
      check: (f) => {
        if (!locks) throw new Refusal('failed', 'this page has no controls to lock');
        const pageOnes = Object.keys(f.controls).filter((name) => !(name in PANEL_CONTROLS));
        if (f.panel && pageOnes.length) bad(`${pageOnes.join(', ')} ${pageOnes.length > 1 ? 'are' : 'is'} the page's, not a panel's: send them without panel`);
      },
      run: (f) => {
        for (const [name, state] of Object.entries(f.controls)) locks.set(name, state, f.panel || null);
        locks.apply();
        return { controls: locks.get() };
      },
    },
    'save-state': { fields: {}, run: () => saveState() },
    'load-state': {
      fields: { state: (v) => checkState(v) },
      required: ['state'],
      run: (f) => loadState(f.state),
    },
    'get-plot-data': {
      fields: {
        quantity: (v) => (lab.chart.ids.includes(v) ? v : bad(`quantity must be one of ${lab.chart.ids.join(', ')}`)),
        panel: panelsField,
        rows: integerIn('rows', PLOT_ROWS[0], PLOT_ROWS[1]),
      },
      run: (f) => plotData(f.quantity || (lab.chart.ids.includes(lab.chart.quantity) ? lab.chart.quantity : 'height'),
        f.panel || [...Array(panelCount).keys()], f.rows || 1024),
    },
    ask: {
      fields: { question: oneOf('question', QUESTIONS), panel: integerIn('panel', 0, panelCount - 1) },
      required: ['question', 'panel'],
      run: (f) => {
        control.findStableDt(f.panel); // its answer comes as an 'answered' event
        return { question: f.question, panel: f.panel, asked: true };
      },
    },
  };

  /** The request's fields, checked: throws a Refusal, or returns {name: value}. */
  function checkFields(spec, data, version) {
    const fields = Object.create(null); // a field named __proto__ sets nothing
    for (const [key, value] of Object.entries(data)) {
      if (key === 'softlab' || key === 'type' || key === 'id') continue;
      // own fields only: constructor, toString, __proto__ are no fields of a message
      const check = Object.hasOwn(spec.fields, key) ? spec.fields[key] : null;
      if (!check) {
        const known = Object.keys(spec.fields);
        bad(`unknown field “${key.slice(0, 40)}” (${known.length ? 'fields: ' + known.join(', ') : 'this message has no fields'})`);
      }
      fields[key] = check(value);
    }
    for (const key of spec.required || []) if (!(key in fields)) bad(`missing field ${key}`);
    if (spec.check) spec.check(fields, version);
    return fields;
  }

  // ---- events ----------------------------------------------------------------------------

  const emit = (event, detail) => {
    for (const [id, s] of subscriptions) {
      if (s.source.closed) subscriptions.delete(id); // a page that went away
      else if (s.event === event) send(s.source, s.origin, { type: 'event', event, subscription: id, ...detail }, s.version);
    }
  };
  lab.on('diverged', ({ panel, t }) => {
    const p = lab.state().panels[panel];
    emit('diverged', { panel, t, method: p.method, dt: p.dt, verdict: p.verdict, reason: p.reason });
  });
  lab.on('answered', ({ panel, result }) => {
    const p = lab.state().panels[panel];
    const theory = Number.isFinite(p.omegaMax) && p.bound > 0 && Number.isFinite(p.bound) ? p.bound / p.omegaMax : NaN;
    emit('answered', {
      question: 'stable-dt', panel, method: p.method, dt: p.dt,
      stableDt: result ? fin(result.dt) : null, capped: result ? !!result.capped : false,
      theoryDt: fin(theory), failed: !result,
    });
    act({ action: 'answered', question: 'stable-dt', panel, stableDt: result ? fin(result.dt) : null });
  });
  lab.on('frame', (shown) => {
    for (const [id, s] of subscriptions) {
      if (s.source.closed) subscriptions.delete(id);
      if (s.event !== 'time' || shown < s.t || s.source.closed) continue;
      subscriptions.delete(id); // once
      send(s.source, s.origin, { type: 'event', event: 'time', subscription: id, t: s.t, shown }, s.version);
    }
    sendSamples(shown);
  });

  // ---- samples (version 2): the plotted channels, at the rate asked ------------------------
  // Due on the rate's clock (a late event does not delay the next; one a whole period late
  // starts the clock again from now) and sent by whichever comes first once due: the frame
  // loop (the time shown moves once a frame) or the subscription's timer (a browser slows
  // the frames of a loaded machine or of a frame it deems out of sight, and the timers of
  // another: either alone gave 1 to 6 events a second of 10 asked). One event when due,
  // the latest sample each panel shows: nothing waits, so nothing piles up.
  let shownTime = 0;
  function sampleTick(id) {
    const s = subscriptions.get(id);
    if (!s || s.event !== 'samples') return; // unsubscribed
    if (s.source.closed) {
      subscriptions.delete(id);
      return;
    }
    if (s.next !== undefined && win.performance.now() < s.next - 1) return; // not due yet
    clearTimeout(s.timer);
    const channels = s.channels || [plotted()];
    send(s.source, s.origin, {
      type: 'event', event: 'samples', subscription: id, t: fin(shownTime),
      panels: lab.panels.map((_, i) => {
        const x = lab.latestSample(i);
        return { index: i, t: x ? fin(x.t) : null, values: Object.fromEntries(channels.map((c) => [c, x ? fin(x[c]) : null])) };
      }),
    }, s.version);
    const period = 1000 / s.rate, now = win.performance.now();
    s.next = s.next === undefined || now - (s.next + period) > period ? now + period : s.next + period;
    s.timer = setTimeout(() => sampleTick(id), Math.max(0, s.next - now));
  }
  const sendSamples = (shown) => {
    shownTime = shown;
    for (const [id, s] of subscriptions) if (s.event === 'samples') sampleTick(id);
  };

  // ---- actions (version 2): what the student does ------------------------------------------
  // Read where the student acts (the page's controls and keys, grab and pin input, the
  // lab's answers), never what the course API itself changes. They wait for one task, at
  // most MAX_ACTIONS (the oldest go beyond, counted in the next event's `dropped`).

  const actions = [];
  let actionsDropped = 0, actionTask = false;
  const flushActions = () => {
    actionTask = false;
    const list = actions.splice(0), dropped = actionsDropped;
    actionsDropped = 0;
    list.forEach((a, k) => emit('action', k === 0 && dropped ? { ...a, dropped } : a));
  };
  const act = (action) => {
    if (![...subscriptions.values()].some((s) => s.event === 'action')) return;
    actions.push({ t: fin(lab.time()), ...action });
    if (actions.length > MAX_ACTIONS) {
      actions.shift();
      actionsDropped++;
    }
    if (!actionTask) {
      actionTask = true;
      setTimeout(flushActions, 0);
    }
  };
  lab.on('input', (e) => {
    if (e.kind === 'grab') act({ action: 'grab', node: e.node });
    else if (e.kind === 'release') act({ action: 'release' });
    else if (e.kind === 'pin') act({ action: 'pin', node: e.node, pinned: !!e.pinned });
  });

  // the student's own use of the page's controls, as action events (a page without a
  // document, such as the tests' stand-in window, has none to watch)
  if (win.document) watchControls(win.document);
  function watchControls(doc) {
    /** {control, panel?, name?} of a control element the student used, or null. */
    function controlOf(el) {
      const panelEl = el.closest('#panels .panel');
      if (panelEl) {
        const panel = [...doc.querySelectorAll('#panels .panel')].indexOf(panelEl);
        for (const [cls, control] of [['method', 'method'], ['dt-input', 'dt'], ['iterations-input', 'iterations']]) {
          if (el.classList.contains(cls)) return { control, panel };
        }
        return null;
      }
      const tr = el.closest('#params tr[data-param]');
      if (tr) {
        const name = tr.dataset.param;
        const td = el.closest('td');
        if (td && td.classList.contains('link')) return { control: 'link', name };
        const tds = [...tr.querySelectorAll(':scope > td')].slice(1);
        const panel = tds[0] && tds[0].colSpan > 1 ? null : tds.indexOf(td); // null: linked, every panel
        const control = ['dt', 'beta', 'find'].includes(name) ? name : 'param';
        return { control, ...(control === 'param' ? { name } : {}), ...(panel === null ? {} : { panel }) };
      }
      const byId = { 'scene-select': 'scene', preset: 'presets', speed: 'speed', 'view-mode': 'view', 'view-ghost': 'view',
        'view-frames': 'view', 'view-color': 'view', 'mesh-file': 'mesh', step: 'step', reset: 'reset', record: 'record', replay: 'replay' };
      return byId[el.id] ? { control: byId[el.id] } : null;
    }
    const valueOf = (el) => (el.type === 'checkbox' ? el.checked : el.type === 'number' ? fin(Number(el.value)) : String(el.value).slice(0, 200));
    doc.addEventListener('change', (e) => {
      // (only the lab's own page dispatches events in its document: the one change it makes
      // itself follows the student's click on a link box, web/settings/controls.js)
      const c = e.target instanceof win.Element ? controlOf(e.target) : null;
      if (c && e.target.id !== 'mesh-file') act({ action: 'change', ...c, value: valueOf(e.target) });
      else if (c) act({ action: 'change', control: 'mesh' });
    }, true);
    doc.addEventListener('click', (e) => {
      const button = e.target instanceof win.Element ? e.target.closest('button') : null;
      if (!button || button.disabled) return;
      if (button.id === 'play') act({ action: button.dataset.action === 'pause' ? 'pause' : 'play' });
      else {
        const c = controlOf(button);
        if (c && ['step', 'reset', 'record', 'replay'].includes(c.control)) act({ action: c.control });
        else if (c && c.control === 'find') act({ action: 'find', panel: c.panel });
      }
    }, true);
    doc.addEventListener('keydown', (e) => { // the keys of web/time/transport.js
      if (!(e.target instanceof win.Element) || e.target.closest('input, select, textarea, dialog')) return;
      const open = (id) => !doc.getElementById(id).dataset.courseLocked;
      if (e.key === ' ' && !e.target.closest('button') && open('play')) act({ action: doc.getElementById('play').dataset.action === 'pause' ? 'pause' : 'play' });
      else if ((e.key === 'ArrowRight' || e.key === '.') && open('step') && !e.target.closest('canvas')) act({ action: 'step' });
      else if ((e.key === 'r' || e.key === 'R') && open('reset')) act({ action: 'reset' });
    }, true);
  }

  // ---- the listener -----------------------------------------------------------------------
  // A message is checked when it comes; hello, which reads nothing that changes, is
  // answered at once. The others run one at a time, in the order they came, at most
  // MAX_PENDING waiting (beyond, `busy`); get-state messages that wait side by side share
  // one reading of the state. Refusals (a bad message, `busy`, `origin`) wait in the
  // outbox below until the lab has read the messages that came.

  // Posting an answer to another window costs the lab's thread about three times what
  // reading the message does (a flood of 10,000 get-state from a page of another origin,
  // load 14 on 2 cores: the lab read them in 2.3 s when it answered none, in 9.4 s when it
  // answered each at once; a hello behind them waited for all of it). So refusals are sent
  // by a background task (scheduler.postTask, priority background: the browser runs it
  // when no message or frame is waiting), OUTBOX_CHUNK at a time, oldest first: a hello
  // or get-state behind a flood is read, and answered, before the flood's refusals. A
  // refusal keeps only its answer (id, type, error text), never the message's fields; the
  // outbox holds at most MAX_OUTBOX, beyond which the oldest are sent at once.
  const outbox = [];  // [answer, message] of refusals not yet sent, oldest first
  const later = win.scheduler && typeof win.scheduler.postTask === 'function'
    ? (fn) => win.scheduler.postTask(fn, { priority: 'background' }) : (fn) => setTimeout(fn, 0);
  // A lab whose thread never idles (a heavy comparison playing) would starve background
  // tasks: a timer sends a chunk too, every OUTBOX_WAIT_MS while the outbox is not empty.
  const sendChunk = () => { for (const [answer, msg] of outbox.splice(0, OUTBOX_CHUNK)) answer(msg); };
  let background = false, timer = false;
  const flush = () => {
    sendChunk();
    background = outbox.length > 0;
    if (background) later(flush);
  };
  const flushStale = () => {
    sendChunk();
    timer = outbox.length > 0;
    if (timer) setTimeout(flushStale, OUTBOX_WAIT_MS);
  };
  const refuseLater = (answer, msg) => {
    outbox.push([answer, msg]);
    if (outbox.length > MAX_OUTBOX) sendChunk();
    if (!background) {
      background = true;
      later(flush);
    }
    if (!timer) {
      timer = true;
      setTimeout(flushStale, OUTBOX_WAIT_MS);
    }
  };

  const tasks = [];    // {run(), answers: [answer]} waiting, in order
  let pending = 0;     // messages accepted and not yet answered
  let working = false;

  /** The message checked: {spec, fields, answer}, or throws a Refusal. */
  function accept(data, from) {
    const id = data !== null && typeof data === 'object' && (typeof data.id === 'string' || Number.isFinite(data.id))
      && String(data.id).length <= MAX_ID_LENGTH ? data.id : null;
    const type = data && typeof data === 'object' && typeof data.type === 'string' ? data.type.slice(0, 40) : null;
    // answered in the version asked in (1 when the message names none that is spoken here)
    from.version = data && typeof data === 'object' && VERSIONS.includes(data.softlab) ? data.softlab : 1;
    const answer = (msg) => send(from.source, from.origin, { id, request: type, ...msg }, from.version);
    try {
      if (!allowed(from.origin)) {
        // the allow-list is not told to a page it refuses
        throw new Refusal('origin', `origin ${from.origin} may not use this lab (the lab URL's origins parameter does not list it)`);
      }
      if (data === null || typeof data !== 'object' || Array.isArray(data)) {
        throw new Refusal('malformed', 'a softlab message is an object {softlab: 1, type, id?, ...fields}');
      }
      if (!Object.hasOwn(data, 'softlab')) throw new Refusal('malformed', 'no “softlab” version field: a softlab message is {softlab: 1, type, id?, ...fields}');
      if (!VERSIONS.includes(data.softlab)) {
        throw new Refusal('version', `version ${String(data.softlab).slice(0, 20)} is not spoken here; versions: ${VERSIONS.join(', ')}`, { versions: VERSIONS });
      }
      if (Object.hasOwn(data, 'id') && id === null) throw new Refusal('malformed', `id must be a string or a number (at most ${MAX_ID_LENGTH} characters)`);
      if (type === null) throw new Refusal('malformed', 'no message type (a string)');
      const spec = Object.hasOwn(MESSAGES, type) ? MESSAGES[type] : null;
      if (!spec) throw new Refusal('unknown-message', `unknown message “${type}”; messages: ${Object.keys(MESSAGES).join(', ')}`);
      if (V2_MESSAGES.has(type) && data.softlab < 2) throw new Refusal('version', `${type} is version 2's: send softlab: 2`, { versions: VERSIONS });
      return { type, spec, fields: checkFields(spec, data, data.softlab), answer };
    } catch (err) {
      refuseLater(answer, refusal(err));
      return null;
    }
  }

  /** The error answer {type: 'error', ...} for err (a Refusal, a lost Worker, a failure). */
  function refusal(err) {
    const known = err instanceof Refusal;
    // a Worker lost under the request (web/sim/recovery.js): what it asked for is lost with it
    const code = known ? err.code : err && err.lost ? 'worker-lost' : 'failed';
    const text = known ? err.message : err && err.lost ? `${err.message}; a new one restarted the lab from t = 0 with the same settings: send the message again`
      : `the lab failed: ${err && err.message}`;
    return { type: 'error', ok: false, code, error: text, ...(known ? err.extra : {}) };
  }
  const refuse = (answer, err) => answer(refusal(err));

  /** Runs the waiting tasks one at a time. */
  async function work() {
    if (working) return;
    working = true;
    while (tasks.length) {
      const task = tasks.shift();
      task.started = true;
      try {
        const result = await task.run();
        for (const answer of task.answers) answer({ type: 'reply', ok: true, result });
      } catch (err) {
        for (const answer of task.answers) refuse(answer, err);
      }
      pending -= task.answers.length;
    }
    working = false;
  }

  const BUSY = { type: 'error', ok: false, code: 'busy', error: `the lab has ${MAX_PENDING} messages waiting: this one was not taken; send it again once they are answered` };

  function handle(data, from) {
    const msg = accept(data, from);
    if (!msg) return;
    const { type, spec, fields, answer } = msg;
    if (type === 'hello') {
      spec.run(fields, from).then((result) => answer({ type: 'reply', ok: true, result }), (err) => refuse(answer, err));
      return;
    }
    if (pending >= MAX_PENDING) {
      refuseLater(answer, BUSY);
      return;
    }
    pending++;
    const last = tasks[tasks.length - 1];
    if (type === 'get-state' && last && last.type === 'get-state' && !last.started) last.answers.push(answer);
    else tasks.push({ type, run: () => spec.run(fields, from), answers: [answer] });
    work();
  }

  win.addEventListener('message', (e) => {
    if (e.source === win || !e.source) return; // the page's own messages (and Workers' have their own ports)
    const data = e.data;
    // the lab's own answers, bounced back by a page that echoes: never answered (no loops)
    if (data && typeof data === 'object' && data.softlab !== undefined && ['reply', 'error', 'event'].includes(data.type)) return;
    handle(data, { source: e.source, origin: e.origin });
  });

  // an embedding page learns that the lab is listening (to the origins it may tell)
  if (win.parent && win.parent !== win) {
    const ready = { type: 'event', event: 'ready', versions: VERSIONS, scene: lab.scene, panels: panelCount };
    for (const origin of policy.any ? ['*'] : policy.list) send(win.parent, origin, ready); // version 1's envelope: any page reads it
  }
  return { policy };
}
