/* Terzopoulos grid solids and their repair by Kelager, Fleron and Erleben (seed 004).
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
 * geometric stiffness H(alpha^-1 phi) (stepper_terzopoulos.c).
 * Seed 004 §6 squares the volume forces so that they prevail over area restoration; in
 * this energy framework we give them a larger weight eta_v instead (a squared force has
 * no energy and would break the stepper-independent model language).
 */
#ifndef SL_GRID_H
#define SL_GRID_H

#include "sl_world.h"

typedef enum sl_grid_term_flags {
    SL_GRID_ANGLES = 1 << 0,   /* original off-diagonal metric terms */
    SL_GRID_AREA = 1 << 1,     /* face diagonals replace the angles (eq. 10-13) */
    SL_GRID_VOLUME = 1 << 2,   /* space diagonals (eq. 14) */
    SL_GRID_PILLAR = 1 << 3,   /* central-difference pillar tensor (eq. 15-16) */
} sl_grid_term_flags;

#define SL_GRID_ORIGINAL SL_GRID_ANGLES
#define SL_GRID_IMPROVED (SL_GRID_AREA | SL_GRID_VOLUME | SL_GRID_PILLAR)

typedef struct sl_grid_def {
    int count[3];        /* L, M, N particles along x, y, z, each >= 2 */
    double spacing[3];   /* h1, h2, h3, m, > 0 */
    double origin[3];    /* position of particle (0,0,0), m */
    int ellipsoid;       /* 1: keep only cells whose centre is inside the inscribed ellipsoid */
    double density;      /* kg/m^3, > 0: particle mass density * h1 h2 h3 */
    double eta_length;   /* eta_11 = eta_22 = eta_33, Pa, > 0 */
    double eta_angle;    /* eta_12 = eta_21 (angles or face diagonals), Pa, >= 0 */
    double eta_volume;   /* eta_v of the space diagonals, Pa, >= 0 */
    double eta_pillar;   /* eta_p of the pillar tensor, Pa, >= 0 */
    int terms;           /* sl_grid_term_flags */
    double gravity;      /* m/s^2 along -y, >= 0 */
} sl_grid_def;

/* A box of 4 x 4 x 4 particles, spacing 0.1 m, 500 kg/m^3, eta_length 1e4 Pa, eta_angle
 * 1e4 Pa, eta_volume 4e4 Pa, eta_pillar 1e4 Pa, improved terms, gravity 9.81. */
sl_grid_def sl_grid_def_default(void);

/* Builds a world of the grid with its models (one per kind of term), lumped masses,
 * drawing topology and volume measures. Checks seed 004's condition
 * eta_12 + eta_21 >= eta_11 + eta_22 when area restoration is on (else SL_ERR_RANGE with
 * the reason in *why when not NULL). Errors: SL_ERR_NULL, SL_ERR_RANGE, SL_ERR_NOMEM. */
sl_status sl_grid_world(const sl_grid_def *def, sl_world **out, const char **why);

/* The grid measures of a world made by sl_grid_world (NAN / -1 for other worlds):
 * current over rest volume of all cells (each cell as 6 tets around its main diagonal),
 * and the number of inverted cells (a sub-tet with non-positive volume). */
double sl_grid_volume_ratio(const sl_world *w);
int sl_grid_inverted_cells(const sl_world *w);

/* Scales every weight eta of the world's grid model by scale relative to its
 * definition (scale 1: as built), i.e. every compliance alpha = 1/(2 eta V) by 1/scale:
 * the "overall constraint strength" raised live in seed 004 Fig. 9. Takes effect at the
 * next step of any stepper. Errors: SL_ERR_NULL, SL_ERR_RANGE (scale not finite or
 * <= 0), SL_ERR_INCOMPATIBLE (not a grid world). */
sl_status sl_grid_set_strength(sl_world *w, double scale);
/* The current strength scale of a grid world (1 as built), NAN for other worlds. */
double sl_grid_strength(const sl_world *w);

/* Largest distance (m) of a node from the rest shape after removing the best rigid
 * motion (centroid and polar-decomposition rotation of the mass-weighted covariance). */
double sl_world_shape_error(const sl_world *w);

#endif
