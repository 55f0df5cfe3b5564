/* The one-ring volume model (seed 001 §3, Irving, Schroeder and Fedkiw 2007): one
 * constraint row per node k,
 *
 *   phi_k(x) = V^_k(x) - V^_k(x0),   V^_k = 1/4 sum_{t in R(k)} V_t,
 *
 * the volume of the node's one-ring R(k) (the tets around it) with a quarter of each
 * tet. Its Jacobian J (n x 3n) is the seed's volume-weighted divergence `div` and -J^T its
 * gradient `grad`: (grad p)_k = 1/3 sum_{t in R(k)} pbar_t an_{t,k}, with pbar_t the mean
 * of p over t's nodes and an_{t,k} the outward area-weighted normal of t's face opposite k.
 *
 * The rows are shared between tetrahedra, so the model uses a row map (model.h): block t
 * is tet t, its 4 block rows each carry (V_t - V_t(x0))/4 and the Jacobian row
 * 1/4 dV_t/dx, and add into the rows of t's 4 nodes. The geometric stiffness is exact
 * (V_t is cubic in x: H_t = (sum_a w_a / 4) d^2 V_t/dx^2). Any stepper can run it: with
 * compliance 0 the rows are hard constraints (the regularized stepper's Schur form, or
 * the `incompressible` stepper's pressure projection).
 */
#ifndef SL_ONERING_H
#define SL_ONERING_H

#include "softlab/model.h"

/* Creates the one-ring volume model over tets (int[4*tet_count], positively oriented,
 * node indices into rest_positions, double[3*node_count], m) with the same compliance
 * alpha (m^6/J, >= 0; 0: incompressible) on every row. node_count rows; a node in no tet
 * gets a zero row. Errors (also in *err when not NULL, with a message; err->index = the
 * offending tet, else -1): SL_ERR_NULL, SL_ERR_RANGE (tet_count < 1, node_count < 1,
 * alpha < 0 or not finite), SL_ERR_INDEX (a node out of range), SL_ERR_DEGENERATE (a tet
 * of rest volume <= 0), SL_ERR_NOMEM. On error *out is NULL. */
sl_status sl_onering_volume_create(const double *rest_positions, int node_count, const int *tets,
                                   int tet_count, double compliance, sl_model **out, sl_error *err);

/* 1 if m is a one-ring volume model. */
int sl_model_is_onering_volume(const sl_model *m);

/* The rest one-ring volumes V^_k(x0) (double[row_count], m^3) of a one-ring volume
 * model, or NULL for any other model. Valid while the model lives. */
const double *sl_onering_rest_volumes(const sl_model *m);

#endif
