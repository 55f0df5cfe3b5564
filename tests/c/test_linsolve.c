/* The linear solvers of the steppers (src/core/linalg/linsolve.h, issue 11): every
 * solver's trajectory after 100 steps stays within 1e-6 m of a direct sparse Cholesky
 * solve, on issue 11's shapes at about 2,500 tets (the slender beam, the harder case for
 * the tolerance, and the compact block). */
#include <stdlib.h>

#include "softlab/build.h"
#include "softlab/mesh.h"
#include "test.h"
#include "test_util.h"

/* The beam (2 m x 0.2 m x 0.2 m, 31 x 4 x 4 cubes: 2,480 tets) or the block (0.5 m cube,
 * 8^3 cubes: 2,560 tets) of `softlab bench --shapes`: E = 1 MPa, nu = 0.3, 1000 kg/m^3,
 * Green strain, clamped at x = 0, regularized stepper, dt = 0.01 s, beta = 20/s. */
static sl_world *shape_world(int beam, sl_linear_solver solver) {
    int n[3] = {8, 8, 8};
    double lo[3] = {0, 0, 0}, size[3] = {0.5, 0.5, 0.5};
    if (beam) n[0] = 31, n[1] = n[2] = 4, size[0] = 2, size[1] = size[2] = 0.2;
    sl_tet_mesh mesh;
    if (sl_tet_mesh_grid(n, lo, size, SL_SPLIT_5, NULL, NULL, &mesh) != SL_OK) return NULL;
    sl_material mat = {1e6, 0.3, 1000};
    sl_world *w = NULL;
    sl_status st = sl_tet_mesh_world(&mesh, &mat, SL_STRAIN_GREEN, 9.81, &w);
    sl_tet_mesh_free(&mesh);
    double pin_lo[3] = {-1e-9, -1, -1}, pin_hi[3] = {1e-9, 10, 10};
    if (st == SL_OK) st = sl_world_pin_box(w, pin_lo, pin_hi, NULL);
    if (st == SL_OK) st = sl_world_set_stepper(w, sl_stepper_find("regularized"), 0.01, 20);
    if (st == SL_OK) st = sl_world_set_linear_solver(w, solver);
    if (st != SL_OK) sl_world_destroy(w), w = NULL;
    return w;
}

/* Largest node distance (m) between two worlds of the same mesh. */
static double max_distance(const sl_world *a, const sl_world *b) {
    const double *xa = sl_world_positions(a), *xb = sl_world_positions(b);
    double worst = 0;
    for (int i = 0; i < sl_world_node_count(a); i++)
        worst = fmax(worst, hypot(hypot(xa[3 * i] - xb[3 * i], xa[3 * i + 1] - xb[3 * i + 1]),
                                  xa[3 * i + 2] - xb[3 * i + 2]));
    return worst;
}

TEST(linsolve_trajectory_within_1e6_of_cholesky) {
    static const char *const names[] = {"default", "factor-pcg", "cholesky", "block-jacobi", "ic0"};
    for (int beam = 1; beam >= 0; beam--) {
        sl_world *ref = shape_world(beam, SL_LINEAR_CHOLESKY);
        ENSURE(ref && step_n(ref, 100) == 100);
        if (!ref) return;
        double sag = sl_world_rest_positions(ref)[1] - sl_world_positions(ref)[1];
        for (int i = 0; i < 3 * sl_world_node_count(ref); i += 3)
            sag = fmax(sag, sl_world_rest_positions(ref)[i + 1] - sl_world_positions(ref)[i + 1]);
        ENSURE(sag > 1e-3); /* the body has moved: the comparison means something */
        sl_linear_solver solvers[] = {SL_LINEAR_DEFAULT, SL_LINEAR_FACTOR_PCG, SL_LINEAR_IC0,
                                      SL_LINEAR_BLOCK_JACOBI};
        for (int k = 0; k < 4; k++) {
            sl_world *w = shape_world(beam, solvers[k]);
            ENSURE(w && step_n(w, 100) == 100);
            if (!w) continue;
            double d = max_distance(w, ref);
            printf("  %s, %s: after 100 steps %.2e m from the direct Cholesky solve (sag %.3f m)\n",
                   beam ? "beam 2480 tets" : "block 2560 tets", names[solvers[k]], d, sag);
            ENSURE(d <= 1e-6);
            sl_world_destroy(w);
        }
        sl_world_destroy(ref);
    }
}
