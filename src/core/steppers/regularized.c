/* The regularized stepper of Servin, Lacoursiere and Melin: seed 000 eq. 20-21.
 *
 *   [ M    -J_n^T          ] [ v_{n+1}      ]   [ M v_n + dt F_n        ]
 *   [ J_n  gamma dt^-2 alpha ] [ dt lambda~  ] = [ -gamma dt^-1 phi_n    ],
 *   x_{n+1} = x_n + dt v_{n+1},   gamma = 1 / (1/2 + dt beta)            (eq. 20)
 *
 * where F_n holds the external forces (gravity) and the constraint forces act
 * through lambda~ only. Two algebraic forms, the same physics (sl_solve_form):
 *  - PRIMAL: eliminating the multipliers, dt lambda~ = -dt alpha^-1 phi_n
 *    - (dt^2/gamma) alpha^-1 J_n v_{n+1}, gives the SPD system
 *      (M + dt^2/gamma J^T alpha^-1 J) v_{n+1} = M v_n + dt (F_ext - J^T alpha^-1 phi_n).
 *  - SCHUR: eq. 21, S lambda~ = -dt^-1 J v_n - J M^-1 F_ext - gamma dt^-2 phi_n with
 *    S = J M^-1 J^T + gamma dt^-2 alpha (eq. 22), then v_{n+1} from the top row.
 * Units of beta: 1/s (gamma is dimensionless), as eq. 20 is written. */
#include <cs.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "linalg/linsolve.h"
#include "steppers/regularized.h"
#include "steppers/schur_matrix.h"
#include "world/stepper_api.h"

typedef struct {
    double *force;  /* double[3n] */
    double *rhs;    /* double[max(n_free, m)] */
    double *fext;   /* double[n_free]: external force on the free dofs (Schur form) */
    double *v;      /* double[n_free]: v_{n+1}, its guess on input (primal form) */
    double *v_prev; /* double[3n]: v_{n-1} for the guess, valid when have_prev */
    double *lambda;     /* double[m]: the last Schur-form lambda~ */
    double *lambda_old; /* double[m]: the one before, valid when have_lambda == 2 */
    int have_lambda;    /* Schur-form solves since the last reset, up to 2 */
    int have_prev;
    sl_cholesky primal, schur;
    sl_schur_matrix schur_matrix; /* S of eq. 22, its pattern kept (schur_matrix.h) */
} regularized_state;

void sl_regularized_destroy(void *state) {
    regularized_state *s = state;
    if (!s) return;
    free(s->force);
    free(s->rhs);
    free(s->fext);
    free(s->v);
    free(s->v_prev);
    free(s->lambda), free(s->lambda_old);
    sl_cholesky_free(&s->primal);
    sl_cholesky_free(&s->schur);
    sl_schur_matrix_free(&s->schur_matrix);
    free(s);
}

void sl_regularized_reset(void *state) {
    regularized_state *s = state;
    sl_cholesky_restart(&s->primal); /* the next step solves as the first one did */
    sl_cholesky_restart(&s->schur);
    s->have_lambda = 0;
    s->have_prev = 0;
}

sl_status sl_regularized_init(sl_world *w, void **state) {
    regularized_state *s = calloc(1, sizeof *s);
    if (!s) return SL_ERR_NOMEM;
    size_t n3 = 3 * (size_t)sl_world_node_count(w) + 1, m = (size_t)sl_world_constraint_count(w) + 1;
    s->force = calloc(n3, sizeof(double));
    s->rhs = calloc(n3 > m ? n3 : m, sizeof(double));
    s->fext = calloc(n3, sizeof(double));
    s->v = calloc(n3, sizeof(double));
    s->v_prev = calloc(n3, sizeof(double));
    s->lambda = calloc(m, sizeof(double)), s->lambda_old = calloc(m, sizeof(double));
    if (!s->force || !s->rhs || !s->fext || !s->v || !s->v_prev || !s->lambda || !s->lambda_old) {
        sl_regularized_destroy(s);
        return SL_ERR_NOMEM;
    }
    *state = s;
    return SL_OK;
}

/* The primal system changes little from step to step, so the last Cholesky factor
 * preconditions conjugate gradients on the current matrix; it is refreshed when CG needs
 * more than half of SL_PCG_MAX_ITERATIONS. Where the matrix drifts fast (a bouncing
 * ball), IC0 remade each step costs less, and the default solver switches to it
 * (sl_spd_solve, linsolve.h SL_AUTO_WINDOW). Every solve reaches the scaled residual
 * SL_PCG_TOLERANCE, so the physics is that of an exact solve (measured: positions
 * agree with the direct Schur-form solve to 1e-8 m; tests/c/test_fem_experiments.c).
 * Measured on the soft beam (native): 5400 tets 22.6 -> 15-17 ms per step, 12800 tets
 * 135 -> 75-90 ms; the factorization of 3D meshes grows like N_T^2 and dominates.
 * The iterative solvers start from v_n extrapolated linearly (2 v_n - v_{n-1}): CG's
 * iterations at 20,000 tets (bench --shapes, IC0, residual 1e-7) fell from 40.6 to 38.8 on
 * perf-block and from 51.0 to 44.1 on perf-beam. */

/* CG iterations of a Schur-form solve above which the next step refactors S: one
 * iteration (two triangular solves with L, two products with J) cost about 0.35 ms
 * natively on onering-cantilever's per-tet panel against about 10 ms for the refill and
 * factorization (perf, issue 42); its solves take 4-7, so the factor of the first step
 * served the scene's whole 2 s. */
#define SCHUR_PCG_REFRESH 8

static double gamma_of(const sl_world *w) { return 1.0 / (0.5 + sl_world_dt(w) * sl_world_beta(w)); } /* eq. 20 */

static void advance_positions(sl_world *w) {
    const int n_free = sl_stepper_free_count(w), *free_dof = sl_stepper_free_dofs(w);
    double *x = sl_stepper_x(w), *v = sl_stepper_v(w), dt = sl_world_dt(w);
    for (int k = 0; k < n_free; k++) x[free_dof[k]] += dt * v[free_dof[k]];
}

sl_status sl_regularized_primal_step(sl_world *w, void *state, int geometric) {
    regularized_state *s = state;
    double *x = sl_stepper_x(w), *v = sl_stepper_v(w);
    const double *mass = sl_world_masses(w);
    double dt = sl_world_dt(w), g = gamma_of(w);
    sl_step_timing *timing = sl_stepper_timing(w);
    double t0 = sl_clock_seconds();
    sl_assembly_evaluate(w, x);
    if (geometric) { /* H = (dJ^T/dx) alpha^-1 phi_n, its tension (PSD) part per block */
        sl_assembly_geometric(w, x);
        sl_assembly_geometric_psd(w);
    }
    sl_assembly_forces(w, s->force); /* F_ext - J^T alpha^-1 phi_n */
    sl_assembly_system(w, dt * dt / g, geometric ? dt * dt / g : 0.0);
    const int n_free = sl_stepper_free_count(w), *free_dof = sl_stepper_free_dofs(w);
    for (int k = 0; k < n_free; k++) {
        int d = free_dof[k];
        s->rhs[k] = mass[d / 3] * v[d] + dt * s->force[d];
    }
    for (int k = 0; k < n_free; k++) { /* guess: v_n extrapolated, 2 v_n - v_{n-1} */
        int d = free_dof[k];
        s->v[k] = s->have_prev ? 2 * v[d] - s->v_prev[d] : v[d];
        s->v_prev[d] = v[d];
    }
    s->have_prev = 1;
    double t1 = sl_clock_seconds();
    int factored = 0;
    sl_status st = sl_spd_solve(&s->primal, sl_stepper_linear_solver(w), sl_stepper_system_matrix(w),
                                sl_stepper_pattern_version(w), s->rhs, s->v, &timing->iterations, &factored);
    double t2 = sl_clock_seconds();
    if (st != SL_OK) return st;
    for (int k = 0; k < n_free; k++) v[free_dof[k]] = s->v[k];
    advance_positions(w);
    timing->assembly = t1 - t0;
    if (factored) timing->factorization = t2 - t1; /* includes the direct solve */
    else timing->solve = t2 - t1;
    return SL_OK;
}

/* The Schur form's solve of S lambda~ = rhs (eq. 21). SL_LINEAR_CHOLESKY: S refilled and
 * factorized every step (the reference). Otherwise the last factor of S preconditions
 * conjugate gradients on the current S, applied as J M^-1 J^T + D without forming it
 * (schur_matrix.h), from the last step's lambda~, to the scaled residual SL_PCG_TOLERANCE;
 * S is refilled and refactored when CG fails, when J's pattern changed, after a reset, or
 * when the last solve took more than SCHUR_PCG_REFRESH iterations (the factor has drifted
 * from S). Measured on onering-cantilever's per-tet panel (200 tets, m = 1200, nnz(S) 290k,
 * nnz(L) 183k, AMD): the factorization took 80 % of its 12.9 ms step (native, perf). */
typedef struct {
    regularized_state *s;
    const sl_world *w;
    const cs *J;
    double c;
} schur_operator;

static void schur_apply(const void *ctx, const double *x, double *y) {
    const schur_operator *op = ctx;
    sl_schur_matrix_apply(&op->s->schur_matrix, op->w, op->J, op->c, x, y);
}

/* lambda~ solved into s->lambda_old (CG's guess there: the last two extrapolated, 2 l_n -
 * l_{n-1}, or the last one), then the two swapped: lambda~ in s->lambda and in rhs. */
static sl_status solve_schur(sl_world *w, regularized_state *s, const cs *J, double c, double *t_factor) {
    const int m = sl_world_constraint_count(w);
    int reuse = sl_stepper_linear_solver(w) != SL_LINEAR_CHOLESKY && s->schur.N && !s->schur.stale &&
                s->have_lambda > 0 && s->schur.pattern_version == sl_stepper_pattern_version(w) &&
                s->schur.n == m && sl_schur_matrix_values(&s->schur_matrix, w, J);
    double *next = s->lambda_old;
    sl_step_timing *timing = sl_stepper_timing(w);
    timing->iterations = 0;
    *t_factor = 0;
    int solved = 0;
    if (reuse) {
        for (int i = 0; i < m; i++) next[i] = s->have_lambda == 2 ? 2 * s->lambda[i] - next[i] : s->lambda[i];
        schur_operator op = {s, w, J, c};
        int it = 0;
        sl_status st = sl_cholesky_pcg_operator(&s->schur, schur_apply, &op, s->rhs, next, SL_PCG_TOLERANCE,
                                                SL_PCG_MAX_ITERATIONS, &it);
        if (st == SL_ERR_NOMEM) return st;
        if (st == SL_OK) timing->iterations = it, s->schur.stale = it > SCHUR_PCG_REFRESH, solved = 1;
    }
    if (!solved) {
        double t0 = sl_clock_seconds();
        const cs *S = sl_schur_matrix_update(&s->schur_matrix, w, J, c); /* owned by s */
        if (!S) return SL_ERR_NOMEM;
        sl_status st = sl_cholesky_factor(&s->schur, S, sl_stepper_pattern_version(w));
        *t_factor = sl_clock_seconds() - t0;
        if (st != SL_OK) return st;
        s->schur.stale = 0;
        sl_cholesky_solve(&s->schur, s->rhs);
        memcpy(next, s->rhs, sizeof(double) * (size_t)m);
    }
    s->lambda_old = s->lambda, s->lambda = next;
    s->have_lambda = s->have_lambda < 2 ? s->have_lambda + 1 : 2;
    memcpy(s->rhs, s->lambda, sizeof(double) * (size_t)m);
    return SL_OK;
}

static sl_status step_schur(sl_world *w, regularized_state *s) {
    double *x = sl_stepper_x(w), *v = sl_stepper_v(w);
    const double *mass = sl_world_masses(w);
    double dt = sl_world_dt(w), g = gamma_of(w);
    double t0 = sl_clock_seconds();
    sl_assembly_evaluate(w, x);
    const cs *J = sl_assembly_jacobian(w); /* owned by the assembly */
    if (!J) return SL_ERR_NOMEM;
    const int n_free = sl_stepper_free_count(w), *free_dof = sl_stepper_free_dofs(w);
    const int m = sl_world_constraint_count(w);
    const double *phi = sl_stepper_phi(w);
    sl_assembly_external_forces(w, s->force); /* gravity and grab */
    for (int k = 0; k < n_free; k++) s->fext[k] = s->force[free_dof[k]];
    for (int k = 0; k < n_free; k++) {
        int d = free_dof[k];
        s->force[k] = v[d] / dt + s->fext[k] / mass[d / 3]; /* dt^-1 v_n + M^-1 F_ext */
    }
    for (int i = 0; i < m; i++) s->rhs[i] = -g / (dt * dt) * phi[i];
    for (csi j = 0; j < J->n; j++) /* rhs -= J (dt^-1 v_n + M^-1 F_ext)         eq. 21 */
        for (csi p = J->p[j]; p < J->p[j + 1]; p++) s->rhs[J->i[p]] -= J->x[p] * s->force[j];
    double t1 = sl_clock_seconds(), t_factor = 0;
    sl_status st = solve_schur(w, s, J, g / (dt * dt), &t_factor); /* rhs = lambda~ */
    if (st == SL_OK) {
        for (csi j = 0; j < J->n; j++) { /* v = v_n + dt M^-1 (F_ext + J^T lambda~) */
            double f = s->fext[j];
            for (csi p = J->p[j]; p < J->p[j + 1]; p++) f += J->x[p] * s->rhs[J->i[p]];
            int d = free_dof[j];
            v[d] += dt * f / mass[d / 3];
        }
        advance_positions(w);
    }
    sl_step_timing *timing = sl_stepper_timing(w);
    timing->assembly = t1 - t0;
    timing->factorization = t_factor;
    timing->solve = sl_clock_seconds() - t1 - t_factor; /* CG or the direct solve, and the velocity update */
    return st;
}

static sl_status regularized_step(sl_world *w, void *state) {
    int stiff = sl_world_has_zero_compliance(w);
    sl_solve_form form = sl_stepper_solve_form(w);
    if (form == SL_SOLVE_PRIMAL && stiff) return SL_ERR_STIFF_LIMIT;
    if (form == SL_SOLVE_SCHUR || (form == SL_SOLVE_AUTO && stiff))
        return step_schur(w, state);
    return sl_regularized_primal_step(w, state, 0);
}

const sl_stepper_class sl_stepper_regularized = {
    .name = "regularized",
    .title = "Regularized (Servin et al.)",
    .citation = "seed 000 eq. 20-22",
    .flags = SL_STEPPER_LINEAR_SOLVE | SL_STEPPER_USES_BETA,
    .force_evaluations = 1,
    .stability_bound = INFINITY,
    .init = sl_regularized_init,
    .step = regularized_step,
    .destroy = sl_regularized_destroy,
    .reset = sl_regularized_reset,
};
