/* The one language every softlab model speaks (../shared/STYLE.md, seed 000 §2.2).
 *
 * Conventions (all of softlab): SI units (m, kg, s, N, Pa, J); right-handed axes,
 * y up; positions and velocities of n nodes are double[3*n], xyz interleaved, so
 * the global degree of freedom (dof) of node i, component c is 3*i + c.
 *
 * A model gives, at positions x, the constraint values phi(x) (m of them), the
 * Jacobian J = dphi/dx (m x 3n, sparse) and a DIAGONAL compliance alpha (m
 * values, alpha_i >= 0). Its potential energy is U = 1/2 phi^T alpha^-1 phi
 * (seed 000 eq. 6). alpha_i = 0 means infinitely stiff (a hard constraint).
 * A non-diagonal D^-1 (Green-strain FEM) is made diagonal by rotating phi with
 * the constant orthogonal Q of seed 000 §2.3 (D = Q^T alpha^-1 Q, phi = Q eps).
 *
 * Constraints come in blocks that each touch a few nodes: a spring is 1 row on
 * 2 nodes, a tetrahedron 6 rows on 4 nodes. J is handed over as one dense
 * (rows x 3*nodes) matrix per block, row-major, columns ordered node by node
 * (x,y,z of the block's first node, then of its second, ...). The world turns
 * these into sparse matrices; models never see CSparse.
 */
#ifndef SL_MODEL_H
#define SL_MODEL_H

#include "softlab/status.h"

typedef struct sl_model sl_model;

typedef struct sl_model_class {
    const char *name;     /* short id, e.g. "springs" */
    const char *citation; /* seed file and equations, e.g. "000 §3" */

    /* phi: double[constraint_count] (block b owns rows b*block_rows ...).
     * J: double[block_count][block_rows][3*block_nodes], row-major per block.
     * Either output may be NULL when the caller does not need it. */
    void (*evaluate)(const sl_model *self, const double *x, double *phi, double *J);

    /* Optional (NULL if the model is linear in x). Geometric stiffness
     * H = sum_i w_i d^2 phi_i / dx^2, the term (dJ^T/dx) alpha^-1 phi of seed
     * 000 eq. 23 when w = alpha^-1 phi. w: double[constraint_count].
     * H: double[block_count][3*block_nodes][3*block_nodes], row-major per block. */
    void (*geometric_stiffness)(const sl_model *self, const double *x, const double *w,
                                double *H);

    /* Frees data. May be NULL when data needs no freeing beyond free(). */
    void (*destroy)(sl_model *self);

    /* 1 if every phi is a quadratic form of node differences minus a constant, so that
     * H(w) x = J^T w (Terzopoulos' frozen-coefficient stiffness; seed 004 eq. 7). */
    int quadratic;
} sl_model_class;

struct sl_model {
    const sl_model_class *cls;
    int block_count;    /* number of blocks */
    int block_rows;     /* constraints per block */
    int block_nodes;    /* nodes per block */
    int *block_node;    /* int[block_count*block_nodes]: node indices of each block */
    double *compliance; /* double[block_count*block_rows]: alpha_i >= 0, units of
                           phi^2/J (for a spring of stiffness k: 1/k) */
    void *data;         /* model-specific, owned */
};

/* Number of constraint rows m of a model. */
static inline int sl_model_constraint_count(const sl_model *m) {
    return m->block_count * m->block_rows;
}

/* Allocates a model shell with zeroed block_node and compliance arrays of the given
 * sizes. Returns NULL on bad sizes or out of memory. Free with sl_model_destroy. */
sl_model *sl_model_alloc(const sl_model_class *cls, int block_count, int block_rows,
                         int block_nodes);

/* Frees a model made by sl_model_alloc (calls cls->destroy for its data). NULL is a no-op. */
void sl_model_destroy(sl_model *m);

#endif
