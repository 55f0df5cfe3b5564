/* `softlab find-dt --scene NAME --method NAME [--t-end S] [--pbd-iterations N]`: the
 * largest stable dt by bisection, last line `dt_max=<seconds>` (0: unstable at every dt
 * tried). `softlab score --scene NAME [--t-end S] [--pbd-iterations N]`: seed 003's
 * Table 1 for every explicit stepper: dt_max, time per step, force evaluations,
 * score = dt_max / time per step, the time per step relative to explicit Euler's, and the
 * score per force evaluation.
 *
 * The bisection and its stability criterion are the library's, sl_scene_find_dt
 * (softlab/scene.h): a run of max(t_end, 200 periods of the fastest mode) must not
 * diverge, and in every eighth of it the total energy must come down at least once to
 * E0 + |E0|/2 and rise at most |E0|/2 above the first eighth's largest. dt_max=0 means it
 * failed already at the smallest dt tried, 1e-3 * 2/omega_max. --pbd-iterations sets the
 * scene parameter pbd_iterations. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "score.h"
#include "softlab/scene.h"
#include "softlab/stepper.h"

/* The command line of find-dt and score. */
typedef struct {
    const char *scene, *method;
    double t_end;           /* s */
    double dt_lo;           /* s: --dt-lo, where the search starts (0: 1e-3 * 2/omega_max) */
    sl_scene_params params; /* --pbd-iterations, --young; the rest keep the scene's defaults */
} probe_args;

/* Largest stable dt (s): the library's bisection (scene.h), 0 if it fails. */
static double find_dt(const probe_args *a, const sl_stepper_class *stepper) {
    double dt = 0;
    return sl_scene_find_dt_from(sl_scene_find(a->scene), &a->params, stepper, a->t_end, a->dt_lo, &dt) == SL_OK ? dt : 0;
}

/* Time per step (s) at dt: the library's (sl_scene_time_per_step: processor time, the
 * best of three trials of t_end of simulated time); NaN if it fails. */
static double time_per_step(const probe_args *a, const sl_stepper_class *stepper, double dt) {
    double tps = NAN;
    return sl_scene_time_per_step(sl_scene_find(a->scene), &a->params, stepper, dt, a->t_end, &tps) == SL_OK ? tps : NAN;
}

/* Reads the options after the command into a; 0 on a bad or unknown option. */
static int parse(int argc, char **argv, probe_args *a) {
    a->scene = a->method = NULL;
    a->t_end = 1.0;
    a->dt_lo = 0;
    a->params = sl_scene_params_default();
    for (int i = 2; i < argc; i += 2) {
        if (i + 1 >= argc) return 0;
        char *end = NULL;
        if (!strcmp(argv[i], "--scene")) a->scene = argv[i + 1];
        else if (!strcmp(argv[i], "--method")) a->method = argv[i + 1];
        else if (!strcmp(argv[i], "--t-end")) a->t_end = strtod(argv[i + 1], NULL);
        else if (!strcmp(argv[i], "--dt-lo")) {
            a->dt_lo = strtod(argv[i + 1], &end);
            if (*end || !(a->dt_lo > 0 && a->dt_lo < 1)) return 0;
        } else if (!strcmp(argv[i], "--young")) { /* seed 002's tube table runs E = 0.1 ... 2 MPa */
            double e = strtod(argv[i + 1], &end);
            if (*end || sl_scene_params_set(&a->params, SL_PARAM_YOUNG_MODULUS, e) != SL_OK) return 0;
        } else if (!strcmp(argv[i], "--pbd-iterations")) {
            double n = strtod(argv[i + 1], &end);
            if (*end || sl_scene_params_set(&a->params, SL_PARAM_PBD_ITERATIONS, n) != SL_OK) return 0;
        } else return 0;
    }
    return a->t_end > 0 && a->t_end <= 1e4 && a->scene && sl_scene_find(a->scene);
}

int softlab_find_dt(int argc, char **argv) {
    probe_args a;
    if (!parse(argc, argv, &a) || !a.method || !sl_stepper_find(a.method)) {
        fprintf(stderr, "usage: softlab find-dt --scene NAME --method NAME [--t-end S] [--pbd-iterations N] [--young PA] [--dt-lo S]\n"
                        "  largest stable dt by bisection (sl_scene_find_dt): stable = a run of\n"
                        "  max(t_end (default 1 s), 200 periods of the fastest mode) does not diverge,\n"
                        "  and in every eighth of it the total energy comes down at least once to\n"
                        "  E0 + m and rises at most to the first eighth's largest + m (E0 initial,\n"
                        "  m = |E0|/2, 1/2 J if E0 = 0); dt_max=0: unstable already at 1e-3 * 2/omega_max\n"
                        "  (or at --dt-lo S, where the search starts instead: implicit steppers)\n");
        return 2;
    }
    const sl_stepper_class *c = sl_stepper_find(a.method);
    double dt = find_dt(&a, c);
    printf("scene=%s method=%s t_end=%g bound=%g evaluations=%d\n", a.scene, a.method, a.t_end, c->stability_bound,
           c->force_evaluations);
    printf("dt_max=%.9g\n", dt);
    return 0;
}

int softlab_score(int argc, char **argv) {
    probe_args a;
    if (!parse(argc, argv, &a)) {
        fprintf(stderr, "usage: softlab score --scene NAME [--t-end S] [--pbd-iterations N]   (criterion: softlab find-dt)\n");
        return 2;
    }
    /* the time per step relative to explicit Euler's: its score is 0 at every dt, so a
     * score ratio was always nan or inf; the cost ratio is about the evaluations' */
    double ref = NAN;
    printf("%-20s %12s %10s %6s %12s %10s %12s\n", "method", "dt_max_s", "us_step", "evals", "score",
           "t_vs_euler", "score/eval");
    for (int k = 0; k < sl_stepper_count; k++) {
        const sl_stepper_class *c = sl_steppers[k];
        if (c->flags & SL_STEPPER_LINEAR_SOLVE) continue;
        double dt = find_dt(&a, c);
        /* timed over the run find_dt checked (steps past t_end might diverge and reset) */
        double dt_run = dt > 0 ? dt : sl_scene_find(a.scene)->default_dt;
        double tps = time_per_step(&a, c, dt_run);
        double score = dt / tps;
        if (!strcmp(c->name, "explicit-euler")) ref = tps;
        printf("%-20s %12.6g %10.3f %6d %12.4g %10.3f %12.4g\n", c->name, dt, 1e6 * tps, c->force_evaluations,
               score, tps / ref, score / c->force_evaluations);
    }
    return 0;
}
