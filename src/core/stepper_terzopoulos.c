/* Terzopoulos' semi-implicit scheme (Terzopoulos et al. 1987, as used by seed 004 §2.2,
 * eq. 8): with the elastic force written as K(r) r (eq. 7), alpha_ij frozen at r_t, and
 * central differences in time,
 *   M (r' - 2 r + r_prev)/dt^2 + C (r' - r_prev)/(2 dt) + K(r_t) r' = f_t.
 * With r_prev = r - dt v and u = r' - r this is, divided by dt,
 *   (M + dt/2 C + dt^2 K_t) v' = M v - dt/2 C v + dt (f_t - K_t r_t),   r' = r + dt v',
 * where K_t is the geometric stiffness H(alpha^-1 phi) of quadratic metric models
 * (sl_model_class.quadratic: then K_t r_t = J^T alpha^-1 phi, the elastic force). The
 * damping C = c M is the world's mass damping c (1/s); the shared force already holds
 * its explicit part -c M v, so the right-hand side adds back dt/2 C v. K_t is
 * indefinite under compression, so a step may fail to factorize: the world then
 * reports divergence, the scheme's known fragility (seed 004 §6). */
#include <cs.h>
#include <stdlib.h>

#include "sl_linsolve.h"
#include "sl_world_internal.h"

typedef struct {
    double *force; /* double[3n] */
    double *rhs;   /* double[n_free] */
    sl_cholesky chol;
} terzopoulos_state;

static void terzopoulos_destroy(void *state) {
    terzopoulos_state *s = state;
    if (!s) return;
    free(s->force);
    free(s->rhs);
    sl_cholesky_free(&s->chol);
    free(s);
}

static sl_status terzopoulos_init(sl_world *w, void **state) {
    terzopoulos_state *s = calloc(1, sizeof *s);
    if (!s) return SL_ERR_NOMEM;
    s->force = calloc(3 * (size_t)w->n + 1, sizeof(double));
    s->rhs = calloc(3 * (size_t)w->n + 1, sizeof(double));
    if (!s->force || !s->rhs) {
        terzopoulos_destroy(s);
        return SL_ERR_NOMEM;
    }
    *state = s;
    return SL_OK;
}

static sl_status terzopoulos_step(sl_world *w, void *state) {
    terzopoulos_state *s = state;
    sl_assembly *a = &w->assembly;
    double dt = w->dt, c = w->mass_damping;
    double t0 = sl_clock_seconds();
    sl_assembly_evaluate(w, w->x);
    sl_assembly_geometric(w, w->x);
    sl_assembly_forces(w, s->force); /* f_t - K_t r_t (gravity, loads, elastic) */
    sl_assembly_system(w, 0.0, dt * dt); /* M + dt^2 K_t */
    for (int k = 0; k < a->n_free; k++) {
        int d = a->free_dof[k];
        double m = w->mass[d / 3];
        a->A->x[a->A_diag[k]] += 0.5 * dt * c * m;                      /* + dt/2 C */
        s->rhs[k] = m * w->v[d] * (1 + 0.5 * dt * c) + dt * s->force[d]; /* M v - dt/2 C v + dt f */
    }
    double t1 = sl_clock_seconds();
    sl_status st = sl_cholesky_factor(&s->chol, a->A, a->version);
    double t2 = sl_clock_seconds();
    if (st != SL_OK) return st;
    sl_cholesky_solve(&s->chol, s->rhs);
    for (int k = 0; k < a->n_free; k++) {
        int d = a->free_dof[k];
        w->v[d] = s->rhs[k];
        w->x[d] += dt * w->v[d];
    }
    w->timing.assembly = t1 - t0;
    w->timing.factorization = t2 - t1;
    w->timing.solve = sl_clock_seconds() - t2;
    return SL_OK;
}

const sl_stepper_class sl_stepper_terzopoulos = {
    .name = "terzopoulos",
    .title = "Semi-implicit (Terzopoulos)",
    .citation = "seed 004 §2.2 eq. 7-8 (Terzopoulos et al. 1987)",
    .flags = SL_STEPPER_NEEDS_STIFFNESS | SL_STEPPER_LINEAR_SOLVE | SL_STEPPER_QUADRATIC_ONLY,
    .init = terzopoulos_init,
    .step = terzopoulos_step,
    .destroy = terzopoulos_destroy,
};
