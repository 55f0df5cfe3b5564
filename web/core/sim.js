// A simulation handle (src/wasm/api_sim.c) seen from JS: building one with explicit
// parameters, and what a view and the chart need, copied out as plain typed arrays. The
// lab's Workers (web/sim/sim-host.js) post these copies to the page, the only way data
// reaches a view (web/core/view.js); the lessons' measurements (lessons/measures.js) build
// their simulations here too.

import { SL_OK, LAYOUT } from './lab-api.js';

/**
 * Builds (or, for an existing handle h, rebuilds) a simulation of `scene` with params
 * ({name: value}, SI units; unlisted ones at the scene's default) and stepper `method`
 * at dt (s), beta (1/s). Returns {h, status, error, paramError}: status SL_OK, or why it
 * failed (paramError: a parameter's name or value was refused before building); then a
 * new handle is destroyed, an existing one keeps its old world.
 */
export function buildSim(core, scene, params, method, dt, beta, h = 0) {
  const { api } = core;
  const created = !h;
  if (created) {
    h = api.sim_create(scene);
    if (h < 0) return { h: 0, status: -h, error: api.last_error() };
  }
  api.sim_clear_params(h);
  let status = SL_OK;
  for (const [name, value] of Object.entries(params)) {
    status = api.sim_set_param(h, name, value);
    if (status !== SL_OK) break;
  }
  const paramError = status !== SL_OK;
  if (!paramError) status = api.sim_build(h, method, dt, beta);
  const error = status === SL_OK ? '' : api.last_error() || api.status_message(status);
  if (status !== SL_OK && created) {
    api.sim_destroy(h);
    h = 0;
  }
  return { h, status, error, paramError };
}

/** The body of simulation h for a view: what changes only with a rebuild. */
export function readBody(core, h) {
  const { api, heap } = core;
  const n = api.node_count(h), nt = api.triangle_count(h), ne = api.edge_count(h), ns = api.sphere_count(h);
  return {
    n,
    rest: heap.copy(Float64Array, api.rest_positions(h), 3 * n),
    triangles: heap.copy(Int32Array, api.triangles(h), 3 * nt),
    edges: heap.copy(Int32Array, api.edges(h), 2 * ne),
    spheres: heap.copy(Float64Array, api.spheres(h), 4 * ns),
    ground: api.ground(h),
    tracked: api.tracked_node(h),
  };
}

/** Which nodes of simulation h are pinned (Int32Array, 1 pinned). */
export function readPins(core, h) {
  return core.heap.copy(Int32Array, core.api.pins(h), core.api.node_count(h));
}

/** The chart's channels of simulation h (sl_api_measure), or null: {id: value} for each of
 *  core.channels (the table of softlab/channels.h: height, energies, volume ratio, ...; NaN
 *  where a channel has no value, e.g. the ghost forces unless the stepper warps). */
export function readMeasures(core, h) {
  const m = core.heap.copy(Float64Array, core.api.measure(h), core.channels.length);
  if (m.length < core.channels.length) return null;
  return Object.fromEntries(core.channels.map((c, i) => [c.id, m[i]]));
}

/** The element of node `node` of simulation h as the element inspector shows it: its tet
 *  ({kind: 'tet'}, sl_api_inspect_tet) or else its grid cell ({kind: 'cell'},
 *  sl_api_inspect_cell; src/wasm/api_inspect.c gives both layouts), or {error: {id, params}}
 *  (a message of the table, web/ui/messages.js) when the node is a corner of neither. 3x3 tensors are row-major arrays of 9. */
export function readInspection(core, h, node) {
  const { api, heap } = core;
  const tet = api.inspect_tet(h, node);
  if (tet) {
    const L = LAYOUT.INSPECT_TET; // src/wasm/api_inspect.c
    const a = heap.copy(Float64Array, tet, L.SIZE);
    const part = (i, n) => Array.from(a.subarray(i, i + n));
    return {
      node, kind: 'tet', tet: a[L.TET], J: a[L.J], restVolume: a[L.REST_VOLUME], energyDensity: a[L.ENERGY_DENSITY],
      vonMises: a[L.VON_MISES], hardRows: a[L.HARD_ROWS],
      model: api.strain_label(a[L.STRAIN]), nodes: part(L.NODES, 4), // the tet model in the core's words
      strain: a[L.STRAIN], // its sl_strain (the page words the model in its language: web/panel/inspector.js)
      stretches: part(L.STRETCHES, 3), F: part(L.F, 9), green: part(L.GREEN, 9), cauchy: part(L.CAUCHY, 9),
    };
  }
  const cell = api.inspect_cell(h, node);
  // a message of the table ({id, params}): the page words it in its language (web/panel/inspector.js)
  if (!cell) return { node, error: { id: 'inspector.no_corner', params: { node } } };
  const L = LAYOUT.INSPECT_CELL; // src/wasm/api_inspect.c
  const a = heap.copy(Float64Array, cell, L.SIZE);
  const part = (i, n) => Array.from(a.subarray(i, i + n));
  return {
    node, kind: 'cell', cell: a[L.INDEX], J: a[L.J], restVolume: a[L.REST_VOLUME], energyDensity: a[L.ENERGY_DENSITY],
    energy: a[L.ENERGY], nodes: part(L.NODES, 8),
    stretches: part(L.STRETCHES, 3), G: part(L.G, 9), G0: part(L.G0, 9), dG: part(L.DG, 9),
  };
}
