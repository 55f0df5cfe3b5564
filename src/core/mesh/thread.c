/* The suture thread of seed 003 §4: a tube of tetrahedra along a curve (softlab/mesh.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/mesh.h"
#include "softlab/tet_fem.h"

#define PI 3.14159265358979323846

static double dot(const double *a, const double *b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }

/* u /= |u|; returns the old length. */
static double normalize(double *u) {
    double len = sqrt(dot(u, u));
    if (len > 0) u[0] /= len, u[1] /= len, u[2] /= len;
    return len;
}

/* The unit tangent at station s: the chord to the next (first station), from the previous
 * (last) or across both (others). Returns the chord's length, 0 if the stations coincide. */
static double tangent(const double *curve, int count, int s, double t[3]) {
    int lo = s > 0 ? s - 1 : 0, hi = s < count - 1 ? s + 1 : count - 1;
    for (int c = 0; c < 3; c++) t[c] = curve[3 * hi + c] - curve[3 * lo + c];
    return normalize(t);
}

/* The three tets of the prism between station triangles a (a0 a1 a2) and b (b0 b1 b2),
 * each counter-clockwise about the curve's forward tangent: (a0 a1 a2 b0), (a1 a2 b0 b1),
 * (a2 b0 b1 b2). In a right prism each has a third of its volume (area x height / 3). */
static const int PRISM_SPLIT[3][4] = {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}};

sl_status sl_tet_mesh_thread(const double *curve, int station_count, double radius, sl_tet_mesh *out) {
    if (!out) return SL_ERR_NULL;
    memset(out, 0, sizeof *out);
    if (!curve) return SL_ERR_NULL;
    if (station_count < 2 || station_count > SL_THREAD_MAX_STATIONS || !(radius > 0) || !isfinite(radius))
        return SL_ERR_RANGE;
    for (int i = 0; i < 3 * station_count; i++)
        if (!isfinite(curve[i])) return SL_ERR_RANGE;
    out->node_count = 3 * station_count;
    out->tet_count = 3 * (station_count - 1);
    out->positions = malloc(sizeof(double) * 3 * (size_t)out->node_count);
    out->tets = malloc(sizeof(int) * 4 * (size_t)out->tet_count);
    if (!out->positions || !out->tets) {
        sl_tet_mesh_free(out);
        return SL_ERR_NOMEM;
    }
    /* frames by parallel transport: n_s is n_{s-1} with its part along t_s removed */
    double n[3] = {0, 0, 0}, t[3];
    for (int s = 0; s < station_count; s++) {
        if (!(tangent(curve, station_count, s, t) > 0)) {
            sl_tet_mesh_free(out);
            return SL_ERR_DEGENERATE;
        }
        if (s == 0) { /* any unit vector normal to t_0: the axis least along it, made normal */
            int k = fabs(t[0]) <= fabs(t[1]) && fabs(t[0]) <= fabs(t[2]) ? 0 : fabs(t[1]) <= fabs(t[2]) ? 1 : 2;
            n[k] = 1;
        }
        double along = dot(n, t);
        for (int c = 0; c < 3; c++) n[c] -= along * t[c];
        if (!(normalize(n) > 1e-6)) { /* the curve turned by 90 degrees within a station */
            sl_tet_mesh_free(out);
            return SL_ERR_DEGENERATE;
        }
        double b[3] = {t[1] * n[2] - t[2] * n[1], t[2] * n[0] - t[0] * n[2], t[0] * n[1] - t[1] * n[0]};
        for (int k = 0; k < 3; k++) { /* node 3s + k at angle 2 pi k/3 from n, toward b = t x n */
            double c = cos(2 * PI * k / 3), si = sin(2 * PI * k / 3);
            for (int d = 0; d < 3; d++)
                out->positions[3 * (3 * s + k) + d] = curve[3 * s + d] + radius * (c * n[d] + si * b[d]);
        }
    }
    for (int s = 0; s + 1 < station_count; s++)
        for (int e = 0; e < 3; e++) {
            int *tet = out->tets + 4 * (3 * s + e);
            for (int k = 0; k < 4; k++) tet[k] = 3 * s + PRISM_SPLIT[e][k];
            if (!(sl_tet_volume(out->positions, tet[0], tet[1], tet[2], tet[3]) > 0)) {
                sl_tet_mesh_free(out); /* bent too sharply for the radius */
                return SL_ERR_DEGENERATE;
            }
        }
    return SL_OK;
}
