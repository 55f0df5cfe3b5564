// One camera for all panels, and what a pointer or a key does on a view:
//   drag a free node      pull it with a spring (every panel, the same pull)
//   click a node          pin it, or unpin it (every panel)
//   drag elsewhere        orbit;  right/middle button or shift-drag: pan
//   wheel, pinch          zoom;   two fingers: pan
//   double-click, 0       back to the home view
//   keys on a view        ←→↑↓ orbit, shift+←→↑↓ pan, + − zoom
// Input that changes the physics (grab, move, release, pin) goes to input(event) (web/
// input.js records it for replay); the camera only changes what is drawn. Picking and
// dragging use each panel's view, i.e. the positions drawn, not the simulation.

import { centroid } from './body.js';

export const CAMERA_HOME = Object.freeze({ yaw: 0.55, pitch: 0.32, zoom: 1, pan: [0, 0, 0] });
const CLICK_PX = 4;        // a press that moves less than this is a click
const PICK_PX = 16;        // CSS pixels around a node that still hit it
const ORBIT_PER_PX = 0.01; // rad
const KEY_ORBIT = 0.08;    // rad per key press
const KEY_ZOOM = 1.15;

export function homeCamera() {
  return { ...CAMERA_HOME, pan: [...CAMERA_HOME.pan] };
}

export function clampCamera(c) {
  c.pitch = Math.max(-0.2, Math.min(1.5, c.pitch));
  c.zoom = Math.max(0.2, Math.min(5, c.zoom));
  return c;
}

/** Drawing-buffer pixel of a pointer event on panel p's canvas. */
function pixel(p, e) {
  const r = p.page.canvas.getBoundingClientRect();
  return [(e.clientX - r.left) * (p.page.canvas.width / r.width), (e.clientY - r.top) * (p.page.canvas.height / r.height)];
}

export class CameraInput {
  /**
   * @param panels  every panel (each view takes the pointer)
   * @param deps    {camera(): the shared camera, setCamera(c), changed(): after a camera
   *                 change, input(event): a physics event, pinnedNodes(),
   *                 inspect(node): a shift-click on a node (web/panel/inspector.js)}
   */
  constructor(panels, deps) {
    this.deps = deps;
    this.drag = null;
    this.touches = new Map(); // pointerId -> [clientX, clientY]
    for (const p of panels) this.bind(p);
  }

  get camera() { return this.deps.camera(); }

  pickRadius(p) {
    return PICK_PX * (p.page.canvas.width / Math.max(1, p.page.canvas.clientWidth));
  }

  /** The free node under the pointer, or -1. */
  pickFree(p, e) {
    return p.hasGl ? p.view.pick(...pixel(p, e), p.cam(this.camera), this.pickRadius(p)) : -1;
  }

  /** The pinned node drawn nearest the pointer within the pick radius, or -1. */
  pickPinned(p, e) {
    if (!p.hasGl) return -1;
    const [px, py] = pixel(p, e);
    const r = this.pickRadius(p);
    let best = -1, bestD = r * r;
    for (const i of this.deps.pinnedNodes()) {
      const s = p.view.project(i, p.cam(this.camera));
      if (!s) continue;
      const d = (s[0] - px) ** 2 + (s[1] - py) ** 2;
      if (d <= bestD) [best, bestD] = [i, d];
    }
    return best;
  }

  /** World-space displacement (m) that moves what is drawn by (dx, dy) pixels. */
  panDelta(p, px, py, dx, dy) {
    const through = centroid(p.run.shown);
    const cam = p.cam(this.camera);
    const a = p.view.unproject(px, py, cam, through);
    const b = p.view.unproject(px + dx, py + dy, cam, through);
    return a && b ? [a[0] - b[0], a[1] - b[1], a[2] - b[2]] : null;
  }

  bind(p) {
    const c = p.page.canvas;
    c.tabIndex = 0;
    c.addEventListener('pointerdown', (e) => this.down(p, e));
    c.addEventListener('pointermove', (e) => this.move(p, e));
    c.addEventListener('pointerup', (e) => this.up(p, e));
    c.addEventListener('pointercancel', (e) => this.up(p, e, true));
    c.addEventListener('contextmenu', (e) => e.preventDefault());
    c.addEventListener('wheel', (e) => {
      e.preventDefault();
      this.zoomBy(Math.exp(e.deltaY * 0.001));
    }, { passive: false });
    c.addEventListener('dblclick', () => this.home());
    c.addEventListener('keydown', (e) => this.key(p, e));
  }

  down(p, e) {
    p.page.canvas.setPointerCapture(e.pointerId);
    p.page.canvas.focus({ preventScroll: true });
    if (e.pointerType === 'touch') {
      this.touches.set(e.pointerId, [e.clientX, e.clientY]);
      if (this.touches.size === 2) { // a second finger: pinch and pan instead
        if (this.drag && this.drag.mode === 'grab') this.deps.input({ kind: 'release' });
        this.drag = { mode: 'pinch', panel: p, ...this.pinchState() };
        return;
      }
    }
    const start = { x: e.clientX, y: e.clientY, panel: p };
    const panning = e.button === 1 || e.button === 2 || e.shiftKey;
    const node = panning ? -1 : this.pickFree(p, e);
    if (node >= 0) {
      const x = p.run.shown;
      const anchor = [x[3 * node], x[3 * node + 1], x[3 * node + 2]];
      this.drag = { mode: 'grab', node, anchor, moved: false, ...start };
      this.deps.input({ kind: 'grab', node, target: anchor });
      return;
    }
    const pinned = panning ? -1 : this.pickPinned(p, e);
    this.drag = { mode: pinned >= 0 ? 'pinned' : panning ? 'pan' : 'orbit', node: pinned, moved: false, ...start };
  }

  pinchState() {
    const [a, b] = [...this.touches.values()];
    return { dist: Math.hypot(a[0] - b[0], a[1] - b[1]), mid: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2] };
  }

  move(p, e) {
    const d = this.drag;
    if (e.pointerType === 'touch' && this.touches.has(e.pointerId)) this.touches.set(e.pointerId, [e.clientX, e.clientY]);
    if (!d) {
      p.page.canvas.classList.toggle('over-node', this.pickFree(p, e) >= 0);
      return;
    }
    if (d.mode === 'pinch') {
      if (this.touches.size < 2) return;
      const now = this.pinchState();
      if (now.dist > 0 && d.dist > 0) this.zoomBy(d.dist / now.dist);
      this.panBy(d.panel, now.mid[0] - d.mid[0], now.mid[1] - d.mid[1], e);
      Object.assign(d, now);
      return;
    }
    const dx = e.clientX - d.x, dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < CLICK_PX) return;
    d.moved = true;
    if (d.mode === 'grab') {
      if (d.panel !== p) return;
      const target = p.view.unproject(...pixel(p, e), p.cam(this.camera), d.anchor);
      if (target) this.deps.input({ kind: 'move', target });
      return;
    }
    if (d.mode === 'pan') this.panBy(p, dx, dy, e);
    else {
      this.camera.yaw -= dx * ORBIT_PER_PX;
      this.camera.pitch += dy * ORBIT_PER_PX;
      clampCamera(this.camera);
      this.deps.changed();
    }
    d.x = e.clientX;
    d.y = e.clientY;
  }

  up(p, e, cancelled = false) {
    this.touches.delete(e.pointerId);
    const d = this.drag;
    if (!d) return;
    if (d.mode === 'pinch') {
      if (this.touches.size < 2) this.drag = null;
      return;
    }
    this.drag = null;
    if (d.mode === 'grab') this.deps.input({ kind: 'release' });
    if (!cancelled && !d.moved && (d.mode === 'grab' || d.mode === 'pinned')) {
      // a click on a node: pin a free one, unpin a pinned one
      this.deps.input({ kind: 'pin', node: d.node, pinned: d.mode === 'grab' ? 1 : 0 });
    }
    if (!cancelled && !d.moved && d.mode === 'pan' && e.shiftKey && e.button === 0 && this.deps.inspect) {
      // a shift-click (not a shift-drag, which pans): inspect the element of that node
      const node = this.pickFree(p, e);
      if (node >= 0) this.deps.inspect(node);
    }
  }

  /** Pans what is drawn by (dx, dy) CSS pixels, measured on panel p. */
  panBy(p, dx, dy, e) {
    const scale = p.page.canvas.width / Math.max(1, p.page.canvas.clientWidth);
    const at = e ? pixel(p, e) : [p.page.canvas.width / 2, p.page.canvas.height / 2];
    const delta = this.panDelta(p, at[0], at[1], dx * scale, dy * scale);
    if (!delta) return;
    for (let k = 0; k < 3; k++) this.camera.pan[k] += delta[k];
    this.deps.changed();
  }

  zoomBy(factor) {
    this.camera.zoom *= factor;
    clampCamera(this.camera);
    this.deps.changed();
  }

  home() {
    this.deps.setCamera(homeCamera());
    this.deps.changed();
  }

  key(p, e) {
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
    if (step) {
      e.preventDefault();
      e.stopPropagation();
      if (e.shiftKey) this.panBy(p, step[0] * 20, step[1] * 20, null);
      else {
        this.camera.yaw -= step[0] * KEY_ORBIT;
        this.camera.pitch += step[1] * KEY_ORBIT;
        clampCamera(this.camera);
        this.deps.changed();
      }
    } else if (e.key === '+' || e.key === '=') this.zoomBy(1 / KEY_ZOOM);
    else if (e.key === '-' || e.key === '_') this.zoomBy(KEY_ZOOM);
    else if (e.key === '0' || e.key === 'Home') this.home();
  }
}
