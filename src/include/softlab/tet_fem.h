/* Green-strain tetrahedral finite elements as constraints (seed 000 §2.3, eq. 13-15).
 *
 * Material: Young's modulus Y (Pa), Poisson ratio nu in [0, 0.5]; Lame constants
 * lambda = Y nu / ((1+nu)(1-2nu)), mu = Y / (2(1+nu)). Strain in Voigt order
 * e = (E11, E22, E33, g12, g13, g23) with ENGINEERING shear strains g_jk = 2 E_jk, so
 * that the energy density W = 1/2 e^T D e (eq. 14, shear block mu) equals
 * lambda/2 (tr E)^2 + mu E:E (St. Venant-Kirchhoff).
 *
 * Per tetrahedron, F = Ds Dm^-1 (current edge matrix times inverse rest edge matrix)
 * and the Green strain E = 1/2 (F^T F - I) (eq. 13), or the linearized strain
 * 1/2 (F + F^T) - I (seed 000 Fig. 5). D is made diagonal as §2.3 suggests,
 * D = Q^T alpha^-1 Q: the normal block has eigenvectors q1 = (1,1,1)/sqrt 3
 * (volumetric, stiffness 3 lambda + 2 mu = Y/(1-2nu)) and q2 = (1,-1,0)/sqrt 2,
 * q3 = (1,1,-2)/sqrt 6 (deviatoric, 2 mu); shear strains have stiffness mu. So each
 * tet gives 6 constraints phi = sqrt(V0) Q e (eq. 15 with the REST volume V0: total
 * Lagrangian, so U = V0 W exactly) with compliance
 * alpha = ((1-2nu)/Y, 1/(2mu), 1/(2mu), 1/mu, 1/mu, 1/mu). At nu = 0.5 the volumetric
 * compliance is exactly 0 (incompressible), and nothing divides by zero.
 */
#ifndef SL_TET_FEM_H
#define SL_TET_FEM_H

#include "softlab/model.h"

/* GREEN: the 6 rows above. LINEAR: linearized strain. GREEN_DEVIATORIC: Green strain
 * without the volumetric row (5 rows per tet: q2, q3 and the shears, compliances
 * 1/(2mu), 1/(2mu), 1/mu, 1/mu, 1/mu): the elastic model of the `incompressible`
 * stepper (seed 001 §5), whose one-ring projection handles volume instead. */
typedef enum sl_strain { SL_STRAIN_GREEN, SL_STRAIN_LINEAR, SL_STRAIN_GREEN_DEVIATORIC } sl_strain;

/* The model's name in words, e.g. "Green-strain FEM" (the page's element inspector);
 * "" for a value that is no sl_strain. */
const char *sl_strain_label(int strain);

typedef struct sl_material {
    double young_modulus; /* Y, Pa, > 0 */
    double poisson_ratio; /* nu, [0, 0.5] */
    double density;       /* rho, kg/m^3, > 0 */
} sl_material;

/* Lame constants (Pa) of a material; *lambda is INFINITY at nu = 0.5.
 * Errors: SL_ERR_NULL, SL_ERR_RANGE (Y <= 0, nu outside [0, 0.5], density <= 0, NaN). */
sl_status sl_material_lame(const sl_material *m, double *lambda, double *mu);

/* Creates the FEM model over tets (int[4*tet_count], node indices into rest_positions,
 * double[3*node_count], m). Every tet must have positive volume (use sl_tets_orient).
 * Errors (also in *err when not NULL, with a message; err->index = the offending tet,
 * else -1): SL_ERR_NULL, SL_ERR_RANGE (material, tet_count < 1), SL_ERR_INDEX (a node
 * out of range), SL_ERR_DEGENERATE (rest volume <= 0 or a singular rest edge matrix,
 * e.g. "tet 12 has rest volume -3.2e-07 m^3 <= 0 (inverted or degenerate)"),
 * SL_ERR_NOMEM. On error *out is NULL. */
sl_status sl_tet_fem_create(const double *rest_positions, int node_count, const int *tets,
                            int tet_count, const sl_material *material, sl_strain strain,
                            sl_model **out, sl_error *err);

/* Signed volume (m^3) of the tet (a, b, c, d) at positions x: det(b-a, c-a, d-a)/6. */
double sl_tet_volume(const double *x, int a, int b, int c, int d);

/* Makes every tet positively oriented (swaps two nodes of inverted ones) and reports
 * how many were inverted in *flipped (may be NULL). Errors (also in *err when not NULL,
 * with a message; err->index = the offending tet, else -1): SL_ERR_NULL, SL_ERR_INDEX
 * (a node out of range), SL_ERR_DEGENERATE (|volume| <= 1e-12 * (longest edge)^3).
 * The tets before the offending one are already reoriented. */
sl_status sl_tets_orient(const double *x, int node_count, int *tets, int tet_count,
                         int *flipped, sl_error *err);

/* What an element inspector shows of one tet (issue 13 item 9). Row-major 3x3. */
typedef struct sl_tet_inspection {
    int nodes[4];           /* the tet's node indices */
    int strain;             /* sl_strain of its model */
    int hard_rows;          /* rows of compliance 0 (nu = 0.5): their pressure is a
                               multiplier the element alone cannot tell, left out of the
                               energy and stress below */
    double rest_volume;     /* V0, m^3 */
    double F[9];            /* deformation gradient F = Ds Dm^-1 (seed 000 eq. 13) */
    double J;               /* det F: the volume ratio V/V0 (< 0: inverted) */
    double green_strain[9]; /* E = 1/2 (F^T F - I), dimensionless (whatever the model's strain) */
    double stretches[3];    /* principal stretches, sqrt of the eigenvalues of F^T F, ascending */
    double energy_density;  /* W = U / V0, J/m^3 (= Pa): 1/2 e^T D e of the model's own strain e
                               (Green, linear or deviatoric) and compliances (eq. 14) */
    double second_piola[9]; /* S = dW/de as a tensor, Pa (the linear model: its stress) */
    double cauchy[9];       /* sigma = F S F^T / J, Pa (the linear model: S) */
    double von_mises;       /* Pa, of sigma */
} sl_tet_inspection;

/* 1 if m is a tetrahedral FEM model of this file (any sl_strain), else 0. */
int sl_tet_fem_is(const sl_model *m);

/* Inspects tet t (block t, 0 <= t < block_count) of the tet FEM model m at positions x
 * (double[3n], m): deformation gradient, Green strain, principal stretches, J, strain
 * energy density and stresses (sl_tet_inspection). Errors: SL_ERR_NULL, SL_ERR_RANGE (m
 * is not a tet FEM model, t out of range). */
sl_status sl_tet_fem_inspect(const sl_model *m, int t, const double *x, sl_tet_inspection *out);

/* Lumped masses: each node gets a quarter of rho V0 of every tet it belongs to.
 * mass: double[node_count], kg (overwritten). Errors: SL_ERR_NULL, SL_ERR_RANGE. */
sl_status sl_tets_lumped_mass(const double *x, int node_count, const int *tets, int tet_count,
                              double density, double *mass);

/* Sum of the tets' current volumes (m^3) at x: for volume-ratio measurements. */
double sl_tets_total_volume(const double *x, const int *tets, int tet_count);

#endif
