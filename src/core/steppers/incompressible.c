/* The incompressible stepper of seed 001 §2 and §4 (see softlab/incompressible.h for the
 * steps and the choices made). Every row of compliance 0 is projected; every other row is
 * an elastic force. */
#include <cs.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "linalg/dense.h"
#include "linalg/linsolve.h"
#include "softlab/incompressible.h"
#include "softlab/krylov.h"
#include "world/stepper_api.h"

#define SL_PRESSURE_CHOLESKY_EPSILON 1e-9

typedef struct {
    int node, dof;   /* contact node and the free dof of its normal (y) component */
    double velocity; /* m/s: the wall's y velocity, the node's target normal velocity */
    double facing;   /* +1: the wall is below the node, -1: above */
} contact;

typedef struct {
    double *force, *vstar, *vtilde, *xn, *p_x; /* double[3n] */
    double *minv;                         /* double[n_free]: 1/m of each free dof */
    double *dinv;                         /* double[n_free]: the diagonal D = P M^-1 of the current
                                             contacts (1/m, 0 at a contact's normal dof) */
    double *t;                            /* double[n_free]: J^T p scratch */
    double *t_p;                          /* double[m]: the p of the last pressure_operator, whose
                                             P M^-1 Jh^T p it left in t (t_p_valid) */
    int t_p_valid;
    double *rhs, *p, *work;               /* double[m], double[m], double[12m] */
    double *inv_diag;                     /* double[m]: 1 / diag(Jh P M^-1 Jh^T), the Jacobi preconditioner */
    double *guess[2];                     /* double[m] each: the last pressure of the position (0) and
                                             velocity (1) projection, the next solve's start */
    int guess_rows;                       /* m_h the guesses were solved with (another: start at 0) */
    double rhs_scale;                     /* |(sum_j |J_ij v_j|)_i|: the size of the terms of rhs */
    int *hard;                            /* int[m]: index among hard rows, or -1 */
    double *clamp;                        /* double[m_h]: |phi| bound * dt, INFINITY: none */
    double *node_pressure;                /* double[n], Pa: p^/dt of the last velocity solve */
    int m_h;                              /* hard rows */
    contact *contacts;                    /* [n]: contact constraints of the current solve */
    int contact_count;
    const cs *Jh;                         /* hard rows of J over the free dofs (the assembly's) */
    int *group_first;                     /* int[group_count + 1]: Jh's columns in groups of up to 3
                                             consecutive ones with the same rows (a node's dofs) */
    int *rows;                            /* int[nnz(Jh)]: Jh's row indices as int */
    int group_count, group_capacity, rows_capacity;
    unsigned groups_pattern;              /* sl_assembly_jacobian_rows_pattern they were made for */
    int groups_valid;
    sl_cholesky chol;                     /* CHOLESKY: this step's factor; MINRES_FACTOR: an earlier
                                             step's, the preconditioner (stale: refactor next solve) */
    int chol_version;                     /* pattern version given to sl_cholesky_factor */
    int factor_version;                   /* MINRES_FACTOR: chol_version the pattern below was factored at */
    csi *factor_pattern;                  /* csi[factor_pattern_size]: S's column starts and row indices */
    csi factor_pattern_size;
    int pressure_valid;                   /* 1 once a step has filled node_pressure */
    sl_pressure_solver solver;
    double tol;
    sl_pressure_stats stats;
    sl_incompressible_control control;    /* fixed or adaptive step (sl_incompressible_set_control) */
    sl_incompressible_dt dt_info;         /* the last step's rule and step in use */
    double h, t_sub;                      /* s: the substep in progress and its start time */
    double t_solve;                       /* s: its pressure solves' time, summed over the step */
} incompressible_state;

static void incompressible_destroy(void *state) {
    incompressible_state *s = state;
    if (!s) return;
    free(s->force), free(s->vstar), free(s->vtilde), free(s->xn), free(s->p_x), free(s->minv), free(s->dinv), free(s->t), free(s->t_p);
    free(s->rhs), free(s->inv_diag), free(s->p), free(s->guess[0]), free(s->guess[1]), free(s->work), free(s->hard), free(s->clamp), free(s->contacts), free(s->node_pressure);
    sl_cholesky_free(&s->chol);
    free(s->factor_pattern);
    free(s->group_first), free(s->rows);
    free(s);
}

static void incompressible_reset(void *state) {
    incompressible_state *s = state;
    memset(&s->stats, 0, sizeof s->stats);
    s->stats.unknowns = s->m_h;
    s->pressure_valid = 0;
    s->guess_rows = 0; /* a reset state is not the one the guesses were solved at */
    s->chol.stale = 1; /* nor the one the preconditioner was factored at */
    memset(&s->dt_info, 0, sizeof s->dt_info);
}

static sl_status incompressible_init(sl_world *w, void **state) {
    incompressible_state *s = calloc(1, sizeof *s);
    if (!s) return SL_ERR_NOMEM;
    size_t n3 = 3 * (size_t)sl_world_node_count(w) + 1, m = (size_t)sl_world_constraint_count(w) + 1;
    s->force = calloc(n3, sizeof(double));
    s->vstar = calloc(n3, sizeof(double));
    s->vtilde = calloc(n3, sizeof(double));
    s->xn = calloc(n3, sizeof(double));
    s->p_x = calloc(n3, sizeof(double));
    s->minv = calloc(n3, sizeof(double));
    s->dinv = calloc(n3, sizeof(double));
    s->t = calloc(n3, sizeof(double));
    s->t_p = calloc(m, sizeof(double));
    s->rhs = calloc(m, sizeof(double));
    s->p = calloc(m, sizeof(double));
    s->guess[0] = calloc(m, sizeof(double));
    s->guess[1] = calloc(m, sizeof(double));
    s->work = calloc(12 * m, sizeof(double));
    s->inv_diag = calloc(m, sizeof(double));
    s->hard = calloc(m, sizeof(int));
    s->clamp = calloc(m, sizeof(double));
    s->contacts = calloc((size_t)sl_world_node_count(w) + 1, sizeof(contact));
    s->node_pressure = calloc((size_t)sl_world_node_count(w) + 1, sizeof(double));
    if (!s->force || !s->vstar || !s->vtilde || !s->xn || !s->p_x || !s->minv || !s->dinv || !s->t || !s->t_p || !s->rhs || !s->p || !s->guess[0] || !s->guess[1] ||
        !s->work || !s->inv_diag || !s->hard || !s->clamp || !s->contacts || !s->node_pressure) {
        incompressible_destroy(s);
        return SL_ERR_NOMEM;
    }
    s->solver = SL_PRESSURE_MINRES_FACTOR;
    s->tol = SL_INCOMPRESSIBLE_TOLERANCE;
    s->control = sl_incompressible_control_default();
    s->h = sl_world_dt(w);
    *state = s;
    return SL_OK;
}

/* Hard rows (alpha = 0), their clamp bounds V^_k(x0) dt / recovery time, 1/m per dof. */
static void classify_rows(sl_world *w, incompressible_state *s) {
    const int n_free = sl_stepper_free_count(w), *free_dof = sl_stepper_free_dofs(w);
    const double *alpha = sl_stepper_alpha(w), *mass = sl_world_masses(w);
    s->m_h = 0;
    for (int k = 0; k < sl_world_model_count(w); k++) {
        const sl_model *m = sl_world_model(w, k);
        const double *ring = sl_model_rest_row_values(m); /* V^_k(x0) of one-ring rows */
        for (int i = 0; i < sl_model_constraint_count(m); i++) {
            int row = sl_stepper_row_offset(w, k) + i;
            s->hard[row] = alpha[row] == 0 ? s->m_h : -1;
            if (alpha[row] == 0)
                s->clamp[s->m_h++] = ring ? ring[i] * s->h / SL_INCOMPRESSIBLE_RECOVERY_TIME : INFINITY;
        }
    }
    for (int j = 0; j < n_free; j++) s->minv[j] = 1.0 / mass[free_dof[j] / 3];
    s->stats.unknowns = s->m_h;
}

/* Jh's columns in groups (group_first) of up to three consecutive ones whose rows are the
 * same, in the same order: the x, y, z dofs of a free node (the assembly writes a node's
 * three columns from the same blocks), so that the pressure operator reads a row index
 * once for three entries and spreads three columns' products into a row at once; and Jh's
 * row indices as int (half the bytes of CSparse's). Made when the assembly builds Jh's
 * pattern anew (sl_assembly_jacobian_rows_pattern). */
static sl_status group_columns(sl_world *w, incompressible_state *s) {
    const cs *J = s->Jh;
    const int n = (int)J->n, nnz = (int)J->p[J->n];
    if (s->group_capacity < n + 1) {
        int *first = realloc(s->group_first, sizeof(int) * (size_t)(n + 1));
        if (!first) return SL_ERR_NOMEM;
        s->group_first = first, s->group_capacity = n + 1;
    }
    if (s->rows_capacity < nnz + 1) {
        int *rows = realloc(s->rows, sizeof(int) * (size_t)(nnz + 1));
        if (!rows) return SL_ERR_NOMEM;
        s->rows = rows, s->rows_capacity = nnz + 1;
    }
    for (int q = 0; q < nnz; q++) s->rows[q] = (int)J->i[q];
    int g = 0;
    for (int j = 0; j < n;) {
        int width = 1;
        csi size = J->p[j + 1] - J->p[j];
        while (width < 3 && j + width < n && J->p[j + width + 1] - J->p[j + width] == size &&
               !memcmp(J->i + J->p[j], J->i + J->p[j + width], sizeof(csi) * (size_t)size))
            width++;
        s->group_first[g++] = j;
        j += width;
    }
    s->group_first[g] = n;
    s->group_count = g;
    s->groups_pattern = sl_assembly_jacobian_rows_pattern(w);
    s->groups_valid = 1;
    return SL_OK;
}

/* Jh: the hard rows of the evaluated J (free dofs), written by the assembly from the
 * block Jacobians of those rows alone (the elastic rows are most of J). */
static sl_status build_hard_jacobian(sl_world *w, incompressible_state *s) {
    s->Jh = sl_assembly_jacobian_rows(w, s->hard, s->m_h);
    if (!s->Jh) return SL_ERR_NOMEM;
    return s->groups_valid && s->groups_pattern == sl_assembly_jacobian_rows_pattern(w) ? SL_OK : group_columns(w, s);
}

/* dv <- P dv: symmetric Gauss-Seidel sweeps (P_1 ... P_n ... P_1)^q over the contact
 * constraints c^T dv = 0 (seed 001 §4). A wall contact's c is its node's normal (0,+-1,0),
 * so P_i dv = dv - M^-1 c (c^T M^-1 c)^-1 c^T dv removes the normal component of dv at
 * the node (its mass cancels). */
static void project_contacts(const incompressible_state *s, double *dv) {
    for (int q = 0; q < SL_INCOMPRESSIBLE_SWEEPS && s->contact_count > 0; q++) {
        for (int i = 0; i < s->contact_count; i++) dv[s->contacts[i].dof] = 0;           /* forward */
        for (int i = s->contact_count - 1; i >= 0; i--) dv[s->contacts[i].dof] = 0;      /* backward */
    }
}

/* dinv = P M^-1 as a diagonal: a wall contact's c is its node's normal (0,+-1,0), so P
 * zeroes the normal dof (project_contacts on 1/m). */
static void contact_mass_inverse(incompressible_state *s, int n_free) {
    memcpy(s->dinv, s->minv, sizeof(double) * (size_t)n_free);
    project_contacts(s, s->dinv);
}

/* dv = P M^-1 Jh^T p on the columns of group g (dv: double[n_free]); returns the width. */
static int group_velocity(const incompressible_state *s, int g, const double *p, double *dv) {
    const cs *J = s->Jh;
    const int j = s->group_first[g], width = s->group_first[g + 1] - j;
    const csi start = J->p[j], size = J->p[j + 1] - start;
    const int *rows = s->rows + start;
    if (width == 3) { /* three columns, one row list */
        const double *x0 = J->x + start, *x1 = x0 + size, *x2 = x1 + size;
        double s0 = 0, s1 = 0, s2 = 0;
        for (csi q = 0; q < size; q++) {
            double pq = p[rows[q]];
            s0 += x0[q] * pq, s1 += x1[q] * pq, s2 += x2[q] * pq;
        }
        dv[j] = s->dinv[j] * s0, dv[j + 1] = s->dinv[j + 1] * s1, dv[j + 2] = s->dinv[j + 2] * s2;
        return 3;
    }
    for (int c = j; c < j + width; c++) {
        double sum = 0;
        for (csi q = J->p[c]; q < J->p[c + 1]; q++) sum += J->x[q] * p[s->rows[q]];
        dv[c] = s->dinv[c] * sum;
    }
    return width;
}

/* dv = P M^-1 Jh^T p (double[n_free]): the velocity change of pressure p. */
static void pressure_velocity(const incompressible_state *s, const double *p, double *dv) {
    for (int g = 0; g < s->group_count; g++) group_velocity(s, g, p, dv);
}

/* y = Jh P M^-1 Jh^T p: -div P M^-1 grad (seed 001 eq. 1-2, §4), in one pass over Jh:
 * each group's velocity change (the sums and their order are those of pressure_velocity)
 * is spread into y as soon as it is known, a node's three columns into a row at once.
 * The velocity change is left in t and p kept in t_p: the Krylov solvers' last product is
 * their true residual's, at the answer, so project() finds P M^-1 Jh^T p made (issue 42:
 * a pass over Jh a solve, ~6 operator products a solve on the torus). */
static void pressure_operator(void *ctx, const double *p, double *y) {
    incompressible_state *s = ctx;
    const cs *J = s->Jh;
    double *dv = s->t;
    memcpy(s->t_p, p, sizeof(double) * (size_t)s->m_h);
    s->t_p_valid = 1;
    memset(y, 0, sizeof(double) * (size_t)s->m_h);
    for (int g = 0; g < s->group_count; g++) {
        const int j = s->group_first[g];
        const csi start = J->p[j], size = J->p[j + 1] - start;
        const int *rows = s->rows + start;
        if (group_velocity(s, g, p, dv) == 3) {
            const double *x0 = J->x + start, *x1 = x0 + size, *x2 = x1 + size, t0 = dv[j], t1 = dv[j + 1], t2 = dv[j + 2];
            for (csi q = 0; q < size; q++) y[rows[q]] += x0[q] * t0 + x1[q] * t1 + x2[q] * t2;
            continue;
        }
        for (int c = j; c < s->group_first[g + 1]; c++)
            for (csi q = J->p[c]; q < J->p[c + 1]; q++) y[s->rows[q]] += J->x[q] * dv[c];
    }
}

/* inv_diag = 1 / diag(Jh P M^-1 Jh^T): row i's sum over free dofs j of Jh_ij^2 / m_j, the
 * normal dof of a wall contact left out (P zeroes it); 1 for a row with nothing left. The
 * diagonal of the SPD-semidefinite S is positive where it is not 0, so M = diag(S) is an
 * SPD preconditioner and MINRES stays valid (sl_minres_jacobi). */
static void pressure_jacobi(incompressible_state *s) {
    const cs *J = s->Jh;
    memset(s->inv_diag, 0, sizeof(double) * (size_t)s->m_h);
    for (csi j = 0; j < J->n; j++)
        for (csi q = J->p[j]; q < J->p[j + 1]; q++) s->inv_diag[J->i[q]] += J->x[q] * J->x[q] * s->dinv[j];
    for (int i = 0; i < s->m_h; i++) s->inv_diag[i] = s->inv_diag[i] > 0 ? 1 / s->inv_diag[i] : 1;
}

/* The assembled S = Jh D Jh^T, D = P M^-1 (wall contacts: the normal dof zeroed), plus
 * epsilon diag(S). */
static cs *pressure_matrix(incompressible_state *s, double epsilon) {
    cs *JD = cs_spalloc(s->Jh->m, s->Jh->n, s->Jh->p[s->Jh->n] + 1, 1, 0);
    if (!JD) return NULL;
    memcpy(JD->p, s->Jh->p, sizeof(csi) * (size_t)(s->Jh->n + 1));
    for (csi j = 0; j < s->Jh->n; j++)
        for (csi q = s->Jh->p[j]; q < s->Jh->p[j + 1]; q++) JD->i[q] = s->Jh->i[q], JD->x[q] = s->Jh->x[q] * s->dinv[j];
    cs *JT = cs_transpose(s->Jh, 1);
    cs *S = JT ? cs_multiply(JD, JT) : NULL;
    cs_spfree(JD);
    cs_spfree(JT);
    /* The one-ring system is singular (pressures whose tet means give no net nodal force):
     * regularize by epsilon times the diagonal, as the regularized stepper's Schur form
     * does (regularized.c, SL_SCHUR_EPSILON). A row with nothing left (every node of its
     * ring pinned: its Jh row is empty, so S's row and column are 0) gets 1 on the
     * diagonal, as pressure_jacobi's: its pressure moves nothing, and without it the
     * factorization fails (measured: onering-sphere-drop with its lower half pinned). */
    cs *D = S ? cs_spalloc(S->m, S->n, S->m + 1, 1, 1) : NULL;
    for (csi j = 0; D && j < S->n; j++) {
        double diagonal = 0;
        for (csi q = S->p[j]; q < S->p[j + 1]; q++)
            if (S->i[q] == j) diagonal = S->x[q];
        cs_entry(D, j, j, diagonal > 0 ? epsilon * diagonal : 1);
    }
    cs *Dc = D ? cs_compress(D) : NULL;
    cs *R = Dc ? cs_add(S, Dc, 1.0, 1.0) : NULL;
    cs_spfree(D), cs_spfree(Dc), cs_spfree(S);
    return R;
}

/* z = M^-1 r, M = the factored S + epsilon diag(S) of an earlier solve (s->chol). */
static void pressure_factor_apply(void *ctx, const double *r, double *z) {
    incompressible_state *s = ctx;
    sl_cholesky_apply(&s->chol, r, z);
}

/* Factors S + SL_PRESSURE_FACTOR_EPSILON diag(S) of the current Jh and contacts into
 * s->chol, redoing the symbolic analysis (AMD) only when S's pattern differs from the one
 * it was made for (the one-ring pattern is the mesh's: contacts zero values, not entries). */
static sl_status pressure_refactor(incompressible_state *s) {
    cs *S = pressure_matrix(s, SL_PRESSURE_FACTOR_EPSILON);
    if (!S) return SL_ERR_NOMEM;
    csi size = S->n + 1 + S->p[S->n];
    int same = s->chol.S && s->chol.pattern_version == s->factor_version && s->factor_pattern_size == size &&
               !memcmp(s->factor_pattern, S->p, sizeof(csi) * (size_t)(S->n + 1)) &&
               !memcmp(s->factor_pattern + S->n + 1, S->i, sizeof(csi) * (size_t)S->p[S->n]);
    sl_status st = SL_OK;
    if (!same) {
        csi *pattern = realloc(s->factor_pattern, sizeof(csi) * (size_t)size);
        if (!pattern) st = SL_ERR_NOMEM;
        else {
            s->factor_pattern = pattern, s->factor_pattern_size = size;
            memcpy(pattern, S->p, sizeof(csi) * (size_t)(S->n + 1));
            memcpy(pattern + S->n + 1, S->i, sizeof(csi) * (size_t)S->p[S->n]);
            s->factor_version = ++s->chol_version;
        }
    }
    if (st == SL_OK) st = sl_cholesky_factor(&s->chol, S, s->factor_version);
    cs_spfree(S);
    if (st != SL_OK) return st;
    s->chol.stale = 0;
    s->stats.factorizations++;
    return SL_OK;
}

/* MINRES preconditioned by the diagonal of S (SL_PRESSURE_MINRES_JACOBI), from s->p. */
static sl_status solve_with_jacobi(incompressible_state *s, sl_krylov_result *r) {
    pressure_jacobi(s);
    return sl_minres_jacobi(pressure_operator, s, s->m_h, s->rhs, s->p, s->inv_diag, s->tol,
                            SL_INCOMPRESSIBLE_MAX_ITERATIONS, s->work, r);
}

/* MINRES preconditioned by the Cholesky factor of an earlier S (SL_PRESSURE_MINRES_FACTOR),
 * from the guess in s->p: the factor is remade first when there is none, the row count
 * changed, or it is stale (the last solve took more than SL_PRESSURE_FACTOR_REFRESH
 * iterations, or a reset); a reused factor gets SL_PRESSURE_FACTOR_REUSE_CAP iterations,
 * after which (or on another failure: the cap, or a least-squares answer above
 * SL_INCOMPRESSIBLE_LEAST_SQUARES_RESIDUAL) the factor is remade and the solve run again
 * from the guess with the full SL_INCOMPRESSIBLE_MAX_ITERATIONS. Where the factorization
 * fails (out of memory on a large mesh, or S + epsilon diag(S) not positive definite in
 * rounding) the solve falls back on the diagonal preconditioner, so the default fails no
 * step that SL_PRESSURE_MINRES_JACOBI would take; the next solve tries to factor again. */
static sl_status solve_with_factor(sl_world *w, incompressible_state *s, int kind, sl_krylov_result *r) {
    size_t bytes = sizeof(double) * (size_t)s->m_h;
    int fresh = 0;
    if (!s->chol.N || s->chol.stale || s->chol.n != s->m_h) {
        if (pressure_refactor(s) != SL_OK) return solve_with_jacobi(s, r);
        fresh = 1;
    }
    for (;;) {
        sl_status st = sl_minres_preconditioned(pressure_operator, s, s->m_h, s->rhs, s->p, pressure_factor_apply, s,
                                                s->tol, fresh ? SL_INCOMPRESSIBLE_MAX_ITERATIONS : SL_PRESSURE_FACTOR_REUSE_CAP,
                                                s->work, r);
        if (st != SL_OK) return st;
        int failed = !r->converged && (!r->least_squares || r->residual > SL_INCOMPRESSIBLE_LEAST_SQUARES_RESIDUAL);
        if (fresh || !failed) break;
        s->stats.iterations += r->iterations; /* spent, though thrown away: counted as project() counts */
        sl_stepper_timing(w)->iterations += r->iterations;
        memcpy(s->p, s->guess[kind], bytes);
        if (pressure_refactor(s) != SL_OK) return solve_with_jacobi(s, r);
        fresh = 1;
    }
    s->chol.stale = r->iterations > SL_PRESSURE_FACTOR_REFRESH;
    return SL_OK;
}

/* Solves (Jh P M^-1 Jh^T) p = rhs and adds P M^-1 Jh^T p to v (double[3n], free dofs).
 * kind: 0 the position projection, 1 the velocity projection. The Krylov solvers start
 * from the pressure that projection found the step before (issue 27): from one step to the
 * next the pressure changes little (a body at rest holds its hydrostatic pressure), and
 * MINRES and CG stop on the same |rhs - S p| <= tol |rhs| whatever the start, so a good
 * start only saves iterations. A start in the range of S keeps the minimum-norm answer:
 * every MINRES update lies in a Krylov space of S, and the first start is 0. */
static sl_status project(sl_world *w, incompressible_state *s, double *v, int kind) {
    const int n_free = sl_stepper_free_count(w), *free_dof = sl_stepper_free_dofs(w);
    if (s->m_h == 0) return SL_OK;
    size_t bytes = sizeof(double) * (size_t)s->m_h;
    s->t_p_valid = 0; /* t is of an earlier Jh and D */
    contact_mass_inverse(s, n_free);
    if (s->guess_rows != s->m_h) memset(s->guess[0], 0, bytes), memset(s->guess[1], 0, bytes), s->guess_rows = s->m_h;
    memset(s->p, 0, bytes);
    /* A right-hand side that is rounding error of its own terms (a velocity that is already
     * divergence-free, e.g. a uniform v = dt g from rest, whose J v cancels to 1e-17 of
     * the terms) has nothing to correct; MINRES would read the noise as an inconsistent
     * system and stop on a least-squares answer far from its tolerance. */
    double size = 0;
    for (int i = 0; i < s->m_h; i++) size += s->rhs[i] * s->rhs[i];
    if (sqrt(size) <= SL_INCOMPRESSIBLE_ROUNDING * s->rhs_scale) return memset(s->guess[kind], 0, bytes), SL_OK;
    if (s->solver != SL_PRESSURE_CHOLESKY) memcpy(s->p, s->guess[kind], bytes);
    sl_krylov_result r = {0, 0, 1, 0};
    sl_status st = SL_OK;
    if (s->solver == SL_PRESSURE_CHOLESKY) {
        cs *S = pressure_matrix(s, SL_PRESSURE_CHOLESKY_EPSILON);
        if (!S) return SL_ERR_NOMEM;
        st = sl_cholesky_factor(&s->chol, S, ++s->chol_version); /* contacts change the pattern */
        if (st == SL_OK) {
            memcpy(s->p, s->rhs, sizeof(double) * (size_t)s->m_h);
            sl_cholesky_solve(&s->chol, s->p);
            double *y = s->work, rn = 0, bn = 0;
            pressure_operator(s, s->p, y);
            for (int i = 0; i < s->m_h; i++) rn += pow(s->rhs[i] - y[i], 2), bn += s->rhs[i] * s->rhs[i];
            r.residual = bn > 0 ? sqrt(rn / bn) : 0;
        }
        cs_spfree(S);
    } else if (s->solver == SL_PRESSURE_CG) {
        st = sl_cg(pressure_operator, s, s->m_h, s->rhs, s->p, s->tol, SL_INCOMPRESSIBLE_MAX_ITERATIONS, s->work, &r);
    } else if (s->solver == SL_PRESSURE_MINRES_FACTOR) {
        st = solve_with_factor(w, s, kind, &r);
    } else if (s->solver == SL_PRESSURE_MINRES_JACOBI) {
        st = solve_with_jacobi(s, &r);
    } else {
        st = sl_minres(pressure_operator, s, s->m_h, s->rhs, s->p, s->tol, SL_INCOMPRESSIBLE_MAX_ITERATIONS, s->work, &r);
    }
    if (st != SL_OK) return st;
    /* At the cap far from the tolerance (measured on onering-squeeze taken to 13 % of the
     * thickness: residuals of 6 % to 84 % after 1000 MINRES iterations, each step adding
     * kinetic energy: 1.3 J to 2.5, 5.9 and 20 J) the projection is not a projection: stop
     * there and say why, rather than run on with energy that comes from nowhere. A stop
     * short of the cap on a singular, inconsistent system (breakdown, or the least-squares
     * rule of softlab/krylov.h) is MINRES's minimum-residual answer and is kept while its
     * residual is within SL_INCOMPRESSIBLE_LEAST_SQUARES_RESIDUAL: the same squeeze accepts
     * least-squares answers of 6 % and more at 0.87 s and, run on, reaches 24 J by 1.2 s. */
    if (!r.converged && r.iterations >= SL_INCOMPRESSIBLE_MAX_ITERATIONS && r.residual > 2 * s->tol)
        return sl_world_fail(w, SL_ERR_NO_CONVERGENCE, "the %s pressure solve reached its iteration cap (%d) at a "
                             "residual of %.2g, above its tolerance %g: a half-solved projection would add energy",
                             kind ? "velocity" : "position", SL_INCOMPRESSIBLE_MAX_ITERATIONS, r.residual, s->tol);
    if (r.least_squares && r.residual > SL_INCOMPRESSIBLE_LEAST_SQUARES_RESIDUAL)
        return sl_world_fail(w, SL_ERR_NO_CONVERGENCE, "the %s pressure solve stopped on a least-squares answer of "
                             "residual %.2g, above the %g kept (before its iteration limit)", kind ? "velocity" : "position",
                             r.residual, SL_INCOMPRESSIBLE_LEAST_SQUARES_RESIDUAL);
    memcpy(s->guess[kind], s->p, bytes);
    s->stats.solves++;
    s->stats.iterations += r.iterations;
    sl_stepper_timing(w)->iterations += r.iterations; /* the step's two solves together */
    if (r.iterations > s->stats.max_iterations) s->stats.max_iterations = r.iterations;
    if (r.residual > s->stats.max_residual) s->stats.max_residual = r.residual;
    if (!(s->t_p_valid && sl_same_bits(s->t_p, s->p, (size_t)s->m_h))) pressure_velocity(s, s->p, s->t); /* else made: the same bits */
    s->t_p_valid = 0;
    for (int j = 0; j < n_free; j++) v[free_dof[j]] += s->t[j];
    return SL_OK;
}

/* rhs = -Jh v (free dofs of v, double[3n]); rhs_scale = |(sum_j |J_ij v_j|)_i| (work as scratch). */
static void minus_divergence(const sl_world *w, incompressible_state *s, const double *v) {
    const int *free_dof = sl_stepper_free_dofs(w);
    const cs *J = s->Jh;
    double *terms = s->work; /* free until the solve */
    double *rhs = s->rhs;
    memset(rhs, 0, sizeof(double) * (size_t)s->m_h);
    memset(terms, 0, sizeof(double) * (size_t)s->m_h);
    for (int g = 0; g < s->group_count; g++) { /* by column groups: each row still sums its
                                                  columns in ascending order (the same bits) */
        const int j = s->group_first[g], width = s->group_first[g + 1] - j;
        if (width == 3) {
            const csi start = J->p[j], size = J->p[j + 1] - start;
            const int *rows = s->rows + start;
            const double *x0 = J->x + start, *x1 = x0 + size, *x2 = x1 + size;
            const double v0 = v[free_dof[j]], v1 = v[free_dof[j + 1]], v2 = v[free_dof[j + 2]];
            for (csi q = 0; q < size; q++) {
                const int i = rows[q];
                const double t0 = x0[q] * v0, t1 = x1[q] * v1, t2 = x2[q] * v2;
                rhs[i] = ((rhs[i] - t0) - t1) - t2;
                terms[i] = ((terms[i] + fabs(t0)) + fabs(t1)) + fabs(t2);
            }
            continue;
        }
        for (int c = j; c < j + width; c++)
            for (csi q = J->p[c]; q < J->p[c + 1]; q++) {
                double t = J->x[q] * v[free_dof[c]];
                rhs[s->rows[q]] -= t;
                terms[s->rows[q]] += fabs(t);
            }
    }
    double sum = 0;
    for (int i = 0; i < s->m_h; i++) sum += terms[i] * terms[i];
    s->rhs_scale = sqrt(sum);
}

/* node_pressure[k] = p^_k / dt for each one-ring row k (node k), 0 for a node without
 * one. With J = dV^/dx (m^2), p^ solves (J M^-1 J^T) p^ = -J v (m^3/s), so p^ is in
 * kg/(m s) = Pa s and J^T p^ is the impulse (N s) the step's pressure gives the nodes:
 * p^/dt is the pressure (Pa), positive when it pushes the one-ring outward. */
static void node_pressures(const sl_world *w, incompressible_state *s) {
    int n = sl_world_node_count(w);
    memset(s->node_pressure, 0, sizeof(double) * (size_t)n);
    for (int k = 0; k < sl_world_model_count(w); k++) {
        const sl_model *m = sl_world_model(w, k);
        if (!m->cls->node_rows) continue; /* a row per node: the one-ring volume */
        int rows = sl_model_constraint_count(m);
        for (int i = 0; i < rows && i < n; i++) {
            int h = s->hard[sl_stepper_row_offset(w, k) + i];
            if (h >= 0) s->node_pressure[i] = s->p[h] / s->h;
        }
    }
    s->pressure_valid = 1;
}

/* v += dt/2 M^-1 F on the free dofs. */
static void half_kick(sl_world *w, const incompressible_state *s, const double *force, double *v) {
    const int n_free = sl_stepper_free_count(w), *free_dof = sl_stepper_free_dofs(w);
    const double *mass = sl_world_masses(w);
    for (int j = 0; j < n_free; j++) {
        int d = free_dof[j];
        v[d] += 0.5 * s->h * force[d] / mass[d / 3];
    }
}

/* The wall (world/stepper_api.h) node i is on or beyond at walls[0..nw), the deepest, or -1. */
static int touching(const sl_world *w, int i, const sl_wall *walls, int nw) {
    int best = -1;
    double deepest = -INFINITY;
    for (int k = 0; k < nw && !sl_world_is_pinned(w, i); k++) {
        double depth = walls[k].facing * (walls[k].height - sl_world_positions(w)[3 * i + 1]);
        if (depth >= 0 && depth > deepest) deepest = depth, best = k;
    }
    return best;
}

/* 1. v* = v^n + h/2 a(x^n);  2. the position projection (eq. 1) into vtilde, with the
 * contacts of the walls at t^n: nodes on or beyond a wall (the ground, a plate), whose
 * normal velocity relative to the wall is made non-negative first: collision-aware v*,
 * as the seed's squeeze does (seed 001 §5). */
static sl_status kick_and_project_positions(sl_world *w, incompressible_state *s) {
    const double *x = sl_stepper_x(w), *vel = sl_stepper_v(w), *phi_rows = sl_stepper_phi(w);
    const int n = sl_world_node_count(w), m = sl_world_constraint_count(w), *dof = sl_stepper_dof_map(w);
    size_t n3 = 3 * (size_t)n;
    sl_wall walls[1 + SL_WORLD_MAX_PLATES];
    sl_assembly_evaluate_projection(w, x);
    sl_assembly_forces(w, s->force);
    memcpy(s->vstar, vel, n3 * sizeof(double));
    half_kick(w, s, s->force, s->vstar);
    int nw = sl_world_walls(w, s->t_sub, walls);
    s->contact_count = 0;
    for (int i = 0; i < n; i++) {
        int k = touching(w, i, walls, nw);
        if (k < 0 || dof[3 * i + 1] < 0) continue;
        if (walls[k].facing * (s->vstar[3 * i + 1] - walls[k].velocity) < 0) s->vstar[3 * i + 1] = walls[k].velocity;
        s->contacts[s->contact_count++] = (contact){i, dof[3 * i + 1], walls[k].velocity, walls[k].facing};
    }
    sl_status st = build_hard_jacobian(w, s);
    if (st != SL_OK) return st;
    minus_divergence(w, s, s->vstar);
    double recovery = 0, h = s->h;
    for (int r = 0, i = 0; r < m; r++) {
        if (s->hard[r] < 0) continue;
        double phi = fmax(-s->clamp[i], fmin(s->clamp[i], phi_rows[r])); /* volume recovery clamp */
        s->rhs[i++] -= phi / h;                                     /* -J v* - phi/h */
        recovery += phi * phi / (h * h);
    }
    s->rhs_scale = hypot(s->rhs_scale, sqrt(recovery));
    double ts = sl_clock_seconds();
    memcpy(s->vtilde, s->vstar, n3 * sizeof(double));
    st = project(w, s, s->vtilde, 0);
    s->t_solve += sl_clock_seconds() - ts;
    return st;
}

/* 4. x~ = x^n + h v~;  5. collide with the walls at t^{n+1}: x^{n+1}, and v*^n (in vstar):
 * v^n with the normal velocity of the nodes on a wall made non-negative relative to it and
 * Coulomb friction on their tangential velocity; the contacts of the velocity solve. */
static void advance_and_collide(sl_world *w, incompressible_state *s) {
    double *x = sl_stepper_x(w);
    const double *vel = sl_stepper_v(w);
    const int n = sl_world_node_count(w), n_free = sl_stepper_free_count(w), *free_dof = sl_stepper_free_dofs(w);
    const int *dof = sl_stepper_dof_map(w);
    sl_wall walls[1 + SL_WORLD_MAX_PLATES];
    int nw = sl_world_walls(w, s->t_sub + s->h, walls);
    memcpy(s->vstar, vel, 3 * (size_t)n * sizeof(double)); /* v*^n starts as v^n */
    s->contact_count = 0;
    for (int j = 0; j < n_free; j++) x[free_dof[j]] += s->h * s->vtilde[free_dof[j]];
    for (int i = 0; i < n; i++) {
        int k = touching(w, i, walls, nw);
        if (k < 0) continue;
        const sl_wall *wall = &walls[k];
        x[3 * i + 1] = wall->height;
        double *v = s->vstar + 3 * i, vn = wall->facing * (v[1] - wall->velocity); /* relative, along the normal */
        if (vn < 0) { /* inelastic normal, Coulomb friction on the tangential part */
            double vt = hypot(v[0], v[2]);
            double keep = vt > 0 ? fmax(0.0, 1.0 - wall->friction * (-vn) / vt) : 0;
            v[0] *= keep, v[2] *= keep, v[1] = wall->velocity;
        }
        s->contacts[s->contact_count++] = (contact){i, dof[3 * i + 1], wall->velocity, wall->facing};
    }
}

/* 7. v^{n+1/2} = v*^n + h/2 a(x^{n+1/2});  8. v^{n+1} = 2 v^{n+1/2} - v*^n. */
static void midpoint_kick(sl_world *w, incompressible_state *s) {
    double *x = sl_stepper_x(w), *vel = sl_stepper_v(w);
    const int n_free = sl_stepper_free_count(w), *free_dof = sl_stepper_free_dofs(w);
    size_t n3 = 3 * (size_t)sl_world_node_count(w);
    double *xnew = s->p_x; /* x^{n+1} kept while x holds the midpoint */
    memcpy(xnew, x, n3 * sizeof(double));
    for (size_t d = 0; d < n3; d++) x[d] = 0.5 * (s->xn[d] + xnew[d]);
    memcpy(vel, s->vstar, n3 * sizeof(double)); /* for velocity-dependent loads */
    sl_assembly_evaluate_forces(w, x); /* the one-ring rows are hard: no force, not evaluated */
    sl_assembly_forces(w, s->force);   /* elastic and external (grab) at the midpoint */
    memcpy(x, xnew, n3 * sizeof(double));
    memcpy(s->vtilde, s->vstar, n3 * sizeof(double)); /* v^{n+1/2} */
    half_kick(w, s, s->force, s->vtilde);
    for (int c = 0; c < s->contact_count; c++) { /* no velocity into a wall */
        const contact *k = &s->contacts[c];
        int d = 3 * k->node + 1;
        if (k->facing * (s->vtilde[d] - k->velocity) < 0) s->vtilde[d] = k->velocity;
    }
    for (int j = 0; j < n_free; j++) {
        int d = free_dof[j];
        vel[d] = 2 * s->vtilde[d] - s->vstar[d];
    }
}

/* One step of size s->h from t_sub (seed 001 §2 steps 1-8; softlab/incompressible.h). */
static sl_status substep(sl_world *w, incompressible_state *s) {
    double *x = sl_stepper_x(w), *vel = sl_stepper_v(w);
    classify_rows(w, s);
    memcpy(s->xn, x, 3 * (size_t)sl_world_node_count(w) * sizeof(double));
    sl_status st = kick_and_project_positions(w, s);
    if (st != SL_OK) return st;
    advance_and_collide(w, s);
    midpoint_kick(w, s);
    /* 6, done last: velocity projection (eq. 2) of v^{n+1} at x^{n+1}, the contacts of 5 */
    sl_assembly_evaluate_projection(w, x); /* J of the hard rows; the next step's forces */
    if ((st = build_hard_jacobian(w, s)) != SL_OK) return st;
    minus_divergence(w, s, vel);
    double ts = sl_clock_seconds();
    st = project(w, s, vel, 1);
    s->t_solve += sl_clock_seconds() - ts;
    if (st != SL_OK) return st;
    s->stats.contacts = s->contact_count;
    node_pressures(w, s);
    return SL_OK;
}

/* The thinnest tet of the body at x: its smallest altitude 3 |V| / (largest face area), m
 * (INFINITY without tets). */
static double thinnest_tet(const sl_world *w, const double *x) {
    const int *tet = sl_world_tets(w);
    double thinnest = INFINITY;
    for (int e = 0; e < sl_world_tet_count(w); e++) {
        const double *p[4] = {x + 3 * tet[4 * e], x + 3 * tet[4 * e + 1], x + 3 * tet[4 * e + 2], x + 3 * tet[4 * e + 3]};
        double a[3], b[3], c[3], largest = 0;
        for (int d = 0; d < 3; d++) a[d] = p[1][d] - p[0][d], b[d] = p[2][d] - p[0][d], c[d] = p[3][d] - p[0][d];
        double volume = fabs(a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) +
                             a[2] * (b[0] * c[1] - b[1] * c[0])) / 6;
        for (int f = 0; f < 4; f++) { /* face f: the three corners other than f */
            const double *q0 = p[(f + 1) % 4], *q1 = p[(f + 2) % 4], *q2 = p[(f + 3) % 4];
            double u[3], v[3];
            for (int d = 0; d < 3; d++) u[d] = q1[d] - q0[d], v[d] = q2[d] - q0[d];
            double nx = u[1] * v[2] - u[2] * v[1], ny = u[2] * v[0] - u[0] * v[2], nz = u[0] * v[1] - u[1] * v[0];
            largest = fmax(largest, 0.5 * sqrt(nx * nx + ny * ny + nz * nz));
        }
        thinnest = fmin(thinnest, largest > 0 ? 3 * volume / largest : 0);
    }
    return thinnest;
}

/* The fastest a node or a wall moves at the step's start (m/s). */
static double fastest_motion(const sl_world *w) {
    const double *v = sl_world_velocities(w);
    double fastest = 0;
    for (int i = 0; i < sl_world_node_count(w); i++) fastest = fmax(fastest, sqrt(v[3 * i] * v[3 * i] + v[3 * i + 1] * v[3 * i + 1] + v[3 * i + 2] * v[3 * i + 2]));
    sl_wall walls[1 + SL_WORLD_MAX_PLATES];
    int nw = sl_world_walls(w, sl_world_time(w), walls);
    for (int k = 0; k < nw; k++) fastest = fmax(fastest, fabs(walls[k].velocity));
    return fastest;
}

/* The step rule of sl_incompressible_control at the state at the world step's start:
 * dt_info's bounds and the substep h = dt / ceil(dt / bound). Fails (SL_ERR_NO_CONVERGENCE,
 * with the reason in the world's last error) when the bound is below the floor. */
static sl_status choose_step(sl_world *w, incompressible_state *s) {
    double dt = sl_world_dt(w);
    sl_incompressible_dt *d = &s->dt_info;
    memset(d, 0, sizeof *d);
    d->elastic = d->motion = d->bound = INFINITY;
    d->substeps = 1, d->dt = dt;
    if (!s->control.adaptive) return SL_OK;
    sl_status st = sl_world_omega_max(w, SL_INCOMPRESSIBLE_OMEGA_ITERATIONS, &d->omega_max);
    if (st != SL_OK) return st;
    d->thinnest = thinnest_tet(w, sl_world_positions(w));
    d->speed = fastest_motion(w);
    if (d->omega_max > 0) d->elastic = s->control.cfl * 2 / d->omega_max;
    if (d->speed > 0) d->motion = s->control.motion * d->thinnest / d->speed;
    d->bound = fmin(d->elastic, d->motion);
    if (!(d->bound >= s->control.dt_floor))
        return sl_world_fail(w, SL_ERR_NO_CONVERGENCE, "the step size fell below its floor %g s: %s bound %.3g s "
                             "(omega_max %.4g rad/s, thinnest tet %.3g m, fastest motion %.3g m/s)", s->control.dt_floor,
                             d->elastic <= d->motion ? "the elastic CFL" : "the motion", d->bound, d->omega_max,
                             d->thinnest, d->speed);
    d->substeps = dt <= d->bound ? 1 : (int)fmin(ceil(dt / d->bound), INT_MAX);
    d->dt = dt / d->substeps;
    return SL_OK;
}

static sl_status incompressible_step(sl_world *w, void *state) {
    incompressible_state *s = state;
    double t0 = sl_clock_seconds();
    s->t_solve = 0;
    sl_status st = choose_step(w, s);
    s->h = s->dt_info.dt;
    for (int k = 0; k < s->dt_info.substeps && st == SL_OK; k++) {
        s->t_sub = sl_world_time(w) + k * s->h;
        st = substep(w, s);
    }
    s->stats.last_solve_seconds = s->t_solve;
    sl_step_timing *timing = sl_stepper_timing(w);
    timing->assembly = sl_clock_seconds() - t0 - s->t_solve;
    timing->solve = s->t_solve;
    timing->dt = s->h, timing->substeps = s->dt_info.substeps;
    return st;
}

const sl_stepper_class sl_stepper_incompressible = {
    .name = "incompressible",
    .title = "Incompressible (Irving et al.)",
    .citation = "seed 001 §2 steps 1-8, eq. 1-2, §4",
    .flags = SL_STEPPER_LINEAR_SOLVE | SL_STEPPER_PROJECTS_HARD_ROWS,
    .force_evaluations = 3, /* a(x^n), a(x^{n+1/2}) for the grab and drivers, a(x^{n+1}) */
    .stability_bound = 2, /* the elastic half kicks (velocity Verlet); find-dt on the swinging
                           * cube: 3.5536 ms = 2.000 / omega_max */
    .init = incompressible_init,
    .step = incompressible_step,
    .destroy = incompressible_destroy,
    .reset = incompressible_reset,
};

sl_status sl_incompressible_set_solver(sl_world *w, sl_pressure_solver solver, double tol) {
    if (!w) return SL_ERR_NULL;
    if (sl_world_stepper(w) != &sl_stepper_incompressible || !sl_stepper_state(w))
        return sl_world_fail(w, SL_ERR_INCOMPATIBLE, "the stepper is not 'incompressible'");
    if (solver < SL_PRESSURE_MINRES || solver > SL_PRESSURE_MINRES_FACTOR || !(tol > 0 && tol < 1))
        return sl_world_fail(w, SL_ERR_RANGE, "pressure solver %d, tolerance %g", (int)solver, tol);
    incompressible_state *s = sl_stepper_state(w);
    s->solver = solver;
    s->tol = tol;
    return SL_OK;
}

sl_status sl_incompressible_stats(const sl_world *w, sl_pressure_stats *out) {
    if (!w || !out) return SL_ERR_NULL;
    if (sl_world_stepper(w) != &sl_stepper_incompressible || !sl_stepper_state(w)) return SL_ERR_INCOMPATIBLE;
    *out = ((const incompressible_state *)sl_stepper_state(w))->stats;
    return SL_OK;
}

sl_status sl_incompressible_node_pressure(const sl_world *w, double *out) {
    if (!w || !out) return SL_ERR_NULL;
    if (sl_world_stepper(w) != &sl_stepper_incompressible || !sl_stepper_state(w))
        return sl_world_fail((sl_world *)w, SL_ERR_RANGE, /* last_error is the world's note pad, const or not */
                             "the pressure field needs the 'incompressible' stepper (seed 001 eq. 2), not '%s'",
                             sl_world_stepper(w) ? sl_world_stepper(w)->name : "none");
    const incompressible_state *s = sl_stepper_state(w);
    for (int i = 0; i < sl_world_node_count(w); i++) out[i] = s->pressure_valid ? s->node_pressure[i] : 0;
    return SL_OK;
}

sl_incompressible_control sl_incompressible_control_default(void) {
    return (sl_incompressible_control){0, SL_INCOMPRESSIBLE_CFL, 0.5, 1e-7};
}

sl_status sl_incompressible_set_control(sl_world *w, const sl_incompressible_control *c) {
    if (!w || !c) return SL_ERR_NULL;
    if (sl_world_stepper(w) != &sl_stepper_incompressible || !sl_stepper_state(w))
        return sl_world_fail(w, SL_ERR_INCOMPATIBLE, "the adaptive step is the 'incompressible' stepper's");
    if (!(c->cfl > 0 && c->cfl <= 1) || !(c->motion > 0 && c->motion <= 1) || !(c->dt_floor > 0 && c->dt_floor < INFINITY))
        return sl_world_fail(w, SL_ERR_RANGE, "step control: cfl %g and motion %g must be in (0, 1], the floor %g s > 0",
                             c->cfl, c->motion, c->dt_floor);
    incompressible_state *s = sl_stepper_state(w);
    s->control = *c;
    s->control.adaptive = c->adaptive != 0;
    return SL_OK;
}

sl_status sl_incompressible_step_rule(const sl_world *w, sl_incompressible_dt *out) {
    if (!w || !out) return SL_ERR_NULL;
    if (sl_world_stepper(w) != &sl_stepper_incompressible || !sl_stepper_state(w)) return SL_ERR_INCOMPATIBLE;
    *out = ((const incompressible_state *)sl_stepper_state(w))->dt_info;
    return SL_OK;
}
