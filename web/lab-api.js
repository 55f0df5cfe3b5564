// Thin JS face of the flat wasm API (src/wasm/api.c): numbers, strings and
// pointers only. Tables (scenes, steppers) are read once into plain objects.

const SIGNATURES = {
  scene_count: ['number', []],
  scene_name: ['string', ['number']],
  scene_title: ['string', ['number']],
  scene_citation: ['string', ['number']],
  scene_description: ['string', ['number']],
  scene_default_method: ['string', ['number']],
  scene_default_dt: ['number', ['number']],
  scene_default_t_end: ['number', ['number']],
  stepper_count: ['number', []],
  stepper_name: ['string', ['number']],
  stepper_title: ['string', ['number']],
  stepper_citation: ['string', ['number']],
  stepper_flags: ['number', ['number']],
  status_message: ['string', ['number']],
  status_name: ['string', ['number']],
  alloc: ['number', ['number']],
  free: [null, ['number']],
  mesh_load: ['number', ['string', 'number', 'number', 'number', 'number']],
  panel_create: ['number', ['string', 'string', 'number', 'number']],
  panel_destroy: [null, ['number']],
  set_method: ['number', ['number', 'string', 'number', 'number']],
  step: ['number', ['number', 'number']],
  step_until: ['number', ['number', 'number', 'number']],
  reset: [null, ['number']],
  time: ['number', ['number']],
  dt: ['number', ['number']],
  beta: ['number', ['number']],
  method: ['string', ['number']],
  node_count: ['number', ['number']],
  positions: ['number', ['number']],
  tracked_node: ['number', ['number']],
  tracked_height: ['number', ['number']],
  energy_total: ['number', ['number']],
  energy_kinetic: ['number', ['number']],
  energy_potential: ['number', ['number']],
  energy_elastic: ['number', ['number']],
  constraint_violation: ['number', ['number']],
  diverged: ['number', ['number']],
  diverged_time: ['number', ['number']],
  diverged_reason: ['string', ['number']],
  last_error: ['string', ['number']],
  attach_canvas: ['number', ['number', 'string', 'number']],
  set_color: [null, ['number', 'number', 'number', 'number']],
  view_distance: ['number', ['number']],
  draw: ['number', ['number', 'number', 'number', 'number', 'number', 'number', 'number']],
  project: ['number', ['number', 'number', 'number', 'number', 'number', 'number', 'number', 'number']],
  pick: ['number', ['number', 'number', 'number', 'number', 'number', 'number', 'number', 'number', 'number', 'number']],
  unproject: ['number', ['number', 'number', 'number', 'number', 'number', 'number', 'number', 'number', 'number', 'number', 'number', 'number']],
  total_mass: ['number', ['number']],
  grab: ['number', ['number', 'number', 'number', 'number', 'number', 'number', 'number']],
  grab_move: ['number', ['number', 'number', 'number', 'number']],
  release: [null, ['number']],
  grabbed_node: ['number', ['number']],
  param_count: ['number', []],
  param_name: ['string', ['number']],
  param_label: ['string', ['number']],
  param_unit: ['string', ['number']],
  param_min: ['number', ['number']],
  param_max: ['number', ['number']],
  param_log_scale: ['number', ['number']],
  param_flag: ['number', ['number']],
  scene_params: ['number', ['number']],
  params_clear: [null, []],
  params_set: ['number', ['string', 'number']],
  panel_param: ['number', ['number', 'string']],
  scene_param_default: ['number', ['number', 'string']],
  rebuild: ['number', ['number']],
  volume_ratio: ['number', ['number']],
  measure: ['number', ['number']],
  inverted_cells: ['number', ['number']],
  shape_error: ['number', ['number']],
  omega_max: ['number', ['number']],
  pin: ['number', ['number', 'number', 'number']],
  is_pinned: ['number', ['number', 'number']],
  set_view: [null, ['number', 'number']],
  set_color_field: ['number', ['number', 'number', 'number', 'number']],
  field_auto_lo: ['number', ['number']],
  field_auto_hi: ['number', ['number']],
  view: ['number', ['number']],
  color_range_lo: ['number', ['number']],
  color_range_hi: ['number', ['number']],
};

export const SL_OK = 0;
/** View bits of sl_api_set_view (SL_VIEW_* in src/render/render.h), to be or-ed:
 *  SHADED the lit surface; WIREFRAME every element edge (the surface translucent with
 *  SHADED, hidden without); GHOST the rest shape; COLOR_MAP the field of set_color_field.
 *  Neither SHADED nor WIREFRAME: the surface's edges alone. DEFAULT = SHADED | COLOR_MAP. */
export const VIEW = Object.freeze({ SHADED: 1, WIREFRAME: 2, GHOST: 4, COLOR_MAP: 8, DEFAULT: 9 });
/** Colour fields of sl_api_set_color_field (sl_field in src/core/sl_fields.h): strain
 *  energy density in J/m³, volume change V/V₀ − 1 (dimensionless). */
export const FIELD = Object.freeze({ NONE: 0, ENERGY_DENSITY: 1, VOLUME_CHANGE: 2 });
/** sl_stepper_class.flags (src/core/sl_stepper.h). */
export const STEPPER = Object.freeze({ NEEDS_STIFFNESS: 1, LINEAR_SOLVE: 2, QUADRATIC_ONLY: 4 });

/** Loads the wasm module (createSoftlab from softlab.js) and wraps its API. */
export async function loadLab() {
  if (typeof window.createSoftlab !== 'function') throw new Error('softlab.js did not load');
  const Module = await window.createSoftlab();
  const api = {};
  for (const [name, [ret, args]] of Object.entries(SIGNATURES)) {
    api[name] = Module.cwrap('sl_api_' + name, ret, args);
  }
  // Physical parameters (SI units) with their valid ranges, from the core's table.
  const params = [];
  for (let i = 0; i < api.param_count(); i++) {
    params.push({
      name: api.param_name(i), label: api.param_label(i), unit: api.param_unit(i),
      min: api.param_min(i), max: api.param_max(i), log: !!api.param_log_scale(i),
      flag: api.param_flag(i),
    });
  }
  const scenes = [];
  for (let i = 0; i < api.scene_count(); i++) {
    scenes.push({
      name: api.scene_name(i), title: api.scene_title(i), citation: api.scene_citation(i),
      description: api.scene_description(i),
      defaultMethod: api.scene_default_method(i), defaultDt: api.scene_default_dt(i),
      defaultTEnd: api.scene_default_t_end(i), params: api.scene_params(i),
      // defaults of the parameters it reads: {name: value in SI units}
      defaults: Object.fromEntries(params.filter((p) => api.scene_params(i) & p.flag)
        .map((p) => [p.name, api.scene_param_default(i, p.name)])),
    });
  }
  const steppers = [];
  for (let i = 0; i < api.stepper_count(); i++) {
    steppers.push({
      name: api.stepper_name(i), title: api.stepper_title(i),
      citation: api.stepper_citation(i), flags: api.stepper_flags(i),
    });
  }
  // Positions as a fresh view each time: memory growth detaches old views.
  api.positionsArray = (h) => {
    const ptr = api.positions(h), n = api.node_count(h);
    return ptr ? new Float64Array(Module.HEAPF64.buffer, ptr, 3 * n) : new Float64Array(0);
  };
  // The chart's quantities of panel h (sl_api_measure), copied at once.
  api.measures = (h) => {
    const ptr = api.measure(h);
    if (!ptr) return null;
    const m = new Float64Array(Module.HEAPF64.buffer, ptr, 6);
    return { kinetic: m[0], potential: m[1], elastic: m[2], total: m[3], violation: m[4], volume_ratio: m[5] };
  };
  // A double[3] returned by pointer (project, unproject): copied at once, or null.
  api.vec3 = (ptr) => (ptr ? Array.from(new Float64Array(Module.HEAPF64.buffer, ptr, 3)) : null);
  return { Module, api, scenes, steppers, params };
}
