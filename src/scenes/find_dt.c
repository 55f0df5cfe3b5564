/* The largest stable time step of a scene under a stepper, by bisection (scene.h,
 * sl_scene_find_dt), and the time a step takes (sl_scene_time_per_step): the columns
 * "Max dt" and "Time" of seed 003's Table 1, for `softlab score` and the browser. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <time.h>

#include "softlab/scene.h"

static double clock_seconds(void);

long sl_scene_find_dt_run_steps(double run_seconds, double dt) {
    if (!(run_seconds > 0) || !(dt > 0)) return 0;
    double steps = round(run_seconds / dt);
    return steps < SL_FIND_DT_MIN_STEPS ? SL_FIND_DT_MIN_STEPS : steps > 1e15 ? (long)1e15 : (long)steps;
}

double sl_scene_find_dt_run_seconds(sl_world *w, double default_dt, double t_end, double *omega_max) {
    if (omega_max) *omega_max = NAN;
    if (!w || !(default_dt > 0) || !(t_end > 0 && t_end <= 1e4)) return NAN;
    double omega = 0;
    if (sl_world_omega_max(w, 20000, &omega) != SL_OK || !(omega > 0) || !isfinite(omega)) omega = 2 / default_dt;
    if (omega_max) *omega_max = omega;
    return fmax(t_end, SL_FIND_DT_PERIODS * 2 * 3.14159265358979323846 / omega);
}

/* ---- the search, one trial step at a time ---------------------------------------- */

/* Where a search is: the first trial (at dt_lo), the doublings, the bisection, done. */
enum { PHASE_FIRST, PHASE_DOUBLE, PHASE_BISECT, PHASE_DONE };

struct sl_find_dt_search {
    sl_find_dt_builder build; /* a fresh world at dt, stepper set (NULL: cannot) */
    void *ctx;
    double t_run;             /* s: length of every trial run */
    double lo, hi;            /* s: largest dt found stable (if lo_ok), smallest unstable */
    int lo_ok;                /* the first trial (at lo) passed */
    int phase, bisections;
    sl_world *w;              /* the trial run's world (NULL between trials) */
    sl_verdict verdict;       /* the core's verdict on that run */
    long step, steps;         /* steps done, steps it takes */
    sl_find_dt_result r;
};

/* The dt the next trial runs at, by phase. */
static double next_dt(const sl_find_dt_search *s) {
    return s->phase == PHASE_FIRST ? s->lo : s->phase == PHASE_DOUBLE ? s->hi : sqrt(s->lo * s->hi);
}

/* Ends the search: the result from lo and hi. */
static void finish(sl_find_dt_search *s) {
    s->phase = PHASE_DONE;
    s->r.dt_trial = NAN;
    s->r.dt_max = s->lo_ok ? s->lo : 0;
    s->r.dt_hi = s->lo_ok ? s->hi : s->r.gave_up & SL_FIND_DT_TIME_CAP ? INFINITY : s->lo;
}

/* Bisects on (geometrically: lo and hi may be decades apart) to a relative width of 1e-4,
 * at most 24 times, or ends the search. */
static void bisect_or_finish(sl_find_dt_search *s) {
    if (s->bisections < 24 && isfinite(s->hi) && s->hi - s->lo > 1e-4 * s->lo) s->phase = PHASE_BISECT;
    else finish(s);
}

/* Takes the outcome of the trial at dt (1 stable, 0 not) and chooses the next. */
static void decide(sl_find_dt_search *s, double dt, int stable) {
    switch (s->phase) {
    case PHASE_FIRST:
        if (!stable) { finish(s); return; }
        s->lo_ok = 1;
        break;
    case PHASE_DOUBLE:
        if (!stable) { bisect_or_finish(s); return; }
        s->lo = dt, s->hi *= 2;
        break;
    case PHASE_BISECT:
        s->bisections++;
        if (stable) s->lo = dt; else s->hi = dt;
        bisect_or_finish(s);
        return;
    }
    if (s->lo >= SL_DT_MAX) {
        s->hi = INFINITY, finish(s); /* stable at the largest dt a world takes */
        return;
    }
    /* the next doubling, or the largest dt a world takes when a doubling would pass it
     * (before, a search whose doubling passed 1 s ended at the last stable dt: on the
     * oscillator at k = 25 N/m, omega = 5 rad/s, RK4 got its first trial's 2.5e-4 s
     * where its bound sqrt(8)/omega is 0.566 s) */
    s->hi = fmin(s->hi, SL_DT_MAX);
    s->phase = PHASE_DOUBLE;
}

sl_status sl_find_dt_search_start(sl_find_dt_builder build, void *ctx, double default_dt, double t_end,
                                  double dt_lo, long max_steps, sl_find_dt_search **out) {
    if (out) *out = NULL;
    if (!build || !out) return SL_ERR_NULL;
    if (!(default_dt > 0 && default_dt < 1) || !(t_end > 0 && t_end <= 1e4) || !(dt_lo >= 0 && dt_lo < 1) ||
        !(max_steps >= 0))
        return SL_ERR_RANGE;
    /* omega_max as the trials see it; a world that will not build (a stepper that refuses
     * the scene) fails the first trial, so the search ends there with dt_max = 0 */
    sl_world *w = build(ctx, default_dt);
    double omega = 2 / default_dt, t_run = t_end;
    if (w) t_run = sl_scene_find_dt_run_seconds(w, default_dt, t_end, &omega);
    sl_world_destroy(w);
    sl_find_dt_search *s = calloc(1, sizeof *s);
    if (!s) return SL_ERR_NOMEM;
    s->build = build, s->ctx = ctx, s->t_run = t_run;
    s->lo = dt_lo > 0 ? dt_lo : 1e-3 * 2 / omega;
    if (max_steps > 0 && sl_scene_find_dt_run_steps(t_run, s->lo) > max_steps) { /* start where a run fits */
        s->lo = fmin(t_run / (double)max_steps, 0.5);
        s->r.gave_up |= SL_FIND_DT_STEP_CAP;
    }
    s->hi = fmin(fmax(4 * 2 / omega, 2 * s->lo), SL_DT_MAX);
    s->r.dt_lo = s->lo;
    s->r.dt_hi = INFINITY;
    s->r.dt_trial = s->lo;
    s->r.t_run = t_run;
    s->phase = PHASE_FIRST;
    *out = s;
    return SL_OK;
}

int sl_find_dt_search_advance(sl_find_dt_search *s, long max_steps) {
    if (!s || s->phase == PHASE_DONE) return -1;
    double dt = next_dt(s);
    if (!s->w) { /* a new trial: a fresh world as built */
        s->w = s->build(s->ctx, dt);
        if (s->w) {
            sl_verdict_reset(&s->verdict);
            sl_world_judge(s->w, &s->verdict);
        }
        s->step = 0, s->steps = sl_scene_find_dt_run_steps(s->t_run, dt);
    }
    int ok = s->w != NULL;
    for (long n = 0; ok && s->step < s->steps && (max_steps <= 0 || n < max_steps); n++) {
        sl_status st = sl_world_step(s->w);
        s->step++, s->r.steps++;
        ok = sl_world_judge(s->w, &s->verdict) < SL_VERDICT_GROWING && st == SL_OK;
    }
    if (ok && s->step < s->steps) return 2;
    sl_world_destroy(s->w);
    s->w = NULL;
    decide(s, dt, ok);
    if (s->phase != PHASE_DONE) s->r.dt_trial = next_dt(s);
    return ok;
}

void sl_find_dt_search_stop(sl_find_dt_search *s) {
    if (!s || s->phase == PHASE_DONE) return;
    sl_world_destroy(s->w);
    s->w = NULL;
    s->r.gave_up |= SL_FIND_DT_TIME_CAP;
    finish(s);
}

sl_find_dt_result sl_find_dt_search_result(const sl_find_dt_search *s) {
    sl_find_dt_result r = {0, 0, 0, INFINITY, 0, NAN, NAN, 0};
    if (!s) return r;
    r = s->r;
    r.done = s->phase == PHASE_DONE;
    if (!r.done) r.dt_max = s->lo_ok ? s->lo : 0, r.dt_hi = s->hi;
    return r;
}

void sl_find_dt_search_destroy(sl_find_dt_search *s) {
    if (!s) return;
    sl_world_destroy(s->w);
    free(s);
}

/* ---- the search on a scene from the table, to its end ----------------------------- */

/* What the builder of a scene's trials needs. */
typedef struct {
    const sl_scene_class *scene;
    const sl_scene_params *params;
    const sl_stepper_class *stepper;
} scene_trial;

/* A fresh world of the scene at dt under the stepper (beta 0), or NULL. */
static sl_world *build_scene(void *ctx, double dt) {
    const scene_trial *p = ctx;
    sl_world *w = NULL;
    if (sl_scene_build(p->scene, p->params, &w) != SL_OK) return NULL;
    if (sl_world_set_stepper(w, p->stepper, dt, 0) != SL_OK) sl_world_destroy(w), w = NULL;
    return w;
}

sl_status sl_scene_find_dt(const sl_scene_class *sc, const sl_scene_params *params,
                           const sl_stepper_class *stepper, double t_end, double *dt_max) {
    return sl_scene_find_dt_from(sc, params, stepper, t_end, 0, dt_max);
}

sl_status sl_scene_find_dt_from(const sl_scene_class *sc, const sl_scene_params *params,
                                const sl_stepper_class *stepper, double t_end, double dt_lo,
                                double *dt_max) {
    sl_find_dt_result r;
    sl_status st = sl_scene_find_dt_limited(sc, params, stepper, t_end, dt_lo, NULL, &r);
    if (dt_max) *dt_max = r.dt_max;
    return st;
}

/* Steps between looks at the clock when the search has a time limit or reports progress. */
#define CLOCK_STEPS 16

sl_status sl_scene_find_dt_limited(const sl_scene_class *sc, const sl_scene_params *params,
                                   const sl_stepper_class *stepper, double t_end, double dt_lo,
                                   const sl_find_dt_limits *lim, sl_find_dt_result *out) {
    if (out) *out = sl_find_dt_search_result(NULL);
    if (!sc || !stepper || !out) return SL_ERR_NULL;
    if (!(t_end > 0 && t_end <= 1e4) || !(dt_lo >= 0 && dt_lo < 1)) return SL_ERR_RANGE;
    if (lim && (!(lim->max_steps >= 0) || !(lim->max_seconds >= 0))) return SL_ERR_RANGE;
    if (!sc->build) return SL_ERR_UNKNOWN_SCENE;
    sl_world *w = NULL; /* the scene's own error, if it will not build */
    sl_status st = sl_scene_build(sc, params, &w);
    sl_world_destroy(w);
    if (st != SL_OK) return st;
    scene_trial trial = {sc, params, stepper};
    sl_find_dt_search *s = NULL;
    st = sl_find_dt_search_start(build_scene, &trial, sc->default_dt, t_end, dt_lo, lim ? lim->max_steps : 0, &s);
    if (st != SL_OK) return st;
    double start = clock_seconds(), deadline = lim && lim->max_seconds > 0 ? start + lim->max_seconds : INFINITY;
    double next_report = start + SL_FIND_DT_REPORT_SECONDS;
    int watch = isfinite(deadline) || (lim && lim->progress); /* look at the clock */
    for (;;) {
        double dt = s->r.dt_trial;
        int ok = sl_find_dt_search_advance(s, watch ? CLOCK_STEPS : 0);
        if (ok < 0) break;
        double now = watch ? clock_seconds() : 0;
        if (ok < 2) { /* a trial ended */
            if (lim && lim->progress) lim->progress(lim->ctx, dt, ok, s->r.steps, now - start);
            next_report = now + SL_FIND_DT_REPORT_SECONDS;
        } else if (now > deadline) {
            if (lim && lim->progress) lim->progress(lim->ctx, dt, -1, s->r.steps, now - start);
            sl_find_dt_search_stop(s);
        } else if (lim && lim->progress && now > next_report) {
            lim->progress(lim->ctx, dt, 2, s->r.steps, now - start);
            next_report = now + SL_FIND_DT_REPORT_SECONDS;
        }
    }
    *out = sl_find_dt_search_result(s);
    sl_find_dt_search_destroy(s);
    return SL_OK;
}

/* Seconds on the clock of sl_scene_time_per_step: processor time where the system keeps
 * it, else monotonic wall time (Emscripten has no CLOCK_PROCESS_CPUTIME_ID, and its
 * clock() counts whole milliseconds of Date.now()). */
static double clock_seconds(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0 && clock_gettime(CLOCK_MONOTONIC, &ts) != 0) return NAN;
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

sl_status sl_scene_time_per_step(const sl_scene_class *sc, const sl_scene_params *params,
                                 const sl_stepper_class *stepper, double dt, double t_end,
                                 double *seconds) {
    if (seconds) *seconds = NAN;
    if (!sc || !stepper || !seconds) return SL_ERR_NULL;
    if (!(dt > 0 && dt < 1) || !(t_end > 0 && t_end <= 1e4)) return SL_ERR_RANGE;
    long steps = lround(fmax(50, fmin(20000, t_end / dt)));
    double best = INFINITY;
    for (int r = 0; r < SL_TIME_RUNS; r++) {
        sl_world *w = NULL;
        sl_status st = sl_scene_build(sc, params, &w);
        if (st == SL_OK && (st = sl_world_set_stepper(w, stepper, dt, 0)) != SL_OK) sl_world_destroy(w);
        if (st != SL_OK) return st;
        long run = 0;
        double t0 = clock_seconds(), elapsed = 0;
        do {
            for (long s = 0; s < steps; s++)
                if (sl_world_step(w) != SL_OK) sl_world_reset(w);
            sl_world_reset(w);
            run += steps;
            elapsed = clock_seconds() - t0;
        } while (elapsed < SL_TIME_MIN_SECONDS && run < 10000000); /* the cap: a clock that stands still */
        best = fmin(best, elapsed / (double)run);
        sl_world_destroy(w);
    }
    *seconds = best;
    return isfinite(best) ? SL_OK : SL_ERR_RANGE;
}
