/* The primal form of the regularized stepper (regularized.c), shared by `regularized`
 * (seed 000 eq. 20, exact) and `regularized-geometric` (the same with the geometric
 * stiffness in the system matrix, beyond the seed; regularized_geometric.c). */
#ifndef SL_REGULARIZED_H
#define SL_REGULARIZED_H

#include "softlab/world.h"

/* State (scratch vectors, the reused Cholesky factors). Errors: SL_ERR_NOMEM. */
sl_status sl_regularized_init(sl_world *w, void **state);
void sl_regularized_destroy(void *state);
/* Forgets the reused factor, so that a run after a reset repeats the first bit for bit. */
void sl_regularized_reset(void *state);

/* One step of the primal form of seed 000 eq. 20 (gamma = 1/(1/2 + dt beta)):
 *   (M + dt^2/gamma (J^T alpha^-1 J + g H)) v_{n+1} = M v_n + dt (F_ext - J^T alpha^-1 phi_n),
 *   x_{n+1} = x_n + dt v_{n+1},
 * with g = 0 (the seed) or g = 1 (geometric: H = (dJ^T/dx) alpha^-1 phi_n, the term the
 * seed drops; J(x_n + dt/gamma v)^T alpha^-1 phi linearized at the same point as phi).
 * Needs every alpha > 0. Errors: SL_ERR_FACTOR (not positive definite), SL_ERR_NOMEM. */
sl_status sl_regularized_primal_step(sl_world *w, void *state, int geometric);

#endif
