/* The kernel of the stiffness-warping steppers: stiffness warping (seed 002 eq. 12 and §3.2; Mueller et al. 2002), generic over the
 * model language: K0 = J(x0)^T alpha^-1 J(x0) is kept block by block as the models hand
 * out their blocks (the geometric term vanishes at phi = 0), so it warps tets and springs.
 * Each step, linearly implicit Euler in velocity:
 *   (M + dt c M + dt^2 K_w) v' = M v + dt (f_ext - f_w(x)),   x' = x + dt v',
 *   f_w,i = R_i sum_j K0_ij (R_i^T x_j - x0_j),   K_w,ij = R_i K0_ij R_i^T,
 * lumped masses, c the world's mass damping (implicit here), pinned nodes fixed. Three
 * descriptors share this kernel (warp_kernel.h) and differ in R, one file each:
 *   stiffness-warping          R_i of node i: rotation of A_i = sum_j (x_j - x_i)(x0_j - x0_i)^T
 *                              over the mesh edges at i (eq. 14-15, det R = +1). K_w is not
 *                              symmetric: BiCGSTAB preconditioned by D_R A_0 D_R^T (the rest
 *                              system's node-block Cholesky factor, turned by the rotations).
 *                              R_i K0_ij R_i^T depends on i and j only: K0 is kept summed
 *                              per node pair, K_w assembled, f_w summed and A v formed by
 *                              those 3x3 blocks (one triple product per node pair).
 *   stiffness-warping-element  R_e of each block: polar rotation of F = Ds Dm^-1 for tets, the
 *                              rotation taking the rest direction to the current one for
 *                              2-node blocks (springs), I otherwise (Mueller & Gross 2004).
 *                              Symmetric: CG preconditioned by D_R A_0 D_R^T (the rest
 *                              system's node-block Cholesky factor turned by the vertex
 *                              rotations).
 *   linear-fem                 R = I: plain linear FEM, K_w = K0 constant.
 * Optional momentum correction (sl_world_set_momentum_correction; seed 002 §3, Desbrun et
 * al. 1999) for bodies with no pins. The public kernel access of softlab/warping.h is here
 * too: it reads the state of whichever of the three runs. */
#include <cs.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "linalg/linsolve.h"
#include "linalg/mat3.h"
#include "linalg/node_chol.h"
#include "softlab/warping.h"
#include "steppers/warp_kernel.h"


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
    /* The Krylov solve's initial guess v_n + (v_n - v_{n-1}) (linear extrapolation; v_n
     * alone at the first step and after a reset or a new pattern): v_prev (double[3n])
     * holds v_{n-1} of the free dofs while prev_version is the pattern's. Measured on
     * warp-tube-drop (1 s): BiCGSTAB 3032 -> 2643 iterations (vertex, dt 1 ms), CG 3271 ->
     * 3121 (element, 2 ms), PCG 999 -> 681 (linear FEM, 1 ms: exact in free fall). */
    double *v_prev;
    int prev_version; /* -1: no v_{n-1} */
    /* The rotations and f_w(x) at x_at (double[3n] each), valid while at_version is the
     * pattern's: a measure of the state (the ghost forces, taken after every sampled step)
     * and the next step need them at the same x, and they are a fifth of a step's cost.
     * Keyed by the positions' bits, so a hit returns what a recomputation would. */
    double *x_at, *f_at;
    int at_version;   /* -1: nothing cached (R_* may hold rotations at another x) */
    double *y;        /* double[3 * largest block_nodes]: warped_force's scratch */
    /* linear-fem: M + dt c M + dt^2 K0 does not change with x, so its values are kept
     * (double[nnz]) for the pattern version, dt and c they were assembled with. */
    double *A_none, none_dt, none_c;
    int none_version; /* -1: none kept */
    /* Non-symmetric system (vertex warping): full pattern over the free dofs, slots. */
    cs *A;
    int *slot, *diag;
    sl_lu lu;          /* its LU factor, preconditioner of BiCGSTAB */
    /* The warping modes' preconditioner where every node's three dofs are free or pinned
     * together (rotatable): P = D_R A_0 D_R^T, D_R = diag(R_i) of the current vertex
     * rotations (eq. 14-15) and A_0 = (1 + dt c) M + dt^2 K0 the system at rest
     * (symmetric, factored once per pattern, dt and c: LU in the vertex mode's full
     * pattern, Cholesky in the element mode's upper triangle). Block (i, j) of P is
     * R_i A_0,ij R_j^T; of the vertex system R_i A_0,ij R_i^T, of the element system a sum
     * of R_e K0_e,ij R_e^T over the tets at i and j: they differ only by the relative
     * rotation of neighbours, so P stays close while the body tumbles, where the factor of
     * an older A_w drifts away (and is exact under a rigid turn). */
    int rotatable, rest_version, rest_assembly; /* rest_assembly: R = I in warped_stiffness */
    double *rest_x, rest_dt, rest_c; /* A_0's values (double[rest_nnz]) and its dt, c */
    int rest_nnz;
    sl_lu rest_lu;
    sl_node_chol rest_nc; /* A_0's factor by node blocks (warping modes, rotatable); else rest_lu, rest_chol */
    sl_cholesky rest_chol;
    double *krylov;    /* double[8 n_free]: BiCGSTAB's (or CG's) vectors */
    /* Warping modes: K0 summed per node pair (K_w,IJ = R_I K0_IJ R_I^T needs one triple
     * product per node pair, not one per block pair of every element at I and J), in
     * node-block rows: row I's blocks nb_p[I] .. nb_p[I+1]-1, columns nb_j, values nb_K0
     * (double[9 each], row-major). Over the free nodes when rotatable, the step's system
     * in the same form: free row f's blocks sys_p[f] .. sys_p[f+1]-1, the free dof of
     * their column sys_col, their node block sys_blk, values sys_A (double[9 each]; the
     * vertex mode's K_w; the element mode uses the blocks for A_0's factor only). Measured
     * (warp-tube-drop, 1 s, native): nnz(L) is 78,675 for CSparse's cs_lu (L and U each),
     * its cs_chol under AMD and the node-block factor alike: the blocks save index work,
     * not fill. */
    int *nb_p, *nb_j, *sys_p, *sys_col, *sys_blk, sys_rows;
    double *nb_K0, *sys_A;
    sl_cholesky chol;  /* symmetric modes: the world assembly's upper-triangle A */
} warp_state;

/* The rest shape x0 of K0 and of f_w: the body's (sl_body_def.rest_positions) when the
 * world starts away from it (a bent tube, a twisted beam), else the initial positions. */
static const double *rest_of(const sl_world *w) { return sl_stepper_rest_shape(w); }

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
    int n = sl_world_node_count(w);
    memset(A, 0, sizeof(double) * 9 * (size_t)n);
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
    for (int i = 0; i < n; i++) { /* R_i = U V^T, det +1                            eq. 15 */
        /* A_i scaled to unit |det| first: the same rotation, but Higham's iteration, which
         * otherwise spends its first sweeps growing A_i's singular values (squared edge
         * lengths) towards 1, starts near it */
        double Ai[9], det = sl_mat3_det(A + 9 * i), scale = det > 0 ? 1 / cbrt(det) : 1;
        for (int k = 0; k < 9; k++) Ai[k] = scale * A[9 * i + k];
        sl_mat3_rotation(Ai, R + 9 * i);
    }
}

static void element_rotations(const sl_world *w, const warp_state *s, const double *x, double *R) {
    const double *x0 = rest_of(w);
    int g = 0;
    for (int k = 0; k < sl_world_model_count(w); k++) {
        const sl_model *m = sl_world_model(w, k);
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
    s->at_version = -1; /* R_* no longer at x_at */
    if (s->mode == WARP_VERTEX) vertex_rotations(w, s->pair, s->pair_count, x, s->R_node);
    if (s->mode == WARP_ELEMENT) element_rotations(w, s, x, s->R_block);
}

/* The rotation of local node p of global block g (NULL: identity). */
static const double *rotation_of(const warp_state *s, int g, int node) {
    if (s->rest_assembly) return NULL;
    if (s->mode == WARP_VERTEX) return s->R_node + 9 * node;
    if (s->mode == WARP_ELEMENT) return s->R_block + 9 * g;
    return NULL;
}

/* ---- K0, force, stiffness ---- */

/* K0 blocks = J_b(x0)^T alpha_b^-1 J_b(x0), and Dm^-1 of 4-node blocks. */
static void rest_stiffness(sl_world *w, warp_state *s) {
    sl_assembly_evaluate(w, rest_of(w));
    int g = 0;
    for (int k = 0; k < sl_world_model_count(w); k++) {
        const sl_model *m = sl_world_model(w, k);
        int nd = 3 * m->block_nodes, rows = m->block_rows;
        double *K = s->K0 + sl_stepper_block_offset(w, k);
        const double *J = sl_stepper_jacobian_blocks(w, k), *alpha = sl_stepper_alpha(w) + sl_stepper_row_offset(w, k);
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

/* f_w (double[3n]) at x with the current rotations                          eq. 12
 * y (double[3 * largest block_nodes]) is scratch: y_q = R^T x_q - x0_q of the block's
 * nodes, computed once per block where one R serves every node (element, none) and once
 * per node p where R is p's own (vertex). */
static void block_force(const sl_world *w, const warp_state *s, const double *x, double *f);
static void warped_force(const sl_world *w, const warp_state *s, const double *x, double *f, double *y) {
    if (s->mode == WARP_VERTEX && s->nb_p) { /* the same sum by node pairs */
        block_force(w, s, x, f);
        return;
    }
    memset(f, 0, sizeof(double) * 3 * (size_t)sl_world_node_count(w));
    const double *x0 = rest_of(w);
    int g = 0;
    for (int k = 0; k < sl_world_model_count(w); k++) {
        const sl_model *m = sl_world_model(w, k);
        int bn = m->block_nodes, nd = 3 * bn;
        const double *K = s->K0 + sl_stepper_block_offset(w, k);
        for (int b = 0; b < m->block_count; b++, g++, K += nd * nd) {
            const int *node = m->block_node + b * bn;
            for (int p = 0; p < bn; p++) {
                const double *R = rotation_of(s, g, node[p]);
                if (p == 0 || s->mode == WARP_VERTEX)
                    for (int q = 0; q < bn; q++) {
                        const double *xq = x + 3 * node[q], *x0q = x0 + 3 * node[q];
                        for (int c = 0; c < 3; c++) /* y = R^T x_j - x0_j */
                            y[3 * q + c] = (R ? R[c] * xq[0] + R[3 + c] * xq[1] + R[6 + c] * xq[2] : xq[c]) - x0q[c];
                    }
                double u[3] = {0, 0, 0};
                for (int q = 0; q < bn; q++)
                    for (int r = 0; r < 3; r++)
                        for (int c = 0; c < 3; c++) u[r] += K[(3 * p + r) * nd + 3 * q + c] * y[3 * q + c];
                for (int r = 0; r < 3; r++)
                    f[3 * node[p] + r] += R ? R[3 * r] * u[0] + R[3 * r + 1] * u[1] + R[3 * r + 2] * u[2] : u[r];
            }
        }
    }
}

/* Rotations at x (in R_*) and f_w(x) (returned: f_at), from the cache when x is x_at
 * bit for bit under the same pattern, else computed and cached. */
static const double *warp_at(const sl_world *w, warp_state *s, const double *x) {
    size_t bytes = sizeof(double) * 3 * (size_t)sl_world_node_count(w);
    if (s->at_version == s->version && s->version >= 0 && memcmp(s->x_at, x, bytes) == 0) return s->f_at;
    rotations(w, s, x);
    warped_force(w, s, x, s->f_at, s->y);
    memcpy(s->x_at, x, bytes);
    s->at_version = s->version;
    return s->f_at;
}

/* Calls emit(ctx, entry, row, col, stride, B) for every 3x3 block B = R_p K0_pq R_p^T of
 * K_w: B[3r + c] is entry (row + r, col + c) of K_w, at index entry + r stride + c of the
 * block layout. With skip (int[block size], as the system's slots), a 3x3 block whose nine
 * skip values are all -1 (pinned, or below a symmetric system's diagonal: about half) is
 * neither computed nor emitted. */
typedef void (*emit_fn)(void *ctx, int entry, int row, int col, int stride, const double B[9]);
static void warped_stiffness(const sl_world *w, const warp_state *s, const int *skip, emit_fn emit, void *ctx) {
    int g = 0;
    for (int k = 0; k < sl_world_model_count(w); k++) {
        const sl_model *m = sl_world_model(w, k);
        int bn = m->block_nodes, nd = 3 * bn, base = sl_stepper_block_offset(w, k);
        const double *K = s->K0 + base;
        for (int b = 0; b < m->block_count; b++, g++, K += nd * nd) {
            const int *node = m->block_node + b * bn;
            for (int p = 0; p < bn; p++) {
                const double *R = rotation_of(s, g, node[p]);
                for (int q = 0; q < bn; q++) {
                    int entry = base + (b * nd + 3 * p) * nd + 3 * q, wanted = !skip;
                    for (int r = 0; !wanted && r < 3; r++)
                        wanted = skip[entry + r * nd] >= 0 || skip[entry + r * nd + 1] >= 0 || skip[entry + r * nd + 2] >= 0;
                    if (!wanted) continue;
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
                    emit(ctx, entry, 3 * node[p], 3 * node[q], nd, B);
                }
            }
        }
    }
}

/* ---- set-up ---- */

/* The node pairs of A_i (eq. 14): the body's mesh edges, or without them every pair of
 * nodes that share a block. int[2 * *count], malloc'd (NULL: out of memory). */
static int *node_pairs(const sl_world *w, int *count) {
    int pairs = sl_world_edge_count(w);
    if (pairs == 0)
        for (int k = 0; k < sl_world_model_count(w); k++) {
            const sl_model *m = sl_world_model(w, k);
            pairs += m->block_count * m->block_nodes * (m->block_nodes - 1) / 2;
        }
    int *pair = malloc(sizeof(int) * 2 * (size_t)(pairs > 0 ? pairs : 1));
    *count = pairs;
    if (!pair) return NULL;
    if (sl_world_edge_count(w) > 0) {
        memcpy(pair, sl_world_edges(w), sizeof(int) * 2 * (size_t)pairs);
        return pair;
    }
    int e = 0;
    for (int k = 0; k < sl_world_model_count(w); k++) {
        const sl_model *m = sl_world_model(w, k);
        for (int b = 0; b < m->block_count; b++)
            for (int p = 0; p < m->block_nodes; p++)
                for (int q = p + 1; q < m->block_nodes; q++)
                    pair[e++] = m->block_node[b * m->block_nodes + p], pair[e++] = m->block_node[b * m->block_nodes + q];
    }
    return pair;
}

void sl_warp_destroy(void *state) {
    warp_state *s = state;
    if (!s) return;
    free(s->K0), free(s->Dm_inv), free(s->R_node), free(s->R_block), free(s->pair);
    free(s->force), free(s->rhs), free(s->v), free(s->v_prev), free(s->slot), free(s->diag), free(s->x_at), free(s->f_at), free(s->y), free(s->A_none);
    free(s->rest_x), free(s->krylov);
    free(s->nb_p), free(s->nb_j), free(s->nb_K0), free(s->sys_p), free(s->sys_col), free(s->sys_blk), free(s->sys_A);
    cs_spfree(s->A);
    sl_lu_free(&s->lu);
    sl_lu_free(&s->rest_lu);
    sl_node_chol_free(&s->rest_nc);
    sl_cholesky_free(&s->rest_chol);
    sl_cholesky_free(&s->chol);
    free(s);
}

typedef struct {
    const int *dof; /* the world's dof map */
    cs *T;
    int ok;
    int *slot_out;  /* emit_slot: writes the slots here */
    const int *slot; /* emit_value: the slots to add into */
    double *Ax, scale;
} emit_ctx;

static void emit_pattern(void *c, int entry, int row, int col, int stride, const double B[9]) {
    emit_ctx *e = c;
    for (int r = 0; r < 3; r++)
        for (int q = 0; q < 3; q++) {
            int i = e->dof[row + r], j = e->dof[col + q];
            if (i >= 0 && j >= 0) e->ok &= cs_entry(e->T, i, j, 0) != 0;
        }
}
static void emit_slot(void *c, int entry, int row, int col, int stride, const double B[9]) {
    emit_ctx *e = c;
    for (int r = 0; r < 3; r++)
        for (int q = 0; q < 3; q++) {
            int i = e->dof[row + r], j = e->dof[col + q];
            e->slot_out[entry + r * stride + q] = i >= 0 && j >= 0 ? sl_assembly_find_slot(e->T, i, j) : -1;
        }
}
static void emit_value(void *c, int entry, int row, int col, int stride, const double B[9]) {
    emit_ctx *e = c;
    for (int r = 0; r < 3; r++)
        for (int q = 0; q < 3; q++) {
            int slot = e->slot[entry + r * stride + q];
            if (slot >= 0) e->Ax[slot] += e->scale * B[3 * r + q];
        }
}

/* The full (both triangles) pattern of M + K_w over the free dofs, its slots and the LU
 * symbolic analysis (AMD on A + A^T). */
static sl_status build_full_pattern(sl_world *w, warp_state *s) {
    int n_free = sl_stepper_free_count(w), H_size = sl_stepper_block_size(w);
    cs_spfree(s->A), s->A = NULL;
    free(s->slot), free(s->diag);
    s->slot = malloc(sizeof(int) * (size_t)(H_size > 0 ? H_size : 1));
    s->diag = malloc(sizeof(int) * (size_t)(n_free > 0 ? n_free : 1));
    cs *T = cs_spalloc(n_free, n_free, n_free + H_size + 1, 1, 1);
    if (!s->slot || !s->diag || !T) return cs_spfree(T), SL_ERR_NOMEM;
    emit_ctx e = {.dof = sl_stepper_dof_map(w), .T = T, .ok = 1};
    for (int i = 0; i < n_free; i++) e.ok &= cs_entry(T, i, i, 0) != 0;
    warped_stiffness(w, s, NULL, emit_pattern, &e);
    cs *C = e.ok ? cs_compress(T) : NULL;
    cs_spfree(T);
    if (!C || !cs_dupl(C)) return cs_spfree(C), SL_ERR_NOMEM;
    cs *Ct = cs_transpose(C, 1); /* two transposes sort the row indices */
    cs_spfree(C);
    s->A = Ct ? cs_transpose(Ct, 1) : NULL;
    cs_spfree(Ct);
    if (!s->A) return SL_ERR_NOMEM;
    e.T = s->A, e.slot_out = s->slot;
    warped_stiffness(w, s, NULL, emit_slot, &e);
    for (int i = 0; i < n_free; i++) s->diag[i] = sl_assembly_find_slot(s->A, i, i);
    return SL_OK;
}

/* The warping modes' node blocks (warp_state nb_*, sys_*): the pattern of node pairs that
 * share a block of any model, K0 summed into it, and its free rows and columns. */
static sl_status build_node_blocks(sl_world *w, warp_state *s) {
    int n = sl_world_node_count(w), entries = n;
    free(s->nb_p), free(s->nb_j), free(s->nb_K0), free(s->sys_p), free(s->sys_col), free(s->sys_blk), free(s->sys_A);
    s->nb_p = s->nb_j = s->sys_p = s->sys_col = s->sys_blk = NULL, s->nb_K0 = s->sys_A = NULL, s->sys_rows = 0;
    for (int k = 0; k < sl_world_model_count(w); k++)
        entries += sl_world_model(w, k)->block_count * sl_world_model(w, k)->block_nodes * sl_world_model(w, k)->block_nodes;
    cs *T = cs_spalloc(n, n, entries > 0 ? entries : 1, 1, 1);
    int ok = T != NULL;
    for (int i = 0; ok && i < n; i++) ok = cs_entry(T, i, i, 1) != 0; /* the masses */
    for (int k = 0; ok && k < sl_world_model_count(w); k++) {
        const sl_model *m = sl_world_model(w, k);
        for (int b = 0; ok && b < m->block_count; b++)
            for (int p = 0; ok && p < m->block_nodes; p++)
                for (int q = 0; ok && q < m->block_nodes; q++)
                    ok = cs_entry(T, m->block_node[b * m->block_nodes + p], m->block_node[b * m->block_nodes + q], 1) != 0;
    }
    cs *C = ok ? cs_compress(T) : NULL;
    cs_spfree(T);
    if (!C || !cs_dupl(C)) return cs_spfree(C), SL_ERR_NOMEM;
    cs *Ct = cs_transpose(C, 0); /* two transposes sort the columns; symmetric: rows = columns */
    cs_spfree(C);
    C = Ct ? cs_transpose(Ct, 0) : NULL;
    cs_spfree(Ct);
    if (!C) return SL_ERR_NOMEM;
    int nnzb = (int)C->p[n];
    s->nb_p = malloc(sizeof(int) * (size_t)(n + 1));
    s->nb_j = malloc(sizeof(int) * (size_t)(nnzb > 0 ? nnzb : 1));
    s->nb_K0 = calloc(9 * (size_t)(nnzb > 0 ? nnzb : 1), sizeof(double));
    if (!s->nb_p || !s->nb_j || !s->nb_K0) return cs_spfree(C), SL_ERR_NOMEM;
    for (int i = 0; i <= n; i++) s->nb_p[i] = (int)C->p[i];
    for (int e = 0; e < nnzb; e++) s->nb_j[e] = (int)C->i[e];
    cs_spfree(C);
    const double *K = s->K0;
    for (int k = 0; k < sl_world_model_count(w); k++) { /* K0_IJ = sum over blocks at I and J */
        const sl_model *m = sl_world_model(w, k);
        int bn = m->block_nodes, nd = 3 * bn;
        K = s->K0 + sl_stepper_block_offset(w, k);
        for (int b = 0; b < m->block_count; b++, K += nd * nd)
            for (int p = 0; p < bn; p++)
                for (int q = 0; q < bn; q++) {
                    int I = m->block_node[b * bn + p], J = m->block_node[b * bn + q], e = s->nb_p[I];
                    while (s->nb_j[e] != J) e++;
                    for (int r = 0; r < 3; r++)
                        for (int c = 0; c < 3; c++) s->nb_K0[9 * e + 3 * r + c] += K[(3 * p + r) * nd + 3 * q + c];
                }
    }
    if (!s->rotatable) return SL_OK;
    const int *dof = sl_stepper_dof_map(w), *free_dof = sl_stepper_free_dofs(w);
    int rows = sl_stepper_free_count(w) / 3;
    s->sys_p = malloc(sizeof(int) * (size_t)(rows + 1));
    s->sys_col = malloc(sizeof(int) * (size_t)(nnzb > 0 ? nnzb : 1));
    s->sys_blk = malloc(sizeof(int) * (size_t)(nnzb > 0 ? nnzb : 1));
    s->sys_A = malloc(sizeof(double) * 9 * (size_t)(nnzb > 0 ? nnzb : 1));
    if (!s->sys_p || !s->sys_col || !s->sys_blk || !s->sys_A) return SL_ERR_NOMEM;
    int t = 0;
    for (int f = 0; f < rows; f++) {
        int I = free_dof[3 * f] / 3;
        s->sys_p[f] = t;
        for (int e = s->nb_p[I]; e < s->nb_p[I + 1]; e++)
            if (dof[3 * s->nb_j[e]] >= 0) s->sys_col[t] = dof[3 * s->nb_j[e]], s->sys_blk[t++] = e;
    }
    s->sys_p[rows] = t;
    s->sys_rows = rows;
    return SL_OK;
}

/* out (double[9 per system block]) = (1 + dt c) M + dt^2 R_I K0_IJ R_I^T over the free
 * nodes (rotatable vertex mode); R: the vertex rotations, NULL for A_0 (R = I). */
static void assemble_blocks(const sl_world *w, const warp_state *s, const double *R_node, double dt, double c, double *out) {
    const double *mass = sl_world_masses(w);
    const int *free_dof = sl_stepper_free_dofs(w);
    double h2 = dt * dt;
    for (int f = 0; f < s->sys_rows; f++) {
        int I = free_dof[3 * f] / 3;
        const double *R = R_node ? R_node + 9 * I : NULL;
        for (int t = s->sys_p[f]; t < s->sys_p[f + 1]; t++) {
            const double *K = s->nb_K0 + 9 * s->sys_blk[t];
            double *A = out + 9 * t;
            if (R) {
                double RK[9];
                for (int r = 0; r < 3; r++) /* RK = R K */
                    for (int q = 0; q < 3; q++) RK[3 * r + q] = R[3 * r] * K[q] + R[3 * r + 1] * K[3 + q] + R[3 * r + 2] * K[6 + q];
                for (int r = 0; r < 3; r++) /* A = dt^2 RK R^T */
                    for (int q = 0; q < 3; q++)
                        A[3 * r + q] = h2 * (RK[3 * r] * R[3 * q] + RK[3 * r + 1] * R[3 * q + 1] + RK[3 * r + 2] * R[3 * q + 2]);
            } else
                for (int i = 0; i < 9; i++) A[i] = h2 * K[i];
            if (s->sys_col[t] == 3 * f)
                for (int r = 0; r < 3; r++) A[4 * r] += (1 + dt * c) * mass[I];
        }
    }
}

/* y += A x over the free dofs with A in the system blocks (sl_operator_fn). */
static void block_product(const void *ctx, const double *x, double *y) {
    const warp_state *s = ctx;
    for (int f = 0; f < s->sys_rows; f++) {
        double u0 = 0, u1 = 0, u2 = 0;
        for (int t = s->sys_p[f]; t < s->sys_p[f + 1]; t++) {
            const double *A = s->sys_A + 9 * t, *xj = x + s->sys_col[t];
            u0 += A[0] * xj[0] + A[1] * xj[1] + A[2] * xj[2];
            u1 += A[3] * xj[0] + A[4] * xj[1] + A[5] * xj[2];
            u2 += A[6] * xj[0] + A[7] * xj[1] + A[8] * xj[2];
        }
        y[3 * f] += u0, y[3 * f + 1] += u1, y[3 * f + 2] += u2;
    }
}

/* f_w (double[3n]) at x with the vertex rotations, by node blocks: warped_force's
 * f_w,I = R_I sum_J K0_IJ (R_I^T x_J - x0_J)                                  eq. 12 */
static void block_force(const sl_world *w, const warp_state *s, const double *x, double *f) {
    const double *x0 = rest_of(w);
    int n = sl_world_node_count(w);
    for (int I = 0; I < n; I++) {
        const double *R = s->R_node + 9 * I;
        double u[3] = {0, 0, 0};
        for (int e = s->nb_p[I]; e < s->nb_p[I + 1]; e++) {
            const double *K = s->nb_K0 + 9 * e, *xj = x + 3 * s->nb_j[e], *x0j = x0 + 3 * s->nb_j[e];
            double y[3];
            for (int c = 0; c < 3; c++) y[c] = R[c] * xj[0] + R[3 + c] * xj[1] + R[6 + c] * xj[2] - x0j[c];
            for (int r = 0; r < 3; r++) u[r] += K[3 * r] * y[0] + K[3 * r + 1] * y[1] + K[3 * r + 2] * y[2];
        }
        for (int r = 0; r < 3; r++) f[3 * I + r] = R[3 * r] * u[0] + R[3 * r + 1] * u[1] + R[3 * r + 2] * u[2];
    }
}

/* f = the node-block Cholesky factor of A_0 = (1 + dt c) M + dt^2 K0 over the free nodes
 * (the system blocks sys_*). Errors: SL_ERR_NOMEM; SL_ERR_FACTOR (no free node, not positive
 * definite, or L not in full node blocks). */
static sl_status rest_node_factor(const sl_world *w, const warp_state *s, double dt, double c, sl_node_chol *f) {
    int nnzb = s->sys_p[s->sys_rows];
    double *A0 = malloc(sizeof(double) * 9 * (size_t)(nnzb > 0 ? nnzb : 1));
    if (!A0) {
        sl_node_chol_free(f);
        return SL_ERR_NOMEM;
    }
    assemble_blocks(w, s, NULL, dt, c, A0);
    sl_status st = sl_node_chol_factor(f, s->sys_rows, s->sys_p, s->sys_col, A0);
    free(A0);
    return st;
}

/* Whether every node's three dofs are free together or pinned together (the rotated
 * preconditioner turns them as one), and the Krylov vectors for n_free dofs. */
static sl_status rotatable_setup(sl_world *w, warp_state *s) {
    int n_free = sl_stepper_free_count(w);
    const int *free_dof = sl_stepper_free_dofs(w);
    s->rest_version = -1;
    s->rotatable = s->mode != WARP_NONE && n_free % 3 == 0;
    for (int k = 0; s->rotatable && k < n_free; k += 3)
        s->rotatable = free_dof[k] % 3 == 0 && free_dof[k + 1] == free_dof[k] + 1 && free_dof[k + 2] == free_dof[k] + 2;
    free(s->krylov);
    s->krylov = malloc(sizeof(double) * 8 * (size_t)(n_free > 0 ? n_free : 1));
    return s->krylov ? SL_OK : SL_ERR_NOMEM;
}

static sl_status prepare(sl_world *w, warp_state *s) {
    if (s->version == sl_stepper_pattern_version(w)) return SL_OK;
    rest_stiffness(w, s);
    s->version = sl_stepper_pattern_version(w);
    sl_status st = s->mode == WARP_VERTEX ? build_full_pattern(w, s) : SL_OK;
    if (st == SL_OK) st = rotatable_setup(w, s);
    if (st == SL_OK && s->mode != WARP_NONE) st = build_node_blocks(w, s);
    if (st != SL_OK) s->version = -1;
    return st;
}

sl_status sl_warp_init(sl_world *w, void **state, int mode) {
    int n = sl_world_node_count(w), H_size = sl_stepper_block_size(w);
    warp_state *s = calloc(1, sizeof *s);
    if (!s) return SL_ERR_NOMEM;
    s->mode = mode;
    s->version = -1;
    s->at_version = -1;
    s->none_version = -1;
    s->prev_version = -1;
    int largest = 1;
    for (int k = 0; k < sl_world_model_count(w); k++) {
        s->block_total += sl_world_model(w, k)->block_count;
        if (sl_world_model(w, k)->block_nodes > largest) largest = sl_world_model(w, k)->block_nodes;
    }
    size_t n3 = 3 * (size_t)n, bt = (size_t)(s->block_total > 0 ? s->block_total : 1);
    s->K0 = calloc((size_t)(H_size > 0 ? H_size : 1), sizeof(double));
    s->Dm_inv = calloc(9 * bt, sizeof(double));
    s->R_node = calloc(9 * (size_t)n, sizeof(double));
    s->R_block = calloc(9 * bt, sizeof(double));
    s->force = calloc(n3, sizeof(double));
    s->rhs = calloc(n3 + 1, sizeof(double));
    s->v = calloc(n3 + 1, sizeof(double));
    s->v_prev = calloc(n3 + 1, sizeof(double));
    s->x_at = calloc(n3 + 1, sizeof(double));
    s->f_at = calloc(n3 + 1, sizeof(double));
    s->y = calloc(3 * (size_t)largest, sizeof(double));
    s->pair = node_pairs(w, &s->pair_count);
    if (!s->K0 || !s->Dm_inv || !s->R_node || !s->R_block || !s->force || !s->rhs || !s->v || !s->v_prev || !s->x_at || !s->f_at || !s->y || !s->pair) {
        sl_warp_destroy(s);
        return SL_ERR_NOMEM;
    }
    for (int i = 0; i < 9 * n; i++) s->R_node[i] = (i % 9) % 4 == 0;
    for (size_t i = 0; i < 9 * bt; i++) s->R_block[i] = (i % 9) % 4 == 0;
    sl_status st = prepare(w, s);
    if (st != SL_OK) {
        sl_warp_destroy(s);
        return st;
    }
    *state = s;
    return SL_OK;
}

/* ---- the step ---- */

/* A->x = (1 + dt c) M + dt^2 K_w on the free dofs (K0 with s->rest_assembly), into the
 * slots of A: the vertex mode's full pattern, else the world's upper triangle. */
static void assemble(sl_world *w, const warp_state *s, cs *A, double dt, double c) {
    const double *mass = sl_world_masses(w);
    const int n_free = sl_stepper_free_count(w), *free_dof = sl_stepper_free_dofs(w);
    const int *diag = s->mode == WARP_VERTEX ? s->diag : sl_stepper_system_diagonal(w);
    memset(A->x, 0, sizeof(double) * (size_t)A->p[A->n]);
    for (int k = 0; k < n_free; k++) A->x[diag[k]] = (1 + dt * c) * mass[free_dof[k] / 3];
    emit_ctx e = {.dof = sl_stepper_dof_map(w), .slot = s->mode == WARP_VERTEX ? s->slot : sl_stepper_system_slots(w),
                  .Ax = A->x, .scale = dt * dt};
    warped_stiffness(w, s, e.slot, emit_value, &e);
}

typedef struct { warp_state *s; const int *free_dof; int n_free; } rotated_ctx;

/* z = D_R A_0^-1 D_R^T z over the free dofs (node triples): the rotated preconditioner. */
static void precondition_rotated(void *ctx, double *z) {
    rotated_ctx *r = ctx;
    const sl_node_chol *f = &r->s->rest_nc;
    if (f->nb > 0) { /* z_i = R_i A_0^-1 R_i^T z_i, into and out of the factor's order */
        for (int k = 0; k < f->nb; k++) {
            int d = 3 * f->perm[k];
            const double *R = r->s->R_node + 3 * r->free_dof[d];
            double a = z[d], b = z[d + 1], c = z[d + 2];
            for (int q = 0; q < 3; q++) f->work[3 * k + q] = R[q] * a + R[3 + q] * b + R[6 + q] * c;
        }
        sl_node_chol_solve(f, f->work);
        for (int k = 0; k < f->nb; k++) {
            int d = 3 * f->perm[k];
            const double *R = r->s->R_node + 3 * r->free_dof[d], *y = f->work + 3 * k;
            for (int q = 0; q < 3; q++) z[d + q] = R[3 * q] * y[0] + R[3 * q + 1] * y[1] + R[3 * q + 2] * y[2];
        }
        return;
    }
    for (int k = 0; k < r->n_free; k += 3) { /* z_i = R_i^T z_i */
        const double *R = r->s->R_node + 3 * r->free_dof[k];
        double a = z[k], b = z[k + 1], d = z[k + 2];
        for (int q = 0; q < 3; q++) z[k + q] = R[q] * a + R[3 + q] * b + R[6 + q] * d;
    }
    if (r->s->mode == WARP_VERTEX) sl_lu_solve(&r->s->rest_lu, z);
    else sl_cholesky_solve(&r->s->rest_chol, z);
    for (int k = 0; k < r->n_free; k += 3) { /* z_i = R_i z_i */
        const double *R = r->s->R_node + 3 * r->free_dof[k];
        double a = z[k], b = z[k + 1], d = z[k + 2];
        for (int q = 0; q < 3; q++) z[k + q] = R[3 * q] * a + R[3 * q + 1] * b + R[3 * q + 2] * d;
    }
}

/* A_0 = (1 + dt c) M + dt^2 K0 in A's pattern (the system's), factored, unless it is
 * for this pattern version, dt and c already. Returns 1 if it factored, 0 if it was
 * kept, -1 if it failed (no memory: *st; not factorizable: the old solver serves). */
static int rest_factor(sl_world *w, warp_state *s, const cs *A, double dt, double c, int version, sl_status *st) {
    int nnz = (int)A->p[A->n];
    if (s->rest_version == version && s->rest_dt == dt && s->rest_c == c && s->rest_nnz == nnz) return 0;
    if (s->rest_nnz != nnz || !s->rest_x) {
        free(s->rest_x);
        s->rest_x = malloc(sizeof(double) * (size_t)(nnz > 0 ? nnz : 1));
        s->rest_nnz = s->rest_x ? nnz : 0;
        if (!s->rest_x) return *st = SL_ERR_NOMEM, -1;
    }
    cs A0 = *A;
    A0.x = s->rest_x;
    s->rest_assembly = 1;
    assemble(w, s, &A0, dt, c);
    s->rest_assembly = 0;
    sl_node_chol_free(&s->rest_nc);
    if (s->sys_A) *st = rest_node_factor(w, s, dt, c, &s->rest_nc);
    if (!s->sys_A || *st == SL_ERR_FACTOR) /* no node blocks, or L not in them */
        *st = s->mode == WARP_VERTEX ? sl_lu_factor(&s->rest_lu, &A0, version) : sl_cholesky_factor(&s->rest_chol, &A0, version);
    s->rest_version = *st == SL_OK ? version : -1, s->rest_dt = dt, s->rest_c = c;
    if (*st == SL_ERR_NOMEM) return -1;
    return *st = SL_OK, s->rest_version == version ? 1 : -1;
}

/* The warping modes' solve of A v = rhs (s->v: in the guess v_n; A: the vertex mode's
 * full s->A, else the world's upper triangle): Krylov (BiCGSTAB, CG) preconditioned by
 * D_R A_0 D_R^T where the nodes are rotatable; where that does not meet the residual in
 * SL_PCG_MAX_ITERATIONS, or nodes are not rotatable, or R = I (linear FEM), as before:
 * preconditioned by the factor of an older A_w, refactored when it drifts. */
static sl_status warp_solve(sl_world *w, warp_state *s, double dt, double c, int version, int *iterations, int *factored) {
    const int n_free = sl_stepper_free_count(w), *free_dof = sl_stepper_free_dofs(w);
    cs *A = s->mode == WARP_VERTEX ? s->A : sl_stepper_system_matrix(w);
    sl_status st = SL_OK;
    int rest = s->rotatable ? rest_factor(w, s, A, dt, c, version, &st) : -1;
    if (st != SL_OK) return st;
    if (rest >= 0) {
        if (s->mode == WARP_ELEMENT) vertex_rotations(w, s->pair, s->pair_count, sl_stepper_x(w), s->R_node);
        rotated_ctx ctx = {s, free_dof, n_free};
        int it = s->mode == WARP_VERTEX ? sl_bicgstab_operator(n_free, block_product, s, precondition_rotated, &ctx, s->krylov, s->rhs,
                                                               s->v, SL_PCG_TOLERANCE, SL_PCG_MAX_ITERATIONS)
                                        : sl_pcg(A, precondition_rotated, &ctx, s->krylov, s->rhs, s->v, SL_PCG_TOLERANCE, SL_PCG_MAX_ITERATIONS);
        *iterations = it, *factored = rest; /* the step's timing counts A_0's factorization */
        if (it >= 0) return SL_OK;
        const double *v = sl_stepper_v(w);
        for (int k = 0; k < n_free; k++) s->v[k] = v[free_dof[k]]; /* the guess again */
    }
    if (s->mode == WARP_VERTEX && s->sys_A) assemble(w, s, A, dt, c); /* the step assembled node blocks only */
    if (s->mode == WARP_VERTEX)
        return sl_lu_bicgstab(&s->lu, A, version, s->rhs, s->v, SL_PCG_TOLERANCE, SL_PCG_MAX_ITERATIONS, iterations, factored);
    return sl_cholesky_pcg(&s->chol, A, version, s->rhs, s->v, SL_PCG_TOLERANCE, SL_PCG_MAX_ITERATIONS, iterations, factored);
}

sl_status sl_warp_step(sl_world *w, void *state) {
    warp_state *s = state;
    double *x = sl_stepper_x(w), *v = sl_stepper_v(w);
    const double *mass = sl_world_masses(w);
    int n = sl_world_node_count(w);
    double dt = sl_world_dt(w), c = sl_world_mass_damping(w);
    sl_status st = prepare(w, s);
    if (st != SL_OK) return st;
    const int n_free = sl_stepper_free_count(w), *free_dof = sl_stepper_free_dofs(w);
    double t0 = sl_clock_seconds();
    { /* rotations, f_ext - f_w(x_n), and M + dt c M + dt^2 K_w on the free dofs */
        const double *fw = warp_at(w, s, x); /* f_w(x_n), kept by the cache */
        sl_assembly_external_forces(w, s->force);
        for (int d = 0; c > 0 && d < 3 * n; d++) s->force[d] += c * mass[d / 3] * v[d]; /* C implicit */
        for (int d = 0; d < 3 * n; d++) s->force[d] -= fw[d];           /* f_ext - f_w  */
        cs *A = s->mode == WARP_VERTEX ? s->A : sl_stepper_system_matrix(w);
        size_t nnz = (size_t)A->p[A->n];
        if (s->mode == WARP_VERTEX && s->sys_A)
            assemble_blocks(w, s, s->R_node, dt, c, s->sys_A); /* CSC values only if warp_solve falls back */
        else if (s->mode == WARP_NONE && s->none_version == s->version && s->none_dt == dt && s->none_c == c)
            memcpy(A->x, s->A_none, sizeof(double) * nnz); /* what the assembly below gives */
        else {
            assemble(w, s, A, dt, c);
            if (s->mode == WARP_NONE) {
                free(s->A_none);
                s->A_none = malloc(sizeof(double) * (nnz > 0 ? nnz : 1));
                if (s->A_none) memcpy(s->A_none, A->x, sizeof(double) * nnz);
                s->none_version = s->A_none ? s->version : -1, s->none_dt = dt, s->none_c = c;
            }
        }
        for (int k = 0; k < n_free; k++) { /* M v_n + dt (f_ext - f_w) */
            int d = free_dof[k];
            s->rhs[k] = mass[d / 3] * v[d] + dt * s->force[d];
            s->v[k] = v[d];
        }
        int extrapolate = s->prev_version == s->version;
        for (int k = 0; k < n_free; k++) { /* the guess v_n + (v_n - v_{n-1}); v_prev = v_n */
            double vk = s->v[k];
            if (extrapolate) s->v[k] = 2 * vk - s->v_prev[k];
            s->v_prev[k] = vk;
        }
        s->prev_version = s->version;
    }
    double t1 = sl_clock_seconds();
    int factored = 1, iterations = 0, version = sl_stepper_pattern_version(w);
    st = warp_solve(w, s, dt, c, version, &iterations, &factored);
    double t2 = sl_clock_seconds();
    if (st != SL_OK) return st;
    double *vn = s->rhs; /* v' over all dofs (pinned keep v = 0 motion) */
    memcpy(vn, v, sizeof(double) * 3 * (size_t)n);
    for (int k = 0; k < n_free; k++) vn[free_dof[k]] = s->v[k];
    if (sl_stepper_momentum_correction(w) && n_free == 3 * n) { /* ghost forces, seed 002 §3 */
        sl_assembly_external_forces(w, s->force);
        for (int d = 0; c > 0 && d < 3 * n; d++) s->force[d] += c * mass[d / 3] * v[d];
        sl_stepper_correct_momentum(w, s->force, vn);
    }
    for (int k = 0; k < n_free; k++) { /* x_{n+1} = x_n + dt v_{n+1} */
        int d = free_dof[k];
        v[d] = vn[d];
        x[d] += dt * v[d];
    }
    sl_step_timing *timing = sl_stepper_timing(w);
    timing->assembly = t1 - t0;
    timing->iterations = iterations;
    if (factored) timing->factorization = t2 - t1; /* includes the direct solve */
    else timing->solve = t2 - t1;
    return SL_OK;
}

void sl_warp_reset(void *state) {
    warp_state *s = state;
    sl_cholesky_free(&s->chol);
    sl_lu_free(&s->lu);
    sl_lu_free(&s->rest_lu);
    sl_node_chol_free(&s->rest_nc);
    sl_cholesky_free(&s->rest_chol);
    s->rest_version = -1;
    s->prev_version = -1;
}

/* ---- public kernel access (warping.h) ---- */

static warp_state *warp_of(const sl_world *w) {
    const sl_stepper_class *stepper = sl_world_stepper(w);
    if (!stepper || !sl_stepper_state(w) || stepper->step != sl_warp_step) return NULL;
    return sl_stepper_state(w);
}

sl_status sl_world_warping_force(const sl_world *w, const double *x, const double *x_rot, double *f) {
    if (!w || !x || !x_rot || !f) return SL_ERR_NULL;
    warp_state *s = warp_of(w);
    if (!s) return SL_ERR_INCOMPATIBLE;
    rotations(w, s, x_rot);
    warped_force(w, s, x, f, s->y);
    return SL_OK;
}

typedef struct { double *K; int n3; } dense_ctx;
static void emit_dense(void *c, int entry, int row, int col, int stride, const double B[9]) {
    dense_ctx *d = c;
    for (int r = 0; r < 3; r++)
        for (int q = 0; q < 3; q++) d->K[(size_t)(row + r) * d->n3 + col + q] += B[3 * r + q];
}

sl_status sl_world_warping_stiffness(const sl_world *w, const double *x_rot, double *K) {
    if (!w || !x_rot || !K) return SL_ERR_NULL;
    warp_state *s = warp_of(w);
    if (!s) return SL_ERR_INCOMPATIBLE;
    rotations(w, s, x_rot);
    dense_ctx d = {K, 3 * sl_world_node_count(w)};
    memset(K, 0, sizeof(double) * (size_t)d.n3 * d.n3);
    warped_stiffness(w, s, NULL, emit_dense, &d);
    return SL_OK;
}

int sl_world_warps(const sl_world *w) {
    const sl_stepper_class *stepper = w ? sl_world_stepper(w) : NULL;
    return stepper && stepper->step == sl_warp_step;
}

sl_status sl_world_warping_ghost(const sl_world *w, double force[3], double torque[3]) {
    if (!w || !force || !torque) return SL_ERR_NULL;
    warp_state *s = warp_of(w);
    if (!s) return SL_ERR_INCOMPATIBLE;
    if (s->version != sl_stepper_pattern_version(w)) return SL_ERR_INCOMPATIBLE; /* K0 of another pattern */
    const double *x = sl_world_positions(w), *mass = sl_world_masses(w);
    int n = sl_world_node_count(w);
    const double *fw = warp_at(w, s, x);
    double M = 0, c[3] = {0, 0, 0};
    for (int i = 0; i < n; i++) {
        M += mass[i];
        for (int k = 0; k < 3; k++) c[k] += mass[i] * x[3 * i + k];
    }
    for (int k = 0; k < 3; k++) c[k] = M > 0 ? c[k] / M : 0, force[k] = torque[k] = 0;
    for (int i = 0; i < n; i++) { /* the force on node i is -f_w,i */
        double r[3], f[3], t[3];
        for (int k = 0; k < 3; k++) r[k] = x[3 * i + k] - c[k], f[k] = -fw[3 * i + k];
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
