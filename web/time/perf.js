// Once a second: frames per second, each panel's steps per second of compute and time
// per step, and whether the clock keeps up with real time (below 1x: slow motion), and
// if not, what limits it: stepping, drawing or the machine (slowReason).

import { fmtSpeed } from '../ui/format.js';
import { t } from '../ui/messages.js';

/** Real time the clock takes into account per frame (web/time/clock.js MAX_FRAME_DT): a longer
 *  frame loses the rest, and the simulation runs in slow motion however fast it steps. */
const MAX_FRAME_MS = 100;

const pct = (f) => (f < 0.01 ? `${(100 * f).toFixed(2)} %` : `${(100 * f).toFixed(0)} %`);

/** "panels 1, 2 and 4" of 0-based indices. */
function panelList(ix) {
  const n = ix.map((i) => i + 1);
  const list = n.slice(0, -1).join(', ');
  return n.length === 1 ? t('inspector.panel', { panel: n[0] }) : t('recovery.panels', { list, last: n[n.length - 1] });
}

/** What limits a clock running at simSpeed against speed (both × real time), from one
 *  window's figures: panels [{stepsPerSecond (of compute), dt (s), worker (which Worker
 *  steps it; panels of one Worker share its time), busy (the fraction of the window its
 *  Worker spent on it: steps, chart samples and frames), the last two optional}], frameMs
 *  (mean frame interval), workMs (mean work of the page's own per frame, to the perf
 *  meter), lostMs (real time the frames lost beyond MAX_FRAME_MS each, per second of the
 *  window). Returns '' when it keeps up, else the text after 'slow motion …×'. No clock is
 *  read. */
export function slowReason({ speed, simSpeed, panels, frameMs, workMs, lostMs }) {
  if (!(Number.isFinite(simSpeed) && simSpeed < 0.95 * speed)) return '';
  // each panel's share of its compute that real time needs: (speed / dt) steps a second
  // against the steps a second it computes
  const need = panels.map((p) => (p.stepsPerSecond > 0 && p.dt > 0 ? speed / (p.dt * p.stepsPerSecond) : 0));
  const worst = need.indexOf(Math.max(0, ...need));
  const stepping = worst >= 0 ? need[worst] : 0;
  // panels that share a Worker share its time: one whose panels together keep it busy is
  // the limit however little each needs alone
  const workers = new Map(); // worker -> {panels, busy, need}
  const keyOf = (p, i) => (p.worker === undefined ? `own ${i}` : p.worker);
  panels.forEach((p, i) => {
    const key = keyOf(p, i);
    const w = workers.get(key) || { panels: [], busy: 0, need: 0 };
    w.panels.push(i);
    // a window's frames may bring Worker time from before it (they arrive late), so the sum
    // can pass 1; no Worker is busier than all the time (the line said "busy 105 %")
    w.busy = Math.min(1, w.busy + (Number.isFinite(p.busy) ? p.busy : 0));
    w.need += need[i];
    workers.set(key, w);
  });
  const workerLine = (w) => t('perf.worker_limits', { panels: panelList(w.panels), busy: pct(w.busy), need: pct(w.need), speed: fmtSpeed(speed) });
  if (stepping >= 0.9) {
    // a panel that could keep up alone (under 1) but shares its Worker is limited by the
    // Worker: thread-hang's RK4 computed 10,906 steps/s of the 10,000 needed, and the line
    // blamed it, while its Worker also stepped panel 1 (their steps needed 129 % of it)
    const own = workers.get(keyOf(panels[worst], worst));
    if (stepping < 1 && own.panels.length > 1) return workerLine(own);
    const p = panels[worst];
    return t('perf.panel_limits', { panel: worst + 1, computes: Math.round(p.stepsPerSecond).toLocaleString('en-US'), needed: Math.round(speed / p.dt).toLocaleString('en-US') });
  }
  const busiest = [...workers.values()].reduce((a, w) => (!a || w.busy > a.busy ? w : a), null);
  if (busiest && busiest.panels.length > 1 && (busiest.busy >= 0.9 || busiest.need >= 0.9)) return workerLine(busiest);
  const known = panels.some((p) => Number.isFinite(p.busy));
  const steppers = known && busiest ? t('perf.busiest_worker', { busy: pct(busiest.busy) }) : t('perf.steppers_need', { need: pct(stepping) });
  // the time long frames lost explains the slow motion when it is at least half of it
  const shortfall = 1 - simSpeed / speed;
  if (lostMs / 1000 >= 0.5 * shortfall) {
    if (workMs >= 0.5 * frameMs) {
      return t('perf.drawing_limits', { work: Math.round(workMs), fps: (1000 / frameMs).toFixed(0), steppers });
    }
    return t('perf.machine_frames', { frame: Math.round(frameMs), work: Math.round(workMs), steppers });
  }
  return t('perf.machine_behind', { frame: Math.round(frameMs), steppers });
}

/** What the perf line says instead of a speed while a panel's Worker is silent (no answer
 *  for over QUIET_MS, web/sim/sim-client.js), lost, or was restarted in the last RECENT_MS:
 *  not "the machine" (issue 43). runs: web/panel/panel-run.js PanelRun ({lost, lostAt, lostWhy,
 *  client: {silentMs(), failed}}); now: performance.now(). '' if none is. */
const QUIET_MS = 500;
const RECENT_MS = 5000;
export function workerTrouble(runs, now = performance.now()) {
  const lost = [], quiet = [], failed = [], restarted = [];
  runs.forEach((r, i) => {
    if (r.client && r.client.failed) failed.push(i);
    else if (r.lost) lost.push(i);
    else if (r.client && r.client.silentMs && r.client.silentMs() > QUIET_MS) quiet.push(i);
    else if (now - r.lostAt < RECENT_MS) restarted.push(i);
  });
  const parts = [];
  if (lost.length) parts.push(t('perf.worker_lost', { panels: panelList(lost) }));
  if (restarted.length) parts.push(t('perf.worker_replaced', { panels: panelList(restarted), why: runs[restarted[0]].lostWhy }));
  if (quiet.length) {
    const s = Math.max(...quiet.map((i) => runs[i].client.silentMs())) / 1000;
    parts.push(t('perf.worker_waiting', { panels: panelList(quiet), seconds: s.toFixed(1) }));
  }
  if (failed.length) parts.push(t('perf.sim_stopped', { panels: panelList(failed) }));
  return parts.join('; ');
}

/** A panel's steps and what they cost: counted from its Worker's frames (count, by
 *  web/panel/panel-run.js) and turned into rates once a second (close, by PerfMeter). Kept here
 *  so that the meter writes only its own fields. */
export class StepRate {
  constructor() {
    this.steps = 0;        // steps taken in the current measuring window
    this.stepMs = 0;       // ms spent stepping in that window
    this.busyMs = 0;       // ms its Worker spent on it in that window (steps, samples, frames)
    this.busy = NaN;       // ... as a fraction of the last window
    this.lastStepMs = NaN; // ms, the Worker's last step
    this.stepsPerSecond = 0; // of compute, over the last window
    this.msPerStep = NaN;    // ... and the time per step
    this.fastest = null;     // {key, ms}: the fastest window's time per step at key (fastestMsPerStep)
  }

  /** steps more, taking stepMs (ms) in all, the last lastStepMs; busyMs (ms): the
   *  Worker's time on this panel meanwhile (0 if not known). */
  count(steps, stepMs, lastStepMs, busyMs = 0) {
    this.steps += steps;
    this.stepMs += stepMs;
    if (steps) this.lastStepMs = lastStepMs;
    this.busyMs += busyMs || 0;
  }

  /** A new run: its last step is not known. */
  restart() {
    this.lastStepMs = NaN;
  }

  /** Ends a window of spanMs (ms): the rates of its steps, the fastest kept per key (mesh
   *  and stepper), and the Worker's busy fraction. */
  close(key, spanMs = NaN) {
    this.busy = spanMs > 0 ? this.busyMs / spanMs : NaN;
    this.busyMs = 0;
    this.stepsPerSecond = this.stepMs > 0 ? (this.steps * 1000) / this.stepMs : 0;
    this.msPerStep = this.steps > 0 ? this.stepMs / this.steps : this.msPerStep;
    if (this.steps > 0) {
      if (!this.fastest || this.fastest.key !== key) this.fastest = { key, ms: Infinity };
      this.fastest.ms = Math.min(this.fastest.ms, this.msPerStep);
    }
    this.steps = 0;
    this.stepMs = 0;
  }
}

/** What a panel's fastest time per step is kept for: its mesh (node count) and stepper. */
const rateKey = (run) => `${run.shown ? run.shown.length : 0}|${run.method}`;

/** The panel's fastest time per step (ms) over the 1 s windows since its mesh or stepper
 *  last changed (others' load and a fresh wasm instance's warm-up only add time: the
 *  calibration of web/settings/cost.js), or its latest, or NaN. run: {rate (StepRate), shown,
 *  method} (web/panel/panel-run.js). */
export function fastestMsPerStep(run) {
  const r = run.rate;
  return r.fastest && r.fastest.key === rateKey(run) ? r.fastest.ms : r.msPerStep;
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
   *  page's own work in it); every second updates the panels' rates (runs: web/panel/panel-run.js
   *  PanelRun: rate, shown, method, dt) and the text. Returns whether it did (the rates
   *  shown changed). */
  frame(now, clock, runs) {
    this.frames++;
    this.workMs += Math.max(0, performance.now() - now);
    if (Number.isFinite(this.lastFrame)) this.lostMs += Math.max(0, now - this.lastFrame - MAX_FRAME_MS);
    this.lastFrame = now;
    const span = now - this.windowStart;
    if (span < 1000) return false;
    this.fps = (this.frames * 1000) / span;
    for (const run of runs) run.rate.close(rateKey(run), span);
    const panels = runs.map((run) => ({
      stepsPerSecond: run.rate.stepsPerSecond, dt: run.dt, busy: run.rate.busy,
      worker: run.client ? run.client.worker : undefined,
    }));
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
    // computed ahead (web/time/clock.js): the motion is played back; what is slow is the stepping
    const trouble = workerTrouble(runs);
    const ahead = () => (Number.isFinite(clock.aheadRate) ? t('perf.ahead', { rate: fmtSpeed(clock.aheadRate) }) : t('perf.ahead_measuring'));
    const slow = trouble ? ` · ${trouble}` : clock.ahead ? ` · ${ahead()}`
      : this.reason ? ` · ${t('perf.slow', { speed: fmtSpeed(s), reason: this.reason })}` : '';
    this.el.textContent = t('perf.line', { fps: this.fps.toFixed(0), perf }) + slow;
    return true;
  }
}
