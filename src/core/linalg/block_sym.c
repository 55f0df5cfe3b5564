/* 3x3 node blocks of a symmetric matrix and their IC0 factor (block_sym.h). */
#include "linalg/block_sym.h"

#include <cs.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void sl_block_sym_free(sl_block_sym *B) {
    free(B->bp), free(B->bi), free(B->map), free(B->bx), free(B->L), free(B->row), free(B->mark);
    memset(B, 0, sizeof *B);
}

/* Block column J's rows come from scalar column 3J + 2, which holds every row of every
 * block of the column (its own diagonal block included); then each scalar column is
 * checked to hold exactly its blocks' rows. */
sl_status sl_block_sym_prepare(sl_block_sym *B, const cs *A, int pattern_version) {
    if (B->bp && B->pattern == A && B->pattern_version == pattern_version) return SL_OK;
    sl_block_sym_free(B);
    if (!A || A->n != A->m || A->n % 3 || A->n == 0) return SL_ERR_RANGE;
    int nb = (int)(A->n / 3);
    const csi *Ap = A->p, *Ai = A->i;
    B->bp = malloc(sizeof(int) * (size_t)(nb + 1));
    if (!B->bp) return SL_ERR_NOMEM;
    int nnzb = 0;
    for (int J = 0; J < nb; J++) {
        B->bp[J] = nnzb;
        for (csi p = Ap[3 * J + 2], last = -1; p < Ap[3 * J + 3]; p++)
            if (Ai[p] / 3 != last) last = Ai[p] / 3, nnzb++;
    }
    B->bp[nb] = nnzb;
    B->nb = nb, B->nnzb = nnzb;
    B->bi = malloc(sizeof(int) * (size_t)(nnzb > 0 ? nnzb : 1));
    B->map = malloc(sizeof(int) * (size_t)(Ap[A->n] > 0 ? Ap[A->n] : 1));
    B->bx = malloc(sizeof(double) * 9 * (size_t)(nnzb > 0 ? nnzb : 1));
    B->L = malloc(sizeof(double) * 9 * (size_t)(nnzb > 0 ? nnzb : 1));
    B->row = calloc(9 * (size_t)nb, sizeof(double));
    B->mark = calloc((size_t)nb, sizeof(int));
    if (!B->bi || !B->map || !B->bx || !B->L || !B->row || !B->mark) return sl_block_sym_free(B), SL_ERR_NOMEM;
    for (int J = 0, b = 0; J < nb; J++)
        for (csi p = Ap[3 * J + 2], last = -1; p < Ap[3 * J + 3]; p++)
            if (Ai[p] / 3 != last) last = Ai[p] / 3, B->bi[b++] = (int)last;
    for (int j = 0; j < 3 * nb; j++) { /* column j: rows 3I..3I+2 of each block, 3J..j last */
        int J = j / 3, c = j % 3;
        csi p = Ap[j];
        for (int b = B->bp[J]; b < B->bp[J + 1]; b++) {
            int I = B->bi[b], rows = I < J ? 3 : c + 1;
            if (b == B->bp[J + 1] - 1 && I != J) return sl_block_sym_free(B), SL_ERR_RANGE;
            for (int r = 0; r < rows; r++, p++) {
                if (p >= Ap[j + 1] || Ai[p] != 3 * I + r) return sl_block_sym_free(B), SL_ERR_RANGE;
                B->map[p] = 9 * b + 3 * r + c;
            }
        }
        if (p != Ap[j + 1]) return sl_block_sym_free(B), SL_ERR_RANGE;
    }
    B->pattern = A, B->pattern_version = pattern_version;
    return SL_OK;
}

void sl_block_sym_values(sl_block_sym *B, const cs *A) {
    const double *Ax = A->x;
    for (csi p = 0; p < A->p[A->n]; p++) B->bx[B->map[p]] = Ax[p];
    for (int J = 0; J < B->nb; J++) { /* diagonal blocks: the lower half by symmetry */
        double *D = B->bx + 9 * (B->bp[J + 1] - 1);
        D[3] = D[1], D[6] = D[2], D[7] = D[5];
    }
}

void sl_block_sym_gaxpy(const sl_block_sym *B, const double *x, double *y) {
    for (int J = 0; J < B->nb; J++) {
        const double *xj = x + 3 * J;
        double x0 = xj[0], x1 = xj[1], x2 = xj[2], a0 = 0, a1 = 0, a2 = 0;
        int end = B->bp[J + 1] - 1;
        for (int b = B->bp[J]; b < end; b++) { /* A_IJ x_J into y_I, A_IJ^T x_I into y_J */
            const double *M = B->bx + 9 * b, *xi = x + 3 * B->bi[b];
            double *yi = y + 3 * B->bi[b];
            yi[0] += M[0] * x0 + M[1] * x1 + M[2] * x2;
            yi[1] += M[3] * x0 + M[4] * x1 + M[5] * x2;
            yi[2] += M[6] * x0 + M[7] * x1 + M[8] * x2;
            a0 += M[0] * xi[0] + M[3] * xi[1] + M[6] * xi[2];
            a1 += M[1] * xi[0] + M[4] * xi[1] + M[7] * xi[2];
            a2 += M[2] * xi[0] + M[5] * xi[1] + M[8] * xi[2];
        }
        const double *D = B->bx + 9 * end;
        y[3 * J] += a0 + D[0] * x0 + D[1] * x1 + D[2] * x2;
        y[3 * J + 1] += a1 + D[3] * x0 + D[4] * x1 + D[5] * x2;
        y[3 * J + 2] += a2 + D[6] * x0 + D[7] * x1 + D[8] * x2;
    }
}

/* The lower Cholesky factor of the symmetric 3x3 D into l (row-major), its diagonal
 * stored as reciprocals for the solves. 0 if a pivot is not above tiny times D's own
 * diagonal entry (the scalar IC0's breakdown rule), or not finite. */
static int chol3(const double *D, const double *Dref, double *l) {
    double d0 = D[0];
    if (!(d0 > 1e-12 * Dref[0]) || !isfinite(d0)) return 0;
    double l00 = sqrt(d0), l10 = D[3] / l00, l20 = D[6] / l00, d1 = D[4] - l10 * l10;
    if (!(d1 > 1e-12 * Dref[4]) || !isfinite(d1)) return 0;
    double l11 = sqrt(d1), l21 = (D[7] - l20 * l10) / l11, d2 = D[8] - l20 * l20 - l21 * l21;
    if (!(d2 > 1e-12 * Dref[8]) || !isfinite(d2)) return 0;
    l[0] = 1 / l00, l[1] = 0, l[2] = 0;
    l[3] = l10, l[4] = 1 / l11, l[5] = 0;
    l[6] = l20, l[7] = l21, l[8] = 1 / sqrt(d2);
    return 1;
}

/* Up-looking, one block row at a time, as the scalar IC0: row I of L has the blocks of
 * column I of A's upper triangle; B->row holds it densely, B->mark says which K it has. */
sl_status sl_block_ic0_factor(sl_block_sym *B) {
    for (int I = 0; I < B->nb; I++) {
        int start = B->bp[I], end = B->bp[I + 1] - 1;
        for (int b = start; b < end; b++) { /* row[K] = A_IK = A_KI^T */
            int K = B->bi[b];
            const double *M = B->bx + 9 * b;
            double *R = B->row + 9 * K;
            R[0] = M[0], R[1] = M[3], R[2] = M[6], R[3] = M[1], R[4] = M[4], R[5] = M[7],
            R[6] = M[2], R[7] = M[5], R[8] = M[8];
            B->mark[K] = I + 1;
        }
        const double *A_II = B->bx + 9 * end;
        double D[9];
        memcpy(D, A_II, sizeof D);
        for (int b = start; b < end; b++) {
            int K = B->bi[b];
            double *S = B->row + 9 * K;
            for (int q = B->bp[K]; q < B->bp[K + 1] - 1; q++) { /* S -= L_IQ L_KQ^T, Q < K */
                int Q = B->bi[q];
                if (B->mark[Q] != I + 1) continue;
                const double *R = B->row + 9 * Q, *P = B->L + 9 * q;
                for (int r = 0; r < 3; r++)
                    for (int c = 0; c < 3; c++)
                        S[3 * r + c] -= R[3 * r] * P[3 * c] + R[3 * r + 1] * P[3 * c + 1] + R[3 * r + 2] * P[3 * c + 2];
            }
            const double *l = B->L + 9 * (B->bp[K + 1] - 1); /* L_IK = S L_KK^-T */
            double *X = B->L + 9 * b;
            for (int r = 0; r < 3; r++) {
                const double *s = S + 3 * r;
                double x0 = s[0] * l[0], x1 = (s[1] - l[3] * x0) * l[4], x2 = (s[2] - l[6] * x0 - l[7] * x1) * l[8];
                S[3 * r] = X[3 * r] = x0, S[3 * r + 1] = X[3 * r + 1] = x1, S[3 * r + 2] = X[3 * r + 2] = x2;
            }
            for (int r = 0; r < 3; r++) /* D -= L_IK L_IK^T */
                for (int c = 0; c < 3; c++)
                    D[3 * r + c] -= X[3 * r] * X[3 * c] + X[3 * r + 1] * X[3 * c + 1] + X[3 * r + 2] * X[3 * c + 2];
        }
        double *l = B->L + 9 * end;
        if (!chol3(D, A_II, l) && !chol3(A_II, A_II, l)) return SL_ERR_FACTOR;
    }
    return SL_OK;
}

void sl_block_ic0_solve(const sl_block_sym *B, double *z) {
    for (int I = 0; I < B->nb; I++) { /* L y = z */
        int end = B->bp[I + 1] - 1;
        double s0 = z[3 * I], s1 = z[3 * I + 1], s2 = z[3 * I + 2];
        for (int b = B->bp[I]; b < end; b++) {
            const double *X = B->L + 9 * b, *zk = z + 3 * B->bi[b];
            s0 -= X[0] * zk[0] + X[1] * zk[1] + X[2] * zk[2];
            s1 -= X[3] * zk[0] + X[4] * zk[1] + X[5] * zk[2];
            s2 -= X[6] * zk[0] + X[7] * zk[1] + X[8] * zk[2];
        }
        const double *l = B->L + 9 * end;
        double y0 = s0 * l[0], y1 = (s1 - l[3] * y0) * l[4];
        z[3 * I] = y0, z[3 * I + 1] = y1, z[3 * I + 2] = (s2 - l[6] * y0 - l[7] * y1) * l[8];
    }
    for (int I = B->nb - 1; I >= 0; I--) { /* L^T x = y */
        int end = B->bp[I + 1] - 1;
        const double *l = B->L + 9 * end;
        double x2 = z[3 * I + 2] * l[8], x1 = (z[3 * I + 1] - l[7] * x2) * l[4];
        double x0 = (z[3 * I] - l[3] * x1 - l[6] * x2) * l[0];
        z[3 * I] = x0, z[3 * I + 1] = x1, z[3 * I + 2] = x2;
        for (int b = B->bp[I]; b < end; b++) {
            const double *X = B->L + 9 * b;
            double *zk = z + 3 * B->bi[b];
            zk[0] -= X[0] * x0 + X[3] * x1 + X[6] * x2;
            zk[1] -= X[1] * x0 + X[4] * x1 + X[7] * x2;
            zk[2] -= X[2] * x0 + X[5] * x1 + X[8] * x2;
        }
    }
}
