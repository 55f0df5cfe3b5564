// The playback bar of a computed-ahead run (web/time/clock.js): what is shown and how far the
// Workers have computed, a slider to scrub through it, the steppers' own speed (so the
// reader knows the motion is played back, not live) and a button back to live stepping.

import { announce } from '../ui/announce.js';
import { AHEAD_BUFFER } from './clock.js';
import { fmtSpeed } from '../ui/format.js';
import { t } from '../ui/messages.js';

const UPDATE_EVERY_MS = 250;

/** Binds the bar (#ahead) to clock; onLive(): the reader chose live stepping (the URL
 *  keeps it). Returns {update(now): every animation frame, changed(on): the clock's
 *  onAhead}. */
export function bindPlayback(clock, onLive) {
  const bar = document.getElementById('ahead');
  const scrub = document.getElementById('ahead-scrub');
  const text = document.getElementById('ahead-text');
  const progress = document.getElementById('ahead-progress');
  let updatedAt = -Infinity, dragging = false;
  scrub.addEventListener('input', () => {
    dragging = true;
    clock.seek(Number(scrub.value));
  });
  scrub.addEventListener('change', () => { dragging = false; });
  document.getElementById('go-live').addEventListener('click', () => {
    onLive(); // first: a recording is left before the clock goes live
    clock.goLive();
    update(performance.now()); // the bar goes at once, not at the next frame
  });

  function update(now) {
    if (bar.hidden !== !clock.ahead) bar.hidden = !clock.ahead; // every frame: only a change is a DOM write
    if (!clock.ahead || now - updatedAt < UPDATE_EVERY_MS) return;
    updatedAt = now;
    const lo = clock.earliest(), hi = Math.max(clock.computed(), lo);
    scrub.min = String(lo);
    scrub.max = String(hi);
    if (!dragging) scrub.value = String(clock.time);
    scrub.setAttribute('aria-valuetext', t('playback.scrub_value', { t: clock.time.toFixed(2), computed: hi.toFixed(2) }));
    const rate = clock.aheadRate;
    const waiting = clock.playing && clock.buffering;
    const steppers = Number.isFinite(rate) ? t('playback.steppers_rate', { rate: fmtSpeed(rate) }) : t('playback.steppers_measuring');
    const rec = clock.recording;
    bar.dataset.recording = rec ? '1' : '0';
    if (rec && clock.time < rec.span) {
      // the frames shown are the recording's (web/time/recording.js): say so, and what comes after
      const workers = Math.min(...clock.active().map((p) => p.latest));
      const behind = Number.isFinite(workers) ? t('playback.workers_at', { t: workers.toFixed(2) }) : '';
      text.textContent = t('playback.recording', { span: rec.span.toFixed(2), speed: String(clock.speed), steppers, behind, span2: rec.span.toFixed(2) });
    } else if (rec && !clock.playing && rec.endPaused && clock.time >= rec.span - 1e-9 && hi <= rec.span + 1e-9) {
      endedText(rec, steppers);
    } else if (waiting) {
      // the wait before the next clip: how much is there, how much it needs, about how long
      const need = clock.bufferNeed(), have = Math.max(0, hi - clock.time);
      progress.max = need;
      progress.value = Math.min(have, need);
      // from where the Workers' states are (behind a recording's end they are far behind
      // what is shown: web/time/recording.js)
      const workers = Math.min(hi, ...clock.active().map((p) => p.latest));
      const wait = clock.secondsToPlayOn(workers);
      const eta = Number.isFinite(wait) ? t('playback.eta', { seconds: wait }) : '';
      const ended = rec ? t('playback.recording_ended', { span: rec.span.toFixed(2) }) : '';
      text.textContent = ended + t('playback.computing', { have: have.toFixed(2), need: need.toFixed(2), eta, steppers, buffer: AHEAD_BUFFER });
    } else {
      text.textContent = t('playback.computed', { t: hi.toFixed(2), speed: String(clock.speed), steppers });
    }
    progress.hidden = !waiting;
    bar.dataset.waiting = waiting ? '1' : '0';
  }

  /** Paused at the recording's end (clock.pauseAtRecordingEnd) with the Workers behind it:
   *  where it ended, where the Workers are and how fast they compute, and how long Play would
   *  wait for the next clip, from the clock's own numbers (also in the bar's data-* for the
   *  tests: data-workers, data-eta, data-rate, data-need). */
  function endedText(rec, steppers) {
    const workers = Math.min(...clock.active().map((p) => p.latest));
    const wait = clock.secondsToPlayOn(workers);
    Object.assign(bar.dataset, { workers: String(workers), eta: String(wait), rate: String(clock.computingRate()), need: String(clock.bufferNeed()) });
    const eta = Number.isFinite(wait) ? t('playback.ended_eta', { seconds: wait }) : t('playback.ended_measuring');
    text.textContent = t('playback.ended_paused', { span: rec.span.toFixed(2), workers: workers.toFixed(2), steppers, eta });
  }

  /** After the clock went computed ahead (on) or live: said once to a screen reader. */
  function changed(on) {
    updatedAt = -Infinity;
    if (on && Number.isFinite(clock.liveRate)) announce(t('playback.announce', { rate: fmtSpeed(clock.liveRate) }));
  }
  return { update, changed };
}
