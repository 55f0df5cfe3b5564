/* The metric terms of grid solids as models (softlab/grid.h, seed 004 eq. 2-16). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "linalg/mat3.h"
#include "softlab/grid.h"
#include "softlab/mesh.h"
#include "softlab/tet_fem.h"

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

int sl_grid_terms_is(const sl_model *m) { return m && (m->cls == &length_class || m->cls == &angle_class); }

/* (x_p - x_o) . (x_q - x_o): the product of node differences every term above is made of
 * (a length: p = q; an angle: the two edges at corner o). */
static double diff_dot(const double *x, int o, int p, int q) {
    double s = 0;
    for (int c = 0; c < 3; c++) s += (x[3 * p + c] - x[3 * o + c]) * (x[3 * q + c] - x[3 * o + c]);
    return s;
}

/* G_ij of the cell with corners n: the mean over its corners c of the length (i = j)
 * and angle (i != j) terms at c, the edges from c to its neighbours c ^ 2^i over their
 * rest lengths; an edge from the far end (bit i of c set) points along -a_i, so the
 * product is counted with the sign of the two directions. */
static void cell_metric(const double *x, const double *rest_x, const int n[8], double G[9]) {
    memset(G, 0, 9 * sizeof(double));
    for (int c = 0; c < 8; c++) {
        double L[3];
        for (int i = 0; i < 3; i++) L[i] = sqrt(diff_dot(rest_x, n[c], n[c ^ (1 << i)], n[c ^ (1 << i)]));
        for (int i = 0; i < 3; i++)
            for (int j = i; j < 3; j++) {
                double sign = ((c >> i) & 1) == ((c >> j) & 1) ? 1 : -1;
                G[3 * i + j] += sign * diff_dot(x, n[c], n[c ^ (1 << i)], n[c ^ (1 << j)]) / (8 * L[i] * L[j]);
            }
    }
    G[3] = G[1], G[6] = G[2], G[7] = G[5];
}

sl_status sl_grid_cell_metric(const double *x, const double *rest_x, int node_count, const int corners[8],
                              sl_grid_cell_inspection *out) {
    if (!x || !rest_x || !corners || !out) return SL_ERR_NULL;
    for (int c = 0; c < 8; c++)
        if (corners[c] < 0 || corners[c] >= node_count) return SL_ERR_INDEX;
    for (int c = 0; c < 8; c++)
        for (int i = 0; i < 3; i++)
            if (!(diff_dot(rest_x, corners[c], corners[c ^ (1 << i)], corners[c ^ (1 << i)]) > 0)) return SL_ERR_DEGENERATE;
    memset(out, 0, sizeof *out);
    memcpy(out->nodes, corners, sizeof out->nodes);
    cell_metric(x, rest_x, corners, out->metric);
    cell_metric(rest_x, rest_x, corners, out->rest_metric);
    for (int k = 0; k < 9; k++) out->metric_change[k] = out->metric[k] - out->rest_metric[k];
    /* G0 = L L^T (Cholesky): the eigenvalues of G0^-1 G are those of the symmetric
     * L^-1 G L^-T, the squared stretches of the deformation from rest. */
    const double *A = out->rest_metric;
    double L[9] = {0}, Li[9], M[9], T[9], lam[3], V[9];
    L[0] = sqrt(A[0]);
    L[3] = A[3] / L[0], L[6] = A[6] / L[0];
    L[4] = sqrt(A[4] - L[3] * L[3]);
    L[7] = (A[7] - L[6] * L[3]) / L[4];
    L[8] = sqrt(A[8] - L[6] * L[6] - L[7] * L[7]);
    double det0 = sl_mat3_inverse(L, Li);
    if (!(det0 > 0) || !isfinite(det0)) return SL_ERR_DEGENERATE;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            T[3 * i + j] = 0;
            for (int k = 0; k < 3; k++) T[3 * i + j] += Li[3 * i + k] * out->metric[3 * k + j];
        }
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            M[3 * i + j] = 0;
            for (int k = 0; k < 3; k++) M[3 * i + j] += T[3 * i + k] * Li[3 * j + k];
        }
    sl_mat3_sym_eigen(M, lam, V); /* descending */
    for (int k = 0; k < 3; k++) out->stretches[k] = sqrt(fmax(lam[2 - k], 0.0));
    out->J = sqrt(fmax(sl_mat3_det(out->metric), 0.0) / (det0 * det0));
    const int (*kuhn)[4] = NULL;
    for (int t = 0, count = sl_cube_split(SL_SPLIT_6, &kuhn); t < count; t++)
        out->rest_volume += sl_tet_volume(rest_x, corners[kuhn[t][0]], corners[kuhn[t][1]], corners[kuhn[t][2]],
                                          corners[kuhn[t][3]]);
    return SL_OK;
}

/* 1 if node a is one of the corners n[8]. */
static int is_corner(const int n[8], int a) {
    for (int c = 0; c < 8; c++)
        if (n[c] == a) return 1;
    return 0;
}

/* 1 if term t of m touches the cell with corners n (sl_grid_terms_cell_energy). */
static int touches(const sl_model *m, int t, const double *rest_x, const int n[8]) {
    const int *node = m->block_node + m->block_nodes * t;
    int in = 0;
    for (int a = 0; a < m->block_nodes; a++) in += is_corner(n, node[a]);
    if (in == m->block_nodes) return 1;
    if (m->block_nodes != 2 || in != 1) return 0;
    double mid[3], L2 = diff_dot(rest_x, node[0], node[1], node[1]);
    for (int k = 0; k < 3; k++) mid[k] = 0.5 * (rest_x[3 * node[0] + k] + rest_x[3 * node[1] + k]);
    for (int c = 0; c < 8; c++) { /* a pillar: its centre node is a corner */
        double d2 = 0;
        for (int k = 0; k < 3; k++) d2 += (rest_x[3 * n[c] + k] - mid[k]) * (rest_x[3 * n[c] + k] - mid[k]);
        if (d2 <= 1e-18 * L2) return 1;
    }
    return 0;
}

sl_status sl_grid_terms_cell_energy(const sl_model *m, const double *x, const double *rest_x, int node_count,
                                    const int *cells, int cell_count, int cell, double *energy) {
    if (!m || !x || !rest_x || !cells || !energy) return SL_ERR_NULL;
    *energy = 0;
    if (!sl_grid_terms_is(m) || cell < 0 || cell >= cell_count) return SL_ERR_RANGE;
    for (int k = 0; k < 8 * cell_count; k++)
        if (cells[k] < 0 || cells[k] >= node_count) return SL_ERR_INDEX;
    for (int k = 0; k < m->block_nodes * m->block_count; k++)
        if (m->block_node[k] >= node_count) return SL_ERR_INDEX;
    double *phi = malloc(sizeof(double) * (size_t)m->block_count);
    int *term = malloc(sizeof(int) * (size_t)m->block_count), *shared = NULL;
    char *mark = calloc((size_t)node_count, 1);
    sl_status st = phi && term && mark ? SL_OK : SL_ERR_NOMEM;
    int count = 0;
    for (int t = 0; st == SL_OK && t < m->block_count; t++) /* the terms of this cell */
        if (touches(m, t, rest_x, cells + 8 * cell)) {
            term[count++] = t;
            for (int a = 0; a < m->block_nodes; a++) mark[m->block_node[m->block_nodes * t + a]] = 1;
        }
    if (st == SL_OK && count && !(shared = calloc((size_t)count, sizeof(int)))) st = SL_ERR_NOMEM;
    for (int q = 0; st == SL_OK && q < cell_count; q++) { /* how many cells share each */
        int near = 0; /* a cell that touches a term has one of its nodes */
        for (int c = 0; c < 8; c++) near |= mark[cells[8 * q + c]];
        for (int k = 0; near && k < count; k++) shared[k] += touches(m, term[k], rest_x, cells + 8 * q);
    }
    if (st == SL_OK && count) {
        m->cls->evaluate(m, x, phi, NULL);
        for (int k = 0; k < count; k++) {
            double alpha = m->compliance[sl_model_row_of(m, term[k])];
            if (alpha > 0) *energy += 0.5 * phi[term[k]] * phi[term[k]] / alpha / shared[k];
        }
    }
    free(phi), free(term), free(shared), free(mark);
    return st;
}
