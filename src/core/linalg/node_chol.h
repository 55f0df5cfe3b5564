/* A sparse Cholesky factor by 3x3 node blocks, for an SPD matrix whose dofs come in node
 * triples (free or pinned together): P A P^T = L L^T with P the AMD order of the node graph.
 * L's pattern is then one of full 3x3 blocks, which the triangular solves walk with one
 * index per nine entries (CSparse's walk: one per entry). The numeric factor itself is
 * CSparse's cs_chol of P A P^T, read into blocks. Used by the warping steppers' rotated
 * preconditioner (steppers/warp_kernel.c: the rest system (1 + dt c) M + dt^2 K0); the
 * incomplete block factor IC0 is block_sym.h's.
 * Tried 2026-11-29 and not kept (warp-tube-drop, vertex, dt 1 ms, 1 s, native user time,
 * 0.58 s with this form): L's blocks stored as float (0.61 s, the same iterations), and the
 * forward solve by rows from a transposed copy (0.59 s, the same bits). */
#ifndef SL_NODE_CHOL_H
#define SL_NODE_CHOL_H

#include "softlab/status.h"

typedef struct sl_node_chol {
    int nb;         /* nodes (block rows) */
    int *perm;      /* perm[k]: the node at position k of the factor's order */
    int *lp, *li;   /* column k's blocks below the diagonal: lp[k] .. lp[k+1]-1, rows li (> k) */
    double *lx;     /* double[9 each]: L(3 li + r, 3 k + c) at 3 r + c */
    double *dinv;   /* double[9 nb]: the inverse of L's diagonal block k (lower triangular) */
    double *work;   /* double[3 nb]: for the caller, in the factor's order */
} sl_node_chol;

/* f = the node-block Cholesky factor of the symmetric A of nb nodes given by block rows:
 * row r's blocks are t = p[r] .. p[r+1]-1, each at scalar column col[t] (a multiple of 3:
 * the column node's first dof) with values blocks[9 t + 3 a + b] = A(3 r + a, col[t] + b)
 * (both triangles stored). f is freed first. Errors: SL_ERR_NOMEM; SL_ERR_FACTOR (nb = 0,
 * A not positive definite, or L not in full node blocks); f is left empty on error. */
sl_status sl_node_chol_factor(sl_node_chol *f, int nb, const int *p, const int *col, const double *blocks);

/* y = (L L^T)^-1 y in the factor's order: y[3 k + q] is dof q of node perm[k]; double[3 nb]. */
void sl_node_chol_solve(const sl_node_chol *f, double *y);

/* Frees f's arrays and zeroes it (safe on a zeroed or freed f). */
void sl_node_chol_free(sl_node_chol *f);

#endif
