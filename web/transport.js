// The transport bar: play, pause, single step, reset, speed, and their keys (space,
// → or ".", R). Typing in a field and arrow keys on a view (web/camera.js) are left alone.

const $ = (sel) => document.querySelector(sel);

/** Binds the buttons and keys to clock (web/clock.js), stepOnce() and resetAll(). */
export function bindTransport(clock, stepOnce, resetAll) {
  $('#play').addEventListener('click', () => clock.setPlaying(true));
  $('#pause').addEventListener('click', () => clock.setPlaying(false));
  $('#step').addEventListener('click', stepOnce);
  $('#reset').addEventListener('click', resetAll);
  $('#speed').addEventListener('change', (e) => { clock.speed = Number(e.target.value) || 1; });
  document.addEventListener('keydown', (e) => {
    // typing goes to fields; space on a button presses it; arrows on a view orbit (camera.js)
    if (e.target.closest('input, select, textarea, dialog')) return;
    if (e.key === ' ' && e.target.closest('button')) return;
    if (e.key === ' ') { e.preventDefault(); clock.setPlaying(!clock.playing); }
    else if (e.key === 'ArrowRight' || e.key === '.') stepOnce();
    else if (e.key === 'r' || e.key === 'R') resetAll();
  });
}

/** Shows play or pause as the state (buttons, and data-playing on the body for CSS). */
export function showPlaying(on) {
  $('#play').disabled = on;
  $('#pause').disabled = !on;
  document.body.dataset.playing = on ? '1' : '0';
}
