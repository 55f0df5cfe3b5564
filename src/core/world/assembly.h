/* Assembly of the global quantities of a world from its models' blocks: phi,
 * block Jacobians, forces, and the sparse symmetric system matrices over the free
 * (unpinned) degrees of freedom. The sparsity pattern and the map from block
 * entries to matrix entries are built once per topology (models and pins) so that
 * each step only writes values, and the symbolic factorization can be reused. */
#ifndef SL_ASSEMBLY_H
#define SL_ASSEMBLY_H

#include "softlab/status.h"

struct cs_sparse;
typedef struct sl_world sl_world;

/* The rows of a model with a row map (sl_model.block_row) as sparse rows over the free
 * dofs, so that J^T alpha^-1 J can be written row by row: a shared row couples every
 * node of every block that adds into it (the one-ring of a node), which no single block
 * sees. Built once per topology. */
typedef struct sl_assembly_rows {
    int *ptr;      /* int[row_count+1]: entries of model row i are ptr[i] .. ptr[i+1]-1 */
    int *dof;      /* int[nnz]: free dof of each entry, sorted within a row */
    double *val;   /* double[nnz]: the assembled J row values (scratch) */
    int *pos;      /* int[block rows * 3*block_nodes]: entry of each block-row column, -1 pinned */
    int *slot_ptr; /* int[row_count+1]: first slot of row i in slot */
    int *slot;     /* slots in A->x of the pairs (p, q), p <= q, of each row's entries */
} sl_assembly_rows;

typedef struct sl_assembly {
    int version;       /* bumped when the pattern is rebuilt; steppers compare it */
    int valid;         /* 0: rebuild needed (models or pins changed) */
    int n_free;        /* number of free dofs */
    int *dof;          /* int[3n]: free-dof index of a global dof, or -1 if pinned */
    int *free_dof;     /* int[n_free]: global dof of a free dof */
    double *phi;       /* double[m] */
    double *alpha;     /* double[m]: compliance of every constraint row */
    double *w;         /* double[m]: alpha^-1 phi (0 where alpha = 0) */
    double *J;         /* all block Jacobians, model after model */
    double *H;         /* all block geometric stiffnesses (NULL until needed) */
    int *row_offset;   /* int[model_count]: first constraint row of each model */
    int *J_offset;     /* int[model_count]: first double of each model's blocks in J */
    int *H_offset;     /* int[model_count]: first double of each model's blocks in H */
    int J_size, H_size;
    double *phi_block; /* double[block rows]: block-row values of models with a row map */
    double *w_block;   /* double[block rows]: their weights gathered from w */
    int *block_offset; /* int[model_count]: first block row of each model in phi_block */
    int row_models;    /* entries of rows */
    sl_assembly_rows *rows; /* [model_count]: sparse rows of the models with a row map
                               (all fields NULL for the identity map) */
    /* System matrix A (n_free x n_free, upper triangle, CSC) and the map from each
     * block's (3k x 3k) entry to its slot in A->x (-1 when pinned or below the
     * diagonal), block after block, model after model, as in H. */
    struct cs_sparse *A;
    int *A_slot;
    int *A_diag;       /* int[n_free]: slot of each diagonal entry */
    /* The constraint Jacobian of sl_assembly_jacobian (m x n_free, CSC) and the slot in
     * Jc->x of each entry of J (int[J_size], -1 when pinned); built on first use. */
    struct cs_sparse *Jc;
    int *Jc_slot;
} sl_assembly;

/* (Re)builds dof map, pattern and scratch if invalid. Errors: SL_ERR_NOMEM. */
sl_status sl_assembly_prepare(sl_world *w);

/* Copies the models' compliances into the prepared assembly (after a model changed
 * them in place, e.g. sl_grid_set_strength); no-op before the first prepare. */
void sl_assembly_refresh_compliance(sl_world *w);

/* Evaluates phi, the block Jacobians and w = alpha^-1 phi at x (double[3n]). */
void sl_assembly_evaluate(sl_world *w, const double *x);

/* Evaluates the geometric stiffness blocks H(w) at x (after sl_assembly_evaluate). */
void sl_assembly_geometric(sl_world *w, const double *x);

/* Replaces every geometric stiffness block by its positive semidefinite part (after
 * sl_assembly_geometric): the tension part of H, which keeps a system matrix
 * M + c (K + H) positive definite when compressed blocks make H indefinite. */
void sl_assembly_geometric_psd(sl_world *w);

/* External force on every global dof (double[3n], N): gravity M g, loads, the mass
 * damping -c M v, grab. */
void sl_assembly_external_forces(const sl_world *w, double *force);

/* Force on every global dof (double[3n], N): the external force and
 * -J^T alpha^-1 phi
 * (seed 000 §2.2, F = -dU/dx) using the evaluated phi and J. */
void sl_assembly_forces(const sl_world *w, double *force);

/* The same two at a state (x, v) other than the world's (double[3n] each): the grab
 * spring reads x, the mass damping v; phi and J must have been evaluated at x. */
void sl_assembly_external_forces_at(const sl_world *w, const double *x, const double *v, double *force);
void sl_assembly_forces_at(const sl_world *w, const double *x, const double *v, double *force);

/* Writes A = M + c_K J^T alpha^-1 J + c_H H into the values of the pattern, on
 * the free dofs (seed 000 eq. 23 scaled by M; the primal form of eq. 20). */
void sl_assembly_system(sl_world *w, double c_K, double c_H);


/* The constraint Jacobian as a CSC matrix (m x n_free), pinned columns dropped, owned
 * by the assembly: its pattern is built once (until the pattern is
 * rebuilt), its values refilled in place from the last sl_assembly_evaluate on each call,
 * so a step allocates nothing. Built anew each step, the triplets, cs_compress and
 * cs_dupl were about 35 % of an incompressible step on a 733-node torus (perf, issue 27).
 * Valid until the next call or the next rebuild; never freed by the caller. NULL: out of
 * memory. */
const struct cs_sparse *sl_assembly_jacobian(sl_world *w);

void sl_assembly_free(sl_assembly *a);

/* Slot (index into A->x) of entry (row, col) of the CSC matrix A with sorted row indices
 * in each column, or -1 if A stores no such entry (binary search). */
int sl_assembly_find_slot(const struct cs_sparse *A, int row, int col);

#endif
