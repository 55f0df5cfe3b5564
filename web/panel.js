// One panel of the lab: a world of the lab's scene with its own stepper, Δt, β and
// scene parameters, drawn into its own canvas. The physics runs in C (wasm); a panel
// schedules its steps, applies recorded input at its own step times, and reads numbers.

import { SL_OK } from './lab-api.js';
import { fmt } from './format.js';

export const COLORS = ['#2f7fd8', '#e07a1f', '#2a9d6f', '#8a4fd8']; // surface and chart line
const CHART_MIN_INTERVAL = 0.002; // s of simulated time between chart samples

const $ = (sel, root) => root.querySelector(sel);

function hexToRgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** Stages params ({name: value}, SI units) for the next panel_create / rebuild. */
function stageParams(api, params) {
  api.params_clear();
  for (const [name, value] of Object.entries(params)) {
    if (api.params_set(name, value) !== SL_OK) throw new Error(api.last_error(0));
  }
}

export class Panel {
  /** @param {{method:string, dt:number, beta:number, params:object}} config */
  constructor(lab, index, config) {
    this.lab = lab;
    this.index = index;
    this.color = COLORS[index % COLORS.length];
    this.method = config.method;
    this.dt = config.dt;
    this.beta = config.beta || 0;
    this.params = { ...config.params };
    this.t = 0;
    this.stopped = false;  // diverged or failed: takes no more steps until reset
    this.message = '';
    this.dirty = true;
    this.steps = 0;        // steps taken in the current measuring window
    this.stepMs = 0;       // ms spent stepping in that window
    this.stepsPerSecond = 0;
    this.msPerStep = NaN;
    this.lastStepMs = NaN;
    this.recordedAt = 0;
    this.eventIndex = 0;   // next replay event to apply
    this.buildDom();
    this.create();
  }

  create() {
    const api = this.lab.api;
    const scene = this.lab.scene;
    try {
      stageParams(api, this.params);
    } catch (err) {
      this.params = {};
      stageParams(api, {});
      this.viewNote(`Parameters ignored: ${err.message}.`);
    }
    this.h = api.panel_create(scene.name, this.method, this.dt, this.beta);
    let refusal = '';
    if (this.h < 0 && this.method !== scene.defaultMethod) {
      // e.g. an explicit stepper and a model with compliance 0: this panel alone falls
      // back to the scene's own stepper and says why; the others are not affected.
      refusal = api.last_error(0);
      this.h = api.panel_create(scene.name, scene.defaultMethod, this.dt, this.beta);
      this.method = scene.defaultMethod;
      this.select.value = this.method;
    }
    api.params_clear();
    if (this.h < 0) throw new Error(api.last_error(0) || api.status_message(-this.h));
    api.set_color(this.h, ...hexToRgb(this.color));
    const st = api.attach_canvas(this.h, '#' + this.canvas.id, 1);
    this.hasGl = st === SL_OK;
    if (!this.hasGl) this.viewNote(`No WebGL2 here (${api.last_error(0)}); the numbers still run.`);
    this.baseDistance = api.view_distance(this.h);
    if (refusal) this.viewNote(`${this.stepperOf(this.lab.requestedMethod(this.index)).title} cannot run this model: ${refusal}. Showing ${this.stepper().title}.`);
  }

  buildDom() {
    const node = $('#panel-template', document).content.firstElementChild.cloneNode(true);
    node.style.setProperty('--panel-color', this.color);
    this.root = node;
    this.canvas = $('canvas', node);
    this.canvas.id = `view-${this.index + 1}`;
    this.canvas.setAttribute('aria-label', `3D view of panel ${this.index + 1}`);
    this.select = $('select.method', node);
    this.select.setAttribute('aria-label', `time stepper of panel ${this.index + 1}`);
    this.dtInput = $('input.dt-input', node);
    this.dtInput.setAttribute('aria-label', `time step Δt of panel ${this.index + 1} in seconds`);
    this.variantEl = $('.variant', node);
    this.stateEl = $('.state', node);
    this.badge = $('.view-badge', node);
    this.readout = $('.readout', node);
    this.meter = $('.meter', node);
    this.citation = $('.citation', node);
    for (const s of this.lab.steppers) {
      const opt = document.createElement('option');
      opt.value = s.name;
      opt.textContent = s.title;
      opt.title = s.citation;
      this.select.append(opt);
    }
    this.select.value = this.method;
    this.dtInput.value = String(this.dt);
    this.select.addEventListener('change', () => this.lab.setStepper(this.index, this.select.value));
    this.dtInput.addEventListener('change', () => this.lab.setDt(this.index, Number(this.dtInput.value)));
    $('#panels', document).append(node);
  }

  viewNote(text) {
    const el = $('.view-note', this.root);
    el.textContent = text;
    el.hidden = !text;
  }

  flash(text) {
    this.message = text;
    this.flashUntil = performance.now() + 4000;
    this.updateState();
  }

  /** Changes stepper, Δt and β (world back to t = 0); false (and a message) if refused. */
  setStepper(method, dt, beta) {
    const api = this.lab.api;
    const st = api.set_method(this.h, method, dt, beta);
    if (st !== SL_OK) {
      this.select.value = this.method;
      this.dtInput.value = String(this.dt);
      this.flash(api.last_error(this.h) || api.status_message(st));
      return false;
    }
    this.method = method;
    this.dt = dt;
    this.beta = beta;
    this.select.value = method;
    this.dtInput.value = String(dt);
    this.citation.textContent = this.stepper().citation;
    this.viewNote('');
    return true;
  }

  /** Rebuilds the world with params ({name: value}); false (and a message) if refused. */
  setParams(params) {
    const api = this.lab.api;
    try {
      stageParams(api, params);
    } catch (err) {
      api.params_clear();
      this.flash(err.message);
      return false;
    }
    const st = api.rebuild(this.h);
    api.params_clear();
    if (st !== SL_OK) {
      this.flash(api.last_error(0) || api.status_message(st));
      return false;
    }
    this.params = { ...params };
    this.baseDistance = api.view_distance(this.h);
    return true;
  }

  /** The value of scene parameter name in this panel (its override or the default). */
  param(name) {
    return this.lab.api.panel_param(this.h, name);
  }

  stepperOf(name) {
    return this.lab.steppers.find((s) => s.name === name) || { title: name, citation: '' };
  }

  stepper() {
    return this.stepperOf(this.method);
  }

  label() {
    const variant = this.variantEl.textContent;
    return `${this.stepper().title}, Δt = ${+this.dt.toPrecision(6)} s${variant ? ', ' + variant : ''}`;
  }

  /** The chart's quantities now (SI units; time per step in ms). */
  sample() {
    const api = this.lab.api;
    return { height: api.tracked_height(this.h), ...api.measures(this.h), step_ms: this.lastStepMs };
  }

  /** Appends a chart sample (at most one per CHART_MIN_INTERVAL of simulated time: a
   *  chart has only so many pixels). */
  record() {
    if (!this.lab.chart) return;
    if (this.t > 0 && this.t - this.recordedAt < CHART_MIN_INTERVAL * (1 - 1e-9)) return;
    this.recordedAt = this.t;
    this.lab.chart.add(this.index, this.t, this.sample());
  }

  reset() {
    this.lab.api.reset(this.h);
    this.t = 0;
    this.stopped = false;
    this.message = '';
    this.flashUntil = 0;
    this.dirty = true;
    this.eventIndex = 0;
    this.lastStepMs = NaN;
    this.lab.chart.clear(this.index);
    this.recordedAt = 0;
    this.record();
  }

  /** Applies the replayed input events due at this panel's time. */
  applyEvents() {
    const events = this.lab.replay.events;
    while (this.eventIndex < events.length && events[this.eventIndex].t <= this.t + 1e-9 * this.dt) {
      this.lab.applyInput(this, events[this.eventIndex++]);
    }
  }

  /** Steps while t + dt <= target and time is left before deadline (ms). */
  advance(target, deadline) {
    if (this.stopped) return;
    const api = this.lab.api;
    const t0 = performance.now();
    let n = 0;
    while (this.t + this.dt <= target + 1e-9 * this.dt && performance.now() < deadline) {
      if (this.lab.replay.playing) this.applyEvents();
      const s0 = performance.now();
      const st = api.step(this.h, 1);
      this.lastStepMs = performance.now() - s0;
      if (st !== SL_OK) {
        this.stop(st);
        break;
      }
      this.t = api.time(this.h);
      this.record();
      n++;
    }
    if (n) {
      this.dirty = true;
      this.steps += n;
      this.stepMs += performance.now() - t0;
    }
  }

  stop(status) {
    const api = this.lab.api;
    this.stopped = true;
    this.t = api.time(this.h);
    this.diverged = !!api.diverged(this.h);
    this.divergedAt = api.diverged_time(this.h);
    if (this.diverged) {
      this.message = `diverged at t = ${this.divergedAt.toFixed(3)} s (${api.diverged_reason(this.h)})`;
    } else {
      this.message = `stopped: ${api.last_error(this.h) || api.status_message(status)}`;
    }
    this.dirty = true;
  }

  stateText() {
    if (this.flashUntil > performance.now()) return this.message;
    if (this.stopped) return this.message;
    return this.lab.playing ? 'running' : 'paused';
  }

  updateState() {
    const text = this.stateText();
    const kind = this.stopped ? 'diverged' : this.flashUntil > performance.now() ? 'warn' : this.lab.playing ? 'running' : 'paused';
    if (this.stateEl.textContent !== text) this.stateEl.textContent = text;
    if (this.stateEl.dataset.kind !== kind) this.stateEl.dataset.kind = kind;
    if (this.badge.hidden === this.stopped) {
      this.badge.hidden = !this.stopped;
      this.badge.textContent = this.stopped ? (this.diverged ? `✕ diverged at t = ${this.divergedAt.toFixed(3)} s — last good state shown; Reset to start again` : '✕ stopped') : '';
    }
  }

  updateReadout() {
    const api = this.lab.api;
    const m = api.measures(this.h);
    const vr = m.volume_ratio;
    const text = `t = ${this.t.toFixed(3)} s · y = ${fmt(api.tracked_height(this.h))} m · ` +
      `E = ${fmt(m.total, 2)} J · max|φ| = ${fmt(m.violation)}` +
      (Number.isFinite(vr) ? ` · V/V₀ = ${vr.toFixed(4)}` : '') +
      (Number.isFinite(this.msPerStep) ? ` · ${fmt(this.msPerStep, 2)} ms/step` : '');
    if (this.readout.textContent !== text) this.readout.textContent = text;
  }

  /** The stability meter under the view: Δt·ω_max on a log bar, the bound 2 marked. */
  showMeter(reading) {
    const fill = $('.meter-fill', this.meter);
    // log scale from 0.01 to 100, so the mark at 2 sits at (log 2 + 2) / 4
    const v = reading.value;
    const pos = Number.isFinite(v) ? Math.max(0, Math.min(1, (Math.log10(Math.max(v, 1e-2)) + 2) / 4)) : 1;
    fill.style.width = `${(pos * 100).toFixed(1)}%`;
    this.meter.dataset.level = reading.level;
    $('.meter-text', this.meter).textContent = reading.text;
  }

  resize() {
    const dpr = Math.min(window.devicePixelRatio || 1, 2);
    const w = Math.max(1, Math.round(this.canvas.clientWidth * dpr));
    const h = Math.max(1, Math.round(this.canvas.clientHeight * dpr));
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
      this.dirty = true;
    }
  }

  /** The camera arguments of draw/project/pick/unproject for this panel. */
  view(camera) {
    return [camera.yaw, camera.pitch, this.baseDistance * camera.zoom, ...camera.pan];
  }

  draw(camera) {
    if (!this.hasGl) return;
    this.lab.api.draw(this.h, ...this.view(camera));
    this.dirty = false;
  }
}
