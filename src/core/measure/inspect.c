/* Which element an inspector shows (issue 13 item 9): the tet of a picked node. */
#include "measure/measure.h"
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
