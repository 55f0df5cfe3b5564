// The lab's one clock: play, pause, single step, speed, and the schedule that shows every
// panel at one simulated time (issue 26). Each frame the clock may send the panels one
// new target time; every panel's Worker steps toward it with its own Δt and posts a frame
// once its state is the latest step at or before it (web/sim/sim-host.js). The page then
// shows the latest target that every running panel has reached, each panel drawing its
// frame for that target (PanelRun.showAt, web/panel/panel-run.js): the states on screen are at most one of their own
// Δt before it, so any two differ by less than the largest panel Δt. A fast panel runs
// ahead by at most a few targets, whose frames wait on the page.
//
// Targets follow real time (times the speed) while the slowest running panel keeps up.
// Real time a frame could not send (the slowest panel was LEAD_TARGETS behind: its Worker
// lost the processor for a moment) is owed, up to MAX_OWED, and sent on top of the next
// frames' real time, at most CATCH_UP more a frame, as a game loop's accumulator does: a
// hiccup costs a brief quickening, not time lost for good (warp-tube-drop on 2 cores: its
// busiest Worker needs 0.77 of a processor, yet the clock ran at 0.86-0.94 of real time,
// each held frame lost). A panel too slow for real time owes no more than MAX_OWED.
// When the slowest panel cannot keep up, targets come closer together, at twice the simulated time that panel
// covers in a frame (measured), so that it still reaches one every frame or two and the
// picture moves on smoothly (nextStep); and no target is sent more than LEAD_TARGETS targets
// ahead of the slowest panel's state, which bounds how far a fast panel runs ahead and how
// long a pause takes to settle.
//
// Playing live, the time shown trails the newest target by SLACK_TARGETS targets (or is
// the last target every panel reached, if that is earlier): a panel's frame for a target
// may come a frame or two late (its Worker was stepping another panel's slice, or the
// processor is shared), and without that slack the picture stood still for a frame and
// then jumped two (thread-twist on 2 cores: 97 of 480 frames stood still). Paused, single
// stepped or computed ahead there is none.

//
// Computed ahead (issue 27): a comparison whose slowest panel cannot follow real time
// (below AHEAD_BELOW of the speed asked for, over AHEAD_AFTER s of play) is computed
// ahead instead: the Workers step on without pause to targets AHEAD_FRAME apart, their
// frames are kept, and the clock plays them back at the speed asked for, waiting where the
// computation has not got to yet (a clip at a time: AHEAD_CLIP, or AHEAD_WAIT of
// computing). The reader sees real-time motion after a wait, and may
// scrub through what was computed; the page says so (app.js, the playback bar). A physics
// input (a grab, a pin) goes back to live: it cannot act on a past the Workers left.
//
// A recording (issue 42; web/time/recording.js) is a computed-ahead run whose first frames are
// there before the Workers step: the panels hold its frames up to its end, so playback
// starts at once at the speed asked for, and the Workers, given no target until a
// recorded frame after t = 0 is on screen, then compute the same run from t = 0 behind
// it; past its end the clock plays their frames as any computed-ahead run (a wait where
// they have not got there yet).

const MAX_FRAME_DT = 0.1;   // s of real time taken into account per frame
const MAX_QUEUED_STEPS = 50; // single steps pressed ahead of the slowest panel's Worker, at most
const LEAD_TARGETS = 4;     // targets sent at most this far ahead of the slowest panel
export const MAX_OWED = 0.25; // s of real time (times the speed) not sent that the clock catches up, at most
export const CATCH_UP = 0.5;  // ... at up to this fraction of real time more a frame
const PROBE = 1.1;            // catching up, targets this much faster than the slowest panel's last rate
const KEPT_REAL_TIME = 0.98;  // of the speed: the slowest panel's measured rate that kept real time (a step in a window is 1-2 %)
export const SLACK_TARGETS = 2; // playing live, the time shown trails the newest target by this many
const RATE_WINDOW = 0.1;    // s of real time over which the slowest panel's speed is measured
export const AHEAD_FRAME = 1 / 30; // s simulated between the frames of a computed-ahead run
export const AHEAD_BELOW = 0.5;    // of the speed asked for: slower than this is computed ahead
const AHEAD_AFTER = 2;      // s of real play below AHEAD_BELOW before it is
export const AHEAD_BUFFER = 20; // s simulated computed beyond the time shown, at most
export const AHEAD_CLIP = 2;    // s simulated played without a wait, once it has started, ...
const AHEAD_WAIT = 15;          // ... or what the Workers compute in this many s of real time
const AHEAD_RATE_WINDOW = 1;    // s of real time over which the computing speed is measured

export class Clock {
  /**
   * @param panels      the panels' runs (web/panel/panel-run.js): advanceTo(target), hold(), showAt(t), dt (s), stopped,
   *                    latest (s: the state its Worker last reported), reached (s: the
   *                    last target it posted a frame for)
   * @param playing     start running?
   * @param onPlaying   (on) => void, after play/pause changed (buttons, URL)
   * @param onAhead     (on) => void, after the clock went to computed ahead or back live
   * @param autoAhead   may go to computed ahead by itself (false: ?playback=live)
   */
  constructor(panels, { playing, onPlaying, onAhead = () => {}, autoAhead = true }) {
    this.panels = panels;
    this.onPlaying = onPlaying;
    this.onAhead = onAhead;
    this.time = 0;       // s, simulated: the time shown (running) or of the states (paused)
    this.target = 0;     // s, simulated: the last target sent
    this.sent = null;    // playing live: the time shown at the start and the targets sent since, the last SLACK_TARGETS + 1 (null: not started)
    this.owed = 0;       // s, simulated: real time asked for (times the speed) and not sent yet, playing live
    this.shown = 0;      // s, simulated: the time the panels were last shown at (show)
    this.speed = 1;      // simulated seconds per real second asked for
    this.playing = playing;
    this.suspended = false; // out of sight (scrolled away, hidden tab): no stepping
    this.rate = NaN;     // simulated s per real s the slowest running panel reaches targets
    this.lastStep = 0;   // s, simulated: the distance of the last target sent from the one before
    this.keptUp = false; // ... and it reached every target sent in that time
    this.rateFrom = null; // {real, latest}: the start of the rate's window (paceOver)
    this.real = 0;       // s of real time while playing (the rate's clock)
    this.ahead = false;  // computed ahead and played back (see above)
    this.autoAhead = autoAhead; // may switch to it by itself
    this.slowFor = 0;    // s of real play the slowest panel has been below AHEAD_BELOW
    this.slowFrom = null; // {real, latest}: where that stretch started
    this.liveRate = NaN; // its speed when the clock switched (× real time, for the label)
    this.buffering = false; // computed ahead, played: waiting until bufferNeed() is there
    this.aheadRate = NaN; // computed ahead: simulated s the slowest panel computes per real s
    this.aheadFrom = null; // {real, latest}: the start of that measure's window
    this.recording = null;  // a recording plays: {span (s, its end), endPaused: paused there once} (playRecording), else null
    this.holdTargets = false; // no target yet: a recording shows its first frames before any step
  }

  /** Plays the panels' recording (each holds its frames up to span, s): computed ahead,
   *  from t = 0, without a wait. */
  playRecording(span) {
    this.recording = { span, endPaused: false };
    this.setAhead(true);
    this.buffering = false;
    this.holdTargets = true;
  }

  /** The recording is left (a change it does not hold): live, from where the Workers are,
   *  then as any run (computed ahead again if the steppers stay slow). */
  leaveRecording() {
    if (!this.recording) return;
    this.recording = null;
    this.holdTargets = false;
    this.setAhead(false);
  }

  /** Simulated seconds to have computed beyond the time shown before playing on (s): so
   *  much that AHEAD_CLIP of playback at the speed asked for does not catch up with the
   *  computation going on meanwhile at aheadRate. */
  bufferNeed() {
    const r = this.computingRate();
    if (!Number.isFinite(r)) return AHEAD_CLIP;
    return this.clip() * Math.max(0, 1 - r / this.speed);
  }

  /** The steppers' speed computing ahead (× real time): measured, or the live one the clock
   *  switched at until then; NaN if neither is known. */
  computingRate() {
    return Number.isFinite(this.aheadRate) ? this.aheadRate : this.liveRate;
  }

  /** Simulated seconds a clip plays (s): AHEAD_CLIP, or less where computing it would take
   *  more than AHEAD_WAIT s of real time (at 0.02 x real time, 0.3 s: the reader sees
   *  motion every 15 s, not every 100; pausing computes up to AHEAD_BUFFER ahead). */
  clip() {
    const r = this.computingRate();
    if (!Number.isFinite(r)) return AHEAD_CLIP;
    return Math.min(AHEAD_CLIP, Math.max(3 * AHEAD_FRAME, r * AHEAD_WAIT));
  }

  /** Computed ahead (on) or live; on: from the time shown, live: from the computed edge. */
  setAhead(on) {
    if (on === this.ahead) return;
    if (!on) this.time = this.computed();
    this.ahead = on;
    this.sent = null;
    this.buffering = on;
    this.aheadFrom = null;
    this.slowFor = 0;
    this.onAhead(on);
  }

  /** Live again (a physics input): the panels jump to the latest time all of them reached. */
  goLive() {
    this.autoAhead = false;
    this.setAhead(false);
  }

  /** The time up to which every running panel has a frame (s): the computed edge. */
  computed() {
    return this.shownTime();
  }

  /** The earliest time a computed-ahead run can be shown at (s): its oldest kept frame. */
  earliest() {
    return Math.max(0, ...this.panels.map((p) => (p.frames.length ? p.frames[0].at : 0)));
  }

  /** Shows time t (s) of a computed-ahead run, within what is kept and computed. */
  seek(t) {
    if (!this.ahead) return;
    this.time = Math.min(Math.max(t, this.earliest()), this.computed());
    this.buffering = false; // play from here; a wait again where it catches up
    if (this.recording && this.time < this.recording.span) this.recording.endPaused = false; // and a pause at its end
  }

  /** Out of sight (on) or back: a lab nobody sees takes no steps, and resumes as it was. */
  setSuspended(on) {
    if (on === this.suspended) return;
    this.suspended = on;
    this.sent = null;
    if (on && (this.playing || this.ahead)) for (const p of this.panels) p.hold();
    this.rateFrom = null;
  }

  active() {
    return this.panels.filter((p) => !p.stopped);
  }

  /** Pause (off): no new target; the Workers finish the last one, so the panels stop at
   *  one time (a step of the slowest finishes first). */
  setPlaying(on) {
    this.playing = on;
    this.sent = null;
    this.rateFrom = null;
    this.onPlaying(on);
  }

  /** Paused: the time of the latest state the panels reported, so that a single step
   *  moves it by exactly one Δt. */
  catchUp() {
    const active = this.active();
    if (this.ahead) return; // the time is the playback's
    if ((!this.playing || this.suspended) && active.length) this.time = Math.max(...active.map((p) => p.latest));
  }

  /** The time the panels are shown at (s): the last target every running panel reached. */
  shownTime() {
    const active = this.active();
    if (!active.length) return this.target;
    const reached = Math.min(...active.map((p) => p.reached));
    if (!this.sent || !this.playing || this.suspended || this.ahead) return reached;
    return Math.min(reached, this.sent[Math.max(0, this.sent.length - 1 - SLACK_TARGETS)]);
  }

  /** Each panel shows its frame for the shown time; returns that time (s), also kept as
   *  `shown` until the next call. */
  show() {
    // computed ahead: the frame target at or before the playback's time (every target is
    // a multiple of AHEAD_FRAME there, and each panel has a frame for each)
    const t = this.ahead ? Math.max(AHEAD_FRAME * Math.floor(this.time / AHEAD_FRAME + 1e-9), Math.min(this.earliest(), this.time)) : this.shownTime();
    for (const p of this.panels) p.showAt(t, this.ahead);
    this.shown = t;
    if (t > 0) this.holdTargets = false; // a recorded frame after t = 0 is on screen: the Workers may start
    return t;
  }

  /** Back to t = 0 (the panels are reset by their owner). */
  reset() {
    this.time = 0;
    this.target = 0;
    this.sent = null;
    this.slowFor = 0;
    this.slowFrom = null;
    this.buffering = this.ahead && !this.recording; // a recording plays at once again
    this.holdTargets = !!this.recording;
    if (this.recording) this.recording.endPaused = false; // and pauses at its end again
    this.aheadFrom = null;
    this.rate = NaN;
    this.lastStep = 0;
    this.rateFrom = null;
  }

  /** One step of the largest Δt: every panel takes the steps of its own Δt that fit. */
  stepOnce() {
    this.setPlaying(false);
    if (this.ahead) {
      this.time = Math.min(this.time + AHEAD_FRAME, this.computed());
      return;
    }
    const active = this.active();
    if (active.length === 0) return;
    // where each panel's Worker will stand once it has the target already sent (the latest
    // step at or before it): steps pressed faster than the Workers answer queue up, not
    // vanish; held down on a slow panel, no more than MAX_QUEUED_STEPS of them
    const ends = active.map((p) => p.latest + p.dt * Math.max(0, Math.floor((this.target - p.latest) / p.dt + 1e-9)));
    const press = Math.max(...active.map((p) => p.dt)); // one step of the largest Δt
    if (Math.max(...active.map((p, i) => ends[i] - p.latest)) >= MAX_QUEUED_STEPS * press) return;
    const target = Math.max(this.target, ...active.map((p, i) => ends[i] + p.dt));
    for (const p of active) p.advanceTo(target);
    this.time = this.target = target;
  }

  /** One animation frame: realSeconds of real time went by. */
  tick(realSeconds) {
    if (this.ahead) {
      this.tickAhead(realSeconds);
      return;
    }
    const active = this.active();
    if (!this.playing || this.suspended) {
      this.catchUp();
      return;
    }
    if (active.length === 0) {
      // a lost Worker's panels come back at t = 0 (web/sim/recovery.js): still playing then
      if (!this.panels.some((p) => p.lost)) this.setPlaying(false);
      return;
    }
    const real = Math.min(Math.max(realSeconds, 0), MAX_FRAME_DT);
    this.real += real;
    this.measureRate(active);
    if (!this.sent) { // (re)started: from the time shown, owing nothing
      this.sent = [Math.min(...active.map((p) => p.reached))];
      this.owed = 0;
    }
    // s of simulated time real time asks for: this frame's and what is owed, at the catch-up rate
    this.owed = Math.min(this.owed + real * this.speed, (MAX_OWED + real) * this.speed);
    // caught up only while the slowest panel kept real time over the last rate window: one
    // that cannot would get larger targets and show fewer of them, no more time
    const quicken = this.rate >= KEPT_REAL_TIME * this.speed
      ? Math.min(1 + CATCH_UP, Math.max(1, PROBE * this.rate / this.speed)) : 1; // a little faster than it went
    const want = Math.min(this.owed, quicken * real * this.speed); // owed holds this frame's at least
    const slowest = Math.min(...active.map((p) => p.latest + p.dt));
    const step = this.nextStep(active, real, want);
    // until the slowest panel's speed is known, one target ahead of it at most
    const lead = Number.isFinite(this.rate) ? LEAD_TARGETS * step : step;
    if (step > 0 && this.target - slowest < lead) {
      this.owed -= step;
      this.target += step;
      this.lastStep = step;
      for (const p of active) p.advanceTo(this.target);
      this.sent.push(this.target);
      if (this.sent.length > SLACK_TARGETS + 1) this.sent.shift();
    }
    this.time = this.shownTime();
    this.watchPace(real);
  }

  /** One animation frame computed ahead: the Workers get targets AHEAD_FRAME apart, played
   *  or paused (a paused lab computes on), up to AHEAD_BUFFER beyond the time shown; the
   *  time shown moves at the speed asked for where frames are there to show. */
  tickAhead(realSeconds) {
    if (this.suspended) return;
    const active = this.active();
    const real = Math.min(Math.max(realSeconds, 0), MAX_FRAME_DT);
    if (active.length && !this.holdTargets) {
      this.real += real;
      this.measureAheadRate(active);
      const slowest = Math.min(...active.map((p) => p.latest + p.dt));
      while (this.target - slowest < LEAD_TARGETS * AHEAD_FRAME && this.target - this.time < AHEAD_BUFFER) {
        this.target = AHEAD_FRAME * (Math.floor(this.target / AHEAD_FRAME + 1e-9) + 1);
        for (const p of active) p.advanceTo(this.target);
      }
    }
    if (!this.playing) return;
    const edge = this.computed();
    if (this.buffering) {
      if (active.length && edge - this.time < this.bufferNeed()) return;
      this.buffering = false;
    }
    this.time = Math.min(this.time + real * this.speed, edge);
    if (this.time < edge) return;
    if (this.pauseAtRecordingEnd(active)) return;
    if (active.length) this.buffering = true; // caught up: wait for the next clip
    else this.setPlaying(false); // every panel stopped and all of it shown: the end
  }

  /** Played to a recording's end with the Workers behind it (issue 42): pauses there once,
   *  as at the end of a clip, rather than wait in play (the playback bar says where the
   *  recording ended and how long Play would wait; web/time/playback.js). Returns true if
   *  it paused. */
  pauseAtRecordingEnd(active) {
    const rec = this.recording;
    if (!rec || rec.endPaused || !active.length || this.time < rec.span - 1e-9) return false;
    rec.endPaused = true;
    this.setPlaying(false);
    return true;
  }

  /** Real seconds (rounded up) until the Workers, now at simulated time `workers` (s), have
   *  computed what playing on from the time shown waits for (bufferNeed()), at the measured
   *  computing speed; NaN before it is measured. */
  secondsToPlayOn(workers) {
    const r = this.computingRate();
    if (!Number.isFinite(r) || r <= 0) return NaN;
    return Math.ceil(Math.max(0, this.time + this.bufferNeed() - workers) / r);
  }

  /** The computing speed of a computed-ahead run (simulated s per real s, the slowest
   *  running panel's states), over AHEAD_RATE_WINDOW, averaged with the last. */
  measureAheadRate(active) {
    const { from, rate } = paceOver(active, this.real, this.aheadFrom, AHEAD_RATE_WINDOW);
    this.aheadFrom = from;
    if (Number.isNaN(rate)) return;
    this.aheadRate = Number.isFinite(this.aheadRate) ? 0.5 * (this.aheadRate + rate) : rate;
  }

  /** Live, played: counts the real time the slowest panel stays below AHEAD_BELOW of the
   *  speed asked for, and goes computed ahead after AHEAD_AFTER s of it. */
  watchPace(real) {
    if (!this.autoAhead || !Number.isFinite(this.rate)) return;
    const latest = Math.min(...this.active().map((p) => p.latest));
    if (this.rate >= AHEAD_BELOW * this.speed || !this.slowFrom || latest < this.slowFrom.latest) {
      this.slowFor = 0;
      this.slowFrom = { real: this.real, latest };
      return;
    }
    this.slowFor += real;
    if (this.slowFor >= AHEAD_AFTER) {
      // its speed over the whole slow stretch (the rate's windows are a tenth of a second)
      this.liveRate = (latest - this.slowFrom.latest) / (this.real - this.slowFrom.real);
      this.time = this.shownTime();
      this.setAhead(true);
    }
  }

  /** The next target's distance (s): what real time asks for (want) where the slowest
   *  panel keeps up; else twice what it covers in this frame at its measured speed, so it
   *  reaches a target every frame or two. It starts at the smallest panel Δt and doubles
   *  each frame in which every panel reached the last target, until the first RATE_WINDOW
   *  and then while the slowest panel keeps up: a scene that keeps up is at real time
   *  within a tenth of a second (thread-twist's 0.1 ms: 8 frames; growing fourfold each
   *  RATE_WINDOW it took 0.4 s, in which the clock lost 0.3 s), and a slow one never gets
   *  a target it takes seconds to reach. */
  nextStep(active, real, want) {
    const finest = Math.min(...active.map((p) => p.dt));
    const reachedAll = Math.min(...active.map((p) => p.reached)) >= this.target;
    const grown = this.lastStep > 0 ? (reachedAll ? 2 : 1) * this.lastStep : finest;
    if (!Number.isFinite(this.rate)) return Math.min(want, Math.max(grown, finest));
    if (this.keptUp) return Math.min(want, Math.max(4 * this.rate * real, finest, grown));
    return Math.min(want, Math.max(2 * this.rate * real, finest));
  }

  /** The slowest running panel's speed (simulated s per real s) over RATE_WINDOW, from
   *  the states its Worker reports (not only the targets it reaches: those come in lumps). */
  measureRate(active) {
    const { from, rate } = paceOver(active, this.real, this.rateFrom, RATE_WINDOW);
    this.rateFrom = from;
    if (Number.isNaN(rate)) return;
    this.rate = rate;
    this.keptUp = Math.min(...active.map((p) => p.reached)) >= this.target; // every target sent was reached
  }
}

/** The slowest running panel's speed over a window of real time. from: {real, latest} (s
 *  of play, s simulated) where the window began, or null. Returns {from, rate}: rate NaN
 *  until `window` s have passed (or when the panels went back, a reset: a new window). */
function paceOver(active, real, from, window) {
  const latest = Math.min(...active.map((p) => p.latest));
  if (!from || latest < from.latest) return { from: { real, latest }, rate: NaN };
  const span = real - from.real;
  if (span < window) return { from, rate: NaN };
  return { from: { real, latest }, rate: (latest - from.latest) / span };
}
