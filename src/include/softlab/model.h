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
 *
 * Row maps (seed 001 §3, issue 17): by default block b owns the model rows
 * b*block_rows .. b*block_rows + block_rows - 1 (the identity map). A model whose rows
 * are shared between blocks (the one-ring volume: one row per node, summed over the
 * tetrahedra around it) sets block_row: block b's local row r ADDS into model row
 * block_row[b*block_rows + r]. Then phi_i = sum of the block-row values mapped to i,
 * J row i = sum of the mapped block Jacobian rows (scattered to their nodes), and the
 * model has row_count rows, each with one compliance. Models never sum themselves:
 * evaluate writes one value and one Jacobian row per BLOCK ROW, and the world adds them.
 */
#ifndef SL_MODEL_H
#define SL_MODEL_H

#include <stddef.h>

#include "softlab/status.h"

typedef struct sl_model sl_model;

typedef struct sl_model_class {
    const char *name;     /* short id, e.g. "springs" */
    const char *citation; /* seed file and equations, e.g. "000 §3" */

    /* phi: double[block_count*block_rows], the value of every block row (with the
     * identity map these are the model rows; with a row map, the world sums them).
     * J: double[block_count][block_rows][3*block_nodes], row-major per block.
     * Either output may be NULL when the caller does not need it. Both must be finite at
     * any finite x (collapsed, inverted or spread out): a step checks positions and
     * velocities, not phi (softlab/world.h, divergence_stretch). */
    void (*evaluate)(const sl_model *self, const double *x, double *phi, double *J);

    /* Optional (NULL if the model is linear in x). Geometric stiffness
     * H = sum_i w_i d^2 phi_i / dx^2, the term (dJ^T/dx) alpha^-1 phi of seed
     * 000 eq. 23 when w = alpha^-1 phi. w: double[block_count*block_rows], the weight
     * of every block row (the world gathers w of the model row each block row maps to,
     * so H = sum over model rows of w_i d^2 phi_i/dx^2 also with a row map).
     * H: double[block_count][3*block_nodes][3*block_nodes], row-major per block. */
    void (*geometric_stiffness)(const sl_model *self, const double *x, const double *w,
                                double *H);

    /* Frees data. May be NULL when data needs no freeing beyond free(). */
    void (*destroy)(sl_model *self);

    /* 1 if every phi is a quadratic form of node differences minus a constant, so that
     * H(w) x = J^T w (Terzopoulos' frozen-coefficient stiffness; seed 004 eq. 7). */
    int quadratic;

    /* 1 if model row i belongs to node i (one row per node of the world, e.g. the one-ring
     * volume of node i): a value per row, such as the pressure multiplier of a hard row,
     * is then a field over the nodes. */
    int node_rows;

    /* Optional (NULL if none): for rows phi_i = Q_i(x) - Q_i(x0) that measure the change
     * of a quantity Q_i, its rest value Q_i(x0) per model row (double[row_count], in the
     * units of phi, valid while the model lives), e.g. the one-ring volumes V^_k(x0) in
     * m^3. A stepper that drives such rows to 0 (incompressible) bounds a step's
     * correction by a fraction of it. */
    const double *(*rest_row_values)(const sl_model *self);

    /* Optional (NULL: the world forms J and takes -J^T w). Adds -J(x)^T w to force
     * (double[3n], N) without forming J, for a model without a row map; w:
     * double[block_count*block_rows], the weights of its rows (alpha^-1 phi). Equal to the
     * J route up to rounding. The incompressible stepper's evaluations ask for J only of
     * the models with hard rows (sl_assembly_evaluate_projection). */
    void (*add_forces)(const sl_model *self, const double *x, const double *w, double *force);
} sl_model_class;

struct sl_model {
    const sl_model_class *cls;
    int block_count;    /* number of blocks */
    int block_rows;     /* constraints per block */
    int block_nodes;    /* nodes per block */
    int *block_node;    /* int[block_count*block_nodes]: node indices of each block */
    double *compliance; /* double[constraint_count]: alpha_i >= 0 per MODEL row, units
                           of phi^2/J (for a spring of stiffness k: 1/k) */
    int *block_row;     /* int[block_count*block_rows] or NULL (identity): the model row,
                           in [0, row_count), that each block row adds into */
    int row_count;      /* model rows: block_count*block_rows when block_row is NULL */
    void *data;         /* model-specific, owned */
};

/* Number of constraint rows m of a model. */
static inline int sl_model_constraint_count(const sl_model *m) {
    return m->block_row ? m->row_count : m->block_count * m->block_rows;
}

/* Number of block rows (values evaluate writes): block_count * block_rows. */
static inline int sl_model_block_row_count(const sl_model *m) {
    return m->block_count * m->block_rows;
}

/* Model row of block row br (0 .. block_count*block_rows - 1). */
static inline int sl_model_row_of(const sl_model *m, int br) {
    return m->block_row ? m->block_row[br] : br;
}

/* The rest values of m's rows (sl_model_class.rest_row_values), or NULL. */
static inline const double *sl_model_rest_row_values(const sl_model *m) {
    return m->cls->rest_row_values ? m->cls->rest_row_values(m) : NULL;
}

/* Allocates a model shell with zeroed block_node and compliance arrays of the given
 * sizes. Returns NULL on bad sizes or out of memory. Free with sl_model_destroy. */
sl_model *sl_model_alloc(const sl_model_class *cls, int block_count, int block_rows,
                         int block_nodes);

/* As sl_model_alloc, with a row map: block_row (int[block_count*block_rows], zeroed, to
 * be filled) and compliance (double[row_count], zeroed) for row_count >= 1 model rows.
 * Returns NULL on bad sizes or out of memory. */
sl_model *sl_model_alloc_mapped(const sl_model_class *cls, int block_count, int block_rows,
                                int block_nodes, int row_count);

/* Frees a model made by sl_model_alloc (calls cls->destroy for its data). NULL is a no-op. */
void sl_model_destroy(sl_model *m);

#endif
