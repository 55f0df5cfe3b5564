/* softlab's flat WebAssembly API for JavaScript: numbers, strings and pointers only,
 * so JS never reads a C struct layout. src/wasm/ is the only place that includes
 * emscripten.h. This file: the tables (scenes, steppers, parameters, statuses), errors,
 * heap bytes and the user's mesh; api_sim.c the simulation handles, api_view.c the view
 * handles. Every exported function is listed with its signature in api_exports.txt
 * (which feeds -sEXPORTED_FUNCTIONS and web/core/lab-api.js; tools/wasm_api.js checks it
 * against the `API` definitions here).
 *
 * Handles are small positive ints; functions that can fail return an sl_status
 * (0 = SL_OK) or, for creation, a negative status. Strings returned stay valid until the
 * next call that changes the same handle (or, for the tables, forever). Arrays are in
 * the wasm heap: read them through a fresh typed array after every call (memory may
 * grow). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"
#include "softlab/papers.h"
#include "softlab/build.h"
#include "softlab/stepper.h"

static char api_error[256]; /* why the last creation, handle lookup or lookup by name failed */
static sl_message_list api_error_parts; /* the same as ids (set_error_parts), else error.text */

void set_error(const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    vsnprintf(api_error, sizeof api_error, fmt, args);
    va_end(args);
    sl_message_list_clear(&api_error_parts);
    if (api_error[0]) sl_message_add(&api_error_parts, "error.text", "text", api_error, NULL);
}

void set_error_parts(const sl_message_list *parts) {
    sl_message_list_clear(&api_error_parts);
    if (parts) sl_message_list_append(&api_error_parts, parts);
}

/* The API's last error as ids and parameters of messages/en.json, JSON (api_message.c): the
 * core's own ids where it gave them (a mesh reader's error: mesh.at_line and its reason; a
 * world's: error.world), else one part error.text with the English. "[]" if none. */
API const char *sl_api_last_error_message(void) { return message_json(&api_error_parts); }

/* ---- tables ------------------------------------------------------------------------- */

API int sl_api_scene_count(void) { return sl_scene_count; }

/* The user-mesh scene (src/scenes/user_mesh.c) is the row after the built-in scenes in
 * these tables: the page reads it as it reads them (its mesh comes from the reader). */
API int sl_api_user_mesh_scene(void) { return sl_scene_count; }

static const sl_scene_class *scene_at(int i) {
    if (i == sl_scene_count) return &sl_scene_user_mesh;
    return i >= 0 && i < sl_scene_count ? sl_scenes[i] : NULL;
}
API const char *sl_api_scene_name(int i) { return scene_at(i) ? scene_at(i)->name : ""; }
API const char *sl_api_scene_title(int i) { return scene_at(i) ? scene_at(i)->title : ""; }
API const char *sl_api_scene_citation(int i) { return scene_at(i) ? reader_text(scene_at(i)->citation) : ""; }
API const char *sl_api_scene_description(int i) {
    return scene_at(i) && scene_at(i)->description ? reader_text(scene_at(i)->description) : "";
}

/* The comparison the page opens with (sl_scene_class.default_view, URL syntax), or "". */
API const char *sl_api_scene_default_view(int i) {
    const sl_scene_class *sc = scene_at(i);
    return sc && sc->default_view ? sc->default_view : "";
}
/* Bit k set: panel k of that comparison is meant to blow up (sl_scene_class.unstable_panels:
 * a stability demo, the cube's symplectic Euler at 0.05 s); 0 for an index out of range. */
API int sl_api_scene_unstable_panels(int i) { return scene_at(i) ? (int)scene_at(i)->unstable_panels : 0; }
/* The Worker group of each panel of that comparison, "0,0,1,1" (sl_scene_class.worker_groups),
 * or "": the page's own deal. */
API const char *sl_api_scene_worker_groups(int i) {
    return scene_at(i) && scene_at(i)->worker_groups ? scene_at(i)->worker_groups : "";
}
API const char *sl_api_scene_default_method(int i) {
    return scene_at(i) ? scene_at(i)->default_method : "";
}
API double sl_api_scene_default_dt(int i) { return scene_at(i) ? scene_at(i)->default_dt : 0; }
/* The tracked node's coordinate of its phase portrait (sl_scene_class.phase): "angle",
 * "x", "y" or "z". */
API const char *sl_api_scene_phase(int i) {
    return scene_at(i) && scene_at(i)->phase ? scene_at(i)->phase : "y";
}
/* The user-mesh experiment a mesh loaded over it runs (sl_scene_class.mesh_experiment), 0 none. */
API int sl_api_scene_mesh_experiment(int i) { return scene_at(i) ? scene_at(i)->mesh_experiment : 0; }
/* beta (1/s) of the regularized stepper at the scene's defaults (0 for most scenes). */
API double sl_api_scene_default_beta(int i) { return scene_at(i) ? scene_at(i)->default_beta : 0; }

API int sl_api_stepper_count(void) { return sl_stepper_count; }

static const sl_stepper_class *stepper_at(int i) {
    return i >= 0 && i < sl_stepper_count ? sl_steppers[i] : NULL;
}
API const char *sl_api_stepper_name(int i) { return stepper_at(i) ? stepper_at(i)->name : ""; }
API const char *sl_api_stepper_title(int i) { return stepper_at(i) ? stepper_at(i)->title : ""; }
API const char *sl_api_stepper_citation(int i) {
    return stepper_at(i) ? reader_text(stepper_at(i)->citation) : "";
}
/* The seed papers (softlab/papers.h): how many, and each one's short citation ("Servin
 * et al. 2006") and full reference (authors, year, title); "" outside [0, count). */
API int sl_api_paper_count(void) { return SL_PAPER_COUNT; }
API const char *sl_api_paper_short(int seed) { return sl_paper_short(seed) ? sl_paper_short(seed) : ""; }
API const char *sl_api_paper_reference(int seed) { return sl_paper_reference(seed) ? sl_paper_reference(seed) : ""; }
API int sl_api_stepper_flags(int i) { return stepper_at(i) ? stepper_at(i)->flags : 0; }
/* (omega dt)_max of stepper i on the undamped oscillator (sl_stepper_class): 0 unstable at
 * every dt, Infinity stable at every dt; NaN for an index out of range. */
API double sl_api_stepper_stability_bound(int i) { return stepper_at(i) ? stepper_at(i)->stability_bound : NAN; }
/* Force evaluations per step of stepper i (sl_stepper_class; seed 003's cost per step),
 * 0 for an index out of range. */
API int sl_api_stepper_evaluations(int i) { return stepper_at(i) ? stepper_at(i)->force_evaluations : 0; }

API const char *sl_api_status_message(int status) { return sl_status_message((sl_status)status); }

/* ---- a user's mesh (file picker / drag and drop) --------------------------------- */

static sl_tet_mesh user_mesh; /* the last mesh loaded with sl_api_mesh_load */

/* Bytes for JS to copy file text into (free with sl_api_free); 0 when out of memory. */
API void *sl_api_alloc(int bytes) { return bytes > 0 ? malloc((size_t)bytes) : NULL; }
API void sl_api_free(void *p) { free(p); }

/* Parses a user's mesh: the bytes at `bytes` (length, copied there with sl_api_alloc:
 * a pointer, not a JS string, since files need not be text) as the format of name's
 * extension (.msh, .mesh), or, when bytes2 is given, as TetGen .node and bytes2 as .ele.
 * Keeps it for simulations of scene "mesh". Returns SL_OK or a status;
 * sl_api_last_error() holds the reader's message (file:line: reason) or its notes. */
API int sl_api_mesh_load(const char *name, const void *bytes, int length, const void *bytes2,
                         int length2) {
    const char *text = bytes, *text2 = bytes2;
    sl_tet_mesh mesh;
    sl_error err;
    sl_status st = text2 && length2 > 0
                       ? sl_mesh_parse_tetgen(name, text, (size_t)length, text2, (size_t)length2,
                                              &mesh, NULL, &err)
                       : sl_mesh_parse(name, text, (size_t)(length > 0 ? length : 0), &mesh, NULL, &err);
    set_error("%s", err.message);
    set_error_parts(&err.detail); /* the reader's message as ids (softlab/status.h) */
    if (st != SL_OK) return st;
    sl_tet_mesh_free(&user_mesh);
    user_mesh = mesh;
    return SL_OK;
}

/* The world of scene "mesh": the user-mesh scene (sl_user_mesh_world: its top 3 % pinned). */
static sl_status user_mesh_world(const sl_scene_params *params, sl_world **out) {
    if (!user_mesh.tets) return set_error("no mesh loaded"), SL_ERR_UNKNOWN_SCENE;
    sl_error err = {0};
    sl_status st = sl_user_mesh_world(&user_mesh, params, SL_STRAIN_GREEN, NULL, 0, out, &err);
    if (st != SL_OK) set_error("%s", err.message);
    return st;
}

sl_status build_world(const char *scene, const sl_scene_params *params, sl_world **out) {
    if (scene && !strcmp(scene, "mesh")) return user_mesh_world(params, out);
    const sl_scene_class *sc = sl_scene_find(scene);
    if (!sc) return set_error("unknown scene '%s'", scene ? scene : ""), SL_ERR_UNKNOWN_SCENE;
    sl_status s = sl_scene_build(sc, params, out);
    if (s != SL_OK) set_error("scene '%s': %s", scene, sl_status_message(s));
    return s;
}

/* ---- scene parameters --------------------------------------------------------------- */

API int sl_api_param_count(void) { return SL_PARAM_COUNT; }

static const sl_param_info *param_at(int i) {
    return i >= 0 && i < SL_PARAM_COUNT ? &sl_param_infos[i] : NULL;
}
API const char *sl_api_param_name(int i) { return param_at(i) ? param_at(i)->name : ""; }
API const char *sl_api_param_label(int i) { return param_at(i) ? param_at(i)->label : ""; }
API const char *sl_api_param_unit(int i) { return param_at(i) ? param_at(i)->unit : ""; }
API double sl_api_param_min(int i) { return param_at(i) ? param_at(i)->min : NAN; }
API double sl_api_param_max(int i) { return param_at(i) ? param_at(i)->max : NAN; }
/* The bit of parameter i in sl_api_scene_params (SL_PARAM_BIT). */
API int sl_api_param_flag(int i) { return param_at(i) ? SL_PARAM_BIT(i) : 0; }
API int sl_api_param_integer(int i) { return param_at(i) ? param_at(i)->integer : 0; }
/* Name of the value `value` of integer parameter i (e.g. the grid variants), "" if none. */
API const char *sl_api_param_choice(int i, int value) {
    const sl_param_info *info = param_at(i);
    return info && info->choices && value >= info->min && value <= info->max ? info->choices[value] : "";
}
/* What the value `value` of integer parameter i is, in words for a menu (sl_param_info
 * choice_labels, else its name), "" if it has no named values. */
API const char *sl_api_param_choice_label(int i, int value) {
    const sl_param_info *info = param_at(i);
    if (!info || !info->choices || value < info->min || value > info->max) return "";
    return info->choice_labels ? info->choice_labels[value] : info->choices[value];
}

/* The colour-map fields (sl_field, 0 .. SL_FIELD_COUNT - 1; sl_field_describe): URL name,
 * menu words, legend title with unit, SI unit; "" outside the range. */
API const char *sl_api_field_name(int f) { return sl_field_describe(f) ? sl_field_describe(f)->name : ""; }
API const char *sl_api_field_label(int f) { return sl_field_describe(f) ? sl_field_describe(f)->label : ""; }
API const char *sl_api_field_legend(int f) { return sl_field_describe(f) ? sl_field_describe(f)->legend : ""; }
API const char *sl_api_field_unit(int f) { return sl_field_describe(f) ? sl_field_describe(f)->unit : ""; }

/* A tet model's name in words (sl_strain_label; the inspector's STRAIN entry), "" if none. */
API const char *sl_api_strain_label(int strain) { return sl_strain_label(strain); }

/* The lab's presets (softlab/scene.h): the race's dt (s) for omega_max (rad/s) and the
 * scene's dt (s), its k-th stepper ("" past SL_RACE_STEPPER_COUNT), and the explode dt (s,
 * NaN without omega_max). */
API double sl_api_race_dt(double omega_max, double dt_default) { return sl_scene_race_dt(omega_max, dt_default); }
API const char *sl_api_race_stepper(int k) {
    return k >= 0 && k < SL_RACE_STEPPER_COUNT ? sl_scene_race_steppers[k] : "";
}
API double sl_api_explode_dt(double omega_max) { return sl_scene_explode_dt(omega_max); }

/* Lame constants (Pa) of Young's modulus young (Pa) and Poisson ratio poisson, from the
 * core (sl_material_lame: lambda is INFINITY at 0.5): NaN outside the material's range. */
static double lame(double young, double poisson, int which) {
    sl_material m = {young, poisson, 1.0};
    double lambda, mu;
    if (sl_material_lame(&m, &lambda, &mu) != SL_OK) return NAN;
    return which ? mu : lambda;
}
API double sl_api_lame_lambda(double young, double poisson) { return lame(young, poisson, 0); }
API double sl_api_lame_mu(double young, double poisson) { return lame(young, poisson, 1); }

/* Scene and stepper by name for the score-card calls; NULL (and the error set) if either
 * is unknown. */
static const sl_scene_class *score_args(const char *scene, const char *method, const sl_stepper_class **st) {
    const sl_scene_class *sc = sl_scene_find(scene ? scene : "");
    *st = sl_stepper_find(method ? method : "");
    if (!sc) return set_error("unknown scene '%s'", scene ? scene : ""), NULL;
    if (!*st) return set_error("unknown stepper '%s'", method ? method : ""), NULL;
    return sc;
}

/* The largest stable dt (s) of stepper `method` on scene `scene` at its defaults, by the
 * library's bisection and the core's verdict (sl_scene_find_dt_from: runs of max(t_end,
 * 200 periods of the fastest mode) never 'growing' or 'diverged'), starting at dt_lo (s; 0: 1e-3 * 2/omega_max, as
 * `softlab find-dt --dt-lo`): a start near the answer spares the long runs at tiny steps.
 * 0 if unstable at every dt tried (or already at dt_lo). NaN on error (unknown scene or
 * stepper, t_end outside (0, 1e4] s, dt_lo outside [0, 1) s); sl_api_last_error() says
 * why. Blocks for the whole search (about half a second on the oscillator from the
 * default start): call it from a Worker. */
API double sl_api_find_dt(const char *scene, const char *method, double t_end, double dt_lo) {
    const sl_stepper_class *st = NULL;
    const sl_scene_class *sc = score_args(scene, method, &st);
    if (!sc) return NAN;
    double dt_max = NAN;
    sl_status s = sl_scene_find_dt_from(sc, NULL, st, t_end, dt_lo, &dt_max);
    if (s != SL_OK) return set_error("find-dt on '%s' with '%s': %s", sc->name, st->name, sl_status_message(s)), NAN;
    return dt_max;
}

/* Seconds one step of `method` takes on scene `scene` at its defaults at dt (s): the
 * library's timing of `softlab score` (sl_scene_time_per_step: the best of 3 trials of
 * t_end of simulated time, each of at least 20 ms of clock), here on the browser's
 * monotonic clock, so it is wall time. NaN on error (unknown names, dt not in (0, 1) s,
 * t_end not in (0, 1e4] s, a stepper that refuses the scene); sl_api_last_error() says
 * why. Blocks for at least 60 ms: call it from a Worker. */
API double sl_api_time_per_step(const char *scene, const char *method, double dt, double t_end) {
    const sl_stepper_class *st = NULL;
    const sl_scene_class *sc = score_args(scene, method, &st);
    if (!sc) return NAN;
    double seconds = NAN;
    sl_status s = sl_scene_time_per_step(sc, NULL, st, dt, t_end, &seconds);
    if (s != SL_OK) return set_error("timing '%s' with '%s': %s", sc->name, st->name, sl_status_message(s)), NAN;
    return seconds;
}

/* SL_PARAM_BIT of each parameter scene i reads (sl_scene_class.params). */
API int sl_api_scene_params(int i) { return scene_at(i) ? scene_at(i)->params : 0; }

sl_status param_set(sl_scene_params *p, const char *name, double value) {
    int k = sl_param_find(name);
    if (k < 0) return set_error("unknown parameter '%s'", name ? name : ""), SL_ERR_INDEX;
    if (isnan(value)) return p->value[k] = NAN, SL_OK; /* back to "the scene's default" */
    sl_status s = sl_scene_params_set(p, (sl_param)k, value);
    const sl_param_info *info = &sl_param_infos[k];
    if (s != SL_OK)
        set_error("%s must be %s in [%g, %g] %s (got %g)", info->label, info->integer ? "a whole number" : "a number",
                  info->min, info->max, info->unit, value);
    return s;
}

double param_value(const sl_scene_params *p, const char *name) {
    return sl_scene_params_get(p, (sl_param)sl_param_find(name));
}

/* Scene i's default of parameter `name` (SI units), NaN if it does not read it. */
API double sl_api_scene_param_default(int i, const char *name) {
    const sl_scene_class *sc = scene_at(i);
    if (!sc) return NAN;
    sl_scene_params d = sl_scene_params_resolve(sc, NULL);
    return param_value(&d, name);
}

/* The API's own last error (creation, unknown names, bad handles): "" if none. For a
 * simulation's error with context, see sl_api_sim_error. */
API const char *sl_api_last_error(void) { return reader_text(api_error); }

const char *reader_text(const char *text) {
    static char buffers[4][4096];
    static int next;
    next = (next + 1) % 4;
    return sl_paper_reader_text(text, buffers[next], (int)sizeof buffers[next]);
}
