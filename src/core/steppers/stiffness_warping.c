/* Stiffness warping (seed 002 eq. 12 and §3.2; Mueller et al. 2002), generic over the
 * model language: K0 = J(x0)^T alpha^-1 J(x0) is kept block by block as the models hand
 * out their blocks (the geometric term vanishes at phi = 0), so it warps tets and springs.
 * Each step, linearly implicit Euler in velocity:
 *   (M + dt c M + dt^2 K_w) v' = M v + dt (f_ext - f_w(x)),   x' = x + dt v',
 *   f_w,i = R_i sum_j K0_ij (R_i^T x_j - x0_j),   K_w,ij = R_i K0_ij R_i^T,
 * lumped masses, c the world's mass damping (implicit here), pinned nodes fixed. Three
 * descriptors share this kernel and differ in R:
 *   stiffness-warping          R_i of node i: rotation of A_i = sum_j (x_j - x_i)(x0_j - x0_i)^T
 *                              over the mesh edges at i (eq. 14-15, det R = +1). K_w is not
 *                              symmetric: BiCGSTAB preconditioned by a reused sparse LU factor
 *                              (CSparse cs_lu, symbolic analysis reused; sl_lu_bicgstab).
 *   stiffness-warping-element  R_e of each block: polar rotation of F = Ds Dm^-1 for tets, the
 *                              rotation taking the rest direction to the current one for
 *                              2-node blocks (springs), I otherwise (Mueller & Gross 2004).
 *                              Symmetric: Cholesky-preconditioned CG as implicit-euler.
 *   linear-fem                 R = I: plain linear FEM, K_w = K0 constant.
 * Optional momentum correction (sl_world_set_momentum_correction; seed 002 §3, Desbrun et
 * al. 1999) for bodies with no pins. */
#include <cs.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "linalg/linsolve.h"
#include "linalg/mat3.h"
#include "softlab/warping.h"
#include "world/assembly.h"
#include "world/world_internal.h"

enum { WARP_NONE, WARP_VERTEX, WARP_ELEMENT };

typedef struct {
    int mode;         /* WARP_* */
    int version;      /* assembly pattern version of K0 and the LU pattern */
    int block_total;  /* blocks over all models */
    double *K0;       /* per block (3k x 3k) of J^T alpha^-1 J at x0, laid out as assembly H */
    double *Dm_inv;   /* double[9 * block_total]: rest edge matrix inverse of 4-node blocks */
    double *R_node;   /* double[9n] */
    double *R_block;  /* double[9 * block_total] */
    int *pair, pair_count; /* node pairs (mesh edges, or block pairs) for A_i */
    double *force, *rhs, *v; /* double[3n], [n_free], [n_free] */
    /* Non-symmetric system (vertex warping): full pattern over the free dofs, slots. */
    cs *A;
    int *slot, *diag;
    sl_lu lu;          /* its LU factor, preconditioner of BiCGSTAB */
    sl_cholesky chol;  /* symmetric modes: the world assembly's upper-triangle A */
} warp_state;

/* The rest shape x0 of K0 and of f_w: the body's (sl_body_def.rest_positions) when the
 * world starts away from it (a bent tube, a twisted beam), else the initial positions. */
static const double *rest_of(const sl_world *w) { return w->body.rest ? w->body.rest : w->x0; }

/* ---- rotations ---- */

/* Rotation taking unit direction a to unit direction b (Rodrigues; I if a = b, a
 * half turn about an axis normal to a if b = -a). */
static void align_rotation(const double a[3], const double b[3], double R[9]) {
    double k[3], c = sl_vec3_dot(a, b);
    sl_vec3_cross(a, b, k);
    double s2 = sl_vec3_dot(k, k);
    for (int i = 0; i < 9; i++) R[i] = (i % 4 == 0);
    if (s2 < 1e-30) {
        if (c > 0) return;
        double e[3] = {fabs(a[0]) < 0.9, fabs(a[0]) >= 0.9, 0}, n[3];
        sl_vec3_cross(a, e, n);
        double l = sqrt(sl_vec3_dot(n, n));
        for (int r = 0; r < 3; r++)
            for (int q = 0; q < 3; q++) R[3 * r + q] = 2 * n[r] * n[q] / (l * l) - (r == q);
        return;
    }
    double f = 1 / (1 + c); /* R = I + [k]x + [k]x^2 / (1 + c) */
    double K[9] = {0, -k[2], k[1], k[2], 0, -k[0], -k[1], k[0], 0};
    for (int r = 0; r < 3; r++)
        for (int q = 0; q < 3; q++) {
            double k2 = K[3 * r] * K[q] + K[3 * r + 1] * K[3 + q] + K[3 * r + 2] * K[6 + q];
            R[3 * r + q] += K[3 * r + q] + f * k2;
        }
}

static void vertex_rotations(const sl_world *w, const int *pair, int pair_count, const double *x, double *R) {
    double *A = R; /* A_i accumulated in place of R_i, then replaced */
    const double *x0 = rest_of(w);
    memset(A, 0, sizeof(double) * 9 * (size_t)w->n);
    for (int e = 0; e < pair_count; e++) { /* A_i += (x_j - x_i)(x0_j - x0_i)^T  eq. 14 */
        int i = pair[2 * e], j = pair[2 * e + 1];
        double d[3], d0[3];
        for (int c = 0; c < 3; c++) d[c] = x[3 * j + c] - x[3 * i + c], d0[c] = x0[3 * j + c] - x0[3 * i + c];
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 3; c++) {
                A[9 * i + 3 * r + c] += d[r] * d0[c];
                A[9 * j + 3 * r + c] += d[r] * d0[c];
            }
    }
    for (int i = 0; i < w->n; i++) { /* R_i = U V^T, det +1                         eq. 15 */
        double Ai[9];
        memcpy(Ai, A + 9 * i, sizeof Ai);
        sl_mat3_rotation(Ai, R + 9 * i);
    }
}

static void element_rotations(const sl_world *w, const warp_state *s, const double *x, double *R) {
    const double *x0 = rest_of(w);
    int g = 0;
    for (int k = 0; k < w->model_count; k++) {
        const sl_model *m = w->models[k];
        for (int b = 0; b < m->block_count; b++, g++) {
            const int *nd = m->block_node + b * m->block_nodes;
            double *Rb = R + 9 * g;
            for (int i = 0; i < 9; i++) Rb[i] = (i % 4 == 0);
            if (m->block_nodes == 4) { /* F = Ds Dm^-1, R = polar(F) */
                double Ds[9], F[9];
                const double *Di = s->Dm_inv + 9 * g;
                for (int r = 0; r < 3; r++)
                    for (int c = 0; c < 3; c++) Ds[3 * r + c] = x[3 * nd[c + 1] + r] - x[3 * nd[0] + r];
                for (int r = 0; r < 3; r++)
                    for (int c = 0; c < 3; c++)
                        F[3 * r + c] = Ds[3 * r] * Di[c] + Ds[3 * r + 1] * Di[3 + c] + Ds[3 * r + 2] * Di[6 + c];
                sl_mat3_rotation(F, Rb);
            } else if (m->block_nodes == 2) {
                double a[3], d[3], la = 0, ld = 0;
                for (int c = 0; c < 3; c++) {
                    a[c] = x0[3 * nd[1] + c] - x0[3 * nd[0] + c], d[c] = x[3 * nd[1] + c] - x[3 * nd[0] + c];
                    la += a[c] * a[c], ld += d[c] * d[c];
                }
                if (la > 0 && ld > 0) {
                    for (int c = 0; c < 3; c++) a[c] /= sqrt(la), d[c] /= sqrt(ld);
                    align_rotation(a, d, Rb);
                }
            }
        }
    }
}

static void rotations(const sl_world *w, warp_state *s, const double *x) {
    if (s->mode == WARP_VERTEX) vertex_rotations(w, s->pair, s->pair_count, x, s->R_node);
    if (s->mode == WARP_ELEMENT) element_rotations(w, s, x, s->R_block);
}

/* The rotation of local node p of global block g (NULL: identity). */
static const double *rotation_of(const warp_state *s, int g, int node) {
    if (s->mode == WARP_VERTEX) return s->R_node + 9 * node;
    if (s->mode == WARP_ELEMENT) return s->R_block + 9 * g;
    return NULL;
}

/* ---- K0, force, stiffness ---- */

/* K0 blocks = J_b(x0)^T alpha_b^-1 J_b(x0), and Dm^-1 of 4-node blocks. */
static void rest_stiffness(sl_world *w, warp_state *s) {
    sl_assembly *a = &w->assembly;
    sl_assembly_evaluate(w, rest_of(w));
    int g = 0;
    for (int k = 0; k < w->model_count; k++) {
        const sl_model *m = w->models[k];
        int nd = 3 * m->block_nodes, rows = m->block_rows;
        double *K = s->K0 + a->H_offset[k];
        const double *J = a->J + a->J_offset[k], *alpha = a->alpha + a->row_offset[k];
        memset(K, 0, sizeof(double) * (size_t)(m->block_count * nd * nd));
        for (int b = 0; b < m->block_count; b++, g++, K += nd * nd)
            for (int r = 0; r < rows; r++) {
                const double *row = J + (b * rows + r) * nd;
                double ia = alpha[b * rows + r] > 0 ? 1 / alpha[b * rows + r] : 0; /* alpha = 0 refused at set-up */
                for (int i = 0; i < nd; i++)
                    for (int j = 0; j < nd; j++) K[i * nd + j] += row[i] * ia * row[j];
            }
        if (m->block_nodes != 4) continue;
        for (int b = 0; b < m->block_count; b++) {
            const int *n4 = m->block_node + 4 * b;
            double Dm[9];
            for (int r = 0; r < 3; r++)
                for (int c = 0; c < 3; c++) Dm[3 * r + c] = rest_of(w)[3 * n4[c + 1] + r] - rest_of(w)[3 * n4[0] + r];
            double *Di = s->Dm_inv + 9 * (g - m->block_count + b);
            if (sl_mat3_inverse(Dm, Di) == 0) memset(Di, 0, 9 * sizeof(double));
        }
    }
}

/* f_w (double[3n]) at x with the current rotations                          eq. 12 */
static void warped_force(const sl_world *w, const warp_state *s, const double *x, double *f) {
    memset(f, 0, sizeof(double) * 3 * (size_t)w->n);
    int g = 0;
    for (int k = 0; k < w->model_count; k++) {
        const sl_model *m = w->models[k];
        int bn = m->block_nodes, nd = 3 * bn;
        const double *K = s->K0 + w->assembly.H_offset[k];
        for (int b = 0; b < m->block_count; b++, g++, K += nd * nd) {
            const int *node = m->block_node + b * bn;
            for (int p = 0; p < bn; p++) {
                const double *R = rotation_of(s, g, node[p]);
                double u[3] = {0, 0, 0};
                for (int q = 0; q < bn; q++) {
                    const double *xq = x + 3 * node[q], *x0q = rest_of(w) + 3 * node[q];
                    double y[3];
                    for (int c = 0; c < 3; c++) /* y = R^T x_j - x0_j */
                        y[c] = (R ? R[c] * xq[0] + R[3 + c] * xq[1] + R[6 + c] * xq[2] : xq[c]) - x0q[c];
                    for (int r = 0; r < 3; r++)
                        for (int c = 0; c < 3; c++) u[r] += K[(3 * p + r) * nd + 3 * q + c] * y[c];
                }
                for (int r = 0; r < 3; r++)
                    f[3 * node[p] + r] += R ? R[3 * r] * u[0] + R[3 * r + 1] * u[1] + R[3 * r + 2] * u[2] : u[r];
            }
        }
    }
}

/* Calls emit(ctx, block slot index, global row dof, global col dof, value) for every entry
 * of every block of K_w = R_p K0_pq R_p^T. */
typedef void (*emit_fn)(void *ctx, int entry, int row, int col, double value);
static void warped_stiffness(const sl_world *w, const warp_state *s, emit_fn emit, void *ctx) {
    int g = 0;
    for (int k = 0; k < w->model_count; k++) {
        const sl_model *m = w->models[k];
        int bn = m->block_nodes, nd = 3 * bn, base = w->assembly.H_offset[k];
        const double *K = s->K0 + base;
        for (int b = 0; b < m->block_count; b++, g++, K += nd * nd) {
            const int *node = m->block_node + b * bn;
            for (int p = 0; p < bn; p++) {
                const double *R = rotation_of(s, g, node[p]);
                for (int q = 0; q < bn; q++) {
                    double B[9], RB[9];
                    for (int r = 0; r < 3; r++)
                        for (int c = 0; c < 3; c++) B[3 * r + c] = K[(3 * p + r) * nd + 3 * q + c];
                    if (R) {
                        for (int r = 0; r < 3; r++) /* RB = R B */
                            for (int c = 0; c < 3; c++)
                                RB[3 * r + c] = R[3 * r] * B[c] + R[3 * r + 1] * B[3 + c] + R[3 * r + 2] * B[6 + c];
                        for (int r = 0; r < 3; r++) /* B = RB R^T */
                            for (int c = 0; c < 3; c++)
                                B[3 * r + c] = RB[3 * r] * R[3 * c] + RB[3 * r + 1] * R[3 * c + 1] + RB[3 * r + 2] * R[3 * c + 2];
                    }
                    for (int r = 0; r < 3; r++)
                        for (int c = 0; c < 3; c++)
                            emit(ctx, base + (b * nd + 3 * p + r) * nd + 3 * q + c, 3 * node[p] + r,
                                 3 * node[q] + c, B[3 * r + c]);
                }
            }
        }
    }
}

/* ---- set-up ---- */

/* The node pairs of A_i (eq. 14): the body's mesh edges, or without them every pair of
 * nodes that share a block. int[2 * *count], malloc'd (NULL: out of memory). */
static int *node_pairs(const sl_world *w, int *count) {
    int pairs = w->body.edge_count;
    if (pairs == 0)
        for (int k = 0; k < w->model_count; k++)
            pairs += w->models[k]->block_count * w->models[k]->block_nodes * (w->models[k]->block_nodes - 1) / 2;
    int *pair = malloc(sizeof(int) * 2 * (size_t)(pairs > 0 ? pairs : 1));
    *count = pairs;
    if (!pair) return NULL;
    if (w->body.edge_count > 0) {
        memcpy(pair, w->body.edges, sizeof(int) * 2 * (size_t)pairs);
        return pair;
    }
    int e = 0;
    for (int k = 0; k < w->model_count; k++) {
        const sl_model *m = w->models[k];
        for (int b = 0; b < m->block_count; b++)
            for (int p = 0; p < m->block_nodes; p++)
                for (int q = p + 1; q < m->block_nodes; q++)
                    pair[e++] = m->block_node[b * m->block_nodes + p], pair[e++] = m->block_node[b * m->block_nodes + q];
    }
    return pair;
}

static void warp_destroy(void *state) {
    warp_state *s = state;
    if (!s) return;
    free(s->K0), free(s->Dm_inv), free(s->R_node), free(s->R_block), free(s->pair);
    free(s->force), free(s->rhs), free(s->v), free(s->slot), free(s->diag);
    cs_spfree(s->A);
    sl_lu_free(&s->lu);
    sl_cholesky_free(&s->chol);
    free(s);
}

typedef struct { const sl_world *w; cs *T; int ok; int *slot; double *Ax; double scale; } emit_ctx;

static void emit_pattern(void *c, int entry, int row, int col, double value) {
    emit_ctx *e = c;
    int r = e->w->assembly.dof[row], q = e->w->assembly.dof[col];
    if (r >= 0 && q >= 0) e->ok &= cs_entry(e->T, r, q, 0) != 0;
}
static void emit_slot(void *c, int entry, int row, int col, double value) {
    emit_ctx *e = c;
    int r = e->w->assembly.dof[row], q = e->w->assembly.dof[col];
    e->slot[entry] = r >= 0 && q >= 0 ? sl_assembly_find_slot(e->T, r, q) : -1;
}
static void emit_value(void *c, int entry, int row, int col, double value) {
    emit_ctx *e = c;
    if (e->slot[entry] >= 0) e->Ax[e->slot[entry]] += e->scale * value;
}

/* The full (both triangles) pattern of M + K_w over the free dofs, its slots and the LU
 * symbolic analysis (AMD on A + A^T). */
static sl_status build_full_pattern(sl_world *w, warp_state *s) {
    sl_assembly *a = &w->assembly;
    cs_spfree(s->A), s->A = NULL;
    free(s->slot), free(s->diag);
    s->slot = malloc(sizeof(int) * (size_t)(a->H_size > 0 ? a->H_size : 1));
    s->diag = malloc(sizeof(int) * (size_t)(a->n_free > 0 ? a->n_free : 1));
    cs *T = cs_spalloc(a->n_free, a->n_free, a->n_free + a->H_size + 1, 1, 1);
    if (!s->slot || !s->diag || !T) return cs_spfree(T), SL_ERR_NOMEM;
    emit_ctx e = {.w = w, .T = T, .ok = 1};
    for (int i = 0; i < a->n_free; i++) e.ok &= cs_entry(T, i, i, 0) != 0;
    warped_stiffness(w, s, emit_pattern, &e);
    cs *C = e.ok ? cs_compress(T) : NULL;
    cs_spfree(T);
    if (!C || !cs_dupl(C)) return cs_spfree(C), SL_ERR_NOMEM;
    cs *Ct = cs_transpose(C, 1); /* two transposes sort the row indices */
    cs_spfree(C);
    s->A = Ct ? cs_transpose(Ct, 1) : NULL;
    cs_spfree(Ct);
    if (!s->A) return SL_ERR_NOMEM;
    e.T = s->A, e.slot = s->slot;
    warped_stiffness(w, s, emit_slot, &e);
    for (int i = 0; i < a->n_free; i++) s->diag[i] = sl_assembly_find_slot(s->A, i, i);
    return SL_OK;
}

static sl_status prepare(sl_world *w, warp_state *s) {
    if (s->version == w->assembly.version) return SL_OK;
    rest_stiffness(w, s);
    s->version = w->assembly.version;
    sl_status st = s->mode == WARP_VERTEX ? build_full_pattern(w, s) : SL_OK;
    if (st != SL_OK) s->version = -1;
    return st;
}

static sl_status warp_init(sl_world *w, void **state, int mode) {
    sl_assembly *a = &w->assembly;
    warp_state *s = calloc(1, sizeof *s);
    if (!s) return SL_ERR_NOMEM;
    s->mode = mode;
    s->version = -1;
    for (int k = 0; k < w->model_count; k++) s->block_total += w->models[k]->block_count;
    size_t n3 = 3 * (size_t)w->n, bt = (size_t)(s->block_total > 0 ? s->block_total : 1);
    s->K0 = calloc((size_t)(a->H_size > 0 ? a->H_size : 1), sizeof(double));
    s->Dm_inv = calloc(9 * bt, sizeof(double));
    s->R_node = calloc(9 * (size_t)w->n, sizeof(double));
    s->R_block = calloc(9 * bt, sizeof(double));
    s->force = calloc(n3, sizeof(double));
    s->rhs = calloc(n3 + 1, sizeof(double));
    s->v = calloc(n3 + 1, sizeof(double));
    s->pair = node_pairs(w, &s->pair_count);
    if (!s->K0 || !s->Dm_inv || !s->R_node || !s->R_block || !s->force || !s->rhs || !s->v || !s->pair) {
        warp_destroy(s);
        return SL_ERR_NOMEM;
    }
    for (int i = 0; i < 9 * w->n; i++) s->R_node[i] = (i % 9) % 4 == 0;
    for (size_t i = 0; i < 9 * bt; i++) s->R_block[i] = (i % 9) % 4 == 0;
    sl_status st = prepare(w, s);
    if (st != SL_OK) {
        warp_destroy(s);
        return st;
    }
    *state = s;
    return SL_OK;
}

/* ---- the step ---- */

/* Gives v' (double[n_free] over all nodes, none pinned) the shift a + omega x (x_i - c)
 * that makes P' = (P + dt F)/(1 + dt c) and L' = (L + dt T)/(1 + dt c) about the centre c. */
static void correct_momentum(const sl_world *w, const double *f_ext, double *v) {
    double M = 0, c[3] = {0, 0, 0};
    for (int i = 0; i < w->n; i++) {
        M += w->mass[i];
        for (int k = 0; k < 3; k++) c[k] += w->mass[i] * w->x[3 * i + k];
    }
    if (!(M > 0)) return;
    for (int k = 0; k < 3; k++) c[k] /= M;
    double P0[3] = {0}, P1[3] = {0}, L0[3] = {0}, L1[3] = {0}, F[3] = {0}, T[3] = {0}, I[9] = {0};
    for (int i = 0; i < w->n; i++) {
        double r[3], l[3], m = w->mass[i];
        for (int k = 0; k < 3; k++) r[k] = w->x[3 * i + k] - c[k];
        for (int k = 0; k < 3; k++)
            P0[k] += m * w->v[3 * i + k], P1[k] += m * v[3 * i + k], F[k] += f_ext[3 * i + k];
        sl_vec3_cross(r, w->v + 3 * i, l);
        for (int k = 0; k < 3; k++) L0[k] += m * l[k];
        sl_vec3_cross(r, v + 3 * i, l);
        for (int k = 0; k < 3; k++) L1[k] += m * l[k];
        sl_vec3_cross(r, f_ext + 3 * i, l);
        for (int k = 0; k < 3; k++) T[k] += l[k];
        double r2 = sl_vec3_dot(r, r);
        for (int p = 0; p < 3; p++)
            for (int q = 0; q < 3; q++) I[3 * p + q] += m * ((p == q) * r2 - r[p] * r[q]);
    }
    double damp = 1 + w->dt * w->mass_damping, dL[3], shift[3], Iinv[9], omega[3] = {0, 0, 0};
    for (int k = 0; k < 3; k++) {
        shift[k] = ((P0[k] + w->dt * F[k]) / damp - P1[k]) / M;
        dL[k] = (L0[k] + w->dt * T[k]) / damp - L1[k];
    }
    if (sl_mat3_inverse(I, Iinv) != 0)
        for (int k = 0; k < 3; k++) omega[k] = Iinv[3 * k] * dL[0] + Iinv[3 * k + 1] * dL[1] + Iinv[3 * k + 2] * dL[2];
    for (int i = 0; i < w->n; i++) {
        double r[3], s[3];
        for (int k = 0; k < 3; k++) r[k] = w->x[3 * i + k] - c[k];
        sl_vec3_cross(omega, r, s);
        for (int k = 0; k < 3; k++) v[3 * i + k] += shift[k] + s[k];
    }
}

static sl_status warp_step(sl_world *w, void *state) {
    warp_state *s = state;
    sl_assembly *a = &w->assembly;
    double dt = w->dt, c = w->mass_damping;
    sl_status st = prepare(w, s);
    if (st != SL_OK) return st;
    double t0 = sl_clock_seconds();
    { /* rotations, f_ext - f_w(x_n), and M + dt c M + dt^2 K_w on the free dofs */
        rotations(w, s, w->x);
        warped_force(w, s, w->x, s->force);
        double *fw = s->rhs; /* scratch until the right-hand side is written */
        memcpy(fw, s->force, sizeof(double) * 3 * (size_t)w->n);
        sl_assembly_external_forces(w, s->force);
        for (int d = 0; c > 0 && d < 3 * w->n; d++) s->force[d] += c * w->mass[d / 3] * w->v[d]; /* C implicit */
        for (int d = 0; d < 3 * w->n; d++) s->force[d] -= fw[d];           /* f_ext - f_w  */
        cs *A = s->mode == WARP_VERTEX ? s->A : a->A;
        const int *diag = s->mode == WARP_VERTEX ? s->diag : a->A_diag;
        memset(A->x, 0, sizeof(double) * (size_t)A->p[A->n]);
        for (int k = 0; k < a->n_free; k++) A->x[diag[k]] = (1 + dt * c) * w->mass[a->free_dof[k] / 3];
        emit_ctx e = {.w = w, .slot = s->mode == WARP_VERTEX ? s->slot : a->A_slot, .Ax = A->x, .scale = dt * dt};
        warped_stiffness(w, s, emit_value, &e);
        for (int k = 0; k < a->n_free; k++) { /* M v_n + dt (f_ext - f_w) */
            int d = a->free_dof[k];
            s->rhs[k] = w->mass[d / 3] * w->v[d] + dt * s->force[d];
            s->v[k] = w->v[d];
        }
    }
    double t1 = sl_clock_seconds();
    int factored = 1, iterations = 0;
    if (s->mode == WARP_VERTEX) st = sl_lu_bicgstab(&s->lu, s->A, a->version, s->rhs, s->v, SL_PCG_TOLERANCE,
                                                    SL_PCG_MAX_ITERATIONS, &iterations, &factored);
    else st = sl_cholesky_pcg(&s->chol, a->A, a->version, s->rhs, s->v, SL_PCG_TOLERANCE,
                              SL_PCG_MAX_ITERATIONS, &iterations, &factored);
    double t2 = sl_clock_seconds();
    if (st != SL_OK) return st;
    double *vn = s->rhs; /* v' over all dofs (pinned keep v = 0 motion) */
    memcpy(vn, w->v, sizeof(double) * 3 * (size_t)w->n);
    for (int k = 0; k < a->n_free; k++) vn[a->free_dof[k]] = s->v[k];
    if (w->momentum_correction && a->n_free == 3 * w->n) { /* ghost forces, seed 002 §3 */
        sl_assembly_external_forces(w, s->force);
        for (int d = 0; c > 0 && d < 3 * w->n; d++) s->force[d] += c * w->mass[d / 3] * w->v[d];
        correct_momentum(w, s->force, vn);
    }
    for (int k = 0; k < a->n_free; k++) { /* x_{n+1} = x_n + dt v_{n+1} */
        int d = a->free_dof[k];
        w->v[d] = vn[d];
        w->x[d] += dt * w->v[d];
    }
    w->timing.assembly = t1 - t0;
    w->timing.iterations = iterations;
    if (factored) w->timing.factorization = t2 - t1; /* includes the direct solve */
    else w->timing.solve = t2 - t1;
    return SL_OK;
}

static void warp_reset(void *state) {
    warp_state *s = state;
    sl_cholesky_free(&s->chol);
    sl_lu_free(&s->lu);
}

static sl_status init_vertex(sl_world *w, void **state) { return warp_init(w, state, WARP_VERTEX); }
static sl_status init_element(sl_world *w, void **state) { return warp_init(w, state, WARP_ELEMENT); }
static sl_status init_none(sl_world *w, void **state) { return warp_init(w, state, WARP_NONE); }

const sl_stepper_class sl_stepper_stiffness_warping = {
    .name = "stiffness-warping",
    .title = "Stiffness warping (per vertex)",
    .citation = "seed 002 eq. 12, 14-15, §3.2 (Mueller et al. 2002)",
    .flags = SL_STEPPER_NEEDS_STIFFNESS | SL_STEPPER_LINEAR_SOLVE | SL_STEPPER_NEEDS_FEM,
    .stability_bound = INFINITY, /* linearly implicit Euler on K_w (forces from K_w, not F) */
    .init = init_vertex, .step = warp_step, .destroy = warp_destroy, .reset = warp_reset,
};
const sl_stepper_class sl_stepper_stiffness_warping_element = {
    .name = "stiffness-warping-element",
    .title = "Stiffness warping (per element)",
    .citation = "seed 002 §3; per-element rotations (Mueller and Gross 2004)",
    .flags = SL_STEPPER_NEEDS_STIFFNESS | SL_STEPPER_LINEAR_SOLVE | SL_STEPPER_NEEDS_FEM,
    .stability_bound = INFINITY, /* linearly implicit Euler on K_w (forces from K_w, not F) */
    .init = init_element, .step = warp_step, .destroy = warp_destroy, .reset = warp_reset,
};
const sl_stepper_class sl_stepper_linear_fem = {
    .name = "linear-fem",
    .title = "Linear FEM (constant K0)",
    .citation = "seed 002 §4.1 linear case: K0 = J(x0)^T alpha^-1 J(x0)",
    .flags = SL_STEPPER_NEEDS_STIFFNESS | SL_STEPPER_LINEAR_SOLVE | SL_STEPPER_LINEARIZED | SL_STEPPER_NEEDS_FEM,
    .stability_bound = INFINITY, /* linearly implicit Euler on K_w (forces from K_w, not F) */
    .init = init_none, .step = warp_step, .destroy = warp_destroy, .reset = warp_reset,
};

/* ---- public kernel access (warping.h) ---- */

sl_status sl_world_set_momentum_correction(sl_world *w, int on) {
    if (!w) return SL_ERR_NULL;
    w->momentum_correction = on != 0;
    return SL_OK;
}

static warp_state *warp_of(const sl_world *w) {
    if (!w->stepper || !w->stepper_state || w->stepper->step != warp_step) return NULL;
    return w->stepper_state;
}

sl_status sl_world_warping_force(const sl_world *w, const double *x, const double *x_rot, double *f) {
    if (!w || !x || !x_rot || !f) return SL_ERR_NULL;
    warp_state *s = warp_of(w);
    if (!s) return SL_ERR_INCOMPATIBLE;
    rotations(w, s, x_rot);
    warped_force(w, s, x, f);
    return SL_OK;
}

typedef struct { double *K; int n3; } dense_ctx;
static void emit_dense(void *c, int entry, int row, int col, double value) {
    dense_ctx *d = c;
    d->K[(size_t)row * d->n3 + col] += value;
}

sl_status sl_world_warping_stiffness(const sl_world *w, const double *x_rot, double *K) {
    if (!w || !x_rot || !K) return SL_ERR_NULL;
    warp_state *s = warp_of(w);
    if (!s) return SL_ERR_INCOMPATIBLE;
    rotations(w, s, x_rot);
    dense_ctx d = {K, 3 * w->n};
    memset(K, 0, sizeof(double) * (size_t)d.n3 * d.n3);
    warped_stiffness(w, s, emit_dense, &d);
    return SL_OK;
}

sl_status sl_world_warping_ghost(const sl_world *w, double force[3], double torque[3]) {
    if (!w || !force || !torque) return SL_ERR_NULL;
    warp_state *s = warp_of(w);
    if (!s) return SL_ERR_INCOMPATIBLE;
    if (s->version != w->assembly.version) return SL_ERR_INCOMPATIBLE; /* K0 of another pattern */
    /* s->force is the step's scratch, rewritten at the start of every step */
    rotations(w, s, w->x);
    warped_force(w, s, w->x, s->force);
    double M = 0, c[3] = {0, 0, 0};
    for (int i = 0; i < w->n; i++) {
        M += w->mass[i];
        for (int k = 0; k < 3; k++) c[k] += w->mass[i] * w->x[3 * i + k];
    }
    for (int k = 0; k < 3; k++) c[k] = M > 0 ? c[k] / M : 0, force[k] = torque[k] = 0;
    for (int i = 0; i < w->n; i++) { /* the force on node i is -f_w,i */
        double r[3], f[3], t[3];
        for (int k = 0; k < 3; k++) r[k] = w->x[3 * i + k] - c[k], f[k] = -s->force[3 * i + k];
        sl_vec3_cross(r, f, t);
        for (int k = 0; k < 3; k++) force[k] += f[k], torque[k] += t[k];
    }
    return SL_OK;
}

sl_status sl_world_rotation_field(const sl_world *w, const double *x, double *R) {
    if (!w || !x || !R) return SL_ERR_NULL;
    warp_state *s = warp_of(w);
    if (s && s->mode == WARP_VERTEX) {
        vertex_rotations(w, s->pair, s->pair_count, x, R);
        return SL_OK;
    }
    int count = 0, *pair = node_pairs(w, &count);
    if (!pair) return SL_ERR_NOMEM;
    vertex_rotations(w, pair, count, x, R);
    free(pair);
    return SL_OK;
}
