// One panel's simulation where it runs: in a Worker's own wasm instance
// (web/sim-worker.js), off the page's main thread. It builds the world, steps toward the
// target times the page's clock sets, applies input and replayed input at its own time,
// takes chart samples, and posts frames (positions, colour field, samples, state).
// Between slices of SLICE_MS it yields, so a new target, input or reset gets in.
// The page's side of these messages: web/sim/sim-client.js.
//
// Every target the clock sends is also a time at which the page may show the panels side
// by side (issue 26): for each one, once the state is the latest step at or before it,
// the host posts a frame labelled `at` = that target (one frame for all the targets a
// single step passes). Every panel gets the same targets, so the page can draw all of
// them at one simulated time however far a fast panel has run ahead (web/time/clock.js).
//
// Requests carry an id and get one reply {type: reply, id, ...}; frames are
// {type: frame, epoch, at, replace, ...}, and {type: latest, epoch, t} says how far
// the stepping got between frames. `epoch` numbers the runs: a build, a stepper
// change or a reset starts a new one, named by the page, so it can drop frames of the old
// run. `replace`: a frame of a state changed outside the stepping to targets (a run's
// start, input or a direct call while not stepping, a hold): the page shows it at once in
// place of the frames it keeps.

import { SL_OK, VERDICT } from '../core/lab-api.js';
import { TO_PAGE, TO_SIM } from './protocol.js';
import { buildSim, readBody, readInspection, readMeasures, readPins } from '../core/sim.js';
import { panelStableDt } from '../core/stability.js';
import { phaseAxis, phaseLabels, phasePoint } from '../core/phase.js';

const SLICE_MS = 8;                 // step this long before reading new messages
// Requests that may hold the Worker long (a build or an ω_max estimate of a large mesh),
// announced to the page's watchdog (web/sim/sim-client.js) with the time it should allow;
// so are a run's first step and every step after one slower than SLOW_STEP_MS.
const LONG_REQUESTS = new Set([TO_SIM.build, TO_SIM.method, TO_SIM.reset, TO_SIM.omega, TO_SIM.call, TO_SIM.pins]);
const LONG_MS = 60000;
const SLOW_STEP_MS = 200;
const SLOW_STEP_GRACE = 5;
const LATEST_MS = 15;               // say how far stepping got at most this often
export const SAMPLE_EVERY = 0.002;  // s of simulated time between chart samples

/** Yields to the Worker's message queue (a task, without setTimeout's 4 ms clamp). */
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()();
channel.port1.unref?.(); // under node (tests run hosts there) a port with a handler keeps the process alive
const nextTask = () => new Promise((resolve) => { waiting.push(resolve); channel.port2.postMessage(0); });

export class SimHost {
  /** core: a loaded wasm API (lab-api.js loadLab); post(message, transfer): to the page. */
  constructor(core, post) {
    this.core = core;
    this.api = core.api;
    this.post = post;
    this.h = 0;
    this.config = null;   // {scene, params, method, dt, beta} of the world
    this.epoch = 0;
    this.t = 0;
    this.target = 0;      // s: step while t + dt <= target
    this.frameTargets = []; // s: targets not yet reached, increasing; a frame is due at each
    this.lastAt = 0;      // s: the last target a frame was posted for
    this.running = false;
    this.stopped = null;  // why stepping stopped (diverged or failed), or null
    this.field = 0;       // sl_field sent with each frame (0: none)
    this.frames = false;  // send the rotation field (sl_api_rotation_field) with each frame
    this.events = [];     // replayed input {t, kind, ...}, applied at their time
    this.nextEvent = 0;
    this.samples = [];
    this.sampledAt = -Infinity;
    this.phase = null;    // the phase portrait's coordinate (web/core/phase.js), set at build
    this.energy0 = NaN;   // J, total energy at t = 0 of the run (relative energy error)
    this.goodOmega = [];  // the omega request's replies of this run while its verdict was running
    this.steps = 0;       // steps and ms since the last frame
    this.stepMs = 0;
    this.busyMs = 0;      // ms this panel held its Worker since the last frame: steps, samples, frames
    this.lastStepMs = NaN;
    this.measured = null; // {steps, measures}: the last sample's measures, after step `steps` of the run
    this.stepsRun = 0;    // steps of this run (the state's version for `measured`)
    this.waiters = [];    // frame requests waiting for a target to be reached
    this.inspectNode = -1; // the element inspector's node: its tet or grid cell goes with each frame
  }

  /** Handles one message from the page. */
  handle(msg) {
    const handler = HANDLERS[msg.type];
    if (!handler) return this.reply(msg, { error: `unknown request ${msg.type}` });
    // the page's watchdog waits longer for work that may hold the Worker (a large mesh)
    if (LONG_REQUESTS.has(msg.type)) this.post({ type: TO_PAGE.busy, ms: LONG_MS });
    try {
      const result = handler.call(this, msg);
      if (result && typeof result.then === 'function') {
        result.then((r) => this.reply(msg, r), (err) => this.reply(msg, { error: String(err.message || err) }));
      } else if (result !== undefined) {
        this.reply(msg, result);
      }
    } catch (err) {
      this.reply(msg, { error: String(err.message || err) });
    }
  }

  reply(msg, result) {
    if (msg.id !== undefined) this.post({ type: TO_PAGE.reply, id: msg.id, epoch: this.epoch, ...result });
  }

  /** A new run (build, stepper change, reset) named epoch: t = 0, first sample. */
  startRun(epoch) {
    this.epoch = epoch;
    this.t = this.api.time(this.h);
    this.target = this.t;
    this.frameTargets = [];
    this.lastAt = this.t;
    this.stopped = null;
    this.nextEvent = 0;
    this.samples = [];
    this.sampledAt = -Infinity;
    this.steps = 0;
    this.stepMs = 0;
    this.busyMs = 0;
    this.lastStepMs = NaN;
    this.stepsRun = 0;
    this.measured = null;
    this.energy0 = this.measures().total;
    this.goodOmega = [];
    this.sample();
  }

  // ---- stepping ------------------------------------------------------------------------

  canStep(target = this.target) {
    const dt = this.config.dt;
    return this.h && !this.stopped && this.t + dt <= target + 1e-9 * dt;
  }

  /** Answers the frame requests whose target is reached (or can no longer be). */
  settle() {
    const done = this.waiters.filter((w) => !this.running || !this.canStep(Math.min(w.target, this.target)));
    if (!done.length) return;
    this.waiters = this.waiters.filter((w) => !done.includes(w));
    this.postFrame(false);
    for (const w of done) w.resolve({});
  }

  /** Steps toward the target in slices, posting a frame at each target passed; one loop
   *  at a time. */
  async run() {
    if (this.running) return;
    this.running = true;
    try {
      await this.stepLoop();
    } catch (err) {
      // a wasm trap or a failed read: this instance's state is not to be trusted; the
      // page replaces the Worker (web/sim/sim-client.js) and rebuilds its panels
      this.post({ type: TO_PAGE.crashed, error: String(err.message || err) });
      return;
    } finally {
      this.running = false;
    }
    this.settle();
  }

  /** run()'s loop: slices of steps, a frame at each target passed, yielding between. */
  async stepLoop() {
    let told = performance.now();
    while (this.canStep()) {
      const start = performance.now(), end = start + SLICE_MS;
      while (this.canStep() && performance.now() < end) {
        this.postReached();
        this.stepOnce();
      }
      this.busyMs += performance.now() - start; // before postReached: a frame sends it
      this.postReached();
      if (performance.now() - told >= LATEST_MS) {
        // the state's time alone (no arrays): the clock paces its targets by it
        this.post({ type: TO_PAGE.latest, epoch: this.epoch, t: this.t });
        told = performance.now();
      }
      this.settle();
      await nextTask();
    }
    this.postReached();
    if (this.steps) this.postFrame(); // stopped short of a target (a hold): show where
  }

  /** Posts a frame if the state is now the latest step at or before the next pending
   *  target(s) (the next step would pass them, or stepping stopped), labelled with the
   *  largest such target. */
  postReached() {
    let at = NaN;
    while (this.frameTargets.length && !this.canStep(this.frameTargets[0])) at = this.frameTargets.shift();
    if (Number.isNaN(at)) return;
    this.lastAt = at;
    this.postFrame(false);
  }

  stepOnce() {
    const { api } = this;
    while (this.nextEvent < this.events.length && this.events[this.nextEvent].t <= this.t + 1e-9 * this.config.dt) {
      this.apply(this.events[this.nextEvent++]);
    }
    // the first step of a run may be slow (a large mesh's first factorization): the
    // watchdog's grace for it is LONG_MS, then SLOW_STEP_GRACE times a slow step's time
    if (this.stepsRun === 0) this.post({ type: TO_PAGE.busy, ms: LONG_MS });
    else if (this.lastStepMs > SLOW_STEP_MS) this.post({ type: TO_PAGE.busy, ms: SLOW_STEP_GRACE * this.lastStepMs });
    const s0 = performance.now();
    const st = api.step(this.h, 1);
    this.lastStepMs = performance.now() - s0;
    this.steps++;
    this.stepsRun++;
    this.stepMs += this.lastStepMs;
    this.t = api.time(this.h);
    if (st !== SL_OK) {
      this.stopped = {
        diverged: !!api.diverged(this.h), at: api.diverged_time(this.h),
        reason: api.diverged_reason(this.h), error: api.sim_error(this.h) || api.status_message(st),
        parts: JSON.parse(api.diverged_message(this.h)), // the reason as ids and parameters (web/ui/messages.js)
        errorParts: JSON.parse(api.sim_error_message(this.h)), // the error as ids and parameters
      };
      return;
    }
    this.sample();
  }

  /** A chart sample at the current time, unless the last one is too recent: the
   *  measures, the phase coordinates and |E(t) − E(0)| / |E(0)| (NaN if E(0) = 0). */
  sample() {
    if (this.t - this.sampledAt < SAMPLE_EVERY * (1 - 1e-9)) return;
    this.sampledAt = this.t;
    const measures = this.measures();
    this.samples.push({
      t: this.t, ...measures, step_ms: this.lastStepMs,
      energy_error: Math.abs(measures.total - this.energy0) / Math.abs(this.energy0),
      ...(this.phase ? phasePoint(this.phase, (i) => this.node(i)) : {}),
    });
  }

  /** The channels' measures of the state now (sl_api_measure), read once a state: a frame
   *  posted after a sampled step reuses the sample's (with warping steppers a measure
   *  costs a fifth to a quarter of a step). After a step the core takes the energy and
   *  max|φ| from the verdict's evaluation of that state (sl_world_channels_known): a
   *  measure then costs no evaluation of the models where the verdict made one. */
  measures() {
    if (this.measured && this.measured.steps === this.stepsRun) return this.measured.measures;
    const measures = readMeasures(this.core, this.h);
    this.measured = { steps: this.stepsRun, measures };
    return measures;
  }

  /** Position (m) and velocity (m/s) of node i, copied from the heap (3 doubles each,
   *  not the whole body: a sample is taken every SAMPLE_EVERY of simulated time). */
  node(i) {
    const { api, core, h } = this;
    return { x: core.heap.copy(Float64Array, api.positions(h) + 24 * i, 3), v: core.heap.copy(Float64Array, api.velocities(h) + 24 * i, 3) };
  }

  /** Input that changes the physics (web/input/input.js): grab, move, release, pin. */
  apply(e) {
    const { api, h } = this;
    this.measured = null;
    if (e.kind === 'grab') api.grab(h, e.node, ...e.target, e.stiffnessPerKg * api.total_mass(h), e.radius);
    else if (e.kind === 'move') api.grab_move(h, ...e.target);
    else if (e.kind === 'release') api.release(h);
    else if (e.kind === 'pin') {
      api.release(h);
      api.pin(h, e.node, e.pinned);
    }
  }

  // ---- frames --------------------------------------------------------------------------

  /** What the page shows of the current state; positions and field are transferred;
   *  plates: the moving plates now (height m, facing; sl_api_plates). at: the last target
   *  reached (s); replace: see the head of this file. */
  postFrame(replace = true) {
    if (!this.h) return;
    const { api, core, h } = this;
    const n = api.node_count(h);
    const positions = core.heap.copy(Float64Array, api.positions(h), 3 * n);
    const field = this.field ? core.heap.copy(Float64Array, api.node_field(h, this.field), n) : null;
    const plates = core.heap.copy(Float64Array, api.plates(h), 2 * api.plate_count(h)); // they move
    const rotations = this.frames ? core.heap.copy(Float64Array, api.rotation_field(h), 9 * n) : null;
    const measures = this.measures();
    const frame = {
      type: TO_PAGE.frame, epoch: this.epoch, t: this.t, at: this.lastAt, replace, positions, field, fieldId: this.field, plates, rotations,
      samples: this.samples, measures, height: measures && measures.height,
      grabbed: api.grabbed_node(h), stopped: this.stopped,
      verdict: readVerdict(api, h),
      inspection: this.inspectNode >= 0 ? readInspection(core, h, this.inspectNode) : null,
      steps: this.steps, stepMs: this.stepMs, lastStepMs: this.lastStepMs, busyMs: this.busyMs,
    };
    this.samples = [];
    this.steps = 0;
    this.stepMs = 0;
    this.busyMs = 0;
    this.post(frame, [positions, field, rotations].filter((a) => a && a.length).map((a) => a.buffer));
  }

  /** What changes only with a rebuild: the body, pins, parameter values, total mass. */
  describe() {
    const { api, core, h } = this;
    const params = {};
    for (const p of core.params) params[p.name] = api.sim_param(h, p.name);
    return { body: readBody(core, h), pins: readPins(core, h), params, totalMass: api.total_mass(h), phase: phaseLabels(this.phase) };
  }

  setPins(pins) {
    const { api, h } = this;
    this.measured = null;
    api.release(h);
    for (let i = 0; i < pins.length; i++) if (api.is_pinned(h, i) !== pins[i]) api.pin(h, i, pins[i]);
  }
}

/** The core's verdict on the run (sl_world_judge, decided after every step; the criteria
 *  in softlab/world.h): {state: sl_verdict_state (VERDICT of lab-api.js), name, reason
 *  (one line with its numbers, '' while running), message (the same as the core's message
 *  parts, [] while running), since (s), growth (J), relative (growth
 *  over the run's largest kinetic + elastic energy)}. The page shows it and judges nothing. */
function readVerdict(api, h) {
  return {
    state: api.verdict(h), name: api.verdict_name(h), reason: api.verdict_reason(h),
    message: JSON.parse(api.verdict_message(h)), // the reason as ids and parameters (web/ui/messages.js)
    since: api.verdict_since(h), growth: api.verdict_growth(h), relative: api.verdict_relative(h),
  };
}

/** The reply to a request the core refused with status st: its reason (sl_api_last_error). */
const refused = (api, st) => ({ status: st, error: api.last_error() || api.status_message(st) });

/** The reply to a world setting the core was asked to take (status st, e.g. iterations): its
 *  refusal, or, taken (the world back at t = 0), a new run named epoch with its first frame
 *  and {status, ...value()} (the setting as the core holds it). */
function settingReply(host, st, epoch, value) {
  if (st !== SL_OK) return refused(host.api, st);
  host.startRun(epoch);
  host.postFrame();
  return { status: SL_OK, ...value() };
}

// Requests by type (web/sim/protocol.js TO_SIM). A handler returns the reply (or a promise of
// it), or undefined for none; each runs with the host as `this`.
const HANDLERS = {
  /** {scene, params, method, dt, beta, iterations, xpbdDamping, epoch}: (re)builds; a
   *  failed rebuild keeps the old world. iterations (the position-based steppers' count)
   *  and xpbdDamping (XPBD's damping time τ, s; null: the core's default for either) were
   *  taken before by the core (their requests) or checked against its range
   *  (web/settings/params.js). Reply {status, error, paramError} and, built, describe()'s
   *  fields with the world's iteration count and damping time. */
  [TO_SIM.build]({ scene, params, method, dt, beta, iterations, xpbdDamping, epoch }) {
    const built = buildSim(this.core, scene, params, method, dt, beta, this.h);
    if (built.status !== SL_OK) return { status: built.status, error: built.error, paramError: built.paramError };
    this.h = built.h;
    if (iterations !== null && iterations !== undefined) {
      const st = this.api.set_iterations(this.h, iterations);
      if (st !== SL_OK) return refused(this.api, st);
    }
    if (xpbdDamping !== null && xpbdDamping !== undefined) {
      const st = this.api.set_xpbd_damping(this.h, xpbdDamping);
      if (st !== SL_OK) return refused(this.api, st);
    }
    this.config = { scene, params, method, dt, beta };
    const table = scene === 'mesh' ? this.core.userMesh : this.core.scenes.find((sc) => sc.name === scene);
    this.phase = phaseAxis(table ? table.phase : 'y', this.api.tracked_node(this.h), readPins(this.core, this.h));
    this.startRun(epoch);
    this.postFrame();
    return { status: SL_OK, ...this.describe(), iterations: this.api.iterations(this.h), xpbdDamping: this.api.xpbd_damping(this.h) };
  },

  /** {method, dt, beta, epoch}: another stepper, Δt or β (back to t = 0). */
  [TO_SIM.method]({ method, dt, beta, epoch }) {
    const st = this.api.set_method(this.h, method, dt, beta);
    if (st !== SL_OK) return { status: st, error: this.api.sim_error(this.h) || this.api.status_message(st) };
    Object.assign(this.config, { method, dt, beta });
    this.startRun(epoch);
    this.postFrame();
    return { status: SL_OK };
  },

  /** {iterations, epoch}: the sweeps (xpbd, pbd) or substeps (xpbd-substeps) of a step,
   *  back to t = 0. Refused by the core (sl_api_set_iterations: not a whole number in its
   *  range): the run goes on untouched and the reply carries the core's reason. */
  [TO_SIM.iterations]({ iterations, epoch }) {
    return settingReply(this, this.api.set_iterations(this.h, iterations), epoch, () => ({ iterations: this.api.iterations(this.h) }));
  },

  /** {xpbdDamping, epoch}: XPBD's damping time τ (s; paper 005 eq. 26, read by the steppers
   *  flagged SL_STEPPER_USES_XPBD_DAMPING), back to t = 0. Refused by the core
   *  (sl_api_set_xpbd_damping: outside its range): the run goes on untouched and the reply
   *  carries the core's reason. */
  [TO_SIM.xpbdDamping]({ xpbdDamping, epoch }) {
    return settingReply(this, this.api.set_xpbd_damping(this.h, xpbdDamping), epoch, () => ({ xpbdDamping: this.api.xpbd_damping(this.h) }));
  },

  /** {epoch}: back to t = 0 (replayed input from its first event). */
  [TO_SIM.reset]({ epoch }) {
    this.api.release(this.h);
    this.api.reset(this.h);
    this.startRun(epoch);
    this.postFrame();
  },

  /** The state to save (the course API's save-state, issue 45): {t (s), x, v
   *  (Float64Array[3n], m and m/s, the core's), energy0 (J, the run's E(0) for the
   *  energy-error channel), pins (Int32Array[n])}. The stepper's history is forgotten
   *  (sl_api_restart_history) so that this run continues as the state restored does. */
  [TO_SIM.save]() {
    const { api, core, h } = this;
    const n = api.node_count(h);
    api.restart_history(h);
    return {
      t: api.time(h), x: core.heap.copy(Float64Array, api.positions(h), 3 * n),
      v: core.heap.copy(Float64Array, api.velocities(h), 3 * n), energy0: this.energy0, pins: readPins(core, h),
    };
  },

  /** {t, x, v, energy0, epoch}: the world at a saved state (sl_api_restore; its pins set
   *  before), a new run from t; replayed input from the first event at or after t. Reply
   *  {status, error}; refused, the world is unchanged. */
  [TO_SIM.restore]({ t, x, v, energy0, epoch }) {
    const { api, core, h } = this;
    const n = api.node_count(h);
    if (!(x instanceof Float64Array) || !(v instanceof Float64Array) || x.length !== 3 * n || v.length !== 3 * n) {
      return { status: -1, error: `the state has ${x && x.length} positions and ${v && v.length} velocities; this body needs ${3 * n} of each` };
    }
    api.release(h);
    const st = core.heap.pass(x, (px) => core.heap.pass(v, (pv) => api.restore(h, t, px, pv)));
    if (st !== SL_OK) return refused(api, st);
    this.startRun(epoch);
    this.energy0 = Number.isFinite(energy0) ? energy0 : this.energy0;
    while (this.nextEvent < this.events.length && this.events[this.nextEvent].t < t - 1e-9 * this.config.dt) this.nextEvent++;
    this.postFrame();
    return { status: SL_OK };
  },

  /** {t}: step toward simulated time t (s), and post a frame once it is reached. */
  [TO_SIM.target]({ t }) {
    const last = this.frameTargets.length ? this.frameTargets[this.frameTargets.length - 1] : this.lastAt;
    if (t > last) this.frameTargets.push(t);
    this.target = t;
    if (!this.running) this.postReached(); // a target the state already stands at
    this.run();
  },

  /** Stop stepping where it is now, and show it. */
  [TO_SIM.hold]() {
    this.target = this.t;
    if (!this.running) this.postFrame();
  },

  /** {node}: the element inspector shows the element of this node (-1: none) with every
   *  frame from now on. Reply {inspection} (null for -1). */
  [TO_SIM.inspect]({ node }) {
    this.inspectNode = Number.isInteger(node) && node >= 0 ? node : -1;
    if (!this.running) this.postFrame();
    return { inspection: this.h && this.inspectNode >= 0 ? readInspection(this.core, this.h, this.inspectNode) : null };
  },

  /** {event}: the user's input, applied now. Reply {grabbed, pins}. */
  [TO_SIM.input]({ event }) {
    this.apply(event);
    if (!this.running) this.postFrame();
    return { grabbed: this.api.grabbed_node(this.h), pins: event.kind === 'pin' ? readPins(this.core, this.h) : null };
  },

  /** {pins: Int32Array}: exactly these nodes pinned (a replay's start). Reply {pins}. */
  [TO_SIM.pins]({ pins }) {
    this.setPins(pins);
    return { pins: readPins(this.core, this.h) };
  },

  /** {events}: input to replay from the run's start, each at its time t (s). */
  [TO_SIM.replay]({ events }) {
    this.events = events || [];
    this.nextEvent = 0;
  },

  /** {on}: send the rotation field with each frame (the view draws its triads). */
  [TO_SIM.frames]({ on }) {
    this.frames = !!on;
    if (!this.running) this.postFrame();
  },

  /** {field}: the node field (sl_field) to send with each frame. */
  [TO_SIM.field]({ field }) {
    this.field = field;
    if (!this.running) this.postFrame();
  },

  /** Reply {omegaMax, at, now, ms, held}: ω_max (rad/s) of the world linearized at its state now
   *  (sl_world_omega_max), that state's time (s) and what it cost (ms), held ''; now (s):
   *  the time of the Worker's state when it replied (a panel shows the reading from the
   *  shown time on, which may be behind the Worker's). Once the
   *  run has diverged or the core's verdict says its energy grows (sl_api_verdict), its state is no measure
   *  of the body: after a divergence the world holds the last state that passed the
   *  divergence check, already torn apart (the swinging cube under symplectic Euler at
   *  Δt = 0.05 s: 727 rad/s there, 563 at rest). Then the reply is the run's last estimate
   *  from before (the panel asks at t = 0 of every run), held saying why ('diverged',
   *  'energy grew', 'stopped'; with no estimate from before, the one of the state now, held
   *  still saying why). */
  [TO_SIM.omega]() {
    const { api, h, stopped } = this;
    const held = stopped ? (stopped.diverged ? 'diverged' : 'stopped') : api.verdict(h) === VERDICT.GROWING ? 'energy grew' : '';
    if (held && this.goodOmega.length) {
      // the verdict comes after the harm: only an estimate a whole verdict window (16 steps,
      // SL_VERDICT_WINDOW_STEPS) before the run went bad counts as taken at a good state;
      // else the first, at rest
      const bad = stopped ? stopped.at : api.verdict_since(h);
      const good = this.goodOmega.filter((r) => r.at <= bad - 16 * this.config.dt);
      return { ...(good.length ? good[good.length - 1] : this.goodOmega[0]), now: this.t, held };
    }
    const t0 = performance.now();
    const omegaMax = api.omega_max(h);
    // held even without an earlier estimate: a diverged panel's meter is never green
    const reply = { omegaMax, at: this.t, now: this.t, ms: performance.now() - t0, held };
    if (!held) this.goodOmega.push(reply);
    return reply;
  },

  /** The largest stable Δt of this simulation (web/core/stability.js panelStableDt: the
   *  library's search on copies of it as built, with its pins); progress as {type:
   *  progress, id, lo, hi, trial}. */
  [TO_SIM.findDt]({ id }) {
    // one search at a time: the core keeps one per simulation, and a second start would
    // replace the first under its loop
    const run = () => panelStableDt(this.api, this.h, (p) => this.post({ type: TO_PAGE.progress, id, ...p }));
    this.finding = (this.finding || Promise.resolve()).catch(() => {}).then(run);
    return this.finding.then((r) => ({ dt: r.dt, capped: r.capped, lo: r.lo, runSeconds: r.runSeconds }));
  },

  /** {name, args}: api[name](handle, ...args), for tests and the console; then a frame.
   *  Reply {value}. */
  [TO_SIM.call]({ name, args }) {
    if (typeof this.api[name] !== 'function' || name.startsWith('view_')) return { error: `no simulation function ${name}` };
    const value = this.api[name](this.h, ...args);
    this.t = this.api.time(this.h);
    this.measured = null; // the call may have changed the state
    if (!this.running) this.postFrame();
    return { value };
  },

  /** Reply {} once every earlier message has been handled and the target of that time
   *  reached (or stepping stopped), with a fresh frame first. */
  [TO_SIM.frame]() {
    return new Promise((resolve) => {
      this.waiters.push({ target: this.target, resolve });
      this.settle();
    });
  },
};
