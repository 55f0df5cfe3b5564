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

/* Eigen-decomposition of a symmetric S = V diag(lambda) V^T by cyclic Jacobi rotations
 * (to off-diagonal mass below 1e-30 of the total, at most 30 sweeps). lambda: double[3]
 * in descending order; V: row-major, column k the unit eigenvector of lambda[k]. */
static inline void sl_mat3_sym_eigen(const double S[9], double lambda[3], double V[9]) {
    double a[9];
    memcpy(a, S, sizeof a);
    for (int i = 0; i < 9; i++) V[i] = (i % 4 == 0);
    for (int sweep = 0; sweep < 30; sweep++) {
        double off = a[1] * a[1] + a[2] * a[2] + a[5] * a[5];
        double all = off + a[0] * a[0] + a[4] * a[4] + a[8] * a[8];
        if (off <= 1e-30 * all || all == 0) break;
        for (int p = 0; p < 2; p++)
            for (int q = p + 1; q < 3; q++) {
                double apq = a[3 * p + q];
                if (apq == 0) continue;
                double theta = (a[3 * q + q] - a[3 * p + p]) / (2 * apq);
                double t = (theta >= 0 ? 1 : -1) / (fabs(theta) + sqrt(theta * theta + 1));
                double c = 1 / sqrt(t * t + 1), s = t * c;
                for (int k = 0; k < 3; k++) { /* a <- a G (columns p, q) */
                    double akp = a[3 * k + p], akq = a[3 * k + q];
                    a[3 * k + p] = c * akp - s * akq, a[3 * k + q] = s * akp + c * akq;
                }
                for (int k = 0; k < 3; k++) { /* a <- G^T a (rows p, q) */
                    double apk = a[3 * p + k], aqk = a[3 * q + k];
                    a[3 * p + k] = c * apk - s * aqk, a[3 * q + k] = s * apk + c * aqk;
                }
                for (int k = 0; k < 3; k++) { /* V <- V G */
                    double vkp = V[3 * k + p], vkq = V[3 * k + q];
                    V[3 * k + p] = c * vkp - s * vkq, V[3 * k + q] = s * vkp + c * vkq;
                }
            }
    }
    for (int k = 0; k < 3; k++) lambda[k] = a[4 * k];
    for (int i = 0; i < 2; i++) /* sort descending, columns along */
        for (int j = 0; j < 2 - i; j++)
            if (lambda[j] < lambda[j + 1]) {
                double t = lambda[j];
                lambda[j] = lambda[j + 1], lambda[j + 1] = t;
                for (int k = 0; k < 3; k++)
                    t = V[3 * k + j], V[3 * k + j] = V[3 * k + j + 1], V[3 * k + j + 1] = t;
            }
}

/* R, the proper rotation (det R = +1) nearest to A: R = U V^T from the SVD A = U Sigma V^T
 * with the sign of the smallest singular direction flipped when det A < 0 (seed 002
 * eq. 14-15; Mueller et al. 2002). Well-conditioned A with det A > 0 goes through
 * sl_mat3_polar_rotation; otherwise V from the eigenvectors of A^T A, u_k = A v_k / sigma_k
 * for the two largest and u_3 = u_1 x u_2, so rank-2 A (a node whose neighbours lie in a
 * plane) still has a rotation. R = I if A has rank below 2. */
static inline void sl_mat3_rotation(const double A[9], double R[9]) {
    double n2 = 0;
    for (int i = 0; i < 9; i++) n2 += A[i] * A[i];
    double det = sl_mat3_det(A);
    if (n2 > 0 && det > 1e-6 * n2 * sqrt(n2)) {
        sl_mat3_polar_rotation(A, R);
        return;
    }
    double AtA[9], lambda[3], V[9], U[9];
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            AtA[3 * r + c] = A[r] * A[c] + A[3 + r] * A[3 + c] + A[6 + r] * A[6 + c];
    sl_mat3_sym_eigen(AtA, lambda, V);
    for (int i = 0; i < 9; i++) R[i] = (i % 4 == 0);
    if (!(lambda[1] > 1e-24 * n2)) return;
    double u[2][3];
    for (int k = 0; k < 2; k++) {
        for (int r = 0; r < 3; r++)
            u[k][r] = A[3 * r] * V[k] + A[3 * r + 1] * V[3 + k] + A[3 * r + 2] * V[6 + k];
        if (k == 1) { /* Gram-Schmidt against u_1 */
            double d = sl_vec3_dot(u[0], u[1]);
            for (int r = 0; r < 3; r++) u[1][r] -= d * u[0][r];
        }
        double len = sqrt(sl_vec3_dot(u[k], u[k]));
        for (int r = 0; r < 3; r++) u[k][r] /= len;
    }
    double u3[3], v1[3] = {V[0], V[3], V[6]}, v2[3] = {V[1], V[4], V[7]}, v3[3];
    sl_vec3_cross(u[0], u[1], u3);
    sl_vec3_cross(v1, v2, v3); /* V made proper, so det(U V^T) = +1 */
    for (int r = 0; r < 3; r++) U[3 * r] = u[0][r], U[3 * r + 1] = u[1][r], U[3 * r + 2] = u3[r];
    double Vp[9] = {v1[0], v2[0], v3[0], v1[1], v2[1], v3[1], v1[2], v2[2], v3[2]};
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            R[3 * r + c] = U[3 * r] * Vp[3 * c] + U[3 * r + 1] * Vp[3 * c + 1] + U[3 * r + 2] * Vp[3 * c + 2];
}

#endif
