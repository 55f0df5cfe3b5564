/* Sparse Cholesky with reusable symbolic analysis (CSparse cs_schol / cs_chol). */
#ifndef SL_LINSOLVE_H
#define SL_LINSOLVE_H

#include "sl_status.h"

struct cs_sparse;
struct cs_symbolic;
struct cs_numeric;

typedef struct sl_cholesky {
    struct cs_symbolic *S; /* AMD ordering and elimination tree, reused per pattern */
    struct cs_numeric *N;  /* numeric factor L, remade each factorization */
    double *work;          /* double[n] */
    int n;
    int pattern_version;   /* version of the pattern S was computed for */
} sl_cholesky;

/* Factorizes the SPD matrix A (upper triangle used, CSC). The symbolic analysis is
 * redone only when pattern_version differs from the last call. Errors: SL_ERR_NOMEM,
 * SL_ERR_FACTOR (A not positive definite, or NaN). */
sl_status sl_cholesky_factor(sl_cholesky *c, const struct cs_sparse *A, int pattern_version);

/* Solves A x = b in place (b: double[n]) with the last factorization. */
void sl_cholesky_solve(sl_cholesky *c, double *b);

void sl_cholesky_free(sl_cholesky *c);

#endif
