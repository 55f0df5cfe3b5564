/* Per-node colour-map fields (measure/fields.c) on a free tetrahedral block under affine
 * deformations, where the answers are known exactly. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/build.h"
#include "softlab/world.h"
#include "softlab/tet_fem.h"
#include "softlab/mesh.h"
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
    ENSURE_NEAR(sl_world_volume_ratio(w), 1.0, 1e-14);
    deform(w, 1.1, 0.7);
    ENSURE_NEAR(sl_world_volume_ratio(w), 1.1 * 1.1 * 1.1, 1e-12); /* the body's measure agrees */
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

/* x = x0 + gamma y0 e_x: a uniform simple shear, det F = 1. Green strain
 * E = 1/2 [[0, g, 0], [g, g^2, 0], [0, 0, 0]], so tr E = g^2/2, tr E^2 = (2 g^2 + g^4)/4 and
 * the St. Venant-Kirchhoff density W = lambda/2 (tr E)^2 + mu tr E^2
 * = mu g^2/2 + (lambda/8 + mu/4) g^4 (seed 000 eq. 14): the shear modulus, not the bulk. */
TEST(fields_energy_density_and_volume_change_of_a_simple_shear) {
    sl_world *w = block();
    ENSURE(w != NULL);
    int n = sl_world_node_count(w);
    double *x = malloc(sizeof(double) * 3 * (size_t)n), *f = malloc(sizeof(double) * (size_t)n);
    const double *x0 = sl_world_rest_positions(w);
    double g = 0.05;
    for (int i = 0; i < 3 * n; i++) x[i] = x0[i];
    for (int i = 0; i < n; i++) x[3 * i] += g * x0[3 * i + 1];
    ENSURE(sl_world_set_positions(w, x) == SL_OK);
    sl_material mat = {1e6, 0.25, 1000};
    double lambda, mu;
    ENSURE(sl_material_lame(&mat, &lambda, &mu) == SL_OK);
    double W = 0.5 * mu * g * g + (lambda / 8 + mu / 4) * g * g * g * g;
    ENSURE(sl_world_node_field(w, SL_FIELD_ENERGY_DENSITY, f) == SL_OK);
    for (int i = 0; i < n; i++) ENSURE_NEAR(f[i], W, 1e-9 * W);
    ENSURE(sl_world_node_field(w, SL_FIELD_VOLUME_CHANGE, f) == SL_OK);
    for (int i = 0; i < n; i++) ENSURE_NEAR(f[i], 0, 1e-12);
    free(x), free(f);
    sl_world_destroy(w);
}

TEST(fields_by_number_and_their_errors) {
    sl_world *w = block();
    ENSURE(w != NULL);
    int n = sl_world_node_count(w);
    double *a = malloc(sizeof(double) * (size_t)n), *b = malloc(sizeof(double) * (size_t)n);
    deform(w, 0.9, 0.3);
    ENSURE(sl_world_node_field(w, SL_FIELD_VOLUME_CHANGE, a) == SL_OK);
    ENSURE(sl_world_node_volume_change(w, b) == SL_OK);
    for (int i = 0; i < n; i++) ENSURE(a[i] == b[i] && fabs(a[i] - (0.729 - 1)) < 1e-12);
    ENSURE(sl_world_node_field(w, SL_FIELD_NONE, a) == SL_ERR_INDEX);
    ENSURE(sl_world_node_field(w, SL_FIELD_COUNT, a) == SL_ERR_INDEX);
    ENSURE(sl_world_node_field(NULL, SL_FIELD_VOLUME_CHANGE, a) == SL_ERR_NULL);
    ENSURE(sl_world_node_field(w, SL_FIELD_VOLUME_CHANGE, NULL) == SL_ERR_NULL);
    free(a), free(b);
    sl_world_destroy(w);

    /* two free nodes, no edges, no surface: neither field exists */
    const double pos[6] = {0, 0, 0, 1, 0, 0}, mass[2] = {1, 1};
    sl_world_def def = sl_world_def_default();
    def.node_count = 2, def.positions = pos, def.masses = mass;
    ENSURE(sl_world_create(&def, &w) == SL_OK);
    double f[2];
    ENSURE(sl_world_node_field(w, SL_FIELD_VOLUME_CHANGE, f) == SL_ERR_RANGE);
    ENSURE(sl_world_node_field(w, SL_FIELD_ENERGY_DENSITY, f) == SL_ERR_RANGE);
    sl_world_destroy(w);
}

/* The colour range: 2 % and 98 % quantiles, centred at 0 for volume change, from 0 for
 * energy; a body at rest gets a tiny range around its one value; no values: an error. */
TEST(fields_robust_colour_range) {
    double v[102], lo, hi;
    for (int i = 0; i <= 100; i++) v[i] = i; /* 0, 1, ..., 100: q2 = 2, q98 = 98 */
    v[101] = NAN;                            /* skipped */
    ENSURE(sl_field_range(SL_FIELD_ENERGY_DENSITY, v, 102, &lo, &hi) == SL_OK);
    ENSURE_NEAR(lo, 0, 0);
    ENSURE_NEAR(hi, 98, 1e-12);
    for (int i = 0; i <= 100; i++) v[i] = 0.01 * (i - 60); /* q2 = -0.58, q98 = 0.38 */
    ENSURE(sl_field_range(SL_FIELD_VOLUME_CHANGE, v, 101, &lo, &hi) == SL_OK);
    ENSURE_NEAR(lo, -0.58, 1e-12);
    ENSURE_NEAR(hi, 0.58, 1e-12);
    for (int i = 0; i <= 100; i++) v[i] = 1;
    v[50] = 1e6; /* one extreme node does not stretch the colours */
    ENSURE(sl_field_range(SL_FIELD_ENERGY_DENSITY, v, 101, &lo, &hi) == SL_OK);
    ENSURE_NEAR(hi, 1, 1e-12);
    for (int i = 0; i <= 100; i++) v[i] = 1e-17 * (i % 3 - 1); /* at rest, rounding noise */
    ENSURE(sl_field_range(SL_FIELD_VOLUME_CHANGE, v, 101, &lo, &hi) == SL_OK);
    ENSURE(lo == -1e-12 && hi == 1e-12);
    v[0] = NAN, v[1] = INFINITY;
    ENSURE(sl_field_range(SL_FIELD_VOLUME_CHANGE, v, 2, &lo, &hi) == SL_ERR_RANGE);
    ENSURE(isnan(lo) && isnan(hi));
    ENSURE(sl_field_range(SL_FIELD_NONE, v, 2, &lo, &hi) == SL_ERR_INDEX);
    ENSURE(sl_field_range(SL_FIELD_VOLUME_CHANGE, NULL, 2, &lo, &hi) == SL_ERR_NULL);
}

/* Each field's words (sl_field_describe, what the page's colour menu, legend and color= read):
 * one name a field, unique; a legend that states the unit when the field has one; nothing
 * outside the range. The tet models' words likewise (sl_strain_label, the inspector's). */
TEST(field_and_strain_words_are_the_core_tables) {
    for (int f = 0; f < SL_FIELD_COUNT; f++) {
        const sl_field_info *a = sl_field_describe(f);
        ENSURE(a && a->name[0] && a->label[0] && a->unit);
        if (a->unit[0] && !strstr(a->legend, a->unit)) test_fail(__FILE__, __LINE__, "%s: legend \"%s\" without its unit %s", a->name, a->legend, a->unit);
        for (int g = 0; g < f; g++) ENSURE(strcmp(sl_field_describe(g)->name, a->name) != 0);
    }
    ENSURE(strcmp(sl_field_describe(SL_FIELD_ENERGY_DENSITY)->unit, "J/m³") == 0);
    ENSURE(strcmp(sl_field_describe(SL_FIELD_PRESSURE)->unit, "Pa") == 0);
    ENSURE(sl_field_describe(-1) == NULL && sl_field_describe(SL_FIELD_COUNT) == NULL);
    ENSURE(strcmp(sl_strain_label(SL_STRAIN_GREEN), "Green-strain FEM") == 0);
    ENSURE(strcmp(sl_strain_label(SL_STRAIN_GREEN_DEVIATORIC), "deviatoric Green-strain FEM") == 0);
    ENSURE(strcmp(sl_strain_label(SL_STRAIN_LINEAR), "linear FEM") == 0 && strcmp(sl_strain_label(7), "") == 0);
}
