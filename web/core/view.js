// A view handle (src/wasm/api_view.c) seen from JS: a WebGL2 canvas that draws from the
// arrays it is given (web/core/sim.js reads them from a simulation) and holds no world.
// Camera arguments are [yaw, pitch, distance, pan_x, pan_y, pan_z] (rad, rad, m, m).

import { SL_OK } from './lab-api.js';

export class View {
  /** A view on the canvas with this id; throws with the reason if there is no WebGL2. */
  constructor(core, canvasId) {
    this.api = core.api;
    this.heap = core.heap;
    this.v = this.api.view_create('#' + canvasId, 0);
    if (this.v < 0) throw new Error(this.api.last_error() || this.api.status_message(-this.v));
  }

  /** The body (web/core/sim.js readBody): restarts the colour map's automatic range. */
  setBody(b) {
    const { api, heap } = this;
    const st = heap.pass(b.rest, (rest) => heap.pass(b.triangles, (tri) => heap.pass(b.edges, (edges) =>
      heap.pass(b.spheres, (spheres) => api.view_set_body(this.v, b.n, rest, b.triangles.length / 3, tri,
        b.edges.length / 2, edges, b.spheres.length / 4, spheres, b.ground, b.tracked)))));
    if (st !== SL_OK) throw new Error(api.last_error());
  }

  setPins(pins) {
    this.heap.pass(pins, (p) => this.api.view_set_pins(this.v, p, pins.length));
  }

  /** A frame (web/sim/sim-host.js postFrame): positions, the moving plates, and the field
   *  values and the rotation field (9 doubles a node) when given. */
  setFrame(frame) {
    const n = frame.positions.length / 3;
    this.heap.pass(frame.positions, (p) => this.api.view_set_positions(this.v, p, n));
    if (frame.plates) this.heap.pass(frame.plates, (p) => this.api.view_set_plates(this.v, frame.plates.length / 2, p));
    if (frame.field) this.heap.pass(frame.field, (p) => this.api.view_set_field(this.v, p, n, frame.t));
    if (frame.rotations) this.heap.pass(frame.rotations, (p) => this.api.view_set_rotations(this.v, p, frame.rotations.length / 9));
  }

  /** The mouse spring from node to target (m); node -1: none. */
  setGrab(node, target = [0, 0, 0]) {
    this.api.view_set_grab(this.v, node, ...target);
  }

  setColor(rgb) { this.api.view_set_color(this.v, ...rgb); }
  setMode(flags) { this.api.view_set_mode(this.v, flags); }
  /** Colour field (FIELD) and range [lo, hi] (NaN: automatic); its values come with the
   *  next frame. Returns a status. */
  setColorField(field, lo, hi) { return this.api.view_set_color_field(this.v, field, lo, hi); }
  /** The colour field shown (FIELD): the one to send with each frame. */
  colorField() { return this.api.view_color_field(this.v); }
  autoRange() { return [this.api.view_field_auto_lo(this.v), this.api.view_field_auto_hi(this.v)]; }
  distance() { return this.api.view_distance(this.v); }

  draw(cam) { this.api.view_draw(this.v, ...cam); }
  /** Drawing-buffer pixel and depth of node, or null. */
  project(node, cam) { return this.api.vec3(this.api.view_project(this.v, node, ...cam)); }
  /** The free node drawn within radius pixels of (px, py), or -1. */
  pick(px, py, cam, radius) { return this.api.view_pick(this.v, px, py, ...cam, radius); }
  /** The point (m) under pixel (px, py) on the plane through `through` facing the camera. */
  unproject(px, py, cam, through) { return this.api.vec3(this.api.view_unproject(this.v, px, py, ...cam, ...through)); }
}
