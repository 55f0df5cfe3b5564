/* The one-ring volume model (softlab/onering.h; seed 001 §3). */
#include "softlab/onering.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/tet_fem.h"
#include "models/tet_volume.h"

typedef struct {
    double *rest_volume; /* double[tet_count], m^3 */
    double *ring_volume; /* double[node_count]: V^_k(x0), m^3 */
} onering_data;

static void onering_evaluate(const sl_model *m, const double *x, double *phi, double *J) {
    const onering_data *d = m->data;
    for (int t = 0; t < m->block_count; t++) {
        const int *n = m->block_node + 4 * t;
        double e[3][3];
        sl_tet_edges(x, n, e);
        if (phi) {
            double v = sl_tet_edge_volume(e);
            for (int r = 0; r < 4; r++) phi[4 * t + r] = 0.25 * (v - d->rest_volume[t]); /* V^_k share */
        }
        if (J) {
            double g[12];
            sl_tet_volume_gradient(e, g);
            for (int r = 0; r < 4; r++)
                for (int c = 0; c < 12; c++) J[48 * t + 12 * r + c] = 0.25 * g[c]; /* div */
        }
    }
}

/* H = (sum_r w_r / 4) d^2 V/dx^2 (V is cubic in x). */
static void onering_geometric(const sl_model *m, const double *x, const double *w, double *H) {
    for (int t = 0; t < m->block_count; t++, H += 144) {
        double e[3][3];
        sl_tet_edges(x, m->block_node + 4 * t, e);
        sl_tet_volume_hessian(e, (w[4 * t] + w[4 * t + 1] + w[4 * t + 2] + w[4 * t + 3]) / 4, H);
    }
}

static void onering_destroy(sl_model *m) {
    onering_data *d = m->data;
    if (d) free(d->rest_volume), free(d->ring_volume);
    free(d);
}

static const double *onering_rest_rows(const sl_model *m) { return ((const onering_data *)m->data)->ring_volume; }

static const sl_model_class onering_class = {
    .name = "onering-volume",
    .citation = "seed 001 §2-3",
    .evaluate = onering_evaluate,
    .geometric_stiffness = onering_geometric,
    .destroy = onering_destroy,
    .node_rows = 1,                      /* row k: the one-ring of node k */
    .rest_row_values = onering_rest_rows, /* V^_k(x0) */
};

int sl_model_is_onering_volume(const sl_model *m) { return m && m->cls == &onering_class; }

const double *sl_onering_rest_volumes(const sl_model *m) {
    return sl_model_is_onering_volume(m) ? ((const onering_data *)m->data)->ring_volume : NULL;
}

sl_status sl_onering_volume_create(const double *x, int node_count, const int *tets, int tet_count,
                                   double compliance, sl_model **out, sl_error *err) {
    if (!out) return sl_error_set(err, SL_ERR_NULL, -1, "no output pointer");
    *out = NULL;
    if (!x || !tets) return sl_error_set(err, SL_ERR_NULL, -1, "no positions or tets");
    if (tet_count < 1 || node_count < 1 || !isfinite(compliance) || compliance < 0)
        return sl_error_set(err, SL_ERR_RANGE, -1, "tet count %d and node count %d must be >= 1, "
                            "the compliance %g m^6/J finite and >= 0", tet_count, node_count, compliance);
    for (int i = 0; i < 4 * tet_count; i++)
        if (tets[i] < 0 || tets[i] >= node_count)
            return sl_error_set(err, SL_ERR_INDEX, i / 4, "tet %d uses node %d, outside [0, %d)",
                                i / 4, tets[i], node_count);
    sl_model *m = sl_model_alloc_mapped(&onering_class, tet_count, 4, 4, node_count);
    onering_data *d = calloc(1, sizeof *d);
    if (m) m->data = d;
    if (!m || !d || !(d->rest_volume = malloc(sizeof(double) * (size_t)tet_count)) ||
        !(d->ring_volume = calloc((size_t)node_count, sizeof(double)))) {
        if (!m) free(d);
        sl_model_destroy(m);
        return sl_error_set(err, SL_ERR_NOMEM, -1, "out of memory for %d tets", tet_count);
    }
    for (int t = 0; t < tet_count; t++) {
        const int *n = tets + 4 * t;
        memcpy(m->block_node + 4 * t, n, 4 * sizeof(int));
        memcpy(m->block_row + 4 * t, n, 4 * sizeof(int)); /* block row a adds into node a's row */
        d->rest_volume[t] = sl_tet_volume(x, n[0], n[1], n[2], n[3]);
        if (!(d->rest_volume[t] > 0)) {
            double v0 = d->rest_volume[t];
            sl_model_destroy(m);
            return sl_error_set(err, SL_ERR_DEGENERATE, t, "tet %d has rest volume %g m³ <= 0 "
                                "(inverted or degenerate)", t, v0);
        }
        for (int a = 0; a < 4; a++) d->ring_volume[n[a]] += 0.25 * d->rest_volume[t];
    }
    for (int i = 0; i < node_count; i++) m->compliance[i] = compliance;
    *out = m;
    return SL_OK;
}
