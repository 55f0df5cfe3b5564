/* Sparse Cholesky with reusable symbolic analysis (CSparse cs_schol / cs_chol). */
#ifndef SL_LINSOLVE_H
#define SL_LINSOLVE_H

#include "softlab/status.h"

struct cs_sparse;
struct cs_symbolic;
struct cs_numeric;

typedef struct sl_cholesky {
    struct cs_symbolic *S; /* AMD ordering and elimination tree, reused per pattern */
    struct cs_numeric *N;  /* numeric factor L, remade each factorization */
    double *work;          /* double[n] */
    int n;
    int pattern_version;   /* version of the pattern S was computed for */
    int stale;             /* 1: refactor at the next sl_cholesky_pcg */
    double *r, *z, *p, *q; /* double[n] each: CG work vectors */
} sl_cholesky;

/* Factorizes the SPD matrix A (upper triangle used, CSC). The symbolic analysis is
 * redone only when pattern_version differs from the last call. Errors: SL_ERR_NOMEM,
 * SL_ERR_FACTOR (A not positive definite, or NaN). */
sl_status sl_cholesky_factor(sl_cholesky *c, const struct cs_sparse *A, int pattern_version);

/* y += A x for the symmetric A stored as its upper triangle (CSC). */
void sl_sym_gaxpy(const struct cs_sparse *A, const double *x, double *y);

/* Solves A x = b in place (b: double[n]) with the last factorization. */
void sl_cholesky_solve(sl_cholesky *c, double *b);

void sl_cholesky_free(sl_cholesky *c);

/* The steppers' settings of sl_cholesky_pcg: a scaled residual small enough that the
 * physics is that of an exact solve, and the iteration budget (half of it used: the
 * factor is refreshed at the next solve). */
#define SL_PCG_TOLERANCE 1e-10
#define SL_PCG_MAX_ITERATIONS 32

/* Solves the SPD system A x = b (A: upper triangle, CSC) reusing an older Cholesky
 * factor of a nearby matrix as the preconditioner of conjugate gradients, to the scaled
 * residual |b - A x| <= tol |b|. The factor is refreshed when it is missing, the
 * pattern changed, or the previous solve needed more than max_iterations/2 iterations
 * (the matrix has drifted); if CG does not converge in max_iterations, A is factorized
 * and solved directly. x: double[n], in: the initial guess, out: the solution.
 * *iterations (may be NULL): CG iterations, 0 after a fresh factorization; *factored
 * (may be NULL): 1 if A was factorized. Errors: SL_ERR_NOMEM, SL_ERR_FACTOR. */
sl_status sl_cholesky_pcg(sl_cholesky *c, const struct cs_sparse *A, int pattern_version,
                          const double *b, double *x, double tol, int max_iterations,
                          int *iterations, int *factored);

/* Sparse LU with reusable symbolic analysis (CSparse cs_sqr / cs_lu) for non-symmetric
 * systems (per-vertex stiffness warping), and its use as the preconditioner of BiCGSTAB,
 * as sl_cholesky_pcg for symmetric ones. */
typedef struct sl_lu {
    struct cs_symbolic *S; /* AMD ordering of A + A^T, reused per pattern */
    struct cs_numeric *N;  /* L, U and row pivots, remade each factorization */
    int n;
    int pattern_version;
    int stale;             /* 1: refactor at the next sl_lu_bicgstab */
    double *work;          /* double[9n]: the solve's and BiCGSTAB's vectors */
} sl_lu;

/* Factorizes the square A (full CSC) with threshold partial pivoting (diagonal
 * preferred). Errors: SL_ERR_NOMEM, SL_ERR_FACTOR (singular). */
sl_status sl_lu_factor(sl_lu *c, const struct cs_sparse *A, int pattern_version);

/* Solves A x = b in place (b: double[n]) with the last factorization. */
void sl_lu_solve(sl_lu *c, double *b);

void sl_lu_free(sl_lu *c);

/* Solves A x = b (A: full CSC) by BiCGSTAB right-preconditioned with an older LU factor
 * of a nearby matrix, to |b - A x| <= tol |b|; refactors as sl_cholesky_pcg does (missing,
 * new pattern, previous solve above max_iterations/2, or no convergence: direct solve).
 * x: in the guess, out the solution. Errors: SL_ERR_NOMEM, SL_ERR_FACTOR. */
sl_status sl_lu_bicgstab(sl_lu *c, const struct cs_sparse *A, int pattern_version,
                         const double *b, double *x, double tol, int max_iterations,
                         int *iterations, int *factored);

#endif
