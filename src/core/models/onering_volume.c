/* The one-ring volume model (softlab/onering.h; seed 001 §3). */
#include "softlab/onering.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/tet_fem.h"

typedef struct {
    double *rest_volume; /* double[tet_count], m^3 */
    double *ring_volume; /* double[node_count]: V^_k(x0), m^3 */
} onering_data;

/* Edges e1 = b - a, e2 = c - a, e3 = d - a of tet (a, b, c, d). */
static void edges(const double *x, const int *n, double e[3][3]) {
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 3; i++) e[k][i] = x[3 * n[k + 1] + i] - x[3 * n[0] + i];
}

static void cross(const double *u, const double *v, double *out) {
    out[0] = u[1] * v[2] - u[2] * v[1];
    out[1] = u[2] * v[0] - u[0] * v[2];
    out[2] = u[0] * v[1] - u[1] * v[0];
}

/* dV/dx of the tet's 4 nodes (double[12]): V = e1 . (e2 x e3) / 6, so
 * dV/dx_b = e2 x e3 / 6, dV/dx_c = e3 x e1 / 6, dV/dx_d = e1 x e2 / 6, dV/dx_a = -sum. */
static void volume_gradient(const double e[3][3], double g[12]) {
    cross(e[1], e[2], g + 3);
    cross(e[2], e[0], g + 6);
    cross(e[0], e[1], g + 9);
    for (int i = 0; i < 3; i++) {
        g[3 + i] /= 6, g[6 + i] /= 6, g[9 + i] /= 6;
        g[i] = -(g[3 + i] + g[6 + i] + g[9 + i]);
    }
}

static void onering_evaluate(const sl_model *m, const double *x, double *phi, double *J) {
    const onering_data *d = m->data;
    for (int t = 0; t < m->block_count; t++) {
        const int *n = m->block_node + 4 * t;
        double e[3][3];
        edges(x, n, e);
        if (phi) {
            double c[3];
            cross(e[1], e[2], c);
            double v = (e[0][0] * c[0] + e[0][1] * c[1] + e[0][2] * c[2]) / 6;
            for (int r = 0; r < 4; r++) phi[4 * t + r] = 0.25 * (v - d->rest_volume[t]); /* V^_k share */
        }
        if (J) {
            double g[12];
            volume_gradient(e, g);
            for (int r = 0; r < 4; r++)
                for (int c = 0; c < 12; c++) J[48 * t + 12 * r + c] = 0.25 * g[c]; /* div */
        }
    }
}

/* [v]x, the matrix of u -> v x u, scaled by s, added into the 3x3 block at (row, col) of
 * the 12x12 H. */
static void add_skew(double *H, int row, int col, const double *v, double s) {
    double *B = H + 12 * (3 * row) + 3 * col;
    B[1] -= s * v[2], B[2] += s * v[1];
    B[12] += s * v[2], B[14] -= s * v[0];
    B[24] -= s * v[1], B[25] += s * v[0];
}

/* H = (sum_r w_r / 4) d^2 V/dx^2. With d(u x v)/du = -[v]x and d(u x v)/dv = [u]x:
 * d g_b/d e2 = -[e3]x/6, d g_b/d e3 = [e2]x/6; d g_c/d e3 = -[e1]x/6, d g_c/d e1 = [e3]x/6;
 * d g_d/d e1 = -[e2]x/6, d g_d/d e2 = [e1]x/6; d/dx_a = -(d/de1 + d/de2 + d/de3), and the
 * rows of node a are minus the sum of the others. */
static void onering_geometric(const sl_model *m, const double *x, const double *w, double *H) {
    for (int t = 0; t < m->block_count; t++, H += 144) {
        const int *n = m->block_node + 4 * t;
        double e[3][3];
        edges(x, n, e);
        double s = (w[4 * t] + w[4 * t + 1] + w[4 * t + 2] + w[4 * t + 3]) / 4 / 6;
        memset(H, 0, 144 * sizeof(double));
        /* block (node 1+p, node 1+q) for p, q in {0,1,2} (edges e1..e3) */
        for (int p = 0; p < 3; p++) {
            int q1 = (p + 1) % 3, q2 = (p + 2) % 3;      /* g_p = e_q1 x e_q2 / 6 */
            add_skew(H, 1 + p, 1 + q1, e[q2], -s);       /* d/de_q1 = -[e_q2]x */
            add_skew(H, 1 + p, 1 + q2, e[q1], s);        /* d/de_q2 = [e_q1]x */
        }
        for (int i = 3; i < 12; i++) /* column node a = -(sum of columns of b, c, d) */
            for (int c = 0; c < 3; c++) H[12 * i + c] = -(H[12 * i + 3 + c] + H[12 * i + 6 + c] + H[12 * i + 9 + c]);
        for (int c = 0; c < 12; c++) /* row node a = -(sum of rows of b, c, d) */
            for (int r = 0; r < 3; r++) H[12 * r + c] = -(H[12 * (3 + r) + c] + H[12 * (6 + r) + c] + H[12 * (9 + r) + c]);
    }
}

static void onering_destroy(sl_model *m) {
    onering_data *d = m->data;
    if (d) free(d->rest_volume), free(d->ring_volume);
    free(d);
}

static const sl_model_class onering_class = {
    .name = "onering-volume",
    .citation = "seed 001 §2-3 (Irving, Schroeder, Fedkiw 2007)",
    .evaluate = onering_evaluate,
    .geometric_stiffness = onering_geometric,
    .destroy = onering_destroy,
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
            return sl_error_set(err, SL_ERR_DEGENERATE, t, "tet %d has rest volume %g m^3 <= 0 "
                                "(inverted or degenerate)", t, v0);
        }
        for (int a = 0; a < 4; a++) d->ring_volume[n[a]] += 0.25 * d->rest_volume[t];
    }
    for (int i = 0; i < node_count; i++) m->compliance[i] = compliance;
    *out = m;
    return SL_OK;
}
