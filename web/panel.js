// One panel of the lab: a simulation of the lab's scene with its own stepper, Δt, β and
// scene parameters (web/sim.js), drawn by its own view (web/view.js) from the arrays the
// panel copies across each frame, its DOM (head, readout, state, meter). A panel steps
// itself up to a target time; who sets the target (web/clock.js), what happens between
// steps (replayed input) and where samples go (web/plots.js) are passed in.

import { SL_OK } from './lab-api.js';
import { fmt } from './format.js';
import { buildSim, readBody, readFrame, readMeasures, readPins, readPositions } from './sim.js';
import { View } from './view.js';

export const COLORS = ['#2f7fd8', '#e07a1f', '#2a9d6f', '#8a4fd8']; // surface and chart line

const $ = (sel, root) => root.querySelector(sel);

function hexToRgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

export class Panel {
  /**
   * @param core    the loaded wasm API (lab-api.js loadLab)
   * @param scene   the lab's scene ({name, defaultMethod, ...})
   * @param index   0-based position on the page
   * @param config  {method, dt, beta, params} asked for (URL)
   * @param on      {stepper(i, method), dt(i, dt), sample(panel)}: what the page does
   *                when the panel's own inputs change, and with each new state
   */
  constructor(core, scene, index, config, on) {
    this.core = core;
    this.scene = scene;
    this.index = index;
    this.on = on;
    this.color = COLORS[index % COLORS.length];
    this.requested = config.method;
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
    this.buildDom();
    this.create();
  }

  get api() { return this.core.api; }

  create() {
    let built = buildSim(this.core, this.scene.name, this.params, this.method, this.dt, this.beta);
    if (built.paramError) {
      this.viewNote(`Parameters ignored: ${built.error}.`);
      this.params = {};
      built = buildSim(this.core, this.scene.name, {}, this.method, this.dt, this.beta);
    }
    let refusal = '';
    if (!built.h && this.method !== this.scene.defaultMethod) {
      // e.g. an explicit stepper and a model with compliance 0: this panel alone falls
      // back to the scene's own stepper and says why; the others are not affected.
      refusal = built.error;
      this.method = this.scene.defaultMethod;
      this.select.value = this.method;
      built = buildSim(this.core, this.scene.name, this.params, this.method, this.dt, this.beta);
    }
    if (!built.h) throw new Error(built.error);
    this.h = built.h;
    try {
      this.view = new View(this.core, this.canvas.id);
      this.view.setColor(hexToRgb(this.color));
    } catch (err) {
      this.view = null;
      this.viewNote(`No WebGL2 here (${err.message}); the numbers still run.`);
    }
    this.bodyChanged();
    if (refusal) this.viewNote(`${this.stepperOf(this.requested).title} cannot run this model: ${refusal}. Showing ${this.stepper().title}.`);
  }

  get hasGl() { return !!this.view; }

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
    for (const s of this.core.steppers) {
      const opt = document.createElement('option');
      opt.value = s.name;
      opt.textContent = s.title;
      opt.title = s.citation;
      this.select.append(opt);
    }
    this.select.value = this.method;
    this.dtInput.value = String(this.dt);
    this.select.addEventListener('change', () => this.on.stepper(this.index, this.select.value));
    this.dtInput.addEventListener('change', () => this.on.dt(this.index, Number(this.dtInput.value)));
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

  // ---- the view: the arrays copied from the simulation (the only path) -------------

  /** A new world (creation, rebuild): the view gets its body, pins and frame again. */
  bodyChanged() {
    this.grabTarget = null;
    if (!this.view) return;
    this.view.setBody(readBody(this.core, this.h));
    this.view.setPins(readPins(this.core, this.h));
    this.baseDistance = this.view.distance();
    this.sync();
  }

  pinsChanged() {
    if (this.view) this.view.setPins(readPins(this.core, this.h));
    this.dirty = true;
  }

  /** Copies the current positions (and the field the view colours by, if any) to the view. */
  sync() {
    if (!this.view) return;
    const frame = readFrame(this.core, this.h, this.view.colorField());
    this.shown = frame.positions; // what input picks from (web/camera.js)
    this.view.setFrame(frame);
  }

  /** Colour field (FIELD) over [lo, hi] (NaN: automatic); the values follow at once. */
  setColorField(field, lo = NaN, hi = NaN) {
    if (!this.view) return SL_OK;
    const fresh = field !== this.view.colorField(); // the view drops the old field's values
    const st = this.view.setColorField(field, lo, hi);
    if (fresh) this.sync();
    this.dirty = true;
    return st;
  }

  // ---- settings ------------------------------------------------------------------------

  /** Changes stepper, Δt and β (world back to t = 0); false (and a message) if refused. */
  setStepper(method, dt, beta) {
    const st = this.api.set_method(this.h, method, dt, beta);
    if (st !== SL_OK) {
      this.select.value = this.method;
      this.dtInput.value = String(this.dt);
      this.flash(this.api.sim_error(this.h) || this.api.status_message(st));
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
    const built = buildSim(this.core, this.scene.name, params, this.method, this.dt, this.beta, this.h);
    if (built.status !== SL_OK) {
      this.flash(built.error);
      return false;
    }
    this.params = { ...params };
    this.bodyChanged();
    return true;
  }

  /** The value of scene parameter name in this panel (its override or the default). */
  param(name) {
    return this.api.sim_param(this.h, name);
  }

  stepperOf(name) {
    return this.core.steppers.find((s) => s.name === name) || { title: name, citation: '' };
  }

  stepper() {
    return this.stepperOf(this.method);
  }

  label() {
    const variant = this.variantEl.textContent;
    return `${this.stepper().title}, Δt = ${+this.dt.toPrecision(6)} s${variant ? ', ' + variant : ''}`;
  }

  // ---- input that changes the physics ---------------------------------------------------

  positions() { return readPositions(this.core, this.h); }

  /** Pulls node toward target (m) with total stiffness k (N/m) over a patch of radius (m). */
  grab(node, target, k, radius) {
    this.api.grab(this.h, node, ...target, k, radius);
    this.showGrab(target);
  }

  moveGrab(target) {
    if (this.api.grab_move(this.h, ...target) === SL_OK) this.showGrab(target);
  }

  release() {
    this.api.release(this.h);
    this.showGrab(null);
  }

  pin(node, pinned) {
    this.release();
    this.api.pin(this.h, node, pinned);
    this.pinsChanged();
  }

  showGrab(target) {
    const node = target ? this.api.grabbed_node(this.h) : -1;
    this.grabTarget = node >= 0 ? target : null;
    if (this.view) this.view.setGrab(node, target || undefined);
    this.dirty = true;
  }

  // ---- stepping ----------------------------------------------------------------------------

  /** The chart's quantities now (SI units; time per step in ms). */
  sample() {
    return { height: this.api.tracked_height(this.h), ...readMeasures(this.core, this.h), step_ms: this.lastStepMs };
  }

  reset() {
    this.release();
    this.api.reset(this.h);
    this.t = 0;
    this.stopped = false;
    this.message = '';
    this.flashUntil = 0;
    this.dirty = true;
    this.lastStepMs = NaN;
    this.sync(); // what input picks from is the state now, not that of the last frame
  }

  /** Steps while t + dt <= target and time is left before deadline (ms); before each
   *  step, beforeStep(panel) (replayed input due at this panel's time). */
  advance(target, deadline, beforeStep = () => {}) {
    if (this.stopped) return;
    const t0 = performance.now();
    let n = 0;
    while (this.t + this.dt <= target + 1e-9 * this.dt && performance.now() < deadline) {
      beforeStep(this);
      const s0 = performance.now();
      const st = this.api.step(this.h, 1);
      this.lastStepMs = performance.now() - s0;
      if (st !== SL_OK) {
        this.stop(st);
        break;
      }
      this.t = this.api.time(this.h);
      this.on.sample(this);
      n++;
    }
    if (n) {
      this.dirty = true;
      this.steps += n;
      this.stepMs += performance.now() - t0;
    }
  }

  stop(status) {
    const api = this.api;
    this.stopped = true;
    this.t = api.time(this.h);
    this.diverged = !!api.diverged(this.h);
    this.divergedAt = api.diverged_time(this.h);
    if (this.diverged) {
      this.message = `diverged at t = ${this.divergedAt.toFixed(3)} s (${api.diverged_reason(this.h)})`;
    } else {
      this.message = `stopped: ${api.sim_error(this.h) || api.status_message(status)}`;
    }
    this.dirty = true;
  }

  // ---- what the panel shows -----------------------------------------------------------------

  /** Set when the run's total energy grew by more than half its largest kinetic + elastic
   *  energy (sl_world_energy_growth): an unstable stepper or Δt for this scene (issue 12). */
  energyWarning() {
    const at = this.api.energy_grew_at(this.h);
    if (!Number.isFinite(at)) return '';
    return `unstable: energy grew by ${fmt(this.api.energy_growth(this.h), 3)} J since t = ${at.toFixed(2)} s — lower Δt, raise β, or try another stepper`;
  }

  stateText(playing) {
    if (this.flashUntil > performance.now()) return this.message;
    if (this.stopped) return this.message;
    return this.energyWarning() || (playing ? 'running' : 'paused');
  }

  updateState(playing = false) {
    const text = this.stateText(playing);
    const grew = !this.stopped && this.energyWarning() !== '';
    const kind = this.stopped ? 'diverged' : this.flashUntil > performance.now() || grew ? 'warn' : playing ? 'running' : 'paused';
    if (this.stateEl.textContent !== text) this.stateEl.textContent = text;
    if (this.stateEl.dataset.kind !== kind) this.stateEl.dataset.kind = kind;
    if (this.badge.hidden === this.stopped) {
      this.badge.hidden = !this.stopped;
      this.badge.textContent = this.stopped ? (this.diverged ? `✕ diverged at t = ${this.divergedAt.toFixed(3)} s — last good state shown; Reset to start again` : '✕ stopped') : '';
    }
  }

  updateReadout() {
    const m = readMeasures(this.core, this.h);
    const vr = m.volume_ratio;
    const text = `t = ${this.t.toFixed(3)} s · y = ${fmt(this.api.tracked_height(this.h))} m · ` +
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

  /** The camera arguments of the view's draw/project/pick/unproject for this panel. */
  cam(camera) {
    return [camera.yaw, camera.pitch, this.baseDistance * camera.zoom, ...camera.pan];
  }

  /** Copies the state across and draws it. */
  draw(camera) {
    if (!this.view) return;
    this.sync();
    this.view.draw(this.cam(camera));
    this.dirty = false;
  }
}
