/* The largest stable time step of a scene under a stepper, by bisection (scene.h,
 * sl_scene_find_dt), and the time a step takes (sl_scene_time_per_step): the columns
 * "Max dt" and "Time" of seed 003's Table 1, for `softlab score` and the browser. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <math.h>
#include <stddef.h>
#include <time.h>

#include "softlab/scene.h"

typedef struct {
    const sl_scene_class *scene;
    const sl_scene_params *params;
    const sl_stepper_class *stepper;
    double t_run;    /* s: length of every run */
    double deadline; /* clock_seconds() past which a run stops (INFINITY: none) */
    long steps_run;  /* over all runs */
    const sl_find_dt_limits *lim; /* progress, or NULL */
    double start, next_report;    /* clock_seconds(): search start, next progress in a run */
} probe;

static double clock_seconds(void);

static sl_world *build(const probe *p, double dt) {
    sl_world *w = NULL;
    if (sl_scene_build(p->scene, p->params, &w) != SL_OK) return NULL;
    if (sl_world_set_stepper(w, p->stepper, dt, 0) != SL_OK) sl_world_destroy(w), w = NULL;
    return w;
}

long sl_scene_find_dt_run_steps(double run_seconds, double dt) {
    if (!(run_seconds > 0) || !(dt > 0)) return 0;
    double steps = round(run_seconds / dt);
    return steps < 8 ? 8 : steps > 1e15 ? (long)1e15 : (long)steps;
}

double sl_scene_find_dt_run_seconds(sl_world *w, double default_dt, double t_end, double *omega_max) {
    if (omega_max) *omega_max = NAN;
    if (!w || !(default_dt > 0) || !(t_end > 0 && t_end <= 1e4)) return NAN;
    double omega = 0;
    if (sl_world_omega_max(w, 20000, &omega) != SL_OK || !(omega > 0) || !isfinite(omega)) omega = 2 / default_dt;
    if (omega_max) *omega_max = omega;
    return fmax(t_end, SL_FIND_DT_PERIODS * 2 * 3.14159265358979323846 / omega);
}

/* Steps of a run at dt (sl_scene_find_dt_run_steps). */
static long run_steps(const probe *p, double dt) { return sl_scene_find_dt_run_steps(p->t_run, dt); }

/* 1 if the scene runs stably for p->t_run at dt (the criterion of scene.h): every step
 * succeeds and the core's verdict (sl_world_judge, judged after every step) never reaches
 * 'growing' or 'diverged'; 'artifact' passes. -1 if the clock passed p->deadline first. */
static int stable_at(probe *p, double dt) {
    sl_world *w = build(p, dt);
    if (!w) return 0;
    sl_verdict v;
    sl_verdict_reset(&v);
    sl_world_judge(w, &v);
    long steps = run_steps(p, dt);
    int ok = 1;
    for (long s = 0; s < steps && ok == 1; s++) {
        sl_status st = sl_world_step(w);
        p->steps_run++;
        ok = sl_world_judge(w, &v) < SL_VERDICT_GROWING && st == SL_OK;
        if (ok && s % 16 == 15 && (isfinite(p->deadline) || p->lim)) { /* the clock: limit, progress */
            double now = clock_seconds();
            if (now > p->deadline) ok = -1;
            else if (p->lim && p->lim->progress && now > p->next_report) {
                p->lim->progress(p->lim->ctx, dt, 2, p->steps_run, now - p->start);
                p->next_report = now + SL_FIND_DT_REPORT_SECONDS;
            }
        }
    }
    sl_world_destroy(w);
    return ok;
}

/* stable_at, then the progress callback of lim (if any). */
static int trial(probe *p, const sl_find_dt_limits *lim, double dt, double start) {
    p->next_report = clock_seconds() + SL_FIND_DT_REPORT_SECONDS;
    int ok = stable_at(p, dt);
    if (lim && lim->progress) lim->progress(lim->ctx, dt, ok, p->steps_run, clock_seconds() - start);
    return ok;
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

sl_status sl_scene_find_dt_limited(const sl_scene_class *sc, const sl_scene_params *params,
                                   const sl_stepper_class *stepper, double t_end, double dt_lo,
                                   const sl_find_dt_limits *lim, sl_find_dt_result *out) {
    sl_find_dt_result none = {0, 0, 0, INFINITY, 0};
    if (out) *out = none;
    if (!sc || !stepper || !out) return SL_ERR_NULL;
    if (!(t_end > 0 && t_end <= 1e4) || !(dt_lo >= 0 && dt_lo < 1)) return SL_ERR_RANGE;
    if (lim && (!(lim->max_steps >= 0) || !(lim->max_seconds >= 0))) return SL_ERR_RANGE;
    sl_world *w = NULL;
    sl_status st = sl_scene_build(sc, params, &w);
    if (st != SL_OK) return st;
    sl_world_set_stepper(w, stepper, sc->default_dt, 0); /* omega_max as the trials see it */
    double omega = 0, t_run = sl_scene_find_dt_run_seconds(w, sc->default_dt, t_end, &omega);
    sl_world_destroy(w);
    double start = clock_seconds();
    probe p = {sc, params, stepper, t_run,
               lim && lim->max_seconds > 0 ? start + lim->max_seconds : INFINITY, 0, lim, start,
               start + SL_FIND_DT_REPORT_SECONDS};
    double lo = dt_lo > 0 ? dt_lo : 1e-3 * 2 / omega;
    if (lim && lim->max_steps > 0 && run_steps(&p, lo) > lim->max_steps) { /* start where a run fits */
        lo = fmin(p.t_run / (double)lim->max_steps, 0.5);
        out->gave_up |= SL_FIND_DT_STEP_CAP;
    }
    double hi = fmax(4 * 2 / omega, 2 * lo);
    out->dt_lo = lo;
    int ok = trial(&p, lim, lo, start);
    if (ok != 1) {
        if (ok < 0) out->gave_up |= SL_FIND_DT_TIME_CAP;
        out->dt_hi = ok < 0 ? INFINITY : lo;
        out->steps = p.steps_run;
        return SL_OK;
    }
    while (hi < 1 && (ok = trial(&p, lim, hi, start)) == 1) lo = hi, hi *= 2;
    if (hi >= 1) hi = INFINITY; /* stable up to the largest dt a world takes */
    for (int i = 0; i < 24 && ok >= 0 && isfinite(hi) && hi - lo > 1e-4 * lo; i++) {
        double mid = sqrt(lo * hi); /* geometric: lo and hi may be decades apart */
        if ((ok = trial(&p, lim, mid, start)) == 1) lo = mid;
        else if (ok == 0) hi = mid;
    }
    if (ok < 0) out->gave_up |= SL_FIND_DT_TIME_CAP;
    out->dt_max = lo;
    out->dt_hi = hi;
    out->steps = p.steps_run;
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
