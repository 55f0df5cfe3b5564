/* Dense symmetric kernels and the bitwise comparison (linalg/dense.h). */
#include "linalg/dense.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

int sl_sym_psd_project(double *A, int n) {
    if (n < 1 || n > SL_DENSE_MAX) return 0;
    double a[SL_DENSE_MAX * SL_DENSE_MAX], V[SL_DENSE_MAX * SL_DENSE_MAX], total = 0;
    memcpy(a, A, sizeof(double) * (size_t)(n * n));
    for (int i = 0; i < n * n; i++) V[i] = (i % (n + 1)) == 0, total += a[i] * a[i];
    if (total == 0) return 0;
    for (int sweep = 0; sweep < 50; sweep++) {
        double off = 0;
        for (int p = 0; p < n; p++)
            for (int q = p + 1; q < n; q++) off += 2 * a[p * n + q] * a[p * n + q];
        if (off <= 1e-28 * total) break;
        for (int p = 0; p < n; p++)
            for (int q = p + 1; q < n; q++) {
                double apq = a[p * n + q];
                if (apq == 0) continue;
                /* the rotation (c, s) that zeroes a_pq (Golub & Van Loan, Alg. 8.4.1) */
                double tau = (a[q * n + q] - a[p * n + p]) / (2 * apq);
                double t = (tau >= 0 ? 1 : -1) / (fabs(tau) + sqrt(1 + tau * tau));
                double c = 1 / sqrt(1 + t * t), s = t * c;
                for (int k = 0; k < n; k++) { /* a <- a J (columns p, q) */
                    double akp = a[k * n + p], akq = a[k * n + q];
                    a[k * n + p] = c * akp - s * akq, a[k * n + q] = s * akp + c * akq;
                }
                for (int k = 0; k < n; k++) { /* a <- J^T a (rows p, q) */
                    double apk = a[p * n + k], aqk = a[q * n + k];
                    a[p * n + k] = c * apk - s * aqk, a[q * n + k] = s * apk + c * aqk;
                }
                for (int k = 0; k < n; k++) { /* V <- V J */
                    double vkp = V[k * n + p], vkq = V[k * n + q];
                    V[k * n + p] = c * vkp - s * vkq, V[k * n + q] = s * vkp + c * vkq;
                }
            }
    }
    int clamped = 0;
    for (int k = 0; k < n; k++) clamped += !(a[k * n + k] > 0);
    if (!clamped) return 0;
    for (int i = 0; i < n; i++) /* A = sum_k max(l_k, 0) v_k v_k^T */
        for (int j = 0; j < n; j++) {
            double sum = 0;
            for (int k = 0; k < n; k++)
                if (a[k * n + k] > 0) sum += V[i * n + k] * a[k * n + k] * V[j * n + k];
            A[i * n + j] = sum;
        }
    return clamped;
}

int sl_same_bits(const double *a, const double *b, size_t n) {
    for (size_t i = 0; i < n; i++) {
        uint64_t u, v;
        memcpy(&u, a + i, sizeof u), memcpy(&v, b + i, sizeof v);
        if (u != v) return 0;
    }
    return 1;
}
