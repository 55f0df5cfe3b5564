/* The element inspector (sl_tet_fem_inspect, issue 13 item 9) against continuum
 * mechanics on homogeneous deformations of one tet (rest: the unit corner tet, V0 = 1/6
 * m^3; Y = 1 MPa, nu = 0.3: lambda = 576,923 Pa, mu = 384,615 Pa), and against the model's
 * own energy and forces, computed the other way (phi, J and alpha of the model language). */
#include <stdlib.h>
#include <string.h>

#include "softlab/scene.h"
#include "softlab/tet_fem.h"
#include "softlab/world.h"
#include "test.h"

static const double REST[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
static const int TET[4] = {0, 1, 2, 3};

static sl_model *tet_model(double nu, sl_strain kind) {
    sl_material mat = {1e6, nu, 1000};
    sl_model *m = NULL;
    sl_tet_fem_create(REST, 4, TET, 1, &mat, kind, &m, NULL);
    return m;
}

/* x = F X for the rest nodes X (a homogeneous deformation). */
static void apply(const double F[9], double x[12]) {
    for (int a = 0; a < 4; a++)
        for (int i = 0; i < 3; i++)
            x[3 * a + i] = F[3 * i] * REST[3 * a] + F[3 * i + 1] * REST[3 * a + 1] + F[3 * i + 2] * REST[3 * a + 2];
}

static void matmul(const double A[9], const double B[9], double C[9]) {
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            C[3 * i + j] = 0;
            for (int k = 0; k < 3; k++) C[3 * i + j] += A[3 * i + k] * B[3 * k + j];
        }
}

/* St. Venant-Kirchhoff by the book: E = 1/2 (F^T F - I), S = lambda tr E I + 2 mu E,
 * W = lambda/2 (tr E)^2 + mu E:E, sigma = F S F^T / det F. */
static void svk(const double F[9], double lambda, double mu, double E[9], double S[9], double *W, double sigma[9]) {
    double Ft[9], C[9], FS[9], J;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) Ft[3 * i + j] = F[3 * j + i];
    matmul(Ft, F, C);
    for (int k = 0; k < 9; k++) E[k] = 0.5 * (C[k] - (k % 4 == 0));
    double tr = E[0] + E[4] + E[8], EE = 0;
    for (int k = 0; k < 9; k++) EE += E[k] * E[k], S[k] = 2 * mu * E[k] + (k % 4 == 0) * lambda * tr;
    *W = 0.5 * lambda * tr * tr + mu * EE;
    matmul(F, S, FS);
    matmul(FS, Ft, sigma);
    J = F[0] * (F[4] * F[8] - F[5] * F[7]) - F[1] * (F[3] * F[8] - F[5] * F[6]) + F[2] * (F[3] * F[7] - F[4] * F[6]);
    for (int k = 0; k < 9; k++) sigma[k] /= J;
}

TEST(inspect_matches_st_venant_kirchhoff_on_homogeneous_deformations) {
    const double nu = 0.3, lambda = 1e6 * nu / ((1 + nu) * (1 - 2 * nu)), mu = 1e6 / (2 * (1 + nu));
    /* stretch (1.2, 0.9, 1.05); simple shear gamma = 0.3; a general F with rotation */
    const double Fs[3][9] = {{1.2, 0, 0, 0, 0.9, 0, 0, 0, 1.05},
                             {1, 0.3, 0, 0, 1, 0, 0, 0, 1},
                             {1.1, 0.2, -0.1, -0.15, 0.95, 0.05, 0.1, -0.2, 1.02}};
    sl_model *m = tet_model(nu, SL_STRAIN_GREEN);
    ENSURE(m);
    for (int c = 0; c < 3; c++) {
        double x[12], E[9], S[9], W, sigma[9];
        apply(Fs[c], x);
        svk(Fs[c], lambda, mu, E, S, &W, sigma);
        sl_tet_inspection in;
        ENSURE(sl_tet_fem_inspect(m, 0, x, &in) == SL_OK);
        ENSURE_NEAR(in.rest_volume, 1.0 / 6, 1e-15);
        for (int k = 0; k < 9; k++) {
            ENSURE_NEAR(in.F[k], Fs[c][k], 1e-14);
            ENSURE_NEAR(in.green_strain[k], E[k], 1e-14);
            ENSURE_NEAR(in.second_piola[k], S[k], 1e-9 * 1e6);
            ENSURE_NEAR(in.cauchy[k], sigma[k], 1e-9 * 1e6);
        }
        ENSURE_NEAR(in.energy_density, W, 1e-9 * W);
        /* prod of the principal stretches is J; their squares are F^T F's trace */
        ENSURE_NEAR(in.stretches[0] * in.stretches[1] * in.stretches[2], in.J, 1e-13);
        ENSURE_NEAR(in.stretches[0] * in.stretches[0] + in.stretches[1] * in.stretches[1] + in.stretches[2] * in.stretches[2],
                    3 + 2 * (E[0] + E[4] + E[8]), 1e-13);
        ENSURE(in.stretches[0] <= in.stretches[1] && in.stretches[1] <= in.stretches[2]);
        ENSURE(in.hard_rows == 0 && in.strain == SL_STRAIN_GREEN);
    }
    /* the stretch case in closed form: stretches sorted, J = 1.2 * 0.9 * 1.05 */
    double x[12];
    apply(Fs[0], x);
    sl_tet_inspection in;
    sl_tet_fem_inspect(m, 0, x, &in);
    ENSURE_NEAR(in.stretches[0], 0.9, 1e-14);
    ENSURE_NEAR(in.stretches[1], 1.05, 1e-14);
    ENSURE_NEAR(in.stretches[2], 1.2, 1e-14);
    ENSURE_NEAR(in.J, 1.134, 1e-14);
    sl_model_destroy(m);
}

/* The other way: U = 1/2 phi^T alpha^-1 phi from the model's evaluate equals V0 W, and its
 * forces -J^T alpha^-1 phi equal -V0 P b_a with P = F S (b_a: the rest shape-function
 * gradients of the corner tet: b_0 = -(1,1,1), b_1..3 = the unit axes). */
TEST(inspect_energy_and_stress_agree_with_the_models_energy_and_forces) {
    const double F[9] = {1.1, 0.2, -0.1, -0.15, 0.95, 0.05, 0.1, -0.2, 1.02};
    const double b[4][3] = {{-1, -1, -1}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}};
    for (int kind = 0; kind < 3; kind++) {
        sl_model *m = tet_model(0.3, (sl_strain)kind);
        double x[12], phi[6], J[72], U = 0, f[12] = {0};
        apply(F, x);
        m->cls->evaluate(m, x, phi, J);
        for (int r = 0; r < m->block_rows; r++) {
            U += 0.5 * phi[r] * phi[r] / m->compliance[r];
            for (int c = 0; c < 12; c++) f[c] -= J[12 * r + c] * phi[r] / m->compliance[r];
        }
        sl_tet_inspection in;
        ENSURE(sl_tet_fem_inspect(m, 0, x, &in) == SL_OK);
        ENSURE_NEAR(in.rest_volume * in.energy_density, U, 1e-12 * U);
        double P[9];
        if (kind == SL_STRAIN_LINEAR) memcpy(P, in.second_piola, sizeof P); /* small strain: f = -V0 sigma b */
        else matmul(in.F, in.second_piola, P);
        for (int a = 0; a < 4; a++)
            for (int i = 0; i < 3; i++) {
                double fa = -in.rest_volume * (P[3 * i] * b[a][0] + P[3 * i + 1] * b[a][1] + P[3 * i + 2] * b[a][2]);
                ENSURE_NEAR(fa, f[3 * a + i], 1e-9 * 1e6);
            }
        sl_model_destroy(m);
    }
}

/* A rigid rotation strains nothing (Green); nu = 0.5 has one hard (volumetric) row,
 * left out of the energy; a tet inverted through its plane has J < 0. */
TEST(inspect_rotation_incompressible_rows_and_inversion) {
    const double c = cos(0.7), s = sin(0.7);
    const double R[9] = {c, -s, 0, s, c, 0, 0, 0, 1}, flip[9] = {1, 0, 0, 0, 1, 0, 0, 0, -0.5};
    sl_model *m = tet_model(0.5, SL_STRAIN_GREEN);
    double x[12];
    sl_tet_inspection in;
    apply(R, x);
    ENSURE(sl_tet_fem_inspect(m, 0, x, &in) == SL_OK);
    ENSURE(in.hard_rows == 1);
    ENSURE_NEAR(in.energy_density, 0, 1e-9);
    ENSURE_NEAR(in.von_mises, 0, 1e-8);
    for (int k = 0; k < 3; k++) ENSURE_NEAR(in.stretches[k], 1, 1e-14);
    apply(flip, x);
    sl_tet_fem_inspect(m, 0, x, &in);
    ENSURE_NEAR(in.J, -0.5, 1e-15);
    ENSURE(sl_tet_fem_inspect(m, 1, x, &in) == SL_ERR_RANGE);
    ENSURE(sl_tet_fem_inspect(NULL, 0, x, &in) == SL_ERR_NULL);
    sl_model_destroy(m);
}

/* The pick: the first tet with the node as a corner, in a built scene's world. */
TEST(inspect_finds_the_tet_of_a_node) {
    sl_world *w = NULL;
    ENSURE(sl_scene_build(sl_scene_find("fem-soft-beam"), NULL, &w) == SL_OK);
    int model = -1, t = sl_world_fem_tet_at_node(w, 5, &model);
    ENSURE(t >= 0 && model >= 0);
    const sl_model *m = sl_world_model(w, model);
    int has = 0;
    for (int a = 0; a < 4; a++) has |= m->block_node[4 * t + a] == 5;
    ENSURE(has);
    ENSURE(sl_world_fem_tet_at_node(w, -1, NULL) == -1);
    ENSURE(sl_world_fem_tet_at_node(w, sl_world_node_count(w), NULL) == -1);
    sl_tet_inspection in;
    ENSURE(sl_tet_fem_inspect(m, t, sl_world_positions(w), &in) == SL_OK);
    ENSURE(in.J > 0);
    sl_world_destroy(w);
}
