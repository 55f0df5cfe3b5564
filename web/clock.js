// The lab's one clock: play, pause, single step, speed, and the lock-step schedule that
// keeps the panels at the same simulated time. Each frame the clock's target moves by
// the real time elapsed (times the speed); every panel takes the steps of its own Δt
// that fit, within a time budget shared round-robin, so no panel starves the others;
// the clock runs no further ahead than the slowest running panel can follow.

const STEP_BUDGET_MS = 10;   // stepping time per animation frame, all panels together
const MAX_FRAME_DT = 0.1;    // s of real time taken into account per frame

export class Clock {
  /**
   * @param panels      the panels, stepped with advance(target, deadline, beforeStep)
   * @param playing     start running?
   * @param beforeStep  (panel) => void, before each step (replayed input due then)
   * @param onPlaying   (on) => void, after play/pause changed (buttons, URL)
   */
  constructor(panels, { playing, beforeStep, onPlaying }) {
    this.panels = panels;
    this.beforeStep = beforeStep;
    this.onPlaying = onPlaying;
    this.time = 0;       // s, simulated
    this.speed = 1;      // simulated seconds per real second asked for
    this.playing = playing;
    this.roundRobin = 0; // which panel steps first this frame
  }

  active() {
    return this.panels.filter((p) => !p.stopped);
  }

  setPlaying(on) {
    // Paused, the clock shows the time of the state on screen (the latest panel).
    const active = this.active();
    if (!on && this.playing && active.length) this.time = Math.max(...active.map((p) => p.t));
    this.playing = on;
    this.onPlaying(on);
  }

  /** One step of the largest Δt: every panel takes the steps of its own Δt that fit. */
  stepOnce() {
    this.setPlaying(false);
    const active = this.active();
    if (active.length === 0) return;
    const target = Math.max(...active.map((p) => p.t + p.dt));
    for (const p of active) {
      p.advance(target, Infinity, this.beforeStep);
      p.sync(); // input picks from the new state before the next frame draws it
    }
    this.time = Math.max(this.time, target);
  }

  /** Advances the running panels by realSeconds of real time (one animation frame). */
  tick(realSeconds) {
    if (!this.playing) return;
    const target = this.time + Math.min(Math.max(realSeconds, 0), MAX_FRAME_DT) * this.speed;
    const deadline = performance.now() + STEP_BUDGET_MS;
    const n = this.panels.length;
    for (let k = 0; k < n; k++) this.panels[(this.roundRobin + k) % n].advance(target, deadline, this.beforeStep);
    this.roundRobin = (this.roundRobin + 1) % n;
    const active = this.active();
    const reach = active.length ? Math.min(target, ...active.map((p) => p.t + p.dt)) : target;
    this.time = Math.max(this.time, reach);
    if (active.length === 0) this.setPlaying(false);
  }
}
