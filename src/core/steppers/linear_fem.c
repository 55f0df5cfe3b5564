/* Linear FEM (seed 002 §4.1, the linear case): R = I, K_w = K0 = J(x0)^T alpha^-1 J(x0)
 * constant; large rotations swell the body. The step is the kernel's (warp_kernel.c). */
#include <math.h>

#include "steppers/warp_kernel.h"

static sl_status init(sl_world *w, void **state) { return sl_warp_init(w, state, WARP_NONE); }

const sl_stepper_class sl_stepper_linear_fem = {
    .name = "linear-fem",
    .title = "Linear FEM (constant K0)",
    .citation = "seed 002 §4.1 linear case: K0 = J(x0)^T alpha^-1 J(x0)",
    .flags = SL_STEPPER_NEEDS_STIFFNESS | SL_STEPPER_LINEAR_SOLVE | SL_STEPPER_LINEARIZED | SL_STEPPER_NEEDS_FEM,
    .stability_bound = INFINITY, /* linearly implicit Euler on K_w (forces from K_w, not F) */
    .init = init, .step = sl_warp_step, .destroy = sl_warp_destroy, .reset = sl_warp_reset,
};
