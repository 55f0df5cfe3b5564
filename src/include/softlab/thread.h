/* The models of seed 003's suture thread (§4), beside its edge springs (softlab/springs.h)
 * and its mesh (sl_tet_mesh_thread in softlab/mesh.h): a tet-volume model with a collapse
 * barrier and a torsion model. The seed's own formulas (eq. 14, the "improved volumetric
 * force" after Cotin et al. [CM97], and eq. 15, the torsion quaternions) were lost in
 * extraction: both definitions below are softlab's, labelled so wherever they are shown. */
#ifndef SL_THREAD_H
#define SL_THREAD_H

#include "softlab/model.h"

/* Relative volume below which the barrier continues as a straight line (dimensionless). */
#define SL_VOLUME_BARRIER_FLOOR 0.05

/* Tet volumes with a collapse barrier (softlab's definition, standing in for seed 003
 * eq. 14): one row per tet t, with r = V_t(x)/V0_t (V the signed volume, V0 at rest),
 *
 *   phi(r) = r - 1                                for r >= 1,
 *   phi(r) = r - 1 - kappa (1 - r)^2 / r           for r_f <= r < 1,
 *   phi(r) = phi(r_f) + phi'(r_f) (r - r_f)        for r < r_f = SL_VOLUME_BARRIER_FLOOR,
 *
 * so phi = (V - V0)/V0 near rest (the seed's eq. 13 made relative; phi' = 1 at r = 1, C1
 * there) and, for kappa > 0, phi ~ -kappa/r as the tet collapses: the energy
 * U = 1/2 k phi^2 grows as kappa^2 k/(2 r^2) toward V = 0, a force that resists inversion
 * growing as 1/r^3. Below r_f (and for an inverted tet, r <= 0) phi continues linearly,
 * finite, still pushing the tet open (with kappa = 1 the energy at V = 0 is 1521 times
 * the plain model's). kappa = 0 gives the plain phi = (V - V0)/V0 with no barrier.
 * J_t = phi'(r)/V0 dV/dx; the geometric stiffness is exact:
 * w (phi''(r)/V0^2 dV/dx dV/dx^T + phi'(r)/V0 d^2V/dx^2).
 * rest_positions: double[3*node_count], m; tets: int[4*tet_count], positively oriented;
 * stiffness k (J, > 0, INFINITY: alpha = 0), alpha = 1/k on every row; barrier kappa
 * (dimensionless, >= 0, finite).
 * Errors (also in *err when not NULL, err->index the offending tet or -1): SL_ERR_NULL,
 * SL_ERR_RANGE (a count < 1, k <= 0 or NaN, kappa < 0 or not finite), SL_ERR_INDEX (a node
 * out of range), SL_ERR_DEGENERATE (rest volume <= 0), SL_ERR_NOMEM. *out NULL on error. */
sl_status sl_volume_barrier_create(const double *rest_positions, int node_count, const int *tets,
                                   int tet_count, double stiffness, double barrier, sl_model **out,
                                   sl_error *err);

/* phi(r) of sl_volume_barrier_create at relative volume r = V/V0 with barrier kappa, and
 * phi'(r) in *slope (may be NULL): the one place the curve is computed (for plots, tests). */
double sl_volume_barrier_phi(double r, double barrier, double *slope);

/* Torsion between consecutive station triangles (softlab's dihedral-angle constraint,
 * standing in for seed 003 eq. 15's quaternion springs). stations: int[3*station_count],
 * the 3 nodes of each station's triangle (sl_tet_mesh_thread: 3s, 3s+1, 3s+2). Block s
 * (s = 0 .. station_count-2) holds the 6 nodes a0 a1 a2 (station s) and b0 b1 b2 (station
 * s+1) and 3 rows k = 0, 1, 2:
 *
 *   phi_k = theta_k(x) - theta_k(x0)   (rad, wrapped into (-pi, pi]),
 *
 * theta_k the dihedral angle about the segment axis c_a -> c_b (c the triangles'
 * centroids) between the half-planes through a_k and through b_k: the angle of the
 * chain a_k, c_a, c_b, b_k (IUPAC sign: atan2(|b2| b1.(b2 x b3), (b1 x b2).(b2 x b3)),
 * b1 = c_a - a_k, b2 = c_b - c_a, b3 = b_k - c_b). A segment twisted rigidly by an angle
 * delta about its axis has phi = (delta, delta, delta) and stores 3/2 k delta^2.
 * J: the dihedral's gradient (Blondel & Karplus 1996), its centroid terms shared by a
 * triangle's 3 nodes. No geometric stiffness (the implicit steppers use J^T alpha^-1 J).
 * stiffness k: J/rad^2 per row (> 0, INFINITY: alpha = 0), alpha = 1/k.
 * Errors (also in *err): SL_ERR_NULL, SL_ERR_RANGE (station_count < 2, k <= 0 or NaN),
 * SL_ERR_INDEX (a node out of range or repeated within a block), SL_ERR_DEGENERATE (a
 * segment of zero length, or a node on its axis at rest), SL_ERR_NOMEM. */
sl_status sl_torsion_create(const double *rest_positions, int node_count, const int *stations,
                            int station_count, double stiffness, sl_model **out, sl_error *err);

#endif
