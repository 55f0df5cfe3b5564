/* The node-block Cholesky factor (node_chol.h): CSparse's factor of the AMD-ordered matrix,
 * read into 3x3 blocks, and the block triangular solves. */
#include "linalg/node_chol.h"

#include <cs.h>
#include <stdlib.h>
#include <string.h>

void sl_node_chol_free(sl_node_chol *f) {
    free(f->perm), free(f->lp), free(f->li), free(f->lx), free(f->dinv), free(f->work);
    memset(f, 0, sizeof *f);
}

/* f's blocks read from L, CSparse's Cholesky factor of P A P^T (P: the node order, nb
 * nodes), where column 3k holds rows 3k, 3k+1, 3k+2, then full row triples. Errors:
 * SL_ERR_NOMEM; SL_ERR_FACTOR (L not in full node blocks). */
static sl_status read_blocks(sl_node_chol *f, const cs *L, const csi *P, int nb) {
    int n = 3 * nb;
    sl_status st = SL_OK;
    int below = (int)(L->p[n] - 6 * nb) / 9; /* blocks below the diagonal */
    f->nb = nb;
    f->perm = malloc(sizeof(int) * (size_t)(nb > 0 ? nb : 1));
    f->lp = malloc(sizeof(int) * (size_t)(nb + 1));
    f->li = malloc(sizeof(int) * (size_t)(below > 0 ? below : 1));
    f->lx = malloc(sizeof(double) * 9 * (size_t)(below > 0 ? below : 1));
    f->dinv = malloc(sizeof(double) * 9 * (size_t)(nb > 0 ? nb : 1));
    f->work = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
    if (!f->perm || !f->lp || !f->li || !f->lx || !f->dinv || !f->work) st = SL_ERR_NOMEM;
    int e = 0;
    for (int k = 0; st == SL_OK && k < nb; k++) {
        f->perm[k] = (int)P[k];
        f->lp[k] = e;
        csi off[3], len = L->p[3 * k + 1] - L->p[3 * k] - 3;
        for (int b = 0; b < 3; b++) {
            off[b] = L->p[3 * k + b] + 3 - b; /* the first row below the diagonal block */
            if (L->p[3 * k + b + 1] - off[b] != len || L->i[off[b] - 1] != 3 * k + 2) st = SL_ERR_FACTOR;
        }
        if (st != SL_OK || len % 3 || e + len / 3 > below) {
            st = SL_ERR_FACTOR;
            break;
        }
        double D[9] = {0}, *Di = f->dinv + 9 * k;
        for (int b = 0; b < 3; b++)
            for (int a = b; a < 3; a++) D[3 * a + b] = L->x[L->p[3 * k + b] + a - b];
        for (int q = 0; q < 3; q++) /* Di = D^-1 by forward substitution, column q */
            for (int a = 0; a < 3; a++) {
                double v = a == q;
                for (int b = 0; b < a; b++) v -= D[3 * a + b] * Di[3 * b + q];
                Di[3 * a + q] = v / D[4 * a];
            }
        for (csi t = 0; t < len; t += 3, e++) {
            csi row = L->i[off[0] + t];
            if (row % 3) st = SL_ERR_FACTOR;
            f->li[e] = (int)(row / 3);
            for (int b = 0; b < 3; b++)
                for (int a = 0; a < 3; a++) {
                    if (L->i[off[b] + t + a] != row + a) st = SL_ERR_FACTOR;
                    f->lx[9 * e + 3 * a + b] = L->x[off[b] + t + a];
                }
        }
    }
    if (st == SL_OK) f->lp[nb] = e;
    return st;
}

sl_status sl_node_chol_factor(sl_node_chol *f, int nb, const int *p, const int *col, const double *blocks) {
    sl_node_chol_free(f);
    if (nb <= 0) return SL_ERR_FACTOR; /* nothing to factor: the callers' scalar way */
    int nnzb = p[nb], n = 3 * nb;
    cs *G = cs_spalloc(nb, nb, nnzb > 0 ? nnzb : 1, 0, 0), *T = NULL, *C = NULL;
    csi *P = NULL, *pinv = NULL;
    css *S = NULL;
    csn *N = NULL;
    sl_status st = G ? SL_OK : SL_ERR_NOMEM;
    if (st == SL_OK) { /* the node graph, its AMD order */
        for (int r = 0; r <= nb; r++) G->p[r] = p[r];
        for (int t = 0; t < nnzb; t++) G->i[t] = col[t] / 3;
        P = cs_amd(1, G);
        pinv = P ? cs_pinv(P, nb) : NULL;
        T = pinv ? cs_spalloc(n, n, 9 * (size_t)nnzb, 1, 1) : NULL;
        if (!T) st = SL_ERR_NOMEM;
    }
    if (st == SL_OK) { /* upper triangle of P A P^T */
        for (int r = 0; r < nb; r++)
            for (int t = p[r]; t < p[r + 1]; t++)
                for (int a = 0; a < 3; a++)
                    for (int b = 0; b < 3; b++) {
                        csi i = 3 * pinv[r] + a, j = 3 * pinv[col[t] / 3] + b;
                        if (i <= j && !cs_entry(T, i, j, blocks[9 * t + 3 * a + b])) st = SL_ERR_NOMEM;
                    }
        C = st == SL_OK ? cs_compress(T) : NULL;
        S = C ? cs_schol(0, C) : NULL;
        if (!S) st = SL_ERR_NOMEM;
    }
    if (st == SL_OK) {
        N = cs_chol(C, S);
        if (!N) st = SL_ERR_FACTOR;
    }
    if (st == SL_OK) st = read_blocks(f, N->L, P, nb);
    cs_spfree(G), cs_spfree(T), cs_spfree(C), cs_free(P), cs_free(pinv), cs_sfree(S), cs_nfree(N);
    if (st != SL_OK) sl_node_chol_free(f);
    return st;
}

void sl_node_chol_solve(const sl_node_chol *f, double *y) {
    for (int k = 0; k < f->nb; k++) { /* L y = b */
        const double *D = f->dinv + 9 * k;
        double *yk = y + 3 * k, a = yk[0], b = yk[1], c = yk[2];
        yk[0] = D[0] * a, yk[1] = D[3] * a + D[4] * b, yk[2] = D[6] * a + D[7] * b + D[8] * c;
        a = yk[0], b = yk[1], c = yk[2];
        for (int e = f->lp[k]; e < f->lp[k + 1]; e++) {
            const double *B = f->lx + 9 * e;
            double *yi = y + 3 * f->li[e];
            yi[0] -= B[0] * a + B[1] * b + B[2] * c;
            yi[1] -= B[3] * a + B[4] * b + B[5] * c;
            yi[2] -= B[6] * a + B[7] * b + B[8] * c;
        }
    }
    for (int k = f->nb - 1; k >= 0; k--) { /* L^T x = y */
        double *yk = y + 3 * k, a = yk[0], b = yk[1], c = yk[2];
        for (int e = f->lp[k]; e < f->lp[k + 1]; e++) {
            const double *B = f->lx + 9 * e, *yi = y + 3 * f->li[e];
            a -= B[0] * yi[0] + B[3] * yi[1] + B[6] * yi[2];
            b -= B[1] * yi[0] + B[4] * yi[1] + B[7] * yi[2];
            c -= B[2] * yi[0] + B[5] * yi[1] + B[8] * yi[2];
        }
        const double *D = f->dinv + 9 * k;
        yk[0] = D[0] * a + D[3] * b + D[6] * c, yk[1] = D[4] * b + D[7] * c, yk[2] = D[8] * c;
    }
}
