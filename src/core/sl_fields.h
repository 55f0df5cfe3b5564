/* Per-node fields of a world for colour maps: local volume change and strain energy
 * density. Work for every model that gives the world its edges and surface (springs,
 * tetrahedral FEM, grid solids); the physics does not use them. */
#ifndef SL_FIELDS_H
#define SL_FIELDS_H

#include "sl_world.h"

/* Local volume change det(F_i) - 1 at each node i (dimensionless), with F_i the
 * least-squares deformation gradient of the edges at i: F_i = (sum d d0^T)(sum d0 d0^T)^-1
 * over edges (i, j), d = x_j - x_i, d0 its rest value. Exact (to rounding) when the
 * deformation is affine: s^3 - 1 for a uniform scaling by s, 0 for a rotation. A node
 * whose rest edges do not span 3D gets NaN. out: double[n].
 * Errors: SL_ERR_NULL, SL_ERR_RANGE (the world has no edges). */
sl_status sl_world_node_volume_change(const sl_world *w, double *out);

/* Strain energy density at each node (J/m^3): the node's share of the elastic energy
 * (sl_world_node_energy) over its share of the rest volume, V_i = V m_i / M (V the rest
 * volume enclosed by the surface triangles, M the total mass: exact for a uniform
 * density). For a uniform strain of a tetrahedral body every node gets the energy
 * density W of the material. out: double[n]. Errors: SL_ERR_NULL, SL_ERR_RANGE (no
 * closed surface, or it encloses no volume), SL_ERR_NOMEM. */
sl_status sl_world_node_energy_density(const sl_world *w, double *out);

/* Volume (m^3) enclosed by the world's surface triangles at positions x (double[3n]),
 * by the divergence theorem: sum over triangles (a, b, c) of a.(b x c)/6. Positive for
 * outward-oriented triangles; 0 without triangles. */
double sl_world_surface_volume(const sl_world *w, const double *x);

#endif
