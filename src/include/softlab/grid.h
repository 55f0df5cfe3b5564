/* The metric terms of Terzopoulos grid solids and their repair by Kelager, Fleron and
 * Erleben (seed 004), as models. The grid itself (nodes, cells, which terms) is built
 * by sl_grid_world (softlab/build.h); models never see the world.
 *
 * A regular grid of L x M x N particles with spacings h1, h2, h3 (m), optionally only
 * the cells inside an ellipsoid. Every elastic term of seed 004 is a constraint of one
 * form, a dot product of two finite differences of positions against its rest value:
 *   phi = (D_a r) . (D_b r) - (D_a r0) . (D_b r0),
 * which is dimensionless (D = difference / rest spacing, so G = 1 at rest for lengths).
 * Its energy eta V_p phi^2 (seed 004 eq. 3 integrated over the volume V_p = h1 h2 h3
 * a particle stands for) gives the compliance alpha = 1/(2 eta V_p); eta is in Pa
 * (J/m^3 per unit squared metric change). The terms:
 *   - metric lengths G_ii (eq. 2-6): D_a = D_b = D_i^+ along each grid direction;
 *   - metric angles G_ij, i != j (original model): D_a = D_i^+, D_b = D_j^+, weight
 *     eta_ij + eta_ji (S sums both orders);
 *   - area restoration (eq. 10-13): the angles replaced by the two diagonals of every
 *     grid face, D^+ along each, weight eta_12 (= eta_21) each;
 *   - volume restoration (eq. 14): the four space diagonals of every cell, weight eta_v;
 *   - pillar tensor (eq. 15-16): central differences D_i (x[+1] - x[-1]) / 2h_i, eta_p.
 * Because every phi is a homogeneous quadratic form of node differences, H(w) x =
 * J^T w: the frozen-alpha stiffness K(r_t) of Terzopoulos' semi-implicit scheme is the
 * geometric stiffness H(alpha^-1 phi) (steppers/terzopoulos.c).
 * Seed 004 §6 squares the volume forces so that they prevail over area restoration; in
 * this energy framework we give them a larger weight eta_v instead (a squared force has
 * no energy and would break the stepper-independent model language).
 */
#ifndef SL_GRID_H
#define SL_GRID_H

#include "softlab/model.h"

typedef enum sl_grid_term_flags {
    SL_GRID_ANGLES = 1 << 0,   /* original off-diagonal metric terms */
    SL_GRID_AREA = 1 << 1,     /* face diagonals replace the angles (eq. 10-13) */
    SL_GRID_VOLUME = 1 << 2,   /* space diagonals (eq. 14) */
    SL_GRID_PILLAR = 1 << 3,   /* central-difference pillar tensor (eq. 15-16) */
} sl_grid_term_flags;

#define SL_GRID_ORIGINAL SL_GRID_ANGLES
#define SL_GRID_IMPROVED (SL_GRID_AREA | SL_GRID_VOLUME | SL_GRID_PILLAR)

/* A model of metric terms with weight eta (Pa), every term's compliance
 * alpha = 1/(2 eta V_t), with V_t (m^3) the volume share of term t:
 *   nodes_per_term 2, terms (a, b): squared lengths, phi = |x_a - x_b|^2 / L^2 - 1
 *     (metric lengths, face and space diagonals, pillars: D_a = D_b along a - b);
 *   nodes_per_term 3, terms (a, b, c): angles, phi = (x_b - x_a).(x_c - x_a)/(L1 L2) - cos0
 *     (the off-diagonal metric G_ij of the original model).
 * Rest values L, L1, L2, cos0 from rest_positions (double[3*node_count], m); nodes:
 * int[nodes_per_term*term_count]; volume: double[term_count], m^3, > 0.
 * Errors: SL_ERR_NULL, SL_ERR_RANGE (term_count < 1, nodes_per_term not 2 or 3, eta or
 * a volume not > 0), SL_ERR_INDEX (a node out of range), SL_ERR_DEGENERATE (a zero rest
 * length), SL_ERR_NOMEM. On error *out is NULL. */
sl_status sl_grid_terms_create(const double *rest_positions, int node_count, const int *nodes,
                               int nodes_per_term, const double *volume, int term_count,
                               double eta, sl_model **out);

#endif
