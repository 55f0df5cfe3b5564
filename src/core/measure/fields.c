/* Per-node fields for colour maps (softlab/world.h): local volume change and strain
 * energy density, and a robust colour range for them. They work for every body with
 * edges and tets (springs, tetrahedral FEM, grid solids); the physics does not use them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "linalg/mat3.h"
#include "measure/measure.h"
#include "softlab/incompressible.h"

static const sl_field_info FIELD_INFOS[SL_FIELD_COUNT] = {
    [SL_FIELD_NONE] = {"none", "none", "", ""},
    [SL_FIELD_ENERGY_DENSITY] = {"energy", "strain energy density", "strain energy density (J/m³)", "J/m³"},
    [SL_FIELD_VOLUME_CHANGE] = {"volume", "volume change", "volume change det F − 1", ""},
    /* p^/dt of the one-ring rows (seed 001 eq. 2): only the `incompressible` stepper has it */
    [SL_FIELD_PRESSURE] = {"pressure", "pressure (incompressible)", "pressure p̂/Δt (Pa; incompressible stepper only)", "Pa"},
};

const sl_field_info *sl_field_describe(int field) {
    return field >= 0 && field < SL_FIELD_COUNT ? &FIELD_INFOS[field] : NULL;
}

sl_status sl_world_node_volume_change(const sl_world *w, double *out) {
    if (!w || !out) return SL_ERR_NULL;
    int n = sl_world_node_count(w), ne = sl_world_edge_count(w);
    const int *e = sl_world_edges(w);
    if (ne < 1 || !e) return SL_ERR_RANGE;
    const double *x = sl_world_positions(w), *x0 = sl_world_rest_positions(w);
    /* per node: A = sum d d0^T and B = sum d0 d0^T (row-major 3x3 each) */
    double *acc = calloc((size_t)n * 18, sizeof(double));
    if (!acc) return SL_ERR_NOMEM;
    for (int k = 0; k < ne; k++) {
        int i = e[2 * k], j = e[2 * k + 1];
        double d[3], d0[3];
        for (int c = 0; c < 3; c++) d[c] = x[3 * j + c] - x[3 * i + c], d0[c] = x0[3 * j + c] - x0[3 * i + c];
        for (int node = 0; node < 2; node++) { /* the edge seen from both ends: -d -d0 gives the same products */
            double *a = acc + 18 * (node ? j : i), *b = a + 9;
            for (int r = 0; r < 3; r++)
                for (int c = 0; c < 3; c++) a[3 * r + c] += d[r] * d0[c], b[3 * r + c] += d0[r] * d0[c];
        }
    }
    for (int i = 0; i < n; i++) {
        const double *a = acc + 18 * i, *b = a + 9;
        double db = sl_mat3_det(b), scale = b[0] + b[4] + b[8];
        /* det F = det A / det B; a rest neighbourhood flatter than 1e-9 of its size is not 3D */
        out[i] = scale > 0 && fabs(db) > 1e-9 * scale * scale * scale ? sl_mat3_det(a) / db - 1 : NAN;
    }
    free(acc);
    return SL_OK;
}

sl_status sl_world_node_energy_density(const sl_world *w, double *out) {
    if (!w || !out) return SL_ERR_NULL;
    double volume = sl_body_rest_volume(w);
    if (!(volume > 0)) return SL_ERR_RANGE;
    sl_status st = sl_world_node_energy(w, out);
    if (st != SL_OK) return st;
    int n = sl_world_node_count(w);
    const double *m = sl_world_masses(w);
    double total = 0;
    for (int i = 0; i < n; i++) total += m[i];
    for (int i = 0; i < n; i++) out[i] = m[i] > 0 ? out[i] / (volume * m[i] / total) : 0;
    return SL_OK;
}

sl_status sl_world_node_field(const sl_world *w, int field, double *out) {
    if (!w || !out) return SL_ERR_NULL;
    switch (field) {
    case SL_FIELD_ENERGY_DENSITY: return sl_world_node_energy_density(w, out);
    case SL_FIELD_VOLUME_CHANGE: return sl_world_node_volume_change(w, out);
    case SL_FIELD_PRESSURE: return sl_incompressible_node_pressure(w, out);
    default: return SL_ERR_INDEX;
    }
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* q-quantile of sorted v[0..n-1], linear between order statistics */
static double quantile(const double *v, int n, double q) {
    double at = q * (n - 1);
    int k = (int)floor(at);
    return k + 1 < n ? v[k] + (at - k) * (v[k + 1] - v[k]) : v[n - 1];
}

sl_status sl_field_range(int field, const double *values, int n, double *lo, double *hi) {
    if (!lo || !hi || (!values && n > 0)) return SL_ERR_NULL;
    *lo = *hi = NAN;
    if (field <= SL_FIELD_NONE || field >= SL_FIELD_COUNT) return SL_ERR_INDEX;
    double *v = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
    if (!v) return SL_ERR_NOMEM;
    int count = 0;
    for (int i = 0; i < n; i++)
        if (isfinite(values[i])) v[count++] = values[i];
    if (!count) {
        free(v);
        return SL_ERR_RANGE;
    }
    qsort(v, (size_t)count, sizeof *v, compare_doubles);
    double q2 = quantile(v, count, 0.02), q98 = quantile(v, count, 0.98);
    free(v);
    const double min_span = 2e-12;
    if (field == SL_FIELD_VOLUME_CHANGE) {
        double m = fmax(fmax(fabs(q2), fabs(q98)), 0.5 * min_span);
        *lo = -m, *hi = m;
    } else {
        *lo = fmin(0, q2);
        *hi = fmax(q98, *lo + min_span);
    }
    return SL_OK;
}
