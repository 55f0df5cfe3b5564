/* `softlab find-dt --scene NAME --method NAME [--t-end S]`: the largest stable dt by
 * bisection, last line `dt_max=<seconds>` (0: unstable at every dt tried).
 * `softlab score --scene NAME [--t-end S]`: seed 003's Table 1 for every explicit
 * stepper: dt_max, time per step, force evaluations, score = dt_max / time per step,
 * relative to explicit Euler's, and per force evaluation.
 *
 * Stability criterion (one run of the scene to t_end at that dt): the run does not
 * diverge and the total energy never rises above E0 + |E0|/2 (E0 its initial value, or
 * 1 J if that is 0). A finite run cannot show that a scheme is unstable at every dt
 * (explicit Euler's energy grows as exp(omega^2 dt t), slowly at a tiny dt), so such a
 * method gets the dt at which its growth reaches that limit by t_end; dt_max=0 means it
 * failed already at the smallest dt tried. The bisection (geometric)
 * runs between dt_lo = 1e-3 * 2/omega_max and the first unstable doubling of 4 * 2/omega_max. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "score.h"
#include "softlab/scene.h"
#include "softlab/stepper.h"

static sl_world *build(const sl_scene_class *scene, const sl_stepper_class *stepper, double dt) {
    sl_world *w = NULL;
    if (sl_scene_build(scene, NULL, &w) != SL_OK) return NULL;
    if (sl_world_set_stepper(w, stepper, dt, 0) != SL_OK) {
        sl_world_destroy(w);
        return NULL;
    }
    return w;
}

/* 1 if the scene runs stably to t_end at dt (criterion above). */
static int stable_at(const sl_scene_class *scene, const sl_stepper_class *stepper, double dt, double t_end) {
    sl_world *w = build(scene, stepper, dt);
    if (!w) return 0;
    double e0 = sl_world_energy(w).total, scale = e0 != 0 ? fabs(e0) : 1.0;
    long steps = lround(t_end / dt);
    if (steps < 8) steps = 8;
    int ok = 1;
    for (long s = 0; s < steps && ok; s++)
        ok = sl_world_step(w) == SL_OK && sl_world_energy(w).total - e0 <= 0.5 * scale;
    sl_world_destroy(w);
    return ok;
}

/* Largest stable dt (s) by bisection; 0 if unstable at dt_lo. */
static double find_dt(const sl_scene_class *scene, const sl_stepper_class *stepper, double t_end) {
    sl_world *w = build(scene, stepper, scene->default_dt);
    double omega = 0;
    if (!w || sl_world_omega_max(w, 20000, &omega) != SL_OK || !(omega > 0)) omega = 2 / scene->default_dt;
    sl_world_destroy(w);
    double lo = 1e-3 * 2 / omega, hi = 4 * 2 / omega;
    if (!stable_at(scene, stepper, lo, t_end)) return 0;
    while (hi < 1 && stable_at(scene, stepper, hi, t_end)) lo = hi, hi *= 2;
    if (hi >= 1) return lo;
    for (int i = 0; i < 24 && hi - lo > 1e-4 * lo; i++) {
        double mid = sqrt(lo * hi); /* geometric: lo and hi may be decades apart */
        if (stable_at(scene, stepper, mid, t_end)) lo = mid;
        else hi = mid;
    }
    return lo;
}

/* Processor time per step (s) at dt, the best of three runs of `steps` steps: CPU time,
 * not wall time, so that other work on the machine does not enter the score. */
static double time_per_step(const sl_scene_class *scene, const sl_stepper_class *stepper, double dt, int steps) {
    double best = INFINITY;
    for (int r = 0; r < 3; r++) {
        sl_world *w = build(scene, stepper, dt);
        if (!w) return NAN;
        clock_t t0 = clock();
        for (int s = 0; s < steps; s++)
            if (sl_world_step(w) != SL_OK) sl_world_reset(w);
        best = fmin(best, (double)(clock() - t0) / CLOCKS_PER_SEC / steps);
        sl_world_destroy(w);
    }
    return best;
}

static int parse(int argc, char **argv, const char **scene, const char **method, double *t_end) {
    for (int i = 2; i < argc; i += 2) {
        if (i + 1 >= argc) return 0;
        if (!strcmp(argv[i], "--scene")) *scene = argv[i + 1];
        else if (!strcmp(argv[i], "--method")) *method = argv[i + 1];
        else if (!strcmp(argv[i], "--t-end")) *t_end = strtod(argv[i + 1], NULL);
        else return 0;
    }
    return *t_end > 0 && *t_end <= 1e4;
}

int softlab_find_dt(int argc, char **argv) {
    const char *scene = NULL, *method = NULL;
    double t_end = 1.0;
    if (!parse(argc, argv, &scene, &method, &t_end) || !scene || !method || !sl_scene_find(scene) ||
        !sl_stepper_find(method)) {
        fprintf(stderr, "usage: softlab find-dt --scene NAME --method NAME [--t-end S]\n"
                        "  largest stable dt by bisection: stable = no divergence to t_end (default 1 s)\n"
                        "  and the total energy never above E0 + |E0|/2 (E0 initial; 1 J if 0);\n"
                        "  dt_max=0: unstable already at 1e-3 * 2/omega_max\n");
        return 2;
    }
    const sl_stepper_class *c = sl_stepper_find(method);
    double dt = find_dt(sl_scene_find(scene), c, t_end);
    printf("scene=%s method=%s t_end=%g bound=%g evaluations=%d\n", scene, method, t_end, c->stability_bound,
           c->force_evaluations);
    printf("dt_max=%.9g\n", dt);
    return 0;
}

int softlab_score(int argc, char **argv) {
    const char *scene_name = NULL, *method = NULL;
    double t_end = 1.0;
    if (!parse(argc, argv, &scene_name, &method, &t_end) || !scene_name || !sl_scene_find(scene_name)) {
        fprintf(stderr, "usage: softlab score --scene NAME [--t-end S]   (criterion: softlab find-dt)\n");
        return 2;
    }
    const sl_scene_class *scene = sl_scene_find(scene_name);
    double ref = NAN;
    printf("%-20s %12s %10s %6s %12s %10s %12s\n", "method", "dt_max_s", "us_step", "evals", "score",
           "vs_euler", "score/eval");
    for (int k = 0; k < sl_stepper_count; k++) {
        const sl_stepper_class *c = sl_steppers[k];
        if (c->flags & SL_STEPPER_LINEAR_SOLVE) continue;
        double dt = find_dt(scene, c, t_end);
        /* timed over the run find_dt checked (steps past t_end might diverge and reset) */
        double dt_run = dt > 0 ? dt : scene->default_dt;
        double tps = time_per_step(scene, c, dt_run, (int)fmax(50, fmin(20000, lround(t_end / dt_run))));
        double score = dt / tps;
        if (!strcmp(c->name, "explicit-euler")) ref = score;
        printf("%-20s %12.6g %10.3f %6d %12.4g %10.3f %12.4g\n", c->name, dt, 1e6 * tps, c->force_evaluations,
               score, score / ref, score / c->force_evaluations);
    }
    return 0;
}
