/* Mesh topology helpers for tetrahedral meshes (drawing and edge springs). */
#ifndef SL_TOPOLOGY_H
#define SL_TOPOLOGY_H

#include "sl_status.h"

/* Unique edges of tets (int[4*tet_count]): *edges (int[2 * *edge_count], malloc'ed,
 * caller frees) with i < j, sorted. Errors: SL_ERR_NULL, SL_ERR_NOMEM. */
sl_status sl_tets_edges(const int *tets, int tet_count, int **edges, int *edge_count);

/* Boundary faces of tets (faces used by exactly one tet), oriented counter-clockwise
 * seen from outside using positions x (double[3n], m): *tris (int[3 * *tri_count],
 * malloc'ed, caller frees). Errors: SL_ERR_NULL, SL_ERR_NOMEM. */
sl_status sl_tets_boundary(const double *x, const int *tets, int tet_count, int **tris,
                           int *tri_count);

#endif
