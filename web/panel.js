// One panel of the lab: a simulation of the lab's scene with its own stepper, Δt, β and
// scene parameters, which runs in a Worker (web/sim-host.js, reached through the client
// of web/sim-client.js), drawn by its own view (web/view.js) from the frame the clock
// shows (showAt: its frame for the time every panel is shown at, issue 26; the frames of
// a panel that ran ahead wait here), and its DOM (head, readout, state, meter). The panel asks its
// simulation to step toward a target time; who sets the target (web/clock.js) and where
// chart samples go (web/plots.js) are passed in. Everything it shows comes from frames.

import { SL_OK } from './lab-api.js';
import { fmt } from './format.js';
import { View } from './view.js';
import { fmtSeconds, trialWords } from './stability.js';

export const COLORS = ['#2f7fd8', '#e07a1f', '#2a9d6f', '#8a4fd8']; // surface and chart line
// the same hues dark enough for text on white (4.5:1 or more: 5.5, 5.5, 4.9, 5.0)
export const INKS = ['#2468c4', '#a3540d', '#1f8060', '#8a4fd8'];
const OMEGA_EVERY_MS = 2000; // ω_max along a run: at most this often
const OMEGA_STALL_MS = 1000; // ... and not when one estimate holds the Worker longer

const $ = (sel, root) => root.querySelector(sel);
let measureCtx = null; // a 2D context to measure stepper names in the menu's font

/** x rounded down to `digits` significant digits (x > 0). */
function floorDigits(x, digits) {
  const unit = 10 ** (Math.floor(Math.log10(x)) - digits + 1);
  return +(Math.floor(x / unit + 1e-9) * unit).toPrecision(digits);
}

function hexToRgb(hex) {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** Frames a panel keeps of a computed-ahead run, behind and ahead of the one shown: 40 s
 *  at 30 a second (web/clock.js AHEAD_FRAME); of the 733-node torus about 1 MB a second. */
const KEPT_FRAMES = 1200;

/** Resizes the panels, every one measured before any is changed: one layout for them all
 *  (measure, change, measure the next forced a layout per panel, 15-30 ms of a four-panel
 *  lab's start in a lesson). */
export function resizePanels(panels) {
  const sizes = panels.map((p) => p.measure());
  panels.forEach((p, i) => p.applySize(sizes[i]));
}

export class Panel {
  /**
   * @param core    the page's loaded wasm API (lab-api.js loadLab): views and tables
   * @param client  this panel's simulation (web/sim-client.js SimClient)
   * @param scene   the lab's scene ({name, defaultMethod, ...})
   * @param index   0-based position on the page
   * @param config  {method, dt, beta, params} asked for (URL)
   * @param on      {stepper(i, method), dt(i, dt), samples(panel, samples), omega(panel),
   *                diverged(panel, t)}: what the page does when the panel's own inputs
   *                change, with each frame's chart samples, when ω_max is known, and
   *                when the run diverged at time t (s)
   */
  constructor(core, client, scene, index, config, on) {
    this.core = core;
    this.client = client;
    this.scene = scene;
    this.index = index;
    this.on = on;
    this.color = COLORS[index % COLORS.length];
    this.ink = INKS[index % INKS.length];
    this.requested = config.method;
    this.method = config.method;
    this.dt = config.dt;
    this.beta = config.beta || 0;
    this.params = { ...config.params };
    this.paramValues = {};  // every parameter's value in this panel (the Worker's)
    this.epochs = 0;        // runs asked for; frames of other runs are dropped
    this.epoch = 0;
    this.t = 0;             // s: the time of the state shown
    this.latest = 0;        // s: the time of the latest state the Worker reported
    this.reached = 0;       // s: the last target the Worker posted a frame for
    this.sentTarget = 0;
    this.frame = null;      // the frame shown
    this.frames = [];       // frames of the current run from the one shown on, oldest first
    this.sentField = 0;     // the node field the Worker sends with its frames
    this.wantFrames = false; // the rotation field's triads are shown (web/views.js)
    this.sentFrames = false; // the Worker sends the rotation field with its frames
    this.shown = new Float64Array(0); // its positions: what input picks from
    this.measures = {};
    this.height = NaN;
    this.grabbed = -1;
    this.pins = new Int32Array(0);
    this.totalMass = NaN;
    this.omegaMax = NaN;   // rad/s, of the body linearized at time omegaAt (s)
    this.omegaAt = 0;
    this.omegaHeld = '';   // why omegaMax was kept from before the state now (sim-host omega)
    this.omegaRest = NaN;  // rad/s, of the body linearized at rest (the estimate at t = 0)
    this.omegaMs = NaN;    // what its last estimate cost in the Worker
    this.omegaPending = false;
    this.omegaAsked = 0;
    this.verdict = null;    // the core's verdict on the run (web/sim-host.js readVerdict)
    this.stopped = false;  // diverged or failed: takes no more steps until reset
    this.ended = false;    // ... and the frame that says so is shown
    this.diverged = false;
    this.message = '';
    this.dirty = true;
    this.steps = 0;        // steps taken in the current measuring window
    this.stepMs = 0;       // ms spent stepping in that window
    this.stepsPerSecond = 0;
    this.msPerStep = NaN;
    this.lastStepMs = NaN;
    client.onFrame = (f) => this.onFrame(f);
    client.onFail = (error) => this.fail(error);
    this.buildDom();
  }

  get api() { return this.core.api; }

  /** Asks the Worker to (re)build with params and method; the reply names its run. */
  async build(params, method) {
    this.epoch = ++this.epochs;
    const reply = await this.client.request('build', { scene: this.scene.name, params, method, dt: this.dt, beta: this.beta, epoch: this.epoch });
    this.epoch = reply.epoch;
    return reply;
  }

  /** Builds the simulation (falling back to the scene's defaults where refused) and the
   *  view; throws with the reason if even the scene's own stepper cannot build. */
  async create() {
    // The view first, at its laid-out size (the caller resizes the panels first): its
    // WebGL context is made while the Worker builds (the page's costliest start-up work
    // overlaps the Worker's), and a context made at the canvas's final size is not
    // reallocated by the first resize.
    this.createView();
    let built = await this.build(this.params, this.method);
    if (built.paramError) {
      this.viewNote(`Parameters ignored: ${built.error}.`);
      this.params = {};
      built = await this.build({}, this.method);
    }
    let refusal = '';
    if (built.status !== SL_OK && this.method !== this.scene.defaultMethod) {
      // e.g. an explicit stepper and a model with compliance 0: this panel alone falls
      // back to the scene's own stepper and says why; the others are not affected.
      refusal = built.error;
      this.method = this.scene.defaultMethod;
      this.showMethod(this.method);
      built = await this.build(this.params, this.method);
    }
    if (built.status !== SL_OK) throw new Error(built.error);
    this.bodyChanged(built);
    this.citation.textContent = this.stepper().citation;
    this.updateLabel();
    if (refusal) this.viewNote(`${this.stepperOf(this.requested).title} cannot run this model: ${refusal}. Showing ${this.stepper().title}.`);
  }

  /** The panel's WebGL2 view, or a note that the numbers run without one. */
  createView() {
    try {
      this.view = new View(this.core, this.canvas.id);
      this.view.setColor(hexToRgb(this.color));
    } catch (err) {
      this.view = null;
      this.viewNote(`No WebGL2 here (${err.message}); the numbers still run.`);
    }
  }

  get hasGl() { return !!this.view; }

  /** The element inspector: the element (tet or grid cell) of node (-1: none) comes with every frame. */
  inspect(node) {
    this.inspection = null;
    this.client.send('inspect', { node });
  }

  buildDom() {
    const node = $('#panel-template', document).content.firstElementChild.cloneNode(true);
    node.style.setProperty('--panel-color', this.color);
    this.root = node;
    this.canvas = $('canvas', node);
    this.canvas.id = `view-${this.index + 1}`;
    this.canvas.setAttribute('aria-label', `3D view of panel ${this.index + 1}`);
    this.desc = $('.view-desc', node);
    this.desc.id = `view-desc-${this.index + 1}`;
    this.canvas.setAttribute('aria-describedby', this.desc.id);
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
      opt.textContent = opt.dataset.full = s.title;
      opt.title = s.citation;
      this.select.append(opt);
    }
    this.showMethod(this.method);
    this.dtInput.value = String(this.dt);
    // setStepper shows the method taken (or the old one, refused) by showMethod
    this.select.addEventListener('change', () => this.on.stepper(this.index, this.select.value));
    this.dtInput.addEventListener('change', () => this.on.dt(this.index, Number(this.dtInput.value)));
    $('#panels', document).append(node);
  }

  viewNote(text) {
    const el = $('.view-note', this.root);
    el.textContent = text;
    el.hidden = !text;
  }

  /** After a stepper change, its largest stable Δt here (web/controls.js find: {dt,
   *  capped}, dt NaN if unstable at every Δt) against the panel's Δt: beyond it, a note
   *  that says so, with a button that sets a safe Δt (0.8 of it, two digits). */
  offerDt(result) {
    if (!result) return;
    const name = this.stepper().title;
    if (Number.isNaN(result.dt)) {
      this.viewNote(`${name} is unstable on this scene even at Δt = ${fmtSeconds(result.lo)}: try another stepper.`);
      return;
    }
    if (result.capped || this.dt <= result.dt) return;
    const safe = floorDigits(0.8 * result.dt, 2);
    const use = document.createElement('button');
    use.className = 'btn small';
    use.type = 'button';
    use.textContent = `use Δt = ${fmtSeconds(safe)}`;
    use.addEventListener('click', () => this.on.dt(this.index, safe));
    const el = $('.view-note', this.root);
    el.replaceChildren(`Δt = ${fmtSeconds(this.dt)} is beyond what ${name} keeps stable here: it is unstable above Δt ≈ ${fmtSeconds(result.dt)} (bisection; ${trialWords(result)}). `, use);
    el.hidden = false;
  }

  flash(text) {
    this.message = text;
    this.flashUntil = performance.now() + 4000;
    this.updateState();
  }

  // ---- frames from the Worker, and the view ----------------------------------------------

  /** A frame of the simulation (web/sim-host.js postFrame): kept until the clock shows
   *  its time (showAt); one that replaces the run's frames is shown at once. */
  onFrame(f) {
    if (f.epoch !== this.epoch) return; // from a run that a reset or rebuild replaced
    if (f.type === 'latest') {
      this.latest = f.t; // how far stepping got (the clock's pace), nothing to show
      return;
    }
    const last = this.frames[this.frames.length - 1];
    if (f.replace) {
      this.forget();
      this.frames = [f];
    } else if (last && last.t === f.t) {
      f.samples = last.samples.concat(f.samples); // the same state, posted again
      this.frames[this.frames.length - 1] = f;
    } else {
      this.frames.push(f);
    }
    this.latest = f.t;
    this.reached = f.at;
    if (f.stopped) this.stopped = true; // the clock steps it no more; shown when its frame is
    if (f.steps) {
      this.steps += f.steps;
      this.stepMs += f.stepMs;
      this.lastStepMs = f.lastStepMs;
    }
    if (f.replace) this.showAt(f.at);
  }

  /** Shows the frame for time t (s): the first kept frame for a target at or after t,
   *  that is the latest step at or before t (else the latest frame), and the chart samples
   *  up to it go to the chart. Frames before it are dropped, or with keep (a computed-ahead
   *  run, web/clock.js) kept for scrubbing back, the oldest first dropped beyond
   *  KEPT_FRAMES. */
  showAt(t, keep = false) {
    if (!this.frames.length) return;
    let k = this.frames.findIndex((f) => f.at >= t);
    if (k < 0) k = this.frames.length - 1;
    for (let i = 0; i <= k; i++) this.plotSamples(this.frames[i]);
    const drop = keep ? Math.min(k, this.frames.length - KEPT_FRAMES) : k;
    if (drop > 0) {
      this.frames.splice(0, drop);
      k -= drop;
    }
    const f = this.frames[k];
    if (f === this.frame) return;
    this.frame = f;
    this.t = f.t;
    this.shown = f.positions;
    this.measures = f.measures || {};
    this.height = f.height;
    this.grabbed = f.grabbed;
    this.verdict = f.verdict || null;
    this.inspection = f.inspection; // the element inspector's tet or grid cell (web/inspector.js), or null
    if (f.stopped && !this.ended) this.stop(f.stopped);
    this.refreshOmega();
    this.dirty = true;
  }

  plotSamples(f) {
    if (!f.samples.length) return;
    this.on.samples(this, f.samples);
    f.samples = [];
  }

  /** Drops the kept frames (their chart samples go to the chart first). */
  forget() {
    for (const f of this.frames) this.plotSamples(f);
    this.frames = [];
  }

  /** A new run: no frames of it yet. */
  restart() {
    this.frames = [];
    this.t = this.latest = this.reached = 0;
    this.sentTarget = 0;
  }

  /** Resolves once the Worker has handled every earlier request and its frame is here. */
  async nextFrame() {
    this.syncField();
    await this.client.request('frame');
  }

  /** Asks the Worker for the node field the view colours by, and for the rotation field
   *  while its triads are shown, if that changed. */
  syncField() {
    const frames = !!this.view && this.wantFrames;
    if (frames !== this.sentFrames) {
      this.sentFrames = frames;
      this.client.send('frames', { on: frames });
    }
    const field = this.view ? this.view.colorField() : 0;
    if (field === this.sentField) return;
    this.sentField = field;
    this.client.send('field', { field });
  }

  /** Shows (on) or hides the rotation field's triads; the Worker sends it while shown. */
  setFrames(on) {
    this.wantFrames = !!on;
    this.syncField();
    this.dirty = true;
  }

  /** The Worker stopped working (it could not start, or crashed): say so, step no more. */
  fail(error) {
    this.stopped = this.ended = true;
    this.message = `stopped: ${error}`;
    this.dirty = true;
  }

  /** A new world (creation, rebuild) described by the Worker: body, pins, parameters. */
  bodyChanged(desc) {
    this.paramValues = desc.params;
    this.pins = desc.pins;
    this.totalMass = desc.totalMass;
    this.phaseLabels = desc.phase; // the phase portrait's coordinate (web/phase.js)
    this.showGrab(null);
    this.omegaRest = NaN;
    this.requestOmega();
    if (!this.view) return;
    this.view.setBody(desc.body);
    this.view.setPins(desc.pins);
    this.baseDistance = this.view.distance();
    this.sync();
  }

  /** Copies the latest frame (positions, plates, and the field the view colours by) to the view. */
  sync() {
    if (!this.view || !this.frame) return;
    this.syncField();
    const f = this.frame;
    const field = f.fieldId === this.view.colorField() ? f.field : null;
    this.view.setFrame({ t: f.t, positions: f.positions, plates: f.plates, field, rotations: f.rotations });
  }

  /** Colour field (FIELD) over [lo, hi] (NaN: automatic); its values come with the next
   *  frames. */
  setColorField(field, lo = NaN, hi = NaN) {
    if (!this.view) return SL_OK;
    const st = this.view.setColorField(field, lo, hi);
    this.syncField();
    this.dirty = true;
    return st;
  }

  /** ω_max of the world linearized at its current state (the stability meter's scale),
   *  computed in the Worker; kept up to date along the run where that is cheap
   *  (refreshOmega), and kept from the last good state once the run diverged or its
   *  energy grew (omegaHeld says which). */
  requestOmega() {
    this.omegaPending = true;
    this.omegaAsked = performance.now();
    this.client.request('omega').then((r) => {
      this.omegaPending = false;
      this.omegaMax = r.omegaMax;
      this.omegaAt = r.at;
      this.omegaHeld = r.held;
      if (r.at === 0) this.omegaRest = r.omegaMax;
      this.omegaMs = r.ms;
      this.on.omega(this);
    }, () => { this.omegaPending = false; });
  }

  /** While running: ω_max again at the current state, at most every OMEGA_EVERY_MS and
   *  at most a tenth of the Worker's time (every 10 × what an estimate costs: on a busy
   *  machine both slow down alike, so a cost measured under load does not stop the
   *  updates); never when one estimate would hold the Worker over OMEGA_STALL_MS (large
   *  meshes keep the last). */
  refreshOmega() {
    if (this.omegaPending || this.stopped || !(this.omegaMs < OMEGA_STALL_MS)) return;
    const every = Math.max(OMEGA_EVERY_MS, 10 * this.omegaMs);
    if (performance.now() - this.omegaAsked < every || this.t === this.omegaAt) return;
    this.requestOmega();
  }

  // ---- settings ------------------------------------------------------------------------

  /** Changes stepper, Δt and β (world back to t = 0); resolves false (and a message) if
   *  refused. */
  async setStepper(method, dt, beta) {
    this.epoch = ++this.epochs;
    const reply = await this.client.request('method', { method, dt, beta, epoch: this.epoch });
    this.epoch = reply.epoch;
    if (reply.status !== SL_OK) {
      this.showMethod(this.method);
      this.dtInput.value = String(this.dt);
      this.flash(reply.error);
      return false;
    }
    this.method = method;
    this.dt = dt;
    this.beta = beta;
    this.restart();
    this.showMethod(method);
    this.dtInput.value = String(dt);
    this.citation.textContent = this.stepper().citation;
    this.viewNote('');
    this.requestOmega(); // a new run: its first estimate at rest, kept if it goes bad
    return true;
  }

  /** Rebuilds the world with params ({name: value}); resolves false (and a message) if
   *  refused: the old world stays. */
  async setParams(params) {
    const reply = await this.build(params, this.method);
    if (reply.status !== SL_OK) {
      this.flash(reply.error);
      return false;
    }
    this.params = { ...params };
    this.restart();
    this.bodyChanged(reply);
    return true;
  }

  /** The value of scene parameter name in this panel (its override or the default). */
  param(name) {
    return name in this.paramValues ? this.paramValues[name] : NaN;
  }

  stepperOf(name) {
    return this.core.steppers.find((s) => s.name === name) || { title: name, citation: '' };
  }

  stepper() {
    return this.stepperOf(this.method);
  }

  /** The one line that names the panel in a compact embed (its stepper, Δt, variant). */
  updateLabel() {
    $('.panel-label', this.root).textContent = this.label();
  }

  label() {
    const variant = this.variantEl.textContent;
    return `${this.stepper().title}, Δt = ${+this.dt.toPrecision(6)} s${variant ? ', ' + variant : ''}`;
  }

  /** The largest stable Δt of this panel, by the library's search in its Worker
   *  (web/stability.js panelStableDt); progress({lo, hi, trial}) after each trial.
   *  Resolves to {dt, capped, lo, runSeconds}. */
  findStableDt(progress) {
    return this.client.request('findDt', {}, (m) => progress(m));
  }

  // ---- input that changes the physics ---------------------------------------------------

  /** Applies the user's event (web/input.js: grab, move, release, pin) now. */
  input(event) {
    const sent = this.client.request('input', { event });
    if (event.kind === 'grab' || event.kind === 'move') this.showGrab(event.target, event.node);
    else this.showGrab(null);
    sent.then((r) => {
      this.grabbed = r.grabbed;
      if (r.pins) {
        this.pins = r.pins;
        if (this.view) this.view.setPins(r.pins);
      }
      this.dirty = true;
    }, () => {});
    return sent;
  }

  /** Pins exactly the nodes of pins (Int32Array, 1 pinned), e.g. a replay's start. */
  async setPins(pins) {
    const r = await this.client.request('pins', { pins });
    this.pins = r.pins;
    if (this.view) this.view.setPins(r.pins);
    this.dirty = true;
  }

  /** Input to replay from t = 0 ({t, kind, ...} each), or null to stop replaying. */
  replay(events) {
    this.client.send('replay', { events });
  }

  showGrab(target, node = this.grabNode) {
    this.grabNode = target ? node : -1;
    this.grabTarget = target;
    if (this.view) this.view.setGrab(target ? node : -1, target || undefined);
    this.dirty = true;
  }

  // ---- stepping ----------------------------------------------------------------------------

  reset() {
    this.showGrab(null);
    this.epoch = ++this.epochs;
    this.client.send('reset', { epoch: this.epoch });
    this.requestOmega(); // the meter's ω_max at the rest state again, not the run's last
    this.restart();
    this.stopped = this.ended = false;
    this.diverged = false;
    this.message = '';
    this.flashUntil = 0;
    this.verdict = null;   // the new run's comes with its first frame
    this.dirty = true;
    this.lastStepMs = NaN;
  }

  /** Asks the simulation to step while t + dt <= target (s). */
  advanceTo(target) {
    if (this.stopped || target === this.sentTarget) return;
    this.sentTarget = target;
    this.client.send('target', { t: target });
  }

  /** Stop stepping where it is (a pause). */
  hold() {
    this.sentTarget = NaN;
    this.client.send('hold');
  }

  /** Shows that the run stopped (diverged or failed) with the frame that says so. */
  stop({ diverged, at, reason, error }) {
    this.stopped = this.ended = true;
    this.diverged = diverged;
    this.divergedAt = at;  // s
    this.message = diverged ? `diverged at t = ${at.toFixed(3)} s (${reason})` : `stopped: ${error}`;
    this.dirty = true;
    if (diverged) this.on.diverged(this, at);
    this.requestOmega(); // the Worker answers with an estimate from before the run went bad
  }

  // ---- what the panel shows -----------------------------------------------------------------

  /** The core's verdict while the run goes on (sl_world_judge): the energy growing, with
   *  the advice, or a model's known artifact; '' while running. The page judges nothing. */
  verdictText() {
    const v = this.verdict;
    if (!v || this.ended) return '';
    if (v.name === 'growing') return `${v.reason} — lower Δt, raise β, or try another stepper`;
    if (v.name === 'artifact') return v.reason;
    return '';
  }

  stateText(playing) {
    if (this.flashUntil > performance.now()) return this.message;
    if (this.ended) return this.message;
    return this.verdictText() || (playing ? 'running' : 'paused');
  }

  updateState(playing = false) {
    const text = this.stateText(playing);
    const name = this.verdict && !this.ended ? this.verdict.name : '';
    const kind = this.ended ? 'diverged' : this.flashUntil > performance.now() || name === 'growing' ? 'warn'
      : name === 'artifact' ? 'artifact' : playing ? 'running' : 'paused';
    if (this.stateEl.textContent !== text) this.stateEl.textContent = text;
    if (this.stateEl.dataset.kind !== kind) this.stateEl.dataset.kind = kind;
    if (this.badge.hidden === this.ended) {
      this.badge.hidden = !this.ended;
      this.badge.textContent = this.ended ? (this.diverged ? `✕ diverged in the step after t = ${this.divergedAt.toFixed(3)} s — shown as it was before that step; Reset to start again` : '✕ stopped') : '';
    }
  }

  /** The view's text alternative (issue 30): the stepper, t, the state line and V/V₀, in
   *  the words and digits the panel shows (its label, readout and state: the verdict is
   *  the core's, never judged here). */
  describe() {
    const vr = this.measures.volume_ratio;
    return `Panel ${this.index + 1}, ${this.label()}: t = ${this.t.toFixed(3)} s, ${this.stateEl.textContent}` +
      (Number.isFinite(vr) ? `, V/V₀ = ${vr.toFixed(4)}` : '') + '.';
  }

  /** Writes describe() into the view's description if it changed (the frame loop calls it
   *  about once a second, not every frame). */
  updateDescription() {
    const text = this.describe();
    if (this.desc.textContent !== text) this.desc.textContent = text;
  }

  updateReadout() {
    const m = this.measures;
    const vr = m.volume_ratio;
    const text = `t = ${this.t.toFixed(3)} s · y = ${fmt(this.height)} m · ` +
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
    this.applySize(this.measure());
  }

  /** What resize needs from the page's layout, read and nothing written: the menu's room
   *  (fitStepperNames) and the canvas's size in device pixels. */
  measure() {
    const dpr = Math.min(window.devicePixelRatio || 1, 2);
    return {
      menu: this.measureMenu(),
      w: Math.max(1, Math.round(this.canvas.clientWidth * dpr)),
      h: Math.max(1, Math.round(this.canvas.clientHeight * dpr)),
    };
  }

  /** Fits the menu and the canvas to a measure(). */
  applySize({ menu, w, h }) {
    this.fitMenu(menu);
    if (this.canvas.width !== w || this.canvas.height !== h) {
      this.canvas.width = w;
      this.canvas.height = h;
      this.dirty = true;
    }
  }

  /** The stepper menu shows method (its name fitted to the head). */
  showMethod(method) {
    this.select.value = method;
    this.fitStepperNames();
  }

  /** A stepper name wider than the panel's head is shortened on purpose to the part before
   *  its parenthesis ("Forest-Ruth (fourth order symplectic)" to "Forest-Ruth") rather than
   *  cut mid-word by the menu; the menu's tooltip keeps the whole name (issue 13 item 7). */
  fitStepperNames() {
    this.fitMenu(this.measureMenu());
  }

  /** The menu's room for a name (CSS px) and its font; room 0 if not laid out. */
  measureMenu() {
    const head = this.select.parentElement;
    const style = getComputedStyle(head);
    // the head's content box less the swatch and its gap (22 px) and the menu's own padding,
    // border and arrow (about 34 px)
    const room = head.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 22 - 34;
    return { room: room > 0 ? room : 0, font: getComputedStyle(this.select).font };
  }

  /** Fits the menu's names to a measureMenu(). */
  fitMenu({ room, font }) {
    if (!room) return; // not laid out (hidden in a compact embed): keep the names
    // each resize asks again; the names change only with the room, the font or the menu
    // (fitting them anew each time wrote the options and forced a layout per panel: 54 ms
    // of a four-panel lab's start)
    const key = `${room}|${font}`;
    if (key !== this.fitted) this.fitNames(room, font);
    this.fitted = key;
    const chosen = this.select.selectedOptions[0];
    const title = chosen && chosen.textContent !== chosen.dataset.full ? chosen.dataset.full : '';
    if (this.select.title !== title) this.select.title = title;
  }

  /** The menu's names fitted to room (CSS px) in font (fitStepperNames). */
  fitNames(room, font) {
    const ctx = (measureCtx ||= document.createElement('canvas').getContext('2d'));
    ctx.font = font;
    // a base name two steppers share keeps what tells them apart: "Stiffness warping (per
    // element)" to "Warping (per element)", "Warping (element)" or "Warping (elem.)",
    // never to "Stiffness warping" beside the per-vertex one
    const base = (full) => full.replace(/\s*\(.*$/, '');
    const bases = [...this.select.options].map((o) => base(o.dataset.full));
    const fits = (text) => ctx.measureText(text).width <= room;
    for (const o of this.select.options) {
      const full = o.dataset.full, b = base(full);
      const m = full.match(/(\S+)\s*\((.*?)\)\s*$/);
      const shared = m && bases.filter((x) => x === b).length > 1;
      const word = shared && m[1][0].toUpperCase() + m[1].slice(1);
      const last = shared && m[2].split(/\s+/).pop();
      const shorter = shared ? [`${word} (${m[2]})`, `${word} (${last})`, `${word} (${last.slice(0, 4)}.)`] : [b];
      const name = [full, ...shorter].find(fits) || shorter[shorter.length - 1];
      if (o.textContent !== name) o.textContent = name;
    }
  }

  /** The camera arguments of the view's draw/project/pick/unproject for this panel. */
  cam(camera) {
    return [camera.yaw, camera.pitch, this.baseDistance * camera.zoom, ...camera.pan];
  }

  /** Copies the latest frame across and draws it. */
  draw(camera) {
    if (!this.view) return;
    this.sync();
    this.view.draw(this.cam(camera));
    this.dirty = false;
  }
}
