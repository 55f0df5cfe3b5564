/* Linearly implicit Euler: seed 000 eq. 18-19 (Baraff and Witkin 1998), multiplied by M:
 *   (M + dt^2 K_n) v_{n+1} = M v_n + dt F_n,   x_{n+1} = x_n + dt v_{n+1},
 * with the full force Jacobian -dF/dx = K = J^T alpha^-1 J + (dJ^T/dx) alpha^-1 phi
 * (eq. 23, geometric term included). Solved over the free dofs by sparse Cholesky;
 * the symbolic analysis is reused while the pattern does not change. */
#include <stdlib.h>

#include "sl_linsolve.h"
#include "sl_world_internal.h"

typedef struct {
    double *force; /* double[3n] */
    double *rhs;   /* double[n_free] */
    sl_cholesky chol;
} implicit_state;

static void implicit_destroy(void *state) {
    implicit_state *s = state;
    if (!s) return;
    free(s->force);
    free(s->rhs);
    sl_cholesky_free(&s->chol);
    free(s);
}

static sl_status implicit_init(sl_world *w, void **state) {
    implicit_state *s = calloc(1, sizeof *s);
    if (!s) return SL_ERR_NOMEM;
    s->force = calloc(3 * (size_t)w->n, sizeof(double));
    s->rhs = calloc(3 * (size_t)w->n + 1, sizeof(double));
    if (!s->force || !s->rhs) {
        implicit_destroy(s);
        return SL_ERR_NOMEM;
    }
    *state = s;
    return SL_OK;
}

static sl_status implicit_step(sl_world *w, void *state) {
    implicit_state *s = state;
    sl_assembly *a = &w->assembly;
    double dt = w->dt;
    double t0 = sl_clock_seconds();
    { /* assemble F_n and S'_n M = M + dt^2 (J^T alpha^-1 J + H)      eq. 19, 23 */
        sl_assembly_evaluate(w, w->x);
        sl_assembly_geometric(w, w->x);
        sl_assembly_forces(w, s->force);
        sl_assembly_system(w, dt * dt, dt * dt);
        for (int k = 0; k < a->n_free; k++) {
            int d = a->free_dof[k];
            s->rhs[k] = w->mass[d / 3] * w->v[d] + dt * s->force[d]; /* M v_n + dt F_n */
        }
    }
    double t1 = sl_clock_seconds();
    sl_status st = sl_cholesky_factor(&s->chol, a->A, a->version);
    double t2 = sl_clock_seconds();
    if (st != SL_OK) return st;
    { /* solve for v_{n+1}, then x_{n+1} = x_n + dt v_{n+1}            eq. 18 */
        sl_cholesky_solve(&s->chol, s->rhs);
        for (int k = 0; k < a->n_free; k++) {
            int d = a->free_dof[k];
            w->v[d] = s->rhs[k];
            w->x[d] += dt * w->v[d];
        }
    }
    w->timing.assembly = t1 - t0;
    w->timing.factorization = t2 - t1;
    w->timing.solve = sl_clock_seconds() - t2;
    return SL_OK;
}

const sl_stepper_class sl_stepper_implicit_euler = {
    .name = "implicit-euler",
    .title = "Linearly implicit Euler",
    .citation = "seed 000 eq. 18-19 with eq. 23",
    .flags = SL_STEPPER_NEEDS_STIFFNESS | SL_STEPPER_LINEAR_SOLVE,
    .init = implicit_init,
    .step = implicit_step,
    .destroy = implicit_destroy,
};
