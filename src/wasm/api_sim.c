/* softlab's wasm API, simulation part: a *simulation* is a world built from a scene with
 * its parameters and stepper. It steps, answers readouts and hands out arrays (positions,
 * the body's triangles and edges, pins, spheres, per-node fields) for a view to draw; it
 * knows nothing of canvases, so it can run in a Worker's own wasm instance.
 *
 * Life cycle: h = sl_api_sim_create(scene); sl_api_sim_set_param(h, name, value)...;
 * sl_api_sim_build(h, method, dt, beta) builds the world (again, after new parameters).
 * See api.c for the conventions (handles, statuses, strings, heap arrays). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"
#include "softlab/build.h"
#include "softlab/channels.h"
#include "softlab/stepper.h"
#include "softlab/warping.h"

typedef struct sim {
    int used;
    sl_world *world;        /* NULL until the first sl_api_sim_build succeeds */
    char scene[64];         /* its scene's name ("mesh": the user's mesh) */
    sl_scene_params params; /* the parameters its world was built with */
    sl_scene_params next;   /* for the next build (sl_api_sim_set_param) */
    int grab_node;          /* node pulled by the mouse, -1 if none */
    double *field;          /* double[n]: the last sl_api_node_field */
    double *rotations;      /* double[9n]: the last sl_api_rotation_field */
    int *pins;              /* int[n]: the last sl_api_pins */
    double spheres[4 * 16]; /* the last sl_api_spheres: centre, radius (at most 16) */
    double measures[SL_CHANNEL_MAX]; /* the last sl_api_measure */
    double plates[2 * SL_WORLD_MAX_PLATES]; /* the last sl_api_plates: height, facing */
    sl_verdict verdict;     /* the core's verdict on the run (sl_world_judge), per step */
    /* the state the verdict last evaluated the models at (judge): its time (s) and positions
     * (double[3 judged_n], m); judged: 1 while they hold one */
    int judged, judged_n;
    double judged_t, *judged_x;
} sim;

static sim sims[MAX_HANDLES];

/* The simulation of handle h, or NULL (and sets the error). */
static sim *get(int h) {
    if (h < 1 || h > MAX_HANDLES || !sims[h - 1].used) {
        set_error("no simulation with handle %d", h);
        return NULL;
    }
    return &sims[h - 1];
}

/* The scene class of simulation s: the user-mesh scene for "mesh", else the table's (NULL
 * if unknown). */
static const sl_scene_class *scene_of(const sim *s) {
    return !strcmp(s->scene, "mesh") ? &sl_scene_user_mesh : sl_scene_find(s->scene);
}

/* sl_world_judge of s's state now. Where it evaluated the models there (sl_verdict.evaluated),
 * the state's time and positions are kept: sl_api_measure of that same state then takes the
 * verdict's elastic energy and violation (sl_world_channels_known) instead of evaluating
 * the models again. */
static void judge(sim *s) {
    sl_world_judge(s->world, &s->verdict);
    s->judged = 0;
    if (!s->verdict.evaluated) return;
    int n = sl_world_node_count(s->world);
    if (n != s->judged_n || !s->judged_x) {
        free(s->judged_x);
        s->judged_x = malloc(sizeof(double) * 3 * (size_t)(n > 0 ? n : 1));
        s->judged_n = s->judged_x ? n : 0;
    }
    if (!s->judged_x) return; /* no memory: the measures evaluate for themselves */
    memcpy(s->judged_x, sl_world_positions(s->world), sizeof(double) * 3 * (size_t)n);
    s->judged_t = sl_world_time(s->world);
    s->judged = 1;
}

/* 1 if s's world is at the state the verdict last evaluated the models at (judge). */
static int at_judged_state(const sim *s) {
    return s->judged && s->judged_n == sl_world_node_count(s->world) && sl_world_time(s->world) == s->judged_t &&
           memcmp(s->judged_x, sl_world_positions(s->world), sizeof(double) * 3 * (size_t)s->judged_n) == 0;
}

/* The world of handle h, or NULL (no handle, or not built yet). */
static sl_world *world_of(int h) {
    sim *s = get(h);
    return s ? s->world : NULL;
}

sl_world *api_sim_world(int h) { return world_of(h); }

const char *api_sim_scene(int h) { return world_of(h) ? get(h)->scene : NULL; }

const sl_scene_class *api_sim_scene_class(int h) { return world_of(h) ? scene_of(get(h)) : NULL; }

const sl_scene_params *api_sim_params(int h) { return world_of(h) ? &get(h)->params : NULL; }

/* ---- life cycle ----------------------------------------------------------------- */

/* A simulation of `scene` (a scene name, or "mesh") with every parameter at the scene's
 * default and no world yet (sl_api_sim_build makes it). Returns a handle >= 1, or
 * -SL_ERR_NOMEM when all MAX_HANDLES are in use. The name is checked at the build. */
API int sl_api_sim_create(const char *scene) {
    for (int i = 0; i < MAX_HANDLES; i++) {
        sim *s = &sims[i];
        if (s->used) continue;
        memset(s, 0, sizeof *s);
        s->used = 1;
        snprintf(s->scene, sizeof s->scene, "%s", scene ? scene : "");
        s->params = s->next = sl_scene_params_default();
        s->grab_node = -1;
        return i + 1;
    }
    set_error("at most %d simulations", MAX_HANDLES);
    return -SL_ERR_NOMEM;
}

/* Frees the simulation and its world. Unknown handles are ignored. */
API void sl_api_sim_destroy(int h) {
    sim *s = get(h);
    if (!s) return;
    sl_api_find_dt_stop(h);
    sl_world_destroy(s->world);
    free(s->field), free(s->rotations);
    free(s->pins);
    free(s->judged_x);
    memset(s, 0, sizeof *s);
}

/* Every parameter back to the scene's default, for the next sl_api_sim_build. */
API void sl_api_sim_clear_params(int h) {
    sim *s = get(h);
    if (s) s->next = sl_scene_params_default();
}

/* Parameter `name` (an sl_param_infos name, SI units) = value for the next
 * sl_api_sim_build; NaN: the scene's default. Errors: SL_ERR_NULL (bad handle),
 * SL_ERR_INDEX (unknown name), SL_ERR_RANGE (outside the table's range, or a
 * non-integer count); sl_api_last_error() says which and why. */
API int sl_api_sim_set_param(int h, const char *name, double value) {
    sim *s = get(h);
    return s ? param_set(&s->next, name, value) : SL_ERR_NULL;
}

/* Builds the world from the scene with the parameters set so far and stepper `method`
 * with dt (s) and beta (1/s); t = 0, no grab. On error the old world (if any) stays
 * and sl_api_sim_error(h) says why: SL_ERR_UNKNOWN_SCENE, SL_ERR_UNKNOWN_METHOD,
 * SL_ERR_RANGE (parameters the scene rejects), or sl_world_set_stepper's refusal (e.g.
 * an explicit stepper and a Poisson ratio of 0.5, whose compliance is 0). */
API int sl_api_sim_build(int h, const char *method, double dt, double beta) {
    sim *s = get(h);
    if (!s) return SL_ERR_NULL;
    const sl_stepper_class *st = sl_stepper_find(method);
    if (!st) return set_error("unknown stepper '%s'", method ? method : ""), SL_ERR_UNKNOWN_METHOD;
    sl_world *w = NULL;
    sl_status status = build_world(s->scene, &s->next, &w);
    if (status != SL_OK) return status;
    status = sl_world_set_stepper(w, st, dt, beta);
    if (status != SL_OK) {
        set_error("%s", sl_world_last_error(w));
        set_error_parts(sl_world_error_message(w));
        sl_world_destroy(w);
        return status;
    }
    sl_world_destroy(s->world);
    s->world = w;
    s->params = s->next;
    s->grab_node = -1;
    sl_verdict_reset(&s->verdict);
    judge(s);
    set_error("%s", "");
    return SL_OK;
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
    sl_verdict_reset(&get(h)->verdict);
    judge(get(h));
    return SL_OK;
}

/* The value of parameter `name` in the simulation's world: its override or its scene's
 * default (NaN if the scene does not read it). */
API double sl_api_sim_param(int h, const char *name) {
    sim *s = get(h);
    if (!s) return NAN;
    const sl_scene_class *sc = scene_of(s);
    sl_scene_params r = sl_scene_params_resolve(sc, &s->params);
    return param_value(&r, name);
}

/* ---- stepping ------------------------------------------------------------------- */

/* Takes up to nsteps steps; stops at the first error, whose status it returns. */
API int sl_api_step(int h, int nsteps) {
    sim *sm = get(h);
    sl_world *w = sm ? sm->world : NULL;
    if (!w) return SL_ERR_NULL;
    for (int i = 0; i < nsteps; i++) {
        sl_status s = sl_world_step(w);
        judge(sm);
        if (s != SL_OK) return s;
    }
    return SL_OK;
}

/* The verdict on the run (sl_world_judge; the criteria in softlab/world.h): 0 running,
 * 1 artifact (a linearized model's known swelling), 2 growing (energy), 3 diverged; -1
 * for a bad handle or no world. Decided in the core after every step; it stays until the
 * run restarts (build, reset, another stepper). */
API int sl_api_verdict(int h) {
    sim *sm = get(h);
    return sm && sm->world ? (int)sm->verdict.state : -1;
}

/* The verdict's name ("running", "artifact", "growing", "diverged"; "" for a bad handle). */
API const char *sl_api_verdict_name(int h) {
    const char *name = sl_verdict_name(sl_api_verdict(h));
    return name ? name : "";
}

/* The verdict for a person: the state with its numbers ("" while running). */
API const char *sl_api_verdict_reason(int h) {
    sim *sm = get(h);
    return sm && sm->world ? reader_text(sm->verdict.reason) : "";
}

/* The verdict's reason as ids and parameters of messages/en.json, JSON (api_message.c;
 * "[]" while running or for a bad handle): what web/ui/messages.js formats in the reader's
 * language. */
API const char *sl_api_verdict_message(int h) {
    sim *sm = get(h);
    return message_json(sm && sm->world ? &sm->verdict.message : NULL);
}

/* World time (s) at which the verdict was decided; NaN while running. */
API double sl_api_verdict_since(int h) {
    sim *sm = get(h);
    return sm && sm->world ? sm->verdict.since : NAN;
}

/* The energy growth (J) of the last window judged: its largest total energy minus the
 * smallest such window maximum of the run (sl_verdict.growth); NaN without a world. */
API double sl_api_verdict_growth(int h) {
    sim *sm = get(h);
    return sm && sm->world ? sm->verdict.growth : NAN;
}

/* That growth over the run's largest kinetic + elastic energy (sl_verdict.relative). */
API double sl_api_verdict_relative(int h) {
    sim *sm = get(h);
    return sm && sm->world ? sm->verdict.relative : NAN;
}

API void sl_api_reset(int h) {
    sim *sm = get(h);
    if (!sm || !sm->world) return;
    sl_world_reset(sm->world);
    sl_verdict_reset(&sm->verdict);
    judge(sm);
}
API double sl_api_time(int h) { return sl_world_time(world_of(h)); }

/* The course API's save-state (issue 45, web/course/course-api.js): forgets the stepper's history
 * (sl_world_restart_history) so that the run continues as one loaded from the state saved
 * now (sl_api_restore) does, bit for bit. Unknown handles are ignored. */
API void sl_api_restart_history(int h) { sl_world_restart_history(world_of(h)); }

/* The course API's load-state: the world at time t (s) with positions x and velocities v
 * (heap pointers to double[3n], m and m/s; sl_world_restore), its verdict watched afresh
 * from there (sl_verdict_reset). Errors: SL_ERR_NULL (no world or array), SL_ERR_RANGE,
 * SL_ERR_NOT_FINITE (the world unchanged; sl_api_sim_error says which entry). */
API int sl_api_restore(int h, double t, const double *x, const double *v) {
    sim *sm = get(h);
    if (!sm || !sm->world) return SL_ERR_NULL;
    sl_status st = sl_world_restore(sm->world, t, x, v);
    if (st != SL_OK) return st;
    sl_verdict_reset(&sm->verdict);
    judge(sm);
    return SL_OK;
}


/* How the regularized stepper solves seed 000 eq. 20 (sl_solve_form: 0 AUTO, 1 PRIMAL, 2
 * SCHUR, eq. 21), kept until the next sl_api_sim_build; `make bench` times the Schur form
 * with it (issue 11). Errors: SL_ERR_NULL (no world), SL_ERR_RANGE (no such form). */
API int sl_api_set_solve_form(int h, int form) {
    sl_world *w = world_of(h);
    return w ? sl_world_set_solve_form(w, (sl_solve_form)form) : SL_ERR_NULL;
}

/* Sets the iteration count of the position-based steppers (sl_world_set_iterations: the
 * Gauss-Seidel sweeps a step of xpbd and pbd, the substeps a step of xpbd-substeps; XPBD,
 * Macklin, Mueller, Chentanez 2016 §3 Algorithm 1; Small Steps, Macklin et al. 2019 §4)
 * and, taken, resets the world to t = 0 as a new stepper does. iterations: a whole number
 * in [SL_WORLD_ITERATIONS_MIN, SL_WORLD_ITERATIONS_MAX], passed as a double so that what a
 * page's field holds (NaN, 2.5) reaches this check rather than a silent truncation.
 * Other steppers ignore the count (sl_stepper_class.flags & SL_STEPPER_USES_ITERATIONS).
 * Errors: SL_ERR_NULL (no world), SL_ERR_RANGE (not a whole number in the range); then
 * the world runs on unchanged and sl_api_last_error() says why. */
API int sl_api_set_iterations(int h, double iterations) {
    sim *sm = get(h);
    sl_world *w = sm ? sm->world : NULL;
    if (!w) return SL_ERR_NULL;
    if (!(iterations == floor(iterations)) || fabs(iterations) > 1e9)
        return set_error("iterations = %g is not a whole number in [%d, %d]: the sweeps (xpbd, pbd) or "
                         "substeps (xpbd-substeps) of a step",
                         iterations, SL_WORLD_ITERATIONS_MIN, SL_WORLD_ITERATIONS_MAX),
               SL_ERR_RANGE;
    sl_status st = sl_world_set_iterations(w, (int)iterations);
    if (st != SL_OK) return set_error("%s", sl_world_last_error(w)), set_error_parts(sl_world_error_message(w)), st;
    sl_api_reset(h);
    return SL_OK;
}

/* The iteration count of the position-based steppers (sl_world_iterations), 0 for a bad
 * handle or no world. */
API int sl_api_iterations(int h) { return sl_world_iterations(world_of(h)); }

/* Sets XPBD's damping time tau (sl_world_set_xpbd_damping: paper 005 eq. 26 with beta_j =
 * tau / alpha_j, so gamma_j = tau / dt for every compliant row; read by the steppers flagged
 * SL_STEPPER_USES_XPBD_DAMPING) and, taken, resets the world to t = 0 as a new stepper does.
 * damping_time: s, in [0, SL_WORLD_XPBD_DAMPING_MAX]. Errors: SL_ERR_NULL (no world),
 * SL_ERR_RANGE (outside the range, or NaN); then the world runs on unchanged and
 * sl_api_last_error() gives the core's reason. */
API int sl_api_set_xpbd_damping(int h, double damping_time) {
    sim *sm = get(h);
    sl_world *w = sm ? sm->world : NULL;
    if (!w) return SL_ERR_NULL;
    sl_status st = sl_world_set_xpbd_damping(w, damping_time);
    if (st != SL_OK) return set_error("%s", sl_world_last_error(w)), set_error_parts(sl_world_error_message(w)), st;
    sl_api_reset(h);
    return SL_OK;
}

/* XPBD's damping time (sl_world_xpbd_damping), s; 0 for a bad handle or no world. */
API double sl_api_xpbd_damping(int h) { return sl_world_xpbd_damping(world_of(h)); }

/* Krylov iterations of the last step's linear solves (sl_step_timing.iterations: PCG,
 * BiCGSTAB, or the incompressible stepper's two MINRES solves summed; 0 after a direct
 * solve or for a stepper that solves none), -1 for a bad handle. */
API int sl_api_last_step_iterations(int h) {
    sl_world *w = world_of(h);
    return w ? sl_world_last_timing(w).iterations : -1;
}

/* ---- readouts ------------------------------------------------------------------- */

API int sl_api_node_count(int h) { return sl_world_node_count(world_of(h)); }

/* Pointer to double[3n] positions (m) in the wasm heap, or 0. */
API const double *sl_api_positions(int h) { return sl_world_positions(world_of(h)); }

/* Pointer to double[3n] velocities (m/s) in the wasm heap, or 0 (the phase portrait). */
API const double *sl_api_velocities(int h) { return sl_world_velocities(world_of(h)); }

API int sl_api_tracked_node(int h) { return sl_world_tracked_node(world_of(h)); }

/* Height y (m) of the tracked node, NaN if there is none. */
API double sl_api_tracked_height(int h) {
    sl_world *w = world_of(h);
    int i = sl_world_tracked_node(w);
    if (!w || i < 0 || i >= sl_world_node_count(w)) return NAN;
    return sl_world_positions(w)[3 * i + 1];
}


/* Fields of a channel's text (sl_api_channel_text; LAYOUT.CHANNEL in JS). */
enum { CHANNEL_NAME, CHANNEL_LABEL, CHANNEL_UNIT, CHANNEL_SHORT, CHANNEL_HELP, CHANNEL_COLUMN, CHANNEL_SIZE };

/* The number of channels sl_api_measure fills (the core's table, softlab/channels.h). */
API int sl_api_channel_count(void) { return sl_channel_count(); }

/* Text `field` (CHANNEL_*) of channel i; "" for none, a bad index or field. */
API const char *sl_api_channel_text(int i, int field) {
    const sl_channel *c = sl_channel_get(i);
    if (!c) return "";
    const char *t = field == CHANNEL_NAME     ? c->name
                    : field == CHANNEL_LABEL  ? c->label
                    : field == CHANNEL_UNIT   ? c->unit
                    : field == CHANNEL_SHORT  ? c->short_label
                    : field == CHANNEL_HELP   ? c->help
                    : field == CHANNEL_COLUMN ? c->column
                                              : NULL;
    return t ? reader_text(t) : "";
}

/* 1 if channel i is plotted on a log axis, else 0. */
API int sl_api_channel_log(int i) {
    const sl_channel *c = sl_channel_get(i);
    return c && c->log;
}

/* Every channel of simulation h in one call, in the table's order (sl_api_channel_count
 * doubles, SI units as each channel states; NaN where a channel has no value:
 * sl_world_channels), or 0 for a bad handle. Read it before the next call. At the state
 * the verdict judged last (after a step, a reset, a build), its evaluation of the models
 * serves: the same values, one evaluation less (sl_world_channels_known). */
API const double *sl_api_measure(int h) {
    sim *s = get(h);
    if (!s || !s->world) return NULL;
    if (at_judged_state(s))
        sl_world_channels_known(s->world, s->verdict.elastic, s->verdict.violation, s->measures);
    else
        sl_world_channels(s->world, s->measures);
    return s->measures;
}

/* Current over rest volume of the body (enclosed by its surface); NaN without a surface. */
API double sl_api_volume_ratio(int h) {
    sl_world *w = world_of(h);
    return w ? sl_world_volume_ratio(w) : NAN;
}

/* omega_max (rad/s) of the linearization at the current state (sl_world_omega_max,
 * seed 000 §2.4: symplectic Euler is stable for dt < 2/omega_max). NaN when it cannot be
 * computed (e.g. some compliance is 0: then no explicit stepper is stable at any dt);
 * sl_api_last_error() says why. */
API double sl_api_omega_max(int h) {
    sl_world *w = world_of(h);
    double omega = NAN;
    if (!w) return NAN;
    sl_status s = sl_world_omega_max(w, 2000, &omega);
    if (s != SL_OK) {
        set_error("%s", sl_status_message(s));
        return NAN;
    }
    return omega;
}

API int sl_api_diverged(int h) { return sl_world_diverged(world_of(h), NULL, NULL); }

/* Time (s) at which the simulation diverged, NaN if it has not. */
API double sl_api_diverged_time(int h) {
    double t = NAN;
    return sl_world_diverged(world_of(h), &t, NULL) ? t : NAN;
}

/* Why the simulation diverged ("" if it has not). */
API const char *sl_api_diverged_reason(int h) {
    const char *reason = "";
    sl_world_diverged(world_of(h), NULL, &reason);
    return reason ? reader_text(reason) : "";
}

/* Why the simulation diverged as ids and parameters of messages/en.json, JSON
 * (api_message.c; "[]" if it has not). */
API const char *sl_api_diverged_message(int h) { return message_json(sl_world_diverged_message(world_of(h))); }

/* sl_api_sim_error as ids and parameters of messages/en.json, JSON (api_message.c): the
 * world's (error.world, its status's words, then the detail), else the API's own. */
API const char *sl_api_sim_error_message(int h) {
    sl_world *w = h >= 1 && h <= MAX_HANDLES && sims[h - 1].used ? sims[h - 1].world : NULL;
    return w && sl_world_last_error(w)[0] ? message_json(sl_world_error_message(w)) : sl_api_last_error_message();
}

/* The world's last error with context, else the API's own (sl_api_last_error). */
API const char *sl_api_sim_error(int h) {
    sl_world *w = h >= 1 && h <= MAX_HANDLES && sims[h - 1].used ? sims[h - 1].world : NULL;
    const char *e = w ? sl_world_last_error(w) : NULL;
    return e && e[0] ? reader_text(e) : sl_api_last_error();
}

/* ---- arrays for a view: the body, pins, fields ------------------------------------ */

/* Pointer to double[3n] rest positions (m), or 0. */
API const double *sl_api_rest_positions(int h) { return sl_world_rest_positions(world_of(h)); }
API int sl_api_triangle_count(int h) { return sl_world_triangle_count(world_of(h)); }
/* Pointer to int[3 nt], the surface triangles (outward), or 0. */
API const int *sl_api_triangles(int h) { return sl_world_triangles(world_of(h)); }
API int sl_api_edge_count(int h) { return sl_world_edge_count(world_of(h)); }
/* Pointer to int[2 ne], the element edges, or 0. */
API const int *sl_api_edges(int h) { return sl_world_edges(world_of(h)); }
API int sl_api_sphere_count(int h) { return sl_world_sphere_count(world_of(h)); }

/* Pointer to double[4 ns]: centre (m) and radius (m) of each static sphere, or 0. Read
 * it before the next call for this handle. */
API const double *sl_api_spheres(int h) {
    sim *s = get(h);
    if (!s || !s->world) return NULL;
    int ns = sl_world_sphere_count(s->world);
    for (int i = 0; i < ns && i < 16; i++) sl_world_sphere(s->world, i, s->spheres + 4 * i, s->spheres + 4 * i + 3);
    return s->spheres;
}

API int sl_api_plate_count(int h) { return sl_world_plate_count(world_of(h)); }

/* Pointer to double[2 np]: height (m) at the simulation's time and facing (+1: the body
 * is above, -1: below) of each moving plate (sl_world_plate), or 0. Read it before the
 * next call for this handle. */
API const double *sl_api_plates(int h) {
    sim *s = get(h);
    if (!s || !s->world) return NULL;
    int np = sl_world_plate_count(s->world);
    double t = sl_world_time(s->world);
    for (int i = 0; i < np && i < SL_WORLD_MAX_PLATES; i++) {
        double velocity;
        int facing = 1;
        sl_world_plate(s->world, i, t, s->plates + 2 * i, &velocity, &facing);
        s->plates[2 * i + 1] = facing;
    }
    return s->plates;
}

/* Height (m) of the ground plane, NaN if there is none. */
API double sl_api_ground(int h) {
    double y = NAN;
    return sl_world_ground(world_of(h), &y) ? y : NAN;
}

/* Pointer to int[n]: 1 where the node is pinned, else 0; or 0. Read it before the next
 * call for this handle. */
API const int *sl_api_pins(int h) {
    sim *s = get(h);
    int n = sl_world_node_count(s ? s->world : NULL);
    if (!s || n < 1) return NULL;
    int *p = realloc(s->pins, sizeof(int) * (size_t)n);
    if (!p) return NULL;
    s->pins = p;
    for (int i = 0; i < n; i++) p[i] = sl_world_is_pinned(s->world, i);
    return p;
}

/* Field `field` at every node (sl_field: 1 strain energy density J/m^3, 2 volume change
 * V/V0 - 1): a pointer to double[n], NaN everywhere when it cannot be computed (e.g. no
 * closed surface); 0 for a bad handle, SL_FIELD_NONE or an unknown field. Read it before
 * the next call for this handle. */
API const double *sl_api_node_field(int h, int field) {
    sim *s = get(h);
    int n = sl_world_node_count(s ? s->world : NULL);
    if (!s || n < 1 || field <= SL_FIELD_NONE || field >= SL_FIELD_COUNT) return NULL;
    double *v = realloc(s->field, sizeof(double) * (size_t)n);
    if (!v) return NULL;
    s->field = v;
    if (sl_world_node_field(s->world, field, v) != SL_OK)
        for (int i = 0; i < n; i++) v[i] = NAN; /* drawn grey, range NaN */
    return v;
}

/* The rotation field at the current positions (sl_world_rotation_field, seed 002 eq.
 * 14-15): a pointer to double[9n], row-major 3 x 3 per node; 0 for a bad handle or out of
 * memory. Read it before the next call for this handle. */
API const double *sl_api_rotation_field(int h) {
    sim *s = get(h);
    int n = sl_world_node_count(s ? s->world : NULL);
    if (!s || n < 1) return NULL;
    double *R = realloc(s->rotations, sizeof(double) * 9 * (size_t)n);
    if (!R) return NULL;
    s->rotations = R;
    if (sl_world_rotation_field(s->world, sl_world_positions(s->world), R) != SL_OK) return NULL;
    return R;
}

/* ---- input: pins and the mouse spring ---------------------------------------------- */

/* Pins (pinned = 1) or frees (0) node i. Errors as sl_world_pin. */
API int sl_api_pin(int h, int node, int pinned) {
    sl_world *w = world_of(h);
    if (!w) return SL_ERR_NULL;
    return sl_world_pin(w, node, pinned);
}

/* 1 if node i is pinned, else 0. */
API int sl_api_is_pinned(int h, int node) { return sl_world_is_pinned(world_of(h), node); }

/* Total mass of the nodes, kg (to scale a mouse spring). */
API double sl_api_total_mass(int h) {
    sl_world *w = world_of(h);
    const double *m = sl_world_masses(w);
    double total = 0;
    for (int i = 0; i < sl_world_node_count(w) && m; i++) total += m[i];
    return total;
}

/* Pulls node toward (x, y, z) (m) with springs of total stiffness k (N/m) spread over
 * the nodes within radius (m) of it: node i gets weight w_i = 1 - (d_i/radius)^2 and
 * is pulled toward the target plus its present offset from node, so the patch moves
 * as one piece; the spring constant is k / sum(w). radius <= 0 grabs node alone.
 * Replaces any previous grab. Errors as sl_world_grab, SL_ERR_NOMEM. */
API int sl_api_grab(int h, int node, double x, double y, double z, double k, double radius) {
    sim *sm = get(h);
    if (!sm || !sm->world) return SL_ERR_NULL;
    sl_world *w = sm->world;
    int n = sl_world_node_count(w);
    if (node < 0 || node >= n) return set_error("no node %d", node), SL_ERR_INDEX;
    const double *pos = sl_world_positions(w), *c = pos + 3 * node;
    int *nodes = malloc(sizeof(int) * (size_t)n);
    double *weights = malloc(sizeof(double) * (size_t)n), *offsets = malloc(sizeof(double) * 3 * (size_t)n);
    if (!nodes || !weights || !offsets) {
        free(nodes), free(weights), free(offsets);
        return SL_ERR_NOMEM;
    }
    int count = 0;
    double sum = 0;
    for (int i = 0; i < n; i++) {
        double d[3] = {pos[3 * i] - c[0], pos[3 * i + 1] - c[1], pos[3 * i + 2] - c[2]};
        double r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
        if (i != node && (sl_world_is_pinned(w, i) || !(radius > 0) || r2 >= radius * radius)) continue;
        nodes[count] = i;
        weights[count] = i == node ? 1.0 : 1.0 - r2 / (radius * radius);
        memcpy(offsets + 3 * count, d, sizeof d);
        sum += weights[count++];
    }
    const double target[3] = {x, y, z};
    sl_status s = sl_world_grab(w, nodes, weights, offsets, count, target, k / sum);
    free(nodes), free(weights), free(offsets);
    sm->grab_node = s == SL_OK ? node : -1;
    return s;
}

/* Moves the target of the current grab (m). Errors as sl_world_grab_move. */
API int sl_api_grab_move(int h, double x, double y, double z) {
    sl_world *w = world_of(h);
    if (!w) return SL_ERR_NULL;
    const double target[3] = {x, y, z};
    return sl_world_grab_move(w, target);
}

/* Lets go of the grabbed node (no-op without a grab). */
API void sl_api_release(int h) {
    sim *s = get(h);
    if (!s || !s->world) return;
    sl_world_release(s->world);
    s->grab_node = -1;
}

/* The node pulled by the mouse, -1 if none. */
API int sl_api_grabbed_node(int h) {
    sim *s = get(h);
    return s && s->world && sl_world_grab_count(s->world) > 0 ? s->grab_node : -1;
}
