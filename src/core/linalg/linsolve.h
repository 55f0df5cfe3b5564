/* Sparse Cholesky with reusable symbolic analysis (CSparse cs_schol / cs_chol). */
#ifndef SL_LINSOLVE_H
#define SL_LINSOLVE_H

#include "softlab/linear_solver.h"
#include "softlab/status.h"
#include "linalg/block_sym.h"

struct cs_sparse;
struct cs_symbolic;
struct cs_numeric;

/* L of an sl_cholesky by fundamental supernodes (runs of columns j, j+1, ... each the
 * parent of the one before with its pattern less one row: the same rows below the run),
 * each stored dense: its diagonal block (w x w, column-major, 1 / L_jj on the diagonal)
 * and the rows below it (column-major: its w columns share one list of row indices). */
typedef struct sl_supernodes {
    int count;             /* supernodes; 0: not made for the current factor */
    int *first;            /* int[count + 1]: the first column of each, then n */
    int *row_start;        /* int[count + 1]: where each one's rows below start in rows */
    int *rows;             /* the row indices below each supernode */
    size_t *value_start;   /* size_t[count + 1]: where each one's values start */
    double *values;        /* each one's diagonal block, then the rows below column by column */
    double *gathered;      /* double[n]: scratch of the solves */
} sl_supernodes;

typedef struct sl_cholesky {
    struct cs_symbolic *S; /* AMD ordering and elimination tree, reused per pattern */
    struct cs_numeric *N;  /* numeric factor L, remade each factorization */
    double *work;          /* double[n] */
    sl_supernodes super;   /* L by supernodes (sl_cholesky_apply), made at the first apply of a factor */
    int n;
    int pattern_version;   /* version of the pattern S was computed for */
    int stale;             /* 1: refactor at the next sl_cholesky_pcg */
    double *r, *z, *p, *q; /* double[n] each: CG work vectors */
    int method;            /* sl_linear_solver the preconditioner below was made for */
    double *block_inv;     /* double[9 n/3]: inverse 3x3 diagonal blocks (block Jacobi) */
    sl_block_sym blocks;   /* IC0: A by node blocks and its incomplete factor */
    /* SL_LINEAR_DEFAULT's choice between FACTOR_PCG and IC0 (sl_spd_solve): the one it
     * uses, its window's solves and their modelled cost, each method's last window's mean
     * cost a solve (0: not measured yet), and windows since the other was measured */
    int auto_method, auto_solves, auto_windows;
    double auto_cost, auto_mean[2];
} sl_cholesky;

/* Factorizes the SPD matrix A (upper triangle used, CSC). The symbolic analysis is
 * redone only when pattern_version differs from the last call. Errors: SL_ERR_NOMEM,
 * SL_ERR_FACTOR (A not positive definite, or NaN). */
sl_status sl_cholesky_factor(sl_cholesky *c, const struct cs_sparse *A, int pattern_version);

/* y += A x for the symmetric A stored as its upper triangle (CSC). */
void sl_sym_gaxpy(const struct cs_sparse *A, const double *x, double *y);

/* Solves A x = b in place (b: double[n]) with the last factorization. */
void sl_cholesky_solve(sl_cholesky *c, double *b);

/* z = A^-1 r (double[n] each, r unchanged) with the last factorization: sl_cholesky_solve's
 * result up to rounding, by supernodes (sl_supernodes, made from L at the first apply of
 * a factor; if that runs out of memory, column by column: the forward solve multiplying by
 * the diagonal's reciprocal, the backward one summing each column's dot product in four partial sums). A
 * supernode's rows below are multiplied into a gathered vector four columns at a time
 * (forward) or dotted with it in four partial sums (backward), so its w columns read
 * one row index a row and touch x once. The preconditioner of the incompressible
 * stepper's MINRES (SL_PRESSURE_MINRES_FACTOR), where these solves are most of an
 * iteration: the one-ring S of the 512-node torus (AMD): L has 29,773 entries, 152
 * supernodes of which 15 are 8 to 70 columns wide and hold nearly all of them (the last,
 * 70 x 70, is dense). Measured (perf, torus 0.5 s, native): 26.5 % of the run by columns,
 * 19 % by supernodes, the same iterations (4,199). sl_cholesky_solve keeps CSparse's
 * solves: using these there too would move every regularized run by rounding, a change of
 * its own to measure. */
void sl_cholesky_apply(sl_cholesky *c, const double *r, double *z);

void sl_cholesky_free(sl_cholesky *c);

/* The next solve starts as the first one did (a stepper's reset: a run from a reset is
 * bitwise the first run): FACTOR_PCG factorizes afresh, DEFAULT measures its methods
 * afresh. The symbolic analysis is kept. */
void sl_cholesky_restart(sl_cholesky *c);

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

/* y += A x for an SPD operator A given by its action (ctx: the operator's data). */
typedef void (*sl_operator_fn)(const void *ctx, const double *x, double *y);

/* Solves A x = b by conjugate gradients on the operator A (apply, ctx), preconditioned by
 * c's last Cholesky factor (of a nearby matrix: the caller refactors), to the scaled
 * residual |b - A x| <= tol |b|. x: double[n] (n of c's factor), in: the initial guess,
 * out: the solution. *iterations (may be NULL): CG iterations, -1 if not converged.
 * Errors: SL_ERR_NO_CONVERGENCE (no factor yet, or not converged in max_iterations: x is
 * then not a solution), SL_ERR_NOMEM. Source: the factor-as-preconditioner of
 * sl_cholesky_pcg, with a product that need not form A (regularized.c's Schur form). */
sl_status sl_cholesky_pcg_operator(sl_cholesky *c, sl_operator_fn apply, const void *ctx, const double *b, double *x,
                                   double tol, int max_iterations, int *iterations);

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
 * preferred). Errors: SL_ERR_NOMEM, SL_ERR_SINGULAR (A singular, or not finite). */
sl_status sl_lu_factor(sl_lu *c, const struct cs_sparse *A, int pattern_version);

/* Solves A x = b in place (b: double[n]) with the last factorization. */
void sl_lu_solve(sl_lu *c, double *b);

void sl_lu_free(sl_lu *c);

/* Solves A x = b (A: full CSC) by BiCGSTAB right-preconditioned with an older LU factor
 * of a nearby matrix, to |b - A x| <= tol |b|; refactors as sl_cholesky_pcg does (missing,
 * new pattern, previous solve above max_iterations/2, or no convergence: direct solve).
 * x: in the guess, out the solution. Errors: SL_ERR_NOMEM, SL_ERR_SINGULAR. */
sl_status sl_lu_bicgstab(sl_lu *c, const struct cs_sparse *A, int pattern_version,
                         const double *b, double *x, double tol, int max_iterations,
                         int *iterations, int *factored);
/* Preconditioned conjugate gradients on the SPD A x = b (A: upper triangle, CSC, n x n)
 * to |b - A x| <= tol |b|, as sl_cholesky_pcg's but with the preconditioner
 * precondition(ctx, z) (z = P^-1 z in place, P SPD); work: double[4n]; x: in the guess,
 * out the iterate (also on failure). Returns the iterations (0: the guess met tol), or -1
 * if A is not positive definite along a search direction or tol is not met in max_iterations. */
int sl_pcg(const struct cs_sparse *A, void (*precondition)(void *ctx, double *z), void *ctx,
           double *work, const double *b, double *x, double tol, int max_iterations);
/* Right-preconditioned BiCGSTAB (van der Vorst 1992, "Bi-CGSTAB: a fast and smoothly
 * converging variant of Bi-CG", Alg. 3.1 with right preconditioning) on A x = b (A: full
 * CSC, n x n) to the scaled residual |b - A x| <= tol |b|. precondition(ctx, z) replaces
 * z (double[n]) by P^-1 z; work: double[8n] of scratch; x: in the guess, out the iterate
 * (also on failure). Returns the iterations (0: the guess met tol), or -1 on a breakdown
 * or no convergence within max_iterations. */
int sl_bicgstab(const struct cs_sparse *A, void (*precondition)(void *ctx, double *z), void *ctx,
                double *work, const double *b, double *x, double tol, int max_iterations);
/* sl_bicgstab on the n x n operator A given by its action apply (y += A x, actx: its data),
 * as the vertex-warping stepper's node-block product, which forms no CSC values. */
int sl_bicgstab_operator(int n, sl_operator_fn apply, const void *actx, void (*precondition)(void *ctx, double *z),
                         void *ctx, double *work, const double *b, double *x, double tol, int max_iterations);
/* Iterative solvers' settings (block Jacobi, IC0): the scaled residual |b - A x| <= tol |b|
 * and the budget after which A is factorized and solved directly. The tolerance is what
 * issue 11's accuracy target needs: the trajectory after 100 steps within 1e-6 m of a
 * direct sparse Cholesky solve. Measured (bench --shapes --accuracy, 100 steps, IC0): at
 * 1e-7 the beam (perf-beam) was 1.3e-7 m from it at 2,560 and 5,000 tets but 1.8e-5 m at
 * 10,980 and 6.9e-5 m at 20,580; at 1e-9, 1.5e-6 m at 20,580; at 1e-10, 4.2e-10 / 4.8e-10
 * / 4.7e-8 / 2.5e-7 m at 2,560 / 5,000 / 10,980 / 20,580 tets, for 36 / 44 / 56 / 68
 * iterations a step (51 at 1e-7 on 20,580). The block (perf-block) stays within 1e-15 m.
 * Checked by tests/c/test_linsolve.c. */
#define SL_CG_TOLERANCE 1e-10
#define SL_CG_MAX_ITERATIONS 2000

/* SL_LINEAR_DEFAULT picks by the fill of the Cholesky factor (AMD ordering): IC0 when
 * nnz(L) > SL_FILL_RATIO_IC0 nnz(A), else FACTOR_PCG. A reused factor costs about nnz(L)
 * per CG iteration (6-10 iterations) plus a refactorization now and then; IC0 costs about
 * nnz(A) per iteration (30-75). Measured (bench --shapes, processor time per step, a
 * shared 2-core machine): the fill ratio is 4.2 / 5.9 / 8.7 / 12.3 on the block at 2,560
 * / 5,000 / 10,985 / 20,480 tets and 2.7 / 3.3 / 4.5 / 5.7 on the beam at 2,480 / 5,000 /
 * 10,080 / 20,090 tets (its meshes before it became the scene perf-beam); IC0 wins from about 4 up (block 20,480: 157 -> 72 ms). Below,
 * the cheaper of FACTOR_PCG and IC0 as measured along the run (SL_AUTO_WINDOW).
 *
 * Tried and not kept (2026-11-24, bench --shapes at 20,000 tets, native): IC0 plus an
 * additive coarse correction on greedy node aggregates (their translations; Z^T A Z
 * factored by CSparse each step) cut CG's iterations 53.9 -> 42.2 (block) and 68.7 -> 59.4
 * (beam), but the coarse solve cost more than it saved: 22 -> 30 and 32 -> 35 ms of solve
 * per step. A quadratic initial guess (3 v_n - 3 v_{n-1} + v_{n-2}) saved 3 % of the
 * iterations.
 * Tried 2026-11-25 and not kept (bench --shapes, native, old and new binaries run in
 * turn three times): the IC0 factor rounded to float for the triangular solves (half the
 * bytes; same iterations): no difference beyond the machine's noise (block 20,480: 18.1-
 * 24.0 ms of solve with doubles, 19.1-23.3 with floats). D-ILU (A's own off-diagonal
 * blocks, only the diagonal modified, which would let the Eisenstat trick fold the
 * matrix-vector product into the solves): 53.9 -> 71.6 iterations on the block and
 * 68.7 -> 85.6 on the beam, more than the trick's saving of one pass in three. The
 * residual norm summed in CG's update pass, and -mbulk-memory for wasm's memset: no
 * measurable gain. */
#define SL_FILL_RATIO_IC0 4.0

/* SL_LINEAR_DEFAULT below the fill ratio: FACTOR_PCG and IC0 are each measured over
 * windows of SL_AUTO_WINDOW solves, by a model of their work (entries of L, of A's blocks
 * and of the factorizations touched: deterministic, unlike a clock), and the cheaper one is
 * kept; the other is measured again every SL_AUTO_RETRY windows, as the system changes
 * along a run. Why: on the small, moving scenes the reused factor drifts and PCG needs many
 * iterations or refactorizations, while IC0 on a mass-dominated system converges in a few
 * (processor time per step, native, 0.5 s from the start, FACTOR_PCG against IC0, one run,
 * a loaded machine: grid-lifted-box 1.58 / 0.52 ms, grid-water-lily 1.47 / 0.57, grid-rubber-ball
 * 2.23 / 1.16, fem-soft-beam 0.59 / 0.36; but warp-tube's stiff panels 8.84 / 12.29 and 3.09
 * / 3.45, where the factor stays good). */
#define SL_AUTO_WINDOW 32
#define SL_AUTO_RETRY 16
/* IC0's work counts this much of FACTOR_PCG's per entry touched: its 3x3 blocks are dense
 * and contiguous, CSparse's triangular solves go entry by entry through index arrays and
 * permutations. Estimated from the modelled work and processor time of both alone (one
 * loaded run, 2 s from the start): grid-inflation's panel 2 (5.0e5 against 6.3e5 units a
 * solve; 1.0 against 0.3 ms a step) and grid-rubber-ball (1.45e6 against 7.7e5; 1.6 against
 * 0.6 ms), solve time per unit 3-4 times lower for IC0; 0.4 keeps a margin. */
#define SL_AUTO_BLOCK_SPEED 0.4

/* Solves the SPD system A x = b (A: upper triangle, CSC, the dofs of a node in
 * consecutive triples) by the method solver (sl_linear_solver; DEFAULT chooses IC0 above
 * SL_FILL_RATIO_IC0, else the cheaper of FACTOR_PCG and IC0 as measured, see SL_AUTO_WINDOW): FACTOR_PCG is sl_cholesky_pcg with SL_PCG_TOLERANCE;
 * CHOLESKY factorizes and solves directly; BLOCK_JACOBI and IC0 run CG to the scaled
 * residual SL_CG_TOLERANCE, falling back to a direct solve after SL_CG_MAX_ITERATIONS.
 * x: double[n], in: the initial guess, out: the solution. *iterations, *factored (may
 * be NULL) as in sl_cholesky_pcg. DEFAULT_LU: DEFAULT, then, where that finds A not
 * positive definite, A solved by a sparse LU (cs_lusol; *factored 1). Errors: SL_ERR_NOMEM,
 * SL_ERR_FACTOR (not DEFAULT_LU), SL_ERR_SINGULAR (DEFAULT_LU's LU found no pivot). */
sl_status sl_spd_solve(sl_cholesky *c, int solver, const struct cs_sparse *A, int pattern_version,
                       const double *b, double *x, int *iterations, int *factored);

#endif
