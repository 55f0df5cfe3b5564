/* Issue 15: what seed 003's position-based correction (§5; the scene parameter
 * pbd_iterations, sl_world_set_pbd_iterations) does to symplectic Euler on the `oscillator`
 * and `swinging-cube` scenes: the largest stable dt by find-dt's bisection
 * (sl_scene_find_dt, t_end 1 s), and, on the cube at dt = 2 ms (stable with and without)
 * and at its default 50 ms (stable with 20 sweeps or more), the energy kept, the constraint
 * violation and the first minimum of the tracked node.
 * `make check-tools` builds it on the library (build/tools/pbd_stability), runs it and
 * compares its output with tools/pbd_stability.out.txt, the copy the README and lessons quote.
 */
#include <math.h>
#include <stdio.h>

#include "softlab/scene.h"
#include "softlab/stepper.h"

static const int SWEEPS[] = {0, 1, 2, 3, 5, 10, 20, 50};
#define SWEEP_COUNT ((int)(sizeof SWEEPS / sizeof SWEEPS[0]))

static sl_scene_params with_sweeps(int sweeps) {
    sl_scene_params p = sl_scene_params_default();
    sl_scene_params_set(&p, SL_PARAM_PBD_ITERATIONS, sweeps);
    return p;
}

/* find-dt's dt_max (s) of symplectic Euler on scene `name` with `sweeps` sweeps. */
static double dt_max(const char *name, int sweeps) {
    sl_scene_params p = with_sweeps(sweeps);
    double dt = NAN;
    sl_scene_find_dt(sl_scene_find(name), &p, sl_stepper_find("symplectic-euler"), 1.0, &dt);
    return dt;
}

/* The cube with `sweeps` sweeps, symplectic Euler at dt (s) for 2 s: total energy at the
 * end over the start, the largest max|phi|, the first minimum of node 5's height (s, to dt). */
static void cube_run(int sweeps, double dt) {
    sl_scene_params p = with_sweeps(sweeps);
    sl_world *w = NULL;
    sl_scene_build(sl_scene_find("swinging-cube"), &p, &w);
    sl_world_set_stepper(w, sl_stepper_find("symplectic-euler"), dt, 0);
    double e0 = sl_world_energy(w).total, worst = 0, y_prev = INFINITY, t_min = NAN;
    int ok = 1, falling = 0;
    for (long s = 0, n = lround(2.0 / dt); s < n && ok; s++) {
        ok = sl_world_step(w) == SL_OK;
        double y = sl_world_positions(w)[3 * 5 + 1];
        worst = fmax(worst, sl_world_constraint_violation(w));
        if (y < y_prev) falling = 1;
        else if (falling && isnan(t_min)) t_min = sl_world_time(w) - dt;
        y_prev = y;
    }
    printf("cube dt %2.0f ms, %2d sweeps: %s, energy at 2 s %.2f J of %.2f J (%.1f %%), largest max|phi| %.2e, "
           "node 5 first minimum at %.3f s\n", 1e3 * dt, sweeps, ok ? "ran" : "diverged", sl_world_energy(w).total, e0,
           100 * sl_world_energy(w).total / e0, worst, t_min);
    sl_world_destroy(w);
}

int main(void) {
    const char *scenes[2] = {"oscillator", "swinging-cube"};
    for (int s = 0; s < 2; s++) {
        double base = NAN;
        for (int k = 0; k < SWEEP_COUNT; k++) {
            double dt = dt_max(scenes[s], SWEEPS[k]);
            if (k == 0) base = dt;
            printf("%-14s symplectic Euler, %2d sweeps: dt_max %.6g s (%.2f x without)\n", scenes[s], SWEEPS[k], dt,
                   dt / base);
            fflush(stdout);
        }
    }
    for (int k = 0; k < SWEEP_COUNT; k++) cube_run(SWEEPS[k], 0.002);
    for (int k = 0; k < SWEEP_COUNT; k++) /* the scene's default dt, where it is stable */
        if (SWEEPS[k] >= 20) cube_run(SWEEPS[k], 0.05);
    return 0;
}
