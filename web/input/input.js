// Input that changes the physics (grab, move, release, pin): the same in every panel,
// recorded with the clock's time. Live, each panel's Worker applies an event as it
// arrives; on replay, each applies it before its first step at or after the recorded
// time (web/sim/sim-host.js), so a replay is the same in every run (web/input/replay.js). The
// Record and Replay buttons live here too.

import { Replay } from './replay.js';
import { t } from '../ui/messages.js';

const GRAB_STIFFNESS = 40;   // N/m per kg of the body: enough to lift it against gravity
const GRAB_RADIUS = 0.08;    // of the body's rest diagonal: the patch a grab pulls

export class PhysicsInput {
  /**
   * @param panels    every panel (each gets every event)
   * @param buttons   {record, replay} elements
   * @param deps      {time(): clock time (s), diagonal(): body diagonal (m),
   *                   resetAll(), play(), live(): leave a computed-ahead playback}
   */
  constructor(panels, buttons, deps) {
    this.panels = panels;
    this.buttons = buttons;
    this.deps = deps;
    this.replay = new Replay();
    this.pinCache = null;
    buttons.record.addEventListener('click', () => this.toggleRecord());
    buttons.replay.addEventListener('click', () => this.startReplay());
    this.updateButtons();
  }

  /** A user's event: recorded (while recording), applied in every panel at once. */
  input(event) {
    if (this.replay.playing) {
      this.replay.stop(); // the user takes over
      for (const p of this.panels) p.run.replay(null);
      this.updateButtons();
    }
    if (this.deps.live) this.deps.live(); // a computed-ahead run goes live first (web/time/clock.js)
    const e = this.complete(event);
    this.replay.add(this.deps.time(), e);
    for (const p of this.panels) p.input(e);
    if (e.kind === 'pin') this.pinCache = null;
    if (this.deps.acted) this.deps.acted(e); // the course API's action stream (web/course/course-api.js)
  }

  /** The event as a Worker applies it: a grab's stiffness per kg of the panel's body
   *  (N/m/kg) and patch radius (m). */
  complete(event) {
    return event.kind === 'grab' ? { ...event, stiffnessPerKg: GRAB_STIFFNESS, radius: GRAB_RADIUS * this.deps.diagonal() } : event;
  }

  /** Back to the first event (every panel at t = 0); a recording in progress ends. */
  rewind() {
    if (this.replay.recording) this.replay.stop();
    if (this.replay.playing) for (const p of this.panels) p.run.replay(null);
    this.replay.playing = false;
    this.updateButtons();
  }

  /** Each frame: a replay ends once every running panel's Worker is past its last event.
   *  Its Worker's state (latest, 0 from a reset until the new run reports), not the state
   *  shown: just after Replay a panel still shows the old run's time, and ending on that
   *  told the Workers to drop the events before they were applied (a replay without the
   *  drag, now and then, in teaching.test.js). */
  checkReplayEnd() {
    if (!this.replay.playing) return;
    const events = this.replay.events;
    const last = events.length ? events[events.length - 1].t : 0;
    const running = this.panels.filter((p) => !p.run.stopped);
    if (running.some((p) => p.run.latest < last + p.run.dt)) return;
    this.replay.playing = false;
    for (const p of this.panels) p.run.replay(null);
    this.updateButtons();
  }

  get recording() { return this.replay.recording; }
  get replaying() { return this.replay.playing; }
  get eventCount() { return this.replay.events.length; }

  /** Nodes pinned (the same in every panel: pins are input to all). */
  pinnedNodes() {
    if (!this.pinCache) {
      const pins = this.panels[0].run.pins;
      this.pinCache = [];
      for (let i = 0; i < pins.length; i++) if (pins[i]) this.pinCache.push(i);
    }
    return this.pinCache;
  }

  /** Pins may have changed outside (a rebuild): read them again when asked. */
  forgetPins() { this.pinCache = null; }

  toggleRecord() {
    if (this.replay.recording) {
      this.replay.stop();
    } else {
      this.deps.resetAll();
      this.replay.start(this.pinnedNodes());
      this.deps.play();
    }
    this.updateButtons();
  }

  /** Back to t = 0 with the pins of the recording's start, then the recorded input. */
  async startReplay() {
    if (!this.replay.hasRecording) return;
    const start = new Set(this.replay.startPins);
    await Promise.all(this.panels.map((p) => p.run.setPins(Int32Array.from(p.run.pins, (_, i) => (start.has(i) ? 1 : 0)))));
    this.pinCache = null;
    this.deps.resetAll();
    this.replay.play();
    for (const p of this.panels) p.run.replay(this.replay.events);
    this.deps.play();
    this.updateButtons();
  }

  updateButtons() {
    const { record, replay } = this.buttons;
    record.textContent = t(this.replay.recording ? 'input.stop_recording' : 'lab.record.record');
    record.setAttribute('aria-pressed', String(this.replay.recording));
    replay.disabled = !this.replay.hasRecording;
    replay.textContent = t(this.replay.playing ? 'input.replaying' : 'lab.record.replay');
  }
}
