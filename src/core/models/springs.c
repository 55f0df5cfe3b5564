#include "softlab/springs.h"

#include <math.h>
#include <stdlib.h>

typedef struct { double *rest_length; } springs_data; /* double[edge_count], m */

static void springs_destroy(sl_model *m) {
    springs_data *d = m->data;
    if (d) free(d->rest_length);
    free(d);
}

/* Unit direction n = (x_i - x_j)/|x_i - x_j| and the length; n = 0 when the length is 0. */
static double direction(const double *x, int i, int j, double n[3]) {
    double len2 = 0;
    for (int c = 0; c < 3; c++) {
        n[c] = x[3 * i + c] - x[3 * j + c];
        len2 += n[c] * n[c];
    }
    double len = sqrt(len2);
    for (int c = 0; c < 3; c++) n[c] = len > 0 ? n[c] / len : 0;
    return len;
}

static void springs_evaluate(const sl_model *m, const double *x, double *phi, double *J) {
    const springs_data *d = m->data;
    for (int b = 0; b < m->block_count; b++) {
        const double *xi = x + 3 * m->block_node[2 * b], *xj = x + 3 * m->block_node[2 * b + 1];
        double dx[3] = {xi[0] - xj[0], xi[1] - xj[1], xi[2] - xj[2]}, L = d->rest_length[b];
        double len = sqrt(dx[0] * dx[0] + dx[1] * dx[1] + dx[2] * dx[2]);
        if (phi) phi[b] = (len - L) / L; /* phi = (|x_i - x_j| - L)/L */
        if (!J) continue;
        double s = len > 0 ? 1 / (len * L) : 0; /* one division: n/L = dx/(|dx| L) */
        for (int c = 0; c < 3; c++) {
            J[6 * b + c] = dx[c] * s;      /* dphi/dx_i =  n/L */
            J[6 * b + 3 + c] = -dx[c] * s; /* dphi/dx_j = -n/L */
        }
    }
}

/* H = w d^2phi/dx^2 = w/(L |d|) [P -P; -P P], P = I - n n^T. */
static void springs_geometric(const sl_model *m, const double *x, const double *w, double *H) {
    const springs_data *d = m->data;
    for (int b = 0; b < m->block_count; b++, H += 36) {
        double n[3];
        double len = direction(x, m->block_node[2 * b], m->block_node[2 * b + 1], n);
        double s = len > 0 ? w[b] / (d->rest_length[b] * len) : 0;
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 3; c++) {
                double P = s * ((r == c) - n[r] * n[c]);
                H[r * 6 + c] = H[(r + 3) * 6 + c + 3] = P;
                H[r * 6 + c + 3] = H[(r + 3) * 6 + c] = -P;
            }
    }
}

static const sl_model_class springs_class = {
    .name = "springs",
    .citation = "seed 000 §2.1, §3",
    .evaluate = springs_evaluate,
    .geometric_stiffness = springs_geometric,
    .destroy = springs_destroy,
};

sl_status sl_springs_create(const double *x, int node_count, const int *edges, int edge_count,
                            double k, sl_model **out) {
    if (!out) return SL_ERR_NULL;
    *out = NULL;
    if (!x || !edges) return SL_ERR_NULL;
    if (edge_count < 1 || !(k > 0)) return SL_ERR_RANGE;
    for (int e = 0; e < 2 * edge_count; e++)
        if (edges[e] < 0 || edges[e] >= node_count) return SL_ERR_INDEX;
    sl_model *m = sl_model_alloc(&springs_class, edge_count, 1, 2);
    springs_data *d = calloc(1, sizeof *d);
    if (m) m->data = d;
    if (!m || !d || !(d->rest_length = malloc(sizeof(double) * (size_t)edge_count))) {
        if (!m) free(d);
        sl_model_destroy(m);
        return SL_ERR_NOMEM;
    }
    for (int e = 0; e < edge_count; e++) {
        int i = edges[2 * e], j = edges[2 * e + 1];
        double n[3];
        d->rest_length[e] = direction(x, i, j, n);
        m->block_node[2 * e] = i;
        m->block_node[2 * e + 1] = j;
        m->compliance[e] = isinf(k) ? 0 : 1.0 / k; /* alpha = 1/k */
        if (i == j || !(d->rest_length[e] > 0)) {
            sl_model_destroy(m);
            return i == j ? SL_ERR_INDEX : SL_ERR_DEGENERATE;
        }
    }
    *out = m;
    return SL_OK;
}
