/* The linear system of the linearly implicit steppers (linear_system.c). */
#ifndef SL_LINEAR_SYSTEM_H
#define SL_LINEAR_SYSTEM_H

#include "softlab/world.h"

/* State (scratch vectors and the reused Cholesky factor) for sl_linear_step. */
sl_status sl_linear_init(sl_world *w, void **state);
void sl_linear_destroy(void *state);
/* The stepper's reset: the next solve starts as the first one did (sl_cholesky_restart). */
void sl_linear_reset(void *state);

/* One step of (M + dt^2 c_K J^T alpha^-1 J + dt^2 H + dt/2 C) v' = M v + dt F + dt/2 C v,
 * x' = x + dt v': linearly implicit Euler (terzopoulos = 0: c_K = 1, C = 0; seed 000
 * eq. 18-19 with eq. 23) or Terzopoulos' scheme (terzopoulos = 1: c_K = 0, the
 * frozen-alpha stiffness K(r_t) = H of quadratic metric models, C = c M the world's mass
 * damping; seed 004 eq. 7-8). Errors: SL_ERR_FACTOR (not positive definite), SL_ERR_NOMEM. */
sl_status sl_linear_step(sl_world *w, void *state, int terzopoulos);

#endif
