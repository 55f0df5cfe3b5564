/* Green-strain tetrahedral FEM (seed 000 §2.3): derivatives against central
 * differences, the material law against elasticity theory, incompressibility. */
#include <stdlib.h>
#include <string.h>

#include "softlab/build.h"
#include "softlab/tet_fem.h"
#include "softlab/mesh.h"
#include "test.h"
#include "test_util.h"

static const double TET_X[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1}; /* V0 = 1/6 */
static const int TET[4] = {0, 1, 2, 3};

static sl_model *one_tet(double Y, double nu, sl_strain kind) {
    sl_material mat = {Y, nu, 1000};
    sl_model *m = NULL;
    sl_tet_fem_create(TET_X, 4, TET, 1, &mat, kind, &m, NULL);
    return m;
}

/* Elastic energy U = 1/2 sum phi^2/alpha of one model at x. */
static double model_energy(const sl_model *m, const double *x) {
    int rows = sl_model_constraint_count(m);
    double *phi = malloc(sizeof(double) * (size_t)rows), U = 0;
    m->cls->evaluate(m, x, phi, NULL);
    for (int r = 0; r < rows; r++)
        if (m->compliance[r] > 0) U += 0.5 * phi[r] * phi[r] / m->compliance[r];
    free(phi);
    return U;
}

static void deformed(const double *x0, int n, double amp, unsigned seed, double *x) {
    for (int i = 0; i < 3 * n; i++) {
        seed = seed * 1664525u + 1013904223u;
        x[i] = x0[i] + amp * ((double)(seed >> 8) / (1u << 24) - 0.5);
    }
}

TEST(fem_jacobian_matches_central_differences) {
    for (int kind = 0; kind < 2; kind++) {
        sl_model *m = one_tet(1e6, 0.3, (sl_strain)kind);
        double x[12];
        deformed(TET_X, 4, 0.4, 3u, x);
        ENSURE(fd_jacobian_error(m, x, 1, 1e-6) < 1e-8);
        sl_model_destroy(m);
    }
}

/* H(w) = sum_r w_r d^2 phi_r/dx^2 against the central difference of J^T w. */
TEST(fem_geometric_stiffness_matches_central_differences) {
    sl_model *m = one_tet(1e6, 0.3, SL_STRAIN_GREEN);
    double x[12], w[6] = {0.3, -1.2, 0.7, 2.0, -0.4, 0.9};
    deformed(TET_X, 4, 0.4, 11u, x);
    ENSURE(fd_geometric_error(m, x, w, 1e-6) < 1e-6);
    sl_model_destroy(m);
}

/* Forces are minus the gradient of the energy: -J^T alpha^-1 phi = -dU/dx. */
TEST(fem_force_is_minus_energy_gradient) {
    sl_model *m = one_tet(2e5, 0.45, SL_STRAIN_GREEN);
    double x[12], phi[6], J[72], worst = 0, h = 1e-6, scale = 0;
    deformed(TET_X, 4, 0.3, 5u, x);
    m->cls->evaluate(m, x, phi, J);
    for (int d = 0; d < 12; d++) {
        double f = 0, keep = x[d];
        for (int r = 0; r < 6; r++) f -= J[12 * r + d] * phi[r] / m->compliance[r];
        x[d] = keep + h;
        double up = model_energy(m, x);
        x[d] = keep - h;
        double um = model_energy(m, x);
        x[d] = keep;
        worst = fmax(worst, fabs(f + (up - um) / (2 * h)));
        scale = fmax(scale, fabs(f));
    }
    ENSURE(scale > 1e3);
    ENSURE(worst < 1e-6 * scale);
    sl_model_destroy(m);
}

/* add_forces (the incompressible stepper's evaluations: no J) gives -J^T w as the J route
 * does, up to rounding, for each strain kind (the deviatoric model's 5 rows take the
 * first 5 weights), on a deformed tet, with weights of both signs and a zero one. */
TEST(fem_add_forces_equals_minus_J_transpose_w) {
    for (int kind = 0; kind < 3; kind++) {
        sl_model *m = one_tet(1e6, 0.3, (sl_strain)kind);
        ENSURE(m && m->cls->add_forces);
        int rows = m->block_rows;
        double x[12], phi[6], J[72], w[6] = {0.3, -1.2, 0.0, 2.0, -0.4, 0.9}, f_j[12] = {0}, f[12] = {0}, worst = 0, size = 0;
        deformed(TET_X, 4, 0.4, 7u + (unsigned)kind, x);
        m->cls->evaluate(m, x, phi, J);
        for (int d = 0; d < 12; d++)
            for (int r = 0; r < rows; r++) f_j[d] -= J[12 * r + d] * w[r];
        m->cls->add_forces(m, x, w, f);
        for (int d = 0; d < 12; d++) worst = fmax(worst, fabs(f[d] - f_j[d])), size = fmax(size, fabs(f_j[d]));
        printf("  strain kind %d: |f - f_J| = %.2e of %.2e\n", kind, worst, size);
        ENSURE(size > 0.1);
        ENSURE(worst <= 1e-14 * size);
        sl_model_destroy(m);
    }
}

/* add_forces reads the deformation gradients the last evaluation kept only at the x they
 * are of (issue 42): after an evaluation at x, its forces at x and at another x' are
 * bitwise those of a model never evaluated, for each strain kind. */
TEST(fem_add_forces_kept_gradients_only_at_their_x) {
    for (int kind = 0; kind < 3; kind++) {
        sl_model *m = one_tet(1e6, 0.3, (sl_strain)kind), *fresh = one_tet(1e6, 0.3, (sl_strain)kind);
        ENSURE(m && fresh);
        double x[12], x2[12], phi[6], w[6] = {0.3, -1.2, 0.0, 2.0, -0.4, 0.9};
        double f[12] = {0}, g[12] = {0}, f2[12] = {0}, g2[12] = {0};
        deformed(TET_X, 4, 0.4, 21u + (unsigned)kind, x);
        deformed(TET_X, 4, 0.4, 31u + (unsigned)kind, x2);
        m->cls->evaluate(m, x, phi, NULL);
        m->cls->add_forces(m, x, w, f);
        fresh->cls->add_forces(fresh, x, w, g);
        ENSURE(memcmp(f, g, sizeof f) == 0);
        m->cls->add_forces(m, x2, w, f2); /* not the evaluated x: made anew */
        fresh->cls->add_forces(fresh, x2, w, g2);
        ENSURE(memcmp(f2, g2, sizeof f2) == 0);
        if ((sl_strain)kind != SL_STRAIN_LINEAR) ENSURE(memcmp(f, f2, sizeof f) != 0); /* the linear strain's: G = I */
        sl_model_destroy(m);
        sl_model_destroy(fresh);
    }
}

/* Green strain is zero under any rigid motion; the linearized strain is not (it grows
 * with the square of the rotation angle: the volume growth of seed 000 Fig. 5). */
TEST(fem_green_strain_rigid_invariant_linear_not) {
    double c = cos(0.5), s = sin(0.5), x[12];
    for (int p = 0; p < 4; p++) {
        const double *r = TET_X + 3 * p;
        x[3 * p] = c * r[0] - s * r[2] + 2.0;
        x[3 * p + 1] = r[1] - 1.0;
        x[3 * p + 2] = s * r[0] + c * r[2] + 0.5;
    }
    sl_model *g = one_tet(1e6, 0.3, SL_STRAIN_GREEN), *l = one_tet(1e6, 0.3, SL_STRAIN_LINEAR);
    double phi[6], lin[6];
    g->cls->evaluate(g, x, phi, NULL);
    l->cls->evaluate(l, x, lin, NULL);
    for (int r = 0; r < 6; r++) ENSURE(fabs(phi[r]) < 1e-14);
    /* linear normal strains under rotation by theta: cos(theta) - 1 on two axes */
    ENSURE_NEAR(lin[0] / sqrt(1.0 / 6), 2 * (c - 1) / sqrt(3.0), 1e-12);
    sl_model_destroy(g);
    sl_model_destroy(l);
}

/* Simple shear F = I + s e1 e2^T: W = mu s^2/2 + O(s^4), so the shear modulus is mu =
 * Y/(2(1+nu)). This fixes the engineering-shear convention of eq. 14. */
TEST(fem_simple_shear_gives_shear_modulus_mu) {
    double Y = 3e6, nu = 0.25, mu = Y / (2 * (1 + nu)), s = 1e-4, x[12];
    sl_model *m = one_tet(Y, nu, SL_STRAIN_GREEN);
    for (int p = 0; p < 4; p++) {
        memcpy(x + 3 * p, TET_X + 3 * p, 3 * sizeof(double));
        x[3 * p] += s * TET_X[3 * p + 1];
    }
    double W = model_energy(m, x) / (1.0 / 6);
    ENSURE_NEAR(W / (0.5 * s * s), mu, 1e-6 * mu);
    sl_model_destroy(m);
}

/* Uniform dilation F = (1+d) I: W = (lambda/2 + mu/3)(tr E)^2 = K/2 (tr E)^2 with the
 * bulk modulus K = Y/(3(1-2nu)) = lambda + 2mu/3, tr E = 3((1+d)^2 - 1)/2. */
TEST(fem_dilation_gives_bulk_modulus) {
    double Y = 1e6, nu = 0.3, d = 1e-3, K = Y / (3 * (1 - 2 * nu)), x[12];
    sl_model *m = one_tet(Y, nu, SL_STRAIN_GREEN);
    for (int i = 0; i < 12; i++) x[i] = (1 + d) * TET_X[i];
    double trE = 1.5 * ((1 + d) * (1 + d) - 1);
    ENSURE_NEAR(model_energy(m, x) / (1.0 / 6), 0.5 * K * trE * trE, 1e-9 * K * trE * trE);
    sl_model_destroy(m);
}

TEST(fem_material_and_element_errors) {
    sl_material bad = {1e6, 0.6, 1000}, good = {1e6, 0.5, 1000};
    double lambda, mu;
    ENSURE(sl_material_lame(&bad, &lambda, &mu) == SL_ERR_RANGE);
    ENSURE(sl_material_lame(&good, &lambda, &mu) == SL_OK && isinf(lambda));
    ENSURE_NEAR(mu, 1e6 / 3, 1e-6);
    sl_model *m = NULL;
    double flat[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0};
    int inverted[4] = {0, 2, 1, 3}, flipped = 0, out_of_range[4] = {0, 1, 2, 9};
    sl_error err = {SL_OK, -1, "", {0}};
    ENSURE(sl_tet_fem_create(flat, 4, TET, 1, &good, SL_STRAIN_GREEN, &m, &err) == SL_ERR_DEGENERATE);
    ENSURE(err.status == SL_ERR_DEGENERATE && err.index == 0 && m == NULL);
    ENSURE(!strcmp(err.message, "tet 0 has rest volume 0 m³ <= 0 (inverted or degenerate)"));
    double two[24]; /* two tets, the second inverted: its volume and index are named */
    int two_tets[8] = {0, 1, 2, 3, 4, 6, 5, 7};
    for (int i = 0; i < 12; i++) two[i] = TET_X[i], two[12 + i] = TET_X[i] + (i % 3 == 0 ? 2 : 0);
    ENSURE(sl_tet_fem_create(two, 8, two_tets, 2, &good, SL_STRAIN_GREEN, &m, &err) == SL_ERR_DEGENERATE);
    printf("  %s\n", err.message);
    ENSURE(err.index == 1 && strstr(err.message, "tet 1 has rest volume -0.1666") && m == NULL);
    ENSURE(sl_tets_orient(flat, 4, inverted, 1, &flipped, &err) == SL_ERR_DEGENERATE);
    ENSURE(err.index == 0 && strstr(err.message, "tet 0 is degenerate"));
    ENSURE(sl_tet_fem_create(TET_X, 4, out_of_range, 1, &good, SL_STRAIN_GREEN, &m, &err) == SL_ERR_INDEX);
    ENSURE(err.index == 0 && !strcmp(err.message, "tet 0 uses node 9, outside [0, 4)"));
    ENSURE(sl_tet_fem_create(TET_X, 4, TET, 1, &bad, SL_STRAIN_GREEN, &m, &err) == SL_ERR_RANGE);
    ENSURE(err.index == -1 && strstr(err.message, "Poisson ratio 0.6"));
    ENSURE(sl_tets_orient(TET_X, 4, inverted, 1, &flipped, NULL) == SL_OK && flipped == 1);
    ENSURE(sl_tet_volume(TET_X, inverted[0], inverted[1], inverted[2], inverted[3]) > 0);
    ENSURE(sl_tet_fem_create(TET_X, 4, inverted, 1, &good, SL_STRAIN_GREEN, &m, NULL) == SL_OK);
    ENSURE(m->compliance[0] == 0 && m->compliance[1] > 0); /* nu = 0.5: volumetric alpha = 0 */
    sl_model_destroy(m);
}

TEST(fem_beam_mesh_counts_volume_and_conformity) {
    sl_tet_mesh mesh;
    double size[3] = {2.0, 0.5, 0.25};
    ENSURE(sl_tet_mesh_beam(4, 3, 2, size, &mesh) == SL_OK);
    ENSURE(mesh.node_count == 5 * 4 * 3 && mesh.tet_count == 5 * 24);
    ENSURE_NEAR(sl_tets_total_volume(mesh.positions, mesh.tets, mesh.tet_count), 0.25, 1e-12);
    for (int t = 0; t < mesh.tet_count; t++)
        ENSURE(sl_tet_volume(mesh.positions, mesh.tets[4 * t], mesh.tets[4 * t + 1],
                             mesh.tets[4 * t + 2], mesh.tets[4 * t + 3]) > 0);
    int *tris = NULL, tri_count = 0; /* conforming: only the outer faces are boundary */
    ENSURE(sl_tets_boundary(mesh.positions, mesh.tets, mesh.tet_count, &tris, &tri_count) == SL_OK);
    ENSURE(tri_count == 2 * 2 * (4 * 3 + 3 * 2 + 4 * 2));
    free(tris);
    sl_tet_mesh_free(&mesh);
}

/* The 6-tet (Kuhn) split: 6 n^3 positive tets, conforming (only outer faces on the
 * boundary), exact volume. */
TEST(fem_six_tet_split_is_conforming) {
    sl_tet_mesh mesh;
    const int n[3] = {3, 2, 2};
    const double lo[3] = {-1, 0, 2}, size[3] = {3.0, 1.0, 0.5};
    ENSURE(sl_tet_mesh_grid(n, lo, size, SL_SPLIT_6, NULL, NULL, &mesh) == SL_OK);
    ENSURE(mesh.tet_count == 6 * 12 && mesh.node_count == 4 * 3 * 3);
    ENSURE_NEAR(sl_tets_total_volume(mesh.positions, mesh.tets, mesh.tet_count), 1.5, 1e-12);
    int *tris = NULL, tri_count = 0;
    ENSURE(sl_tets_boundary(mesh.positions, mesh.tets, mesh.tet_count, &tris, &tri_count) == SL_OK);
    ENSURE(tri_count == 2 * 2 * (3 * 2 + 2 * 2 + 3 * 2));
    free(tris);
    sl_tet_mesh_free(&mesh);
}

/* Ball of radius 0.5 m from grid cells inside the sphere: the staircase volume tends to
 * 4/3 pi r^3 = 0.5236 m^3 (measured error 4.5 % with 8 cells across, 0.42 % with 24). */
TEST(fem_ball_volume_converges) {
    double exact = 4.0 / 3.0 * 3.141592653589793 * 0.125, err[2];
    int cells[2] = {8, 24};
    for (int k = 0; k < 2; k++) {
        sl_tet_mesh mesh;
        ENSURE(sl_tet_mesh_ball(0.5, cells[k], &mesh) == SL_OK);
        err[k] = fabs(sl_tets_total_volume(mesh.positions, mesh.tets, mesh.tet_count) / exact - 1);
        for (int i = 0; i < 3 * mesh.node_count; i++) ENSURE(fabs(mesh.positions[i]) <= 0.5);
        sl_tet_mesh_free(&mesh);
    }
    printf("  ball volume error: %.4f (8 cells across), %.4f (24 cells)\n", err[0], err[1]);
    ENSURE(err[1] < err[0] && err[1] < 0.03);
    sl_tet_mesh m;
    ENSURE(sl_tet_mesh_ball(-1, 8, &m) == SL_ERR_RANGE);
}
