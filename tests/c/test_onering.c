/* The one-ring volume model, MINRES and the incompressible stepper (seed 001, issue 17). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/build.h"
#include "softlab/incompressible.h"
#include "softlab/krylov.h"
#include "softlab/onering.h"
#include "test.h"
#include "test_util.h"

static void jiggle(const double *x0, int n, double amp, unsigned seed, double *x) {
    for (int i = 0; i < 3 * n; i++) {
        seed = seed * 1664525u + 1013904223u;
        x[i] = x0[i] + amp * ((double)(seed >> 8) / (1u << 24) - 0.5);
    }
}

/* A small ball (radius 0.1 m, 4 cells across) and its one-ring model. */
static sl_model *small_ring(sl_tet_mesh *mesh, double alpha) {
    sl_model *m = NULL;
    if (sl_tet_mesh_ball(0.1, 4, mesh) != SL_OK) return NULL;
    sl_onering_volume_create(mesh->positions, mesh->node_count, mesh->tets, mesh->tet_count, alpha, &m, NULL);
    return m;
}

TEST(onering_jacobian_and_hessian_match_central_differences) {
    sl_tet_mesh mesh;
    sl_model *m = small_ring(&mesh, 0);
    ENSURE(m != NULL);
    int n = mesh.node_count;
    double *x = malloc(sizeof(double) * 3 * (size_t)n), *wt = malloc(sizeof(double) * 4 * (size_t)m->block_count);
    jiggle(mesh.positions, n, 0.01, 7u, x);
    /* block level: every block row's J against its phi */
    double err_J = fd_jacobian_error(m, x, m->block_count, 1e-6);
    for (int i = 0; i < 4 * m->block_count; i++) wt[i] = sin(1.0 + i); /* any weights */
    double err_H = fd_geometric_error(m, x, wt, 1e-6);
    printf("  one-ring block J error %.2e, H error %.2e (scale of J: h^2 = 6e-4)\n", err_J, err_H);
    ENSURE(err_J < 1e-10);
    ENSURE(err_H < 1e-8);
    /* world level: the summed rows (the row map) against the summed phi */
    sl_world *w = NULL;
    ENSURE(sl_tet_mesh_world(&mesh, &(sl_material){1e5, 0.3, 1000}, SL_STRAIN_GREEN_DEVIATORIC, 9.81, &w) == SL_OK);
    ENSURE(sl_world_add_model(w, m) == SL_OK);
    int rows = sl_world_constraint_count(w), n3 = 3 * n;
    ENSURE(rows == 5 * mesh.tet_count + n);
    double *J = malloc(sizeof(double) * (size_t)rows * (size_t)n3);
    double *pp = malloc(sizeof(double) * (size_t)rows), *pm = malloc(sizeof(double) * (size_t)rows), worst = 0;
    ENSURE(sl_world_evaluate(w, x, pp, J) == SL_OK);
    for (int d = 0; d < n3; d++) {
        double keep = x[d];
        x[d] = keep + 1e-6;
        sl_world_evaluate(w, x, pp, NULL);
        x[d] = keep - 1e-6;
        sl_world_evaluate(w, x, pm, NULL);
        x[d] = keep;
        for (int r = 5 * mesh.tet_count; r < rows; r++)
            worst = fmax(worst, fabs((pp[r] - pm[r]) / 2e-6 - J[(size_t)r * (size_t)n3 + (size_t)d]));
    }
    printf("  one-ring assembled J (%d rows) error %.2e\n", n, worst);
    ENSURE(worst < 1e-10);
    free(J), free(pp), free(pm), free(x), free(wt);
    sl_world_destroy(w);
    sl_tet_mesh_free(&mesh);
}

/* -J^T p is the seed's gradient: (grad p)_k = 1/3 sum_{t in R(k)} pbar_t an_{t,k}, with
 * an_{t,k} the outward area-weighted normal of t's face opposite k (seed 001 §3). */
TEST(onering_gradient_is_the_area_weighted_normal_formula) {
    sl_tet_mesh mesh;
    sl_model *m = small_ring(&mesh, 0);
    ENSURE(m != NULL);
    int n = mesh.node_count, n3 = 3 * n;
    double *x = malloc(sizeof(double) * (size_t)n3), *p = malloc(sizeof(double) * (size_t)n);
    double *phi = malloc(sizeof(double) * (size_t)n), *J = malloc(sizeof(double) * (size_t)n * (size_t)n3);
    double *grad = calloc((size_t)n3, sizeof(double));
    jiggle(mesh.positions, n, 0.02, 11u, x);
    for (int k = 0; k < n; k++) p[k] = cos(0.3 * k);
    sl_world *w = NULL;
    sl_world_def def = sl_world_def_default();
    double *mass = malloc(sizeof(double) * (size_t)n);
    for (int k = 0; k < n; k++) mass[k] = 1;
    def.node_count = n, def.positions = mesh.positions, def.masses = mass;
    ENSURE(sl_world_create(&def, &w) == SL_OK);
    ENSURE(sl_world_add_model(w, m) == SL_OK);
    ENSURE(sl_world_evaluate(w, x, phi, J) == SL_OK);
    for (int t = 0; t < mesh.tet_count; t++) {
        const int *v = mesh.tets + 4 * t;
        double pbar = 0.25 * (p[v[0]] + p[v[1]] + p[v[2]] + p[v[3]]);
        for (int k = 0; k < 4; k++) {
            const double *a = x + 3 * v[(k + 1) % 4], *b = x + 3 * v[(k + 2) % 4], *c = x + 3 * v[(k + 3) % 4];
            double e1[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]}, e2[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
            double an[3] = {0.5 * (e1[1] * e2[2] - e1[2] * e2[1]), 0.5 * (e1[2] * e2[0] - e1[0] * e2[2]),
                            0.5 * (e1[0] * e2[1] - e1[1] * e2[0])};
            const double *o = x + 3 * v[k]; /* outward: away from the opposite node */
            double s = an[0] * (a[0] - o[0]) + an[1] * (a[1] - o[1]) + an[2] * (a[2] - o[2]) < 0 ? -1 : 1;
            for (int c3 = 0; c3 < 3; c3++) grad[3 * v[k] + c3] += s * an[c3] * pbar / 3;
        }
    }
    double worst = 0, scale = 0;
    for (int d = 0; d < n3; d++) {
        double JTp = 0;
        for (int k = 0; k < n; k++) JTp += J[(size_t)k * (size_t)n3 + (size_t)d] * p[k];
        worst = fmax(worst, fabs(-JTp - grad[d]));
        scale = fmax(scale, fabs(grad[d]));
    }
    printf("  |-J^T p - grad p| = %.2e (largest |grad p| %.2e)\n", worst, scale);
    ENSURE(scale > 1e-4);
    ENSURE(worst <= 1e-12 * scale + 1e-16);
    free(x), free(p), free(phi), free(J), free(grad), free(mass);
    sl_world_destroy(w);
    sl_tet_mesh_free(&mesh);
}
