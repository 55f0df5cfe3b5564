/* Distance springs as constraints (seed 000 §2.1 and §3):
 *   phi_l = (|x_i - x_j| - L_l) / L_l  (dimensionless strain),
 *   U = 1/2 k phi^2, compliance alpha = 1/k  (k in N m = J, seed 000 §3). */
#ifndef SL_SPRINGS_H
#define SL_SPRINGS_H

#include "softlab/model.h"

/* Creates a spring model over the node pairs edges (int[2*edge_count]) with rest
 * lengths L taken from rest_positions (double[3*node_count], m) and stiffness
 * k (J, > 0; k = 0 is not allowed, k = INFINITY gives alpha = 0, a rigid rod).
 * Errors: SL_ERR_NULL, SL_ERR_RANGE (edge_count < 1, k <= 0 or NaN),
 * SL_ERR_INDEX (node out of range, or i == j), SL_ERR_DEGENERATE (L = 0),
 * SL_ERR_NOMEM. On error *out is NULL. */
sl_status sl_springs_create(const double *rest_positions, int node_count, const int *edges,
                            int edge_count, double stiffness, sl_model **out);

#endif
