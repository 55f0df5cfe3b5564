/* The linear system shared by linearly implicit Euler (implicit_euler.c) and Terzopoulos'
 * semi-implicit scheme (terzopoulos.c): assembled from the model language, solved over
 * the free dofs by conjugate gradients preconditioned by a reused sparse Cholesky factor
 * (sl_cholesky_pcg, to the scaled residual SL_PCG_TOLERANCE): the matrix changes little
 * from step to step, and seed 004 §2 suggests conjugate gradients for Terzopoulos'
 * system too. Measured on the grid box (5^3 particles, improved model, dt = 0.5 ms,
 * native): 2.0 -> 0.5 ms per step, the numeric factorization (cs_chol) having taken 70 %
 * of the time. The default solver switches to IC0 where that costs less (sl_spd_solve). */
#include <cs.h>
#include <stdlib.h>

#include "linalg/linsolve.h"
#include "steppers/linear_system.h"
#include "world/stepper_api.h"

typedef struct {
    double *force; /* double[3n] */
    double *rhs;   /* double[n_free] */
    double *v;     /* double[n_free]: v_{n+1}, its guess v_n on input */
    sl_cholesky chol;
} implicit_state;

void sl_linear_destroy(void *state) {
    implicit_state *s = state;
    if (!s) return;
    free(s->force);
    free(s->rhs);
    free(s->v);
    sl_cholesky_free(&s->chol);
    free(s);
}

void sl_linear_reset(void *state) { sl_cholesky_restart(&((implicit_state *)state)->chol); }

sl_status sl_linear_init(sl_world *w, void **state) {
    implicit_state *s = calloc(1, sizeof *s);
    if (!s) return SL_ERR_NOMEM;
    size_t n = (size_t)sl_world_node_count(w);
    s->force = calloc(3 * n, sizeof(double));
    s->rhs = calloc(3 * n + 1, sizeof(double));
    s->v = calloc(3 * n + 1, sizeof(double));
    if (!s->force || !s->rhs || !s->v) {
        sl_linear_destroy(s);
        return SL_ERR_NOMEM;
    }
    *state = s;
    return SL_OK;
}

/* One step of (M + dt^2 c_K J^T alpha^-1 J + dt^2 H + dt/2 C) v' = M v + dt F + dt/2 C v:
 * linearly implicit Euler (c_K = 1, eq. 18-19, 23) or Terzopoulos' scheme (c_K = 0: the
 * frozen-alpha stiffness K(r_t) = H of quadratic metric models, with central-difference
 * damping C = c M, whose explicit part -c M v is already in F; seed 004 eq. 7-8). */
sl_status sl_linear_step(sl_world *w, void *state, int terzopoulos) {
    implicit_state *s = state;
    double *x = sl_stepper_x(w), *v = sl_stepper_v(w);
    const double *mass = sl_world_masses(w);
    double dt = sl_world_dt(w), c = terzopoulos ? sl_world_mass_damping(w) : 0;
    sl_step_timing *timing = sl_stepper_timing(w);
    double t0 = sl_clock_seconds();
    { /* assemble F_n and the system matrix                                eq. 19, 23 */
        sl_assembly_evaluate(w, x);
        sl_assembly_geometric(w, x);
        sl_assembly_forces(w, s->force);
        sl_assembly_system(w, terzopoulos ? 0.0 : dt * dt, dt * dt);
    }
    /* the dof map and the matrix after the assembly, which (re)builds them */
    const int n_free = sl_stepper_free_count(w), *free_dof = sl_stepper_free_dofs(w);
    const int *A_diag = sl_stepper_system_diagonal(w);
    cs *A = sl_stepper_system_matrix(w);
    for (int k = 0; k < n_free; k++) {
        int d = free_dof[k];
        double m = mass[d / 3];
        A->x[A_diag[k]] += 0.5 * dt * c * m;                       /* + dt/2 C */
        s->rhs[k] = m * v[d] * (1 + 0.5 * dt * c) + dt * s->force[d]; /* M v_n + dt F_n */
    }
    /* guess: the explicit Euler velocity v_n + dt M^-1 F_n, from this step's state alone (a
     * restored state steps as the original did). Exact where the forces are uniform
     * accelerations (a free fall: K of a rigid translation is 0), so the Krylov solvers
     * start there at the answer instead of dt g away from it. */
    for (int k = 0; k < n_free; k++) {
        int d = free_dof[k];
        s->v[k] = v[d] + dt * s->force[d] / (mass[d / 3] * (1 + 0.5 * dt * c));
    }
    double t1 = sl_clock_seconds();
    int factored = 0;
    sl_status st = sl_spd_solve(&s->chol, sl_stepper_linear_solver(w), A, sl_stepper_pattern_version(w), s->rhs,
                                s->v, &timing->iterations, &factored);
    double t2 = sl_clock_seconds();
    if (st != SL_OK) return st;
    for (int k = 0; k < n_free; k++) { /* x_{n+1} = x_n + dt v_{n+1}            eq. 18 */
        int d = free_dof[k];
        v[d] = s->v[k];
        x[d] += dt * v[d];
    }
    timing->assembly = t1 - t0;
    if (factored) timing->factorization = t2 - t1; /* includes the direct solve */
    else timing->solve = t2 - t1;
    return SL_OK;
}
