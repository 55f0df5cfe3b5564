// The transport bar: play/pause (one toggle button), single step, reset, speed, and their
// keys (space, → or ".", R). Typing in a field and arrow keys on a view (web/input/camera.js)
// are left alone.

import { announce } from '../ui/announce.js';
import { t } from '../ui/messages.js';

const $ = (sel) => document.querySelector(sel);

/** Binds the buttons and keys to clock (web/time/clock.js), stepOnce() and resetAll(). The
 *  reset and a play/pause the reader asked for (button or key) are said once in the live
 *  region; a play/pause of the page itself (a replay, the course API) is not. */
export function bindTransport(clock, stepOnce, resetAll) {
  const setPlaying = (on) => {
    clock.setPlaying(on);
    announce(on ? t('transport.playing') : t('transport.paused', { t: clock.time }));
  };
  const toggle = () => setPlaying(!clock.playing);
  const reset = () => {
    resetAll();
    announce(t('transport.reset'));
  };
  // one button that stays enabled (and so keeps the focus) whichever way it goes
  // the button does what its label says (showPlaying), not the opposite of whatever the
  // clock is at the click: a replay or the course API may have started or stopped the clock
  // since the label was drawn, and a blind toggle would then undo what the reader asked for
  $('#play').addEventListener('click', (e) => setPlaying(e.currentTarget.dataset.action !== 'pause'));
  $('#step').addEventListener('click', stepOnce);
  $('#reset').addEventListener('click', reset);
  $('#speed').addEventListener('change', (e) => { clock.speed = Number(e.target.value) || 1; });
  document.addEventListener('keydown', (e) => {
    // typing goes to fields; space on a button presses it; arrows on a view orbit (camera.js)
    if (e.target.closest('input, select, textarea, dialog')) return;
    if (e.key === ' ' && e.target.closest('button')) return;
    // a control the course locked or hid (web/course/control-locks.js) has no shortcut either
    const open = (id) => !$(id).dataset.courseLocked;
    if (e.key === ' ') { e.preventDefault(); if (open('#play')) toggle(); }
    else if ((e.key === 'ArrowRight' || e.key === '.') && open('#step')) stepOnce();
    else if ((e.key === 'r' || e.key === 'R') && open('#reset')) reset();
  });
}

/** Shows play or pause as the state: the toggle's label and icon say what pressing it
 *  does (data-action, for CSS and tests), data-playing on the body for CSS. */
export function showPlaying(on) {
  const button = $('#play');
  const action = on ? 'pause' : 'play';
  button.dataset.action = action;
  button.querySelector('.play-label').textContent = t(on ? 'transport.pause' : 'transport.play');
  button.title = t(on ? 'transport.pause_title' : 'transport.play_title');
  document.body.dataset.playing = on ? '1' : '0';
}
