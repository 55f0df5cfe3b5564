// Thin JS face of the flat wasm API (src/wasm/api*.c): numbers, strings and pointers
// only. The signatures come from the one list src/wasm/api_exports.txt (generated into
// api-signatures.js by the build), so this file never repeats them. Tables (scenes,
// steppers, parameters) are read once into plain objects.

import { SIGNATURES, ENUMS, NUMBERS } from './api-signatures.js';
import { coreText, t } from '../ui/messages.js';

// The C enums, generated from their headers with the signatures (tools/wasm_api.js), never
// copied here: names without their C prefix.
/** sl_status (src/include/softlab/status.h): OK 0, ERR_* the errors. */
export const STATUS = Object.freeze(ENUMS.STATUS);
export const SL_OK = STATUS.OK;
/** View bits of sl_api_view_set_mode (SL_VIEW_* in src/render/render.h), to be or-ed:
 *  SHADED the lit surface; WIREFRAME every element edge (the surface translucent with
 *  SHADED, hidden without); GHOST the rest shape; COLOR_MAP the field of set_color_field.
 *  Neither SHADED nor WIREFRAME: the surface's edges alone. FRAMES the rotation field (seed
 *  002 eq. 14-15) as an RGB axis triad per node. DEFAULT = SHADED | COLOR_MAP. */
export const VIEW = Object.freeze(ENUMS.VIEW);
/** Colour fields (sl_field in src/include/softlab/world.h): strain energy density in J/m³,
 *  volume change V/V₀ − 1 (dimensionless), pressure p̂/Δt in Pa (the `incompressible`
 *  stepper's one-ring multipliers; NaN, drawn grey, under any other stepper). */
export const FIELD = Object.freeze(ENUMS.FIELD);
/** sl_stepper_class.flags (SL_STEPPER_* in src/include/softlab/stepper.h). */
export const STEPPER = Object.freeze(ENUMS.STEPPER);
/** sl_verdict_state (src/include/softlab/world.h): RUNNING, ARTIFACT, GROWING, DIVERGED. */
export const VERDICT = Object.freeze(ENUMS.VERDICT);
/** Ranges of softlab/world.h: DT_MAX (s, SL_DT_MAX: a world's largest Δt), DT_MIN_PAGE (s,
 *  SL_DT_MIN_PAGE: the page's smallest), BETA_MAX (1/s, SL_BETA_MAX); and MAX_PANELS
 *  (SL_SCENE_MAX_PANELS of softlab/scene.h). */
export const LIMITS = Object.freeze(NUMBERS);
/** Slot layouts of the arrays the API returns: CHANNEL (the text fields of sl_api_channel_text,
 *  src/wasm/api_sim.c), FIND (sl_api_find_dt_result, src/wasm/api_find.c), INSPECT_TET and INSPECT_CELL (src/wasm/api_inspect.c),
 *  and validation mode's CLAIM_TEXT, CLAIM_NUMBER, RESULT, REPORT (src/wasm/api_validate.c); each {SLOT: index, SIZE}. */
export const LAYOUT = Object.freeze({
  CHANNEL: ENUMS.CHANNEL, FIND: ENUMS.FIND, INSPECT_TET: ENUMS.INSPECT_TET, INSPECT_CELL: ENUMS.INSPECT_CELL,
  CLAIM_TEXT: ENUMS.CLAIM_TEXT, CLAIM_NUMBER: ENUMS.CLAIM_NUMBER, RESULT: ENUMS.RESULT, REPORT: ENUMS.REPORT,
});

/** Copies of the heap arrays the API returns by pointer, and plain arrays passed in by
 *  pointer: JS keeps only its own typed arrays (memory growth detaches heap views, and a
 *  Worker will post these arrays). */
function heapArrays(Module, api) {
  const heapOf = (Type) => (Type === Int32Array ? Module.HEAP32 : Module.HEAPF64);
  return {
    /** A copy of count elements of Type at ptr (empty if ptr is 0). */
    copy(Type, ptr, count) {
      if (!ptr || count < 1) return new Type(0);
      return new Type(heapOf(Type).buffer, ptr, count).slice();
    },
    /** Calls fn(ptr) with the elements of `array` (Float64Array or Int32Array) in the heap. */
    pass(array, fn) {
      const ptr = array.length ? api.alloc(array.byteLength) : 0;
      if (array.length && !ptr) throw new Error('out of wasm memory');
      try {
        if (ptr) heapOf(array.constructor).set(array, ptr / array.BYTES_PER_ELEMENT);
        return fn(ptr);
      } finally {
        if (ptr) api.free(ptr);
      }
    },
  };
}

/** Compiles softlab.wasm (url) once: the page instantiates it, and posts the compiled
 *  module to its simulation Workers (web/sim/sim-client.js), which then compile nothing. */
export async function compileWasm(url = 'softlab.wasm') {
  const response = fetch(url, { credentials: 'same-origin' });
  try {
    return await WebAssembly.compileStreaming(response);
  } catch {
    // a server that does not send application/wasm: compile from the bytes instead
    const r = await fetch(url, { credentials: 'same-origin' });
    if (!r.ok) throw new Error(t('lab.fetch_failed', { url: String(url), status: r.status }));
    return WebAssembly.compile(await r.arrayBuffer());
  }
}

/** Loads the wasm module (createSoftlab from softlab.js, on a page or in a Worker) and
 *  wraps its API. options: {module}: a compiled WebAssembly.Module (compileWasm) to
 *  instantiate instead of fetching softlab.wasm; the rest go to createSoftlab (e.g.
 *  locateFile for softlab.wasm). */
export async function loadLab({ module, ...options } = {}) {
  if (typeof globalThis.createSoftlab !== 'function') throw new Error('softlab.js did not load');
  if (module) {
    options.instantiateWasm = (imports, receive) => {
      WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module));
      return {}; // the exports arrive through receive
    };
  }
  const Module = await globalThis.createSoftlab(options);
  const api = {};
  for (const [name, [ret, args]] of Object.entries(SIGNATURES)) {
    api[name] = Module.cwrap('sl_api_' + name, ret, args);
  }
  // Physical parameters (SI units) with their valid ranges, from the core's table.
  const params = [];
  for (let i = 0; i < api.param_count(); i++) {
    params.push({
      name: api.param_name(i), label: coreText('param', api.param_name(i), 'label', api.param_label(i)), unit: api.param_unit(i),
      min: api.param_min(i), max: api.param_max(i), flag: api.param_flag(i),
      integer: !!api.param_integer(i), // whole numbers only (resolution, grid model, sweeps)
    });
    const p = params[params.length - 1];
    // the names of a choice's values ('per-tet', 'one-ring'), or null
    const choices = p.integer ? Array.from({ length: p.max - p.min + 1 }, (_, k) => api.param_choice(i, p.min + k)) : [];
    p.choices = choices.length && choices.every((c) => c) ? choices : null;
    // what each value is, in words for a menu ('original (Terzopoulos 1987)'), or null
    p.choiceLabels = p.choices && p.choices.map((_, k) => coreText('param', p.name, `choice${k}`, api.param_choice_label(i, p.min + k)));
  }
  // titles and descriptions in the page's language where its table words them, else the core's English
  const readScene = (i, name = api.scene_name(i)) => ({
    name, title: coreText('scene', name, 'title', api.scene_title(i)), citation: api.scene_citation(i),
    description: coreText('scene', name, 'description', api.scene_description(i)),
    defaultMethod: api.scene_default_method(i), defaultDt: api.scene_default_dt(i),
    defaultView: api.scene_default_view(i), // URL query of its opening comparison, or ''
    unstablePanels: api.scene_unstable_panels(i), // bit k: panel k of it is meant to blow up
    workerGroups: api.scene_worker_groups(i), // '0,0,1,1': panel k's Worker group, or '' (the page's deal)
    defaultBeta: api.scene_default_beta(i),
    phase: api.scene_phase(i), // the tracked node's phase coordinate: 'angle', 'x', 'y', 'z'
    meshExperiment: api.scene_mesh_experiment(i), // what a mesh loaded over it runs (0: none)
    params: api.scene_params(i),
    // defaults of the parameters it reads: {name: value in SI units}
    defaults: Object.fromEntries(params.filter((p) => api.scene_params(i) & p.flag)
      .map((p) => [p.name, api.scene_param_default(i, p.name)])),
  });
  const scenes = Array.from({ length: api.scene_count() }, (_, i) => readScene(i));
  // the user-mesh scene, read as the others (scene-picker.js gives it the loaded mesh)
  const userMesh = readScene(api.user_mesh_scene());
  const steppers = [];
  for (let i = 0; i < api.stepper_count(); i++) {
    steppers.push({
      name: api.stepper_name(i), title: coreText('stepper', api.stepper_name(i), 'title', api.stepper_title(i)),
      citation: api.stepper_citation(i), flags: api.stepper_flags(i),
      // (ω Δt)_max on the undamped oscillator: 0 unstable at every Δt, Infinity none
      bound: api.stepper_stability_bound(i),
      evaluations: api.stepper_evaluations(i), // force evaluations per step (seed 003's cost)
    });
  }
  // The papers softlab implements, by seed number: {short: 'Servin et al. 2006', reference}
  const papers = Array.from({ length: api.paper_count() }, (_, i) => ({ short: api.paper_short(i), reference: api.paper_reference(i) }));
  // The chart's channels measured in the core (softlab/channels.h's table), in
  // sl_api_measure's order: {id, column (the CSV's, the command line's too), label, unit, short?, help?, log}.
  const text = (i, field) => api.channel_text(i, ENUMS.CHANNEL[field]) || undefined;
  const channels = Array.from({ length: api.channel_count() }, (_, i) => ({
    id: text(i, 'NAME'), column: text(i, 'COLUMN'), unit: text(i, 'UNIT') || '', log: !!api.channel_log(i),
    // in the page's language where its table words them (channel.<name>.label, short, help)
    label: coreText('channel', text(i, 'NAME'), 'label', text(i, 'LABEL')),
    short: coreText('channel', text(i, 'NAME'), 'short', text(i, 'SHORT')),
    help: coreText('channel', text(i, 'NAME'), 'help', text(i, 'HELP')),
  }));
  // The colour-map fields (sl_field_describe), by FIELD id: {id, name, label, legend, unit}.
  const fields = Array.from({ length: FIELD.COUNT }, (_, id) => ({
    id, name: api.field_name(id), label: coreText('field', api.field_name(id), 'label', api.field_label(id)),
    legend: coreText('field', api.field_name(id), 'legend', api.field_legend(id)), unit: api.field_unit(id),
  }));
  const heap = heapArrays(Module, api);
  // A double[3] returned by pointer (project, unproject): copied at once, or null.
  api.vec3 = (ptr) => (ptr ? Array.from(heap.copy(Float64Array, ptr, 3)) : null);
  return { Module, module, api, heap, scenes, userMesh, steppers, params, channels, papers, fields };
}
