#include "softlab/model.h"

#include <stdlib.h>

sl_model *sl_model_alloc(const sl_model_class *cls, int block_count, int block_rows,
                         int block_nodes) {
    if (!cls || block_count < 0 || block_rows < 1 || block_nodes < 1) return NULL;
    sl_model *m = calloc(1, sizeof *m);
    if (!m) return NULL;
    m->cls = cls;
    m->block_count = block_count;
    m->block_rows = block_rows;
    m->block_nodes = block_nodes;
    size_t nb = (size_t)(block_count > 0 ? block_count : 1);
    m->block_node = calloc(nb * (size_t)block_nodes, sizeof(int));
    m->compliance = calloc(nb * (size_t)block_rows, sizeof(double));
    if (!m->block_node || !m->compliance) {
        sl_model_destroy(m);
        return NULL;
    }
    return m;
}

sl_model *sl_model_alloc_mapped(const sl_model_class *cls, int block_count, int block_rows,
                                int block_nodes, int row_count) {
    if (row_count < 1) return NULL;
    sl_model *m = sl_model_alloc(cls, block_count, block_rows, block_nodes);
    if (!m) return NULL;
    size_t nb = (size_t)(block_count > 0 ? block_count : 1);
    free(m->compliance);
    m->compliance = calloc((size_t)row_count, sizeof(double));
    m->block_row = calloc(nb * (size_t)block_rows, sizeof(int));
    m->row_count = row_count;
    if (!m->compliance || !m->block_row) {
        sl_model_destroy(m);
        return NULL;
    }
    return m;
}

void sl_model_destroy(sl_model *m) {
    if (!m) return;
    if (m->cls && m->cls->destroy) m->cls->destroy(m);
    else free(m->data);
    free(m->block_node);
    free(m->compliance);
    free(m->block_row);
    free(m);
}
