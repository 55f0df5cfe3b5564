/* The position-based correction of seed 003 §5 after an explicit step
 * (sl_world_set_pbd_iterations, src/core/world/projection.c): the exact Gauss-Seidel
 * numbers of one step on a two-spring chain, PBD's velocity rule, pinned nodes untouched,
 * the constraint violation of a stiff chain over a run, what it does to the oscillator
 * scene, that the implicit steppers ignore it, and its range checks. */
#include <string.h>

#include "softlab/springs.h"
#include "test.h"
#include "test_util.h"

/* A chain of `springs` springs of k = 100 J (phi is a strain, so k/L^2 N/m along a spring)
 * from node 0, pinned, through nodes of mass `mass` (kg) spaced L (m) along `dir`
 * (double[3], unit), gravity g (m/s^2) along -y, `pbd` sweeps, stepper `method` at dt. */
static sl_world *chain(int springs, double L, double mass, const double dir[3], double g, int pbd,
                       const char *method, double dt) {
    enum { MAX = 16 };
    double x[3 * (MAX + 1)], m[MAX + 1];
    int edges[2 * MAX];
    if (springs > MAX) return NULL;
    for (int i = 0; i <= springs; i++) {
        for (int c = 0; c < 3; c++) x[3 * i + c] = i * L * dir[c];
        m[i] = mass;
    }
    for (int i = 0; i < springs; i++) edges[2 * i] = i, edges[2 * i + 1] = i + 1;
    sl_world_def def = sl_world_def_default();
    def.node_count = springs + 1, def.positions = x, def.masses = m;
    def.gravity[1] = -g;
    sl_world *w = NULL;
    sl_model *model = NULL;
    sl_status st = sl_world_create(&def, &w);
    if (st == SL_OK) st = sl_springs_create(x, springs + 1, edges, springs, 100.0, &model);
    if (st == SL_OK) st = sl_world_add_model(w, model);
    if (st == SL_OK) st = sl_world_pin(w, 0, 1);
    if (st == SL_OK) st = sl_world_set_pbd_iterations(w, pbd);
    if (st == SL_OK) st = sl_world_set_stepper(w, sl_stepper_find(method), dt, 0);
    if (st != SL_OK) sl_world_destroy(w), w = NULL;
    return w;
}

/* Two 1 kg nodes hanging below a pin, 1 m apart, at rest and unstretched. One symplectic
 * Euler step of dt moves both down by g dt^2, stretching only the top spring:
 * phi = (g dt^2, 0). A sweep projects the top row (only node 1 moves: the pin has zero
 * inverse mass), which stretches the second by g dt^2, then the second row, which splits
 * that between its two equal masses: phi = (g dt^2/2, 0). Each further sweep halves the
 * top spring's strain again (the contraction factor of Gauss-Seidel on
 * J M^-1 J^T = [1 -1; -1 2]), so after k sweeps max|phi| = g dt^2 / 2^k, exactly (all
 * moves along the chain, where phi is linear). PBD's velocity rule makes
 * v = (x_end - x_start)/dt for every free node, and the pin stays at rest. */
TEST(pbd_one_step_on_a_two_spring_chain_halves_the_strain_per_sweep) {
    const double down[3] = {0, -1, 0}, g = 9.81, dt = 0.01;
    for (int k = 0; k <= 6; k++) {
        sl_world *w = chain(2, 1.0, 1.0, down, g, k, "symplectic-euler", dt);
        ENSURE(w != NULL);
        if (!w) continue;
        double x0[9];
        memcpy(x0, sl_world_positions(w), sizeof x0);
        ENSURE(sl_world_step(w) == SL_OK);
        double expect = g * dt * dt / (1 << k), violation = sl_world_constraint_violation(w);
        printf("  %d sweeps: max|phi| = %.6e (g dt^2 / 2^%d = %.6e)\n", k, violation, k, expect);
        ENSURE_NEAR(violation, expect, 1e-9 * expect);
        const double *x = sl_world_positions(w), *v = sl_world_velocities(w);
        for (int d = 3; d < 9; d++) ENSURE_NEAR(v[d], (x[d] - x0[d]) / dt, 1e-12);
        for (int d = 0; d < 3; d++) ENSURE(x[d] == x0[d] && v[d] == 0);
        sl_world_destroy(w);
    }
}

/* A stiff chain (10 springs of 0.1 m, k/L^2 = 1e4 N/m, 0.1 kg nodes, omega_max about
 * 630 rad/s) released horizontally under gravity, symplectic Euler at dt = 1 ms: the
 * largest constraint violation over 1 s falls with every added sweep; measured 4.5e-2
 * without, 3.4e-3 with 1 sweep, 3.1e-4 with 10. */
TEST(pbd_reduces_the_constraint_violation_of_a_stiff_chain) {
    const double along[3] = {1, 0, 0};
    const int sweeps[] = {0, 1, 2, 5, 10, 20};
    double worst[6];
    for (int q = 0; q < 6; q++) {
        sl_world *w = chain(10, 0.1, 0.1, along, 9.81, sweeps[q], "symplectic-euler", 1e-3);
        ENSURE(w != NULL);
        if (!w) return;
        worst[q] = 0;
        for (int s = 0; s < 1000; s++) {
            ENSURE(sl_world_step(w) == SL_OK);
            worst[q] = fmax(worst[q], sl_world_constraint_violation(w));
        }
        printf("  %2d sweeps: largest max|phi| over 1 s %.3e\n", sweeps[q], worst[q]);
        if (q > 0) ENSURE(worst[q] < worst[q - 1]);
        sl_world_destroy(w);
    }
    ENSURE(worst[0] > 0.03);            /* the chain stretches by a few % without */
    ENSURE(worst[4] < 0.01 * worst[0]); /* 10 sweeps: below 1 % of that */
}

/* On the oscillator scene one sweep sets the spring to its rest length after every step,
 * so nothing oscillates: the first step's correction (x = 1.099 back to 1, after symplectic
 * Euler's v = -0.1 m/s) becomes a velocity of -10 m/s, which the next step's correction
 * cancels; from then on the node rests at x = 1. This is why find-dt sees no stability
 * limit with pbd_iterations >= 1 there: not a larger limit of the integrator, but no
 * oscillation left to go unstable. */
TEST(pbd_on_the_oscillator_stops_the_oscillation) {
    sl_scene_params p = sl_scene_params_default();
    ENSURE(sl_scene_params_set(&p, SL_PARAM_PBD_ITERATIONS, 1) == SL_OK);
    sl_world *w = NULL;
    ENSURE(sl_scene_build(sl_scene_find("oscillator"), &p, &w) == SL_OK);
    ENSURE(w && sl_world_pbd_iterations(w) == 1);
    if (!w) return;
    ENSURE(sl_world_set_stepper(w, sl_stepper_find("symplectic-euler"), 0.01, 0) == SL_OK);
    ENSURE(sl_world_step(w) == SL_OK);
    ENSURE_NEAR(sl_world_positions(w)[3], 1.0, 1e-14);
    ENSURE_NEAR(sl_world_velocities(w)[3], -10.0, 1e-11);
    for (int s = 0; s < 100; s++) ENSURE(sl_world_step(w) == SL_OK);
    ENSURE_NEAR(sl_world_positions(w)[3], 1.0, 1e-12);
    ENSURE_NEAR(sl_world_velocities(w)[3], 0.0, 1e-9);
    sl_world_destroy(w);
}

/* The correction follows explicit steps only: the regularized stepper's trajectory on the
 * cube is bit for bit the same with 10 sweeps as without, symplectic Euler's is not. */
TEST(pbd_follows_explicit_steppers_only) {
    const char *methods[2] = {"regularized", "symplectic-euler"};
    for (int k = 0; k < 2; k++) {
        sl_world *a = make_cube(methods[k], 1e-3), *b = make_cube(methods[k], 1e-3);
        ENSURE(a && b && sl_world_set_pbd_iterations(b, 10) == SL_OK);
        ENSURE(step_n(a, 50) == 50 && step_n(b, 50) == 50);
        int same = memcmp(sl_world_positions(a), sl_world_positions(b), 24 * sizeof(double)) == 0;
        printf("  %s: trajectory with 10 sweeps %s\n", methods[k], same ? "unchanged" : "changed");
        ENSURE(same == (k == 0));
        sl_world_destroy(a);
        sl_world_destroy(b);
    }
}

/* Range: 0..50 sweeps, whole numbers, through the world and the parameter table. */
TEST(pbd_iterations_are_range_checked) {
    sl_world *w = make_cube("symplectic-euler", 1e-3);
    ENSURE(w != NULL);
    ENSURE(sl_world_set_pbd_iterations(NULL, 1) == SL_ERR_NULL && sl_world_pbd_iterations(NULL) == 0);
    ENSURE(sl_world_set_pbd_iterations(w, -1) == SL_ERR_RANGE);
    ENSURE(strstr(sl_world_last_error(w), "pbd_iterations = -1") != NULL);
    ENSURE(sl_world_set_pbd_iterations(w, SL_WORLD_PBD_MAX_ITERATIONS + 1) == SL_ERR_RANGE);
    ENSURE(sl_world_set_pbd_iterations(w, SL_WORLD_PBD_MAX_ITERATIONS) == SL_OK);
    ENSURE(sl_world_pbd_iterations(w) == SL_WORLD_PBD_MAX_ITERATIONS);
    sl_world_destroy(w);
    sl_scene_params p = sl_scene_params_default();
    ENSURE(sl_param_find("pbd_iterations") == SL_PARAM_PBD_ITERATIONS);
    ENSURE(sl_scene_params_set(&p, SL_PARAM_PBD_ITERATIONS, 2.5) == SL_ERR_RANGE);
    ENSURE(sl_scene_params_set(&p, SL_PARAM_PBD_ITERATIONS, 51) == SL_ERR_RANGE);
    ENSURE(sl_scene_params_set(&p, SL_PARAM_PBD_ITERATIONS, 50) == SL_OK);
    const char *scenes[3] = {"oscillator", "pendulum", "swinging-cube"};
    for (int s = 0; s < 3; s++) { /* the scenes that read it default to 0 (off) */
        const sl_scene_class *sc = sl_scene_find(scenes[s]);
        ENSURE(sc && (sc->params & SL_PARAM_BIT(SL_PARAM_PBD_ITERATIONS)));
        sl_world *d = NULL;
        ENSURE(sc && sl_scene_build(sc, NULL, &d) == SL_OK && sl_world_pbd_iterations(d) == 0);
        sl_world_destroy(d);
    }
}
