/* Stiffness warping (seed 002, Mueller, Dorsey, McMillan, Jagnow, Cutler 2002): the
 * settings and the kernel of the steppers `stiffness-warping` (per-vertex rotations,
 * the paper), `stiffness-warping-element` (per-element rotations, Mueller & Gross 2004)
 * and `linear-fem` (no rotation), one file in src/core/steppers/stiffness_warping.c.
 *
 * With K0 = J(x0)^T alpha^-1 J(x0) (3n x 3n, assembled once from any model at the rest
 * shape x0: the body's sl_body_def.rest_positions, or the initial positions without one) and R_i the rotation of node i, the warped force
 * and stiffness are (seed 002 eq. 12)
 *   f_w,i = R_i sum_j K0_ij (R_i^T x_j - x0_j),   K_w,ij = R_i K0_ij R_i^T,
 * and each step solves (M + dt c M + dt^2 K_w) v' = M v + dt (f_ext - f_w(x)), x' = x + dt v'.
 * f_w is the elastic force with the sign of K (x - x0): the force on the nodes is -f_w. */
#ifndef SL_WARPING_H
#define SL_WARPING_H

#include "softlab/world.h"

/* Switches the momentum correction of the warping steppers on (1) or off (0, the
 * default): after each step of a body with no pinned node the velocities get the
 * uniform shift and rigid spin that restore P' = (P + dt sum f_ext)/(1 + dt c) and
 * L' = (L + dt sum x x f_ext)/(1 + dt c) (about the centre of mass), removing the ghost
 * forces of seed 002 §3 (Desbrun et al. 1999). Errors: SL_ERR_NULL. */
sl_status sl_world_set_momentum_correction(sl_world *w, int on);

/* f_w (double[3n], N) at positions x (double[3n], m) with the rotations of the world's
 * warping stepper computed at x_rot (double[3n]; x_rot = x for the stepper's own force,
 * a fixed x_rot freezes them). Errors: SL_ERR_NULL, SL_ERR_INCOMPATIBLE (the world's
 * stepper is not a warping one). */
sl_status sl_world_warping_force(const sl_world *w, const double *x, const double *x_rot,
                                 double *f);

/* K_w = df_w/dx with the rotations frozen at x_rot, dense, row-major double[3n*3n] over
 * all dofs (pinned included). Errors as sl_world_warping_force. */
sl_status sl_world_warping_stiffness(const sl_world *w, const double *x_rot, double *K);

/* The ghost forces of seed 002 §3: the net force F = sum_i (-f_w,i) (double[3], N) and net
 * torque T = sum_i (x_i - c) x (-f_w,i) (double[3], N m, about the centre of mass c of the
 * lumped masses) of the elastic forces of the world's warping stepper at its current
 * positions x, with the rotations computed at x, over all nodes (pinned ones included).
 * A force that derives from an energy invariant under rigid motion has F = 0 and T = 0:
 * so do per-element warping with polar rotations of isotropic tets (R^T F symmetric) and,
 * for F, linear FEM (K0 (x - x0) is translation invariant; its torque about x is only
 * zero to first order in the displacement). Per-vertex warping's F and T are not zero:
 * each node's force is rotated by its own R_i. The momentum correction
 * (sl_world_set_momentum_correction) removes their effect on P and L, not the forces.
 * Errors: SL_ERR_NULL, SL_ERR_INCOMPATIBLE (the world's stepper is not a warping one, or it
 * has not stepped since the model pattern changed). */
sl_status sl_world_warping_ghost(const sl_world *w, double force[3], double torque[3]);

/* 1 if w's stepper is one of the warping kernel's (linear-fem, stiffness-warping,
 * stiffness-warping-element: seed 002 §3-4), whose ghost force and torque
 * sl_world_warping_ghost reports once it has stepped; 0 otherwise and for NULL. */
int sl_world_warps(const sl_world *w);

/* The paper's rotation field: per node i the rotation R_i (double[9n], row-major 3 x 3
 * each) of the polar decomposition of A_i = sum_j (x_j - x_i)(x0_j - x0_i)^T over the mesh
 * edges at i (the nodes that share a block when the body has no edges), det R_i = +1,
 * at positions x (double[3n], m), x0 the rest shape (seed 002 eq. 14-15). The rotations
 * per-vertex warping uses; any world with models. A rigid motion x = Q x0 + t gives R_i = Q.
 * Errors: SL_ERR_NULL, SL_ERR_NOMEM. */
sl_status sl_world_rotation_field(const sl_world *w, const double *x, double *R);

#endif
