/* Small 3-vectors and 3x3 matrices (row-major double[9]) for the kernels of the core.
 * Header-only; one implementation of each, so models, measures and meshes agree. */
#ifndef SL_MAT3_H
#define SL_MAT3_H

#include <math.h>
#include <string.h>

static inline double sl_vec3_dot(const double a[3], const double b[3]) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

/* out = a x b (out may not alias a or b) */
static inline void sl_vec3_cross(const double a[3], const double b[3], double out[3]) {
    out[0] = a[1] * b[2] - a[2] * b[1];
    out[1] = a[2] * b[0] - a[0] * b[2];
    out[2] = a[0] * b[1] - a[1] * b[0];
}

/* det A */
static inline double sl_mat3_det(const double A[9]) {
    return A[0] * (A[4] * A[8] - A[5] * A[7]) - A[1] * (A[3] * A[8] - A[5] * A[6]) +
           A[2] * (A[3] * A[7] - A[4] * A[6]);
}

/* inv = A^-1 by the adjugate; returns det A and leaves inv untouched when it is 0 or not
 * finite (the caller decides what a singular A means). inv may not alias A. */
static inline double sl_mat3_inverse(const double A[9], double inv[9]) {
    double det = sl_mat3_det(A);
    if (det == 0 || !isfinite(det)) return det;
    inv[0] = (A[4] * A[8] - A[5] * A[7]) / det, inv[1] = (A[2] * A[7] - A[1] * A[8]) / det;
    inv[2] = (A[1] * A[5] - A[2] * A[4]) / det, inv[3] = (A[5] * A[6] - A[3] * A[8]) / det;
    inv[4] = (A[0] * A[8] - A[2] * A[6]) / det, inv[5] = (A[2] * A[3] - A[0] * A[5]) / det;
    inv[6] = (A[3] * A[7] - A[4] * A[6]) / det, inv[7] = (A[1] * A[6] - A[0] * A[7]) / det;
    inv[8] = (A[0] * A[4] - A[1] * A[3]) / det;
    return det;
}

/* R, the rotation of the polar decomposition A = R S, by Higham's iteration
 * R <- (R + R^-T)/2 (to a change below 1e-14, at most 60 sweeps); R = A if A is singular. */
static inline void sl_mat3_polar_rotation(const double A[9], double R[9]) {
    memcpy(R, A, 9 * sizeof(double));
    for (int it = 0; it < 60; it++) {
        double inv[9];
        double det = sl_mat3_inverse(R, inv);
        if (fabs(det) < 1e-300 || !isfinite(det)) return;
        double change = 0;
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 3; c++) { /* R^-T[r][c] = inv[c][r] */
                double v = 0.5 * (R[3 * r + c] + inv[3 * c + r]);
                change = fmax(change, fabs(v - R[3 * r + c]));
                R[3 * r + c] = v;
            }
        if (change < 1e-14) return;
    }
}

#endif
