// Once a second: frames per second, each panel's steps per second of compute and time
// per step, and whether the clock keeps up with real time (below 1x: slow motion).

export class PerfMeter {
  constructor(el) {
    this.el = el;
    this.fps = 0;
    this.simSpeed = NaN;
    this.frames = 0;
    this.windowStart = performance.now();
    this.clockAtWindow = null;
  }

  /** Counts a frame at now (ms); every second updates the panels' rates and the text. */
  frame(now, clock, panels) {
    this.frames++;
    const span = now - this.windowStart;
    if (span < 1000) return;
    this.fps = (this.frames * 1000) / span;
    for (const p of panels) {
      p.stepsPerSecond = p.stepMs > 0 ? (p.steps * 1000) / p.stepMs : 0;
      p.msPerStep = p.steps > 0 ? p.stepMs / p.steps : p.msPerStep;
      p.steps = 0;
      p.stepMs = 0;
      p.dirty = true;
    }
    const advanced = clock.time - (this.clockAtWindow ?? clock.time); // < 0 after a reset
    this.simSpeed = clock.playing && !clock.suspended && advanced >= 0 ? advanced / (span / 1000) : NaN;
    this.clockAtWindow = clock.time;
    this.frames = 0;
    this.windowStart = now;
    const perf = panels.map((p) => (p.stepsPerSecond ? `${Math.round(p.stepsPerSecond)}` : '–')).join(' / ');
    const s = this.simSpeed;
    const slow = Number.isFinite(s) && s < 0.95 * clock.speed
      ? ` · slow motion: ${s < 0.1 ? s.toFixed(3) : s.toFixed(2)}× real time (the steppers cannot keep up)` : '';
    this.el.textContent = `${this.fps.toFixed(0)} fps · steps per second of compute: ${perf}${slow}`;
  }
}
