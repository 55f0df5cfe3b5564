/* Torsion between consecutive station triangles of the thread (softlab/thread.h;
 * softlab's dihedral-angle stand-in for seed 003 eq. 15's quaternion springs). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/thread.h"

#define PI 3.14159265358979323846

typedef struct { double *rest_angle; } torsion_data; /* double[3*(station_count-1)], rad */

static double dot(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static void cross(const double *u, const double *v, double *o) {
    o[0] = u[1] * v[2] - u[2] * v[1], o[1] = u[2] * v[0] - u[0] * v[2], o[2] = u[0] * v[1] - u[1] * v[0];
}

/* Centroids ca, cb (double[3] each) of the segment's two triangles. */
static void centroids(const double *x, const int *node, double *ca, double *cb) {
    for (int c = 0; c < 3; c++) ca[c] = cb[c] = 0;
    for (int j = 0; j < 3; j++)
        for (int c = 0; c < 3; c++) ca[c] += x[3 * node[j] + c] / 3, cb[c] += x[3 * node[3 + j] + c] / 3;
}

/* The segment's three rows: row k is the dihedral angle theta_k of the chain a_k, ca, cb,
 * b_k (IUPAC sign) about the axis through the centroids ca, cb of its triangles a, b, and,
 * when J is not NULL, its gradient over the segment's 6 nodes (double[3][18]: a_0..a_2,
 * b_0..b_2). The angle's gradient by Blondel & Karplus (J. Comput. Chem. 17, 1996), with
 * b1 = ca - a_k, b2 = cb - ca, b3 = b_k - cb, m = b1 x b2, n = b2 x b3:
 * d/da_k = -|b2| m/|m|^2, d/db_k = |b2| n/|n|^2, and d/dca, d/dcb from them so that the
 * gradient is free of translation and rotation; each centroid passes a third of its part
 * to each of its nodes. A node on the axis (|m| or |n| = 0) has no angle: theta = 0 and
 * no gradient. The rows share the axis b2: computed once a segment. */
static void segment_rows(const double *x, const int *node, double *theta, double *J) {
    double ca[3], cb[3], b2[3];
    centroids(x, node, ca, cb);
    for (int c = 0; c < 3; c++) b2[c] = cb[c] - ca[c];
    double bb = dot(b2, b2), lb = sqrt(bb);
    for (int k = 0; k < 3; k++, J = J ? J + 18 : NULL) {
        const double *p1 = x + 3 * node[k], *p4 = x + 3 * node[3 + k];
        double b1[3], b3[3], m[3], n[3];
        for (int c = 0; c < 3; c++) b1[c] = ca[c] - p1[c], b3[c] = p4[c] - cb[c];
        cross(b1, b2, m);
        cross(b2, b3, n);
        double mm = dot(m, m), nn = dot(n, n);
        if (!(mm > 0) || !(nn > 0) || !(bb > 0)) {
            theta[k] = 0;
            if (J) memset(J, 0, 18 * sizeof(double));
            continue;
        }
        theta[k] = atan2(lb * dot(b1, n), dot(m, n));
        if (!J) continue;
        double u = dot(b1, b2) / bb, v = dot(b3, b2) / bb; /* F.G/G^2 and -H.G/G^2 in their F, G, H */
        double g1[3], g4[3], ga[3], gb[3];                 /* d/da_k, d/db_k, a third of d/dca, d/dcb */
        double sm = -lb / mm, sn = lb / nn;
        for (int c = 0; c < 3; c++) {
            g1[c] = sm * m[c], g4[c] = sn * n[c];
            ga[c] = (-(1 + u) * g1[c] + v * g4[c]) * (1.0 / 3);
            gb[c] = (u * g1[c] - (1 + v) * g4[c]) * (1.0 / 3);
        }
        for (int j = 0; j < 3; j++)
            for (int c = 0; c < 3; c++) J[3 * j + c] = ga[c], J[9 + 3 * j + c] = gb[c];
        for (int c = 0; c < 3; c++) J[3 * k + c] += g1[c], J[9 + 3 * k + c] += g4[c];
    }
}

static double wrap(double a) { return a - 2 * PI * floor((a + PI) / (2 * PI)); } /* into [-pi, pi) */

static void torsion_evaluate(const sl_model *m, const double *x, double *phi, double *J) {
    const torsion_data *d = m->data;
    for (int s = 0; s < m->block_count; s++) {
        double theta[3];
        segment_rows(x, m->block_node + 6 * s, theta, J ? J + 54 * s : NULL);
        if (phi)
            for (int k = 0; k < 3; k++) phi[3 * s + k] = wrap(theta[k] - d->rest_angle[3 * s + k]); /* theta - theta0 */
    }
}

static void torsion_destroy(sl_model *m) {
    torsion_data *d = m->data;
    if (d) free(d->rest_angle);
    free(d);
}

static const sl_model_class torsion_class = {
    .name = "torsion",
    .citation = "softlab's dihedral stand-in for seed 003 eq. 15 (lost in extraction)",
    .evaluate = torsion_evaluate,
    .destroy = torsion_destroy,
};

sl_status sl_torsion_create(const double *x, int node_count, const int *stations, int station_count,
                            double k, sl_model **out, sl_error *err) {
    if (!out) return sl_error_set(err, SL_ERR_NULL, -1, "no output pointer");
    *out = NULL;
    if (!x || !stations) return sl_error_set(err, SL_ERR_NULL, -1, "no positions or stations");
    if (station_count < 2 || !(k > 0))
        return sl_error_set(err, SL_ERR_RANGE, -1, "station count %d must be >= 2 and the stiffness %g J/rad² > 0",
                            station_count, k);
    for (int i = 0; i < 3 * station_count; i++)
        if (stations[i] < 0 || stations[i] >= node_count)
            return sl_error_set(err, SL_ERR_INDEX, i / 3, "station %d uses node %d, outside [0, %d)", i / 3,
                                stations[i], node_count);
    int segments = station_count - 1;
    sl_model *m = sl_model_alloc(&torsion_class, segments, 3, 6);
    torsion_data *d = calloc(1, sizeof *d);
    if (m) m->data = d;
    if (!m || !d || !(d->rest_angle = malloc(sizeof(double) * 3 * (size_t)segments))) {
        if (!m) free(d);
        sl_model_destroy(m);
        return sl_error_set(err, SL_ERR_NOMEM, -1, "out of memory for %d segments", segments);
    }
    for (int s = 0; s < segments; s++) {
        int *node = m->block_node + 6 * s;
        memcpy(node, stations + 3 * s, 6 * sizeof(int)); /* stations s and s+1 */
        for (int i = 0; i < 6; i++)
            for (int j = 0; j < i; j++)
                if (node[i] == node[j]) {
                    sl_model_destroy(m);
                    return sl_error_set(err, SL_ERR_INDEX, s, "segment %d uses node %d twice", s, node[i]);
                }
        double J[54];
        segment_rows(x, node, d->rest_angle + 3 * s, J);
        for (int r = 0; r < 3; r++) {
            double len = 0;
            for (int c = 0; c < 18; c++) len += J[18 * r + c] * J[18 * r + c];
            m->compliance[3 * s + r] = isinf(k) ? 0 : 1.0 / k; /* alpha = 1/k */
            if (!(len > 0)) {
                sl_model_destroy(m);
                return sl_error_set(err, SL_ERR_DEGENERATE, s, "segment %d: zero length, or a node on its axis", s);
            }
        }
    }
    *out = m;
    return SL_OK;
}
