// The lab's one clock: play, pause, single step, speed, and the schedule that shows every
// panel at one simulated time (issue 26). Each frame the clock may send the panels one
// new target time; every panel's Worker steps toward it with its own Δt and posts a frame
// once its state is the latest step at or before it (web/sim-host.js). The page then
// shows the latest target that every running panel has reached, each panel drawing its
// frame for that target (Panel.showAt): the states on screen are at most one of their own
// Δt before it, so any two differ by less than the largest panel Δt. A fast panel runs
// ahead by at most a few targets, whose frames wait on the page.
//
// Targets follow real time (times the speed) while the slowest running panel keeps up.
// When it cannot, they come closer together, at twice the simulated time that panel
// covers in a frame (measured), so that it still reaches one every frame or two and the
// picture moves on smoothly (nextStep); and no target is sent more than LEAD_TARGETS targets
// ahead of the slowest panel's state, which bounds how far a fast panel runs ahead and how
// long a pause takes to settle.

const MAX_FRAME_DT = 0.1;   // s of real time taken into account per frame
const LEAD_TARGETS = 4;     // targets sent at most this far ahead of the slowest panel
const RATE_WINDOW = 0.1;    // s of real time over which the slowest panel's speed is measured

export class Clock {
  /**
   * @param panels      the panels: advanceTo(target), hold(), showAt(t), dt (s), stopped,
   *                    latest (s: the state its Worker last reported), reached (s: the
   *                    last target it posted a frame for)
   * @param playing     start running?
   * @param onPlaying   (on) => void, after play/pause changed (buttons, URL)
   */
  constructor(panels, { playing, onPlaying }) {
    this.panels = panels;
    this.onPlaying = onPlaying;
    this.time = 0;       // s, simulated: the time shown (running) or of the states (paused)
    this.target = 0;     // s, simulated: the last target sent
    this.shown = 0;      // s, simulated: the time the panels were last shown at (show)
    this.speed = 1;      // simulated seconds per real second asked for
    this.playing = playing;
    this.suspended = false; // out of sight (scrolled away, hidden tab): no stepping
    this.rate = NaN;     // simulated s per real s the slowest running panel reaches targets
    this.keptUp = false; // ... and it reached every target sent in that time
    this.rateFrom = null; // {real, reached}: the start of the rate's window
    this.real = 0;       // s of real time while playing (the rate's clock)
  }

  /** Out of sight (on) or back: a lab nobody sees takes no steps, and resumes as it was. */
  setSuspended(on) {
    if (on === this.suspended) return;
    this.suspended = on;
    if (on && this.playing) for (const p of this.panels) p.hold();
    this.rateFrom = null;
  }

  active() {
    return this.panels.filter((p) => !p.stopped);
  }

  /** Pause (off): no new target; the Workers finish the last one, so the panels stop at
   *  one time (a step of the slowest finishes first). */
  setPlaying(on) {
    this.playing = on;
    this.rateFrom = null;
    this.onPlaying(on);
  }

  /** Paused: the time of the latest state the panels reported, so that a single step
   *  moves it by exactly one Δt. */
  catchUp() {
    const active = this.active();
    if ((!this.playing || this.suspended) && active.length) this.time = Math.max(...active.map((p) => p.latest));
  }

  /** The time the panels are shown at (s): the last target every running panel reached. */
  shownTime() {
    const active = this.active();
    return active.length ? Math.min(...active.map((p) => p.reached)) : this.target;
  }

  /** Each panel shows its frame for the shown time; returns that time (s), also kept as
   *  `shown` until the next call. */
  show() {
    const t = this.shownTime();
    for (const p of this.panels) p.showAt(t);
    this.shown = t;
    return t;
  }

  /** Back to t = 0 (the panels are reset by their owner). */
  reset() {
    this.time = 0;
    this.target = 0;
    this.rate = NaN;
    this.rateFrom = null;
  }

  /** One step of the largest Δt: every panel takes the steps of its own Δt that fit. */
  stepOnce() {
    this.setPlaying(false);
    const active = this.active();
    if (active.length === 0) return;
    const target = Math.max(this.target, ...active.map((p) => p.latest + p.dt));
    for (const p of active) p.advanceTo(target);
    this.time = this.target = target;
  }

  /** One animation frame: realSeconds of real time went by. */
  tick(realSeconds) {
    const active = this.active();
    if (!this.playing || this.suspended) {
      this.catchUp();
      return;
    }
    if (active.length === 0) {
      this.setPlaying(false);
      return;
    }
    const real = Math.min(Math.max(realSeconds, 0), MAX_FRAME_DT);
    this.real += real;
    this.measureRate(active);
    const want = real * this.speed; // s of simulated time real time asks for
    const slowest = Math.min(...active.map((p) => p.latest + p.dt));
    const step = this.nextStep(active, real, want);
    // until the slowest panel's speed is known, one target ahead of it at most
    const lead = Number.isFinite(this.rate) ? LEAD_TARGETS * step : step;
    if (step > 0 && this.target - slowest < lead) {
      this.target += step;
      for (const p of active) p.advanceTo(this.target);
    }
    this.time = this.shownTime();
  }

  /** The next target's distance (s): what real time asks for (want) where the slowest
   *  panel keeps up; else twice what it covers in this frame at its measured speed, so it
   *  reaches a target every frame or two. It starts at the smallest panel Δt and grows
   *  fourfold each RATE_WINDOW while every target is reached, so a scene that keeps up is
   *  at real time within a few tenths of a second and a slow one never gets a target it
   *  takes seconds to reach. */
  nextStep(active, real, want) {
    const finest = Math.min(...active.map((p) => p.dt));
    if (!Number.isFinite(this.rate)) return Math.min(want, finest);
    return Math.min(want, Math.max((this.keptUp ? 4 : 2) * this.rate * real, finest));
  }

  /** The slowest running panel's speed (simulated s per real s) over RATE_WINDOW, from
   *  the states its Worker reports (not only the targets it reaches: those come in lumps). */
  measureRate(active) {
    const reached = Math.min(...active.map((p) => p.latest));
    if (!this.rateFrom || reached < this.rateFrom.reached) {
      this.rateFrom = { real: this.real, reached };
      return;
    }
    const span = this.real - this.rateFrom.real;
    if (span < RATE_WINDOW) return;
    this.rate = (reached - this.rateFrom.reached) / span;
    this.keptUp = Math.min(...active.map((p) => p.reached)) >= this.target; // every target sent was reached
    this.rateFrom = { real: this.real, reached };
  }
}
