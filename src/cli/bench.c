/* `softlab bench [--steps N] [--scene NAME]`: time per step of every stepper on every
 * scene (or one), split into assembly, factorization and solve (seed 000 Fig. 11).
 * `softlab bench --scaling R`: the regularized stepper against N_T up to resolution R.
 * Prints a table; the same program runs natively and as wasm, so their ratio is
 * measured by running both in one go (tools/bench.sh). Never used as a test. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "softlab/scene.h"
#include "softlab/stepper.h"


/* Times `steps` steps (resetting whenever the world diverges); prints one row. */
static void bench_one(const sl_scene_class *scene, const sl_stepper_class *stepper, int steps) {
    sl_scene_params p = sl_scene_params_default();
    sl_world *w = NULL;
    if (sl_scene_build(scene, &p, &w) != SL_OK) return;
    double dt = scene->default_dt;
    if (sl_world_set_stepper(w, stepper, dt, 0) != SL_OK) {
        printf("%-22s %-18s %7d %7d  %s\n", scene->name, stepper->name, sl_world_node_count(w),
               sl_world_constraint_count(w), "(cannot run this model)");
        sl_world_destroy(w);
        return;
    }
    sl_step_timing sum = {0, 0, 0, 0};
    int resets = 0;
    double t0 = sl_clock_seconds();
    for (int s = 0; s < steps; s++) {
        if (sl_world_step(w) != SL_OK) sl_world_reset(w), resets++;
        sl_step_timing t = sl_world_last_timing(w);
        sum.assembly += t.assembly, sum.factorization += t.factorization, sum.solve += t.solve;
    }
    double us = 1e6 * (sl_clock_seconds() - t0) / steps;
    printf("%-22s %-18s %7d %7d %10.2f %10.2f %10.2f %10.2f %7d\n", scene->name, stepper->name,
           sl_world_node_count(w), sl_world_constraint_count(w), us, 1e6 * sum.assembly / steps,
           1e6 * sum.factorization / steps, 1e6 * sum.solve / steps, resets);
    sl_world_destroy(w);
}

/* Seed 000 Fig. 11: time per step of the regularized stepper against the number of
 * tetrahedra N_T, on the soft-beam scene refined (N_T = 25 r^3), split by stage. */
static void bench_scaling(int max_resolution) {
    printf("\n%-8s %8s %8s %10s %10s %10s %10s\n", "form", "N_T", "nodes", "ms/step", "assembly",
           "factor", "solve");
    const sl_scene_class *scene = sl_scene_find("fem-soft-beam");
    for (int form = SL_SOLVE_PRIMAL; form <= SL_SOLVE_SCHUR; form++)
        for (int r = 1; r <= max_resolution; r++) {
            if (form == SL_SOLVE_SCHUR && r > 2) break; /* its fill explodes (eq. 21) */
            sl_scene_params p = sl_scene_params_default();
            p.value[SL_PARAM_RESOLUTION] = r;
            sl_world *w = NULL;
            if (sl_scene_build(scene, &p, &w) != SL_OK) continue;
            sl_world_set_stepper(w, sl_stepper_find("regularized"), scene->default_dt, 0);
            sl_world_set_solve_form(w, (sl_solve_form)form);
            int steps = r <= 4 ? 40 : 10;
            sl_step_timing sum = {0, 0, 0, 0};
            double t0 = sl_clock_seconds();
            for (int s = 0; s < steps; s++) {
                if (sl_world_step(w) != SL_OK) sl_world_reset(w);
                sl_step_timing t = sl_world_last_timing(w);
                sum.assembly += t.assembly, sum.factorization += t.factorization, sum.solve += t.solve;
            }
            double ms = 1e3 * (sl_clock_seconds() - t0) / steps;
            printf("%-8s %8d %8d %10.3f %10.3f %10.3f %10.3f\n", form == SL_SOLVE_PRIMAL ? "primal" : "schur",
                   sl_world_constraint_count(w) / 6, sl_world_node_count(w), ms, 1e3 * sum.assembly / steps,
                   1e3 * sum.factorization / steps, 1e3 * sum.solve / steps);
            sl_world_destroy(w);
        }
}

#define BENCH_MAX_STEPS 100000 /* per scene and stepper: minutes at most on the largest scene */
#define BENCH_MAX_SCALING 8     /* N_T = 25 r^3: 12800 tetrahedra */

/* Parses an integer option value in [lo, hi]; prints why and returns 0 if it is not. */
static int bench_int(const char *opt, const char *val, long lo, long hi, int *out) {
    char *end = NULL;
    errno = 0;
    long v = strtol(val, &end, 10);
    if (errno || end == val || *end || v < lo || v > hi) {
        fprintf(stderr, "softlab: bench %s expects an integer in [%ld, %ld], got '%s'\n", opt, lo, hi, val);
        return 0;
    }
    *out = (int)v;
    return 1;
}

int softlab_bench(int argc, char **argv) {
    int steps = 2000, scaling = 0;
    const char *only = NULL;
    for (int i = 2; i < argc; i += 2) {
        if (i + 1 >= argc) {
            fprintf(stderr, "softlab: bench option %s needs a value\n", argv[i]);
            return 2;
        }
        if (!strcmp(argv[i], "--steps")) {
            if (!bench_int("--steps", argv[i + 1], 1, BENCH_MAX_STEPS, &steps)) return 2;
        } else if (!strcmp(argv[i], "--scene")) {
            only = argv[i + 1];
        } else if (!strcmp(argv[i], "--scaling")) {
            if (!bench_int("--scaling", argv[i + 1], 1, BENCH_MAX_SCALING, &scaling)) return 2;
        } else {
            fprintf(stderr, "softlab: bench: unknown option '%s'\n", argv[i]);
            return 2;
        }
    }
    if (scaling > 0) {
        bench_scaling(scaling);
        return 0;
    }
    if (only && !sl_scene_find(only)) {
        fprintf(stderr, "softlab: bench: unknown scene '%s' (see 'softlab scenes')\n", only);
        return 2;
    }
    printf("%-22s %-18s %7s %7s %10s %10s %10s %10s %7s\n", "scene", "method", "nodes",
           "rows", "us/step", "assembly", "factor", "solve", "resets");
    for (int i = 0; i < sl_scene_count; i++) {
        if (only && strcmp(only, sl_scenes[i]->name)) continue;
        for (int k = 0; k < sl_stepper_count; k++) bench_one(sl_scenes[i], sl_steppers[k], steps);
    }
    return 0;
}
