/* Tet volumes with a collapse barrier (softlab/thread.h; softlab's stand-in for seed 003
 * eq. 14). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "models/tet_volume.h"
#include "softlab/tet_fem.h"
#include "softlab/thread.h"

typedef struct {
    double *rest_volume; /* double[tet_count], m^3 */
    double barrier;      /* kappa, dimensionless */
} barrier_data;

/* phi(r) between the floor and 1, with phi' and phi''. */
static double curve(double r, double kappa, double *d1, double *d2) {
    if (r >= 1) {
        *d1 = 1, *d2 = 0;
        return r - 1;                                  /* (V - V0)/V0 */
    }
    double q = 1 - r;
    *d1 = 1 + kappa * (1 - r * r) / (r * r);           /* 1 + kappa (1/r^2 - 1) */
    *d2 = -2 * kappa / (r * r * r);
    return r - 1 - kappa * q * q / r;                  /* barrier: ~ -kappa/r as r -> 0 */
}

/* phi, phi', phi'' at r, continued linearly below the floor. */
static double barrier_curve(double r, double kappa, double *d1, double *d2) {
    const double rf = SL_VOLUME_BARRIER_FLOOR;
    if (r >= rf) return curve(r, kappa, d1, d2);
    double phi_f = curve(rf, kappa, d1, d2);
    *d2 = 0;
    return phi_f + *d1 * (r - rf);
}

double sl_volume_barrier_phi(double r, double barrier, double *slope) {
    double d1, d2, phi = barrier_curve(r, barrier, &d1, &d2);
    if (slope) *slope = d1;
    return phi;
}

static void barrier_evaluate(const sl_model *m, const double *x, double *phi, double *J) {
    const barrier_data *d = m->data;
    for (int t = 0; t < m->block_count; t++) {
        double e[3][3], d1, d2, V0 = d->rest_volume[t];
        sl_tet_edges(x, m->block_node + 4 * t, e);
        double p = barrier_curve(sl_tet_edge_volume(e) / V0, d->barrier, &d1, &d2);
        if (phi) phi[t] = p;
        if (J) {
            double g[12];
            sl_tet_volume_gradient(e, g);
            for (int c = 0; c < 12; c++) J[12 * t + c] = d1 / V0 * g[c]; /* phi'(r) dV/dx / V0 */
        }
    }
}

/* H = w (phi''/V0^2 g g^T + phi'/V0 d^2V/dx^2), g = dV/dx. */
static void barrier_geometric(const sl_model *m, const double *x, const double *w, double *H) {
    const barrier_data *d = m->data;
    for (int t = 0; t < m->block_count; t++, H += 144) {
        double e[3][3], g[12], d1, d2, V0 = d->rest_volume[t];
        sl_tet_edges(x, m->block_node + 4 * t, e);
        barrier_curve(sl_tet_edge_volume(e) / V0, d->barrier, &d1, &d2);
        sl_tet_volume_hessian(e, w[t] * d1 / V0, H);
        sl_tet_volume_gradient(e, g);
        double s = w[t] * d2 / (V0 * V0);
        for (int i = 0; i < 12; i++)
            for (int j = 0; j < 12; j++) H[12 * i + j] += s * g[i] * g[j];
    }
}

static void barrier_destroy(sl_model *m) {
    barrier_data *d = m->data;
    if (d) free(d->rest_volume);
    free(d);
}

static const sl_model_class barrier_class = {
    .name = "volume-barrier",
    .citation = "softlab's stand-in for seed 003 eq. 13-14 (lost in extraction)",
    .evaluate = barrier_evaluate,
    .geometric_stiffness = barrier_geometric,
    .destroy = barrier_destroy,
};

sl_status sl_volume_barrier_create(const double *x, int node_count, const int *tets, int tet_count,
                                   double k, double kappa, sl_model **out, sl_error *err) {
    if (!out) return sl_error_set(err, SL_ERR_NULL, -1, "no output pointer");
    *out = NULL;
    if (!x || !tets) return sl_error_set(err, SL_ERR_NULL, -1, "no positions or tets");
    if (tet_count < 1 || node_count < 1 || !(k > 0) || !(kappa >= 0) || !isfinite(kappa))
        return sl_error_set(err, SL_ERR_RANGE, -1, "tet count %d and node count %d must be >= 1, the "
                            "stiffness %g J > 0 and the barrier %g finite and >= 0", tet_count, node_count, k, kappa);
    for (int i = 0; i < 4 * tet_count; i++)
        if (tets[i] < 0 || tets[i] >= node_count)
            return sl_error_set(err, SL_ERR_INDEX, i / 4, "tet %d uses node %d, outside [0, %d)", i / 4, tets[i],
                                node_count);
    sl_model *m = sl_model_alloc(&barrier_class, tet_count, 1, 4);
    barrier_data *d = calloc(1, sizeof *d);
    if (m) m->data = d;
    if (!m || !d || !(d->rest_volume = malloc(sizeof(double) * (size_t)tet_count))) {
        if (!m) free(d);
        sl_model_destroy(m);
        return sl_error_set(err, SL_ERR_NOMEM, -1, "out of memory for %d tets", tet_count);
    }
    d->barrier = kappa;
    for (int t = 0; t < tet_count; t++) {
        const int *n = tets + 4 * t;
        memcpy(m->block_node + 4 * t, n, 4 * sizeof(int));
        double v0 = d->rest_volume[t] = sl_tet_volume(x, n[0], n[1], n[2], n[3]);
        m->compliance[t] = isinf(k) ? 0 : 1.0 / k; /* alpha = 1/k */
        if (!(v0 > 0)) {
            sl_model_destroy(m);
            return sl_error_set(err, SL_ERR_DEGENERATE, t, "tet %d has rest volume %g m³ <= 0 "
                                "(inverted or degenerate)", t, v0);
        }
    }
    *out = m;
    return SL_OK;
}
