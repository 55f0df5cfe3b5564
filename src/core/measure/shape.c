/* Shape error: how far a body is from its rest shape moved rigidly (seed 004 Fig. 7). */
#include <math.h>

#include "linalg/mat3.h"
#include "softlab/world.h"

double sl_world_shape_error(const sl_world *w) {
    if (!w) return NAN;
    int n = sl_world_node_count(w);
    const double *x = sl_world_positions(w), *x0 = sl_world_rest_positions(w), *m = sl_world_masses(w);
    double c[3] = {0, 0, 0}, c0[3] = {0, 0, 0}, M = 0, A[9] = {0}, R[9], worst = 0;
    for (int i = 0; i < n; i++, M += m[i - 1])
        for (int a = 0; a < 3; a++) c[a] += m[i] * x[3 * i + a], c0[a] += m[i] * x0[3 * i + a];
    for (int a = 0; a < 3; a++) c[a] /= M, c0[a] /= M;
    for (int i = 0; i < n; i++) /* A = sum m (x - c)(x0 - c0)^T */
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++) A[3 * a + b] += m[i] * (x[3 * i + a] - c[a]) * (x0[3 * i + b] - c0[b]);
    sl_mat3_polar_rotation(A, R);
    for (int i = 0; i < n; i++) {
        double d2 = 0;
        for (int a = 0; a < 3; a++) {
            double y = c[a];
            for (int b = 0; b < 3; b++) y += R[3 * a + b] * (x0[3 * i + b] - c0[b]);
            d2 += (x[3 * i + a] - y) * (x[3 * i + a] - y);
        }
        worst = fmax(worst, sqrt(d2));
    }
    return worst;
}
