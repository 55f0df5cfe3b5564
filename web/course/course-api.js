// The course author's API (issue 30): a page that embeds the lab in an iframe drives it
// with window.postMessage, through a versioned message set documented in README.md
// ("Course API"). It sits on what the lab shows to tests and the console (window.softlab,
// web/lab/lab-face.js): its settled() state, its control functions (the ones the page's own
// controls call, so the URL and the controls follow) and its events. It judges nothing:
// every verdict and bound it reports is the core's, as the panels show them.
//
//   startCourseApi(win, lab, {origins, notice})   listens on win; origins: the URL's
//                                                  `origins` parameter (null: any origin)
//
// Every message in and out is a plain object {softlab: VERSION, type, ...}. A message
// that is not valid in every field is answered with an error and changes nothing.

import { DT_RANGE_TEXT, MAX_BETA, paramProblem, validBeta, validDt } from '../settings/params.js';

export const VERSION = 1;
export const VERSIONS = [1];
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
const EVENTS = ['diverged', 'time', 'answered'];
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

export function startCourseApi(win, lab, { origins = null, notice = () => {} } = {}) {
  const policy = parseOrigins(origins);
  for (const p of policy.problems) notice(`The “origins” entry “${p}” is not an origin (like https://course.example.org); ignored.`);
  const self = win.location.origin;
  const allowed = (origin) => origin === self || policy.any || policy.list.includes(origin);
  const { control } = lab;
  const panelCount = lab.panels.length;
  const infos = control.params; // the scene's parameters (the core's table)
  const subscriptions = new Map(); // id -> {event, t, source, origin}
  let nextSubscription = 1;

  const send = (source, origin, msg) => {
    try {
      source.postMessage({ softlab: VERSION, ...msg }, origin === 'null' ? '*' : origin);
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
          index: i, method: p.method, dt: p.dt, beta: p.beta, t: p.t,
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
      },
      check: (f) => {
        if (!['method', 'dt', 'beta', 'params'].some((k) => k in f)) bad('set needs at least one of method, dt, beta, params');
      },
      run: async (f) => {
        const indexes = f.panel || [...Array(panelCount).keys()];
        const refusals = [];
        if (f.params) refusals.push(...(await control.setParams(indexes, f.params)));
        if (!refusals.length && ('method' in f || 'dt' in f || 'beta' in f)) {
          refusals.push(...(await control.setRun(indexes, { method: f.method, dt: f.dt, beta: f.beta })));
        }
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
      },
      required: ['event'],
      check: (f) => {
        if (f.event === 'time' && !('t' in f)) bad('a time event needs t (s)');
        if (f.event !== 'time' && 't' in f) bad(`t belongs to the time event only`);
        if (subscriptions.size >= MAX_SUBSCRIPTIONS) throw new Refusal('limit', `at most ${MAX_SUBSCRIPTIONS} subscriptions`);
      },
      run: (f, from) => {
        const id = nextSubscription++;
        subscriptions.set(id, { event: f.event, t: f.t, ...from });
        return { subscription: id, event: f.event, ...(f.event === 'time' ? { t: f.t } : {}) };
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
  function checkFields(spec, data) {
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
    if (spec.check) spec.check(fields);
    return fields;
  }

  // ---- events ----------------------------------------------------------------------------

  const emit = (event, detail) => {
    for (const [id, s] of subscriptions) {
      if (s.source.closed) subscriptions.delete(id); // a page that went away
      else if (s.event === event) send(s.source, s.origin, { type: 'event', event, subscription: id, ...detail });
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
  });
  lab.on('frame', (shown) => {
    for (const [id, s] of subscriptions) {
      if (s.source.closed) subscriptions.delete(id);
      if (s.event !== 'time' || shown < s.t || s.source.closed) continue;
      subscriptions.delete(id); // once
      send(s.source, s.origin, { type: 'event', event: 'time', subscription: id, t: s.t, shown });
    }
  });

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
    const answer = (msg) => send(from.source, from.origin, { id, request: type, ...msg });
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
      return { type, spec, fields: checkFields(spec, data), answer };
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
    for (const origin of policy.any ? ['*'] : policy.list) send(win.parent, origin, ready);
  }
  return { policy };
}
