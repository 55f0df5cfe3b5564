#include "linalg/linsolve.h"

#include <cs.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void auto_restart(sl_cholesky *c);

/* The symbolic analysis (AMD ordering, elimination tree, counts) of A's pattern and
 * the work vectors sized for it. */
static sl_status symbolic(sl_cholesky *c, const cs *A, int pattern_version) {
    cs_sfree(c->S);
    cs_nfree(c->N);
    c->N = NULL;
    free(c->work);
    free(c->r), free(c->z), free(c->p), free(c->q); /* sized for the old pattern */
    c->r = c->z = c->p = c->q = NULL;
    free(c->block_inv);
    c->block_inv = NULL;
    sl_block_sym_free(&c->blocks);
    auto_restart(c); /* a new pattern: DEFAULT measures afresh */
    c->S = cs_schol(1, A); /* AMD on A + A^T */
    c->work = malloc(sizeof(double) * (size_t)(A->n > 0 ? A->n : 1));
    c->n = (int)A->n;
    c->pattern_version = pattern_version;
    return c->S && c->work ? SL_OK : SL_ERR_NOMEM;
}

/* 1 if `bytes` can be allocated now (CSparse's factorizations return NULL both for a
 * matrix they cannot factorize and when they run out of memory: asking first tells the
 * two apart). The pointer is volatile: clang and emcc otherwise drop a malloc whose
 * result is only tested and freed, and fold the test to "available". */
static int memory_available(size_t bytes) {
    void *volatile probe = malloc(bytes);
    int ok = probe != NULL;
    free(probe);
    return ok;
}

sl_status sl_cholesky_factor(sl_cholesky *c, const cs *A, int pattern_version) {
    if (!c->S || c->pattern_version != pattern_version || c->n != A->n) {
        sl_status st = symbolic(c, A, pattern_version);
        if (st != SL_OK) return st;
    }
    cs_nfree(c->N);
    c->N = NULL;
    c->super.count = 0; /* remade at the next sl_cholesky_apply */
    /* cs_chol returns NULL both when A is not positive definite and when it runs out of
     * memory; so first ask for the memory it will take (the factor L with cp[n] entries,
     * the permuted copy of A, the workspaces) and report SL_ERR_NOMEM if it is not there
     * (checked by capping the address space: tests/c/test_linsolve.c). */
    size_t n = (size_t)A->n, entry = sizeof(csi) + sizeof(double);
    size_t need = (size_t)c->S->cp[A->n] * entry + (size_t)A->p[A->n] * entry +
                  (5 * n + 2) * sizeof(csi) + n * sizeof(double);
    if (!memory_available(need)) return SL_ERR_NOMEM;
    c->N = cs_chol(A, c->S);
    return c->N ? SL_OK : SL_ERR_FACTOR;
}

void sl_cholesky_solve(sl_cholesky *c, double *b) {
    cs_ipvec(c->S->pinv, b, c->work, c->n); /* w = P b */
    cs_lsolve(c->N->L, c->work);            /* w = L \ w */
    cs_ltsolve(c->N->L, c->work);           /* w = L' \ w */
    cs_pvec(c->S->pinv, c->work, b, c->n);  /* b = P' w */
}

static void supernodes_free(sl_supernodes *s) {
    free(s->first), free(s->row_start), free(s->rows), free(s->value_start), free(s->values), free(s->gathered);
    memset(s, 0, sizeof *s);
}

/* c's L by fundamental supernodes (sl_supernodes). cs_chol (up-looking) stores each
 * column's rows in increasing order, its diagonal first: so the run j0..j1 has rows
 * j0..j1 then the same rows below it in each of its columns. */
static sl_status supernodes_make(sl_cholesky *c) {
    sl_supernodes *s = &c->super;
    supernodes_free(s);
    const cs *L = c->N->L;
    const csi *Lp = L->p, *Li = L->i;
    const double *Lx = L->x;
    const int n = c->n;
    int count = 0, below = 0;
    size_t values = 0;
    for (int j = 0, w = 1; j < n; j++, w++) { /* count: j ends a supernode unless j + 1 continues it */
        csi size = Lp[j + 1] - Lp[j];
        int next = j + 1 < n && size >= 2 && Li[Lp[j] + 1] == j + 1 && Lp[j + 2] - Lp[j + 1] == size - 1;
        if (next) continue;
        csi rows = size; /* of its last column: w - 1 fewer than its first's */
        count++, below += (int)rows - 1, values += (size_t)w * (size_t)(w + rows - 1);
        w = 0;
    }
    s->first = malloc(sizeof(int) * (size_t)(count + 1));
    s->row_start = malloc(sizeof(int) * (size_t)(count + 1));
    s->value_start = malloc(sizeof(size_t) * (size_t)(count + 1));
    s->rows = malloc(sizeof(int) * (size_t)(below > 0 ? below : 1));
    s->values = malloc(sizeof(double) * (values > 0 ? values : 1));
    s->gathered = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
    if (!s->first || !s->row_start || !s->value_start || !s->rows || !s->values || !s->gathered) {
        supernodes_free(s);
        return SL_ERR_NOMEM;
    }
    int k = 0, r = 0;
    size_t v = 0;
    for (int j0 = 0; j0 < n; k++) {
        int j1 = j0;
        while (j1 + 1 < n && Lp[j1 + 1] - Lp[j1] >= 2 && Li[Lp[j1] + 1] == j1 + 1 && Lp[j1 + 2] - Lp[j1 + 1] == Lp[j1 + 1] - Lp[j1] - 1) j1++;
        int w = j1 - j0 + 1, nb = (int)(Lp[j1 + 1] - Lp[j1]) - 1; /* rows below */
        s->first[k] = j0, s->row_start[k] = r, s->value_start[k] = v;
        double *D = s->values + v, *B = D + (size_t)w * w;
        memset(D, 0, sizeof(double) * (size_t)w * w);
        for (int q = 0; q < w; q++) {
            const csi p = Lp[j0 + q]; /* rows j0 + q .. j1, then the nb below */
            D[q * w + q] = 1 / Lx[p];
            for (int t = q + 1; t < w; t++) D[q * w + t] = Lx[p + t - q];
            for (int b = 0; b < nb; b++) B[(size_t)q * nb + b] = Lx[p + w - q + b];
        }
        for (int b = 0; b < nb; b++) s->rows[r + b] = (int)Li[Lp[j0] + w + b];
        r += nb, v += (size_t)w * (size_t)(w + nb);
        j0 = j1 + 1;
    }
    s->first[count] = n, s->row_start[count] = r, s->value_start[count] = v;
    s->count = count;
    return SL_OK;
}

/* x = L \ x, then x = L^T \ x, supernode by supernode (c->super); t: double[the most rows
 * below a supernode], scratch: x's rows below the supernode in hand. */
static void supernodes_solve(const sl_supernodes *s, double *restrict x, double *restrict t) {
    for (int k = 0; k < s->count; k++) {
        const int j0 = s->first[k], w = s->first[k + 1] - j0, nb = s->row_start[k + 1] - s->row_start[k];
        const double *D = s->values + s->value_start[k], *B = D + (size_t)w * w;
        const int *rows = s->rows + s->row_start[k];
        double *xs = x + j0;
        if (w == 1) { /* a lone column (most of them): t = 0 + B x_s is B x_s, so the same bits */
            const double xq = xs[0] *= D[0];
            for (int b = 0; b < nb; b++) x[rows[b]] -= B[b] * xq;
            continue;
        }
        for (int q = 0; q < w; q++) {
            double xq = xs[q] *= D[q * w + q];
            for (int r = q + 1; r < w; r++) xs[r] -= D[q * w + r] * xq;
        }
        memset(t, 0, sizeof(double) * (size_t)nb);
        int q = 0; /* t = L(rows, j0..j1) x_s, four columns at a time */
        for (; q + 3 < w; q += 4, B += 4 * (size_t)nb) {
            const double x0 = xs[q], x1 = xs[q + 1], x2 = xs[q + 2], x3 = xs[q + 3];
            const double *B1 = B + nb, *B2 = B1 + nb, *B3 = B2 + nb;
            for (int b = 0; b < nb; b++) t[b] += (B[b] * x0 + B1[b] * x1) + (B2[b] * x2 + B3[b] * x3);
        }
        for (; q < w; q++, B += nb)
            for (int b = 0; b < nb; b++) t[b] += B[b] * xs[q];
        for (int b = 0; b < nb; b++) x[rows[b]] -= t[b];
    }
    for (int k = s->count - 1; k >= 0; k--) {
        const int j0 = s->first[k], w = s->first[k + 1] - j0, nb = s->row_start[k + 1] - s->row_start[k];
        const double *D = s->values + s->value_start[k], *B = D + (size_t)w * w;
        const int *rows = s->rows + s->row_start[k];
        double *xs = x + j0;
        if (w == 1) { /* a lone column: the dot product of the loop below, x's rows read in place */
            double a0 = 0, a1 = 0, a2 = 0, a3 = 0;
            int b = 0;
            for (; b + 3 < nb; b += 4)
                a0 += B[b] * x[rows[b]], a1 += B[b + 1] * x[rows[b + 1]], a2 += B[b + 2] * x[rows[b + 2]], a3 += B[b + 3] * x[rows[b + 3]];
            for (; b < nb; b++) a0 += B[b] * x[rows[b]];
            xs[0] = (xs[0] - ((a0 + a1) + (a2 + a3))) * D[0];
            continue;
        }
        for (int b = 0; b < nb; b++) t[b] = x[rows[b]];
        for (int q = 0; q < w; q++, B += nb) { /* x_s -= L(rows, j0..j1)^T x_rows */
            double a0 = 0, a1 = 0, a2 = 0, a3 = 0;
            int b = 0;
            for (; b + 3 < nb; b += 4) a0 += B[b] * t[b], a1 += B[b + 1] * t[b + 1], a2 += B[b + 2] * t[b + 2], a3 += B[b + 3] * t[b + 3];
            for (; b < nb; b++) a0 += B[b] * t[b];
            xs[q] -= (a0 + a1) + (a2 + a3);
        }
        for (int q = w - 1; q >= 0; q--) { /* x_s = L(j0..j1, j0..j1)^T \ x_s */
            const double *Dq = D + q * w;
            double a0 = 0, a1 = 0, a2 = 0, a3 = 0;
            int r = q + 1;
            for (; r + 3 < w; r += 4) a0 += Dq[r] * xs[r], a1 += Dq[r + 1] * xs[r + 1], a2 += Dq[r + 2] * xs[r + 2], a3 += Dq[r + 3] * xs[r + 3];
            for (; r < w; r++) a0 += Dq[r] * xs[r];
            xs[q] = (xs[q] - ((a0 + a1) + (a2 + a3))) * Dq[q];
        }
    }
}

void sl_cholesky_apply(sl_cholesky *c, const double *r, double *z) {
    const cs *L = c->N->L;
    const csi *Lp = L->p, *Li = L->i, *pinv = c->S->pinv;
    const double *Lx = L->x;
    double *x = c->work;
    const int n = c->n;
    if (!c->super.count && n > 0) supernodes_make(c); /* out of memory: the columns below */
    for (int k = 0; k < n; k++) x[pinv ? pinv[k] : k] = r[k];
    if (c->super.count) {
        supernodes_solve(&c->super, x, c->super.gathered);
        for (int k = 0; k < n; k++) z[k] = x[pinv ? pinv[k] : k];
        return;
    }
    /* out of memory for the supernodes: column by column, the diagonal (first in a column)
     * by its reciprocal, as the supernodes' D holds it */
    for (int j = 0; j < n; j++) { /* x = L \ x */
        double xj = x[j] *= 1 / Lx[Lp[j]];
        for (csi p = Lp[j] + 1; p < Lp[j + 1]; p++) x[Li[p]] -= Lx[p] * xj;
    }
    for (int j = n - 1; j >= 0; j--) { /* x = L^T \ x */
        double a0 = 0, a1 = 0, a2 = 0, a3 = 0;
        csi p = Lp[j] + 1, end = Lp[j + 1];
        for (; p + 3 < end; p += 4)
            a0 += Lx[p] * x[Li[p]], a1 += Lx[p + 1] * x[Li[p + 1]], a2 += Lx[p + 2] * x[Li[p + 2]], a3 += Lx[p + 3] * x[Li[p + 3]];
        for (; p < end; p++) a0 += Lx[p] * x[Li[p]];
        x[j] = (x[j] - ((a0 + a1) + (a2 + a3))) * (1 / Lx[Lp[j]]);
    }
    for (int k = 0; k < n; k++) z[k] = x[pinv ? pinv[k] : k];
}

static void auto_restart(sl_cholesky *c) {
    c->auto_method = c->auto_solves = c->auto_windows = 0;
    c->auto_cost = c->auto_mean[0] = c->auto_mean[1] = 0;
}

void sl_cholesky_restart(sl_cholesky *c) {
    c->stale = 1;
    auto_restart(c);
}

void sl_cholesky_free(sl_cholesky *c) {
    cs_sfree(c->S);
    cs_nfree(c->N);
    free(c->work);
    free(c->r);
    free(c->z);
    free(c->p);
    free(c->q);
    free(c->block_inv);
    supernodes_free(&c->super);
    sl_block_sym_free(&c->blocks);
    c->S = NULL;
    c->N = NULL;
    c->work = c->r = c->z = c->p = c->q = c->block_inv = NULL;
}

static double dot(const double *a, const double *b, int n) {
    double s = 0;
    for (int i = 0; i < n; i++) s += a[i] * b[i];
    return s;
}

void sl_sym_gaxpy(const cs *A, const double *x, double *y) {
    for (csi j = 0; j < A->n; j++)
        for (csi p = A->p[j]; p < A->p[j + 1]; p++) {
            csi i = A->i[p];
            y[i] += A->x[p] * x[j];
            if (i != j) y[j] += A->x[p] * x[i];
        }
}

/* Factorizes A and solves directly into x. */
static sl_status factor_and_solve(sl_cholesky *c, const cs *A, int version, const double *b,
                                  double *x) {
    sl_status st = sl_cholesky_factor(c, A, version);
    if (st != SL_OK) return st;
    for (int i = 0; i < c->n; i++) x[i] = b[i];
    sl_cholesky_solve(c, x);
    c->stale = 0;
    return SL_OK;
}

typedef void (*precondition_fn)(sl_cholesky *c, double *z); /* z = P^-1 z in place */
typedef void (*matvec_fn)(const sl_cholesky *c, const void *A, const double *x, double *y); /* y += A x */

static void matvec_csc(const sl_cholesky *c, const void *A, const double *x, double *y) { sl_sym_gaxpy(A, x, y); }
/* A's values as blocks (IC0 copies them there at its set-up). */
static void matvec_blocks(const sl_cholesky *c, const void *A, const double *x, double *y) {
    sl_block_sym_gaxpy(&c->blocks, x, y);
}
typedef struct {
    sl_operator_fn apply;
    const void *ctx;
} operator_call;
static void matvec_operator(const sl_cholesky *c, const void *A, const double *x, double *y) {
    const operator_call *op = A;
    op->apply(op->ctx, x, y);
}

static void precondition_factor(sl_cholesky *c, double *z) { sl_cholesky_solve(c, z); }

/* Preconditioned CG, the one loop of this file's CG solvers: y += M x by matvec(m, x, y),
 * z = P^-1 z by precondition(pc, z); r, z, p, q: double[n] of scratch; x: in the guess,
 * out the iterate. Returns iterations (0: the guess met tol), or -1 if M is not positive
 * definite along a search direction or tol is not met in max_it. */
static int cg(int n, void (*matvec)(const void *m, const double *x, double *y), const void *m,
              void (*precondition)(void *pc, double *z), void *pc, double *r, double *z, double *p, double *q,
              const double *b, double *x, double tol, int max_it) {
    double bnorm = sqrt(dot(b, b, n));
    memset(q, 0, sizeof(double) * (size_t)n);
    matvec(m, x, q);
    for (int i = 0; i < n; i++) r[i] = b[i] - q[i];
    if (sqrt(dot(r, r, n)) <= tol * bnorm) return 0;
    memcpy(z, r, sizeof(double) * (size_t)n);
    precondition(pc, z);
    memcpy(p, z, sizeof(double) * (size_t)n);
    double rz = dot(r, z, n);
    for (int it = 1; it <= max_it; it++) {
        memset(q, 0, sizeof(double) * (size_t)n);
        matvec(m, p, q);
        double pq = dot(p, q, n);
        if (!(pq > 0)) return -1; /* M not positive definite along p */
        double a = rz / pq;
        for (int i = 0; i < n; i++) x[i] += a * p[i], r[i] -= a * q[i];
        if (sqrt(dot(r, r, n)) <= tol * bnorm) return it;
        memcpy(z, r, sizeof(double) * (size_t)n);
        precondition(pc, z);
        double rz_new = dot(r, z, n);
        for (int i = 0; i < n; i++) p[i] = z[i] + rz_new / rz * p[i];
        rz = rz_new;
    }
    return -1;
}

/* cg's callbacks for an sl_cholesky's solvers: its matvec on A and its preconditioner. */
typedef struct {
    sl_cholesky *c;
    precondition_fn apply;
    matvec_fn matvec;
    const void *A;
} cholesky_cg;
static void cholesky_cg_matvec(const void *m, const double *x, double *y) {
    const cholesky_cg *k = m;
    k->matvec(k->c, k->A, x, y);
}
static void cholesky_cg_precondition(void *pc, double *z) {
    cholesky_cg *k = pc;
    k->apply(k->c, z);
}

/* CG in c's scratch (c->r, z, p, q); returns iterations, or -1 if not converged. */
static int pcg(sl_cholesky *c, precondition_fn apply, matvec_fn matvec, const void *A, const double *b, double *x,
               double tol, int max_it) {
    cholesky_cg k = {c, apply, matvec, A};
    return cg(c->n, cholesky_cg_matvec, &k, cholesky_cg_precondition, &k, c->r, c->z, c->p, c->q, b, x, tol, max_it);
}

static void sym_matvec(const void *A, const double *x, double *y) { sl_sym_gaxpy(A, x, y); }

int sl_pcg(const cs *A, void (*precondition)(void *ctx, double *z), void *ctx, double *work,
           const double *b, double *x, double tol, int max_it) {
    int n = (int)A->n;
    return cg(n, sym_matvec, A, precondition, ctx, work, work + n, work + 2 * n, work + 3 * n, b, x, tol, max_it);
}

static sl_status alloc_cg(sl_cholesky *c, int n) {
    if (c->r && c->n == n) return SL_OK;
    free(c->r), free(c->z), free(c->p), free(c->q);
    size_t bytes = sizeof(double) * (size_t)(n > 0 ? n : 1);
    c->r = malloc(bytes), c->z = malloc(bytes), c->p = malloc(bytes), c->q = malloc(bytes);
    c->n = n;
    return c->r && c->z && c->p && c->q ? SL_OK : SL_ERR_NOMEM;
}

sl_status sl_cholesky_pcg(sl_cholesky *c, const cs *A, int version, const double *b, double *x,
                          double tol, int max_iterations, int *iterations, int *factored) {
    if (iterations) *iterations = 0;
    if (factored) *factored = 1;
    int fresh = !c->N || c->stale || c->pattern_version != version || c->n != A->n;
    if (!fresh && alloc_cg(c, c->n) != SL_OK) return SL_ERR_NOMEM;
    if (fresh) return factor_and_solve(c, A, version, b, x);
    int it = pcg(c, precondition_factor, matvec_csc, A, b, x, tol, max_iterations);
    if (it < 0) return factor_and_solve(c, A, version, b, x);
    if (iterations) *iterations = it;
    if (factored) *factored = 0;
    c->stale = it > max_iterations / 2;
    return SL_OK;
}

sl_status sl_cholesky_pcg_operator(sl_cholesky *c, sl_operator_fn apply, const void *ctx, const double *b, double *x,
                                   double tol, int max_iterations, int *iterations) {
    if (iterations) *iterations = 0;
    if (!c->N) return SL_ERR_NO_CONVERGENCE;
    if (alloc_cg(c, c->n) != SL_OK) return SL_ERR_NOMEM;
    operator_call op = {apply, ctx};
    int it = pcg(c, precondition_factor, matvec_operator, &op, b, x, tol, max_iterations);
    if (iterations) *iterations = it;
    return it < 0 ? SL_ERR_NO_CONVERGENCE : SL_OK;
}

/* ---- LU (non-symmetric) ---- */

sl_status sl_lu_factor(sl_lu *c, const cs *A, int pattern_version) {
    if (!c->S || c->pattern_version != pattern_version || c->n != A->n) {
        cs_sfree(c->S);
        free(c->work);
        c->S = cs_sqr(1, A, 0); /* AMD on A + A^T, for LU */
        c->work = malloc(sizeof(double) * 9 * (size_t)(A->n > 0 ? A->n : 1));
        c->n = (int)A->n;
        c->pattern_version = pattern_version;
        if (!c->S || !c->work) return SL_ERR_NOMEM;
    }
    cs_nfree(c->N);
    c->N = NULL;
    /* cs_lu returns NULL both when A is singular (a column without an acceptable pivot,
     * or NaN) and when it runs out of memory: at its start (L and U at the sizes S->lnz,
     * S->unz, the row permutation and the workspaces) or while L or U grows (to twice its
     * size plus n). So first ask for the start's memory (SL_ERR_NOMEM if it is not
     * there); after a success, start the next factorization of this pattern at the fill
     * found, so that it does not grow; after a failure, ask for room for both factors
     * grown once beside the old ones: if it is not there, a growth may have failed
     * (SL_ERR_NOMEM), else A is singular (SL_ERR_SINGULAR). Checked by capping the
     * address space: tests/c/test_linsolve.c. */
    size_t n = (size_t)A->n, entry = sizeof(csi) + sizeof(double);
    size_t lnz = (size_t)c->S->lnz, unz = (size_t)c->S->unz;
    if (!memory_available((lnz + unz) * entry + (2 * (n + 1) + 3 * n) * sizeof(csi) + n * sizeof(double)))
        return SL_ERR_NOMEM;
    c->N = cs_lu(A, c->S, 1e-3);
    if (!c->N) return memory_available((3 * (lnz + unz) + 2 * n) * entry) ? SL_ERR_SINGULAR : SL_ERR_NOMEM;
    double l = (double)(c->N->L->p[A->n] + A->n), u = (double)(c->N->U->p[A->n] + A->n); /* cs_lu grows */
    if (l > c->S->lnz) c->S->lnz = l;                                                  /* below n free */
    if (u > c->S->unz) c->S->unz = u;
    return SL_OK;
}

void sl_lu_solve(sl_lu *c, double *b) {
    cs_ipvec(c->N->pinv, b, c->work, c->n); /* w = P b */
    cs_lsolve(c->N->L, c->work);            /* w = L \ w */
    cs_usolve(c->N->U, c->work);            /* w = U \ w */
    cs_ipvec(c->S->q, c->work, b, c->n);    /* b = Q w */
}

void sl_lu_free(sl_lu *c) {
    cs_sfree(c->S);
    cs_nfree(c->N);
    free(c->work);
    c->S = NULL;
    c->N = NULL;
    c->work = NULL;
}

/* y += A x for a full CSC A (sl_operator_fn). */
static void gaxpy_csc(const void *A, const double *x, double *y) { cs_gaxpy(A, x, y); }

int sl_bicgstab(const cs *A, void (*precondition)(void *ctx, double *z), void *ctx, double *work,
                const double *b, double *x, double tol, int max_it) {
    return sl_bicgstab_operator((int)A->n, gaxpy_csc, A, precondition, ctx, work, b, x, tol, max_it);
}

int sl_bicgstab_operator(int n, sl_operator_fn apply, const void *actx, void (*precondition)(void *ctx, double *z),
                         void *ctx, double *work, const double *b, double *x, double tol, int max_it) {
    double *r = work, *rh = r + n, *p = rh + n, *v = p + n, *s = v + n, *t = s + n,
           *y = t + n, *z = y + n, bnorm = sqrt(dot(b, b, n));
    memset(t, 0, sizeof(double) * (size_t)n);
    apply(actx, x, t);
    for (int i = 0; i < n; i++) r[i] = rh[i] = b[i] - t[i], p[i] = v[i] = 0;
    if (sqrt(dot(r, r, n)) <= tol * bnorm) return 0;
    double rho = 1, alpha = 1, omega = 1;
    for (int it = 1; it <= max_it; it++) {
        double rho_new = dot(rh, r, n);
        if (rho_new == 0 || omega == 0) return -1;
        double beta = rho_new / rho * alpha / omega;
        for (int i = 0; i < n; i++) p[i] = r[i] + beta * (p[i] - omega * v[i]);
        memcpy(y, p, sizeof(double) * (size_t)n);
        precondition(ctx, y);                                /* y = M^-1 p */
        memset(v, 0, sizeof(double) * (size_t)n);
        apply(actx, y, v);
        double rv = dot(rh, v, n);
        if (rv == 0) return -1;
        alpha = rho_new / rv;
        for (int i = 0; i < n; i++) s[i] = r[i] - alpha * v[i];
        if (sqrt(dot(s, s, n)) <= tol * bnorm) {
            for (int i = 0; i < n; i++) x[i] += alpha * y[i];
            return it;
        }
        memcpy(z, s, sizeof(double) * (size_t)n);
        precondition(ctx, z);                                /* z = M^-1 s */
        memset(t, 0, sizeof(double) * (size_t)n);
        apply(actx, z, t);
        double tt = dot(t, t, n);
        if (!(tt > 0)) return -1;
        omega = dot(t, s, n) / tt;
        for (int i = 0; i < n; i++) x[i] += alpha * y[i] + omega * z[i], r[i] = s[i] - omega * t[i];
        if (sqrt(dot(r, r, n)) <= tol * bnorm) return it;
        rho = rho_new;
    }
    return -1;
}

static void precondition_lu(void *c, double *z) { sl_lu_solve(c, z); }

static sl_status lu_factor_and_solve(sl_lu *c, const cs *A, int version, const double *b, double *x) {
    sl_status st = sl_lu_factor(c, A, version);
    if (st != SL_OK) return st;
    for (int i = 0; i < c->n; i++) x[i] = b[i];
    sl_lu_solve(c, x);
    c->stale = 0;
    return SL_OK;
}

sl_status sl_lu_bicgstab(sl_lu *c, const cs *A, int version, const double *b, double *x,
                         double tol, int max_iterations, int *iterations, int *factored) {
    if (iterations) *iterations = 0;
    if (factored) *factored = 1;
    if (!c->N || c->stale || c->pattern_version != version || c->n != A->n)
        return lu_factor_and_solve(c, A, version, b, x);
    int it = sl_bicgstab(A, precondition_lu, c, c->work + c->n, b, x, tol, max_iterations);
    if (it < 0) return lu_factor_and_solve(c, A, version, b, x);
    if (iterations) *iterations = it;
    if (factored) *factored = 0;
    c->stale = it > max_iterations / 2;
    return SL_OK;
}

/* ---- block Jacobi: the inverse 3x3 diagonal block of each node ----------------------- */

static sl_status block_jacobi_setup(sl_cholesky *c, const cs *A) {
    int n = (int)A->n, nb = n / 3;
    if (n % 3) return SL_ERR_FACTOR;
    if (!c->block_inv) c->block_inv = malloc(sizeof(double) * (size_t)(9 * nb > 0 ? 9 * nb : 1));
    if (!c->block_inv) return SL_ERR_NOMEM;
    memset(c->block_inv, 0, sizeof(double) * (size_t)(9 * nb));
    for (csi j = 0; j < n; j++) /* gather the diagonal blocks (upper triangle mirrored) */
        for (csi p = A->p[j]; p < A->p[j + 1]; p++) {
            csi i = A->i[p];
            if (i / 3 != j / 3) continue;
            double *B = c->block_inv + 9 * (j / 3);
            B[3 * (i % 3) + j % 3] = B[3 * (j % 3) + i % 3] = A->x[p];
        }
    for (int k = 0; k < nb; k++) { /* invert each by cofactors */
        double *B = c->block_inv + 9 * k, m[9];
        memcpy(m, B, sizeof m);
        double c0 = m[4] * m[8] - m[5] * m[7], c1 = m[5] * m[6] - m[3] * m[8],
               c2 = m[3] * m[7] - m[4] * m[6], det = m[0] * c0 + m[1] * c1 + m[2] * c2;
        if (!(det > 0)) return SL_ERR_FACTOR;
        double s = 1 / det;
        B[0] = c0 * s, B[1] = (m[2] * m[7] - m[1] * m[8]) * s, B[2] = (m[1] * m[5] - m[2] * m[4]) * s;
        B[3] = c1 * s, B[4] = (m[0] * m[8] - m[2] * m[6]) * s, B[5] = (m[2] * m[3] - m[0] * m[5]) * s;
        B[6] = c2 * s, B[7] = (m[1] * m[6] - m[0] * m[7]) * s, B[8] = (m[0] * m[4] - m[1] * m[3]) * s;
    }
    return SL_OK;
}

static void precondition_block_jacobi(sl_cholesky *c, double *z) {
    for (int k = 0; k < c->n / 3; k++) {
        const double *B = c->block_inv + 9 * k;
        double *v = z + 3 * k, a = v[0], b = v[1], d = v[2];
        v[0] = B[0] * a + B[1] * b + B[2] * d;
        v[1] = B[3] * a + B[4] * b + B[5] * d;
        v[2] = B[6] * a + B[7] * b + B[8] * d;
    }
}

/* ---- IC0: incomplete Cholesky A ~ L L^T on A's pattern, by node blocks (block_sym.h) -- */

static sl_status ic0_setup(sl_cholesky *c, const cs *A, int version) {
    sl_status st = sl_block_sym_prepare(&c->blocks, A, version);
    if (st != SL_OK) return st;
    sl_block_sym_values(&c->blocks, A);
    return sl_block_ic0_factor(&c->blocks);
}

static void precondition_ic0(sl_cholesky *c, double *z) { sl_block_ic0_solve(&c->blocks, z); }

/* Solves by a method other than DEFAULT (sl_spd_solve). */
static sl_status solve_by(sl_cholesky *c, int solver, const cs *A, int version, const double *b,
                          double *x, int *iterations, int *factored) {
    if (c->method != solver) c->stale = 1, c->method = solver;
    if (solver == SL_LINEAR_FACTOR_PCG)
        return sl_cholesky_pcg(c, A, version, b, x, SL_PCG_TOLERANCE, SL_PCG_MAX_ITERATIONS,
                               iterations, factored);
    if (iterations) *iterations = 0;
    if (factored) *factored = 1;
    if (solver == SL_LINEAR_CHOLESKY) return factor_and_solve(c, A, version, b, x);
    int n = (int)A->n;
    sl_status st = SL_OK;
    if (st == SL_OK && (!c->S || c->pattern_version != version)) st = symbolic(c, A, version);
    if (st == SL_OK) st = alloc_cg(c, n);
    if (st != SL_OK) return st;
    int ic0 = solver == SL_LINEAR_IC0;
    st = ic0 ? ic0_setup(c, A, version) : block_jacobi_setup(c, A);
    int it = st == SL_OK ? pcg(c, ic0 ? precondition_ic0 : precondition_block_jacobi,
                               ic0 ? matvec_blocks : matvec_csc, A, b, x, SL_CG_TOLERANCE,
                               SL_CG_MAX_ITERATIONS)
                         : -1;
    if (st == SL_ERR_NOMEM) return st;
    if (it < 0) return factor_and_solve(c, A, version, b, x);
    if (iterations) *iterations = it;
    if (factored) *factored = 0;
    return SL_OK;
}

/* ---- DEFAULT: the cheaper of FACTOR_PCG and IC0, measured (linsolve.h SL_AUTO_WINDOW) ---- */

/* Multiply-adds of a Cholesky factorization: the sum of L's squared column counts. */
static double factor_work(const sl_cholesky *c) {
    double w = 0;
    for (int j = 0; j < c->n; j++) {
        double k = (double)(c->S->cp[j + 1] - c->S->cp[j]);
        w += k * k;
    }
    return w;
}

/* The modelled work of one solve just done by FACTOR_PCG or IC0: its iterations (two
 * triangular solves and a symmetric product each) and its factorization, if it made one. */
static double solve_work(const sl_cholesky *c, int solver, const cs *A, int iterations, int factored) {
    double work = factored ? factor_work(c) + 2.0 * (double)c->S->cp[c->n] : 0;
    if (solver == SL_LINEAR_FACTOR_PCG) return work + iterations * (2.0 * (double)c->S->cp[c->n] + 2.0 * (double)A->p[A->n]);
    const sl_block_sym *B = &c->blocks;
    double ic0 = 9.0 * B->nnzb; /* the values copied in, then the incomplete factor */
    for (int J = 0; J < B->nb; J++) {
        double k = B->bp[J + 1] - B->bp[J];
        ic0 += 27 * k * k;
    }
    return work + SL_AUTO_BLOCK_SPEED * (ic0 + iterations * 36.0 * B->nnzb);
}

/* After a window of SL_AUTO_WINDOW solves: keep the cheaper method, measure one never
 * measured, and measure the other again every SL_AUTO_RETRY windows. */
static void auto_account(sl_cholesky *c, double work) {
    c->auto_cost += work;
    if (++c->auto_solves < SL_AUTO_WINDOW) return;
    int k = c->auto_method == SL_LINEAR_IC0, other = !k;
    c->auto_mean[k] = c->auto_cost / c->auto_solves;
    c->auto_solves = 0, c->auto_cost = 0;
    if (c->auto_mean[other] == 0 || c->auto_mean[other] < c->auto_mean[k] || ++c->auto_windows >= SL_AUTO_RETRY) {
        c->auto_method = other ? SL_LINEAR_IC0 : SL_LINEAR_FACTOR_PCG;
        c->auto_windows = 0;
    }
}

/* DEFAULT_LU's second try: the symmetric A (its upper triangle, CSC) made full and solved
 * by CSparse's sparse LU (cs_lusol: AMD ordering of A + A^T, threshold partial pivoting
 * that prefers the diagonal while its entry is at least 0.1 of the column's largest). x:
 * the solution. Errors: SL_ERR_NOMEM; SL_ERR_SINGULAR (no pivot, or a result not finite). */
static sl_status lu_solve_symmetric(const cs *A, const double *b, double *x) {
    /* cs_lusol returns 0 both for a singular A and when memory runs out: ask first for a
     * generous bound (the full A and an LU of 64 times its entries) */
    if (!memory_available(sizeof(double) * 64 * (size_t)(A->p[A->n] + A->n))) return SL_ERR_NOMEM;
    cs *At = cs_transpose(A, 1), *F = At ? cs_add(A, At, 1, 1) : NULL;
    sl_status st = F ? SL_OK : SL_ERR_NOMEM;
    for (csi j = 0; F && j < F->n; j++) /* A + A^T holds the diagonal twice */
        for (csi p = F->p[j]; p < F->p[j + 1]; p++)
            if (F->i[p] == j) F->x[p] *= 0.5;
    if (st == SL_OK) {
        for (csi i = 0; i < A->n; i++) x[i] = b[i];
        if (!cs_lusol(1, F, x, 0.1)) st = SL_ERR_SINGULAR;
        for (csi i = 0; st == SL_OK && i < A->n; i++)
            if (!isfinite(x[i])) st = SL_ERR_SINGULAR;
    }
    cs_spfree(At), cs_spfree(F);
    return st;
}

sl_status sl_spd_solve(sl_cholesky *c, int solver, const cs *A, int version, const double *b,
                       double *x, int *iterations, int *factored) {
    if (solver == SL_LINEAR_DEFAULT_LU) {
        sl_status st = sl_spd_solve(c, SL_LINEAR_DEFAULT, A, version, b, x, iterations, factored);
        if (st != SL_ERR_FACTOR) return st;
        c->stale = 1; /* the failed factor is gone: the next solve factorizes afresh */
        if (iterations) *iterations = 0;
        if (factored) *factored = 1;
        return lu_solve_symmetric(A, b, x);
    }
    if (solver != SL_LINEAR_DEFAULT) return solve_by(c, solver, A, version, b, x, iterations, factored);
    if (!c->S || c->pattern_version != version || c->n != A->n) {
        sl_status st = symbolic(c, A, version);
        if (st != SL_OK) return st;
    }
    if (c->S->lnz > SL_FILL_RATIO_IC0 * (double)A->p[A->n])
        return solve_by(c, SL_LINEAR_IC0, A, version, b, x, iterations, factored);
    if (c->auto_method != SL_LINEAR_IC0) c->auto_method = SL_LINEAR_FACTOR_PCG;
    int it = 0, fact = 0, method = c->auto_method;
    /* a switch does not make the factor stale: one of an older matrix of this pattern still
     * preconditions PCG, which refactors once it needs too many iterations (a constant
     * matrix, linear FEM's, stays factored once) */
    if (!(c->method == SL_LINEAR_FACTOR_PCG || c->method == SL_LINEAR_IC0)) c->stale = 1;
    c->method = method;
    sl_status st = solve_by(c, method, A, version, b, x, &it, &fact);
    if (iterations) *iterations = it;
    if (factored) *factored = fact;
    if (st == SL_OK) auto_account(c, solve_work(c, method, A, it, fact));
    return st;
}
