/* The regularized stepper with the geometric stiffness in its system matrix (beyond the
 * seed): seed 000 eq. 20 in the primal form,
 *   (M + dt^2/gamma (J^T alpha^-1 J + H)) v_{n+1} = M v_n + dt (F_ext - J^T alpha^-1 phi_n),
 * H = (dJ^T/dx) alpha^-1 phi_n (the term of eq. 23 that eq. 20 drops). The seed's
 * constraint force -J^T alpha^-1 (phi_n + dt/gamma J v_{n+1}) is phi linearized at
 * x_n + dt/gamma v_{n+1}; this variant linearizes J^T at the same point. Where the body
 * carries stress at rest (a cantilever under gravity), the seed's stepper treats H
 * explicitly and is stable only for dt < 2/omega_H, omega_H^2 the largest eigenvalue of
 * M^-1 H (issue 12, lessons/000); with H in the matrix that limit goes. The kernel is
 * regularized.c's (sl_regularized_primal_step); needs every alpha > 0. */
#include "softlab/stepper.h"
#include "steppers/regularized.h"

static sl_status geometric_step(sl_world *w, void *state) {
    return sl_regularized_primal_step(w, state, 1);
}

const sl_stepper_class sl_stepper_regularized_geometric = {
    .name = "regularized-geometric",
    .title = "Regularized + geometric stiffness",
    .citation = "seed 000 eq. 20 (primal) with H of eq. 23 in the matrix; beyond the seed",
    .flags = SL_STEPPER_NEEDS_STIFFNESS | SL_STEPPER_LINEAR_SOLVE,
    .init = sl_regularized_init,
    .step = geometric_step,
    .destroy = sl_regularized_destroy,
    .reset = sl_regularized_reset,
};
