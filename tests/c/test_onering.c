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

/* A world of mesh's nodes, 1 kg each, holding model m alone (no gravity model): J of
 * sl_world_evaluate is then m's summed rows. NULL if it cannot be made. */
static sl_world *unit_mass_world(const sl_tet_mesh *mesh, sl_model *m) {
    double *mass = malloc(sizeof(double) * (size_t)mesh->node_count);
    if (!mass) return NULL;
    for (int k = 0; k < mesh->node_count; k++) mass[k] = 1;
    sl_world_def def = sl_world_def_default();
    def.node_count = mesh->node_count, def.positions = mesh->positions, def.masses = mass;
    sl_world *w = NULL;
    if (sl_world_create(&def, &w) == SL_OK && sl_world_add_model(w, m) != SL_OK) sl_world_destroy(w), w = NULL;
    free(mass);
    return w;
}

/* Each error of sl_onering_volume_create in *err: the status, the tet and why. */
TEST(onering_errors_name_the_tet_and_why) {
    const double x[12] = {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1};
    const int inverted[8] = {0, 1, 2, 3, 0, 2, 1, 3}, out_of_range[4] = {0, 1, 2, 4};
    sl_model *m = NULL;
    sl_error err = {SL_OK, -1, "", {0}};
    ENSURE(sl_onering_volume_create(x, 4, inverted, 2, 0, &m, &err) == SL_ERR_DEGENERATE && m == NULL);
    ENSURE(err.status == SL_ERR_DEGENERATE && err.index == 1);
    ENSURE(!strcmp(err.message, "tet 1 has rest volume -0.166667 m³ <= 0 (inverted or degenerate)"));
    ENSURE(sl_onering_volume_create(x, 4, out_of_range, 1, 0, &m, &err) == SL_ERR_INDEX && err.index == 0);
    ENSURE(!strcmp(err.message, "tet 0 uses node 4, outside [0, 4)"));
    ENSURE(sl_onering_volume_create(x, 4, inverted, 1, -1, &m, &err) == SL_ERR_RANGE && err.index == -1);
    ENSURE(sl_onering_volume_create(x, 4, inverted, 1, 0, &m, NULL) == SL_OK); /* err may be NULL */
    sl_model_destroy(m);
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
    sl_world *w = unit_mass_world(&mesh, m);
    ENSURE(w != NULL);
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
    free(x), free(p), free(phi), free(J), free(grad);
    sl_world_destroy(w);
    sl_tet_mesh_free(&mesh);
}

/* The projections conserve momentum (seed 001 §3): J^T p sums to zero over the nodes, and
 * so does its torque sum x_k x (J^T p)_k, for any p, since each tet's forces do. */
TEST(onering_pressure_forces_conserve_momentum) {
    sl_tet_mesh mesh;
    sl_model *m = small_ring(&mesh, 0);
    ENSURE(m != NULL);
    int n = mesh.node_count, n3 = 3 * n;
    double *x = malloc(sizeof(double) * (size_t)n3), *phi = malloc(sizeof(double) * (size_t)n);
    double *J = malloc(sizeof(double) * (size_t)n * (size_t)n3);
    jiggle(mesh.positions, n, 0.03, 5u, x);
    sl_world *w = unit_mass_world(&mesh, m);
    ENSURE(w != NULL);
    ENSURE(sl_world_evaluate(w, x, phi, J) == SL_OK);
    double F[3] = {0, 0, 0}, T[3] = {0, 0, 0}, scale = 0;
    for (int i = 0; i < n; i++) {
        double f[3] = {0, 0, 0};
        for (int c = 0; c < 3; c++)
            for (int k = 0; k < n; k++) f[c] += J[(size_t)k * (size_t)n3 + (size_t)(3 * i + c)] * sin(0.7 * k);
        const double *xi = x + 3 * i;
        for (int c = 0; c < 3; c++) F[c] += f[c], scale = fmax(scale, fabs(f[c]));
        T[0] += xi[1] * f[2] - xi[2] * f[1], T[1] += xi[2] * f[0] - xi[0] * f[2], T[2] += xi[0] * f[1] - xi[1] * f[0];
    }
    printf("  net force %.1e, net torque %.1e (largest nodal force %.1e)\n",
           fmax(fabs(F[0]), fmax(fabs(F[1]), fabs(F[2]))), fmax(fabs(T[0]), fmax(fabs(T[1]), fabs(T[2]))), scale);
    for (int c = 0; c < 3; c++) ENSURE(fabs(F[c]) < 1e-13 * scale && fabs(T[c]) < 1e-13 * scale);
    free(x), free(phi), free(J);
    sl_world_destroy(w);
    sl_tet_mesh_free(&mesh);
}

/* Relative residual of the solution of a random system, recomputed here. */
typedef struct { int n; const double *A; } dense_op;
static void dense_apply(void *ctx, const double *x, double *y) {
    const dense_op *d = ctx;
    for (int i = 0; i < d->n; i++) {
        y[i] = 0;
        for (int j = 0; j < d->n; j++) y[i] += d->A[i * d->n + j] * x[j];
    }
}

/* MINRES (and CG) on random symmetric systems: A = B B^T + shift I with B n x r;
 * r < n, shift 0 is positive semi-definite (rank r) with b = A z in its range. */
TEST(minres_reaches_its_tolerance_on_random_spd_and_psd_systems) {
    enum { N = 60 };
    static double A[N * N], B[N * N], b[N], z[N], x[N], y[N], work[7 * N];
    unsigned seed = 3u;
    for (int pass = 0; pass < 2; pass++) {
        int r = pass == 0 ? N : 40;
        double shift = pass == 0 ? 0.1 : 0;
        for (int i = 0; i < N * N; i++) seed = seed * 1664525u + 1013904223u, B[i] = (double)(seed >> 8) / (1u << 24) - 0.5;
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) {
                double s = i == j ? shift : 0;
                for (int k = 0; k < r; k++) s += B[i * N + k] * B[j * N + k];
                A[i * N + j] = s;
            }
        for (int i = 0; i < N; i++) z[i] = sin(1.0 + i);
        dense_op op = {N, A};
        dense_apply(&op, z, b);
        const double tols[2] = {1e-2, 1e-10};
        for (int t = 0; t < 2; t++)
            for (int method = 0; method < 2; method++) {
                sl_krylov_result res;
                for (int i = 0; i < N; i++) x[i] = 0;
                sl_status st = method == 0 ? sl_minres(dense_apply, &op, N, b, x, tols[t], 10 * N, work, &res)
                                           : sl_cg(dense_apply, &op, N, b, x, tols[t], 10 * N, work, &res);
                ENSURE(st == SL_OK);
                dense_apply(&op, x, y);
                double rn = 0, bn = 0;
                for (int i = 0; i < N; i++) rn += (b[i] - y[i]) * (b[i] - y[i]), bn += b[i] * b[i];
                printf("  %s, %s, tol %.0e: %d iterations, residual %.2e\n", pass ? "PSD rank 40" : "SPD",
                       method ? "CG" : "MINRES", tols[t], res.iterations, sqrt(rn / bn));
                ENSURE(res.converged);
                ENSURE(sqrt(rn / bn) <= tols[t]);
                ENSURE_NEAR(res.residual, sqrt(rn / bn), 1e-12);
            }
    }
    double one = 1;
    ENSURE(sl_minres(dense_apply, &(dense_op){1, &one}, 1, b, x, 0, 10, work, NULL) == SL_ERR_RANGE);
    ENSURE(sl_minres(NULL, NULL, 1, b, x, 0.1, 10, work, NULL) == SL_ERR_NULL);
}

/* A free ball (no gravity, no ground) squeezed by the initial velocity v = -(x - c) / s
 * (a volume rate of -3/s) plus a swirl: after steps of the incompressible stepper every
 * one-ring keeps its volume to the solver's tolerance. */
static double worst_ring_error(sl_world *w, const sl_model *ring) {
    int n = sl_world_node_count(w), m = sl_world_constraint_count(w);
    double *phi = malloc(sizeof(double) * (size_t)m), worst = 0;
    sl_world_evaluate(w, sl_world_positions(w), phi, NULL);
    const double *V0 = sl_onering_rest_volumes(ring);
    for (int k = 0; k < n; k++) worst = fmax(worst, fabs(phi[m - n + k]) / V0[k]);
    free(phi);
    return worst;
}

TEST(incompressible_keeps_every_onering_volume) {
    /* tol 1e-8: what is left is the linearization of eq. 1 (one Newton step per time step),
     * second order in dt; tol 1e-2: the seed's 1 % of the step's volume change. */
    const double tols[3] = {1e-8, 1e-8, 1e-2}, dts[3] = {1e-3, 5e-4, 1e-3}, bounds[3] = {1e-5, 2.5e-6, 1e-3};
    double errors[3];
    for (int t = 0; t < 3; t++) {
        sl_ball_drop_def d = sl_ball_drop_def_default();
        d.cells = 6, d.gravity = 0;
        sl_world *w = NULL;
        ENSURE(sl_ball_drop_world(&d, &w, NULL) == SL_OK);
        int n = sl_world_node_count(w);
        const sl_model *ring = sl_world_model(w, 1);
        ENSURE(sl_model_is_onering_volume(ring));
        const double *x = sl_world_positions(w);
        double *v = malloc(sizeof(double) * 3 * (size_t)n), c[3] = {0, 0.1, 0};
        for (int i = 0; i < n; i++)
            for (int k = 0; k < 3; k++)
                v[3 * i + k] = -(x[3 * i + k] - c[k]) + 2 * (k == 0 ? x[3 * i + 1] - c[1] : k == 1 ? -(x[3 * i] - c[0]) : 0);
        ENSURE(sl_world_set_velocities(w, v) == SL_OK);
        ENSURE(sl_world_set_stepper(w, &sl_stepper_incompressible, dts[t], 0) == SL_OK);
        ENSURE(sl_incompressible_set_solver(w, SL_PRESSURE_MINRES, tols[t]) == SL_OK);
        double before = worst_ring_error(w, ring), after = 0;
        for (int s = 0; s < 5; s++) {
            ENSURE(sl_world_step(w) == SL_OK);
            after = fmax(after, worst_ring_error(w, ring));
        }
        sl_pressure_stats st;
        ENSURE(sl_incompressible_stats(w, &st) == SL_OK);
        printf("  dt %.0e s, tol %.0e: largest one-ring volume error over 5 steps %.2e (bound %.1e); "
               "%.1f MINRES iterations on average, largest residual %.2e\n",
               dts[t], tols[t], after, bounds[t], (double)st.iterations / st.solves, st.max_residual);
        ENSURE(before < 1e-12);
        ENSURE(after < bounds[t]);
        ENSURE(st.max_residual <= tols[t]);
        errors[t] = after;
        sl_world_destroy(w);
        free(v);
    }
    ENSURE(errors[0] / errors[1] > 3); /* second order: the linearization, not the solve */
}

/* With compliance alpha > 0 the one-ring rows are an energy: the regularized stepper's
 * primal form (J^T alpha^-1 J of the shared rows, assembled row by row) and its Schur
 * form (the rows summed in the CSC Jacobian) take the same step. */
TEST(onering_primal_and_schur_forms_agree) {
    sl_ball_drop_def d = sl_ball_drop_def_default();
    d.cells = 4, d.onering = 0;
    sl_world *w[2] = {NULL, NULL};
    double *x[2];
    for (int f = 0; f < 2; f++) {
        sl_tet_mesh mesh;
        ENSURE(sl_tet_mesh_ball(d.radius, d.cells, &mesh) == SL_OK);
        sl_model *ring = NULL;
        ENSURE(sl_tet_mesh_world(&mesh, &d.material, SL_STRAIN_GREEN_DEVIATORIC, 9.81, &w[f]) == SL_OK);
        ENSURE(sl_onering_volume_create(mesh.positions, mesh.node_count, mesh.tets, mesh.tet_count, 1e-9, &ring, NULL) == SL_OK);
        ENSURE(sl_world_add_model(w[f], ring) == SL_OK);
        int n = mesh.node_count;
        double *v = malloc(sizeof(double) * 3 * (size_t)n);
        jiggle(mesh.positions, n, 0.5, 9u, v);
        for (int i = 0; i < 3 * n; i++) v[i] -= mesh.positions[i];
        ENSURE(sl_world_set_velocities(w[f], v) == SL_OK);
        ENSURE(sl_world_set_solve_form(w[f], f ? SL_SOLVE_SCHUR : SL_SOLVE_PRIMAL) == SL_OK);
        ENSURE(sl_world_set_stepper(w[f], sl_stepper_find("regularized"), 1e-3, 0) == SL_OK);
        ENSURE(step_n(w[f], 10) == 10);
        x[f] = (double *)sl_world_positions(w[f]);
        free(v);
        sl_tet_mesh_free(&mesh);
    }
    double worst = 0;
    for (int i = 0; i < 3 * sl_world_node_count(w[0]); i++) worst = fmax(worst, fabs(x[0][i] - x[1][i]));
    printf("  one-ring alpha = 1e-9: primal and Schur positions differ by %.2e m after 10 steps\n", worst);
    ENSURE(worst < 1e-9);
    sl_world_destroy(w[0]);
    sl_world_destroy(w[1]);
}

/* MINRES, CG and CSparse's Cholesky on the same pressure systems: one step of the
 * squeezed free ball from the same state (its first solve has the same matrix and
 * right-hand side for all three). The positions agree to the 1 % tolerance's effect. */
TEST(incompressible_minres_cg_and_cholesky_agree) {
    double *x[3] = {NULL, NULL, NULL};
    sl_world *w[3] = {NULL, NULL, NULL};
    const char *names[3] = {"MINRES", "CG", "Cholesky"};
    for (int s = 0; s < 3; s++) {
        sl_ball_drop_def d = sl_ball_drop_def_default();
        d.cells = 6, d.gravity = 0;
        ENSURE(sl_ball_drop_world(&d, &w[s], NULL) == SL_OK);
        int n = sl_world_node_count(w[s]);
        const double *xs = sl_world_positions(w[s]);
        double *v = malloc(sizeof(double) * 3 * (size_t)n);
        for (int i = 0; i < 3 * n; i++) v[i] = -(xs[i] - (i % 3 == 1 ? 0.1 : 0)) + 0.3 * sin(1.0 * i);
        ENSURE(sl_world_set_velocities(w[s], v) == SL_OK);
        ENSURE(sl_world_set_stepper(w[s], &sl_stepper_incompressible, 1e-3, 0) == SL_OK);
        ENSURE(sl_incompressible_set_solver(w[s], (sl_pressure_solver)s, 0.01) == SL_OK);
        ENSURE(sl_world_step(w[s]) == SL_OK);
        sl_pressure_stats st;
        ENSURE(sl_incompressible_stats(w[s], &st) == SL_OK);
        printf("  %s: %d unknowns, %ld iterations in %d solves, largest residual %.2e\n", names[s], st.unknowns,
               st.iterations, st.solves, st.max_residual);
        ENSURE(st.max_residual <= 0.01);
        x[s] = (double *)sl_world_positions(w[s]);
        free(v);
    }
    double d1 = 0, d2 = 0, scale = 0;
    for (int i = 0; i < 3 * sl_world_node_count(w[0]); i++) {
        d1 = fmax(d1, fabs(x[0][i] - x[2][i]));
        d2 = fmax(d2, fabs(x[1][i] - x[2][i]));
        scale = fmax(scale, fabs(x[2][i] - sl_world_rest_positions(w[2])[i]));
    }
    printf("  largest position difference from Cholesky: MINRES %.2e m, CG %.2e m (step moved %.2e m)\n", d1, d2, scale);
    ENSURE(d1 < 0.05 * scale && d2 < 0.05 * scale);
    ENSURE(sl_incompressible_set_solver(w[0], SL_PRESSURE_MINRES, 1.5) == SL_ERR_RANGE);
    ENSURE(sl_world_set_stepper(w[1], sl_stepper_find("regularized"), 1e-3, 0) == SL_OK);
    ENSURE(sl_incompressible_set_solver(w[1], SL_PRESSURE_MINRES, 0.01) == SL_ERR_INCOMPATIBLE);
    for (int s = 0; s < 3; s++) sl_world_destroy(w[s]);
}

/* The drop (seed 001 Fig. 2) on a coarse ball (6 cells across, 0.25 s: through the
 * impact): the one-ring ball keeps its volume within 0.5 % (measured 0.08 %) and reaches
 * the ground. */
TEST(incompressible_ball_keeps_its_volume_through_an_impact) {
    sl_ball_drop_def d = sl_ball_drop_def_default();
    d.cells = 6;
    sl_world *w = NULL;
    ENSURE(sl_ball_drop_world(&d, &w, NULL) == SL_OK);
    ENSURE(sl_world_set_stepper(w, &sl_stepper_incompressible, 1e-3, 0) == SL_OK);
    double lo = 1, hi = 1, lowest = 1;
    int n = sl_world_node_count(w), touched = 0;
    for (int s = 0; s < 250; s++) {
        ENSURE(sl_world_step(w) == SL_OK);
        double r = sl_world_volume_ratio(w), cy = 0;
        lo = fmin(lo, r), hi = fmax(hi, r);
        for (int i = 0; i < n; i++) cy += sl_world_positions(w)[3 * i + 1] / n;
        lowest = fmin(lowest, cy);
        sl_pressure_stats st;
        sl_incompressible_stats(w, &st);
        touched |= st.contacts > 0;
    }
    printf("  one-ring ball: volume ratio in [%.5f, %.5f], lowest centroid %.4f m (rest 0.1 m)\n", lo, hi, lowest);
    ENSURE(touched);
    ENSURE(lowest < 0.09); /* it squashed on the ground */
    ENSURE(lo > 0.995 && hi < 1.005);
    sl_world_destroy(w);
}

/* Without gravity or contact, the incompressible stepper keeps linear momentum: the
 * elastic forces and both pressure projections (J^T p, seed 001 §3) have no net force. */
TEST(incompressible_keeps_linear_momentum) {
    sl_ball_drop_def d = sl_ball_drop_def_default();
    d.cells = 4, d.gravity = 0;
    sl_world *w = NULL;
    ENSURE(sl_ball_drop_world(&d, &w, NULL) == SL_OK);
    int n = sl_world_node_count(w);
    double *v = malloc(sizeof(double) * 3 * (size_t)n);
    for (int i = 0; i < 3 * n; i++) v[i] = 0.5 * sin(3.0 * i) + (i % 3 == 0 ? 0.2 : 0);
    ENSURE(sl_world_set_velocities(w, v) == SL_OK);
    ENSURE(sl_world_set_stepper(w, &sl_stepper_incompressible, 1e-3, 0) == SL_OK);
    double p0[3] = {0, 0, 0}, p1[3] = {0, 0, 0}, scale = 0;
    for (int i = 0; i < 3 * n; i++) p0[i % 3] += sl_world_masses(w)[i / 3] * v[i], scale += sl_world_masses(w)[i / 3] * fabs(v[i]);
    ENSURE(step_n(w, 20) == 20);
    for (int i = 0; i < 3 * n; i++) p1[i % 3] += sl_world_masses(w)[i / 3] * sl_world_velocities(w)[i];
    double worst = fmax(fabs(p1[0] - p0[0]), fmax(fabs(p1[1] - p0[1]), fabs(p1[2] - p0[2])));
    printf("  momentum change after 20 steps %.2e kg m/s (sum m|v| = %.2e)\n", worst, scale);
    ENSURE(worst < 1e-12 * scale);
    free(v);
    sl_world_destroy(w);
}

/* Pinned nodes take no pressure correction: a ball pinned at its top node, squeezed by
 * its initial velocity, keeps that node where it is and its one-rings' volumes. */
TEST(incompressible_pinned_nodes_take_no_correction) {
    sl_ball_drop_def d = sl_ball_drop_def_default();
    d.cells = 4, d.gravity = 9.81;
    sl_world *w = NULL;
    ENSURE(sl_ball_drop_world(&d, &w, NULL) == SL_OK);
    int n = sl_world_node_count(w), top = 0;
    const double *x = sl_world_positions(w);
    for (int i = 0; i < n; i++)
        if (x[3 * i + 1] > x[3 * top + 1]) top = i;
    double keep[3] = {x[3 * top], x[3 * top + 1], x[3 * top + 2]};
    ENSURE(sl_world_pin(w, top, 1) == SL_OK);
    ENSURE(sl_world_set_stepper(w, &sl_stepper_incompressible, 1e-3, 0) == SL_OK);
    ENSURE(step_n(w, 50) == 50);
    x = sl_world_positions(w);
    ENSURE(x[3 * top] == keep[0] && x[3 * top + 1] == keep[1] && x[3 * top + 2] == keep[2]);
    double r = sl_world_volume_ratio(w);
    printf("  pinned ball after 50 steps: volume ratio %.6f\n", r);
    ENSURE(fabs(r - 1) < 1e-3);
    sl_world_destroy(w);
}

/* The stability meter under the incompressible stepper: its one-ring rows (alpha = 0) are
 * projected, so omega_max comes from the elastic rows alone (SL_STEPPER_PROJECTS_HARD_ROWS)
 * and is finite, while the stepper that integrates them refuses (omega_max infinite). The
 * number means what the meter says: the elastic half kicks are velocity Verlet (bound 2),
 * so the ball without gravity, its nodes given a spin and a squeeze, stays bounded at
 * 0.8 x 2/omega_max and gains energy at 1.3 x 2/omega_max. */
TEST(incompressible_omega_max_leaves_out_the_projected_rows) {
    double omega = 0, grown[2] = {0, 0};
    const double factor[2] = {0.8, 1.3};
    for (int k = 0; k < 2; k++) {
        sl_ball_drop_def d = sl_ball_drop_def_default();
        d.cells = 4, d.gravity = 0, d.drop_height = 1;
        sl_world *w = NULL;
        ENSURE(sl_ball_drop_world(&d, &w, NULL) == SL_OK);
        if (!w) return;
        ENSURE(sl_world_set_stepper(w, sl_stepper_find("regularized"), 1e-3, 0) == SL_OK);
        double o = 0;
        ENSURE(sl_world_omega_max(w, 500, &o) == SL_ERR_STIFF_LIMIT);
        ENSURE(sl_world_set_stepper(w, &sl_stepper_incompressible, 1e-3, 0) == SL_OK);
        ENSURE(sl_world_omega_max(w, 500, &omega) == SL_OK && isfinite(omega) && omega > 0);
        ENSURE(sl_world_set_stepper(w, &sl_stepper_incompressible, factor[k] * 2 / omega, 0) == SL_OK);
        grown[k] = spun_energy_growth(w, 400); /* a spin about y and a shear */
        ENSURE(!isnan(grown[k]));
        sl_world_destroy(w);
    }
    printf("  ball of 4 cells, incompressible: omega_max %.1f rad/s (elastic rows); largest E/E0 over "
           "400 steps at 0.8 x 2/omega_max %.3f, at 1.3 x %.3g\n", omega, grown[0], grown[1]);
    ENSURE(grown[0] < 1.1);
    ENSURE(grown[1] > 10);
}
