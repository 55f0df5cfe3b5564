/* Per-node colour-map fields (sl_fields.h) on a free tetrahedral block under affine
 * deformations, where the answers are known exactly. */
#include <math.h>
#include <stdlib.h>

#include "sl_fields.h"
#include "sl_tet_fem.h"
#include "sl_tet_mesh.h"
#include "test.h"

/* A 1 m x 0.5 m x 0.5 m block, 4 x 2 x 2 cells of 6 tets, Y = 1 MPa, nu = 0.25, no gravity. */
static sl_world *block(void) {
    sl_tet_mesh mesh;
    const int n[3] = {4, 2, 2};
    const double lo[3] = {0, 0, 0}, size[3] = {1, 0.5, 0.5};
    if (sl_tet_mesh_grid(n, lo, size, SL_SPLIT_6, NULL, NULL, &mesh) != SL_OK) return NULL;
    sl_material mat = {1e6, 0.25, 1000};
    sl_world *w = NULL;
    sl_status st = sl_tet_mesh_world(&mesh, &mat, SL_STRAIN_GREEN, 0.0, &w);
    sl_tet_mesh_free(&mesh);
    return st == SL_OK ? w : NULL;
}

/* x = R s x0 (R about z by angle a) */
static void deform(sl_world *w, double s, double a) {
    int n = sl_world_node_count(w);
    const double *x0 = sl_world_rest_positions(w);
    double *x = malloc(sizeof(double) * 3 * (size_t)n);
    for (int i = 0; i < n; i++) {
        const double *p = x0 + 3 * i;
        x[3 * i] = s * (cos(a) * p[0] - sin(a) * p[1]);
        x[3 * i + 1] = s * (sin(a) * p[0] + cos(a) * p[1]);
        x[3 * i + 2] = s * p[2];
    }
    sl_world_set_positions(w, x);
    free(x);
}

TEST(fields_volume_change_is_exact_for_affine_motion) {
    sl_world *w = block();
    ENSURE(w != NULL);
    int n = sl_world_node_count(w);
    double *f = malloc(sizeof(double) * (size_t)n);
    ENSURE_NEAR(sl_world_surface_volume(w, sl_world_rest_positions(w)), 0.25, 1e-14);
    deform(w, 1.1, 0.7);
    ENSURE(sl_world_node_volume_change(w, f) == SL_OK);
    for (int i = 0; i < n; i++) ENSURE_NEAR(f[i], 1.1 * 1.1 * 1.1 - 1, 1e-12);
    deform(w, 1.0, 2.0); /* a rotation changes no volume */
    ENSURE(sl_world_node_volume_change(w, f) == SL_OK);
    for (int i = 0; i < n; i++) ENSURE_NEAR(f[i], 0, 1e-12);
    free(f);
    sl_world_destroy(w);
}

/* Uniform dilation by s: Green strain E = e I with e = (s^2 - 1)/2, St. Venant-Kirchhoff
 * energy density W = lambda/2 (tr E)^2 + mu tr(E^2) = (9 lambda/2 + 3 mu) e^2 (seed 000
 * eq. 14), the same at every node, also after a rotation. */
TEST(fields_energy_density_of_a_uniform_dilation) {
    sl_world *w = block();
    ENSURE(w != NULL);
    int n = sl_world_node_count(w);
    double *f = malloc(sizeof(double) * (size_t)n);
    sl_material mat = {1e6, 0.25, 1000};
    double lambda, mu;
    ENSURE(sl_material_lame(&mat, &lambda, &mu) == SL_OK);
    double s = 1.02, e = 0.5 * (s * s - 1), W = (4.5 * lambda + 3 * mu) * e * e;
    deform(w, s, 0.4);
    ENSURE(sl_world_node_energy_density(w, f) == SL_OK);
    for (int i = 0; i < n; i++) ENSURE_NEAR(f[i], W, 1e-9 * W);
    free(f);
    sl_world_destroy(w);
}
