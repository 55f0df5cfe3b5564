/* Distance springs (seed 000 §2.1, §3): J and the geometric term against central
 * finite differences, zero strain under rigid motion, momentum conservation. */
#include <stdlib.h>
#include <string.h>

#include "softlab/springs.h"
#include "softlab/warping.h"
#include "test.h"
#include "test_util.h"

/* The cube's positions perturbed by a fixed pseudo-random displacement of ~0.1 m. */
static void perturbed_cube(const sl_world *w, double *x) {
    unsigned s = 7u;
    for (int i = 0; i < 24; i++) {
        s = s * 1664525u + 1013904223u;
        x[i] = sl_world_rest_positions(w)[i] + 0.2 * ((double)(s >> 8) / (1u << 24) - 0.5);
    }
}

TEST(springs_jacobian_matches_central_differences) {
    sl_world *w = make_cube("regularized", 0.05);
    double x[24], phi[18], J[18 * 24], phip[18], phim[18], worst = 0;
    perturbed_cube(w, x);
    ENSURE(sl_world_evaluate(w, x, phi, J) == SL_OK);
    const double h = 1e-6;
    for (int d = 0; d < 24; d++) {
        double keep = x[d];
        x[d] = keep + h;
        sl_world_evaluate(w, x, phip, NULL);
        x[d] = keep - h;
        sl_world_evaluate(w, x, phim, NULL);
        x[d] = keep;
        for (int r = 0; r < 18; r++)
            worst = fmax(worst, fabs((phip[r] - phim[r]) / (2 * h) - J[r * 24 + d]));
    }
    ENSURE(worst < 1e-8);
    sl_world_destroy(w);
}

/* H = sum_i w_i d^2 phi_i/dx^2 against the central difference of J^T w. */
TEST(springs_geometric_stiffness_matches_central_differences) {
    double x[6] = {0.1, 0.2, -0.3, 1.3, 0.9, 0.4}, rest[6] = {0, 0, 0, 1, 0, 0};
    int edge[2] = {0, 1};
    sl_model *m = NULL;
    ENSURE(sl_springs_create(rest, 2, edge, 1, 50.0, &m) == SL_OK);
    double w_i = 0.7;
    ENSURE(fd_geometric_error(m, x, &w_i, 1e-6) < 1e-7);
    sl_model_destroy(m);
}

TEST(springs_zero_strain_under_rigid_motion) {
    sl_world *w = make_cube("regularized", 0.05);
    double x[24], phi[18];
    const double *x0 = sl_world_rest_positions(w);
    double c = cos(0.7), s = sin(0.7); /* rotation about z by 0.7 rad, then a shift */
    for (int i = 0; i < 8; i++) {
        x[3 * i] = c * x0[3 * i] - s * x0[3 * i + 1] + 3.0;
        x[3 * i + 1] = s * x0[3 * i] + c * x0[3 * i + 1] - 1.0;
        x[3 * i + 2] = x0[3 * i + 2] + 0.5;
    }
    ENSURE(sl_world_evaluate(w, x, phi, NULL) == SL_OK);
    for (int r = 0; r < 18; r++) ENSURE(fabs(phi[r]) < 1e-14);
    sl_world_destroy(w);
}

/* With no gravity and no pins, spring forces are internal: every stepper conserves
 * linear momentum to round-off (the constraint forces J^T lambda sum to zero). */
TEST(springs_momentum_conserved_without_gravity_or_pins) {
    for (int k = 0; k < sl_stepper_count; k++) {
        sl_world *w = make_free_cube();
        ENSURE(w != NULL);
        double v[24], p0[3] = {0, 0, 0}, p1[3] = {0, 0, 0};
        for (int i = 0; i < 24; i++) v[i] = 0.3 * sin(1.0 + 2.3 * i);
        sl_world_set_velocities(w, v);
        if (sl_steppers[k]->flags & (SL_STEPPER_QUADRATIC_ONLY | SL_STEPPER_NEEDS_FEM)) { /* springs are
                                                      not quadratic, not FEM */
            ENSURE(sl_world_set_stepper(w, sl_steppers[k], 1e-4, 0) == SL_ERR_INCOMPATIBLE);
            sl_world_destroy(w);
            continue;
        }
        ENSURE(sl_world_set_stepper(w, sl_steppers[k], 1e-4, 0) == SL_OK);
        /* direct solves: the stepper's property, not an iterative solver's tolerance (CG
         * to a relative residual of 1e-10 leaves 2e-10 kg m/s here) */
        ENSURE(sl_world_set_linear_solver(w, SL_LINEAR_CHOLESKY) == SL_OK);
        sl_world_set_momentum_correction(w, 1); /* per-vertex warping's ghost forces (seed 002 §3) */
        for (int i = 0; i < 24; i++) p0[i % 3] += v[i]; /* masses are 1 kg */
        ENSURE(step_n(w, 50) == 50);
        for (int i = 0; i < 24; i++) p1[i % 3] += sl_world_velocities(w)[i];
        for (int c = 0; c < 3; c++) ENSURE_NEAR(p1[c], p0[c], 1e-10);
        sl_world_destroy(w);
    }
}

/* Per-node energies add up to the elastic energy (each spring shared by its 2 nodes). */
TEST(springs_node_energy_sums_to_elastic_energy) {
    sl_world *w = make_cube("regularized", 0.05);
    double x[24], e[8], sum = 0;
    perturbed_cube(w, x);
    sl_world_set_positions(w, x);
    ENSURE(sl_world_node_energy(w, e) == SL_OK);
    for (int i = 0; i < 8; i++) sum += e[i];
    ENSURE(sl_world_energy(w).elastic > 100); /* a 0.1 m perturbation of 1e5 N m springs */
    ENSURE_NEAR(sum, sl_world_energy(w).elastic, 1e-9 * sum);
    sl_world_destroy(w);
}
