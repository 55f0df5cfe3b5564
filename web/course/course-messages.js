// The course API's messages as data (README, "Course API"): for each message type, the
// version that introduced it, its fields and their checks (made for the lab at hand: its
// panels, steppers, parameters and plotted quantities), the fields it requires, a check of
// the fields together, and its handler. Each handler takes the context c = {lab, infos,
// events, locks} (the lab's face, the scene's parameters, web/course/course-events.js,
// web/course/control-locks.js or null), the checked fields f and the sender `from`, and
// returns (or resolves to) the reply's result, or throws a Refusal.
//
//   MESSAGES   {type: {version, fields(c), required?, check?(c, f, version), run(c, f, from)}}
//   EVENTS, QUESTIONS, VERSION, VERSIONS

import { DT_RANGE_TEXT, ITERATIONS, MAX_BETA, XPBD_DAMPING, paramProblem, validBeta, validDt } from '../settings/params.js';
import { CONTROL_NAMES, CONTROL_STATES, PANEL_CONTROLS } from './control-locks.js';
import { Refusal, bad, integerIn, oneOf, refused } from './course-fields.js';
import { STATE_VERSION, checkState, loadState, plotData, plotted, readState, saveState } from './course-state.js';

export const VERSION = 2;
export const VERSIONS = [1, 2];
export const EVENTS = ['diverged', 'time', 'answered', 'action', 'samples'];
const V2_EVENTS = new Set(['action', 'samples']);
export const QUESTIONS = ['stable-dt'];
const SAMPLE_RATE = [0.1, 30];  // Hz: a samples subscription's range
const PLOT_ROWS = [1, 4096];    // rows of a panel that get-plot-data sends, at most
const MAX_STEPS = 100;          // steps one `step` message may take
const MAX_SUBSCRIPTIONS = 100;  // per lab

const NO_FIELDS = () => ({});
const allPanels = (c) => [...Array(c.lab.panels.length).keys()];
const state = (c) => readState(c.lab, c.infos);

// ---- field checks of this lab --------------------------------------------------------------

function panelsField(c) {
  const count = c.lab.panels.length;
  return (v) => {
    const list = Array.isArray(v) ? v : [v];
    if (list.length < 1 || list.length > count) bad(`panel must be a panel index or a list of them`);
    for (const i of list) integerIn('panel', 0, count - 1)(i);
    return [...new Set(list)];
  };
}

function paramsField(c) {
  return (v) => {
    if (!v || typeof v !== 'object' || Array.isArray(v)) bad('params must be an object {name: value in SI units}');
    const keys = Object.keys(v);
    if (keys.length === 0) bad('params is empty');
    for (const name of keys) {
      const info = c.infos.find((x) => x.name === name);
      if (!info) bad(`this scene has no parameter “${String(name).slice(0, 40)}”; it has ${c.infos.map((x) => x.name).join(', ') || 'none'}`);
      if (typeof v[name] !== 'number') bad(`params.${name} must be a number`);
      const problem = paramProblem(info, v[name], 'en');
      if (problem) bad(`params.${name}: ${problem}`);
    }
    return { ...v };
  };
}

const quantityField = (c) => (v) => (c.lab.chart.ids.includes(v) ? v : bad(`quantity must be one of ${c.lab.chart.ids.join(', ')}`));

function channelsField(c) {
  const ids = c.lab.chart.ids;
  return (v) => {
    if (!Array.isArray(v) || !v.length || v.length > ids.length) bad(`channels must be a list of the plotted quantities: ${ids.join(', ')}`);
    for (const id of v) if (!ids.includes(id)) bad(`channels: “${String(id).slice(0, 40)}” is not plotted; quantities: ${ids.join(', ')}`);
    return [...new Set(v)];
  };
}

function controlsField(v) {
  if (!v || typeof v !== 'object' || Array.isArray(v) || !Object.keys(v).length) bad(`controls must be an object {control: state}, control one of ${CONTROL_NAMES.join(', ')}`);
  for (const [name, st] of Object.entries(v)) {
    if (!CONTROL_NAMES.includes(name)) bad(`“${name.slice(0, 40)}” is no control; controls: ${CONTROL_NAMES.join(', ')}`);
    if (!CONTROL_STATES.includes(st)) bad(`controls.${name} must be one of ${CONTROL_STATES.join(', ')}`);
  }
  return { ...v };
}

const setFields = (c) => ({
  panel: panelsField(c),
  method: (v) => (c.lab.steppers.includes(v) ? v : bad(`method must be a stepper name: ${c.lab.steppers.join(', ')}`)),
  dt: (v) => (typeof v === 'number' && validDt(v) ? v : bad(`dt must be a number of seconds with ${DT_RANGE_TEXT}`)),
  beta: (v) => (typeof v === 'number' && validBeta(v) ? v : bad(`beta must be a number of 1/s in [0, ${MAX_BETA}]`)),
  params: paramsField(c),
  iterations: integerIn('iterations', ITERATIONS.min, ITERATIONS.max),
  // s, XPBD's damping time τ: a number is passed on, the core refuses it outside its range
  xpbdDamping: (v) => (typeof v === 'number' ? v : bad(`xpbdDamping must be a number of seconds in [${XPBD_DAMPING.min}, ${XPBD_DAMPING.max}]`)),
});

const subscribeFields = (c) => ({
  event: oneOf('event', EVENTS),
  t: (v) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : bad('t must be a time in seconds > 0')),
  rate: (v) => (typeof v === 'number' && v >= SAMPLE_RATE[0] && v <= SAMPLE_RATE[1] ? v : bad(`rate must be a number of samples a second in [${SAMPLE_RATE.join(', ')}]`)),
  channels: channelsField(c),
});

// ---- handlers ------------------------------------------------------------------------------

function hello(c) {
  const { lab, infos } = c;
  return {
    version: VERSION, versions: VERSIONS, scene: lab.scene, panels: lab.panels.length,
    steppers: lab.steppers, params: infos.map(({ name, label, unit, min, max, integer }) => ({ name, label, unit, min, max, integer })),
    messages: Object.keys(MESSAGES), events: EVENTS, questions: QUESTIONS,
    controls: CONTROL_NAMES, quantities: lab.chart.ids, stateVersion: STATE_VERSION,
  };
}

async function set(c, f) {
  const { control } = c.lab;
  const indexes = f.panel || allPanels(c);
  const refusals = [];
  if (f.params) refusals.push(...(await control.setParams(indexes, f.params)));
  if (!refusals.length && ('method' in f || 'dt' in f || 'beta' in f)) {
    refusals.push(...(await control.setRun(indexes, { method: f.method, dt: f.dt, beta: f.beta })));
  }
  if (!refusals.length && 'iterations' in f) refusals.push(...(await control.setIterations(indexes, f.iterations)));
  if (!refusals.length && 'xpbdDamping' in f) refusals.push(...(await control.setXpbdDamping(indexes, f.xpbdDamping)));
  if (refusals.length) throw refused(refusals);
  return state(c);
}

function checkSet(c, f) {
  if (!['method', 'dt', 'beta', 'params', 'iterations', 'xpbdDamping'].some((k) => k in f)) bad('set needs at least one of method, dt, beta, params, iterations, xpbdDamping');
}

async function step(c, f) {
  for (let k = 0; k < (f.count || 1); k++) {
    c.lab.control.step();
    await c.lab.settled();
  }
  return state(c);
}

/** A control function of the lab (play, pause, reset), then the state. */
const controlThen = (name) => (c) => {
  c.lab.control[name]();
  return state(c);
};

function checkSubscribe(c, f, version) {
  if (V2_EVENTS.has(f.event) && version < 2) throw new Refusal('version', `the ${f.event} event is version 2's: send softlab: 2`, { versions: VERSIONS });
  if (f.event === 'time' && !('t' in f)) bad('a time event needs t (s)');
  if (f.event !== 'time' && 't' in f) bad(`t belongs to the time event only`);
  if (f.event === 'samples' && !('rate' in f)) bad('a samples event needs rate (samples a second)');
  if (f.event !== 'samples' && ('rate' in f || 'channels' in f)) bad('rate and channels belong to the samples event only');
  if (c.events.size >= MAX_SUBSCRIPTIONS) throw new Refusal('limit', `at most ${MAX_SUBSCRIPTIONS} subscriptions`);
}

function checkSetControls(c, f) {
  if (!c.locks) throw new Refusal('failed', 'this page has no controls to lock');
  const pageOnes = Object.keys(f.controls).filter((name) => !(name in PANEL_CONTROLS));
  if (f.panel && pageOnes.length) bad(`${pageOnes.join(', ')} ${pageOnes.length > 1 ? 'are' : 'is'} the page's, not a panel's: send them without panel`);
}

function setControls(c, f) {
  for (const [name, st] of Object.entries(f.controls)) c.locks.set(name, st, f.panel || null);
  c.locks.apply();
  return { controls: c.locks.get() };
}

function ask(c, f) {
  c.lab.control.findStableDt(f.panel); // its answer comes as an 'answered' event
  return { question: f.question, panel: f.panel, asked: true };
}

// ---- the table -----------------------------------------------------------------------------

export const MESSAGES = {
  hello: { version: 1, fields: NO_FIELDS, run: hello },
  'get-state': { version: 1, fields: NO_FIELDS, run: state },
  set: { version: 1, fields: setFields, check: checkSet, run: set },
  play: { version: 1, fields: NO_FIELDS, run: controlThen('play') },
  pause: { version: 1, fields: NO_FIELDS, run: controlThen('pause') },
  step: { version: 1, fields: () => ({ count: integerIn('count', 1, MAX_STEPS) }), run: step },
  reset: { version: 1, fields: NO_FIELDS, run: controlThen('reset') },
  subscribe: { version: 1, fields: subscribeFields, required: ['event'], check: checkSubscribe, run: (c, f, from) => c.events.subscribe(f, from) },
  unsubscribe: {
    version: 1, fields: () => ({ subscription: integerIn('subscription', 1, Number.MAX_SAFE_INTEGER) }),
    required: ['subscription'], run: (c, f, from) => c.events.unsubscribe(f, from),
  },
  'set-controls': { version: 2, fields: (c) => ({ controls: controlsField, panel: panelsField(c) }), required: ['controls'], check: checkSetControls, run: setControls },
  'save-state': { version: 2, fields: NO_FIELDS, run: (c) => saveState(c.lab, c.infos) },
  'load-state': { version: 2, fields: (c) => ({ state: (v) => checkState(c.lab, c.infos, v) }), required: ['state'], run: (c, f) => loadState(c.lab, c.infos, f.state) },
  'get-plot-data': {
    version: 2, fields: (c) => ({ quantity: quantityField(c), panel: panelsField(c), rows: integerIn('rows', PLOT_ROWS[0], PLOT_ROWS[1]) }),
    run: (c, f) => plotData(c.lab, f.quantity || plotted(c.lab), f.panel || allPanels(c), f.rows || 1024),
  },
  ask: {
    version: 1, fields: (c) => ({ question: oneOf('question', QUESTIONS), panel: integerIn('panel', 0, c.lab.panels.length - 1) }),
    required: ['question', 'panel'], run: ask,
  },
};

/** The table bound to context c: {type: {version, fields, required, check(f, version), run(f, from)}}. */
export function messagesFor(c) {
  return Object.fromEntries(Object.entries(MESSAGES).map(([type, m]) => [type, {
    version: m.version,
    fields: m.fields(c),
    required: m.required || [],
    check: m.check ? (f, version) => m.check(c, f, version) : null,
    run: (f, from) => m.run(c, f, from),
  }]));
}
