/* The signed volume of a tetrahedron and its first and second derivatives, shared by the
 * volume models (onering_volume.c, volume_barrier.c). Core-internal.
 * Tet (a, b, c, d) with edges e1 = b - a, e2 = c - a, e3 = d - a: V = e1 . (e2 x e3) / 6. */
#ifndef SL_TET_VOLUME_H
#define SL_TET_VOLUME_H

/* Edges e[k] = x[n[k+1]] - x[n[0]] (m) of the tet with nodes n (int[4]). */
void sl_tet_edges(const double *x, const int *n, double e[3][3]);

/* V (m^3) from the edges. */
double sl_tet_edge_volume(const double e[3][3]);

/* dV/dx of the 4 nodes (double[12], m^2): dV/dx_b = e2 x e3 / 6, dV/dx_c = e3 x e1 / 6,
 * dV/dx_d = e1 x e2 / 6, dV/dx_a = -(sum of the others). */
void sl_tet_volume_gradient(const double e[3][3], double g[12]);

/* H = s d^2V/dx^2 (double[12*12], row-major, node by node; m * s), overwritten. */
void sl_tet_volume_hessian(const double e[3][3], double s, double *H);

#endif
