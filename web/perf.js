// Once a second: frames per second, each panel's steps per second of compute and time
// per step, and whether the clock keeps up with real time (below 1x: slow motion), and
// if not, what limits it: stepping, drawing or the machine (slowReason).

import { fmtSpeed } from './format.js';

/** Real time the clock takes into account per frame (web/clock.js MAX_FRAME_DT): a longer
 *  frame loses the rest, and the simulation runs in slow motion however fast it steps. */
const MAX_FRAME_MS = 100;

const pct = (f) => (f < 0.01 ? `${(100 * f).toFixed(2)} %` : `${(100 * f).toFixed(0)} %`);

/** What limits a clock running at simSpeed against speed (both × real time), from one
 *  window's figures: panels [{stepsPerSecond (of compute), dt (s)}], frameMs (mean frame
 *  interval), workMs (mean work of the page's own per frame, to the perf meter), lostMs
 *  (real time the frames lost beyond MAX_FRAME_MS each, per second of the window).
 *  Returns '' when it keeps up, else the text after 'slow motion …×'. No clock is read. */
export function slowReason({ speed, simSpeed, panels, frameMs, workMs, lostMs }) {
  if (!(Number.isFinite(simSpeed) && simSpeed < 0.95 * speed)) return '';
  // each panel's share of its compute that real time needs: (speed / dt) steps a second
  // against the steps a second it computes
  const need = panels.map((p) => (p.stepsPerSecond > 0 && p.dt > 0 ? speed / (p.dt * p.stepsPerSecond) : 0));
  const worst = need.indexOf(Math.max(0, ...need));
  const stepping = worst >= 0 ? need[worst] : 0;
  if (stepping >= 0.9) {
    const p = panels[worst];
    return `stepping limits: panel ${worst + 1} computes ${Math.round(p.stepsPerSecond).toLocaleString('en-US')} steps/s where ${Math.round(speed / p.dt).toLocaleString('en-US')} are needed`;
  }
  const steppers = `the steppers need ${pct(stepping)} of their time`;
  // the time long frames lost explains the slow motion when it is at least half of it
  const shortfall = 1 - simSpeed / speed;
  if (lostMs / 1000 >= 0.5 * shortfall) {
    if (workMs >= 0.5 * frameMs) {
      return `drawing limits: a frame takes ${Math.round(workMs)} ms of the page's work (${(1000 / frameMs).toFixed(0)} fps); ${steppers}`;
    }
    return `the machine limits: frames come every ${Math.round(frameMs)} ms though the page works ${Math.round(workMs)} ms a frame; ${steppers}`;
  }
  return `the machine limits: frames come every ${Math.round(frameMs)} ms and ${steppers}, yet the Workers fall behind (a busy processor)`;
}

/** The panel's fastest time per step (ms) over the 1 s windows since its mesh or stepper
 *  last changed (others' load and a fresh wasm instance's warm-up only add time: the
 *  calibration of web/cost.js), or its latest, or NaN. */
export function fastestMsPerStep(p) {
  const key = `${p.shown ? p.shown.length : 0}|${p.method}`;
  return p.fastest && p.fastest.key === key ? p.fastest.ms : p.msPerStep;
}

export class PerfMeter {
  constructor(el) {
    this.el = el;
    this.fps = 0;
    this.simSpeed = NaN;
    this.reason = '';
    this.frames = 0;
    this.windowStart = performance.now();
    this.clockAtWindow = null;
    this.lastFrame = NaN;
    this.lostMs = 0;
    this.workMs = 0;
  }

  /** Counts a frame that started at now (ms; called at its end, so the time since is the
   *  page's own work in it); every second updates the panels' rates and the text. */
  frame(now, clock, panels) {
    this.frames++;
    this.workMs += Math.max(0, performance.now() - now);
    if (Number.isFinite(this.lastFrame)) this.lostMs += Math.max(0, now - this.lastFrame - MAX_FRAME_MS);
    this.lastFrame = now;
    const span = now - this.windowStart;
    if (span < 1000) return;
    this.fps = (this.frames * 1000) / span;
    for (const p of panels) {
      p.stepsPerSecond = p.stepMs > 0 ? (p.steps * 1000) / p.stepMs : 0;
      p.msPerStep = p.steps > 0 ? p.stepMs / p.steps : p.msPerStep;
      if (p.steps > 0) {
        const key = `${p.shown ? p.shown.length : 0}|${p.method}`;
        if (!p.fastest || p.fastest.key !== key) p.fastest = { key, ms: Infinity };
        p.fastest.ms = Math.min(p.fastest.ms, p.msPerStep);
      }
      p.steps = 0;
      p.stepMs = 0;
      p.dirty = true;
    }
    // < 0 after a reset; the first window has no clock reading at its start, so no speed
    // (it read 0 there and the line said 'slow motion: 0.000×' while the clock ran)
    const advanced = this.clockAtWindow === null ? NaN : clock.time - this.clockAtWindow;
    this.simSpeed = clock.playing && !clock.suspended && advanced >= 0 ? advanced / (span / 1000) : NaN;
    this.reason = slowReason({
      speed: clock.speed, simSpeed: this.simSpeed, panels,
      frameMs: span / this.frames, workMs: this.workMs / this.frames, lostMs: (this.lostMs * 1000) / span,
    });
    this.clockAtWindow = clock.time;
    this.frames = 0;
    this.lostMs = 0;
    this.workMs = 0;
    this.windowStart = now;
    const perf = panels.map((p) => (p.stepsPerSecond ? `${Math.round(p.stepsPerSecond)}` : '–')).join(' / ');
    const s = this.simSpeed;
    // computed ahead (web/clock.js): the motion is played back; what is slow is the stepping
    const slow = clock.ahead ? ` · computed ahead, played back: ${Number.isFinite(clock.aheadRate) ? `the steppers run at ${fmtSpeed(clock.aheadRate)}× real time` : 'measuring the steppers’ speed'}`
      : this.reason ? ` · slow motion: ${fmtSpeed(s)}× real time; ${this.reason}` : '';
    this.el.textContent = `${this.fps.toFixed(0)} fps · steps per second of compute: ${perf}${slow}`;
  }
}
