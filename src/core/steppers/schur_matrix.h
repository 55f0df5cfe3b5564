/* The Schur complement of the regularized stepper's eq. 21-22 (seed 000),
 *   S = J M^-1 J^T + D,  D_ii = c alpha_i (alpha_i > 0) or SL_SCHUR_EPSILON (J M^-1 J^T)_ii,
 * kept from step to step (src/core/steppers/schur_matrix.c). J changes every step, so S's
 * values and its numeric Cholesky factor must be remade every step; its pattern (and the
 * factor's symbolic analysis, sl_cholesky_factor) only when J's pattern changes. Built
 * afresh, S took CSparse's sparse product and sum each step, with their pattern search and
 * reallocations: 58 % of the onering-cantilever per-tet panel's step (200 tets, 1200 rows,
 * native perf profile, issue 42), more than its factorization (37 %). Refilled, S is the
 * fresh build's bit for bit: the same products summed in the same order. */
#ifndef SL_SCHUR_MATRIX_H
#define SL_SCHUR_MATRIX_H

#include <cs.h>

#include "softlab/world.h"

/* Relative regularization of rows with alpha = 0 in the Schur form: over-determined
 * hard constraints (e.g. incompressible linear tets, more volume rows than dofs) make
 * J M^-1 J^T singular; seed 000 §2.2 notes that regularization removes exactly these
 * "numerical problems which occur when constraints are degenerate or over defined". */
#define SL_SCHUR_EPSILON 1e-9

typedef struct sl_schur_matrix {
    cs *S;            /* the last S (full symmetric, CSC), NULL before the first */
    csi *jp, *ji;     /* J's pattern S was built for: column pointers, row indices */
    csi jn, jnz;      /* J's columns and entries */
    csi *tmap;        /* [jnz]: entry q of J^T (CSC) is entry tmap[q] of J */
    csi *tp, *ti;     /* J^T's pattern */
    double *jminv;    /* [jnz]: J M^-1's values, J's pattern */
    double *x, *diag; /* [m]: a column of S being summed; diag of J M^-1 J^T */
    double *t;        /* [jn]: M^-1 J^T x in a product (sl_schur_matrix_apply) */
    csi *mark;        /* [m]: the column whose sum x[i] belongs to (CSparse's w) */
    int rebuilt;      /* builds from scratch, for the tests and the profile */
} sl_schur_matrix;

/* S for the world's evaluated J (its free dofs' columns) and c = gamma / dt^2: refilled in
 * place when J's pattern is the last one's, else built afresh. The returned matrix is
 * owned by sm. NULL when out of memory. */
const cs *sl_schur_matrix_update(sl_schur_matrix *sm, const sl_world *w, const cs *J, double c);

/* Refreshes J M^-1's values and the diagonal of J M^-1 J^T for the evaluated J, leaving
 * S's values as they were (a product need not form S). Returns 0, changing nothing, when
 * J's pattern is not the one S was built for (then sl_schur_matrix_update). */
int sl_schur_matrix_values(sl_schur_matrix *sm, const sl_world *w, const cs *J);

/* y += (J M^-1 J^T + D) x without forming S: x, y double[m], c = gamma / dt^2 as in
 * sl_schur_matrix_update, the values those of the last sl_schur_matrix_values or update
 * (J the same). Costs 2 nnz(J) + m multiply-adds, against nnz(S) for S x (onering-cantilever's
 * per-tet panel: 29k against 290k). */
void sl_schur_matrix_apply(sl_schur_matrix *sm, const sl_world *w, const cs *J, double c, const double *x, double *y);

void sl_schur_matrix_free(sl_schur_matrix *sm);

#endif
