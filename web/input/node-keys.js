// Grab, pin and inspect from the keyboard (issue 45 item 6): a node picker (a number
// field: type a node or step it with the arrow keys) and three buttons that send the same
// physics events as the pointer does on a view (web/input/camera.js → web/input/input.js) and open the
// same element inspector. While Grab is pressed, the arrow keys on it move the grab's
// target: ← → along x, ↑ ↓ along y, Shift + ↑ ↓ along z, each press a fixed share of the
// body's rest diagonal; Grab again (or Esc) lets go.

const STEP_OF_DIAGONAL = 0.1; // of the body's rest diagonal per arrow press
const MOVES = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [1, 1], ArrowDown: [1, -1] };

/**
 * Binds the picker in host (#node-keys). deps: {panels, input(event): web/input/input.js
 * PhysicsInput.input, inspect(node), diagonal(): the body's rest diagonal (m)}.
 */
export function bindNodeKeys(host, { panels, input, inspect, diagonal }) {
  const pick = host.querySelector('#node-pick');
  const pin = host.querySelector('#node-pin');
  const grab = host.querySelector('#node-grab');
  const look = host.querySelector('#node-inspect');
  const count = () => panels[0].run.shown.length / 3;
  let held = null; // {node, target: [x, y, z]} while grabbed from here

  /** The node in the field, clamped to the body's nodes (an integer), or -1. */
  const node = () => {
    const n = count(), v = Math.round(Number(pick.value));
    return Number.isFinite(v) && n > 0 ? Math.min(n - 1, Math.max(0, v)) : -1;
  };
  // the pins as the Workers last reported them (PhysicsInput.pinnedNodes is a cache the
  // views fill every frame, which can hold the pins from before a pin was answered)
  const pinned = (n) => n >= 0 && panels[0].run.pins[n] === 1;
  const showPin = () => { pin.setAttribute('aria-pressed', String(pinned(node()))); };
  const release = () => {
    if (!held) return;
    held = null;
    input({ kind: 'release' });
    grab.setAttribute('aria-pressed', 'false');
  };
  pick.addEventListener('focus', () => { pick.max = String(Math.max(0, count() - 1)); });
  pick.addEventListener('input', () => { release(); showPin(); });
  pin.addEventListener('click', () => {
    const n = node();
    if (n < 0) return;
    const on = !pinned(n);
    input({ kind: 'pin', node: n, pinned: on ? 1 : 0 });
    pin.setAttribute('aria-pressed', String(on)); // the pins are read back from the Workers later
  });
  grab.addEventListener('click', () => {
    if (held) { release(); return; }
    const n = node();
    if (n < 0) return;
    const x = panels[0].run.shown;
    held = { node: n, target: [x[3 * n], x[3 * n + 1], x[3 * n + 2]] };
    input({ kind: 'grab', node: n, target: [...held.target] });
    grab.setAttribute('aria-pressed', 'true');
  });
  grab.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && held) { e.preventDefault(); release(); return; }
    const move = MOVES[e.key];
    if (!move || !held) return;
    // the lab's keys (→ is a step) stay off while the arrows move the grab
    e.preventDefault();
    e.stopPropagation();
    const axis = e.shiftKey && move[0] === 1 ? 2 : move[0];
    held.target[axis] += move[1] * STEP_OF_DIAGONAL * diagonal();
    input({ kind: 'move', target: [...held.target] });
  });
  grab.addEventListener('blur', release);
  look.addEventListener('click', () => { const n = node(); if (n >= 0) inspect(n); });
  return { release, showPin };
}
