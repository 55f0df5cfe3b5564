/* Which element an inspector shows (issue 13 item 9): the tet of a picked node, or the
 * grid cell of a picked node and that cell inspected. */
#include <stdlib.h>

#include "measure/measure.h"
#include "softlab/grid.h"
#include "softlab/mesh.h"
#include "softlab/tet_fem.h"

int sl_world_fem_tet_at_node(const sl_world *w, int node, int *model) {
    if (!w || node < 0 || node >= sl_world_node_count(w)) return -1;
    for (int k = 0; k < sl_world_model_count(w); k++) {
        const sl_model *m = sl_world_model(w, k);
        if (!sl_tet_fem_is(m)) continue;
        for (int t = 0; t < m->block_count; t++)
            for (int a = 0; a < 4; a++)
                if (m->block_node[4 * t + a] == node) {
                    if (model) *model = k;
                    return t;
                }
    }
    return -1;
}

static int has_grid_model(const sl_world *w) {
    for (int k = 0; k < sl_world_model_count(w); k++)
        if (sl_grid_terms_is(sl_world_model(w, k))) return 1;
    return 0;
}

/* Corners (c = dx + 2 dy + 4 dz) of body cell q from its 6 Kuhn tets, as sl_grid_world
 * made them (tet t's vertex a is corner kuhn[t][a]); 0 if its tets are not such a split. */
static int cell_corners(const sl_world *w, int q, int out[8]) {
    const int (*kuhn)[4] = NULL;
    int count = sl_cube_split(SL_SPLIT_6, &kuhn);
    if (sl_world_tets_per_cell(w) != count) return 0;
    const int *tet = sl_world_tets(w) + 4 * count * q;
    for (int c = 0; c < 8; c++) out[c] = -1;
    for (int t = 0; t < count; t++)
        for (int a = 0; a < 4; a++) {
            int *c = &out[kuhn[t][a]];
            if (*c >= 0 && *c != tet[4 * t + a]) return 0;
            *c = tet[4 * t + a];
        }
    for (int c = 0; c < 8; c++)
        if (out[c] < 0) return 0;
    return 1;
}

static int cell_count(const sl_world *w) { return sl_world_tet_count(w) / sl_world_tets_per_cell(w); }

int sl_world_grid_cell_at_node(const sl_world *w, int node, int corners[8]) {
    if (!w || node < 0 || node >= sl_world_node_count(w) || !has_grid_model(w)) return -1;
    int n[8];
    for (int q = 0; q < cell_count(w); q++)
        if (cell_corners(w, q, n))
            for (int c = 0; c < 8; c++)
                if (n[c] == node) {
                    for (int k = 0; corners && k < 8; k++) corners[k] = n[k];
                    return q;
                }
    return -1;
}

sl_status sl_world_grid_cell_inspect(const sl_world *w, int node, struct sl_grid_cell_inspection *out) {
    if (!w || !out) return SL_ERR_NULL;
    int corners[8], q = sl_world_grid_cell_at_node(w, node, corners), n = sl_world_node_count(w);
    if (q < 0) return SL_ERR_RANGE;
    const double *x = sl_world_positions(w), *x0 = sl_world_rest_positions(w);
    sl_status st = sl_grid_cell_metric(x, x0, n, corners, out);
    int cells = cell_count(w), *all = malloc(sizeof(int) * 8 * (size_t)cells);
    if (st == SL_OK && !all) st = SL_ERR_NOMEM;
    for (int k = 0; st == SL_OK && k < cells; k++)
        if (!cell_corners(w, k, all + 8 * k)) st = SL_ERR_RANGE; /* a body of grid cells only */
    for (int k = 0; st == SL_OK && k < sl_world_model_count(w); k++) {
        const sl_model *m = sl_world_model(w, k);
        double e = 0;
        if (sl_grid_terms_is(m)) st = sl_grid_terms_cell_energy(m, x, x0, n, all, cells, q, &e);
        out->energy += e;
    }
    free(all);
    if (st == SL_OK) out->energy_density = out->energy / out->rest_volume;
    return st;
}
