/* Linearly implicit Euler: seed 000 eq. 18-19 (Baraff and Witkin 1998), times M:
 *   (M + dt^2 K_n) v_{n+1} = M v_n + dt F_n,   x_{n+1} = x_n + dt v_{n+1},
 * with the full force Jacobian -dF/dx = K = J^T alpha^-1 J + (dJ^T/dx) alpha^-1 phi
 * (eq. 23, geometric term included); the system is linear_system.c's. */
#include <math.h>

#include "softlab/stepper.h"
#include "steppers/linear_system.h"

static sl_status implicit_step(sl_world *w, void *state) { return sl_linear_step(w, state, 0); }

const sl_stepper_class sl_stepper_implicit_euler = {
    .name = "implicit-euler",
    .title = "Linearly implicit Euler",
    .citation = "seed 000 eq. 18-19 with eq. 23",
    .flags = SL_STEPPER_NEEDS_STIFFNESS | SL_STEPPER_LINEAR_SOLVE,
    .force_evaluations = 1,
    .stability_bound = INFINITY,
    .init = sl_linear_init,
    .step = implicit_step,
    .destroy = sl_linear_destroy,
    .reset = sl_linear_reset,
};
