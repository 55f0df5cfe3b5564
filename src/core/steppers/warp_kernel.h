/* The kernel shared by the three stiffness-warping steppers of seed 002
 * (warp_kernel.c): stiffness_warping.c (R per vertex), stiffness_warping_element.c (R per
 * element) and linear_fem.c (R = I) are each one descriptor over it. */
#ifndef SL_WARP_KERNEL_H
#define SL_WARP_KERNEL_H

#include "world/stepper_api.h"

/* The rotations R of f_w and K_w (warp_kernel.c). */
enum { WARP_NONE, WARP_VERTEX, WARP_ELEMENT };

/* State for mode (WARP_*): K0 at the rest shape, the rotations, the solver's factor.
 * Errors: SL_ERR_NOMEM. */
sl_status sl_warp_init(sl_world *w, void **state, int mode);
/* One linearly implicit Euler step on K_w (the kernel's header comment). Errors:
 * SL_ERR_FACTOR, SL_ERR_SINGULAR, SL_ERR_NOMEM. */
sl_status sl_warp_step(sl_world *w, void *state);
void sl_warp_destroy(void *state);
/* Forgets the reused factors, so that a run after a reset repeats the first bit for bit. */
void sl_warp_reset(void *state);

#endif
