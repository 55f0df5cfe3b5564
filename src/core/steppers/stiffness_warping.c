/* Stiffness warping per vertex (seed 002 eq. 12, 14-15, §3.2; Mueller et al. 2002): the
 * rotation R_i of node i is that of A_i = sum_j (x_j - x_i)(x0_j - x0_i)^T over the mesh
 * edges at i (eq. 14-15, det R = +1). K_w is not symmetric: BiCGSTAB preconditioned by
 * the rest system's Cholesky factor by node blocks turned by the vertex rotations,
 * D_R A_0 D_R^T (sl_bicgstab_operator). The step is the kernel's (warp_kernel.c). */
#include <math.h>

#include "steppers/warp_kernel.h"

static sl_status init(sl_world *w, void **state) { return sl_warp_init(w, state, WARP_VERTEX); }

const sl_stepper_class sl_stepper_stiffness_warping = {
    .name = "stiffness-warping",
    .title = "Stiffness warping (per vertex)",
    .citation = "seed 002 eq. 12, 14-15, §3.2",
    .flags = SL_STEPPER_NEEDS_STIFFNESS | SL_STEPPER_LINEAR_SOLVE | SL_STEPPER_NEEDS_FEM,
    .stability_bound = INFINITY, /* linearly implicit Euler on K_w (forces from K_w, not F) */
    .init = init, .step = sl_warp_step, .destroy = sl_warp_destroy, .reset = sl_warp_reset,
};
