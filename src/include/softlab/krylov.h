/* Krylov solvers for symmetric systems given by a matrix-vector product (src/core/linalg/
 * krylov.c): MINRES (Paige and Saunders 1975), which needs only symmetry and so handles the
 * positive SEMI-definite pressure systems of seed 001 §4 (singular when contacts remove
 * directions), and plain conjugate gradients for comparison (seed 001 §4: "Figure 2
 * averaged 72 iterations with conjugate gradient and 34 iterations with MINRES").
 * sl_minres and sl_cg are not preconditioned; sl_minres_preconditioned is MINRES with an
 * SPD preconditioner given as a callback, sl_minres_jacobi its diagonal (Jacobi) case. */
#ifndef SL_KRYLOV_H
#define SL_KRYLOV_H

#include "softlab/status.h"

/* y = A x for a symmetric n x n operator A; x, y: double[n], distinct. */
typedef void (*sl_linear_operator)(void *ctx, const double *x, double *y);

typedef struct sl_krylov_result {
    int iterations;    /* matrix-vector products after the initial residual */
    double residual;   /* |b - A x| / |b| at return: recomputed, not the recurrence's estimate
                          (0 when b = 0) */
    int converged;     /* 1 if residual <= tol */
    int least_squares; /* MINRES: 1 if it stopped short of tol by the least-squares rule
                          (|A| estimated by the Frobenius norm of the Lanczos tridiagonal, as
                          in Paige and Saunders' code): x then solves an inconsistent
                          singular system in the least-squares sense; its residual cannot
                          reach tol. CG: always 0 */
} sl_krylov_result;

/* MINRES's second stopping rule (Paige and Saunders' |A r| test): a least-squares solution
 * of an inconsistent singular system, |A r_k| <= this x |A| |r_k|. Far below any tol a
 * caller asks for, so a consistent system stops on tol first: measured on the one-ring
 * pressure systems of seed 001 (onering-sphere-drop, a loaded 81-node ball), whose volume
 * errors have parts no nodal motion changes, this rule ends 45-70 iteration solves at
 * residuals of 1e-4 to 2e-2 that tol = 1e-4 alone would run to the cap. */
#define SL_MINRES_LEAST_SQUARES_TOLERANCE 1e-8

/* Solves A x = b by MINRES: x_k minimizes |b - A x| over x0 + K_k(A, r0). Stops when the
 * recurrence's residual |r_k| (exact in exact arithmetic) is <= tol |b|, when x is a
 * least-squares solution (SL_MINRES_LEAST_SQUARES_TOLERANCE; result->least_squares), after
 * max_iterations, or on breakdown (the Krylov space is exhausted: then x is the
 * minimum-residual solution, also for singular A). For a consistent semi-definite A
 * started at x0 = 0 the result is the minimum-norm solution. n >= 1; b: double[n];
 * x: double[n], in: the guess x0, out: the solution; work: double[7n] scratch.
 * Errors: SL_ERR_NULL, SL_ERR_RANGE (n < 1, tol not in (0, 1), max_iterations < 1). */
sl_status sl_minres(sl_linear_operator A, void *ctx, int n, const double *b, double *x,
                    double tol, int max_iterations, double *work, sl_krylov_result *result);

/* z = M^-1 r for a symmetric positive definite preconditioner M (n x n); r, z: double[n],
 * distinct. */
typedef void (*sl_preconditioner)(void *ctx, const double *r, double *z);

/* Solves A x = b by MINRES preconditioned with the symmetric positive definite M given by
 * its inverse's action M(mctx, r, z) (Paige and Saunders 1975, §6's preconditioned form;
 * the recurrences of Saunders' minres.m with M^-1 r2 in its `y`; Elman, Silvester and
 * Wathen, "Finite elements and fast iterative solvers", 2nd ed., Alg. 4.1): x_k minimizes
 * |b - A x| in the M^-1 norm over x0 + M^-1 K_k(A M^-1, r0). The residual r_k = b - A x_k
 * is carried explicitly (A w_k from the Lanczos products, no extra product), so the run
 * stops on the same test as sl_minres: |r_k| <= tol |b| in the Euclidean norm, whatever M.
 * The other stops as sl_minres (the least-squares rule measured on the preconditioned
 * system). One application of M^-1 an iteration, one more at the start.
 * work: double[12n]. Errors: as sl_minres; SL_ERR_NULL for M. */
sl_status sl_minres_preconditioned(sl_linear_operator A, void *ctx, int n, const double *b, double *x,
                                  sl_preconditioner M, void *mctx, double tol, int max_iterations,
                                  double *work, sl_krylov_result *result);

/* sl_minres_preconditioned with the diagonal M = diag(1 / inv_diag) (Jacobi).
 * inv_diag: double[n], every entry > 0 and finite (e.g. 1 / diag(A), with 1 where that
 * diagonal is 0). work: double[12n]. Errors: as sl_minres; SL_ERR_NULL for inv_diag. */
sl_status sl_minres_jacobi(sl_linear_operator A, void *ctx, int n, const double *b, double *x,
                           const double *inv_diag, double tol, int max_iterations, double *work,
                           sl_krylov_result *result);

/* Solves A x = b by conjugate gradients (A symmetric positive definite; on a
 * semi-definite A it converges for consistent b but may stall), to |b - A x| <= tol |b|.
 * Arguments as sl_minres; work: double[4n]. Errors as sl_minres. */
sl_status sl_cg(sl_linear_operator A, void *ctx, int n, const double *b, double *x, double tol,
                int max_iterations, double *work, sl_krylov_result *result);

#endif
