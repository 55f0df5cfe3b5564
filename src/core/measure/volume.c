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

sl_status sl_world_face_areas(const sl_world *w, int axis, double at, double *area) {
    if (!w || !area) return SL_ERR_NULL;
    if (axis < 0 || axis > 2 || !isfinite(at)) return SL_ERR_RANGE;
    const double *x = sl_world_rest_positions(w);
    const int *t = sl_world_triangles(w);
    for (int i = 0; i < sl_world_node_count(w); i++) area[i] = 0;
    for (int k = 0; k < sl_world_triangle_count(w); k++) {
        const int *v = t + 3 * k;
        if (fabs(x[3 * v[0] + axis] - at) + fabs(x[3 * v[1] + axis] - at) + fabs(x[3 * v[2] + axis] - at) > 1e-9)
            continue; /* not in the face */
        double u[3], q[3];
        for (int d = 0; d < 3; d++) u[d] = x[3 * v[1] + d] - x[3 * v[0] + d], q[d] = x[3 * v[2] + d] - x[3 * v[0] + d];
        double cx = u[1] * q[2] - u[2] * q[1], cy = u[2] * q[0] - u[0] * q[2], cz = u[0] * q[1] - u[1] * q[0];
        for (int j = 0; j < 3; j++) area[v[j]] += sqrt(cx * cx + cy * cy + cz * cz) / 6; /* a third of the triangle */
    }
    return SL_OK;
}
