/* The regularized stepper with the geometric stiffness in its system matrix (beyond the
 * seed): seed 000 eq. 20 in the primal form,
 *   (M + dt^2/gamma (J^T alpha^-1 J + H)) v_{n+1} = M v_n + dt (F_ext - J^T alpha^-1 phi_n),
 * H = (dJ^T/dx) alpha^-1 phi_n (the term of eq. 23 that eq. 20 drops). The seed's
 * constraint force -J^T alpha^-1 (phi_n + dt/gamma J v_{n+1}) is phi linearized at
 * x_n + dt/gamma v_{n+1}; this variant linearizes J^T at the same point. Where the body
 * carries stress at rest (a cantilever under gravity), the seed's stepper treats H
 * explicitly and is stable only for dt < 2/omega_H, omega_H^2 the largest eigenvalue of
 * M^-1 H (issue 12, lessons/000); with H in the matrix that limit goes. Only the tension
 * (positive semidefinite) part of each block of H enters the matrix: compressed springs
 * and tets make H indefinite (the swinging cube's matrix lost definiteness at dt = 0.05 s
 * with all of H), and the limit comes from the tension part alone (a mode with h > 0 is
 * stable iff dt^2 h / m < 4 under the seed's stepper). Measured on the cube at its default
 * dt = 0.05 s: bounded for 10 s, first minimum of node 5 at 0.90 s (seed's 0.60 s, linearly
 * implicit Euler 1.35 s). The kernel is regularized.c's (sl_regularized_primal_step);
 * needs every alpha > 0. */
#include <math.h>

#include "softlab/stepper.h"
#include "steppers/regularized.h"

static sl_status geometric_step(sl_world *w, void *state) {
    return sl_regularized_primal_step(w, state, 1);
}

const sl_stepper_class sl_stepper_regularized_geometric = {
    .name = "regularized-geometric",
    .title = "Regularized + geometric stiffness",
    .citation = "seed 000 eq. 20 (primal) with H of eq. 23 in the matrix; beyond the seed",
    .flags = SL_STEPPER_NEEDS_STIFFNESS | SL_STEPPER_LINEAR_SOLVE | SL_STEPPER_USES_BETA,
    .force_evaluations = 1,
    .stability_bound = INFINITY, /* on the undamped oscillator (H = 0): as the seed's */
    .init = sl_regularized_init,
    .step = geometric_step,
    .destroy = sl_regularized_destroy,
    .reset = sl_regularized_reset,
};
