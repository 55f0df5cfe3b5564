/* `softlab bench [--steps N] [--scene NAME]`: time per step of every stepper on every
 * scene (or one), split into assembly, factorization and solve (seed 000 Fig. 11).
 * `softlab bench --scaling R`: the regularized stepper against N_T up to resolution R.
 * `softlab bench --shapes [--steps N] [--solver NAME]`: issue 11's compact block and
 * slender beam (the scenes perf-block and perf-beam) at about 2,500 / 5,000 / 10,000 /
 * 20,000 tets under every linear solver; with `--form schur`, under the Schur form at the
 * sizes where it runs (40 / 135 / 320 tets).
 * `softlab bench --warp [--steps N]`: seed 002's comparison (issue 16): time per step of
 * linear FEM, stiffness warping per element and per vertex, and Green-strain FEM
 * (implicit-euler) on warp-bar and warp-tube, as ratios to linear FEM from one run.
 * `softlab bench --defaults [--scene NAME] [--seconds S]`: issue 27: every panel of every
 * scene's opening comparison (the page's default_view), wall ms per step as the lab's
 * Worker steps it, the fastest of BENCH_REPEATS consecutive windows of S seconds.
 * `softlab bench --squeeze [--resolution N] [--cfl C]`: seed 001's squeeze to 1.1 %, fixed
 * step against the adaptive one (bench_squeeze.c).
 * Prints a table; the same program runs natively and as wasm, so their ratio is
 * measured by running both in one go (tools/bench.sh). Never used as a test. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "text.h"
#include "softlab/build.h"
#include "softlab/incompressible.h"
#include "softlab/scene.h"
#include "softlab/stepper.h"


/* Runs of each timed row: the machine is shared and others' load only ever adds time, and
 * wasm's first run also pays its compiler's tier-up, so a row reports the fastest of
 * BENCH_REPEATS runs of the same steps from rest (tools/bench_browser.js does the same). */
#define BENCH_REPEATS 3

/* Times `steps` steps (resetting whenever the world diverges), the fastest of
 * BENCH_REPEATS runs from the scene's start; prints one row. */
static void bench_one(const sl_scene_class *scene, const sl_stepper_class *stepper, int steps) {
    sl_scene_params p = sl_scene_params_default();
    sl_world *w = NULL;
    if (sl_scene_build(scene, &p, &w) != SL_OK) return;
    if (sl_world_set_stepper(w, stepper, scene->default_dt, scene->default_beta) != SL_OK) {
        printf("%-22s %-18s %7d %7d  %s\n", scene->name, stepper->name, sl_world_node_count(w),
               sl_world_constraint_count(w), "(cannot run this model)");
        sl_world_destroy(w);
        return;
    }
    sl_step_timing sum = {0};
    int resets = 0;
    double us = 0;
    for (int rep = 0; rep < BENCH_REPEATS; rep++) {
        sl_step_timing rsum = {0};
        int rresets = 0;
        if (rep > 0) sl_world_reset(w);
        double t0 = sl_clock_seconds();
        for (int s = 0; s < steps; s++) {
            if (sl_world_step(w) != SL_OK) sl_world_reset(w), rresets++;
            sl_step_timing t = sl_world_last_timing(w);
            rsum.assembly += t.assembly, rsum.factorization += t.factorization, rsum.solve += t.solve;
        }
        double rus = 1e6 * (sl_clock_seconds() - t0) / steps;
        if (rep == 0 || rus < us) us = rus, sum = rsum, resets = rresets;
    }
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
            sl_step_timing sum = {0};
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
        fprintf(stderr, "softlab: bench %s expects an integer in [%ld, %ld], got '%s'\n", opt, lo, hi, cli_shown(val));
        return 0;
    }
    *out = (int)v;
    return 1;
}

/* ---- issue 11: a compact block and a slender beam at four sizes ------------------------ */

static const char *const solver_names[SL_LINEAR_SOLVER_COUNT] = {
    "default", "factor-pcg", "cholesky", "block-jacobi", "ic0", "default-lu"};

/* Issue 11's sizes of the shapes (about 2,500 / 5,000 / 10,000 / 20,000 tets) as the
 * `resolution` of the scenes perf-block and perf-beam (src/scenes/perf_shapes.c: about
 * 5 r^3 tets each), and those scenes. */
static const int shape_targets[4] = {2500, 5000, 10000, 20000};
static const int shape_resolutions[4] = {8, 10, 13, 16};
static const char *const shape_scenes[2] = {"perf-block", "perf-beam"};

/* The Schur form (seed 000 eq. 21) at the sizes where it runs: its factor fills in so
 * fast that a step takes 0.1 s natively on perf-block at r = 4 (320 tets), 6 s at r = 6 and
 * 42 s at r = 8 (2,560 tets; perf-beam: 0.02, 0.7 and 6.3 s), measured 2026-11-25. */
static const int schur_resolutions[3] = {2, 3, 4};

/* The scene's world at resolution r with its default stepper, dt and beta (regularized,
 * 0.01 s, 20/s). */
static sl_status shape_world(int beam, int r, sl_world **out) {
    const sl_scene_class *sc = sl_scene_find(shape_scenes[beam]);
    if (!sc) return SL_ERR_UNKNOWN_SCENE;
    sl_scene_params p = sl_scene_params_default();
    p.value[SL_PARAM_RESOLUTION] = r;
    sl_status st = sl_scene_build(sc, &p, out);
    if (st == SL_OK) st = sl_world_set_stepper(*out, sl_stepper_find(sc->default_method), sc->default_dt, sc->default_beta);
    if (st != SL_OK) sl_world_destroy(*out), *out = NULL;
    return st;
}

/* The least-squares slope p of log ms against log tets over the sizes measured (ms > 0):
 * ms/step ~ N_T^p; NaN with fewer than two. */
static double cost_exponent(const int *tets, const double *ms, int count) {
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    int k = 0;
    for (int i = 0; i < count; i++) {
        if (!(ms[i] > 0) || tets[i] <= 0) continue;
        double x = log(tets[i]), y = log(ms[i]);
        sx += x, sy += y, sxx += x * x, sxy += x * y, k++;
    }
    return k < 2 ? NAN : (k * sxy - sx * sy) / (k * sxx - sx * sx);
}

/* Steps w `steps` times from its current state, then again from rest (sl_world_reset) up
 * to BENCH_REPEATS runs, each step followed by the verdict (sl_world_judge) as in the lab's Worker
 * (sl_api_step), and prints its row of the shapes table for the fastest run: processor
 * ms per step, the stages' wall times scaled to it, solver iterations, and the
 * largest distance (m) of a node from x_ref (positions after as many steps of the direct
 * Cholesky solve; NULL: 0); failed steps of any run are flagged. x_out (may be NULL): the
 * positions after the steps, double[3n]. Returns the ms per step. */
static double shape_row(sl_world *w, int beam, const char *solver, int r, int steps, const double *x_ref,
                        double *x_out) {
    int n = sl_world_node_count(w), tets = sl_world_constraint_count(w) / 6, fails = 0;
    sl_step_timing sum = {0};
    double total = 0, wall = 0;
    for (int rep = 0; rep < BENCH_REPEATS; rep++) { /* the fastest run of the same steps */
        sl_step_timing rsum = {0};
        double rtotal = 0, rwall = 0;
        sl_verdict verdict;
        sl_verdict_reset(&verdict);
        if (rep > 0) sl_world_reset(w);
        for (int s = 0; s < steps; s++) {
            double t0 = sl_clock_seconds();
            clock_t c0 = clock();
            if (sl_world_step(w) != SL_OK) fails++;
            sl_world_judge(w, &verdict); /* as the lab's step (sl_api_step) does */
            rtotal += (double)(clock() - c0) / CLOCKS_PER_SEC;
            rwall += sl_clock_seconds() - t0;
            sl_step_timing st = sl_world_last_timing(w);
            rsum.assembly += st.assembly, rsum.factorization += st.factorization;
            rsum.solve += st.solve, rsum.iterations += st.iterations;
        }
        if (rep == 0 || rtotal < total) total = rtotal, wall = rwall, sum = rsum;
    }
    double scale = wall > 0 ? total / wall : 1;
    sum.assembly *= scale, sum.factorization *= scale, sum.solve *= scale;
    const double *x = sl_world_positions(w);
    double err = 0;
    for (int i = 0; x_ref && i < n; i++) {
        double d = hypot(hypot(x[3 * i] - x_ref[3 * i], x[3 * i + 1] - x_ref[3 * i + 1]), x[3 * i + 2] - x_ref[3 * i + 2]);
        if (d > err) err = d;
    }
    if (x_out) memcpy(x_out, x, sizeof(double) * 3 * (size_t)n);
    printf("%-10s %-13s %3d %6d %6d %9.2f %9.2f %9.2f %9.2f %8.1f %11.2e%s\n", shape_scenes[beam], solver, r, tets,
           3 * n, 1e3 * total / steps, 1e3 * sum.assembly / steps, 1e3 * sum.factorization / steps,
           1e3 * sum.solve / steps, (double)sum.iterations / steps, err, fails ? " (failed steps)" : "");
    fflush(stdout);
    return 1e3 * total / steps;
}

static void shapes_header(void) {
    printf("%-10s %-13s %3s %6s %6s %9s %9s %9s %9s %8s %11s\n", "scene", "solver", "res", "tets", "dofs",
           "ms/step", "assembly", "factor", "solve", "iter/st", "|x-x_chol|");
}

/* The shapes under the Schur form at schur_resolutions (solver column "schur"), each
 * against the primal form's direct Cholesky solve after as many steps: the same physics
 * by other algebra (seed 000 eqs. 20 and 21), so the distance is round-off. */
static void bench_shapes_schur(int steps) {
    shapes_header();
    for (int beam = 0; beam <= 1; beam++) {
        double ms[3] = {0};
        int tets[3] = {0};
        for (int t = 0; t < 3; t++) {
            sl_world *ref = NULL, *w = NULL;
            if (shape_world(beam, schur_resolutions[t], &ref) != SL_OK) continue;
            double *x_ref = malloc(sizeof(double) * 3 * (size_t)sl_world_node_count(ref));
            if (x_ref) {
                sl_world_set_linear_solver(ref, SL_LINEAR_CHOLESKY);
                for (int s = 0; s < steps; s++) sl_world_step(ref);
                memcpy(x_ref, sl_world_positions(ref), sizeof(double) * 3 * (size_t)sl_world_node_count(ref));
            }
            if (shape_world(beam, schur_resolutions[t], &w) == SL_OK && sl_world_set_solve_form(w, SL_SOLVE_SCHUR) == SL_OK) {
                ms[t] = shape_row(w, beam, "schur", schur_resolutions[t], steps, x_ref, NULL);
                tets[t] = sl_world_constraint_count(w) / 6;
            }
            sl_world_destroy(w), sl_world_destroy(ref), free(x_ref);
        }
        printf("%-10s %-13s cost exponent %.2f (ms/step ~ N_T^p, least squares, %d to %d tets)\n", shape_scenes[beam],
               "schur", cost_exponent(tets, ms, 3), tets[0], tets[2]);
    }
}

static void bench_shapes(int steps, int only_solver, int accuracy, int max_tets) {
    shapes_header();
    for (int beam = 0; beam <= 1; beam++) {
        double ms_at[SL_LINEAR_SOLVER_COUNT][4] = {{0}};
        int tets_at[4] = {0};
        for (int t = 0; t < 4; t++) {
            double *x_ref = NULL;
            for (int solver = SL_LINEAR_DEFAULT; solver < SL_LINEAR_SOLVER_COUNT; solver++) {
                /* the reference (direct Cholesky) runs first for the accuracy column */
                int sv = solver == SL_LINEAR_DEFAULT ? SL_LINEAR_CHOLESKY
                       : solver == SL_LINEAR_CHOLESKY ? SL_LINEAR_DEFAULT : solver;
                if (shape_targets[t] > max_tets) continue;
                if (only_solver >= 0 && sv != only_solver && !(accuracy && sv == SL_LINEAR_CHOLESKY)) continue;
                if (sv == SL_LINEAR_CHOLESKY && !accuracy && only_solver != sv) continue;
                /* DEFAULT_LU is DEFAULT on these SPD systems: measured only when asked for */
                if (sv == SL_LINEAR_DEFAULT_LU && only_solver != sv) continue;
                sl_world *w = NULL;
                if (shape_world(beam, shape_resolutions[t], &w) != SL_OK) continue;
                sl_world_set_linear_solver(w, (sl_linear_solver)sv);
                if (sv == SL_LINEAR_CHOLESKY) x_ref = malloc(sizeof(double) * 3 * (size_t)sl_world_node_count(w));
                ms_at[sv][t] = shape_row(w, beam, solver_names[sv], shape_resolutions[t], steps,
                                         sv == SL_LINEAR_CHOLESKY ? NULL : x_ref,
                                         sv == SL_LINEAR_CHOLESKY ? x_ref : NULL);
                tets_at[t] = sl_world_constraint_count(w) / 6;
                sl_world_destroy(w);
            }
            free(x_ref);
        }
        for (int sv = SL_LINEAR_DEFAULT; sv < SL_LINEAR_SOLVER_COUNT; sv++)
            if (ms_at[sv][0] > 0 && ms_at[sv][3] > 0)
                printf("%-10s %-13s cost exponent %.2f (ms/step ~ N_T^p, least squares, %d to %d tets)\n",
                       shape_scenes[beam], solver_names[sv], cost_exponent(tets_at, ms_at[sv], 4),
                       tets_at[0], tets_at[3]);
    }
}

/* ---- issue 16: linear, warped and Green-strain FEM (seed 002 §4, "5 / 6 / 12 ms") ---- */

static const char *const warp_scenes[2] = {"warp-bar", "warp-tube"};
static const char *const warp_methods[4] = {"linear-fem", "stiffness-warping-element", "stiffness-warping",
                                            "implicit-euler"};

/* Each scene at its defaults (dt = 0.01 s) under the four methods, `steps` steps each from
 * the scene's start; ms/step is processor time (the machine may be shared), split into
 * the stages by their wall times scaled to it; ratio: ms/step over linear FEM's. */
static void bench_warp(int steps) {
    printf("%-10s %-26s %6s %6s %9s %9s %9s %9s %8s %7s\n", "scene", "method", "tets", "nodes", "ms/step",
           "assembly", "factor", "solve", "iter/st", "/linear");
    for (int sc = 0; sc < 2; sc++) {
        const sl_scene_class *scene = sl_scene_find(warp_scenes[sc]);
        double linear_ms = 0;
        for (int k = 0; k < 4 && scene; k++) {
            sl_world *w = NULL;
            if (sl_scene_build(scene, NULL, &w) != SL_OK) continue;
            if (sl_world_set_stepper(w, sl_stepper_find(warp_methods[k]), scene->default_dt, 0) != SL_OK) {
                sl_world_destroy(w);
                continue;
            }
            sl_step_timing sum = {0};
            double total = 0, wall = 0;
            int fails = 0;
            for (int s = 0; s < steps; s++) {
                double t0 = sl_clock_seconds();
                clock_t c0 = clock();
                if (sl_world_step(w) != SL_OK) fails++, sl_world_reset(w);
                total += (double)(clock() - c0) / CLOCKS_PER_SEC;
                wall += sl_clock_seconds() - t0;
                sl_step_timing t = sl_world_last_timing(w);
                sum.assembly += t.assembly, sum.factorization += t.factorization;
                sum.solve += t.solve, sum.iterations += t.iterations;
            }
            double scale = wall > 0 ? total / wall : 1, ms = 1e3 * total / steps;
            if (k == 0) linear_ms = ms;
            printf("%-10s %-26s %6d %6d %9.3f %9.3f %9.3f %9.3f %8.1f %7.2f%s\n", scene->name, warp_methods[k],
                   sl_world_tet_count(w), sl_world_node_count(w), ms, 1e3 * scale * sum.assembly / steps,
                   1e3 * scale * sum.factorization / steps, 1e3 * scale * sum.solve / steps,
                   (double)sum.iterations / steps, linear_ms > 0 ? ms / linear_ms : NAN,
                   fails ? " (failed steps: restarted)" : "");
            fflush(stdout);
            sl_world_destroy(w);
        }
    }
}

/* ---- issue 27: every panel of every scene's opening comparison ------------------------ */

/* Panels of each scene's opening comparison (sl_scene_default_panels: the page's
 * default_view, as `softlab check-defaults` reads it), each built as the lab builds it and
 * stepped as the lab's Worker steps it (sl_world_step, then sl_world_judge, as sl_api_step),
 * from the scene's start on in BENCH_REPEATS consecutive windows of `seconds` of wall time
 * (and at least 3 steps) each; the fastest window's wall ms per step, as the page reports
 * the fastest of its 1 s windows (web/time/perf.js; its Worker times wall time too). So the
 * first steps' set-up (factorizations, a preconditioner) counts once, as on the page. A
 * step that fails restarts the run from rest (resets: in the fastest window; unstable: 1
 * for a panel the scene flags as meant to blow up, which the page stops at its
 * divergence; steps: in the fastest window; cpu_ms_per_step: the fastest window's processor
 * ms per step, which others' load on a shared machine does not inflate). One line per
 * panel, fields separated by blanks (tools/bench.sh):
 *   scene panel stepper dt beta nodes tets rows ms_per_step steps resets unstable cpu_ms_per_step
 * only: one scene or NULL for all. */
static int bench_defaults(const char *only, double seconds) {
    printf("# %s %s %s %s %s %s %s %s %s %s %s %s %s\n", "scene", "panel", "stepper", "dt", "beta", "nodes", "tets", "rows",
           "ms_per_step", "steps", "resets", "unstable", "cpu_ms_per_step");
    int ok = 1;
    for (int i = 0; i < sl_scene_count; i++) {
        const sl_scene_class *sc = sl_scenes[i];
        if (only && strcmp(only, sc->name)) continue;
        sl_scene_panel panels[SL_SCENE_MAX_PANELS];
        int count = 0;
        if (sl_scene_default_panels(sc, panels, &count) != SL_OK) {
            fprintf(stderr, "softlab: bench --defaults: %s: cannot read its default_view\n", sc->name);
            ok = 0;
            continue;
        }
        for (int k = 0; k < count; k++) {
            const sl_scene_panel *pn = &panels[k];
            sl_world *w = NULL;
            sl_status st = sl_scene_build(sc, &pn->params, &w);
            if (st == SL_OK) st = sl_world_set_stepper(w, pn->stepper, pn->dt, pn->beta);
            if (st != SL_OK) {
                fprintf(stderr, "softlab: bench --defaults: %s panel %d: %s\n", sc->name, k,
                        w ? sl_world_last_error(w) : sl_status_message(st));
                sl_world_destroy(w);
                ok = 0;
                continue;
            }
            double best = INFINITY, best_cpu = INFINITY;
            int steps = 0, resets = 0;
            sl_verdict verdict;
            sl_verdict_reset(&verdict);
            sl_world_judge(w, &verdict);
            for (int win = 0; win < BENCH_REPEATS; win++) { /* consecutive windows of one run */
                int n = 0, fails = 0;
                double t0 = sl_clock_seconds(), t = 0;
                clock_t c0 = clock();
                while ((n < 3 || t < seconds) && n < BENCH_MAX_STEPS) {
                    if (sl_world_step(w) != SL_OK) {
                        sl_world_reset(w), sl_verdict_reset(&verdict), fails++;
                    } else {
                        sl_world_judge(w, &verdict); /* as the lab's step (sl_api_step) does */
                    }
                    n++;
                    t = sl_clock_seconds() - t0;
                }
                double cpu = 1e3 * (double)(clock() - c0) / CLOCKS_PER_SEC / n;
                if (1e3 * t / n < best) best = 1e3 * t / n, steps = n, resets = fails;
                if (cpu < best_cpu) best_cpu = cpu;
            }
            printf("%s %d %s %g %g %d %d %d %.4f %d %d %d %.4f\n", sc->name, k, pn->stepper->name, pn->dt, pn->beta,
                   sl_world_node_count(w), sl_world_tet_count(w), sl_world_constraint_count(w), best, steps, resets,
                   pn->unstable, best_cpu);
            fflush(stdout);
            sl_world_destroy(w);
        }
    }
    return ok ? 0 : 1;
}

/* Reads a number in (0, hi] for option opt into *out; 0 (after saying why) if val is not one. */
static int bench_number(const char *opt, const char *val, double hi, double *out) {
    char *end = NULL;
    double x = strtod(val, &end);
    if (end == val || *end || !(x > 0 && x <= hi)) {
        fprintf(stderr, "softlab: bench %s expects a number in (0, %g], got '%s'\n", opt, hi, cli_shown(val));
        return 0;
    }
    *out = x;
    return 1;
}

int softlab_bench(int argc, char **argv) {
    int steps = 0, scaling = 0, shapes = 0, warp = 0, solver = -1, accuracy = 0, max_tets = 20000, schur = 0;
    int defaults = 0, squeeze = 0, cells = 6;
    double seconds = 0.4, cfl = SL_INCOMPRESSIBLE_CFL;
    const char *only = NULL;
    for (int i = 2; i < argc; i++) {
        const char *opt = argv[i];
        if (!strcmp(opt, "--shapes")) { shapes = 1; continue; }
        if (!strcmp(opt, "--accuracy")) { accuracy = 1; continue; }
        if (!strcmp(opt, "--warp")) { warp = 1; continue; }
        if (!strcmp(opt, "--defaults")) { defaults = 1; continue; }
        if (!strcmp(opt, "--squeeze")) { squeeze = 1; continue; }
        if (i + 1 >= argc) {
            fprintf(stderr, "softlab: bench option %s needs a value\n", cli_shown(opt));
            return 2;
        }
        const char *val = argv[++i];
        if (!strcmp(opt, "--steps")) {
            if (!bench_int("--steps", val, 1, BENCH_MAX_STEPS, &steps)) return 2;
        } else if (!strcmp(opt, "--scaling")) {
            if (!bench_int("--scaling", val, 1, BENCH_MAX_SCALING, &scaling)) return 2;
        } else if (!strcmp(opt, "--max-tets")) {
            if (!bench_int("--max-tets", val, 1, 20000, &max_tets)) return 2;
        } else if (!strcmp(opt, "--form")) {
            if (strcmp(val, "primal") && strcmp(val, "schur")) {
                fprintf(stderr, "softlab: bench --form must be primal or schur, got '%s'\n", cli_shown(val));
                return 2;
            }
            schur = !strcmp(val, "schur");
        } else if (!strcmp(opt, "--seconds")) {
            if (!bench_number("--seconds", val, 60, &seconds)) return 2;
        } else if (!strcmp(opt, "--resolution")) {
            if (!bench_int("--resolution", val, 2, 12, &cells)) return 2;
        } else if (!strcmp(opt, "--cfl")) {
            if (!bench_number("--cfl", val, 1, &cfl)) return 2;
        } else if (!strcmp(opt, "--scene")) {
            only = val;
        } else if (!strcmp(opt, "--solver")) {
            for (int k = 0; k < SL_LINEAR_SOLVER_COUNT; k++)
                if (!strcmp(val, solver_names[k])) solver = k;
            if (solver < 0) {
                fprintf(stderr, "softlab: bench --solver: unknown solver '%s'\n", cli_shown(val));
                return 2;
            }
        } else {
            fprintf(stderr, "softlab: bench: unknown option '%s'\n", cli_shown(opt));
            return 2;
        }
    }
    if (only && !sl_scene_find(only)) {
        fprintf(stderr, "softlab: bench: unknown scene '%s' (see 'softlab scenes')\n", cli_shown(only));
        return 2;
    }
    if (squeeze) return softlab_bench_squeeze(cells, cfl);
    if (defaults) return bench_defaults(only, seconds);
    if (shapes && schur) {
        bench_shapes_schur(steps ? steps : 10);
        return 0;
    }
    if (shapes) {
        bench_shapes(steps ? steps : 30, solver, accuracy, max_tets);
        return 0;
    }
    if (warp) {
        bench_warp(steps ? steps : 200);
        return 0;
    }
    if (scaling > 0) {
        bench_scaling(scaling);
        return 0;
    }
    if (!steps) steps = 2000;
    printf("%-22s %-18s %7s %7s %10s %10s %10s %10s %7s\n", "scene", "method", "nodes",
           "rows", "us/step", "assembly", "factor", "solve", "resets");
    for (int i = 0; i < sl_scene_count; i++) {
        if (only && strcmp(only, sl_scenes[i]->name)) continue;
        for (int k = 0; k < sl_stepper_count; k++) bench_one(sl_scenes[i], sl_steppers[k], steps);
    }
    return 0;
}
