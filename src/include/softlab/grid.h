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

/* 1 if m is a model of metric terms made by sl_grid_terms_create, else 0. */
int sl_grid_terms_is(const sl_model *m);

/* What an element inspector shows of one grid cell (issue 13 item 9). Row-major 3x3.
 * The metric is seed 004 eq. 2 with the model's own differences: D_i r = (r at the
 * neighbour along +a_i - r) / (its rest distance), so material coordinates a_i are in m
 * and G is dimensionless (G0 = I on the regular grid of sl_grid_world). */
typedef struct sl_grid_cell_inspection {
    int nodes[8];            /* corners, corner c = dx + 2 dy + 4 dz (grid directions 1, 2, 3) */
    double metric[9];        /* G_ij = D_i r . D_j r (eq. 2), the mean over the 8 corners
                                of the length (i = j) and angle (i != j) terms there */
    double rest_metric[9];   /* G0, the same at the rest positions */
    double metric_change[9]; /* G - G0, what eq. 3 weighs (= 2 E, E the Green strain, when
                                G0 = I) */
    double J;                /* sqrt(det G / det G0): the volume ratio of a homogeneous
                                deformation (>= 0: the metric cannot see an inverted cell) */
    double stretches[3];     /* principal stretches, sqrt of the eigenvalues of G0^-1 G,
                                ascending */
    double rest_volume;      /* m^3: the cell's 6 Kuhn tets at rest (h1 h2 h3 on the grid) */
    double energy;           /* J: the cell's share of the grid models' energy
                                (sl_grid_terms_cell_energy summed over them) */
    double energy_density;   /* J/m^3 (= Pa): energy / rest_volume */
} sl_grid_cell_inspection;

/* Metric part of an inspection of the cell with corners (int[8], corner c = dx + 2 dy
 * + 4 dz, node indices into x): nodes, metric, rest_metric, metric_change, J,
 * stretches and rest_volume of *out; energy and energy_density are set to 0.
 * x, rest_x: double[3*node_count], m (current and rest positions). Source: seed 004
 * eq. 2 and 6 with D^+ as the terms above: for i = j the mean of |D_i r|^2 over the
 * cell's 4 edges along i, for i != j the mean over the 8 corners of the products of the
 * edges along i and j that meet there (each sign-flipped where it points along -a_i),
 * i.e. the angle term there. G = A^T A exactly for a homogeneous x = A a.
 * Errors: SL_ERR_NULL, SL_ERR_INDEX (a corner outside [0, node_count)),
 * SL_ERR_DEGENERATE (a zero rest edge or a singular G0). */
sl_status sl_grid_cell_metric(const double *x, const double *rest_x, int node_count,
                              const int corners[8], sl_grid_cell_inspection *out);

/* The share of cell `cell` in the energy U = sum_t 1/2 phi_t^2 / alpha_t of the grid
 * model m (its own phi and alpha at positions x): sum over the terms t that touch the
 * cell of U_t / n_t, n_t the number of cells the term touches, so the shares of all
 * cells add up to m's energy. A term touches a cell when all its nodes are corners of
 * it, or (a pillar, whose ends lie in no one cell) when one end and the rest midpoint
 * of its ends (the pillar's centre node) are. This splits every term as sl_grid_world
 * gave it volume (V/4 per cell of an edge, V/2 of a face diagonal, V/8 of a face
 * corner's angle, V of a space diagonal), so a homogeneous deformation gives every cell
 * of the original model eq. 3's S = sum_ij eta_ij (G_ij - G0_ij)^2 times V.
 * x, rest_x: double[3*node_count], m; cells: int[8*cell_count], corner node indices (in
 * any order) of every cell; 0 <= cell < cell_count. *energy in J.
 * Errors: SL_ERR_NULL, SL_ERR_RANGE (m not a grid model, cell out of range),
 * SL_ERR_INDEX (a node outside [0, node_count)), SL_ERR_NOMEM. */
sl_status sl_grid_terms_cell_energy(const sl_model *m, const double *x, const double *rest_x,
                                    int node_count, const int *cells, int cell_count, int cell,
                                    double *energy);

#endif
