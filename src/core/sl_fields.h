/* Per-node fields of a world for colour maps: local volume change and strain energy
 * density, and a robust colour range for them. Work for every model that gives the world
 * its edges and surface (springs, tetrahedral FEM, grid solids): a spring lattice has a
 * local deformation gradient and a rest volume too, so it is coloured like a solid. The
 * physics does not use them. Units SI; arrays double[n], one value per node. */
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

/* The fields by number, shared with the wasm API (sl_api_set_color_field) and the page
 * (FIELD in web/lab-api.js). */
typedef enum sl_field {
    SL_FIELD_NONE = 0,           /* no field */
    SL_FIELD_ENERGY_DENSITY = 1, /* J/m^3, sl_world_node_energy_density */
    SL_FIELD_VOLUME_CHANGE = 2,  /* V/V0 - 1, dimensionless, sl_world_node_volume_change */
    SL_FIELD_COUNT
} sl_field;

/* Field `field` (sl_field, not SL_FIELD_NONE) at every node of w. out: double[n].
 * Errors: SL_ERR_NULL, SL_ERR_INDEX (unknown field or SL_FIELD_NONE), and those of the
 * field's function (SL_ERR_RANGE: the world has no edges or no closed surface). */
sl_status sl_world_node_field(const sl_world *w, int field, double *out);

/* A colour range [lo, hi] for values (double[n]; NaN and infinite values skipped) of
 * field, robust against a few extreme nodes: q2 and q98 the 2 % and 98 % quantiles
 * (linear interpolation between order statistics),
 *   SL_FIELD_VOLUME_CHANGE: [-m, m] with m = max(|q2|, |q98|), centred at 0 (no change);
 *   otherwise:              [min(0, q2), q98] (an energy density starts at 0);
 * widened to a span of at least 2e-12 (field units) so that a body at rest has one
 * colour (the centre, or the low end). Errors: SL_ERR_NULL, SL_ERR_INDEX (unknown field),
 * SL_ERR_RANGE (no finite value: *lo = *hi = NaN), SL_ERR_NOMEM. */
sl_status sl_field_range(int field, const double *values, int n, double *lo, double *hi);

#endif
