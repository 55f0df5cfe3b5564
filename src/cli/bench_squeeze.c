/* `softlab bench --squeeze [--resolution N] [--cfl C]` (issue 42): seed 001 §5's squeeze
 * toward 1.1 % of the thickness (onering-squeeze, squeeze_gap 0.011, no gravity), once at
 * the scene's fixed step (0.1 ms) and once with the incompressible stepper's adaptive step
 * (world step 1 ms, cfl C, softlab/incompressible.h), each run to the plates' stop or to the
 * step that fails. Prints per run: how thin the ball got and its largest |V/V0 - 1| until
 * 13 %, 2.3 % and 1.4 % of its thickness (the seed: under 0.1 %, 0.5 % and 1 %), why it
 * stopped, and where the time went: processor seconds, ms per tet per simulated 30 Hz
 * frame beside the seed's 0.17 ms (18 s a frame for 104k tets on a 2007 3 GHz Xeon, §5),
 * MINRES iterations per pressure solve, model evaluations per (sub)step, contact
 * constraints per step, the share of the pressure solves in the step time. Processor
 * time, not wall time: the machine is shared. Never used as a test. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "bench.h"
#include "softlab/build.h"
#include "softlab/incompressible.h"
#include "softlab/scene.h"

#define SQUEEZE_GAP 0.011
#define PAPER_MS_PER_TET_FRAME 0.17 /* seed 001 §5: 18 s/frame, 104k tets */
#define MARKS 3

static const double MARK[MARKS] = {0.13, 0.023, 0.014};

typedef struct squeeze_run {
    double cpu, thinnest, error[MARKS], largest, stop_time, solve_share, contacts;
    long steps, substeps, evaluations;
    int tets, failed, max_iterations;
    double iterations_per_solve;
    char reason[400];
} squeeze_run;

/* Steps w to the plates' stop (or a failure), filling r. */
static void squeeze_steps(sl_world *w, double dt, squeeze_run *r) {
    long steps = lround((1 - SQUEEZE_GAP) * 1.0 / dt); /* onering-squeeze: the plates meet at t = 1 s */
    double solve = 0, total = 0;
    int mark = 0;
    clock_t c0 = clock();
    for (long s = 0; s < steps; s++) {
        if (sl_world_step(w) != SL_OK) {
            const char *why = NULL;
            r->failed = 1, r->stop_time = sl_world_time(w);
            snprintf(r->reason, sizeof r->reason, "%s",
                     sl_world_diverged(w, NULL, &why) && why ? why : sl_world_last_error(w));
            break;
        }
        sl_step_timing t = sl_world_last_timing(w);
        sl_pressure_stats ps;
        sl_incompressible_stats(w, &ps);
        r->steps++, r->substeps += t.substeps, r->evaluations += t.evaluations, r->contacts += ps.contacts;
        solve += t.solve, total += t.assembly + t.solve;
        r->thinnest = sl_world_thickness_ratio(w);
        r->largest = fmax(r->largest, fabs(sl_world_volume_ratio(w) - 1));
        for (; mark < MARKS && r->thinnest <= MARK[mark] + 1e-9; mark++) r->error[mark] = r->largest;
    }
    r->cpu = (double)(clock() - c0) / CLOCKS_PER_SEC;
    r->solve_share = total > 0 ? solve / total : NAN;
    r->contacts /= r->steps > 0 ? (double)r->steps : 1;
}

/* One squeeze at resolution `cells`: fixed dt (cfl 0) or adaptive (world step dt, cfl). */
static int squeeze_run_one(int cells, double dt, double cfl, squeeze_run *r) {
    memset(r, 0, sizeof *r);
    for (int k = 0; k < MARKS; k++) r->error[k] = NAN;
    r->stop_time = NAN, r->thinnest = 1;
    const sl_scene_class *sc = sl_scene_find("onering-squeeze");
    sl_scene_params p = sl_scene_params_default();
    sl_world *w = NULL;
    if (!sc || sl_scene_params_set(&p, SL_PARAM_RESOLUTION, cells) != SL_OK ||
        sl_scene_params_set(&p, SL_PARAM_SQUEEZE_GAP, SQUEEZE_GAP) != SL_OK || sl_scene_build(sc, &p, &w) != SL_OK ||
        sl_world_set_stepper(w, &sl_stepper_incompressible, dt, 0) != SL_OK) {
        fprintf(stderr, "softlab: bench --squeeze: cannot build onering-squeeze at resolution %d\n", cells);
        sl_world_destroy(w);
        return 0;
    }
    sl_incompressible_control c = sl_incompressible_control_default();
    c.adaptive = cfl > 0, c.cfl = cfl > 0 ? cfl : c.cfl;
    sl_incompressible_set_control(w, &c);
    r->tets = sl_world_tet_count(w);
    squeeze_steps(w, dt, r);
    sl_pressure_stats ps;
    if (sl_incompressible_stats(w, &ps) == SL_OK && ps.solves > 0)
        r->iterations_per_solve = (double)ps.iterations / ps.solves, r->max_iterations = ps.max_iterations;
    sl_world_destroy(w);
    return 1;
}

static void squeeze_print(const char *label, const squeeze_run *r) {
    double simulated = r->failed ? r->stop_time : (1 - SQUEEZE_GAP);
    double ms_frame = simulated > 0 ? 1e3 * r->cpu / (simulated * 30) / r->tets : NAN;
    printf("%-22s %5d %7ld %8ld %8.2f %9.3f %6.2f %7.2f %6.1f %5d %6.2f %6.1f %5.0f%% %8.4f %8.4f %8.4f\n", label, r->tets,
           r->steps, r->substeps, r->cpu, ms_frame, ms_frame / PAPER_MS_PER_TET_FRAME, 100 * r->thinnest,
           r->iterations_per_solve, r->max_iterations, (double)r->evaluations / (r->substeps ? r->substeps : 1),
           r->contacts, 100 * r->solve_share, 100 * r->error[0], 100 * r->error[1], 100 * r->error[2]);
    if (r->failed) printf("    stopped at t = %.4f s: %s\n", r->stop_time, r->reason);
}

int softlab_bench_squeeze(int cells, double cfl) {
    squeeze_run fixed, adaptive;
    printf("# onering-squeeze to %.1f %% of the thickness (no gravity); ms/tet/frame: processor time per tet per "
           "simulated 30 Hz frame, x paper: over seed 001's %.2f ms (2007 hardware); err: largest |V/V0 - 1| (%%) "
           "until 13 / 2.3 / 1.4 %% (the seed: < 0.1 / 0.5 / 1)\n", 100 * SQUEEZE_GAP, PAPER_MS_PER_TET_FRAME);
    printf("%-22s %5s %7s %8s %8s %9s %6s %7s %6s %5s %6s %6s %6s %8s %8s %8s\n", "# run", "tets", "steps", "substeps",
           "cpu_s", "ms/tet/fr", "xpaper", "thin_%", "minres", "max", "evals", "contct", "solve", "err13", "err2.3",
           "err1.4");
    if (!squeeze_run_one(cells, 1e-4, 0, &fixed)) return 2;
    squeeze_print("fixed 0.1 ms", &fixed);
    if (!squeeze_run_one(cells, 1e-3, cfl, &adaptive)) return 2;
    char label[40];
    snprintf(label, sizeof label, "adaptive cfl %.2g", cfl);
    squeeze_print(label, &adaptive);
    printf("# processor time adaptive / fixed: %.3f\n", adaptive.cpu / fixed.cpu);
    return 0;
}
