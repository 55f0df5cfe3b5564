/* The metric terms of grid solids as models (softlab/grid.h, seed 004 eq. 2-16). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/grid.h"

typedef struct {
    double *rest; /* per block: L^2 (lengths) or (L1 L2, cos0) (angles) */
} grid_data;

static void terms_destroy(sl_model *m) {
    grid_data *d = m->data;
    if (d) free(d->rest);
    free(d);
}

/* phi = |x_a - x_b|^2 / L^2 - 1; J = +-2 d / L^2; H = w 2/L^2 [I -I; -I I]. */
static void length_evaluate(const sl_model *m, const double *x, double *phi, double *J) {
    const grid_data *g = m->data;
    for (int b = 0; b < m->block_count; b++) {
        const double *xa = x + 3 * m->block_node[2 * b], *xb = x + 3 * m->block_node[2 * b + 1];
        double d[3] = {xa[0] - xb[0], xa[1] - xb[1], xa[2] - xb[2]}, L2 = g->rest[b];
        if (phi) phi[b] = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) / L2 - 1;
        for (int c = 0; J && c < 3; c++) J[6 * b + c] = 2 * d[c] / L2, J[6 * b + 3 + c] = -2 * d[c] / L2;
    }
}

static void length_geometric(const sl_model *m, const double *x, const double *w, double *H) {
    const grid_data *g = m->data;
    for (int b = 0; b < m->block_count; b++, H += 36) {
        double s = 2 * w[b] / g->rest[b];
        memset(H, 0, 36 * sizeof(double));
        for (int c = 0; c < 3; c++) {
            H[6 * c + c] = H[6 * (c + 3) + c + 3] = s;
            H[6 * c + c + 3] = H[6 * (c + 3) + c] = -s;
        }
    }
}

/* phi = (x_b - x_a).(x_c - x_a) / (L1 L2) - cos0 over nodes (a, b, c). */
static void angle_evaluate(const sl_model *m, const double *x, double *phi, double *J) {
    const grid_data *g = m->data;
    for (int k = 0; k < m->block_count; k++) {
        const int *n = m->block_node + 3 * k;
        double u[3], v[3], s = 1 / g->rest[2 * k];
        for (int c = 0; c < 3; c++) u[c] = x[3 * n[1] + c] - x[3 * n[0] + c], v[c] = x[3 * n[2] + c] - x[3 * n[0] + c];
        if (phi) phi[k] = s * (u[0] * v[0] + u[1] * v[1] + u[2] * v[2]) - g->rest[2 * k + 1];
        for (int c = 0; J && c < 3; c++) {
            J[9 * k + c] = -s * (u[c] + v[c]);
            J[9 * k + 3 + c] = s * v[c];
            J[9 * k + 6 + c] = s * u[c];
        }
    }
}

static void angle_geometric(const sl_model *m, const double *x, const double *w, double *H) {
    const grid_data *g = m->data;
    static const double pattern[3][3] = {{2, -1, -1}, {-1, 0, 1}, {-1, 1, 0}};
    for (int k = 0; k < m->block_count; k++, H += 81) {
        double s = w[k] / g->rest[2 * k];
        memset(H, 0, 81 * sizeof(double));
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++)
                for (int c = 0; c < 3; c++) H[9 * (3 * a + c) + 3 * b + c] = s * pattern[a][b];
    }
}

static const sl_model_class length_class = {
    .name = "grid-lengths",
    .citation = "seed 004 eq. 2-6, 10-16 (squared lengths)",
    .evaluate = length_evaluate,
    .geometric_stiffness = length_geometric,
    .destroy = terms_destroy,
    .quadratic = 1,
};

static const sl_model_class angle_class = {
    .name = "grid-angles",
    .citation = "seed 004 eq. 2-6 (off-diagonal metric)",
    .evaluate = angle_evaluate,
    .geometric_stiffness = angle_geometric,
    .destroy = terms_destroy,
    .quadratic = 1,
};

static double dist2(const double *x, int a, int b) {
    double s = 0;
    for (int c = 0; c < 3; c++) s += (x[3 * a + c] - x[3 * b + c]) * (x[3 * a + c] - x[3 * b + c]);
    return s;
}

sl_status sl_grid_terms_create(const double *x, int node_count, const int *nodes, int nodes_per_term,
                               const double *volume, int term_count, double eta, sl_model **out) {
    if (!out) return SL_ERR_NULL;
    *out = NULL;
    if (!x || !nodes || !volume) return SL_ERR_NULL;
    if (term_count < 1 || (nodes_per_term != 2 && nodes_per_term != 3) || !(eta > 0) || !isfinite(eta))
        return SL_ERR_RANGE;
    for (int i = 0; i < nodes_per_term * term_count; i++)
        if (nodes[i] < 0 || nodes[i] >= node_count) return SL_ERR_INDEX;
    for (int t = 0; t < term_count; t++) {
        if (!(volume[t] > 0) || !isfinite(volume[t])) return SL_ERR_RANGE;
        const int *n = nodes + nodes_per_term * t;
        for (int a = 1; a < nodes_per_term; a++)
            if (!(dist2(x, n[0], n[a]) > 0)) return SL_ERR_DEGENERATE;
    }
    int angles = nodes_per_term == 3;
    sl_model *m = sl_model_alloc(angles ? &angle_class : &length_class, term_count, 1, nodes_per_term);
    grid_data *d = calloc(1, sizeof *d);
    if (m) m->data = d;
    if (!m || !d || !(d->rest = malloc(sizeof(double) * 2 * (size_t)term_count))) {
        if (!m) free(d);
        sl_model_destroy(m);
        return SL_ERR_NOMEM;
    }
    for (int b = 0; b < term_count; b++) {
        const int *n = nodes + nodes_per_term * b;
        memcpy(m->block_node + nodes_per_term * b, n, sizeof(int) * (size_t)nodes_per_term);
        m->compliance[b] = 1.0 / (2 * eta * volume[b]); /* alpha = 1/(2 eta V) */
        if (angles) {
            double L1L2 = sqrt(dist2(x, n[0], n[1]) * dist2(x, n[0], n[2])), dot = 0;
            for (int c = 0; c < 3; c++) dot += (x[3 * n[1] + c] - x[3 * n[0] + c]) * (x[3 * n[2] + c] - x[3 * n[0] + c]);
            d->rest[2 * b] = L1L2;
            d->rest[2 * b + 1] = dot / L1L2;
        } else {
            d->rest[b] = dist2(x, n[0], n[1]);
        }
    }
    *out = m;
    return SL_OK;
}
