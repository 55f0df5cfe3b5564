/* The multipliers of the position-based steppers xpbd, xpbd-substeps and pbd
 * (SL_STEPPER_POSITION_BASED; src/core/steppers/xpbd.c), and XPBD's force estimate
 * (Macklin, Mueller, Chentanez, "XPBD: Position-Based Simulation of Compliant Constrained
 * Dynamics", 2016, paper 005 eq. 6-7 and §4.1): f = grad C^T lambda / h^2, h the (sub)step the multipliers belong to. */
#ifndef SL_XPBD_H
#define SL_XPBD_H

#include "softlab/world.h"

/* lambda of every constraint row (double[m], the rows in model order; units phi h^2/alpha,
 * e.g. J s^2 for a spring whose phi is a strain), accumulated over the sweeps of the last
 * (sub)step; valid until the next step. NULL when w is NULL, its stepper is not
 * position-based, or it has not stepped since it was set or the world reset. */
const double *sl_xpbd_multipliers(const sl_world *w);

/* h (s), the (sub)step those multipliers belong to: dt for xpbd and pbd, dt/n for
 * xpbd-substeps; 0 when sl_xpbd_multipliers is NULL. */
double sl_xpbd_multiplier_step(const sl_world *w);

/* The force estimate per row, mu_i = lambda_i / h^2 (double[m], units of phi/alpha, e.g. J
 * for a spring whose phi is a strain): the constraint force on the nodes is J^T mu (N), J
 * the Jacobian of the rows (sl_world_evaluate) at the step's end. Where a compliant row has
 * converged (C + alpha lambda / h^2 = 0, XPBD eq. 9) mu_i = -phi_i / alpha_i, seed 000's
 * multiplier, whose J^T mu is the elastic force -J^T alpha^-1 phi. Errors: SL_ERR_NULL,
 * SL_ERR_INCOMPATIBLE (as sl_xpbd_multipliers gives NULL). */
sl_status sl_xpbd_row_forces(const sl_world *w, double *out);

/* The total contact force of the last (sub)step (double[3], N): the sum over the contact
 * rows (ground, plates, spheres: inequality rows in the sweep, steppers/xpbd.c) of
 * grad C^T lambda / h^2, the force estimate of eq. 6-7 for them. For a body at rest on the
 * ground it is its weight M g (momentum: sum m (x - x~) = h^2 sum of these forces). Errors:
 * SL_ERR_NULL, SL_ERR_INCOMPATIBLE (as sl_xpbd_multipliers gives NULL). */
sl_status sl_xpbd_contact_force(const sl_world *w, double force[3]);

#endif
