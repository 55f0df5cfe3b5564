// A panel's run state: what its Worker (web/sim/sim-host.js, reached through the client of
// web/sim/sim-client.js) said about its simulation, and the requests that change it. It keeps
// the frames of the run until the clock shows them (showAt: each panel's frame for the
// time every panel is shown at, issue 26; the frames of a panel that ran ahead wait here),
// and is the whole of what the clock (web/time/clock.js) drives: advanceTo, hold, showAt, dt,
// stopped, latest, reached, frames. No page element and no WebGL here: what the page does
// with a change comes in as callbacks.

import { SL_OK } from '../core/lab-api.js';
import { renderParts, t } from '../ui/messages.js';
import { StepRate } from '../time/perf.js';
import { TO_PAGE, TO_SIM } from '../sim/protocol.js';

const OMEGA_EVERY_MS = 2000; // ω_max along a run: at most this often
const OMEGA_KEPT = 600;       // readings kept for a computed-ahead panel's scrubbing (20 min of them)
const OMEGA_STALL_MS = 1000; // ... and not when one estimate holds the Worker longer

/** Frames a panel keeps of a computed-ahead run, behind and ahead of the one shown: 40 s
 *  at 30 a second (web/time/clock.js AHEAD_FRAME); of the 733-node torus about 1 MB a second. */
const KEPT_FRAMES = 1200;

export class PanelRun {
  /**
   * @param client  this panel's simulation (web/sim/sim-client.js SimClient)
   * @param scene   the lab's scene name
   * @param config  {method, dt, beta, iterations, params} asked for (URL; iterations
   *                undefined: the core's default)
   * @param on      {samples(samples): a shown frame's chart samples, omega(): ω_max is
   *                known, diverged(t): the run diverged at t (s), shown(): a new frame (or
   *                its stop) is shown, changed(pins): an input was applied (pins: the
   *                pins changed),
   *                body(desc): a new world (its body, pins), failed(): the Worker stopped}
   */
  constructor(client, scene, config, on) {
    this.client = client;
    this.scene = scene;
    this.on = on;
    this.method = config.method;
    this.dt = config.dt;
    this.beta = config.beta || 0;
    // sweeps (xpbd, pbd) or substeps (xpbd-substeps) a step: as the core holds it once
    // built (null before: its default)
    this.iterations = config.iterations ?? null;
    // XPBD's damping time τ (s; paper 005 eq. 26) as the core holds it once built (null
    // before: its default, 0)
    this.xpbdDamping = config.xpbdDamping ?? null;
    this.params = { ...config.params }; // the overrides of the scene's defaults asked for
    this.paramValues = {};  // every parameter's value in this panel (the Worker's)
    this.epochs = 0;        // runs asked for; frames of other runs are dropped
    this.epoch = 0;
    this.t = 0;             // s: the time of the state shown
    this.latest = 0;        // s: the time of the latest state the Worker reported
    this.reached = 0;       // s: the last target it has a frame for (its Worker's, or the recording's end)
    this.workerReached = 0; // s: the last target the Worker posted a frame for
    this.workerSteps = 0;   // steps the Worker reported in this run (a recording's frames have none)
    this.recorded = null;   // a recording's frames of this run (web/time/recording.js), or null
    this.recordedTo = 0;    // s: the last target of those frames (0: none)
    this.firstShown = null; // {t, recorded, workerSteps} of the run's first frame shown after t = 0 (tests)
    this.sentTarget = 0;
    this.frame = null;      // the frame shown
    this.frames = [];       // frames of the current run from the one shown on, oldest first
    this.sentField = 0;     // the node field the Worker sends with its frames
    this.sentFrames = false; // the Worker sends the rotation field with its frames
    this.shown = new Float64Array(0); // its positions: what input picks from
    this.measures = {};
    this.height = NaN;
    this.grabbed = -1;
    this.pins = new Int32Array(0);
    this.totalMass = NaN;
    this.phaseLabels = null; // the phase portrait's coordinate (web/core/phase.js)
    this.inspection = null;  // the element inspector's tet or grid cell (web/panel/inspector.js), or null
    this.omegaMax = NaN;   // rad/s, of the body linearized at time omegaAt (s)
    this.omegaAt = 0;
    this.omegaHeld = '';   // why omegaMax was kept from before the state now (sim-host omega)
    this.omegaRest = NaN;  // rad/s, of the body linearized at rest (the estimate at t = 0)
    this.omegas = [];      // this run's readings {omegaMax, at, now, held}, oldest first (showOmega)
    this.omegaMs = NaN;    // what its last estimate cost in the Worker
    this.omegaPending = false;
    this.omegaAsked = 0;
    this.verdict = null;    // the core's verdict on the run (web/sim/sim-host.js readVerdict)
    this.stopped = false;  // diverged or failed: takes no more steps until reset
    this.ended = false;    // ... and the frame that says so is shown
    this.diverged = false;
    this.divergedAt = NaN; // s
    this.message = '';     // why it stopped, in the words the panel shows
    this.lost = '';        // its Worker was lost (why) and it is not yet rebuilt on another
    this.lostAt = -Infinity; // ms (performance.now()): when its Worker was last lost, and why
    this.lostWhy = '';
    this.inspectNode = -1; // the element inspector's node, sent again to a new Worker
    this.rate = new StepRate(); // its steps and their cost, counted here, measured by web/time/perf.js
    client.onFrame = (f) => this.onFrame(f);
    client.onFail = (error) => this.fail(error);
    client.onLost = (why, restarted) => this.lose(why, restarted);
  }

  /** Asks the Worker to (re)build with params and method; the reply names its run. */
  async build(params, method) {
    this.epoch = ++this.epochs;
    const reply = await this.client.request(TO_SIM.build, { scene: this.scene, params, method, dt: this.dt, beta: this.beta, iterations: this.iterations, xpbdDamping: this.xpbdDamping, epoch: this.epoch });
    this.epoch = reply.epoch;
    if (reply.status === SL_OK) ({ iterations: this.iterations, xpbdDamping: this.xpbdDamping } = reply);
    return reply;
  }

  /** Builds the simulation with the params and method asked for, falling back to none and
   *  to the scene's own method (fallback) where refused. Resolves to {built, paramError,
   *  refusal}: the Worker's last reply, and why the params or the method were not taken. */
  async create(fallback) {
    let built = await this.build(this.params, this.method);
    let paramError = '';
    if (built.paramError) {
      paramError = built.error;
      this.params = {};
      built = await this.build({}, this.method);
    }
    let refusal = '';
    if (built.status !== SL_OK && this.method !== fallback) {
      // e.g. an explicit stepper and a model with compliance 0: this panel alone falls
      // back to the scene's own stepper and says why; the others are not affected.
      refusal = built.error;
      this.method = fallback;
      built = await this.build(this.params, this.method);
    }
    if (built.status === SL_OK) this.bodyChanged(built);
    return { built, paramError, refusal };
  }

  /** The element inspector: the element (tet or grid cell) of node (-1: none) comes with every frame. */
  inspect(node) {
    if (node >= 0) this.changing(); // recorded frames carry no inspection
    this.inspection = null;
    this.inspectNode = node;
    this.client.send(TO_SIM.inspect, { node });
  }

  // ---- frames from the Worker -----------------------------------------------------------

  /** A frame of the simulation (web/sim/sim-host.js postFrame): kept until the clock shows
   *  its time (showAt); one that replaces the run's frames is shown at once. */
  onFrame(f) {
    if (f.epoch !== this.epoch) return; // from a run that a reset or rebuild replaced
    if (f.type === TO_PAGE.latest) {
      this.latest = f.t; // how far stepping got (the clock's pace), nothing to show
      return;
    }
    this.workerReached = f.at;
    this.workerSteps += f.steps || 0;
    if (this.recorded && f.at <= this.recordedTo * (1 + 1e-12)) {
      // the recording has this frame already (the same core and host code made it: the
      // same state): only how far the Worker got counts
      this.latest = f.t;
      if (f.stopped) this.stopped = true; // shown when the recording's frame of it is
      if (f.steps || f.busyMs) this.rate.count(f.steps, f.stepMs, f.lastStepMs, f.busyMs);
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
    this.reached = Math.max(f.at, this.recordedTo);
    if (f.stopped) this.stopped = true; // the clock steps it no more; shown when its frame is
    if (f.steps || f.busyMs) this.rate.count(f.steps, f.stepMs, f.lastStepMs, f.busyMs);
    if (f.replace) this.showAt(f.at);
  }

  /** Shows the frame for time t (s): the first kept frame for a target at or after t,
   *  that is the latest step at or before t (else the latest frame), and the chart samples
   *  up to it go to the chart. Frames before it are dropped, or with keep (a computed-ahead
   *  run, web/time/clock.js) kept for scrubbing back, the oldest first dropped beyond
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
    if (!this.firstShown && f.at > 0) this.firstShown = { t: f.t, at: f.at, recorded: !!f.recorded, workerSteps: this.workerSteps };
    this.height = f.height;
    this.grabbed = f.grabbed;
    this.verdict = f.verdict || null;
    this.inspection = f.inspection;
    if (f.stopped && !this.ended) this.stop(f.stopped);
    this.showOmega();
    this.refreshOmega();
    this.on.shown();
  }

  plotSamples(f) {
    if (!f.samples.length) return;
    this.on.samples(f.samples);
    f.samples = [];
  }

  /** Drops the kept frames (their chart samples go to the chart first). */
  forget() {
    for (const f of this.frames) this.plotSamples(f);
    this.frames = [];
  }

  /** A new run: no frames of it yet (t, the time of the state shown, changes with the
   *  new run's first frame: until then the old state is not labelled t = 0). */
  restart() {
    this.frames = [];
    this.latest = this.reached = this.workerReached = this.workerSteps = 0;
    this.sentTarget = 0;
    this.firstShown = null;
    if (!this.recorded) return;
    // a recording replays from its start: fresh copies (showing a frame takes its samples)
    this.frames = this.recorded.map((f) => ({ ...f }));
    this.reached = this.recordedTo;
  }

  /** Plays frames (web/time/recordings.js recordedFrames: this run's, as its Worker would post
   *  them, from t = 0 to the target `to`, s) before the Worker's own, from now and after
   *  each reset, until leaveRecording. */
  useRecording(frames, to) {
    this.recorded = frames;
    this.recordedTo = to;
    this.restart();
  }

  /** Back to the Worker's frames alone (a setting changed, or the reader chose live). */
  leaveRecording() {
    if (!this.recorded) return;
    this.recorded = null;
    this.recordedTo = 0;
    this.frames = this.frames.filter((f) => !f.recorded);
    this.reached = this.workerReached;
  }

  /** A change the recording does not hold (another stepper, Δt, parameter, input, a
   *  colour field, the inspector): the page leaves it first (on.live). */
  changing() {
    if (this.recorded && this.on.live) this.on.live();
  }

  /** Resolves once the Worker has handled every earlier request and its frame is here. */
  async nextFrame() {
    await this.client.request(TO_SIM.frame);
  }

  /** Asks the Worker for the node field (FIELD, 0: none) the view colours by, and for the
   *  rotation field while its triads are shown (frames), if either changed. */
  sendField(field, frames) {
    if (field || frames) this.changing(); // recorded frames carry neither
    if (frames !== this.sentFrames) {
      this.sentFrames = frames;
      this.client.send(TO_SIM.frames, { on: frames });
    }
    if (field === this.sentField) return;
    this.sentField = field;
    this.client.send(TO_SIM.field, { field });
  }

  /** The Worker stopped working (it could not start, or crashed): say so, step no more. */
  fail(error) {
    this.stopped = this.ended = true;
    this.message = t('panel.stopped', { error });
    this.on.shown();
  }

  /** Its Worker was lost (web/sim/sim-client.js): the panel says so in words a student
   *  reads, and steps no more until it is rebuilt on the new Worker (restarted) and
   *  reset; without a new Worker it stays stopped. */
  lose(why, restarted) {
    this.lost = this.lostWhy = why;
    this.lostAt = performance.now();
    this.stopped = this.ended = true;
    this.diverged = false;
    this.omegaPending = false;
    this.message = restarted ? t('panel.restarting', { why }) : t('panel.lost', { why });
    this.on.shown();
  }

  /** Builds this panel's world again in its new Worker with the settings it had (scene,
   *  parameters, stepper, Δt, β, pins, the inspector's node, the fields sent): the run
   *  starts from t = 0 (the page keeps no whole state to restart from). Rejects with the
   *  reason if the build is refused. */
  async rebuild() {
    const pins = this.pins;
    this.sentField = 0;      // the new Worker sends neither until asked (Panel.syncField)
    this.sentFrames = false;
    const reply = await this.build(this.params, this.method);
    if (reply.status !== SL_OK) throw new Error(reply.error);
    this.lost = '';
    if (this.inspectNode >= 0) this.client.send(TO_SIM.inspect, { node: this.inspectNode });
    const pinned = reply.pins.length === pins.length && reply.pins.some((v, i) => v !== pins[i]);
    if (pinned) reply.pins = (await this.client.request(TO_SIM.pins, { pins })).pins;
    this.bodyChanged(reply);
  }

  /** A new world (creation, rebuild) described by the Worker: body, pins, parameters. */
  bodyChanged(desc) {
    this.paramValues = desc.params;
    this.pins = desc.pins;
    this.totalMass = desc.totalMass;
    this.phaseLabels = desc.phase;
    this.omegaRest = NaN;
    this.requestOmega();
    this.on.body(desc);
  }

  /** ω_max of the world linearized at its current state (the stability meter's scale),
   *  computed in the Worker; kept up to date along the run where that is cheap
   *  (refreshOmega), and kept from the last good state once the run diverged or its
   *  energy grew (omegaHeld says which). */
  requestOmega() {
    this.omegaPending = true;
    this.omegaAsked = performance.now();
    this.client.request(TO_SIM.omega).then((r) => {
      this.omegaPending = false;
      // a reading at rest starts a run's list; a later one replaces those it rewound past
      this.omegas = r.now === 0 ? [r] : this.omegas.filter((o) => o.now < r.now).concat([r]).slice(-OMEGA_KEPT);
      if (r.at === 0) this.omegaRest = r.omegaMax;
      this.omegaMs = r.ms;
      this.showOmega(true);
    }, () => { this.omegaPending = false; });
  }

  /** omegaMax, omegaAt and omegaHeld from the latest reading the Worker took at or before
   *  the shown time: a computed-ahead panel (web/time/clock.js) shows a state behind the
   *  Worker's, and its meter must not describe a state not yet on screen (else the first);
   *  tells on.omega if that changed the reading or if told to. */
  showOmega(tell = false) {
    if (!this.omegas.length) return;
    let k = this.omegas.length - 1;
    while (k > 0 && this.omegas[k].now > this.t) k--;
    const r = this.omegas[k];
    if (!tell && r.omegaMax === this.omegaMax && r.at === this.omegaAt && r.held === this.omegaHeld) return;
    this.omegaMax = r.omegaMax;
    this.omegaAt = r.at;
    this.omegaHeld = r.held;
    this.on.omega();
  }

  /** While running: ω_max again at the current state, at most every OMEGA_EVERY_MS and
   *  at most a tenth of the Worker's time (every 10 × what an estimate costs: on a busy
   *  machine both slow down alike, so a cost measured under load does not stop the
   *  updates); never when one estimate would hold the Worker over OMEGA_STALL_MS (large
   *  meshes keep the last). */
  refreshOmega() {
    if (this.omegaPending || this.stopped || !(this.omegaMs < OMEGA_STALL_MS)) return;
    const every = Math.max(OMEGA_EVERY_MS, 10 * this.omegaMs);
    const last = this.omegas[this.omegas.length - 1];
    if (performance.now() - this.omegaAsked < every || (last && last.now === this.latest)) return;
    this.requestOmega();
  }

  // ---- settings ------------------------------------------------------------------------

  /** Changes stepper, Δt and β (world back to t = 0); resolves to '' if taken, else the
   *  Worker's reason (the old ones stay). */
  async setStepper(method, dt, beta) {
    this.changing();
    this.epoch = ++this.epochs;
    const reply = await this.client.request(TO_SIM.method, { method, dt, beta, epoch: this.epoch });
    this.epoch = reply.epoch;
    if (reply.status !== SL_OK) return reply.error;
    this.method = method;
    this.dt = dt;
    this.beta = beta;
    this.restart();
    this.requestOmega(); // a new run: its first estimate at rest, kept if it goes bad
    return '';
  }

  /** Sets the iterations a step of the position-based steppers (world back to t = 0);
   *  resolves to '' if taken, else the core's reason (sl_api_set_iterations: not a whole
   *  number in its range), and the run goes on as it was. */
  setIterations(iterations) {
    return this.setWorldSetting('iterations', (epoch) => this.client.request(TO_SIM.iterations, { iterations, epoch }));
  }

  /** Sets XPBD's damping time τ (s; world back to t = 0); resolves to '' if taken, else
   *  the core's reason (sl_api_set_xpbd_damping: outside [0, SL_WORLD_XPBD_DAMPING_MAX]),
   *  and the run goes on as it was. */
  setXpbdDamping(xpbdDamping) {
    return this.setWorldSetting('xpbdDamping', (epoch) => this.client.request(TO_SIM.xpbdDamping, { xpbdDamping, epoch }));
  }

  /** A world setting (`name`, e.g. iterations) asked of the Worker by request(epoch), the
   *  run that would follow named epoch; taken, this run keeps the core's value and starts
   *  again (t = 0). Resolves to '' or the core's reason. */
  async setWorldSetting(name, request) {
    const epoch = ++this.epochs;
    const reply = await request(epoch);
    if (reply.status !== SL_OK) return reply.error;
    this.epoch = reply.epoch;
    this[name] = reply[name];
    this.restart();
    this.requestOmega();
    return '';
  }

  /** Rebuilds the world with params ({name: value}); resolves to '' if taken, else the
   *  Worker's reason (the old world stays). */
  async setParams(params) {
    this.changing();
    const reply = await this.build(params, this.method);
    if (reply.status !== SL_OK) return reply.error;
    this.params = { ...params };
    this.restart();
    this.bodyChanged(reply);
    return '';
  }

  /** The value of scene parameter name in this panel (its override or the default). */
  param(name) {
    return name in this.paramValues ? this.paramValues[name] : NaN;
  }

  /** Resolves to api[name](its simulation, ...args), run in its Worker (tests, console). */
  async call(name, args) {
    return (await this.client.request(TO_SIM.call, { name, args })).value;
  }

  /** The largest stable Δt of this panel, by the library's search in its Worker
   *  (web/core/stability.js panelStableDt); progress({lo, hi, trial}) after each trial.
   *  Resolves to {dt, capped, lo, runSeconds}. */
  findStableDt(progress) {
    return this.client.request(TO_SIM.findDt, {}, (m) => progress(m));
  }

  // ---- input that changes the physics ---------------------------------------------------

  /** Applies the user's event (web/input/input.js: grab, move, release, pin) now. */
  input(event) {
    this.changing();
    const sent = this.client.request(TO_SIM.input, { event });
    sent.then((r) => {
      this.grabbed = r.grabbed;
      if (r.pins) this.pins = r.pins;
      this.on.changed(!!r.pins);
    }, () => {});
    return sent;
  }

  /** Pins exactly the nodes of pins (Int32Array, 1 pinned), e.g. a replay's start. */
  async setPins(pins) {
    this.changing();
    const r = await this.client.request(TO_SIM.pins, { pins });
    this.pins = r.pins;
    this.on.changed(true);
  }

  /** Input to replay from t = 0 ({t, kind, ...} each), or null to stop replaying. */
  replay(events) {
    if (events) this.changing();
    this.client.send(TO_SIM.replay, { events });
  }

  // ---- stepping ----------------------------------------------------------------------------

  /** Back to t = 0 with the same world, stepper and parameters. */
  reset() {
    if (this.client.failed || this.lost) return; // no Worker to reset, or not yet rebuilt: its panel says so
    this.epoch = ++this.epochs;
    this.client.send(TO_SIM.reset, { epoch: this.epoch });
    this.requestOmega(); // the meter's ω_max at the rest state again, not the run's last
    this.restart();
    this.stopped = this.ended = false;
    this.diverged = false;
    this.message = '';
    this.verdict = null;   // the new run's comes with its first frame
    this.rate.restart();
  }

  /** The state to save (the course API's save-state): {t (s), x, v (Float64Array[3n],
   *  m and m/s), energy0 (J), pins (Int32Array[n])}, read from the core in its Worker,
   *  which then forgets the stepper's history so this run continues as a restored one. */
  async saveState() {
    const { t, x, v, energy0, pins } = await this.client.request(TO_SIM.save);
    return { t, x, v, energy0, pins };
  }

  /** Puts the run at a saved state {t, x, v, energy0} (pins set before, setPins): a new
   *  run from t. Resolves to '' if taken, else the core's reason (the run goes on). */
  async restoreState({ t, x, v, energy0 }) {
    if (this.client.failed || this.lost) return 'its simulation is not running';
    this.changing();
    this.epoch = ++this.epochs;
    const reply = await this.client.request(TO_SIM.restore, { t, x, v, energy0, epoch: this.epoch });
    this.epoch = reply.epoch;
    if (reply.status !== SL_OK) return reply.error;
    const shown = this.frames.filter((f) => f.epoch === this.epoch); // the restored state's frame
    this.restart();
    this.frames = shown;
    this.latest = this.reached = this.workerReached = t;
    this.sentTarget = NaN;
    this.stopped = this.ended = false;
    this.diverged = false;
    this.message = '';
    this.rate.restart();
    this.requestOmega();
    return '';
  }

  /** Asks the simulation to step while t + dt <= target (s). */
  advanceTo(target) {
    if (this.stopped || target === this.sentTarget) return;
    this.sentTarget = target;
    this.client.send(TO_SIM.target, { t: target });
  }

  /** Stop stepping where it is (a pause). */
  hold() {
    this.sentTarget = NaN;
    this.client.send(TO_SIM.hold);
  }

  /** The run stopped (diverged or failed), shown with the frame that says so. */
  stop({ diverged, at, reason, error, parts, errorParts }) {
    this.stopped = this.ended = true;
    this.diverged = diverged;
    this.divergedAt = at;
    // the core's reason in the page's language (its ids and parameters; a recording made
    // before they were sent has the English text only)
    this.message = diverged ? t('verdict.diverged', { t: at, reason: parts && parts.length ? parts : reason })
      : t('panel.stopped', { error: errorParts && errorParts.length ? errorParts : error });
    if (diverged) this.on.diverged(at);
    this.requestOmega(); // the Worker answers with an estimate from before the run went bad
  }

  /** The core's verdict while the run goes on (sl_world_judge): the energy growing, with
   *  the advice, or a model's known artifact; '' while running. The page judges nothing. */
  verdictText() {
    const v = this.verdict;
    if (!v || this.ended) return '';
    const reason = v.message && v.message.length ? v.message : v.reason; // ids and parameters, or (a recording) the text
    if (v.name === 'growing') return t('panel.growing_advice', { reason });
    if (v.name === 'artifact') return Array.isArray(reason) ? renderParts(reason) : reason;
    return '';
  }
}
