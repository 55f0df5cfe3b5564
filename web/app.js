// softlab lab page: 1-4 panels of the same scene, each with its own stepper, Δt and
// parameters, stepping in lock-step on one clock, one camera, one live chart. The
// physics and the drawing run in C (wasm); this file schedules steps, routes input,
// keeps the URL in step with what is shown, and updates the DOM (always textContent).

import { bindMeshLoader, bindScenePicker, loadUserMesh } from './scene-picker.js';
import { loadLab, SL_OK } from './lab-api.js';
import { parseParams, makeQuery, validDt, validBeta } from './params.js';
import { LabChart, chartControls } from './chart.js';
import { Panel } from './panel.js';
import { CameraInput, clampCamera, homeCamera } from './camera.js';
import { GRID_VARIANTS, ParamControls } from './controls.js';
import { Replay } from './replay.js';
import { bindEmbed } from './embed.js';
import { ViewControls } from './views.js';

const STEP_BUDGET_MS = 10;   // stepping time per animation frame, all panels together
const MAX_FRAME_DT = 0.1;    // s of real time taken into account per frame
const GRAB_STIFFNESS = 40;   // N/m per kg of the body: enough to lift it against gravity
const GRAB_RADIUS = 0.08;    // of the body's rest diagonal: the patch a grab pulls
const URL_DELAY_MS = 300;

const $ = (sel, root = document) => root.querySelector(sel);

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

class Lab {
  constructor(core, config) {
    this.api = core.api;
    this.steppers = core.steppers;
    this.paramInfos = core.params;
    this.scene = config.scene;
    this.config = config;
    this.playing = !config.paused;
    this.clock = 0;
    this.speed = 1;
    this.camera = config.camera ? clampCamera({ ...config.camera, pan: [...config.camera.pan] }) : homeCamera();
    this.roundRobin = 0;
    this.fps = 0;
    this.frames = 0;
    this.windowStart = performance.now();
    this.replay = new Replay();
    this.panels = [];
    this.chart = null;
    this.pinCache = null;
    for (const [i, p] of config.panels.entries()) this.panels.push(new Panel(this, i, p));
    for (const p of this.panels) p.citation.textContent = p.stepper().citation;
    this.measureBody();
    this.computeOmegas();
    this.controls = new ParamControls(this, $('#params'));
    this.updateVariants();
    this.chart = new LabChart($('#chart'), this.panels.map((p) => ({ label: p.label(), color: p.color })),
      { quantity: config.plot || 'height', heightLimits: this.heightLimits() });
    chartControls(this.chart, $('#chart-controls'), () => this.updateUrl());
    for (const p of this.panels) p.record();
    document.documentElement.style.setProperty('--panel-count', String(this.panels.length));
    this.bindControls();
    this.input_ = new CameraInput(this);
    this.views = new ViewControls(this, config.view);
    this.updateUrl();
    const ro = new ResizeObserver(() => this.panels.forEach((p) => p.resize()));
    for (const p of this.panels) ro.observe(p.canvas);
    this.panels.forEach((p) => p.resize());
    this.last = performance.now();
    requestAnimationFrame((t) => this.frame(t));
  }

  notice(text) { notice(text); }

  requestedMethod(i) { return this.config.panels[i].method; }

  /** Rest bounding box diagonal (m): sizes the chart's height range and the grab patch. */
  measureBody() {
    const x = this.api.positionsArray(this.panels[0].h);
    const min = [Infinity, Infinity, Infinity], max = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < x.length; i += 3) {
      for (let c = 0; c < 3; c++) {
        min[c] = Math.min(min[c], x[i + c]);
        max[c] = Math.max(max[c], x[i + c]);
      }
    }
    this.bodyMin = min;
    this.bodyMax = max;
    this.diagonal = Math.hypot(max[0] - min[0], max[1] - min[1], max[2] - min[2]) || 1;
  }

  /** y range the chart may show: rest bounding box widened by twice its diagonal. */
  heightLimits() {
    return [this.bodyMin[1] - 2 * this.diagonal, this.bodyMax[1] + 2 * this.diagonal];
  }

  centroid(p) {
    const x = this.api.positionsArray(p.h);
    const c = [0, 0, 0];
    for (let i = 0; i < x.length; i += 3) for (let k = 0; k < 3; k++) c[k] += x[i + k];
    const n = Math.max(1, x.length / 3);
    return c.map((v) => v / n);
  }

  /** Nodes pinned in panel p (the same in every panel: pins are input to all). */
  pinnedNodes(p) {
    if (!this.pinCache) {
      const n = this.api.node_count(p.h);
      this.pinCache = [];
      for (let i = 0; i < n; i++) if (this.api.is_pinned(p.h, i)) this.pinCache.push(i);
    }
    return this.pinCache;
  }

  bindControls() {
    $('#play').addEventListener('click', () => this.setPlaying(true));
    $('#pause').addEventListener('click', () => this.setPlaying(false));
    $('#step').addEventListener('click', () => this.singleStep());
    $('#reset').addEventListener('click', () => this.resetAll());
    $('#speed').addEventListener('change', (e) => { this.speed = Number(e.target.value) || 1; });
    $('#record').addEventListener('click', () => this.toggleRecord());
    $('#replay').addEventListener('click', () => this.startReplay());
    bindEmbed(() => this.shareUrl(), () => `softlab: ${this.scene.title}`);
    document.addEventListener('keydown', (e) => {
      // typing goes to fields; space on a button presses it; arrows on a view orbit (camera.js)
      if (e.target.closest('input, select, textarea, dialog')) return;
      if (e.key === ' ' && e.target.closest('button')) return;
      if (e.key === ' ') { e.preventDefault(); this.setPlaying(!this.playing); }
      else if (e.key === 'ArrowRight' || e.key === '.') this.singleStep();
      else if (e.key === 'r' || e.key === 'R') this.resetAll();
    });
    this.setPlaying(this.playing);
    this.updateReplayButtons();
  }

  // ---- input that changes the physics: the same in every panel, recorded ----------

  input(event) {
    if (this.replay.playing) {
      this.replay.stop(); // the user takes over
      this.updateReplayButtons();
    }
    this.replay.add(this.clock, event);
    for (const p of this.panels) this.applyInput(p, event);
  }

  applyInput(p, e) {
    const api = this.api;
    if (e.kind === 'grab') api.grab(p.h, e.node, ...e.target, GRAB_STIFFNESS * api.total_mass(p.h), GRAB_RADIUS * this.diagonal);
    else if (e.kind === 'move') api.grab_move(p.h, ...e.target);
    else if (e.kind === 'release') api.release(p.h);
    else if (e.kind === 'pin') {
      api.release(p.h);
      api.pin(p.h, e.node, e.pinned);
      this.pinCache = null;
    }
    p.dirty = true;
  }

  toggleRecord() {
    if (this.replay.recording) {
      this.replay.stop();
    } else {
      this.resetAll();
      this.replay.start(this.pinnedNodes(this.panels[0]));
      this.setPlaying(true);
    }
    this.updateReplayButtons();
  }

  /** Back to t = 0 with the pins of the recording's start, then the recorded input. */
  startReplay() {
    if (!this.replay.hasRecording) return;
    const start = new Set(this.replay.startPins);
    for (const p of this.panels) {
      const n = this.api.node_count(p.h);
      for (let i = 0; i < n; i++) {
        const want = start.has(i) ? 1 : 0;
        if (this.api.is_pinned(p.h, i) !== want) this.api.pin(p.h, i, want);
      }
    }
    this.pinCache = null;
    this.resetAll();
    this.replay.play();
    this.setPlaying(true);
    this.updateReplayButtons();
  }

  updateReplayButtons() {
    const rec = $('#record');
    rec.textContent = this.replay.recording ? '■ Stop recording' : '● Record';
    rec.setAttribute('aria-pressed', String(this.replay.recording));
    $('#replay').disabled = !this.replay.hasRecording;
    $('#replay').textContent = this.replay.playing ? '↻ Replaying…' : '↻ Replay';
  }

  // ---- settings ------------------------------------------------------------------

  setStepper(i, method) {
    const p = this.panels[i];
    if (p.setStepper(method, p.dt, p.beta)) this.settingsChanged();
  }

  /** Sets panel i's Δt (and every panel's while Δt is linked); deferred: no reset yet. */
  setDt(i, dt, deferred = false) {
    const p = this.panels[i];
    if (!validDt(dt)) {
      p.dtInput.value = String(p.dt);
      p.flash('Δt must be a number of seconds with 0 < Δt ≤ 1.');
      return;
    }
    const targets = !deferred && this.controls.linked.dt ? this.panels : [p];
    for (const q of targets) q.setStepper(q.method, dt, q.beta);
    if (!deferred) this.settingsChanged();
  }

  setBeta(i, beta, deferred = false) {
    const p = this.panels[i];
    if (!validBeta(beta)) return;
    p.setStepper(p.method, p.dt, beta);
    if (!deferred) this.settingsChanged();
  }

  /** Sets scene parameter name = value (SI units) in the panels of indexes. */
  setParam(indexes, name, value) {
    for (const i of indexes) {
      const p = this.panels[i];
      p.setParams({ ...p.params, [name]: value });
    }
    this.pinCache = null;
    this.measureBody();
    this.computeOmegas();
    this.settingsChanged();
  }

  computeOmegas() {
    for (const p of this.panels) p.omegaMax = this.api.omega_max(p.h);
  }

  /** The panel heads name the parameters in which panels differ. */
  updateVariants() {
    const differing = this.controls.infos.filter((info) => {
      const v = this.panels.map((p) => p.param(info.name));
      return v.some((x) => !Object.is(x, v[0]));
    });
    for (const p of this.panels) {
      p.variantEl.textContent = differing.map((info) => {
        const v = p.param(info.name);
        if (info.name === 'grid_variant') return `grid: ${(GRID_VARIANTS.find(([k]) => k === v) || [0, v])[1]}`;
        return `${info.label} ${+v.toPrecision(4)}${info.unit ? ' ' + info.unit : ''}`;
      }).join(', ');
    }
  }

  /** A panel's stepper, Δt or parameters changed: start the comparison again at t = 0. */
  settingsChanged() {
    this.updateVariants();
    this.resetAll();
    for (const p of this.panels) this.chart.setLabel(p.index, p.label());
    this.controls.refresh();
    this.updateUrl();
  }

  /** A scratch copy of panel p (scene, parameters, pins, stepper) at Δt, for searches. */
  scratchPanel(p, dt) {
    const api = this.api;
    api.params_clear();
    for (const [name, value] of Object.entries(p.params)) api.params_set(name, value);
    const h = api.panel_create(this.scene.name, p.method, dt, p.beta);
    api.params_clear();
    if (h <= 0) return h;
    const n = api.node_count(h);
    for (let i = 0; i < n; i++) {
      const want = api.is_pinned(p.h, i);
      if (api.is_pinned(h, i) !== want) api.pin(h, i, want);
    }
    return h;
  }

  // ---- URL --------------------------------------------------------------------------

  urlState() {
    return {
      scene: this.scene.name,
      // a parameter set in any panel is written for every panel (its value or the default)
      panels: this.panels.map((p) => ({
        method: p.method, dt: p.dt, beta: p.beta,
        params: Object.fromEntries(this.overridden().map((name) => [name, p.param(name)])),
      })),
      camera: this.camera,
      paused: !this.playing,
      plot: this.chart ? this.chart.quantity : null,
      view: this.views ? this.views.query() : {},
    };
  }

  /** Puts the current view in the address bar (later: a camera drag makes many calls). */
  /** Names of the scene parameters set away from the default in some panel. */
  overridden() {
    return [...new Set(this.panels.flatMap((p) => Object.keys(p.params)))];
  }

  updateUrl(later = false) {
    if (!this.chart) return; // still being built
    clearTimeout(this.urlTimer);
    const write = () => history.replaceState(null, '', makeQuery(this.urlState()));
    if (later) this.urlTimer = setTimeout(write, URL_DELAY_MS);
    else write();
  }

  shareUrl() {
    return location.origin + location.pathname + makeQuery(this.urlState());
  }

  cameraChanged() {
    this.markAllDirty();
    this.updateUrl(true);
  }

  markAllDirty() {
    for (const p of this.panels) p.dirty = true;
  }

  // ---- the clock ---------------------------------------------------------------------

  setPlaying(on) {
    // Paused, the clock shows the time of the state on screen (the latest panel).
    const active = this.active();
    if (!on && this.playing && active.length) this.clock = Math.max(...active.map((p) => p.t));
    this.playing = on;
    $('#play').disabled = on;
    $('#pause').disabled = !on;
    document.body.dataset.playing = on ? '1' : '0';
    this.last = performance.now();
    if (this.chart) this.updateUrl();
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
    for (const p of this.panels) this.api.release(p.h);
    if (this.replay.recording) this.replay.stop();
    this.replay.playing = false;
    for (const p of this.panels) p.reset();
    if (this.views) this.views.resetRange();
    this.chart.flush();
    this.updateReplayButtons();
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
    let drawn = false;
    for (const p of this.panels) {
      if (p.dirty) {
        p.draw(this.camera);
        p.updateReadout();
        drawn = true;
      }
      p.updateState();
    }
    if (drawn && this.views) this.views.update();
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
      p.msPerStep = p.steps > 0 ? p.stepMs / p.steps : p.msPerStep;
      p.steps = 0;
      p.stepMs = 0;
      p.dirty = true;
    }
    // simulated seconds per real second: below 1 the panels cannot keep up (slow motion)
    const advanced = this.clock - (this.clockAtWindow ?? this.clock); // < 0 after a reset
    this.simSpeed = this.playing && advanced >= 0 ? advanced / (span / 1000) : NaN;
    this.clockAtWindow = this.clock;
    this.frames = 0;
    this.windowStart = now;
    const perf = this.panels.map((p) => (p.stepsPerSecond ? `${Math.round(p.stepsPerSecond)}` : '–')).join(' / ');
    const speed = Number.isFinite(this.simSpeed) && this.simSpeed < 0.95 * this.speed
      ? ` · slow motion: ${this.simSpeed < 0.1 ? this.simSpeed.toFixed(3) : this.simSpeed.toFixed(2)}× real time (the steppers cannot keep up)` : '';
    $('#perf').textContent = `${this.fps.toFixed(0)} fps · steps per second of compute: ${perf}${speed}`;
  }

  nodeOnScreen(i, node) {
    const p = this.panels[i];
    if (!p || !p.hasGl) return null;
    const s = this.api.vec3(this.api.project(p.h, node, ...p.view(this.camera)));
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
      simSpeed: this.simSpeed,
      camera: { ...this.camera, pan: [...this.camera.pan] },
      recording: this.replay.recording,
      replaying: this.replay.playing,
      events: this.replay.events.length,
      panels: this.panels.map((p) => ({
        method: p.method,
        dt: p.dt,
        beta: p.beta,
        params: { ...p.params },
        t: p.t,
        height: api.tracked_height(p.h),
        diverged: !!api.diverged(p.h),
        stopped: p.stopped,
        message: p.stateText(),
        samples: this.chart.count(p.index),
        grabbed: api.grabbed_node(p.h),
        stepsPerSecond: p.stepsPerSecond,
        msPerStep: p.msPerStep,
        omegaMax: p.omegaMax,
        volumeRatio: api.volume_ratio(p.h),
        positions: Array.from(api.positionsArray(p.h)),
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
  const config = parseParams(query, scenes, core.steppers, core.params);
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
    state: () => lab.state(),
    /** Page (CSS pixel) position of node in panel i's view, or null if not drawn. */
    nodeOnScreen: (i, node) => lab.nodeOnScreen(i, node),
    /** The flat wasm API (lab-api.js), for tests and the console. */
    api: core.api,
    /** Redraws every panel on the next frame (after changing a view through api). */
    redraw: () => lab.markAllDirty(),
    /** The URL that reproduces the current view. */
    shareUrl: () => lab.shareUrl(),
  });
}

main();
