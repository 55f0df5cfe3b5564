// The lab's one clock: play, pause, single step, speed, and the lock-step schedule that
// keeps the panels at the same simulated time. Each frame the clock's target moves on
// by the real time elapsed (times the speed) from the time every running panel has
// reached; each panel's Worker steps toward it with its own Δt (web/sim-host.js). So
// the clock runs no further ahead than the slowest running panel can follow, and a
// fast panel waits for a slow one.

const MAX_FRAME_DT = 0.1;    // s of real time taken into account per frame

export class Clock {
  /**
   * @param panels      the panels (advanceTo(target), hold(), t, dt, stopped)
   * @param playing     start running?
   * @param onPlaying   (on) => void, after play/pause changed (buttons, URL)
   */
  constructor(panels, { playing, onPlaying }) {
    this.panels = panels;
    this.onPlaying = onPlaying;
    this.time = 0;       // s, simulated: what every running panel has reached
    this.target = 0;     // s, simulated: where the panels are asked to go
    this.speed = 1;      // simulated seconds per real second asked for
    this.playing = playing;
    this.suspended = false; // out of sight (scrolled away, hidden tab): no stepping
  }

  /** Out of sight (on) or back: a lab nobody sees takes no steps, and resumes as it was. */
  setSuspended(on) {
    if (on === this.suspended) return;
    this.suspended = on;
    if (on && this.playing) for (const p of this.panels) p.hold();
    this.target = this.time;
  }

  active() {
    return this.panels.filter((p) => !p.stopped);
  }

  setPlaying(on) {
    if (!on && this.playing) for (const p of this.panels) p.hold();
    this.playing = on;
    this.target = this.time;
    this.onPlaying(on);
  }

  /** Paused: the time of the latest state the panels reported (a pause lets a step
   *  finish in the Workers). Running, the clock may stand up to one Δt beyond the
   *  states (the target they step toward); paused, it is a state's time, so that a
   *  single step then moves it by exactly one Δt. */
  catchUp() {
    const active = this.active();
    if ((!this.playing || this.suspended) && active.length) this.time = Math.max(...active.map((p) => p.t));
  }

  /** The time of the states on screen (s): the running panel furthest behind. */
  shownTime() {
    const active = this.active();
    return active.length ? Math.min(...active.map((p) => p.t)) : this.time;
  }

  /** Back to t = 0 (the panels are reset by their owner). */
  reset() {
    this.time = 0;
    this.target = 0;
  }

  /** One step of the largest Δt: every panel takes the steps of its own Δt that fit. */
  stepOnce() {
    this.setPlaying(false);
    const active = this.active();
    if (active.length === 0) return;
    const target = Math.max(...active.map((p) => p.t + p.dt));
    for (const p of active) p.advanceTo(target);
    this.time = this.target = Math.max(this.time, target);
  }

  /** One animation frame: realSeconds of real time went by. */
  tick(realSeconds) {
    const active = this.active();
    if (!this.playing || this.suspended) {
      this.catchUp();
      return;
    }
    const reach = active.length ? Math.min(...active.map((p) => p.t + p.dt)) : this.target;
    this.time = Math.max(this.time, Math.min(this.target, reach));
    this.target = this.time + Math.min(Math.max(realSeconds, 0), MAX_FRAME_DT) * this.speed;
    for (const p of active) p.advanceTo(this.target);
    if (active.length === 0) this.setPlaying(false);
  }
}
