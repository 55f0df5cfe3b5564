/* The Gauss-Seidel sweep over the constraint rows of the model language, shared by the
 * position-based correction of seed 003 §5 after an explicit step (world.h,
 * sl_world_set_pbd_iterations: every row projected toward phi_i = 0 along M^-1 grad phi_i)
 * and the position-based steppers (steppers/xpbd.c: paper 005 §4.1 eq. 17-18, rows of compliance
 * alpha_i), and the settings of both. */
#define SL_WORLD_INTERNAL /* world/world_internal.h: the world's own files */
#include <cs.h>
#include <stdlib.h>
#include <string.h>

#include "world/world_internal.h"

sl_status sl_world_set_pbd_iterations(sl_world *w, int iterations) {
    if (!w) return SL_ERR_NULL;
    if (iterations < 0 || iterations > SL_WORLD_PBD_MAX_ITERATIONS)
        return sl_world_fail_message(w, SL_ERR_RANGE, "error.pbd_iterations", "iterations", (double)iterations, "max",
                                     (double)SL_WORLD_PBD_MAX_ITERATIONS, NULL);
    w->pbd_iterations = iterations;
    return SL_OK;
}

int sl_world_pbd_iterations(const sl_world *w) { return w ? w->pbd_iterations : 0; }

sl_status sl_world_set_iterations(sl_world *w, int iterations) {
    if (!w) return SL_ERR_NULL;
    if (iterations < SL_WORLD_ITERATIONS_MIN || iterations > SL_WORLD_ITERATIONS_MAX)
        return sl_world_fail_message(w, SL_ERR_RANGE, "error.iterations", "iterations", (double)iterations, "min",
                                     (double)SL_WORLD_ITERATIONS_MIN, "max", (double)SL_WORLD_ITERATIONS_MAX, NULL);
    w->iterations = iterations;
    return SL_OK;
}

int sl_world_iterations(const sl_world *w) { return w ? w->iterations : 0; }

sl_status sl_world_set_xpbd_damping(sl_world *w, double damping_time) {
    if (!w) return SL_ERR_NULL;
    if (!(damping_time >= 0 && damping_time <= SL_WORLD_XPBD_DAMPING_MAX)) /* also NaN */
        return sl_world_fail_message(w, SL_ERR_RANGE, "error.xpbd_damping", "damping", damping_time, "max",
                                     SL_WORLD_XPBD_DAMPING_MAX, NULL);
    w->xpbd_damping = damping_time;
    return SL_OK;
}

double sl_world_xpbd_damping(const sl_world *w) { return w ? w->xpbd_damping : 0; }

/* One sweep on the rows of J (Jt: n_free x m, column i = row i of J over the free dofs,
 * evaluated with phi at the sweep's start x). dx (double[3n], zero on entry) gets the
 * sweep's correction; lambda (double[m] or NULL: 0) the multipliers' changes. With
 * alpha_scale = 0 (seed 003 §5, PBD) the step is -c / (J_i M^-1 J_i^T), as it always was.
 * With gamma > 0 and x_n (the (sub)step's start) a row of alpha_i > 0 is damped as paper 005
 * eq. 26 writes it: J_i (x + dx - x_n) is its grad C_i (x_i - x^n); a hard row (alpha_i = 0)
 * has gamma_i = alpha tilde_i beta tilde_i / dt = 0 and is left undamped. */
static void sweep(const sl_world *w, const cs *Jt, const double *x, double alpha_scale, double *lambda,
                  const double *x_n, double gamma, double *dx) {
    const sl_assembly *a = &w->assembly;
    for (int i = 0; i < w->m; i++) {
        double c = a->phi[i], den = 0, moved = 0;
        int damped = gamma > 0 && a->alpha[i] > 0;
        for (int p = Jt->p[i]; p < Jt->p[i + 1]; p++) {
            int d = a->free_dof[Jt->i[p]];
            c += Jt->x[p] * dx[d];                       /* phi_i + J_i dx: earlier rows' moves */
            den += Jt->x[p] * Jt->x[p] / w->mass[d / 3]; /* J_i M^-1 J_i^T */
            if (damped) moved += Jt->x[p] * (x[d] + dx[d] - x_n[d]); /* grad C_i (x_i - x^n) */
        }
        if (!(den > 0)) continue; /* every node of the row pinned (or J_i = 0): nothing moves */
        double at = alpha_scale * a->alpha[i], l = lambda ? lambda[i] : 0; /* alpha tilde_i */
        double s = damped ? (-c - at * l - gamma * moved) / ((1 + gamma) * den + at) /* paper 005 eq. 26 */
                          : (-c - at * l) / (den + at); /* paper 005 eq. 18: delta lambda_i */
        for (int p = Jt->p[i]; p < Jt->p[i + 1]; p++) {
            int d = a->free_dof[Jt->i[p]];
            dx[d] += s * Jt->x[p] / w->mass[d / 3]; /* paper 005 eq. 17: dx = M^-1 J_i^T delta lambda_i */
        }
        if (lambda) lambda[i] += s;
    }
}

sl_status sl_stepper_sweep(sl_world *w, const double *x, double alpha_scale, double *lambda, const double *x_n,
                           double gamma, double *dx) {
    memset(dx, 0, 3 * (size_t)w->n * sizeof(double));
    if (w->m == 0) return SL_OK;
    sl_assembly_evaluate(w, x);
    const cs *J = sl_assembly_jacobian(w);  /* m x n_free, owned by the assembly */
    cs *Jt = J ? cs_transpose(J, 1) : NULL; /* its rows as columns */
    if (!Jt) return SL_ERR_NOMEM;
    sweep(w, Jt, x, alpha_scale, lambda, x_n, x_n ? gamma : 0, dx);
    cs_spfree(Jt);
    return SL_OK;
}

sl_status sl_world_project_constraints(sl_world *w) {
    if (w->pbd_iterations == 0 || w->m == 0) return SL_OK;
    double t0 = sl_clock_seconds();
    const sl_assembly *a = &w->assembly;
    double *dx = malloc(3 * (size_t)w->n * sizeof(double));
    sl_status st = dx ? SL_OK : SL_ERR_NOMEM;
    for (int it = 0; it < w->pbd_iterations && st == SL_OK; it++) {
        if ((st = sl_stepper_sweep(w, w->x, 0, NULL, NULL, 0, dx)) != SL_OK) break;
        for (int k = 0; k < a->n_free; k++) {
            int d = a->free_dof[k];
            w->x[d] += dx[d];
            w->v[d] += dx[d] / w->dt; /* the velocity that carries the correction */
        }
    }
    free(dx);
    w->timing.solve += sl_clock_seconds() - t0;
    return st;
}
