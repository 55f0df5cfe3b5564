/* The swinging cube of seed 000 §3: set-up, first-minimum times, pins, solve forms. */
#include <string.h>

#include "test.h"
#include "test_util.h"

TEST(cube_has_18_springs_and_pinned_corner) {
    sl_world *w = make_cube("regularized", 0.05);
    ENSURE(w != NULL);
    ENSURE(sl_world_node_count(w) == 8);
    ENSURE(sl_world_constraint_count(w) == 18); /* five tets share edges: 18 distinct */
    ENSURE(sl_world_is_pinned(w, 2) && !sl_world_is_pinned(w, 0));
    ENSURE(sl_world_tracked_node(w) == 5);
    const double *x = sl_world_positions(w);
    ENSURE(x[15] == 1 && x[16] == 0 && x[17] == 1); /* node 5 = corner (1,0,1) */
    ENSURE(sl_world_triangle_count(w) == 12);        /* 6 faces x 2 triangles */
    sl_world_destroy(w);
}

/* Seed 000 Fig. 3: the regularized stepper "nearly produces the same trajectory for
 * both time steps". Measured: 0.6085 s at dt = 0.05, 0.6304 s at dt = 0.005. */
TEST(cube_regularized_first_minimum_agrees_across_dt) {
    sl_world *coarse = make_cube("regularized", 0.05), *fine = make_cube("regularized", 0.005);
    double tc = first_minimum_time(coarse, 3.0), tf = first_minimum_time(fine, 3.0);
    printf("  first minimum: regularized dt=0.05 %.4f s, dt=0.005 %.4f s\n", tc, tf);
    ENSURE(tf > 0.5 && tf < 0.8); /* a rigid pendulum from rest falls for ~0.6 s */
    ENSURE_NEAR(tc / tf, 1.0, 0.06);
    sl_world_destroy(coarse);
    sl_world_destroy(fine);
}

/* Seed 000 §3 claims the linearly implicit stepper at dt = 0.05 takes "nearly 35%
 * more time" to reach the minimum. With the full force Jacobian (eq. 23) we measure
 * far more (1.331 s against 0.630 s, +111%); the test asserts at least the seed's 35%
 * and that the fine-step implicit run agrees with the reference. */
TEST(cube_implicit_euler_falls_slowly) {
    sl_world *ref = make_cube("regularized", 0.0005);
    sl_world *coarse = make_cube("implicit-euler", 0.05), *fine = make_cube("implicit-euler", 0.0005);
    double tr = first_minimum_time(ref, 3.0);
    double tc = first_minimum_time(coarse, 4.0), tf = first_minimum_time(fine, 3.0);
    printf("  first minimum: reference %.4f s, implicit dt=0.05 %.4f s (+%.0f%%), dt=0.0005 %.4f s\n",
           tr, tc, 100 * (tc / tr - 1), tf);
    ENSURE(tc / tr > 1.35);
    ENSURE_NEAR(tf / tr, 1.0, 0.01);
    sl_world_destroy(ref);
    sl_world_destroy(coarse);
    sl_world_destroy(fine);
}

TEST(cube_pinned_node_never_moves) {
    const char *methods[] = {"implicit-euler", "regularized"};
    for (int k = 0; k < 2; k++) {
        sl_world *w = make_cube(methods[k], 0.05);
        ENSURE(step_n(w, 200) == 200);
        const double *x = sl_world_positions(w), *v = sl_world_velocities(w);
        ENSURE(x[6] == 0 && x[7] == 1 && x[8] == 0);
        ENSURE(v[6] == 0 && v[7] == 0 && v[8] == 0);
        sl_world_destroy(w);
    }
}

/* The primal and Schur (eq. 21) forms of eq. 20 are the same physics. */
TEST(cube_regularized_primal_equals_schur) {
    sl_world *a = make_cube("regularized", 0.05), *b = make_cube("regularized", 0.05);
    ENSURE(sl_world_set_solve_form(a, SL_SOLVE_PRIMAL) == SL_OK);
    ENSURE(sl_world_set_solve_form(b, SL_SOLVE_SCHUR) == SL_OK);
    ENSURE(step_n(a, 40) == 40 && step_n(b, 40) == 40);
    double diff = 0;
    for (int i = 0; i < 24; i++) diff = fmax(diff, fabs(sl_world_positions(a)[i] - sl_world_positions(b)[i]));
    ENSURE(diff < 1e-9);
    sl_world_destroy(a);
    sl_world_destroy(b);
}

/* Seed 000 §5.3: the regularized stepper dissipates internal motion only; over 20 s
 * at dt = 0.05 the total energy stays within 20% of its initial 40 J. */
TEST(cube_regularized_energy_bounded) {
    sl_world *w = make_cube("regularized", 0.05);
    double e0 = sl_world_energy(w).total, worst = 0;
    for (int s = 0; s < 400; s++) {
        ENSURE(sl_world_step(w) == SL_OK);
        worst = fmax(worst, fabs(sl_world_energy(w).total - e0) / e0);
    }
    printf("  largest relative energy change over 20 s: %.3f\n", worst);
    ENSURE(worst < 0.2);
    sl_world_destroy(w);
}

/* Reset restores the initial state exactly, and stepping is deterministic: two runs
 * give bitwise equal positions (Box2D-style determinism check). */
TEST(cube_reset_and_determinism) {
    sl_world *w = make_cube("regularized", 0.05);
    ENSURE(step_n(w, 30) == 30);
    double after[24];
    memcpy(after, sl_world_positions(w), sizeof after);
    sl_world_reset(w);
    ENSURE(sl_world_time(w) == 0 && sl_world_positions(w)[15] == 1);
    ENSURE(step_n(w, 30) == 30);
    ENSURE(memcmp(after, sl_world_positions(w), sizeof after) == 0);
    sl_world_destroy(w);
}

/* Seed 000 §5.3: the regularized stepper's dissipation "does not affect rigid motion,
 * which the linear implicit Euler method does". Set-up: the cube without gravity or
 * pin, spinning rigidly at 2 rad/s about the vertical axis through its centre
 * (kinetic energy 8 J), dt = 0.05, 100 steps (5 s). Measured: regularized keeps
 * 99.78 % of the kinetic energy, linearly implicit Euler 0.14 %. */
TEST(cube_rigid_spin_kept_by_regularized_damped_by_implicit) {
    double ratio[2];
    const char *methods[2] = {"regularized", "implicit-euler"};
    for (int k = 0; k < 2; k++) {
        sl_world *w = make_free_cube();
        ENSURE(w != NULL);
        const double *x = sl_world_positions(w);
        double v[24];
        for (int i = 0; i < 8; i++) {
            v[3 * i] = -2.0 * (x[3 * i + 2] - 0.5); /* v = omega x r, omega = 2 y^ */
            v[3 * i + 1] = 0;
            v[3 * i + 2] = 2.0 * (x[3 * i] - 0.5);
        }
        sl_world_set_velocities(w, v);
        ENSURE(sl_world_set_stepper(w, sl_stepper_find(methods[k]), 0.05, 0) == SL_OK);
        double k0 = sl_world_energy(w).kinetic;
        ENSURE_NEAR(k0, 8.0, 1e-12);
        ENSURE(step_n(w, 100) == 100);
        ratio[k] = sl_world_energy(w).kinetic / k0;
        sl_world_destroy(w);
    }
    printf("  kinetic energy kept after 5 s of free spin: regularized %.4f, implicit %.4f\n",
           ratio[0], ratio[1]);
    ENSURE(ratio[0] > 0.99);
    ENSURE(ratio[1] < 0.01);
}
