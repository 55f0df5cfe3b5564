/* MINRES and CG on an operator (softlab/krylov.h). MINRES follows the unpreconditioned
 * form of Paige and Saunders' algorithm (SIAM J. Numer. Anal. 12, 1975; the recurrences
 * of Saunders' reference minres.m): a Lanczos tridiagonalization T_k of A, whose QR
 * factorization by Givens rotations (cs, sn) is updated one column per step, and the
 * search directions w_k = (v_k - eps_k w_{k-2} - delta_k w_{k-1}) / gamma_k. */
#include "softlab/krylov.h"

#include <float.h>
#include <math.h>
#include <string.h>

static double dot(int n, const double *a, const double *b) {
    double s = 0;
    for (int i = 0; i < n; i++) s += a[i] * b[i];
    return s;
}

/* |b - A x| / |b| into result (uses r as scratch). */
static void finish(sl_linear_operator A, void *ctx, int n, const double *b, const double *x,
                   double *r, double bnorm, double tol, int iterations, sl_krylov_result *res) {
    if (!res) return;
    A(ctx, x, r);
    for (int i = 0; i < n; i++) r[i] = b[i] - r[i];
    res->iterations = iterations;
    res->residual = bnorm > 0 ? sqrt(dot(n, r, r)) / bnorm : 0;
    res->converged = res->residual <= tol;
}

static sl_status check(sl_linear_operator A, int n, const double *b, double *x, double tol,
                       int max_iterations, double *work) {
    if (!A || !b || !x || !work) return SL_ERR_NULL;
    if (n < 1 || !(tol > 0 && tol < 1) || max_iterations < 1) return SL_ERR_RANGE;
    return SL_OK;
}

sl_status sl_minres(sl_linear_operator A, void *ctx, int n, const double *b, double *x,
                    double tol, int max_iterations, double *work, sl_krylov_result *result) {
    sl_status st = check(A, n, b, x, tol, max_iterations, work);
    if (st != SL_OK) return st;
    double *r1 = work, *r2 = work + n, *y = work + 2 * n, *v = work + 3 * n;
    double *w = work + 4 * n, *w1 = work + 5 * n, *w2 = work + 6 * n;
    double bnorm = sqrt(dot(n, b, b));
    A(ctx, x, y);
    for (int i = 0; i < n; i++) r1[i] = b[i] - y[i];            /* r0 = b - A x0 */
    memcpy(y, r1, sizeof(double) * (size_t)n);
    memcpy(r2, r1, sizeof(double) * (size_t)n);
    memset(w, 0, sizeof(double) * (size_t)n);
    memset(w2, 0, sizeof(double) * (size_t)n);
    double beta1 = sqrt(dot(n, r1, r1)), beta = beta1, oldb = 0, dbar = 0, epsln = 0;
    double phibar = beta1, cs = -1, sn = 0, tnorm2 = 0, lsq = INFINITY;
    int it = 0;
        while (it < max_iterations && phibar > tol * bnorm && beta > 0 && lsq > SL_MINRES_LEAST_SQUARES_TOLERANCE) {
        it++;
        for (int i = 0; i < n; i++) v[i] = y[i] / beta;           /* Lanczos vector v_k */
        A(ctx, v, y);
        if (it >= 2)
            for (int i = 0; i < n; i++) y[i] -= (beta / oldb) * r1[i];
        double alfa = dot(n, v, y);
        for (int i = 0; i < n; i++) y[i] -= (alfa / beta) * r2[i];
        memcpy(r1, r2, sizeof(double) * (size_t)n);
        memcpy(r2, y, sizeof(double) * (size_t)n);
        oldb = beta;
        beta = sqrt(dot(n, y, y));                                 /* beta_{k+1} */
        double oldeps = epsln;
        double delta = cs * dbar + sn * alfa;                      /* apply the last rotation */
        double gbar = sn * dbar - cs * alfa;
        epsln = sn * beta;
        dbar = -cs * beta;
        tnorm2 += alfa * alfa + oldb * oldb + beta * beta;        /* |T_k|_F^2 <= |A|_F^2 */
        lsq = sqrt(gbar * gbar + dbar * dbar) / sqrt(tnorm2);       /* |A r_{k-1}| / (|A| |r_{k-1}|) */
        double gamma = fmax(sqrt(gbar * gbar + beta * beta), DBL_MIN); /* new rotation */
        cs = gbar / gamma;
        sn = beta / gamma;
        double phi = cs * phibar;
        phibar = sn * phibar;                                      /* |r_k| */
        for (int i = 0; i < n; i++) { /* w1 = w_{k-2}, w2 = w_{k-1}, w = w_k */
            w1[i] = w2[i];
            w2[i] = w[i];
            w[i] = (v[i] - oldeps * w1[i] - delta * w2[i]) / gamma;
            x[i] += phi * w[i];
        }
    }
    finish(A, ctx, n, b, x, r1, bnorm, tol, it, result);
    if (result) result->least_squares = !result->converged && lsq <= SL_MINRES_LEAST_SQUARES_TOLERANCE;
    return SL_OK;
}

sl_status sl_cg(sl_linear_operator A, void *ctx, int n, const double *b, double *x, double tol,
                int max_iterations, double *work, sl_krylov_result *result) {
    sl_status st = check(A, n, b, x, tol, max_iterations, work);
    if (st != SL_OK) return st;
    double *r = work, *p = work + n, *q = work + 2 * n;
    double bnorm = sqrt(dot(n, b, b));
    A(ctx, x, q);
    for (int i = 0; i < n; i++) r[i] = b[i] - q[i];
    memcpy(p, r, sizeof(double) * (size_t)n);
    double rr = dot(n, r, r);
    int it = 0;
    while (it < max_iterations && sqrt(rr) > tol * bnorm) {
        it++;
        A(ctx, p, q);
        double pq = dot(n, p, q);
        if (!(pq > 0)) break;                                      /* not positive definite */
        double a = rr / pq;
        for (int i = 0; i < n; i++) x[i] += a * p[i], r[i] -= a * q[i];
        double rr_new = dot(n, r, r);
        for (int i = 0; i < n; i++) p[i] = r[i] + (rr_new / rr) * p[i];
        rr = rr_new;
    }
    finish(A, ctx, n, b, x, q, bnorm, tol, it, result);
    return SL_OK;
}

/* Preconditioned MINRES (softlab/krylov.h): minres.m's recurrences with y = M^-1 r2 (the
 * caller's preconditioner M, SPD), beta the M^-1 norm of r2. Beside x it carries the true residual r = b - A x: with
 * Av = A v_k (saved from the Lanczos product) A w_k = (Av - oldeps A w_{k-2} - delta
 * A w_{k-1}) / gamma, and r -= phi A w_k; so the stopping test is sl_minres's Euclidean one
 * (the recurrence's phibar is the residual's M^-1 norm, which M rescales). */
typedef struct {
    double *r1, *r2, *y, *v, *w, *w1, *w2, *av, *aw, *aw1, *aw2, *res;
} minres_vectors;

static minres_vectors minres_split(double *work, int n) {
    minres_vectors m;
    double **slot[12] = {&m.r1, &m.r2, &m.y, &m.v, &m.w, &m.w1, &m.w2, &m.av, &m.aw, &m.aw1, &m.aw2, &m.res};
    for (int k = 0; k < 12; k++) *slot[k] = work + (size_t)k * (size_t)n;
    return m;
}

sl_status sl_minres_preconditioned(sl_linear_operator A, void *ctx, int n, const double *b, double *x,
                                  sl_preconditioner M, void *mctx, double tol, int max_iterations,
                                  double *work, sl_krylov_result *result) {
    sl_status st = check(A, n, b, x, tol, max_iterations, work);
    if (st != SL_OK) return st;
    if (!M) return SL_ERR_NULL;
    minres_vectors m = minres_split(work, n);
    size_t bytes = sizeof(double) * (size_t)n;
    double bnorm = sqrt(dot(n, b, b));
    A(ctx, x, m.y);
    for (int i = 0; i < n; i++) m.r1[i] = b[i] - m.y[i];
    M(mctx, m.r1, m.y);                                            /* y = M^-1 r0 */
    memcpy(m.r2, m.r1, bytes), memcpy(m.res, m.r1, bytes);
    memset(m.w, 0, bytes), memset(m.w2, 0, bytes), memset(m.aw, 0, bytes), memset(m.aw2, 0, bytes);
    double beta1 = sqrt(dot(n, m.r1, m.y)), beta = beta1, oldb = 0, dbar = 0, epsln = 0;
    double cs = -1, sn = 0, tnorm2 = 0, lsq = INFINITY, rnorm = sqrt(dot(n, m.r1, m.r1));
    int it = 0;
    while (it < max_iterations && rnorm > tol * bnorm && beta > 0 && lsq > SL_MINRES_LEAST_SQUARES_TOLERANCE) {
        it++;
        for (int i = 0; i < n; i++) m.v[i] = m.y[i] / beta;        /* z_k = M^-1 v_k */
        A(ctx, m.v, m.y);
        memcpy(m.av, m.y, bytes);
        if (it >= 2)
            for (int i = 0; i < n; i++) m.y[i] -= (beta / oldb) * m.r1[i];
        double alfa = dot(n, m.v, m.y);
        for (int i = 0; i < n; i++) m.y[i] -= (alfa / beta) * m.r2[i];
        memcpy(m.r1, m.r2, bytes);
        memcpy(m.r2, m.y, bytes);
        M(mctx, m.r2, m.y);                                        /* y = M^-1 r2 */
        oldb = beta;
        beta = sqrt(fmax(dot(n, m.r2, m.y), 0));                  /* beta_{k+1}, M^-1 norm */
        double oldeps = epsln;
        double delta = cs * dbar + sn * alfa;
        double gbar = sn * dbar - cs * alfa;
        epsln = sn * beta;
        dbar = -cs * beta;
        tnorm2 += alfa * alfa + oldb * oldb + beta * beta;
        lsq = sqrt(gbar * gbar + dbar * dbar) / sqrt(tnorm2);
        double gamma = fmax(sqrt(gbar * gbar + beta * beta), DBL_MIN);
        cs = gbar / gamma;
        sn = beta / gamma;
        double phi = cs * beta1;
        beta1 = sn * beta1;                                        /* phibar: |r_k| in the M^-1 norm */
        double *t = m.w1; m.w1 = m.w2, m.w2 = m.w, m.w = t;       /* w1 = w_{k-2}, w2 = w_{k-1} */
        t = m.aw1; m.aw1 = m.aw2, m.aw2 = m.aw, m.aw = t;
        double rr = 0;
        for (int i = 0; i < n; i++) {
            m.w[i] = (m.v[i] - oldeps * m.w1[i] - delta * m.w2[i]) / gamma;
            m.aw[i] = (m.av[i] - oldeps * m.aw1[i] - delta * m.aw2[i]) / gamma;
            x[i] += phi * m.w[i];
            m.res[i] -= phi * m.aw[i];
            rr += m.res[i] * m.res[i];
        }
        rnorm = sqrt(rr);
    }
    finish(A, ctx, n, b, x, m.r1, bnorm, tol, it, result);
    if (result) result->least_squares = !result->converged && lsq <= SL_MINRES_LEAST_SQUARES_TOLERANCE;
    return SL_OK;
}

/* z = diag(inv_diag) r: the Jacobi preconditioner's M^-1. */
typedef struct {
    const double *inv_diag;
    int n;
} diagonal_preconditioner;

static void diagonal(void *ctx, const double *r, double *z) {
    const diagonal_preconditioner *d = ctx;
    for (int i = 0; i < d->n; i++) z[i] = d->inv_diag[i] * r[i];
}

sl_status sl_minres_jacobi(sl_linear_operator A, void *ctx, int n, const double *b, double *x,
                           const double *inv_diag, double tol, int max_iterations, double *work,
                           sl_krylov_result *result) {
    sl_status st = check(A, n, b, x, tol, max_iterations, work);
    if (st != SL_OK) return st;
    if (!inv_diag) return SL_ERR_NULL;
    diagonal_preconditioner d = {inv_diag, n};
    return sl_minres_preconditioned(A, ctx, n, b, x, diagonal, &d, tol, max_iterations, work, result);
}
