/* softlab's flat WebAssembly API for JavaScript: numbers, strings and pointers only,
 * so JS never reads a C struct layout. src/wasm/ is the only place that includes
 * emscripten.h; this file holds the tables, panels and physics, api_draw.c the drawing.
 * Every exported function is listed in api_exports.txt (which feeds
 * -sEXPORTED_FUNCTIONS; build_wasm.sh checks the two agree).
 *
 * A *panel* is a world built from a scene, with its stepper, and optionally a WebGL2
 * canvas. Handles are small positive ints; functions that can fail return an
 * sl_status (0 = SL_OK) or, for panel creation, a negative status. Strings returned
 * stay valid until the next call that changes the same panel (or, for the tables,
 * forever). Positions are double[3n] in the wasm heap: read them through a fresh
 * Float64Array(HEAPF64.buffer, ptr, 3n) after every call (memory may grow). */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"
#include "softlab/world.h"
#include "softlab/grid.h"
#include "softlab/build.h"
#include "softlab/stepper.h"

panel panels[MAX_PANELS];
static char api_error[256]; /* why the last panel creation or handle lookup failed */

void set_error(const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    vsnprintf(api_error, sizeof api_error, fmt, args);
    va_end(args);
}

/* The panel of handle h (1..MAX_PANELS), or NULL. */
panel *get(int h) {
    if (h < 1 || h > MAX_PANELS || !panels[h - 1].used) {
        set_error("no panel with handle %d", h);
        return NULL;
    }
    return &panels[h - 1];
}

sl_world *world_of(int h) {
    panel *p = get(h);
    return p ? p->world : NULL;
}

/* ---- tables ------------------------------------------------------------------------- */

API int sl_api_scene_count(void) { return sl_scene_count; }

static const sl_scene_class *scene_at(int i) {
    return i >= 0 && i < sl_scene_count ? sl_scenes[i] : NULL;
}
API const char *sl_api_scene_name(int i) { return scene_at(i) ? scene_at(i)->name : ""; }
API const char *sl_api_scene_title(int i) { return scene_at(i) ? scene_at(i)->title : ""; }
API const char *sl_api_scene_citation(int i) { return scene_at(i) ? scene_at(i)->citation : ""; }
API const char *sl_api_scene_description(int i) {
    return scene_at(i) && scene_at(i)->description ? scene_at(i)->description : "";
}
API const char *sl_api_scene_default_method(int i) {
    return scene_at(i) ? scene_at(i)->default_method : "";
}
API double sl_api_scene_default_dt(int i) { return scene_at(i) ? scene_at(i)->default_dt : 0; }
API double sl_api_scene_default_t_end(int i) {
    return scene_at(i) ? scene_at(i)->default_t_end : 0;
}

API int sl_api_stepper_count(void) { return sl_stepper_count; }

static const sl_stepper_class *stepper_at(int i) {
    return i >= 0 && i < sl_stepper_count ? sl_steppers[i] : NULL;
}
API const char *sl_api_stepper_name(int i) { return stepper_at(i) ? stepper_at(i)->name : ""; }
API const char *sl_api_stepper_title(int i) { return stepper_at(i) ? stepper_at(i)->title : ""; }
API const char *sl_api_stepper_citation(int i) {
    return stepper_at(i) ? stepper_at(i)->citation : "";
}
API int sl_api_stepper_flags(int i) { return stepper_at(i) ? stepper_at(i)->flags : 0; }

API const char *sl_api_status_message(int status) { return sl_status_message((sl_status)status); }
API const char *sl_api_status_name(int status) { return sl_status_name((sl_status)status); }

/* ---- a user's mesh (file picker / drag and drop) --------------------------------- */

static sl_tet_mesh user_mesh; /* the last mesh loaded with sl_api_mesh_load */

/* Bytes for JS to copy file text into (free with sl_api_free); 0 when out of memory. */
API void *sl_api_alloc(int bytes) { return bytes > 0 ? malloc((size_t)bytes) : NULL; }
API void sl_api_free(void *p) { free(p); }

/* Parses a user's mesh: text (length bytes) as the format of name's extension (.msh,
 * .mesh), or, when text2 is given, text as TetGen .node and text2 as .ele. Keeps it for
 * panels of scene "mesh". Returns SL_OK or a status; sl_api_last_error(0) holds the
 * reader's message (file:line: reason) or its notes. */
API int sl_api_mesh_load(const char *name, const char *text, int length, const char *text2,
                         int length2) {
    sl_tet_mesh mesh;
    sl_mesh_report report;
    sl_status st = text2 && length2 > 0
                       ? sl_mesh_parse_tetgen(name, text, (size_t)length, text2, (size_t)length2,
                                              &mesh, NULL, &report)
                       : sl_mesh_parse(name, text, (size_t)(length > 0 ? length : 0), &mesh, NULL, &report);
    set_error("%s", report.message);
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
    if (st != SL_OK) return set_error("%s", err.message), st;
    return SL_OK;
}

/* ---- scene parameters --------------------------------------------------------------- */

/* Parameters staged for the next sl_api_panel_create or sl_api_rebuild. */
static sl_scene_params staged;
static int staged_ready;

static sl_scene_params *staged_params(void) {
    if (!staged_ready) staged = sl_scene_params_default(), staged_ready = 1;
    return &staged;
}

API int sl_api_param_count(void) { return SL_PARAM_COUNT; }

static const sl_param_info *param_at(int i) {
    return i >= 0 && i < SL_PARAM_COUNT ? &sl_param_infos[i] : NULL;
}
API const char *sl_api_param_name(int i) { return param_at(i) ? param_at(i)->name : ""; }
API const char *sl_api_param_label(int i) { return param_at(i) ? param_at(i)->label : ""; }
API const char *sl_api_param_unit(int i) { return param_at(i) ? param_at(i)->unit : ""; }
API double sl_api_param_min(int i) { return param_at(i) ? param_at(i)->min : NAN; }
API double sl_api_param_max(int i) { return param_at(i) ? param_at(i)->max : NAN; }
API int sl_api_param_log_scale(int i) { return param_at(i) ? param_at(i)->log_scale : 0; }
/* The bit of parameter i in sl_api_scene_params (SL_PARAM_BIT). */
API int sl_api_param_flag(int i) { return param_at(i) ? SL_PARAM_BIT(i) : 0; }
API int sl_api_param_integer(int i) { return param_at(i) ? param_at(i)->integer : 0; }
/* Name of the value `value` of integer parameter i (e.g. the grid variants), "" if none. */
API const char *sl_api_param_choice(int i, int value) {
    const sl_param_info *info = param_at(i);
    return info && info->choices && value >= info->min && value <= info->max ? info->choices[value] : "";
}

/* SL_PARAM_BIT of each parameter scene i reads (sl_scene_class.params). */
API int sl_api_scene_params(int i) { return scene_at(i) ? scene_at(i)->params : 0; }

/* Back to "every parameter at the scene's default" for the next panel or rebuild. */
API void sl_api_params_clear(void) { *staged_params() = sl_scene_params_default(); }

/* Stages parameter `name` (an sl_param_infos name, SI units) = value for the next
 * sl_api_panel_create or sl_api_rebuild; NaN stages "the scene's default". Errors:
 * SL_ERR_INDEX (unknown name), SL_ERR_RANGE (outside the table's range, or a
 * non-integer count); sl_api_last_error(0) says which and why. */
API int sl_api_params_set(const char *name, double value) {
    int k = sl_param_find(name);
    if (k < 0) return set_error("unknown parameter '%s'", name ? name : ""), SL_ERR_INDEX;
    if (isnan(value)) return staged_params()->value[k] = NAN, SL_OK;
    sl_status s = sl_scene_params_set(staged_params(), (sl_param)k, value);
    const sl_param_info *info = &sl_param_infos[k];
    if (s != SL_OK)
        set_error("%s must be %s in [%g, %g] %s (got %g)", info->label, info->integer ? "a whole number" : "a number",
                  info->min, info->max, info->unit, value);
    return s;
}

/* The value of parameter `name` in p (NaN if unknown or kept). */
static double param_value(const sl_scene_params *p, const char *name) {
    return sl_scene_params_get(p, (sl_param)sl_param_find(name));
}

/* Scene i's default of parameter `name` (SI units), NaN if it does not read it. */
API double sl_api_scene_param_default(int i, const char *name) {
    const sl_scene_class *sc = scene_at(i);
    if (!sc) return NAN;
    sl_scene_params d = sl_scene_params_resolve(sc, NULL);
    return param_value(&d, name);
}

/* The value of parameter `name` in panel h's world: its override or its scene's default
 * (NaN if the scene does not read it). */
API double sl_api_panel_param(int h, const char *name) {
    panel *p = get(h);
    if (!p) return NAN;
    const sl_scene_class *sc = !strcmp(p->scene, "mesh") ? &sl_scene_user_mesh : sl_scene_find(p->scene);
    sl_scene_params r = sl_scene_params_resolve(sc, &p->params);
    return param_value(&r, name);
}

/* ---- panels ------------------------------------------------------------------------- */

/* Builds the world of `scene` ("mesh": the user's mesh) with params, no stepper. */
static sl_status build_world(const char *scene, const sl_scene_params *params, sl_world **out) {
    if (scene && !strcmp(scene, "mesh")) return user_mesh_world(params, out);
    const sl_scene_class *sc = sl_scene_find(scene);
    if (!sc) return set_error("unknown scene '%s'", scene ? scene : ""), SL_ERR_UNKNOWN_SCENE;
    sl_status s = sl_scene_build(sc, params, out);
    if (s != SL_OK) set_error("scene '%s': %s", scene, sl_status_message(s));
    return s;
}

/* Builds scene `scene` with the staged parameters (sl_api_params_set) and sets stepper
 * `method` with time step dt (s) and beta (1/s). Returns a handle >= 1, or -status:
 * SL_ERR_UNKNOWN_SCENE, SL_ERR_UNKNOWN_METHOD, SL_ERR_NOMEM (also when all MAX_PANELS
 * are in use), or any error of the scene's build or sl_world_set_stepper;
 * sl_api_last_error(0) says why. */
API int sl_api_panel_create(const char *scene, const char *method, double dt, double beta) {
    const sl_stepper_class *st = sl_stepper_find(method);
    if (!st) return set_error("unknown stepper '%s'", method ? method : ""), -SL_ERR_UNKNOWN_METHOD;
    int slot = -1;
    for (int i = 0; i < MAX_PANELS && slot < 0; i++)
        if (!panels[i].used) slot = i;
    if (slot < 0) return set_error("at most %d panels", MAX_PANELS), -SL_ERR_NOMEM;
    sl_world *w = NULL;
    sl_status s = build_world(scene, staged_params(), &w);
    if (s != SL_OK) return -(int)s;
    s = sl_world_set_stepper(w, st, dt, beta);
    if (s != SL_OK) {
        set_error("%s", sl_world_last_error(w));
        sl_world_destroy(w);
        return -(int)s;
    }
    panel *p = &panels[slot];
    memset(p, 0, sizeof *p);
    p->used = 1;
    p->world = w;
    p->params = *staged_params();
    snprintf(p->scene, sizeof p->scene, "%s", scene);
    p->color[0] = 0.33, p->color[1] = 0.56, p->color[2] = 0.85;
    p->grab_node = -1;
    api_error[0] = 0;
    return slot + 1;
}

/* Frees the panel's world, renderer and GL context. Unknown handles are ignored. */
API void sl_api_panel_destroy(int h) {
    panel *p = get(h);
    if (!p) return;
    if (p->gl) {
        emscripten_webgl_make_context_current(p->gl);
        sl_render_destroy(p->render);
        emscripten_webgl_make_context_current(0);
        emscripten_webgl_destroy_context(p->gl);
    }
    sl_world_destroy(p->world);
    memset(p, 0, sizeof *p);
}

/* Changes the stepper, dt (s) and beta (1/s) and resets the world to t = 0. On error
 * the previous stepper is kept (SL_ERR_UNKNOWN_METHOD, or sl_world_set_stepper's). */
API int sl_api_set_method(int h, const char *method, double dt, double beta) {
    sl_world *w = world_of(h);
    if (!w) return SL_ERR_NULL;
    const sl_stepper_class *st = sl_stepper_find(method);
    if (!st) return set_error("unknown stepper '%s'", method ? method : ""), SL_ERR_UNKNOWN_METHOD;
    const sl_stepper_class *old = sl_world_stepper(w);
    double old_dt = sl_world_dt(w), old_beta = sl_world_beta(w);
    sl_status s = sl_world_set_stepper(w, st, dt, beta);
    if (s != SL_OK) {
        char why[256];
        snprintf(why, sizeof why, "%s", sl_world_last_error(w));
        if (old) sl_world_set_stepper(w, old, old_dt, old_beta);
        set_error("%s", why);
        return s;
    }
    sl_world_reset(w);
    return SL_OK;
}

/* Builds panel h's world again from its scene with the staged parameters
 * (sl_api_params_set), keeping its stepper, dt, beta, canvas and colour; t = 0. On error
 * the old world stays (sl_api_last_error(0) says why): SL_ERR_RANGE for parameters a
 * scene rejects, or sl_world_set_stepper's refusal (e.g. an explicit stepper and a
 * Poisson ratio of 0.5, whose compliance is 0). */
API int sl_api_rebuild(int h) {
    panel *p = get(h);
    if (!p) return SL_ERR_NULL;
    sl_world *w = NULL;
    sl_status s = build_world(p->scene, staged_params(), &w);
    if (s != SL_OK) return s;
    s = sl_world_set_stepper(w, sl_world_stepper(p->world), sl_world_dt(p->world),
                             sl_world_beta(p->world));
    if (s != SL_OK) {
        set_error("%s", sl_world_last_error(w));
        sl_world_destroy(w);
        return s;
    }
    sl_world_destroy(p->world);
    p->world = w;
    p->params = *staged_params();
    p->grab_node = -1;
    if (p->render) sl_render_set_grab(p->render, -1, NULL);
    return SL_OK;
}

/* Takes up to nsteps steps; stops at the first error, whose status it returns. */
API int sl_api_step(int h, int nsteps) {
    sl_world *w = world_of(h);
    if (!w) return SL_ERR_NULL;
    for (int i = 0; i < nsteps; i++) {
        sl_status s = sl_world_step(w);
        if (s != SL_OK) return s;
    }
    return SL_OK;
}

/* Steps while t + dt <= t_target (with a relative tolerance of 1e-9 dt), at most
 * max_steps times. Returns the status of the last step (SL_OK if none failed). */
API int sl_api_step_until(int h, double t_target, int max_steps) {
    sl_world *w = world_of(h);
    if (!w) return SL_ERR_NULL;
    double dt = sl_world_dt(w);
    for (int i = 0; i < max_steps && sl_world_time(w) + dt <= t_target + 1e-9 * dt; i++) {
        sl_status s = sl_world_step(w);
        if (s != SL_OK) return s;
    }
    return SL_OK;
}

API void sl_api_reset(int h) { sl_world_reset(world_of(h)); }
API double sl_api_time(int h) { return sl_world_time(world_of(h)); }
API double sl_api_dt(int h) { return sl_world_dt(world_of(h)); }
API double sl_api_beta(int h) { return sl_world_beta(world_of(h)); }

/* Name of the panel's stepper ("" if none). */
API const char *sl_api_method(int h) {
    const sl_stepper_class *st = sl_world_stepper(world_of(h));
    return st ? st->name : "";
}

API int sl_api_node_count(int h) { return sl_world_node_count(world_of(h)); }

/* Pointer to double[3n] positions (m) in the wasm heap, or 0. */
API const double *sl_api_positions(int h) { return sl_world_positions(world_of(h)); }

API int sl_api_tracked_node(int h) { return sl_world_tracked_node(world_of(h)); }

/* Height y (m) of the tracked node, NaN if there is none. */
API double sl_api_tracked_height(int h) {
    sl_world *w = world_of(h);
    int i = sl_world_tracked_node(w);
    if (!w || i < 0 || i >= sl_world_node_count(w)) return NAN;
    return sl_world_positions(w)[3 * i + 1];
}

API double sl_api_energy_total(int h) { return sl_world_energy(world_of(h)).total; }
API double sl_api_energy_kinetic(int h) { return sl_world_energy(world_of(h)).kinetic; }
API double sl_api_energy_potential(int h) { return sl_world_energy(world_of(h)).potential; }
API double sl_api_energy_elastic(int h) { return sl_world_energy(world_of(h)).elastic; }
API double sl_api_constraint_violation(int h) {
    return sl_world_constraint_violation(world_of(h));
}


static double measures[6];

/* The chart's quantities in one call (each energy alone costs an evaluation of every
 * model): a pointer to double[6] = kinetic, potential, elastic, total energy (J), largest
 * |phi|, volume ratio (NaN without a surface), or 0 for a bad handle. Read it
 * before the next call. */
API const double *sl_api_measure(int h) {
    sl_world *w = world_of(h);
    if (!w) return NULL;
    sl_energy e = sl_world_energy(w);
    measures[0] = e.kinetic, measures[1] = e.potential, measures[2] = e.elastic, measures[3] = e.total;
    measures[4] = sl_world_constraint_violation(w);
    measures[5] = sl_world_volume_ratio(w);
    return measures;
}

/* Current over rest volume of the body (enclosed by its surface); NaN without a surface. */
API double sl_api_volume_ratio(int h) {
    sl_world *w = world_of(h);
    return w ? sl_world_volume_ratio(w) : NAN;
}

/* Inverted grid cells (seed 004), -1 for worlds that are not grid solids. */
API int sl_api_inverted_cells(int h) { return sl_world_inverted_cells(world_of(h)); }

/* Largest distance (m) of a node from the rest shape, rigid motion removed. */
API double sl_api_shape_error(int h) { return sl_world_shape_error(world_of(h)); }

/* omega_max (rad/s) of the linearization at the current state (sl_world_omega_max,
 * seed 000 §2.4: symplectic Euler is stable for dt < 2/omega_max). NaN when it cannot be
 * computed (e.g. some compliance is 0: then no explicit stepper is stable at any dt);
 * sl_api_last_error(h) says why. */
API double sl_api_omega_max(int h) {
    panel *p = get(h);
    double omega = NAN;
    if (!p) return NAN;
    sl_status s = sl_world_omega_max(p->world, 2000, &omega);
    if (s != SL_OK) {
        set_error("%s", sl_status_message(s));
        return NAN;
    }
    return omega;
}

/* Pins (pinned = 1) or frees (0) node i of panel h. Errors as sl_world_pin. */
API int sl_api_pin(int h, int node, int pinned) {
    sl_world *w = world_of(h);
    if (!w) return SL_ERR_NULL;
    return sl_world_pin(w, node, pinned);
}

/* 1 if node i of panel h is pinned, else 0. */
API int sl_api_is_pinned(int h, int node) { return sl_world_is_pinned(world_of(h), node); }

/* Stage times of the last step, s (seed 000 Fig. 11 split). */
API double sl_api_timing_assembly(int h) { return sl_world_last_timing(world_of(h)).assembly; }
API double sl_api_timing_factorization(int h) {
    return sl_world_last_timing(world_of(h)).factorization;
}
API double sl_api_timing_solve(int h) { return sl_world_last_timing(world_of(h)).solve; }

API int sl_api_diverged(int h) { return sl_world_diverged(world_of(h), NULL, NULL); }

/* Time (s) at which the panel diverged, NaN if it has not. */
API double sl_api_diverged_time(int h) {
    double t = NAN;
    return sl_world_diverged(world_of(h), &t, NULL) ? t : NAN;
}

/* Why the panel diverged ("" if it has not). */
API const char *sl_api_diverged_reason(int h) {
    const char *reason = "";
    sl_world_diverged(world_of(h), NULL, &reason);
    return reason ? reason : "";
}

/* The panel's last error with context; for h = 0 or an unknown handle, the API's
 * own last error (panel creation, unknown names). "" if none. */
API const char *sl_api_last_error(int h) {
    if (h >= 1 && h <= MAX_PANELS && panels[h - 1].used) {
        const char *e = sl_world_last_error(panels[h - 1].world);
        if (e && e[0]) return e;
    }
    return api_error;
}

