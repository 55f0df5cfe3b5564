/* The generic volume ratio (sl_world_volume_ratio) on tet-FEM and grid worlds, and a
 * strength change (sl_world_set_strength) reaching steppers that cache factorizations. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/build.h"
#include "softlab/grid.h"
#include "softlab/stepper.h"
#include "softlab/mesh.h"
#include "test.h"
#include "test_util.h"

/* Puts every node of w at p + diag(s) (x0 - p): a uniform (or axis-wise) scaling of the
 * rest shape about the point p. */
static void scale_about(sl_world *w, const double p[3], const double s[3]) {
    int n = sl_world_node_count(w);
    const double *x0 = sl_world_rest_positions(w);
    double *x = malloc(sizeof(double) * 3 * (size_t)n);
    for (int i = 0; i < 3 * n; i++) x[i] = p[i % 3] + s[i % 3] * (x0[i] - p[i % 3]);
    sl_world_set_positions(w, x);
    free(x);
}

/* A tet-FEM block (0.3 x 0.2 x 0.2 m, 3 x 2 x 2 cubes of 5 tets) and a grid solid (4^3
 * particles, 0.3 m) scaled by s = 1.1 about an off-centre point: volume ratio s^3 to
 * 1e-12 (every tet volume is det(b-a, c-a, d-a)/6, which scales by s^3 exactly in exact
 * arithmetic); axis-wise (0.9, 1.2, 0.7): the product 0.756; mirrored in x: -1 (signed
 * volumes). Springs have no volume: NaN. */
TEST(world_volume_ratio_under_uniform_scaling) {
    sl_tet_mesh mesh;
    const double size[3] = {0.3, 0.2, 0.2}, p[3] = {0.05, -0.3, 0.17};
    const double s[3] = {1.1, 1.1, 1.1}, axes[3] = {0.9, 1.2, 0.7}, mirror[3] = {-1, 1, 1};
    sl_material mat = {1e5, 0.3, 1000};
    sl_world *w[2] = {NULL, NULL};
    ENSURE(sl_tet_mesh_beam(3, 2, 2, size, &mesh) == SL_OK);
    ENSURE(sl_tet_mesh_world(&mesh, &mat, SL_STRAIN_GREEN, 9.81, &w[0]) == SL_OK);
    sl_tet_mesh_free(&mesh);
    sl_grid_def d = sl_grid_def_default();
    ENSURE(sl_grid_world(&d, &w[1], NULL) == SL_OK);
    for (int k = 0; k < 2; k++) {
        ENSURE(w[k] != NULL);
        ENSURE_NEAR(sl_world_volume_ratio(w[k]), 1.0, 1e-12);
        scale_about(w[k], p, s);
        ENSURE_NEAR(sl_world_volume_ratio(w[k]), 1.1 * 1.1 * 1.1, 1e-12);
        scale_about(w[k], p, axes);
        ENSURE_NEAR(sl_world_volume_ratio(w[k]), 0.9 * 1.2 * 0.7, 1e-12);
        scale_about(w[k], p, mirror);
        ENSURE_NEAR(sl_world_volume_ratio(w[k]), -1.0, 1e-12);
    }
    ENSURE(sl_world_volume_ratio(w[1]) == sl_world_volume_ratio(w[1]));
    ENSURE(sl_world_volume_ratio(w[0]) == sl_world_volume_ratio(w[0]));
    sl_world_destroy(w[0]), sl_world_destroy(w[1]);
    /* the spring cube's body is its 5 tets: the same measure; no tets, no ratio */
    sl_world *cube = make_cube("regularized", 0.01);
    ENSURE(cube != NULL && sl_world_tet_count(cube) == 5 && sl_world_inverted_cells(cube) == 0);
    const double c0[3] = {0, 0, 0};
    scale_about(cube, c0, axes);
    ENSURE_NEAR(sl_world_volume_ratio(cube), 0.9 * 1.2 * 0.7, 1e-12);
    ENSURE(isnan(sl_world_volume_ratio(NULL)) && sl_world_inverted_cells(NULL) == -1);
    sl_world_destroy(cube);
}

/* A 4^3 grid solid (0.3 m, improved model), bottom layer pinned, a top corner pushed
 * 0.05 m in and released, dt = 1 ms; factor is the strength of world b. */
static sl_world *pushed_grid(double factor, const char *method) {
    sl_grid_def d = sl_grid_def_default();
    d.eta_length *= factor, d.eta_angle *= factor, d.eta_volume *= factor, d.eta_pillar *= factor;
    sl_world *w = NULL;
    if (sl_grid_world(&d, &w, NULL) != SL_OK) return NULL;
    int n = sl_world_node_count(w);
    const double *x0 = sl_world_rest_positions(w);
    double *x = malloc(sizeof(double) * 3 * (size_t)n);
    memcpy(x, x0, sizeof(double) * 3 * (size_t)n);
    for (int i = 0; i < n; i++) {
        if (x0[3 * i + 1] < 1e-9) sl_world_pin(w, i, 1);
        if (x0[3 * i] > 0.29 && x0[3 * i + 1] > 0.29 && x0[3 * i + 2] > 0.29)
            for (int c = 0; c < 3; c++) x[3 * i + c] -= 0.05;
    }
    sl_world_set_positions(w, x);
    free(x);
    if (sl_world_set_stepper(w, sl_stepper_find(method), 0.001, 0) != SL_OK) sl_world_destroy(w), w = NULL;
    return w;
}

static double max_distance(const sl_world *a, const sl_world *b) {
    double worst = 0;
    for (int i = 0; i < 3 * sl_world_node_count(a); i++)
        worst = fmax(worst, fabs(sl_world_positions(a)[i] - sl_world_positions(b)[i]));
    return worst;
}

/* World a runs 20 steps at strength 1 (its stepper has factorized and cached), is set to
 * strength 2 and runs 30 more; world b is built with every eta doubled and started from
 * a's state after the 20 steps (fresh caches). Every stepper must give the same motion to
 * the solves' tolerance (1e-9 m, PCG to 1e-10 relative residual), while staying at
 * strength 1 (world c) differs by more than 1e-4 m: a strength change reaches the
 * regularized, implicit Euler and Terzopoulos steppers, which reuse Cholesky factors. */
TEST(grid_strength_change_reaches_every_stepper) {
    const char *methods[4] = {"regularized", "implicit-euler", "terzopoulos", "symplectic-euler"};
    for (int k = 0; k < 4; k++) {
        sl_world *a = pushed_grid(1, methods[k]), *b = pushed_grid(2, methods[k]), *c = pushed_grid(1, methods[k]);
        ENSURE(a && b && c);
        ENSURE(step_n(a, 20) == 20 && step_n(c, 20) == 20);
        ENSURE(sl_world_set_positions(b, sl_world_positions(a)) == SL_OK);
        ENSURE(sl_world_set_velocities(b, sl_world_velocities(a)) == SL_OK);
        ENSURE(sl_world_set_strength(a, 2.0) == SL_OK);
        ENSURE(step_n(a, 30) == 30 && step_n(b, 30) == 30 && step_n(c, 30) == 30);
        double same = max_distance(a, b), other = max_distance(a, c);
        printf("  %-16s strength 2 live vs built: %.1e m; vs strength 1: %.1e m\n", methods[k], same, other);
        ENSURE(same < 1e-9 && other > 1e-4);
        sl_world_destroy(a), sl_world_destroy(b), sl_world_destroy(c);
    }
}
