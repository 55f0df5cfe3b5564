/* Linearly implicit Euler (and Terzopoulos' semi-implicit scheme, at the end of this
 * file). Linearly implicit Euler: seed 000 eq. 18-19 (Baraff and Witkin 1998), times M:
 *   (M + dt^2 K_n) v_{n+1} = M v_n + dt F_n,   x_{n+1} = x_n + dt v_{n+1},
 * with the full force Jacobian -dF/dx = K = J^T alpha^-1 J + (dJ^T/dx) alpha^-1 phi
 * (eq. 23, geometric term included). Solved over the free dofs by conjugate gradients
 * preconditioned by a reused sparse Cholesky factor (sl_cholesky_pcg, to the scaled
 * residual SL_PCG_TOLERANCE): the matrix changes little from step to step, and seed 004
 * §2 suggests conjugate gradients for Terzopoulos' system too. Measured on the grid box
 * (5^3 particles, improved model, dt = 0.5 ms, native): 2.0 -> 0.5 ms per step, the
 * numeric factorization (cs_chol) having taken 70 % of the time. */
#include <cs.h>
#include <stdlib.h>

#include "sl_linsolve.h"
#include "sl_world_internal.h"

typedef struct {
    double *force; /* double[3n] */
    double *rhs;   /* double[n_free] */
    double *v;     /* double[n_free]: v_{n+1}, its guess v_n on input */
    sl_cholesky chol;
} implicit_state;

static void implicit_destroy(void *state) {
    implicit_state *s = state;
    if (!s) return;
    free(s->force);
    free(s->rhs);
    free(s->v);
    sl_cholesky_free(&s->chol);
    free(s);
}

static sl_status implicit_init(sl_world *w, void **state) {
    implicit_state *s = calloc(1, sizeof *s);
    if (!s) return SL_ERR_NOMEM;
    s->force = calloc(3 * (size_t)w->n, sizeof(double));
    s->rhs = calloc(3 * (size_t)w->n + 1, sizeof(double));
    s->v = calloc(3 * (size_t)w->n + 1, sizeof(double));
    if (!s->force || !s->rhs || !s->v) {
        implicit_destroy(s);
        return SL_ERR_NOMEM;
    }
    *state = s;
    return SL_OK;
}

/* One step of (M + dt^2 c_K J^T alpha^-1 J + dt^2 H + dt/2 C) v' = M v + dt F + dt/2 C v:
 * linearly implicit Euler (c_K = 1, eq. 18-19, 23) or Terzopoulos' scheme (c_K = 0: the
 * frozen-alpha stiffness K(r_t) = H of quadratic metric models, with central-difference
 * damping C = c M, whose explicit part -c M v is already in F; seed 004 eq. 7-8). */
static sl_status linear_step(sl_world *w, implicit_state *s, int terzopoulos) {
    sl_assembly *a = &w->assembly;
    double dt = w->dt, c = terzopoulos ? w->mass_damping : 0;
    double t0 = sl_clock_seconds();
    { /* assemble F_n and the system matrix                                eq. 19, 23 */
        sl_assembly_evaluate(w, w->x);
        sl_assembly_geometric(w, w->x);
        sl_assembly_forces(w, s->force);
        sl_assembly_system(w, terzopoulos ? 0.0 : dt * dt, dt * dt);
        for (int k = 0; k < a->n_free; k++) {
            int d = a->free_dof[k];
            double m = w->mass[d / 3];
            a->A->x[a->A_diag[k]] += 0.5 * dt * c * m;                   /* + dt/2 C */
            s->rhs[k] = m * w->v[d] * (1 + 0.5 * dt * c) + dt * s->force[d]; /* M v_n + dt F_n */
        }
    }
    for (int k = 0; k < a->n_free; k++) s->v[k] = w->v[a->free_dof[k]]; /* guess: v_n */
    double t1 = sl_clock_seconds();
    int factored = 0;
    sl_status st = sl_cholesky_pcg(&s->chol, a->A, a->version, s->rhs, s->v, SL_PCG_TOLERANCE,
                                   SL_PCG_MAX_ITERATIONS, NULL, &factored);
    double t2 = sl_clock_seconds();
    if (st != SL_OK) return st;
    for (int k = 0; k < a->n_free; k++) { /* x_{n+1} = x_n + dt v_{n+1}            eq. 18 */
        int d = a->free_dof[k];
        w->v[d] = s->v[k];
        w->x[d] += dt * w->v[d];
    }
    w->timing.assembly = t1 - t0;
    if (factored) w->timing.factorization = t2 - t1; /* includes the direct solve */
    else w->timing.solve = t2 - t1;
    return SL_OK;
}

static sl_status implicit_step(sl_world *w, void *state) { return linear_step(w, state, 0); }
static sl_status terzopoulos_step(sl_world *w, void *state) { return linear_step(w, state, 1); }

const sl_stepper_class sl_stepper_implicit_euler = {
    .name = "implicit-euler",
    .title = "Linearly implicit Euler",
    .citation = "seed 000 eq. 18-19 with eq. 23",
    .flags = SL_STEPPER_NEEDS_STIFFNESS | SL_STEPPER_LINEAR_SOLVE,
    .init = implicit_init,
    .step = implicit_step,
    .destroy = implicit_destroy,
};

/* Terzopoulos' semi-implicit scheme (Terzopoulos et al. 1987, seed 004 §2.2 eq. 8):
 *   M (r' - 2 r + r_prev)/dt^2 + C (r' - r_prev)/(2 dt) + K(r_t) r' = f_t,
 * alpha_ij of eq. 6 frozen at r_t; with r_prev = r - dt v and divided by dt,
 *   (M + dt/2 C + dt^2 K_t) v' = M v - dt/2 C v + dt (f_t - K_t r_t),   r' = r + dt v'.
 * For quadratic metric models K_t = H(alpha^-1 phi) and K_t r_t = J^T alpha^-1 phi. K_t
 * is indefinite under compression, so a step may fail to factorize: the world then
 * reports divergence, the scheme's known fragility (seed 004 §6). */
const sl_stepper_class sl_stepper_terzopoulos = {
    .name = "terzopoulos",
    .title = "Semi-implicit (Terzopoulos)",
    .citation = "seed 004 §2.2 eq. 7-8 (Terzopoulos et al. 1987)",
    .flags = SL_STEPPER_NEEDS_STIFFNESS | SL_STEPPER_LINEAR_SOLVE | SL_STEPPER_QUADRATIC_ONLY,
    .init = implicit_init,
    .step = terzopoulos_step,
    .destroy = implicit_destroy,
};
