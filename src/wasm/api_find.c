/* softlab's wasm API, the page's "find": the library's largest-stable-dt search
 * (sl_find_dt_search, softlab/scene.h) on copies of a simulation, one slice at a time, so
 * that the Worker that runs it answers messages between slices. The rule and the trials
 * are those of `softlab find-dt --max-steps N`: one search, in C, for the CLI, the page and
 * the lessons. A simulation has at most one search; its trial worlds are built from a copy
 * of the simulation's scene, parameters, stepper, Δt-independent settings (β) and pins, taken
 * at the start, so a panel changed meanwhile does not change the search. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"
#include "softlab/stepper.h"

/* The layout of sl_api_find_dt_result's slots (web/core/stability.js reads them through the
 * generated ENUMS.FIND, tools/wasm_api.js). */
enum {
    FIND_DT_MAX,   /* s: largest dt found stable so far (0: none) */
    FIND_DT_HI,    /* s: smallest dt found unstable (Infinity: none) */
    FIND_DT_LO,    /* s: the first dt tried */
    FIND_DT_TRIAL, /* s: the dt of the trial running (NaN once done) */
    FIND_T_RUN,    /* s: simulated length of every trial */
    FIND_STEPS,    /* steps run over all trials */
    FIND_GAVE_UP,  /* SL_FIND_DT_STEP_CAP | SL_FIND_DT_TIME_CAP */
    FIND_DONE,     /* 1 once the search has ended */
    FIND_SIZE
};

/* What a trial world is built from: a copy of the simulation's recipe. */
typedef struct {
    char scene[64];
    sl_scene_params params;
    const sl_stepper_class *stepper;
    double beta;   /* 1/s */
    int iterations; /* sweeps or substeps of a position-based stepper (sl_world_iterations) */
    double xpbd_damping; /* s, XPBD's damping time (sl_world_xpbd_damping) */
    int n;         /* nodes */
    int *pinned;   /* int[n]: the simulation's pins at the start */
} recipe;

static struct {
    sl_find_dt_search *search;
    recipe *recipe;
} searches[MAX_HANDLES];

/* A fresh world of the recipe at dt with its pins, or NULL. */
static sl_world *build_trial(void *ctx, double dt) {
    const recipe *r = ctx;
    sl_world *w = NULL;
    if (build_world(r->scene, &r->params, &w) != SL_OK) return NULL;
    if (sl_world_set_stepper(w, r->stepper, dt, r->beta) != SL_OK || sl_world_set_iterations(w, r->iterations) != SL_OK ||
        sl_world_set_xpbd_damping(w, r->xpbd_damping) != SL_OK ||
        sl_world_node_count(w) != r->n) {
        sl_world_destroy(w);
        return NULL;
    }
    for (int i = 0; i < r->n; i++)
        if (sl_world_is_pinned(w, i) != r->pinned[i]) sl_world_pin(w, i, r->pinned[i]);
    return w;
}

/* Ends and frees the search of handle h (any). Unknown handles are ignored. */
API void sl_api_find_dt_stop(int h) {
    if (h < 1 || h > MAX_HANDLES) return;
    sl_find_dt_search_destroy(searches[h - 1].search);
    if (searches[h - 1].recipe) free(searches[h - 1].recipe->pinned);
    free(searches[h - 1].recipe);
    searches[h - 1].search = NULL, searches[h - 1].recipe = NULL;
}

/* Starts the search on copies of simulation h as built now (its scene's default dt for
 * the trial length, SL_FIND_DT_T_END, trials of at most max_steps steps, 0: no cap; the
 * first dt as sl_scene_find_dt's), replacing any search h had. No step is run yet.
 * Errors: SL_ERR_NULL (no simulation or world), SL_ERR_RANGE (max_steps < 0, or the
 * scene's default dt outside (0, 1)), SL_ERR_NOMEM; the error says why. */
API int sl_api_find_dt_start(int h, double max_steps) {
    sl_api_find_dt_stop(h);
    sl_world *w = api_sim_world(h);
    const char *scene = api_sim_scene(h);
    const sl_scene_params *params = api_sim_params(h);
    if (!w || !scene || !params) return SL_ERR_NULL;
    if (!(max_steps >= 0 && max_steps < 1e15)) return set_error("max_steps %g outside [0, 1e15)", max_steps), SL_ERR_RANGE;
    const sl_scene_class *sc = api_sim_scene_class(h);
    recipe *r = calloc(1, sizeof *r);
    int n = sl_world_node_count(w);
    if (!r || !(r->pinned = malloc((size_t)(n > 0 ? n : 1) * sizeof *r->pinned))) {
        free(r);
        return set_error("out of memory"), SL_ERR_NOMEM;
    }
    snprintf(r->scene, sizeof r->scene, "%s", scene);
    r->params = *params, r->stepper = sl_world_stepper(w), r->beta = sl_world_beta(w), r->n = n;
    r->iterations = sl_world_iterations(w), r->xpbd_damping = sl_world_xpbd_damping(w);
    for (int i = 0; i < n; i++) r->pinned[i] = sl_world_is_pinned(w, i);
    sl_status st = sl_find_dt_search_start(build_trial, r, sc ? sc->default_dt : 0, SL_FIND_DT_T_END, 0,
                                           (long)max_steps, &searches[h - 1].search);
    searches[h - 1].recipe = r;
    if (st != SL_OK) {
        sl_api_find_dt_stop(h);
        return set_error("find: %s", sl_status_message(st)), st;
    }
    return SL_OK;
}

/* Runs at most max_steps (>= 1) steps of handle h's search: 2 the trial runs on, 1 it
 * ended stable, 0 unstable, -1 the search has ended or h has none
 * (sl_find_dt_search_advance). */
API int sl_api_find_dt_advance(int h, int max_steps) {
    if (h < 1 || h > MAX_HANDLES || max_steps < 1) return -1;
    return sl_find_dt_search_advance(searches[h - 1].search, max_steps);
}

/* Slot `what` (FIND_*) of handle h's search so far; NaN if h has none or what is out of
 * range. */
API double sl_api_find_dt_result(int h, int what) {
    if (h < 1 || h > MAX_HANDLES || !searches[h - 1].search || what < 0 || what >= FIND_SIZE) return NAN;
    sl_find_dt_result r = sl_find_dt_search_result(searches[h - 1].search);
    const double slot[FIND_SIZE] = {
        [FIND_DT_MAX] = r.dt_max, [FIND_DT_HI] = r.dt_hi, [FIND_DT_LO] = r.dt_lo,
        [FIND_DT_TRIAL] = r.dt_trial, [FIND_T_RUN] = r.t_run, [FIND_STEPS] = (double)r.steps,
        [FIND_GAVE_UP] = r.gave_up, [FIND_DONE] = r.done,
    };
    return slot[what];
}
