/* The volume measures of a body, from its tets (sl_body_def): one volume ratio and one
 * count of inverted cells for every kind of body (tet meshes, grid solids, springs). */
#define SL_WORLD_INTERNAL /* world/world_internal.h: the world's own files */
#include <math.h>

#include "measure/measure.h"
#include "softlab/tet_fem.h"
#include "world/world_internal.h"

double sl_body_rest_volume(const sl_world *w) { return w ? w->body.rest_volume : 0; }

void sl_world_volume_and_inverted(const sl_world *w, double *ratio, int *inverted) {
    *ratio = NAN, *inverted = -1;
    if (!w || w->body.tet_count < 1) return;
    int per_cell = w->body.tets_per_cell > 0 ? w->body.tets_per_cell : 1, cells = w->body.tet_count / per_cell, count = 0;
    const int *n = w->body.tets;
    double v = 0;
    for (int c = 0, t = 0; t < w->body.tet_count; c++) { /* cell c, then the tets after the last whole cell */
        int cell_inverted = 0;
        for (int k = 0; k < per_cell && t < w->body.tet_count; k++, t++, n += 4) {
            double vt = sl_tet_volume(w->x, n[0], n[1], n[2], n[3]);
            v += vt;
            cell_inverted |= !(vt > 0);
        }
        count += c < cells && cell_inverted;
    }
    if (w->body.rest_volume > 0) *ratio = v / w->body.rest_volume;
    *inverted = count;
}

double sl_world_volume_ratio(const sl_world *w) {
    double ratio;
    int inverted;
    sl_world_volume_and_inverted(w, &ratio, &inverted);
    return ratio;
}

int sl_world_inverted_cells(const sl_world *w) {
    double ratio;
    int inverted;
    sl_world_volume_and_inverted(w, &ratio, &inverted);
    return inverted;
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
