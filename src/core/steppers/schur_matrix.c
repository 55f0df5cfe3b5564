/* S = J M^-1 J^T + D, kept from step to step (schur_matrix.h). The refill repeats the
 * arithmetic of a fresh build (CSparse's cs_multiply(J M^-1, J^T) then cs_add(., D, 1, 1)):
 * column j of S sums, in J^T's order, J^T_kj (J M^-1)_ik over the k of J^T's column j,
 * the first term of each entry assigned and the rest added, then D_jj added; so a refilled
 * S is a fresh one bit for bit (tests/c/test_schur_matrix.c). */
#include "steppers/schur_matrix.h"

#include <stdlib.h>
#include <string.h>

#include "world/stepper_api.h"

void sl_schur_matrix_free(sl_schur_matrix *sm) {
    if (!sm) return;
    cs_spfree(sm->S);
    free(sm->jp), free(sm->ji), free(sm->tmap), free(sm->tp), free(sm->ti);
    free(sm->jminv), free(sm->x), free(sm->diag), free(sm->mark), free(sm->t);
    int rebuilt = sm->rebuilt;
    memset(sm, 0, sizeof *sm);
    sm->rebuilt = rebuilt;
}

/* J M^-1's values and the diagonal of J M^-1 J^T, in J's order. */
static void scaled_values(sl_schur_matrix *sm, const sl_world *w, const cs *J) {
    const int *free_dof = sl_stepper_free_dofs(w), m = sl_world_constraint_count(w);
    const double *mass = sl_world_masses(w);
    memset(sm->diag, 0, sizeof(double) * (size_t)m);
    for (csi j = 0; j < J->n; j++)
        for (csi p = J->p[j]; p < J->p[j + 1]; p++) {
            sm->jminv[p] = J->x[p] / mass[free_dof[j] / 3];
            sm->diag[J->i[p]] += J->x[p] * sm->jminv[p];
        }
}

static double d_entry(const sl_world *w, const sl_schur_matrix *sm, int i, double c) {
    const double *alpha = sl_stepper_alpha(w);
    return alpha[i] > 0 ? c * alpha[i] : SL_SCHUR_EPSILON * sm->diag[i];
}

/* A fresh S by CSparse (the build the refill repeats), J's and J^T's patterns kept. */
static int build(sl_schur_matrix *sm, const sl_world *w, const cs *J, double c) {
    const int m = sl_world_constraint_count(w);
    csi nz = J->p[J->n];
    sl_schur_matrix_free(sm);
    sm->rebuilt++;
    sm->jp = malloc(sizeof(csi) * (size_t)(J->n + 1)), sm->ji = malloc(sizeof(csi) * (size_t)(nz + 1));
    sm->tmap = malloc(sizeof(csi) * (size_t)(nz + 1)), sm->jminv = malloc(sizeof(double) * (size_t)(nz + 1));
    sm->x = calloc((size_t)m + 1, sizeof(double)), sm->diag = calloc((size_t)m + 1, sizeof(double));
    sm->mark = calloc((size_t)m + 1, sizeof(csi)), sm->t = calloc((size_t)J->n + 1, sizeof(double));
    cs *JMinv = cs_spalloc(J->m, J->n, nz + 1, 1, 0), *D = cs_spalloc(m, m, m + 1, 1, 1);
    cs *index = cs_spalloc(J->m, J->n, nz + 1, 1, 0);
    cs *T = NULL, *Dc = NULL, *JMJ = NULL;
    if (sm->jp && sm->ji && sm->tmap && sm->jminv && sm->x && sm->diag && sm->mark && sm->t && JMinv && D && index) {
        sm->jn = J->n, sm->jnz = nz;
        memcpy(sm->jp, J->p, sizeof(csi) * (size_t)(J->n + 1)), memcpy(sm->ji, J->i, sizeof(csi) * (size_t)nz);
        scaled_values(sm, w, J);
        memcpy(JMinv->p, J->p, sizeof(csi) * (size_t)(J->n + 1)), memcpy(JMinv->i, J->i, sizeof(csi) * (size_t)nz);
        memcpy(index->p, J->p, sizeof(csi) * (size_t)(J->n + 1)), memcpy(index->i, J->i, sizeof(csi) * (size_t)nz);
        for (csi q = 0; q < nz; q++) JMinv->x[q] = sm->jminv[q], index->x[q] = (double)q;
        T = cs_transpose(index, 1); /* J^T's pattern, each entry holding its index in J */
        for (int i = 0; i < m; i++) cs_entry(D, i, i, d_entry(w, sm, i, c));
        Dc = cs_compress(D);
        cs *JT = cs_transpose(J, 1);
        JMJ = JT ? cs_multiply(JMinv, JT) : NULL;
        cs_spfree(JT);
        if (Dc && JMJ && T) sm->S = cs_add(JMJ, Dc, 1.0, 1.0);
    }
    if (sm->S) {
        for (csi q = 0; q < nz; q++) sm->tmap[q] = (csi)T->x[q];
        sm->tp = T->p, sm->ti = T->i, T->p = T->i = NULL; /* kept */
    }
    cs_spfree(JMinv), cs_spfree(D), cs_spfree(index), cs_spfree(T), cs_spfree(Dc), cs_spfree(JMJ);
    return sm->S != NULL;
}

static int same_pattern(const sl_schur_matrix *sm, const cs *J) {
    return sm->S && J->n == sm->jn && J->p[J->n] == sm->jnz && !memcmp(J->p, sm->jp, sizeof(csi) * (size_t)(J->n + 1)) &&
           !memcmp(J->i, sm->ji, sizeof(csi) * (size_t)sm->jnz);
}

/* S's values in place: cs_multiply's scatter (cs_scatter: first term assigned, the next
 * added) over J^T's column j, then cs_add's D_jj, gathered in S's entry order. */
static void refill(sl_schur_matrix *sm, const sl_world *w, const cs *J, double c) {
    cs *S = sm->S;
    scaled_values(sm, w, J);
    for (csi j = 0; j < S->n; j++) {
        csi mark = j + 1;
        for (csi p = sm->tp[j]; p < sm->tp[j + 1]; p++) {
            csi k = sm->ti[p];
            double b = J->x[sm->tmap[p]]; /* J^T_kj */
            for (csi q = J->p[k]; q < J->p[k + 1]; q++) {
                csi i = J->i[q];
                if (sm->mark[i] < mark) sm->mark[i] = mark, sm->x[i] = b * sm->jminv[q];
                else sm->x[i] += b * sm->jminv[q];
            }
        }
        double d = d_entry(w, sm, (int)j, c);
        if (sm->mark[j] < mark) sm->mark[j] = mark, sm->x[j] = d;
        else sm->x[j] = 1.0 * sm->x[j] + 1.0 * d; /* cs_add: alpha A then + beta B */
        for (csi p = S->p[j]; p < S->p[j + 1]; p++) S->x[p] = sm->x[S->i[p]];
    }
}

const cs *sl_schur_matrix_update(sl_schur_matrix *sm, const sl_world *w, const cs *J, double c) {
    if (!J) return NULL;
    if (!same_pattern(sm, J)) return build(sm, w, J, c) ? sm->S : NULL;
    for (int i = 0; i < sl_world_constraint_count(w); i++) sm->mark[i] = 0; /* marks are per update */
    refill(sm, w, J, c);
    return sm->S;
}

int sl_schur_matrix_values(sl_schur_matrix *sm, const sl_world *w, const cs *J) {
    if (!J || !same_pattern(sm, J)) return 0;
    scaled_values(sm, w, J);
    return 1;
}

void sl_schur_matrix_apply(sl_schur_matrix *sm, const sl_world *w, const cs *J, double c, const double *x, double *y) {
    for (csi j = 0; j < J->n; j++) { /* t = M^-1 J^T x, column j of J M^-1 being row j of (J M^-1)^T */
        double t = 0;
        for (csi p = J->p[j]; p < J->p[j + 1]; p++) t += sm->jminv[p] * x[J->i[p]];
        sm->t[j] = t;
    }
    for (csi j = 0; j < J->n; j++) /* y += J t */
        for (csi p = J->p[j]; p < J->p[j + 1]; p++) y[J->i[p]] += J->x[p] * sm->t[j];
    const int m = sl_world_constraint_count(w);
    for (int i = 0; i < m; i++) y[i] += d_entry(w, sm, i, c) * x[i];
}
