/* Stiffness warping per element (seed 002 §3; Mueller & Gross 2004): R_e of each block is
 * the polar rotation of F = Ds Dm^-1 for tets, the rotation taking the rest direction to
 * the current one for 2-node blocks (springs), I otherwise. Symmetric: CG preconditioned
 * by the rest system's Cholesky factor turned by the vertex rotations (eq. 14-15),
 * D_R A_0 D_R^T (sl_pcg). The step is the kernel's (warp_kernel.c). */
#include <math.h>

#include "steppers/warp_kernel.h"

static sl_status init(sl_world *w, void **state) { return sl_warp_init(w, state, WARP_ELEMENT); }

const sl_stepper_class sl_stepper_stiffness_warping_element = {
    .name = "stiffness-warping-element",
    .title = "Stiffness warping (per element)",
    .citation = "seed 002 §3; per-element rotations (Müller and Gross 2004)",
    .flags = SL_STEPPER_NEEDS_STIFFNESS | SL_STEPPER_LINEAR_SOLVE | SL_STEPPER_NEEDS_FEM,
    .stability_bound = INFINITY, /* linearly implicit Euler on K_w (forces from K_w, not F) */
    .init = init, .step = sl_warp_step, .destroy = sl_warp_destroy, .reset = sl_warp_reset,
};
