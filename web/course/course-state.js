// The lab's state as the course API reads, saves and loads it (web/course/course-api.js:
// get-state, save-state, load-state, get-plot-data). Everything here is read from the lab's
// face (web/lab/lab-face.js): the panels' state as they show it, the chart's record, and
// the bodies' state as the core holds it. `lab` is that face; `infos` the scene's
// parameters (the core's table).

import { DT_RANGE_TEXT, ITERATIONS, MAX_BETA, XPBD_DAMPING, paramProblem, validBeta, validDt } from '../settings/params.js';
import { Refusal, bad, fin, finiteList, refused } from './course-fields.js';

// A saved state (save-state, load-state): {format: STATE_FORMAT, version: STATE_VERSION, ...}
export const STATE_FORMAT = 'softlab-state';
export const STATE_VERSION = 1;
const MAX_STATE_NUMBERS = 3e6; // positions or velocities of a saved panel, at most

/** Δt (s) the panel's stability bound allows at its ω_max (bound / ω_max), else NaN. */
export const theoryDt = (p) => (Number.isFinite(p.omegaMax) && p.bound > 0 && Number.isFinite(p.bound) ? p.bound / p.omegaMax : NaN);

/** get-state's answer: every panel as it shows, once every Worker has caught up. */
export async function readState(lab, infos) {
  const s = await lab.settled();
  const tracked = await Promise.all(s.panels.map((_, i) => lab.simCall(i, 'tracked_node').catch(() => -1)));
  return {
    t: s.t, playing: s.playing, scene: lab.scene,
    panels: s.panels.map((p, i) => {
      const node = tracked[i];
      return {
        index: i, method: p.method, dt: p.dt, beta: p.beta, iterations: p.iterations, xpbdDamping: fin(p.xpbdDamping), t: p.t,
        params: Object.fromEntries(infos.map((info) => [info.name, fin(p.values[info.name])])),
        verdict: p.verdict, reason: p.reason, diverged: p.diverged, divergedAt: fin(p.divergedAt),
        energy: Object.fromEntries(Object.entries(p.energy).map(([k, v]) => [k, fin(v)])),
        volumeRatio: fin(p.volumeRatio),
        tracked: node >= 0 && 3 * node + 2 < p.positions.length
          ? { node, position: p.positions.slice(3 * node, 3 * node + 3), height: fin(p.height) } : null,
        omegaMax: fin(p.omegaMax), bound: p.bound === Infinity ? 'none' : fin(p.bound), theoryDt: fin(theoryDt(p)),
      };
    }),
  };
}

/** The whole lab as one object (README, "save-state"): read with the lab paused, every
 *  Worker caught up; a lab that was playing plays on. The bodies' state is the core's
 *  (sl_api_positions, sl_api_velocities, sl_api_time), read in each panel's Worker,
 *  which forgets its stepper's history then (sl_api_restart_history), so that this run
 *  and one loaded from the state go on bit for bit alike. */
export async function saveState(lab, infos) {
  const { control } = lab;
  const playing = lab.state().playing;
  if (playing) control.pause();
  const s = await lab.settled();
  const saved = await control.saveStates();
  if (playing) control.play();
  return {
    format: STATE_FORMAT, version: STATE_VERSION, scene: lab.scene, t: s.t, playing, url: lab.shareUrl(),
    panels: s.panels.map((p, i) => ({
      method: p.method, dt: p.dt, beta: p.beta, iterations: Number.isInteger(p.iterations) ? p.iterations : null,
      xpbdDamping: fin(p.xpbdDamping), // s, XPBD's damping time τ (null: a stepper that has none)
      params: Object.fromEntries(infos.map((info) => [info.name, p.values[info.name]])),
      t: saved[i].t, energy0: fin(saved[i].energy0),
      positions: Array.from(saved[i].x), velocities: Array.from(saved[i].v),
      pins: Array.from(saved[i].pins).flatMap((on, node) => (on ? [node] : [])),
    })),
  };
}

/** A state to load, checked in every field before anything changes: the state with
 *  typed arrays, or throws a Refusal (bad-field, or version for another state version). */
export function checkState(lab, infos, v) {
  if (!v || typeof v !== 'object' || Array.isArray(v) || v.format !== STATE_FORMAT) {
    bad(`state must be what save-state answered: an object {format: '${STATE_FORMAT}', version: ${STATE_VERSION}, scene, t, panels, ...}`);
  }
  if (v.version !== STATE_VERSION) {
    throw new Refusal('version', `state version ${String(v.version).slice(0, 20)} is not read here; state versions: ${STATE_VERSION}`, { stateVersions: [STATE_VERSION] });
  }
  const panelCount = lab.panels.length;
  if (v.scene !== lab.scene || !Array.isArray(v.panels) || v.panels.length !== panelCount) {
    const url = typeof v.url === 'string' ? v.url.slice(0, 4000) : null;
    throw new Refusal('bad-field', `this state is of the scene “${String(v.scene).slice(0, 60)}” with ${Array.isArray(v.panels) ? v.panels.length : 'no'} panels; this lab shows “${lab.scene}” with ${panelCount}: open the lab at the state's url first`, { url });
  }
  if (typeof v.t !== 'number' || !(v.t >= 0) || !Number.isFinite(v.t)) bad('state.t must be a time in seconds >= 0');
  if (typeof v.playing !== 'boolean') bad('state.playing must be true or false');
  const now = lab.state().panels;
  const panels = v.panels.map((p, i) => checkSavedPanel(lab, infos, p, `state.panels[${i}]`, now[i]));
  return { t: v.t, playing: v.playing, panels };
}

/** One saved panel p (named `at` in refusals) checked against the panel now: p with typed
 *  arrays x, v (m, m/s, 3 a node) and pins (Int32Array, 1 a pinned node). */
function checkSavedPanel(lab, infos, p, at, now) {
  if (!p || typeof p !== 'object') bad(`${at} must be an object`);
  checkSavedRun(lab, infos, p, at);
  if (typeof p.t !== 'number' || !(p.t >= 0) || !Number.isFinite(p.t)) bad(`${at}.t must be a time in seconds >= 0`);
  if (p.energy0 !== null && typeof p.energy0 !== 'number') bad(`${at}.energy0 must be a number (J) or null`);
  const x = finiteList(`${at}.positions`, p.positions, MAX_STATE_NUMBERS), vel = finiteList(`${at}.velocities`, p.velocities, MAX_STATE_NUMBERS);
  if (x.length % 3 || vel.length !== x.length || !x.length) bad(`${at}.positions and velocities must be 3 numbers a node each, as many of each`);
  const same = infos.every((info) => Object.is(p.params[info.name], now.values[info.name]));
  if (same && x.length !== now.positions.length) bad(`${at} has ${x.length / 3} nodes; this panel's body has ${now.positions.length / 3}`);
  const n = x.length / 3;
  if (!Array.isArray(p.pins) || p.pins.length > n || !p.pins.every((k) => Number.isInteger(k) && k >= 0 && k < n)) bad(`${at}.pins must be a list of node indexes (0 to ${n - 1})`);
  const pins = new Int32Array(n);
  for (const k of p.pins) pins[k] = 1;
  return { ...p, params: { ...p.params }, x: Float64Array.from(x), v: Float64Array.from(vel), pins };
}

/** A saved panel's settings: stepper, Δt, β, iterations and every parameter in range. */
function checkSavedRun(lab, infos, p, at) {
  if (!lab.steppers.includes(p.method)) bad(`${at}.method must be a stepper name: ${lab.steppers.join(', ')}`);
  if (typeof p.dt !== 'number' || !validDt(p.dt)) bad(`${at}.dt must be a number of seconds with ${DT_RANGE_TEXT}`);
  if (typeof p.beta !== 'number' || !validBeta(p.beta)) bad(`${at}.beta must be a number of 1/s in [0, ${MAX_BETA}]`);
  if (p.iterations !== null && !(Number.isInteger(p.iterations) && p.iterations >= ITERATIONS.min && p.iterations <= ITERATIONS.max)) {
    bad(`${at}.iterations must be null or a whole number from ${ITERATIONS.min} to ${ITERATIONS.max}`);
  }
  // absent or null: the panel's τ is kept (a state saved before τ was saved)
  if (p.xpbdDamping != null && !(typeof p.xpbdDamping === 'number' && p.xpbdDamping >= XPBD_DAMPING.min && p.xpbdDamping <= XPBD_DAMPING.max)) {
    bad(`${at}.xpbdDamping must be null or a number of seconds in [${XPBD_DAMPING.min}, ${XPBD_DAMPING.max}]`);
  }
  if (!p.params || typeof p.params !== 'object') bad(`${at}.params must be an object {name: value} of every parameter`);
  for (const info of infos) {
    if (typeof p.params[info.name] !== 'number') bad(`${at}.params.${info.name} must be a number`);
    const problem = paramProblem(info, p.params[info.name], 'en');
    if (problem) bad(`${at}.params.${info.name}: ${problem}`);
  }
}

/** Puts the lab at a checked state (checkState): each panel's settings (only where they
 *  differ: each change restarts the comparison), its pins and its bodies' state
 *  (sl_api_restore), the clock at the state's t; then plays if it played. Resolves to
 *  the state now. */
export async function loadState(lab, infos, st) {
  const { control } = lab;
  control.pause();
  await lab.settled();
  const refusals = [];
  for (let i = 0; i < lab.panels.length && !refusals.length; i++) refusals.push(...(await setSavedRun(lab, infos, i, st.panels[i])));
  if (!refusals.length) {
    await lab.settled();
    refusals.push(...(await control.restore(st.t, st.panels)));
  }
  if (refusals.length) throw refused(refusals);
  if (st.playing) control.play();
  return readState(lab, infos);
}

/** Panel i at a saved panel's settings where they differ; resolves to the refusals. */
async function setSavedRun(lab, infos, i, want) {
  const { control } = lab;
  const now = lab.state().panels[i];
  if (infos.some((info) => !Object.is(want.params[info.name], now.values[info.name]))) {
    const r = await control.setParams([i], want.params);
    if (r.length) return r;
  }
  if (want.method !== now.method || !Object.is(want.dt, now.dt) || !Object.is(want.beta, now.beta)) {
    const r = await control.setRun([i], { method: want.method, dt: want.dt, beta: want.beta });
    if (r.length) return r;
  }
  if (want.iterations !== null && want.iterations !== now.iterations) {
    const r = await control.setIterations([i], want.iterations);
    if (r.length) return r;
  }
  if (want.xpbdDamping != null && !Object.is(want.xpbdDamping, now.xpbdDamping)) return control.setXpbdDamping([i], want.xpbdDamping);
  return [];
}

/** The quantity the chart plots (its phase portrait plots none: then the height). */
export const plotted = (lab) => (lab.chart.ids.includes(lab.chart.quantity) ? lab.chart.quantity : 'height');

/** get-plot-data: the chart's record of quantity q (the samples its CSV holds, spread over
 *  the whole run) for the panels of indexes, at most `rows` of each (every k-th kept). */
export function plotData(lab, q, indexes, rows) {
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
