/* Assembly of the global quantities of a world from its models' blocks: phi,
 * block Jacobians, forces, and the sparse symmetric system matrices over the free
 * (unpinned) degrees of freedom. The sparsity pattern and the map from block
 * entries to matrix entries are built once per topology (models and pins) so that
 * each step only writes values, and the symbolic factorization can be reused. */
#ifndef SL_ASSEMBLY_H
#define SL_ASSEMBLY_H

/* The world's own (world/, measure/): a stepper sees the assembly through
 * world/stepper_api.h, which declares its evaluation, forces and system matrix. */
#ifndef SL_WORLD_INTERNAL
#error "world/assembly.h is the world's own: a stepper includes world/stepper_api.h (README, Architecture)"
#endif

#include "softlab/status.h"
#include "world/stepper_api.h"

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
    double *eval_x;    /* double[3n]: the positions phi and J were last evaluated at */
    int eval_ok;       /* 1: phi and J are those of eval_x (sl_assembly_evaluate) */
    int eval_mode;     /* what was evaluated (assembly.c: EVALUATE_ALL, _FORCES, _PROJECTION) */
    unsigned char *fused; /* [model_count]: 1 where the last evaluation left J out and the
                             forces come from the model's add_forces at fused_x */
    double *fused_x;   /* double[3n]: the positions of that evaluation */
    int w_ok;          /* 1: w is alpha^-1 phi of the phi and alpha held now */
    unsigned evaluations; /* evaluations of the models (whole or forces-only) so far */
    unsigned calls;    /* calls of sl_assembly_evaluate, kept or not */
    unsigned calls_seen; /* calls after sl_world_energy_evaluated's last evaluation */
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
    /* The selected rows of sl_assembly_jacobian_rows (CSC, Jc's entry order) and how to
     * fill them: entry Jr_to[e] of Jr->x sums a->J[Jr_from[e]] (e ascending, so that each
     * value sums its terms in Jc's order); built for the selection Jr_select (int[m]). */
    struct cs_sparse *Jr;
    int *Jr_from, *Jr_to, Jr_count;
    int *Jr_select;
    int Jr_rows;
    unsigned Jr_evaluation; /* evaluations when Jr->x was last written */
    unsigned Jr_pattern;    /* Jr's patterns built so far (sl_assembly_jacobian_rows_pattern) */
} sl_assembly;

/* (Re)builds dof map, pattern and scratch if invalid. Errors: SL_ERR_NOMEM. */
sl_status sl_assembly_prepare(sl_world *w);

/* Copies the models' compliances into the prepared assembly (after a model changed
 * them in place, e.g. sl_grid_set_strength); no-op before the first prepare. */
void sl_assembly_refresh_compliance(sl_world *w);

void sl_assembly_free(sl_assembly *a);

#endif
