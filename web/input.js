// Input that changes the physics (grab, move, release, pin): the same in every panel,
// recorded with the clock's time, and replayed so that each panel applies an event
// before its first step at or after that time (web/replay.js). The Record and Replay
// buttons live here too.

import { Replay } from './replay.js';

const GRAB_STIFFNESS = 40;   // N/m per kg of the body: enough to lift it against gravity
const GRAB_RADIUS = 0.08;    // of the body's rest diagonal: the patch a grab pulls

export class PhysicsInput {
  /**
   * @param panels    every panel (each gets every event)
   * @param buttons   {record, replay} elements
   * @param deps      {time(): clock time (s), diagonal(): body diagonal (m),
   *                   resetAll(), play()}
   */
  constructor(panels, buttons, deps) {
    this.panels = panels;
    this.buttons = buttons;
    this.deps = deps;
    this.replay = new Replay();
    this.next = new Map(); // panel -> index of its next replay event
    this.pinCache = null;
    buttons.record.addEventListener('click', () => this.toggleRecord());
    buttons.replay.addEventListener('click', () => this.startReplay());
    this.updateButtons();
  }

  /** A user's event: recorded (while recording), applied in every panel at once. */
  input(event) {
    if (this.replay.playing) {
      this.replay.stop(); // the user takes over
      this.updateButtons();
    }
    this.replay.add(this.deps.time(), event);
    for (const p of this.panels) this.apply(p, event);
  }

  apply(p, e) {
    if (e.kind === 'grab') p.grab(e.node, e.target, GRAB_STIFFNESS * p.api.total_mass(p.h), GRAB_RADIUS * this.deps.diagonal());
    else if (e.kind === 'move') p.moveGrab(e.target);
    else if (e.kind === 'release') p.release();
    else if (e.kind === 'pin') {
      p.pin(e.node, e.pinned);
      this.pinCache = null;
    }
  }

  /** Before a step of panel p: the replayed events due at its time. */
  beforeStep(p) {
    if (!this.replay.playing) return;
    const events = this.replay.events;
    let i = this.next.get(p) || 0;
    while (i < events.length && events[i].t <= p.t + 1e-9 * p.dt) this.apply(p, events[i++]);
    this.next.set(p, i);
  }

  /** Back to the first event (every panel at t = 0); a recording in progress ends. */
  rewind() {
    this.next.clear();
    if (this.replay.recording) this.replay.stop();
    this.replay.playing = false;
    this.updateButtons();
  }

  get recording() { return this.replay.recording; }
  get replaying() { return this.replay.playing; }
  get eventCount() { return this.replay.events.length; }

  /** Nodes pinned (the same in every panel: pins are input to all). */
  pinnedNodes() {
    if (!this.pinCache) {
      const p = this.panels[0];
      const n = p.api.node_count(p.h);
      this.pinCache = [];
      for (let i = 0; i < n; i++) if (p.api.is_pinned(p.h, i)) this.pinCache.push(i);
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
  startReplay() {
    if (!this.replay.hasRecording) return;
    const start = new Set(this.replay.startPins);
    for (const p of this.panels) {
      const n = p.api.node_count(p.h);
      for (let i = 0; i < n; i++) {
        const want = start.has(i) ? 1 : 0;
        if (p.api.is_pinned(p.h, i) !== want) p.api.pin(p.h, i, want);
      }
      p.pinsChanged();
    }
    this.pinCache = null;
    this.deps.resetAll();
    this.replay.play();
    this.deps.play();
    this.updateButtons();
  }

  updateButtons() {
    const { record, replay } = this.buttons;
    record.textContent = this.replay.recording ? '■ Stop recording' : '● Record';
    record.setAttribute('aria-pressed', String(this.replay.recording));
    replay.disabled = !this.replay.hasRecording;
    replay.textContent = this.replay.playing ? '↻ Replaying…' : '↻ Replay';
  }
}
