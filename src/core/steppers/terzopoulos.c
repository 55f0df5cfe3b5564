/* Terzopoulos' semi-implicit scheme (Terzopoulos et al. 1987, seed 004 §2.2 eq. 8):
 *   M (r' - 2 r + r_prev)/dt^2 + C (r' - r_prev)/(2 dt) + K(r_t) r' = f_t,
 * alpha_ij of eq. 6 frozen at r_t; with r_prev = r - dt v and divided by dt,
 *   (M + dt/2 C + dt^2 K_t) v' = M v - dt/2 C v + dt (f_t - K_t r_t),   r' = r + dt v'.
 * For quadratic metric models K_t = H(alpha^-1 phi) and K_t r_t = J^T alpha^-1 phi. K_t
 * is indefinite under compression, so a step may fail to factorize: the world then
 * reports divergence, the scheme's known fragility (seed 004 §6). */
#include <math.h>

#include "softlab/stepper.h"
#include "steppers/linear_system.h"

static sl_status terzopoulos_step(sl_world *w, void *state) { return sl_linear_step(w, state, 1); }

const sl_stepper_class sl_stepper_terzopoulos = {
    .name = "terzopoulos",
    .title = "Semi-implicit (Terzopoulos)",
    .citation = "seed 004 §2.2 eq. 7-8 (Terzopoulos et al. 1987)",
    .flags = SL_STEPPER_NEEDS_STIFFNESS | SL_STEPPER_LINEAR_SOLVE | SL_STEPPER_QUADRATIC_ONLY,
    .force_evaluations = 1,
    .stability_bound = INFINITY,
    .init = sl_linear_init,
    .step = terzopoulos_step,
    .destroy = sl_linear_destroy,
    .reset = sl_linear_reset,
};
