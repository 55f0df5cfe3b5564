/* Global assembly from model blocks (world/assembly.h). */
#define SL_WORLD_INTERNAL /* world/world_internal.h: the world's own files */
#include "world/assembly.h"

#include <cs.h>
#include <stdlib.h>
#include <string.h>

#include "linalg/dense.h"
#include "world/world_internal.h"

void sl_assembly_free(sl_assembly *a) {
    free(a->dof);
    free(a->free_dof);
    free(a->phi);
    free(a->alpha);
    free(a->w);
    free(a->J);
    free(a->H);
    free(a->row_offset);
    free(a->J_offset);
    free(a->H_offset);
    free(a->eval_x);
    free(a->fused), free(a->fused_x);
    free(a->phi_block);
    free(a->w_block);
    free(a->block_offset);
    for (int k = 0; a->rows && k < a->row_models; k++) {
        sl_assembly_rows *r = &a->rows[k];
        free(r->ptr), free(r->dof), free(r->val), free(r->pos), free(r->slot_ptr), free(r->slot);
    }
    free(a->rows);
    cs_spfree(a->A);
    free(a->A_slot);
    free(a->A_diag);
    cs_spfree(a->Jc);
    free(a->Jc_slot);
    cs_spfree(a->Jr);
    free(a->Jr_from), free(a->Jr_to), free(a->Jr_select);
    int version = a->version;
    unsigned jr_pattern = a->Jr_pattern;
    memset(a, 0, sizeof *a);
    a->version = version;
    a->Jr_pattern = jr_pattern;
}

static int block_dofs(const sl_model *m) { return 3 * m->block_nodes; }

/* Free-dof index of entry r (0 .. 3k-1) of block b of model m. */
static int block_dof(const sl_world *w, const sl_model *m, int b, int r) {
    return w->assembly.dof[3 * m->block_node[b * m->block_nodes + r / 3] + r % 3];
}

int sl_assembly_find_slot(const cs *A, int row, int col) {
    csi lo = A->p[col], hi = A->p[col + 1] - 1;
    while (lo <= hi) {
        csi mid = (lo + hi) / 2;
        if (A->i[mid] == row) return (int)mid;
        if (A->i[mid] < row) lo = mid + 1;
        else hi = mid - 1;
    }
    return -1;
}

static sl_status build_dof_map(sl_world *w) {
    sl_assembly *a = &w->assembly;
    a->dof = malloc(sizeof(int) * 3 * (size_t)w->n);
    a->free_dof = malloc(sizeof(int) * (3 * (size_t)w->n + 1));
    if (!a->dof || !a->free_dof) return SL_ERR_NOMEM;
    a->n_free = 0;
    for (int i = 0; i < 3 * w->n; i++) {
        a->dof[i] = w->pinned[i / 3] ? -1 : a->n_free;
        if (!w->pinned[i / 3]) a->free_dof[a->n_free++] = i;
    }
    return SL_OK;
}

static void copy_compliance(sl_world *w) {
    sl_assembly *a = &w->assembly;
    a->w_ok = 0;
    for (int k = 0; k < w->model_count; k++) {
        const sl_model *m = w->models[k];
        memcpy(a->alpha + a->row_offset[k], m->compliance,
               sizeof(double) * (size_t)sl_model_constraint_count(m));
    }
}

static sl_status alloc_scratch(sl_world *w) {
    sl_assembly *a = &w->assembly;
    int mc = w->model_count > 0 ? w->model_count : 1;
    a->row_offset = calloc((size_t)mc, sizeof(int));
    a->J_offset = calloc((size_t)mc, sizeof(int));
    a->H_offset = calloc((size_t)mc, sizeof(int));
    a->block_offset = calloc((size_t)mc, sizeof(int));
    a->rows = calloc((size_t)mc, sizeof *a->rows);
    a->row_models = mc;
    if (!a->row_offset || !a->J_offset || !a->H_offset || !a->block_offset || !a->rows)
        return SL_ERR_NOMEM;
    int rows = 0, block_rows = 0;
    a->J_size = a->H_size = 0;
    for (int k = 0; k < w->model_count; k++) {
        const sl_model *m = w->models[k];
        int nd = block_dofs(m);
        a->row_offset[k] = rows;
        a->J_offset[k] = a->J_size;
        a->H_offset[k] = a->H_size;
        a->block_offset[k] = block_rows;
        rows += sl_model_constraint_count(m);
        if (m->block_row) block_rows += sl_model_block_row_count(m);
        a->J_size += m->block_count * m->block_rows * nd;
        a->H_size += m->block_count * nd * nd;
    }
    size_t m1 = (size_t)(rows > 0 ? rows : 1);
    a->phi = calloc(m1, sizeof(double));
    a->alpha = calloc(m1, sizeof(double));
    a->w = calloc(m1, sizeof(double));
    a->J = calloc((size_t)(a->J_size > 0 ? a->J_size : 1), sizeof(double));
    a->H = calloc((size_t)(a->H_size > 0 ? a->H_size : 1), sizeof(double));
    a->eval_x = malloc(sizeof(double) * 3 * (size_t)w->n);
    a->fused = calloc((size_t)mc, 1);
    a->fused_x = malloc(sizeof(double) * 3 * (size_t)(w->n > 0 ? w->n : 1));
    a->phi_block = calloc((size_t)(block_rows > 0 ? block_rows : 1), sizeof(double));
    a->w_block = calloc((size_t)(block_rows > 0 ? block_rows : 1), sizeof(double));
    if (!a->phi || !a->alpha || !a->w || !a->J || !a->H || !a->eval_x || !a->phi_block || !a->w_block || !a->fused ||
        !a->fused_x)
        return SL_ERR_NOMEM;
    copy_compliance(w);
    return SL_OK;
}

/* Sorts the n ints of v ascending. A model row's dofs are a few dozen at most, and
 * build_rows sorts one list per row: insertion sort, without qsort's per-call cost
 * (musl's qsort, which the wasm build links, is slow on such small lists). */
static void sort_ints(int *v, int n) {
    for (int i = 1; i < n; i++) {
        int x = v[i], j = i;
        for (; j > 0 && v[j - 1] > x; j--) v[j] = v[j - 1];
        v[j] = x;
    }
}

/* The sparse rows of model k with a row map (sl_assembly_rows): each model row's free
 * dofs are the union of those of the blocks that add into it. */
static sl_status build_rows(sl_world *w, int k) {
    sl_assembly *a = &w->assembly;
    const sl_model *m = w->models[k];
    sl_assembly_rows *R = &a->rows[k];
    int nrows = m->row_count, nbr = sl_model_block_row_count(m), nd = block_dofs(m);
    int *count = calloc((size_t)nrows + 1, sizeof(int));      /* block rows per model row */
    int *start = calloc((size_t)nrows + 1, sizeof(int));
    int *order = malloc(sizeof(int) * (size_t)(nbr > 0 ? nbr : 1)); /* block rows by model row */
    int *where = malloc(sizeof(int) * (size_t)(a->n_free > 0 ? a->n_free : 1));
    int cap = 4 * nd + 16, nnz = 0;
    R->ptr = malloc(sizeof(int) * ((size_t)nrows + 1));
    R->slot_ptr = malloc(sizeof(int) * ((size_t)nrows + 1));
    R->pos = malloc(sizeof(int) * ((size_t)nbr * (size_t)nd + 1));
    R->dof = malloc(sizeof(int) * (size_t)cap);
    sl_status st = SL_ERR_NOMEM;
    if (!count || !start || !order || !where || !R->ptr || !R->slot_ptr || !R->pos || !R->dof) goto done;
    for (int br = 0; br < nbr; br++) count[m->block_row[br]]++;
    for (int i = 0; i < nrows; i++) start[i + 1] = start[i] + count[i];
    memset(count, 0, sizeof(int) * (size_t)nrows);
    for (int br = 0; br < nbr; br++) order[start[m->block_row[br]] + count[m->block_row[br]]++] = br;
    for (int i = 0; i < a->n_free; i++) where[i] = -1;
    R->slot_ptr[0] = 0;
    for (int i = 0; i < nrows; i++) {
        R->ptr[i] = nnz;
        for (int q = start[i]; q < start[i + 1]; q++) {
            int b = order[q] / m->block_rows;
            for (int c = 0; c < nd; c++) {
                int d = block_dof(w, m, b, c);
                if (d < 0 || where[d] == i) continue;
                where[d] = i;
                if (nnz == cap) {
                    int *grown = realloc(R->dof, sizeof(int) * (size_t)(cap *= 2));
                    if (!grown) goto done;
                    R->dof = grown;
                }
                R->dof[nnz++] = d;
            }
        }
        sort_ints(R->dof + R->ptr[i], nnz - R->ptr[i]);
        for (int p = R->ptr[i]; p < nnz; p++) where[R->dof[p]] = p; /* entry of each dof */
        for (int q = start[i]; q < start[i + 1]; q++) {
            int br = order[q], b = br / m->block_rows;
            for (int c = 0; c < nd; c++) {
                int d = block_dof(w, m, b, c);
                R->pos[(size_t)br * (size_t)nd + (size_t)c] = d < 0 ? -1 : where[d];
            }
        }
        for (int p = R->ptr[i]; p < nnz; p++) where[R->dof[p]] = -1;
        int len = nnz - R->ptr[i];
        R->slot_ptr[i + 1] = R->slot_ptr[i] + len * (len + 1) / 2;
    }
    R->ptr[nrows] = nnz;
    R->val = calloc((size_t)(nnz > 0 ? nnz : 1), sizeof(double));
    R->slot = malloc(sizeof(int) * (size_t)(R->slot_ptr[nrows] > 0 ? R->slot_ptr[nrows] : 1));
    st = R->val && R->slot ? SL_OK : SL_ERR_NOMEM;
done:
    free(count), free(start), free(order), free(where);
    return st;
}

/* The coupling groups of the pattern: every block of every model (its free dofs couple
 * through the block's stiffness), then every shared row of the models with a row map (its
 * dofs couple through J^T alpha^-1 J). Group g is block g of the flat block list, or, past
 * them, row g - blocks of the flat list of shared rows. */
typedef struct pattern_groups {
    int blocks;           /* number of block groups */
    int count;            /* blocks + shared rows */
    int *model;           /* int[count]: the model of each group */
    int *index;           /* int[count]: its block or row in that model */
} pattern_groups;

/* The free dofs of group g into out (at most max; the count, or -1 if more). */
static int group_dofs(const sl_world *w, const pattern_groups *G, int g, int *out, int max) {
    const sl_model *m = w->models[G->model[g]];
    int n = 0;
    if (g < G->blocks) {
        for (int r = 0, nd = block_dofs(m); r < nd; r++) {
            int d = block_dof(w, m, G->index[g], r);
            if (d >= 0) {
                if (n == max) return -1;
                out[n++] = d;
            }
        }
        return n;
    }
    const sl_assembly_rows *R = &w->assembly.rows[G->model[g]];
    for (int p = R->ptr[G->index[g]]; p < R->ptr[G->index[g] + 1]; p++) {
        if (n == max) return -1;
        out[n++] = R->dof[p];
    }
    return n;
}

/* Upper-triangle pattern of M + (block couplings) over the free dofs, row indices sorted
 * in each column. Built column by column from the groups each free dof is in (no triplet
 * list to compress, sum and sort twice: at the 5,400 tets of the soft beam that was most of
 * a world's set-up time). */
static cs *build_pattern(const sl_world *w) {
    const sl_assembly *a = &w->assembly;
    int n = a->n_free, max = 0;
    pattern_groups G = {0};
    for (int k = 0; k < w->model_count; k++) {
        const sl_model *m = w->models[k];
        G.blocks += m->block_count;
        G.count += m->block_count + (a->rows[k].ptr ? m->row_count : 0);
        if (a->rows[k].ptr)
            for (int i = 0; i < m->row_count; i++) if (a->rows[k].ptr[i + 1] - a->rows[k].ptr[i] > max) max = a->rows[k].ptr[i + 1] - a->rows[k].ptr[i];
        if (block_dofs(m) > max) max = block_dofs(m);
    }
    G.model = malloc(sizeof(int) * (size_t)(G.count + 1));
    G.index = malloc(sizeof(int) * (size_t)(G.count + 1));
    int *start = calloc((size_t)n + 1, sizeof(int)), *fill = malloc(sizeof(int) * ((size_t)n + 1));
    int *dofs = malloc(sizeof(int) * (size_t)(max + 1)), *mark = malloc(sizeof(int) * ((size_t)n + 1));
    int *group = NULL;
    cs *A = NULL;
    if (!G.model || !G.index || !start || !fill || !dofs || !mark) goto done;
    for (int k = 0, g = 0, r = G.blocks; k < w->model_count; k++) {
        const sl_model *m = w->models[k];
        for (int b = 0; b < m->block_count; b++, g++) G.model[g] = k, G.index[g] = b;
        for (int i = 0; a->rows[k].ptr && i < m->row_count; i++, r++) G.model[r] = k, G.index[r] = i;
    }
    /* the groups of each free dof: counted, then listed (group[start[d] .. start[d+1]-1]) */
    for (int g = 0; g < G.count; g++) {
        int c = group_dofs(w, &G, g, dofs, max);
        for (int q = 0; q < c; q++) start[dofs[q] + 1]++;
    }
    for (int d = 0; d < n; d++) start[d + 1] += start[d];
    group = malloc(sizeof(int) * (size_t)(start[n] + 1));
    if (!group) goto done;
    memcpy(fill, start, sizeof(int) * (size_t)n);
    for (int g = 0; g < G.count; g++) {
        int c = group_dofs(w, &G, g, dofs, max);
        for (int q = 0; q < c; q++) group[fill[dofs[q]]++] = g;
    }
    /* two passes over the columns: count the rows i <= j coupled to dof j, then list them */
    for (int pass = 0; pass < 2; pass++) {
        csi nz = 0;
        for (int d = 0; d < n; d++) mark[d] = -1;
        for (int j = 0; j < n; j++) {
            csi first = nz;
            if (pass) A->p[j] = nz, A->i[nz] = j;
            mark[j] = j, nz++; /* the diagonal (the lumped mass) */
            for (int e = start[j]; e < start[j + 1]; e++) {
                int c = group_dofs(w, &G, group[e], dofs, max);
                for (int q = 0; q < c; q++) {
                    int i = dofs[q];
                    if (i > j || mark[i] == j) continue;
                    mark[i] = j;
                    if (pass) A->i[nz] = i;
                    nz++;
                }
            }
            if (pass) { /* insertion sort: a column holds a few dozen rows */
                for (csi p = first + 1; p < nz; p++) {
                    csi x = A->i[p], q = p;
                    for (; q > first && A->i[q - 1] > x; q--) A->i[q] = A->i[q - 1];
                    A->i[q] = x;
                }
            }
        }
        if (!pass) {
            A = cs_spalloc(n, n, nz > 0 ? nz : 1, 1, 0);
            if (!A) goto done;
            memset(A->x, 0, sizeof(double) * (size_t)(nz > 0 ? nz : 1));
        } else A->p[n] = nz;
    }
done:
    free(G.model), free(G.index), free(start), free(fill), free(dofs), free(mark), free(group);
    return A;
}

static sl_status build_slots(sl_world *w) {
    sl_assembly *a = &w->assembly;
    a->A_slot = malloc(sizeof(int) * (size_t)(a->H_size > 0 ? a->H_size : 1));
    a->A_diag = malloc(sizeof(int) * (size_t)(a->n_free > 0 ? a->n_free : 1));
    if (!a->A_slot || !a->A_diag) return SL_ERR_NOMEM;
    for (int i = 0; i < a->n_free; i++) a->A_diag[i] = sl_assembly_find_slot(a->A, i, i);
    for (int k = 0; k < w->model_count; k++) {
        const sl_model *m = w->models[k];
        int nd = block_dofs(m);
        int *slot = a->A_slot + a->H_offset[k];
        for (int b = 0; b < m->block_count; b++)
            for (int r = 0; r < nd; r++)
                for (int c = 0; c < nd; c++) {
                    int gr = block_dof(w, m, b, r), gc = block_dof(w, m, b, c);
                    *slot++ = (gr >= 0 && gc >= 0 && gr <= gc) ? sl_assembly_find_slot(a->A, gr, gc) : -1;
                }
        sl_assembly_rows *R = &a->rows[k];
        for (int i = 0; R->ptr && i < m->row_count; i++) {
            int *s = R->slot + R->slot_ptr[i];
            for (int p = R->ptr[i]; p < R->ptr[i + 1]; p++)
                for (int q = p; q < R->ptr[i + 1]; q++) *s++ = sl_assembly_find_slot(a->A, R->dof[p], R->dof[q]);
        }
    }
    return SL_OK;
}

sl_status sl_assembly_prepare(sl_world *w) {
    sl_assembly *a = &w->assembly;
    if (a->valid) return SL_OK;
    sl_assembly_free(a);
    sl_status st = build_dof_map(w);
    if (st == SL_OK) st = alloc_scratch(w);
    for (int k = 0; st == SL_OK && k < w->model_count; k++)
        if (w->models[k]->block_row) st = build_rows(w, k);
    if (st == SL_OK) {
        a->A = build_pattern(w);
        st = a->A ? build_slots(w) : SL_ERR_NOMEM;
    }
    if (st != SL_OK) {
        sl_assembly_free(a);
        return st;
    }
    a->version++;
    a->valid = 1;
    return SL_OK;
}

/* 1 if every row of model k is hard (alpha = 0): it gives no force. */
static int all_hard(const sl_assembly *a, const sl_model *m, int k) {
    const double *alpha = a->alpha + a->row_offset[k];
    for (int i = 0; i < sl_model_constraint_count(m); i++)
        if (alpha[i] != 0) return 0;
    return 1;
}

/* 1 if no row of model k is hard. */
static int none_hard(const sl_assembly *a, const sl_model *m, int k) {
    const double *alpha = a->alpha + a->row_offset[k];
    for (int i = 0; i < sl_model_constraint_count(m); i++)
        if (alpha[i] == 0) return 0;
    return 1;
}

/* What an evaluation computes: phi and J of every model (sl_assembly_evaluate); phi and
 * the forces of the models with a row that is not hard (sl_assembly_evaluate_forces); phi
 * of every model and J of those with a hard row (sl_assembly_evaluate_projection). In the
 * last two a model with add_forces and no row map gives its forces without J (where
 * _PROJECTION needs none of its rows). */
enum { EVALUATE_ALL, EVALUATE_FORCES, EVALUATE_PROJECTION, EVALUATE_PHI };

void sl_assembly_refresh_compliance(sl_world *w) {
    if (!w || !w->assembly.alpha) return;
    copy_compliance(w);
    /* which models an evaluation without all of J left out depends on which rows are hard */
    if (w->assembly.eval_mode != EVALUATE_ALL) w->assembly.eval_ok = 0;
}

/* phi and J at x into the assembly as mode says (one evaluation of sl_step_timing). */
static void evaluate_models(sl_world *w, const double *x, int mode) {
    w->timing.evaluations++;
    sl_assembly *a = &w->assembly;
    a->evaluations++;
    a->w_ok = 0;
    int any_fused = 0;
    for (int k = 0; k < w->model_count; k++) {
        const sl_model *m = w->models[k];
        a->fused[k] = 0;
        if (mode == EVALUATE_FORCES && all_hard(a, m, k)) continue;
        if (!m->block_row) {
            a->fused[k] = mode != EVALUATE_ALL && m->cls->add_forces && (mode == EVALUATE_FORCES || none_hard(a, m, k));
            any_fused |= a->fused[k];
            m->cls->evaluate(m, x, a->phi + a->row_offset[k], a->fused[k] ? NULL : a->J + a->J_offset[k]);
            continue;
        }
        double *pb = a->phi_block + a->block_offset[k], *phi = a->phi + a->row_offset[k];
        m->cls->evaluate(m, x, pb, a->J + a->J_offset[k]);
        memset(phi, 0, sizeof(double) * (size_t)m->row_count);
        for (int br = 0; br < sl_model_block_row_count(m); br++) phi[m->block_row[br]] += pb[br]; /* shared rows add */
    }
    if (any_fused) memcpy(a->fused_x, x, 3 * (size_t)w->n * sizeof(double));
}

/* w = alpha^-1 phi, unless it is that already (an evaluation kept, alpha the same). */
static void update_weights(sl_world *w) {
    sl_assembly *a = &w->assembly;
    if (a->w_ok) return;
    for (int i = 0; i < w->m; i++) a->w[i] = a->alpha[i] > 0 ? a->phi[i] / a->alpha[i] : 0;
    a->w_ok = 1;
}

/* 1 if an evaluation of kind `held` computed what one of kind `mode` asks for: all of it,
 * or phi of every model and the forces (_PROJECTION for _FORCES and _PHI). */
static int covers(int held, int mode) {
    return held == EVALUATE_ALL || held == mode || (held == EVALUATE_PROJECTION && (mode == EVALUATE_FORCES || mode == EVALUATE_PHI));
}

/* The cache and evaluation of the sl_assembly_evaluate* functions (_PHI evaluates all on a
 * miss). */
static void evaluate_at(sl_world *w, const double *x, int mode) {
    sl_assembly *a = &w->assembly;
    a->calls++;
    /* The models are functions of x alone: at the positions of the last evaluation, phi and
     * J are still those (an explicit step starts where the verdict evaluated the state the
     * step before ended at, sl_world_energy_evaluated), if that evaluation computed what
     * this one asks for. w is recomputed when alpha changed (sl_assembly_refresh_compliance). */
    if (!(a->eval_ok && covers(a->eval_mode, mode) && sl_same_bits(a->eval_x, x, 3 * (size_t)w->n))) {
        if (mode == EVALUATE_PHI) mode = EVALUATE_ALL;
        evaluate_models(w, x, mode);
        if (mode != EVALUATE_FORCES) memcpy(a->eval_x, x, 3 * (size_t)w->n * sizeof(double));
        a->eval_ok = mode != EVALUATE_FORCES; /* forces only: the hard models' phi and J are not those of x */
        a->eval_mode = mode;
    }
    update_weights(w);
}

void sl_assembly_evaluate(sl_world *w, const double *x) { evaluate_at(w, x, EVALUATE_ALL); }

void sl_assembly_evaluate_forces(sl_world *w, const double *x) { evaluate_at(w, x, EVALUATE_FORCES); }

void sl_assembly_evaluate_projection(sl_world *w, const double *x) { evaluate_at(w, x, EVALUATE_PROJECTION); }

void sl_assembly_evaluate_phi(sl_world *w, const double *x) { evaluate_at(w, x, EVALUATE_PHI); }

void sl_assembly_geometric(sl_world *w, const double *x) {
    sl_assembly *a = &w->assembly;
    for (int k = 0; k < w->model_count; k++) {
        const sl_model *m = w->models[k];
        double *H = a->H + a->H_offset[k];
        int nd = block_dofs(m);
        const double *wk = a->w + a->row_offset[k];
        if (m->block_row) { /* each block row weighs with the w of the row it adds into */
            double *wb = a->w_block + a->block_offset[k];
            for (int br = 0; br < sl_model_block_row_count(m); br++) wb[br] = wk[m->block_row[br]];
            wk = wb;
        }
        if (m->cls->geometric_stiffness)
            m->cls->geometric_stiffness(m, x, wk, H);
        else
            memset(H, 0, sizeof(double) * (size_t)(m->block_count * nd * nd));
    }
}

void sl_assembly_geometric_psd(sl_world *w) {
    sl_assembly *a = &w->assembly;
    for (int k = 0; k < w->model_count; k++) {
        const sl_model *m = w->models[k];
        int nd = block_dofs(m);
        if (!m->cls->geometric_stiffness) continue;
        for (int b = 0; b < m->block_count; b++) sl_sym_psd_project(a->H + a->H_offset[k] + (size_t)b * nd * nd, nd);
    }
}

void sl_assembly_external_forces_at(const sl_world *w, const double *x, const double *v, double *force) {
    for (int i = 0; i < w->n; i++)
        for (int c = 0; c < 3; c++) force[3 * i + c] = w->mass[i] * w->gravity[c];
    for (int d = 0; w->load && d < 3 * w->n; d++) force[d] += w->load[d];
    for (int d = 0; w->mass_damping > 0 && d < 3 * w->n; d++) force[d] -= w->mass_damping * w->mass[d / 3] * v[d];
    sl_world_add_grab_force(w, x, force);
}

void sl_assembly_external_forces(const sl_world *w, double *force) {
    sl_assembly_external_forces_at(w, w->x, w->v, force);
}

/* 1 if the n nodes of a block are distinct. */
static int distinct_nodes(const int *node, int n) {
    for (int q = 0; q < n; q++)
        for (int p = q + 1; p < n; p++)
            if (node[p] == node[q]) return 0;
    return 1;
}

enum { FORCE_BLOCK_DOFS = 12 }; /* a tet's: its force is summed in registers */

void sl_assembly_forces_at(const sl_world *w, const double *x, const double *v, double *force) {
    const sl_assembly *a = &w->assembly;
    sl_assembly_external_forces_at(w, x, v, force);
    for (int k = 0; k < w->model_count; k++) {
        const sl_model *m = w->models[k];
        int nd = block_dofs(m);
        const double *J = a->J + a->J_offset[k];
        const double *wk = a->w + a->row_offset[k];
        if (a->fused[k]) { /* evaluated without J (evaluate_models) */
            m->cls->add_forces(m, a->fused_x, wk, force);
            continue;
        }
        for (int b = 0; b < m->block_count; b++) {
            const int *node = m->block_node + b * m->block_nodes;
            if (nd == FORCE_BLOCK_DOFS && distinct_nodes(node, 4)) {
                /* The same subtractions in the same order as below (bitwise the same
                 * force), the block's 12 sums held in a local array rather than read and
                 * written back in force for each of its rows. */
                double f[FORCE_BLOCK_DOFS];
                int any = 0;
                for (int r = 0; r < m->block_rows; r++) any |= wk[sl_model_row_of(m, b * m->block_rows + r)] != 0;
                if (!any) {
                    J += (size_t)nd * m->block_rows;
                    continue;
                }
                for (int q = 0; q < 4; q++) f[3 * q] = force[3 * node[q]], f[3 * q + 1] = force[3 * node[q] + 1], f[3 * q + 2] = force[3 * node[q] + 2];
                for (int r = 0; r < m->block_rows; r++, J += nd) {
                    double wr = wk[sl_model_row_of(m, b * m->block_rows + r)];
                    if (wr == 0) continue;
                    for (int q = 0; q < FORCE_BLOCK_DOFS; q++) f[q] -= J[q] * wr;
                }
                for (int q = 0; q < 4; q++) force[3 * node[q]] = f[3 * q], force[3 * node[q] + 1] = f[3 * q + 1], force[3 * node[q] + 2] = f[3 * q + 2];
                continue;
            }
            for (int r = 0; r < m->block_rows; r++, J += nd) {
                double wr = wk[sl_model_row_of(m, b * m->block_rows + r)];
                if (wr == 0) continue;
                for (int q = 0; q < m->block_nodes; q++) { /* F = -J^T alpha^-1 phi */
                    double *f = force + 3 * node[q];
                    const double *Jq = J + 3 * q;
                    f[0] -= Jq[0] * wr, f[1] -= Jq[1] * wr, f[2] -= Jq[2] * wr;
                }
            }
        }
    }
}

void sl_assembly_forces(const sl_world *w, double *force) { sl_assembly_forces_at(w, w->x, w->v, force); }

/* Adds scale * Jb^T diag(1/alpha) Jb of one block into the dense nd x nd matrix K. */
static void add_block_JtWJ(const double *Jb, const double *alpha, int rows, int nd, double scale,
                           double *K) {
    for (int r = 0; r < rows; r++) {
        if (!(alpha[r] > 0)) continue;
        double s = scale / alpha[r];
        const double *row = Jb + r * nd;
        for (int i = 0; i < nd; i++) {
            double si = s * row[i];
            if (si == 0) continue;
            for (int j = 0; j < nd; j++) K[i * nd + j] += si * row[j];
        }
    }
}

/* Adds scale * Jb^T diag(1/alpha) Jb + c_H Hb of one block straight into the values Ax,
 * entry by entry, only where slot >= 0 (the upper triangle over free dofs: about half the
 * entries of a tet's 12 x 12 block). Each entry sums its rows in the order of
 * add_block_JtWJ, so the values are bitwise those of the dense block. The live rows are
 * first copied column by column (sJt: scaled, Jt: as they are; scratch of rows * nd
 * doubles each), so that each entry is a dot product of two contiguous columns: clang's
 * wasm code spent twice native's share of the step here with rows gathered by index. */
static void scatter_block(const double *Jb, const double *alpha, int rows, int nd, double scale,
                          const double *Hb, double c_H, const int *slot, double *sJt, double *Jt,
                          double *Ax) {
    int nl = 0;
    for (int r = 0; r < rows; r++) {
        if (!(alpha[r] > 0)) continue;
        double s = scale / alpha[r];
        for (int i = 0; i < nd; i++) sJt[i * rows + nl] = s * Jb[r * nd + i], Jt[i * rows + nl] = Jb[r * nd + i];
        nl++;
    }
    for (int i = 0; i < nd; i++) {
        const double *a = sJt + i * rows;
        for (int j = 0; j < nd; j++) {
            int k = slot[i * nd + j];
            if (k < 0) continue;
            const double *b = Jt + j * rows;
            double v = 0;
            if (nl == 6) /* a tet's six strains, unrolled: wasm's evaluation + assembly
                          * takes 6.5 ms a step with the loop, 4.8 ms so (perf-block, r = 13) */
                v = a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3] + a[4] * b[4] + a[5] * b[5];
            else
                for (int l = 0; l < nl; l++) v += a[l] * b[l];
            if (c_H != 0) v += c_H * Hb[i * nd + j];
            Ax[k] += v;
        }
    }
}

/* Adds scale * J^T diag(1/alpha) J of the shared rows of model k (a row map) into A:
 * each row's J is first summed from its block rows (sl_assembly_rows). */
static void add_rows_JtWJ(sl_assembly *a, const sl_model *m, int k, double scale) {
    sl_assembly_rows *R = &a->rows[k];
    int nd = block_dofs(m), nbr = sl_model_block_row_count(m);
    const double *J = a->J + a->J_offset[k], *alpha = a->alpha + a->row_offset[k];
    memset(R->val, 0, sizeof(double) * (size_t)R->ptr[m->row_count]);
    for (int br = 0; br < nbr; br++)
        for (int c = 0; c < nd; c++) {
            int p = R->pos[(size_t)br * (size_t)nd + (size_t)c];
            if (p >= 0) R->val[p] += J[(size_t)br * (size_t)nd + (size_t)c];
        }
    for (int i = 0; i < m->row_count; i++) {
        if (!(alpha[i] > 0)) continue;
        double s = scale / alpha[i];
        const int *slot = R->slot + R->slot_ptr[i];
        for (int p = R->ptr[i]; p < R->ptr[i + 1]; p++)
            for (int q = p; q < R->ptr[i + 1]; q++, slot++)
                if (*slot >= 0) a->A->x[*slot] += s * R->val[p] * R->val[q];
    }
}

void sl_assembly_system(sl_world *w, double c_K, double c_H) {
    sl_assembly *a = &w->assembly;
    double *Ax = a->A->x;
    memset(Ax, 0, sizeof(double) * (size_t)a->A->p[a->A->n]);
    for (int i = 0; i < a->n_free; i++) Ax[a->A_diag[i]] = w->mass[a->free_dof[i] / 3];
    double local[144 * 4], local_t[144 * 4];
    for (int k = 0; k < w->model_count; k++) {
        const sl_model *m = w->models[k];
        int nd = block_dofs(m), rows = m->block_rows;
        const int *slot = a->A_slot + a->H_offset[k];
        const double *H = a->H + a->H_offset[k];
        if (!m->block_row && rows <= 24 && rows * nd <= (int)(sizeof local / sizeof *local)) {
            for (int b = 0; b < m->block_count; b++, slot += nd * nd, H += nd * nd)
                scatter_block(a->J + a->J_offset[k] + b * rows * nd,
                              a->alpha + a->row_offset[k] + b * rows, rows, nd, c_K, H, c_H,
                              slot, local, local_t, Ax);
            continue;
        }
        double *Kb = nd * nd <= (int)(sizeof local / sizeof *local) ? local : NULL;
        if (!Kb) continue; /* blocks of more than 8 nodes are not supported */
        for (int b = 0; b < m->block_count; b++, slot += nd * nd, H += nd * nd) {
            memset(Kb, 0, sizeof(double) * (size_t)(nd * nd));
            if (!m->block_row) /* shared rows: J^T alpha^-1 J row by row below */
                add_block_JtWJ(a->J + a->J_offset[k] + b * rows * nd,
                               a->alpha + a->row_offset[k] + b * rows, rows, nd, c_K, Kb);
            if (c_H != 0)
                for (int i = 0; i < nd * nd; i++) Kb[i] += c_H * H[i];
            for (int i = 0; i < nd * nd; i++)
                if (slot[i] >= 0) Ax[slot[i]] += Kb[i];
        }
        if (m->block_row && c_K != 0) add_rows_JtWJ(a, m, k, c_K);
    }
}

/* J as a new CSC matrix (NULL: out of memory): the pattern sl_assembly_jacobian keeps. */
static cs *jacobian_csc(const sl_world *w) {
    const sl_assembly *a = &w->assembly;
    cs *T = cs_spalloc(w->m, a->n_free, a->J_size + 1, 1, 1);
    if (!T) return NULL;
    int ok = 1;
    for (int k = 0; k < w->model_count && ok; k++) {
        const sl_model *m = w->models[k];
        int nd = block_dofs(m);
        const double *J = a->J + a->J_offset[k];
        for (int b = 0; b < m->block_count; b++)
            for (int r = 0; r < m->block_rows; r++, J += nd) {
                int row = a->row_offset[k] + sl_model_row_of(m, b * m->block_rows + r); /* shared rows add (cs_dupl) */
                for (int c = 0; c < nd; c++) {
                    int gc = block_dof(w, m, b, c);
                    if (gc >= 0) ok &= cs_entry(T, row, gc, J[c]) != 0;
                }
            }
    }
    cs *C = ok ? cs_compress(T) : NULL;
    cs_spfree(T);
    if (C && !cs_dupl(C)) C = cs_spfree(C);
    return C;
}

/* Slot of entry (row, col) in column col of J (unsorted rows: a linear search; columns
 * hold the few rows of the constraints at one dof), or -1. */
static int column_slot(const cs *J, int row, int col) {
    for (csi q = J->p[col]; q < J->p[col + 1]; q++)
        if (J->i[q] == row) return (int)q;
    return -1;
}

const cs *sl_assembly_jacobian(sl_world *w) {
    sl_assembly *a = &w->assembly;
    if (!a->Jc) {
        cs *J = jacobian_csc(w);
        int *slot = J ? malloc(sizeof(int) * (size_t)(a->J_size > 0 ? a->J_size : 1)) : NULL;
        if (!slot) {
            cs_spfree(J);
            return NULL;
        }
        for (int k = 0; k < w->model_count; k++) { /* the order of jacobian_csc */
            const sl_model *m = w->models[k];
            int nd = block_dofs(m), at = a->J_offset[k];
            for (int b = 0; b < m->block_count; b++)
                for (int r = 0; r < m->block_rows; r++, at += nd) {
                    int row = a->row_offset[k] + sl_model_row_of(m, b * m->block_rows + r);
                    for (int c = 0; c < nd; c++) {
                        int gc = block_dof(w, m, b, c);
                        slot[at + c] = gc >= 0 ? column_slot(J, row, gc) : -1;
                    }
                }
        }
        a->Jc = J, a->Jc_slot = slot;
    }
    cs *J = a->Jc;
    memset(J->x, 0, sizeof(double) * (size_t)J->p[J->n]);
    for (int e = 0; e < a->J_size; e++)
        if (a->Jc_slot[e] >= 0) J->x[a->Jc_slot[e]] += a->J[e]; /* shared rows add, as cs_dupl */
    return J;
}

/* The pattern of the rows select picks from Jc and the map from the block Jacobians
 * (assembly.h, Jr); the old one freed first. */
static sl_status build_jacobian_rows(sl_world *w, const int *select, int rows) {
    sl_assembly *a = &w->assembly;
    cs_spfree(a->Jr);
    free(a->Jr_from), free(a->Jr_to), free(a->Jr_select);
    a->Jr = NULL, a->Jr_from = a->Jr_to = a->Jr_select = NULL, a->Jr_count = 0, a->Jr_rows = 0;
    const cs *J = sl_assembly_jacobian(w);
    if (!J) return SL_ERR_NOMEM;
    csi nnz = J->p[J->n];
    int *where = malloc(sizeof(int) * (size_t)(nnz + 1)); /* entry of Jr of each entry of J, or -1 */
    cs *R = cs_spalloc(rows, J->n, nnz + 1, 1, 0);
    a->Jr_from = malloc(sizeof(int) * (size_t)(a->J_size + 1));
    a->Jr_to = malloc(sizeof(int) * (size_t)(a->J_size + 1));
    a->Jr_select = malloc(sizeof(int) * (size_t)(w->m + 1));
    if (!where || !R || !a->Jr_from || !a->Jr_to || !a->Jr_select) {
        free(where), cs_spfree(R);
        free(a->Jr_from), free(a->Jr_to), free(a->Jr_select);
        a->Jr_from = a->Jr_to = a->Jr_select = NULL;
        return SL_ERR_NOMEM;
    }
    csi nz = 0;
    for (csi j = 0; j < J->n; j++) {
        R->p[j] = nz;
        for (csi q = J->p[j]; q < J->p[j + 1]; q++) {
            where[q] = select[J->i[q]] >= 0 ? (int)nz : -1;
            if (where[q] >= 0) R->i[nz] = select[J->i[q]], R->x[nz++] = 0;
        }
    }
    R->p[J->n] = nz;
    for (int e = 0; e < a->J_size; e++)
        if (a->Jc_slot[e] >= 0 && where[a->Jc_slot[e]] >= 0)
            a->Jr_from[a->Jr_count] = e, a->Jr_to[a->Jr_count++] = where[a->Jc_slot[e]];
    free(where);
    memcpy(a->Jr_select, select, sizeof(int) * (size_t)w->m);
    a->Jr = R, a->Jr_rows = rows;
    a->Jr_pattern++;
    return SL_OK;
}

unsigned sl_assembly_jacobian_rows_pattern(const sl_world *w) { return w->assembly.Jr_pattern; }

const cs *sl_assembly_jacobian_rows(sl_world *w, const int *select, int rows) {
    sl_assembly *a = &w->assembly;
    if (!a->Jr || a->Jr_rows != rows || memcmp(a->Jr_select, select, sizeof(int) * (size_t)w->m) != 0) {
        if (build_jacobian_rows(w, select, rows) != SL_OK) return NULL;
    } else if (a->Jr_evaluation == a->evaluations) {
        return a->Jr; /* written from the J held now (an evaluation kept: a step starts where the last ended) */
    }
    cs *R = a->Jr;
    a->Jr_evaluation = a->evaluations;
    memset(R->x, 0, sizeof(double) * (size_t)R->p[R->n]);
    for (int e = 0; e < a->Jr_count; e++) R->x[a->Jr_to[e]] += a->J[a->Jr_from[e]]; /* shared rows add, as Jc */
    return R;
}
