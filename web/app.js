// softlab lab page: N panels of the same scene with different time steppers, one
// shared clock, one live chart. The physics and the drawing run in C (wasm); this
// file only schedules steps, reads numbers and updates the DOM (always textContent).

import { bindMeshLoader, bindScenePicker, loadUserMesh } from './scene-picker.js';
import { loadLab, SL_OK } from './lab-api.js';
import { parseParams, makeQuery, validDt } from './params.js';
import { HeightChart } from './chart.js';

const COLORS = ['#2f7fd8', '#e07a1f', '#2a9d6f', '#8a4fd8']; // panel i: surface, chart line
const STEP_BUDGET_MS = 10;   // stepping time per animation frame, all panels together
const MAX_FRAME_DT = 0.1;    // s of real time taken into account per frame
const CHART_MIN_INTERVAL = 0.002; // s of simulated time between chart samples
const CAMERA_HOME = { yaw: 0.55, pitch: 0.32, zoom: 1 };

const $ = (sel, root = document) => root.querySelector(sel);

function hexToRgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

function fmt(v, digits = 3) {
  if (!Number.isFinite(v)) return '–';
  const a = Math.abs(v);
  return a !== 0 && (a < 1e-3 || a >= 1e5) ? v.toExponential(2) : v.toFixed(digits);
}

function notice(text, kind = 'warn') {
  const box = $('#notices');
  const div = document.createElement('div');
  div.className = 'notice ' + kind;
  const span = document.createElement('span');
  span.textContent = text;
  const close = document.createElement('button');
  close.className = 'notice-close';
  close.setAttribute('aria-label', 'dismiss');
  close.textContent = '×';
  close.addEventListener('click', () => div.remove());
  div.append(span, close);
  box.append(div);
}

class Panel {
  constructor(lab, index, method, dt) {
    this.lab = lab;
    this.index = index;
    this.color = COLORS[index % COLORS.length];
    this.method = method;
    this.dt = dt;
    this.t = 0;
    this.stopped = false;  // diverged or failed: takes no more steps until reset
    this.message = '';
    this.dirty = true;
    this.steps = 0;        // steps taken in the current measuring window
    this.stepMs = 0;       // ms spent stepping in that window
    this.stepsPerSecond = 0;
    this.recordedAt = 0;
    this.buildDom();
    const api = lab.api;
    this.h = api.panel_create(lab.scene.name, method, dt, 0);
    let refusal = '';
    if (this.h < 0 && method !== lab.scene.defaultMethod) {
      // e.g. an explicit stepper and a model with compliance 0: this panel alone falls
      // back to the scene's own stepper and says why; the others are not affected.
      refusal = api.last_error(0);
      this.h = api.panel_create(lab.scene.name, lab.scene.defaultMethod, dt, 0);
      this.method = lab.scene.defaultMethod;
      this.select.value = this.method;
    }
    if (this.h < 0) throw new Error(api.last_error(0) || api.status_message(-this.h));
    const [r, g, b] = hexToRgb(this.color);
    api.set_color(this.h, r, g, b);
    const st = api.attach_canvas(this.h, '#' + this.canvas.id, 1);
    this.hasGl = st === SL_OK;
    if (!this.hasGl) this.viewNote(`No WebGL2 here (${api.last_error(0)}); the numbers still run.`);
    this.baseDistance = api.view_distance(this.h);
    this.record();
    if (refusal) this.viewNote(`${method} cannot run this model: ${refusal}. Showing ${this.stepper().title}.`);
  }

  buildDom() {
    const node = $('#panel-template').content.firstElementChild.cloneNode(true);
    node.style.setProperty('--panel-color', this.color);
    this.root = node;
    this.canvas = $('canvas', node);
    this.canvas.id = `view-${this.index + 1}`;
    this.select = $('select.method', node);
    this.dtInput = $('input.dt-input', node);
    this.stateEl = $('.state', node);
    this.badge = $('.view-badge', node);
    this.readout = $('.readout', node);
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
    this.select.addEventListener('change', () => this.changeMethod(this.select.value, this.dt));
    this.dtInput.addEventListener('change', () => {
      const dt = Number(this.dtInput.value);
      if (!validDt(dt)) {
        this.dtInput.value = String(this.dt);
        this.flash(`Δt must be a number of seconds with 0 < Δt ≤ 1.`);
        return;
      }
      this.changeMethod(this.method, dt);
    });
    $('#panels').append(node);
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

  changeMethod(method, dt) {
    const api = this.lab.api;
    const st = api.set_method(this.h, method, dt, 0);
    if (st !== SL_OK) {
      this.select.value = this.method;
      this.dtInput.value = String(this.dt);
      this.flash(api.last_error(this.h) || api.status_message(st));
      return;
    }
    this.method = method;
    this.dt = dt;
    this.citation.textContent = this.stepper().citation;
    this.lab.chart.setLabel(this.index, this.label());
    this.lab.settingsChanged();
  }

  stepper() {
    return this.lab.steppers.find((s) => s.name === this.method) || { title: this.method, citation: '' };
  }

  label() {
    return `${this.stepper().title}, Δt = ${+this.dt.toPrecision(6)} s`;
  }

  /** Appends the current tracked height to the chart (at most one sample per
   *  CHART_MIN_INTERVAL of simulated time: a chart has only so many pixels). */
  record() {
    if (!this.lab.chart) return;
    if (this.t > 0 && this.t - this.recordedAt < CHART_MIN_INTERVAL * (1 - 1e-9)) return;
    this.recordedAt = this.t;
    this.lab.chart.add(this.index, this.t, this.lab.api.tracked_height(this.h));
  }

  reset() {
    this.lab.api.reset(this.h);
    this.t = 0;
    this.stopped = false;
    this.message = '';
    this.flashUntil = 0;
    this.dirty = true;
    this.lab.chart.clear(this.index);
    this.recordedAt = 0;
    this.record();
  }

  /** Steps while t + dt <= target and time is left before deadline (ms). */
  advance(target, deadline) {
    if (this.stopped) return;
    const api = this.lab.api;
    const t0 = performance.now();
    let n = 0;
    while (this.t + this.dt <= target + 1e-9 * this.dt && performance.now() < deadline) {
      const st = api.step(this.h, 1);
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
      this.message = `diverged at t = ${api.diverged_time(this.h).toFixed(3)} s (${api.diverged_reason(this.h)})`;
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
      this.badge.textContent = this.stopped ? (this.diverged ? `✕ diverged at t = ${this.divergedAt.toFixed(3)} s — last good state shown` : '✕ stopped') : '';
    }
  }

  updateReadout() {
    const api = this.lab.api;
    const text = `t = ${this.t.toFixed(3)} s · y = ${fmt(api.tracked_height(this.h))} m · ` +
      `E = ${fmt(api.energy_total(this.h), 2)} J · max|φ| = ${fmt(api.constraint_violation(this.h))}`;
    if (this.readout.textContent !== text) this.readout.textContent = text;
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

  draw(camera) {
    if (!this.hasGl) return;
    this.lab.api.draw(this.h, camera.yaw, camera.pitch, this.baseDistance * camera.zoom);
    this.dirty = false;
  }
}

class Lab {
  constructor(core, config) {
    this.api = core.api;
    this.steppers = core.steppers;
    this.scene = config.scene;
    this.playing = true;
    this.clock = 0;
    this.speed = 1;
    this.camera = { ...CAMERA_HOME };
    this.roundRobin = 0;
    this.fps = 0;
    this.frames = 0;
    this.windowStart = performance.now();
    this.panels = [];
    this.chart = null;
    for (const [i, p] of config.panels.entries()) this.panels.push(new Panel(this, i, p.method, p.dt));
    for (const p of this.panels) p.citation.textContent = p.stepper().citation;
    this.chart = new HeightChart($('#chart'), this.panels.map((p) => ({ label: p.label(), color: p.color })), this.heightLimits());
    for (const p of this.panels) p.record();
    document.documentElement.style.setProperty('--panel-count', String(this.panels.length));
    this.bindControls();
    this.bindCamera();
    const ro = new ResizeObserver(() => this.panels.forEach((p) => p.resize()));
    for (const p of this.panels) ro.observe(p.canvas);
    this.panels.forEach((p) => p.resize());
    this.last = performance.now();
    requestAnimationFrame((t) => this.frame(t));
  }

  /** y range the chart may show: rest bounding box widened by its diagonal, twice. */
  heightLimits() {
    const x = this.api.positionsArray(this.panels[0].h);
    let lo = Infinity, hi = -Infinity, d2 = 0;
    const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < x.length; i += 3) {
      for (let c = 0; c < 3; c++) {
        min[c] = Math.min(min[c], x[i + c]);
        max[c] = Math.max(max[c], x[i + c]);
      }
    }
    for (let c = 0; c < 3; c++) d2 += (max[c] - min[c]) ** 2;
    const diag = Math.sqrt(d2) || 1;
    lo = min[1] - 2 * diag;
    hi = max[1] + 2 * diag;
    return [lo, hi];
  }

  bindControls() {
    $('#play').addEventListener('click', () => this.setPlaying(true));
    $('#pause').addEventListener('click', () => this.setPlaying(false));
    $('#step').addEventListener('click', () => this.singleStep());
    $('#reset').addEventListener('click', () => this.resetAll());
    $('#speed').addEventListener('change', (e) => { this.speed = Number(e.target.value) || 1; });
    document.addEventListener('keydown', (e) => {
      if (e.target.closest('input, select, textarea')) return;
      if (e.key === ' ') { e.preventDefault(); this.setPlaying(!this.playing); }
      else if (e.key === 'ArrowRight' || e.key === '.') this.singleStep();
      else if (e.key === 'r' || e.key === 'R') this.resetAll();
    });
    this.setPlaying(true);
  }

  /** Pointer on a view: drag a free node to pull it with a spring (the same pull in
   *  every panel, so the comparison stays fair), drag elsewhere to orbit, wheel to
   *  zoom, double-click to reset the view. */
  bindCamera() {
    let drag = null;
    const api = this.api;
    const pixel = (p, e) => {
      const r = p.canvas.getBoundingClientRect();
      return [(e.clientX - r.left) * (p.canvas.width / r.width), (e.clientY - r.top) * (p.canvas.height / r.height)];
    };
    const view = (p) => [this.camera.yaw, this.camera.pitch, p.baseDistance * this.camera.zoom];
    const pickRadius = (p) => 16 * (p.canvas.width / Math.max(1, p.canvas.clientWidth));
    const pick = (p, e) => (p.hasGl ? api.pick(p.h, ...pixel(p, e), ...view(p), pickRadius(p)) : -1);
    for (const p of this.panels) {
      const c = p.canvas;
      c.addEventListener('pointerdown', (e) => {
        c.setPointerCapture(e.pointerId);
        const node = pick(p, e);
        if (node >= 0) {
          const x = api.positionsArray(p.h);
          const anchor = [x[3 * node], x[3 * node + 1], x[3 * node + 2]];
          drag = { mode: 'grab', panel: p, node, anchor };
          this.grab(node, anchor);
        } else {
          drag = { mode: 'orbit', x: e.clientX, y: e.clientY };
        }
      });
      c.addEventListener('pointermove', (e) => {
        if (!drag) {
          c.classList.toggle('over-node', pick(p, e) >= 0);
          return;
        }
        if (drag.mode === 'grab') {
          if (drag.panel !== p) return;
          const target = api.vec3(api.unproject(p.h, ...pixel(p, e), ...view(p), ...drag.anchor));
          if (target) this.grab(drag.node, target);
          return;
        }
        this.camera.yaw -= (e.clientX - drag.x) * 0.01;
        this.camera.pitch = Math.max(0, Math.min(1.5, this.camera.pitch + (e.clientY - drag.y) * 0.01));
        drag.x = e.clientX;
        drag.y = e.clientY;
        this.markAllDirty();
      });
      const end = () => {
        if (drag && drag.mode === 'grab') this.release();
        drag = null;
      };
      c.addEventListener('pointerup', end);
      c.addEventListener('pointercancel', end);
      c.addEventListener('wheel', (e) => {
        e.preventDefault();
        this.camera.zoom = Math.max(0.25, Math.min(4, this.camera.zoom * Math.exp(e.deltaY * 0.001)));
        this.markAllDirty();
      }, { passive: false });
      c.addEventListener('dblclick', () => {
        this.camera = { ...CAMERA_HOME };
        this.markAllDirty();
      });
    }
  }

  /** Pulls node toward target (m) in every panel with the same spring. */
  grab(node, target) {
    const api = this.api;
    for (const p of this.panels) {
      // k: 40 N/m per kg of the body, so it can lift the body against gravity
      if (api.grabbed_node(p.h) === node) api.grab_move(p.h, ...target);
      else api.grab(p.h, node, ...target, 40 * api.total_mass(p.h));
      p.dirty = true;
    }
  }

  release() {
    for (const p of this.panels) {
      this.api.release(p.h);
      p.dirty = true;
    }
  }

  markAllDirty() {
    for (const p of this.panels) p.dirty = true;
  }

  setPlaying(on) {
    // Paused, the clock shows the time of the state on screen (the latest panel).
    const active = this.active();
    if (!on && this.playing && active.length) this.clock = Math.max(...active.map((p) => p.t));
    this.playing = on;
    $('#play').disabled = on;
    $('#pause').disabled = !on;
    document.body.dataset.playing = on ? '1' : '0';
    this.last = performance.now();
  }

  active() {
    return this.panels.filter((p) => !p.stopped);
  }

  /** One step of the largest Δt: every panel takes the steps of its own Δt that fit. */
  singleStep() {
    this.setPlaying(false);
    const active = this.active();
    if (active.length === 0) return;
    const target = Math.max(...active.map((p) => p.t + p.dt));
    for (const p of active) p.advance(target, Infinity);
    this.clock = Math.max(this.clock, target);
    this.chart.flush();
  }

  resetAll() {
    this.clock = 0;
    this.release();
    for (const p of this.panels) p.reset();
    this.chart.flush();
  }

  /** A panel's stepper or Δt changed: start the comparison again from t = 0. */
  settingsChanged() {
    this.resetAll();
    history.replaceState(null, '', makeQuery(this.scene.name, this.panels));
  }

  frame(now) {
    requestAnimationFrame((t) => this.frame(t));
    const realDt = Math.min(Math.max((now - this.last) / 1000, 0), MAX_FRAME_DT);
    this.last = now;
    if (this.playing) {
      const target = this.clock + realDt * this.speed;
      const deadline = performance.now() + STEP_BUDGET_MS;
      const n = this.panels.length;
      for (let k = 0; k < n; k++) this.panels[(this.roundRobin + k) % n].advance(target, deadline);
      this.roundRobin = (this.roundRobin + 1) % n;
      const active = this.active();
      // The clock runs no further ahead than the slowest running panel can follow.
      const reach = active.length ? Math.min(target, ...active.map((p) => p.t + p.dt)) : target;
      this.clock = Math.max(this.clock, reach);
      if (active.length === 0) this.setPlaying(false);
    }
    for (const p of this.panels) {
      if (p.dirty) {
        p.draw(this.camera);
        p.updateReadout();
      }
      p.updateState();
    }
    const clockText = `t = ${this.clock.toFixed(3)} s`;
    const clockEl = $('#clock');
    if (clockEl.textContent !== clockText) clockEl.textContent = clockText;
    if (now - (this.chartAt || 0) > 100 || !this.playing) {
      this.chart.flush();
      this.chartAt = now;
    }
    this.measure(now);
  }

  measure(now) {
    this.frames++;
    const span = now - this.windowStart;
    if (span < 1000) return;
    this.fps = (this.frames * 1000) / span;
    for (const p of this.panels) {
      p.stepsPerSecond = p.stepMs > 0 ? (p.steps * 1000) / p.stepMs : 0;
      p.steps = 0;
      p.stepMs = 0;
    }
    this.frames = 0;
    this.windowStart = now;
    const perf = this.panels.map((p) => (p.stepsPerSecond ? `${Math.round(p.stepsPerSecond)}` : '–')).join(' / ');
    $('#perf').textContent = `${this.fps.toFixed(0)} fps · steps per second of compute: ${perf}`;
  }

  nodeOnScreen(i, node) {
    const p = this.panels[i];
    if (!p || !p.hasGl) return null;
    const s = this.api.vec3(this.api.project(p.h, node, this.camera.yaw, this.camera.pitch, p.baseDistance * this.camera.zoom));
    if (!s) return null;
    const r = p.canvas.getBoundingClientRect();
    return { x: r.left + (s[0] * r.width) / p.canvas.width, y: r.top + (s[1] * r.height) / p.canvas.height };
  }

  /** Read-only snapshot for tests and the console. */
  state() {
    const api = this.api;
    return {
      t: this.clock,
      playing: this.playing,
      fps: this.fps,
      panels: this.panels.map((p) => ({
        method: p.method,
        dt: p.dt,
        t: p.t,
        height: api.tracked_height(p.h),
        diverged: !!api.diverged(p.h),
        stopped: p.stopped,
        message: p.stateText(),
        samples: this.chart.count(p.index),
        grabbed: api.grabbed_node(p.h),
        stepsPerSecond: p.stepsPerSecond,
      })),
    };
  }
}

async function main() {
  const loading = $('#loading');
  let core;
  try {
    core = await loadLab();
  } catch (err) {
    loading.classList.add('failed');
    $('.loading-text', loading).textContent = `The simulation core could not be loaded: ${err.message}`;
    return;
  }
  const query = new URLSearchParams(location.search);
  const scenes = [...core.scenes];
  if (query.get('scene') === 'mesh') {
    const user = loadUserMesh(core, notice);
    if (user) scenes.push(user);
  }
  const config = parseParams(query, scenes, core.steppers);
  bindScenePicker($('#scene-select'), core.scenes, config.scene);
  bindMeshLoader($('#mesh-file'), document.body, (text) => notice(text));
  for (const text of config.notices) notice(text);
  $('#scene-title').textContent = config.scene.title;
  $('#scene-citation').textContent = config.scene.citation;
  document.title = `softlab · ${config.scene.title}`;
  const note = config.scene.description;
  $('#scene-note').textContent = note || '';
  $('#scene-note').hidden = !note;
  let lab;
  try {
    lab = new Lab(core, config);
  } catch (err) {
    loading.classList.add('failed');
    $('.loading-text', loading).textContent = `The lab could not start: ${err.message}`;
    return;
  }
  loading.hidden = true;
  window.softlab = Object.freeze({
    ready: true,
    scene: config.scene.name,
    steppers: core.steppers.map((s) => s.name),
    panels: lab.panels.map((p) => Object.freeze({ index: p.index, canvas: p.canvas.id, handle: p.h })),
    /** The flat wasm API (lab-api.js), for tests and the console. */
    api: core.api,
    /** Redraws every panel on the next frame (after changing a view through api). */
    redraw: () => lab.markAllDirty(),
    state: () => lab.state(),
    /** Page (CSS pixel) position of node in panel i's view, or null if not drawn. */
    nodeOnScreen: (i, node) => lab.nodeOnScreen(i, node),
  });
}

main();
