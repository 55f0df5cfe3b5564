/* Exports of a world's state for other tools (issue 4): positions as CSV and the
 * mesh as legacy VTK for ParaView. */
#ifndef SOFTLAB_EXPORT_H
#define SOFTLAB_EXPORT_H

#include <stdio.h>

#include "softlab/world.h"

/* Writes "id,x,y,z" (header, then a row per node, m) to f (the caller closes it: an
 * output of output.h); ids: int[n], the ids of the input file, or NULL for node indices.
 * Errors: SL_ERR_NULL, SL_ERR_IO (a write to f failed: errno says why). */
sl_status softlab_write_positions_csv(FILE *f, const sl_world *w, const int *ids);

/* Writes a legacy ASCII VTK unstructured grid of the current positions: the tetrahedra
 * of every 4-node model (cell type 10), or the drawing triangles (type 5) if there are
 * none, with the elastic energy per node as point data. Errors: SL_ERR_NULL,
 * SL_ERR_IO (as above: errno says why), SL_ERR_NOMEM. f as above. */
sl_status softlab_write_vtk(FILE *f, const sl_world *w);

#endif
