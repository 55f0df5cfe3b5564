/* A symmetric matrix of 3x3 node blocks (the steppers' M + c J^T W J over free dofs,
 * three per node) and its incomplete Cholesky factor IC0, for conjugate gradients.
 *
 * Why blocks: CG's cost is the matrix-vector product and the two triangular solves of the
 * preconditioner, all memory-bound. The scalar CSC upper triangle stores an index per
 * entry (8 bytes natively, 4 in wasm, beside the 8-byte value); by node blocks one index
 * serves nine values and the 3x3 products unroll. IC0 on the block pattern keeps exactly
 * the entries scalar IC0 keeps on A's pattern (which is block-complete), so the
 * preconditioner, and the iteration count, are those of scalar IC0. */
#ifndef SL_BLOCK_SYM_H
#define SL_BLOCK_SYM_H

#include "softlab/status.h"

struct cs_sparse;

typedef struct sl_block_sym {
    int nb;          /* block columns (nodes): n / 3 */
    int nnzb;        /* stored blocks: the upper triangle, diagonal blocks included */
    int *bp, *bi;    /* int[nb + 1], int[nnzb]: block CSC, rows sorted, diagonal last */
    int *map;        /* int[nnz(A)]: where each scalar entry of A goes in bx */
    double *bx;      /* double[9 nnzb]: block (I, J), I <= J, row-major; diagonal blocks full */
    double *L;       /* double[9 nnzb]: IC0 factor, row I of L in block column I: L_IK at
                        the slot of (K, I), row-major; L_II lower triangular */
    double *row;     /* double[9 nb]: the factorization's dense block row, zero between rows */
    int *mark;       /* int[nb]: row I + 1 where block row I has an entry (factorization) */
    const struct cs_sparse *pattern; /* the matrix the map was made for */
    int pattern_version;
} sl_block_sym;

/* Makes the block layout of the symmetric A (upper triangle, CSC, rows sorted, diagonal
 * last in each column, n = 3 nb). Kept while pattern_version matches. Errors:
 * SL_ERR_RANGE (n not a multiple of 3, or a node block only partly stored: the pattern is
 * not block-complete), SL_ERR_NOMEM. */
sl_status sl_block_sym_prepare(sl_block_sym *B, const struct cs_sparse *A, int pattern_version);

/* Copies A's values into the blocks (same pattern as at sl_block_sym_prepare). */
void sl_block_sym_values(sl_block_sym *B, const struct cs_sparse *A);

/* y += A x; x, y: double[3 nb]. */
void sl_block_sym_gaxpy(const sl_block_sym *B, const double *x, double *y);

/* IC0 of the blocks: L L^T = A on every stored block. A pivot block that is not
 * positive definite after the updates is replaced by its own factor (the scalar IC0's
 * rule: keep the diagonal). Errors: SL_ERR_FACTOR (a diagonal block of A itself is not
 * positive definite, or not finite). */
sl_status sl_block_ic0_factor(sl_block_sym *B);

/* z <- (L L^T)^-1 z in place; z: double[3 nb]. */
void sl_block_ic0_solve(const sl_block_sym *B, double *z);

void sl_block_sym_free(sl_block_sym *B);

#endif
