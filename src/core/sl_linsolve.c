#include "sl_linsolve.h"

#include <cs.h>
#include <stdlib.h>

sl_status sl_cholesky_factor(sl_cholesky *c, const cs *A, int pattern_version) {
    if (!c->S || c->pattern_version != pattern_version || c->n != A->n) {
        cs_sfree(c->S);
        free(c->work);
        c->S = cs_schol(1, A); /* AMD on A + A^T */
        c->work = malloc(sizeof(double) * (size_t)(A->n > 0 ? A->n : 1));
        c->n = (int)A->n;
        c->pattern_version = pattern_version;
        if (!c->S || !c->work) return SL_ERR_NOMEM;
    }
    cs_nfree(c->N);
    c->N = cs_chol(A, c->S);
    return c->N ? SL_OK : SL_ERR_FACTOR;
}

void sl_cholesky_solve(sl_cholesky *c, double *b) {
    cs_ipvec(c->S->pinv, b, c->work, c->n); /* w = P b */
    cs_lsolve(c->N->L, c->work);            /* w = L \ w */
    cs_ltsolve(c->N->L, c->work);           /* w = L' \ w */
    cs_pvec(c->S->pinv, c->work, b, c->n);  /* b = P' w */
}

void sl_cholesky_free(sl_cholesky *c) {
    cs_sfree(c->S);
    cs_nfree(c->N);
    free(c->work);
    c->S = NULL;
    c->N = NULL;
    c->work = NULL;
}
