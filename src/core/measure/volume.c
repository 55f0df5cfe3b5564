/* The volume measures of a body, from its tets (sl_body_def): one volume ratio and one
 * count of inverted cells for every kind of body (tet meshes, grid solids, springs). */
#define SL_WORLD_INTERNAL /* world/world_internal.h: the world's own files */
#include <math.h>

#include "measure/measure.h"
#include "softlab/tet_fem.h"
#include "world/world_internal.h"

double sl_body_rest_volume(const sl_world *w) { return w ? w->body.rest_volume : 0; }

double sl_world_volume_ratio(const sl_world *w) {
    if (!w || w->body.tet_count < 1 || !(w->body.rest_volume > 0)) return NAN;
    const int *n = w->body.tets;
    double v = 0;
    for (int t = 0; t < w->body.tet_count; t++, n += 4) v += sl_tet_volume(w->x, n[0], n[1], n[2], n[3]);
    return v / w->body.rest_volume;
}

int sl_world_inverted_cells(const sl_world *w) {
    if (!w || w->body.tet_count < 1) return -1;
    int per_cell = w->body.tets_per_cell, count = 0;
    for (int c = 0; c < w->body.tet_count / per_cell; c++) {
        const int *n = w->body.tets + 4 * per_cell * c;
        int inverted = 0;
        for (int t = 0; t < per_cell; t++, n += 4) inverted |= !(sl_tet_volume(w->x, n[0], n[1], n[2], n[3]) > 0);
        count += inverted;
    }
    return count;
}
