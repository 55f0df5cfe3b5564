/* Time steppers: one file per stepper defines one static descriptor; the table
 * sl_steppers[] lists them (Chipmunk's constraint classes). The web menu, the CLI,
 * tests and benchmarks loop over the table. Every stepper consumes only the model
 * language of model.h (phi, J, alpha, geometric stiffness, capabilities such as
 * node_rows) and knows nothing of which model produced it; it sees the world through
 * the core's internal src/core/world/stepper_api.h and the getters of world.h. */
#ifndef SL_STEPPER_H
#define SL_STEPPER_H

#include "softlab/world.h"

enum {
    SL_STEPPER_NEEDS_STIFFNESS = 1 << 0, /* needs alpha^-1: refuses alpha = 0 */
    SL_STEPPER_LINEAR_SOLVE = 1 << 1,    /* solves a sparse linear system per step */
    SL_STEPPER_QUADRATIC_ONLY = 1 << 2,  /* only models with sl_model_class.quadratic */
    SL_STEPPER_LINEARIZED = 1 << 3,      /* runs the model linearized at rest (linear FEM):
                                          * large rotations swell the body (seed 002 §4.1) */
    SL_STEPPER_PROJECTS_HARD_ROWS = 1 << 4, /* rows of compliance 0 are projected, not
                                          * integrated (seed 001): its step-size limit
                                          * comes from the other rows alone */
    SL_STEPPER_NEEDS_FEM = 1 << 5,       /* runs only bodies of tetrahedral FEM (sl_tet_fem_is):
                                          * K0 is taken at the body's initial positions as its
                                          * rest shape, which a spring scene starting stretched
                                          * (the oscillator) or swinging (the pendulum) is not;
                                          * sl_world_set_stepper refuses a world with no tet-FEM
                                          * model (SL_ERR_INCOMPATIBLE), as the page shows */
    SL_STEPPER_USES_BETA = 1 << 6,       /* its step reads the damping rate beta
                                          * (sl_world_beta; seed 000 eq. 20's gamma): every
                                          * other stepper ignores beta, so a front-end refuses
                                          * or hides beta for it (`softlab run --beta`) */
    SL_STEPPER_POSITION_BASED = 1 << 7,  /* a position-based step (xpbd, xpbd-substeps, pbd:
                                          * Macklin, Mueller, Chentanez 2016): it solves the
                                          * constraints itself by Gauss-Seidel sweeps, so the
                                          * world adds no seed 003 §5 correction after it
                                          * (sl_world_set_pbd_iterations), and it is not one of
                                          * seed 003's explicit integrators (sl_stepper_is_explicit) */
    SL_STEPPER_USES_ITERATIONS = 1 << 8, /* its step reads the iteration count
                                          * (sl_world_set_iterations): every other stepper
                                          * ignores it, so a front-end refuses or hides it for
                                          * them (`softlab run --iterations`) */
    SL_STEPPER_USES_XPBD_DAMPING = 1 << 9, /* its step reads XPBD's damping time
                                          * (sl_world_set_xpbd_damping; paper 005 eq. 26):
                                          * every other stepper ignores it, so a front-end
                                          * refuses it for them (`softlab run --xpbd-damping`) */
};

struct sl_stepper_class {
    const char *name;     /* command-line id, e.g. "regularized" */
    const char *title;    /* human name, e.g. "Regularized (Servin et al.)" */
    const char *citation; /* seed file and equations */
    int flags;            /* SL_STEPPER_* */
    int force_evaluations; /* evaluations of the force F(x, v) per step (a linear solve
                            * comes on top for SL_STEPPER_LINEAR_SOLVE); per iteration for
                            * SL_STEPPER_USES_ITERATIONS (sl_world_iterations of them a step) */
    double stability_bound; /* (omega dt)_max on the undamped oscillator x'' = -omega^2 x,
                             * from the spectral radius of the step's amplification
                             * matrix: 0 = unstable at every dt, INFINITY = stable at
                             * every dt; a scene is stable for dt < bound / omega_max */
    /* Makes per-world state (*state may stay NULL). Errors as sl_world_set_stepper. */
    sl_status (*init)(sl_world *w, void **state);
    /* Advances x, v of w by dt. Must not touch pinned nodes. */
    sl_status (*step)(sl_world *w, void *state);
    void (*destroy)(void *state);
    /* Optional: forgets history kept between steps (e.g. a reused factorization) so that
     * a run after sl_world_reset repeats the first run bit for bit. */
    void (*reset)(void *state);
};

/* The stepper table, in teaching order; sl_stepper_count entries. */
extern const sl_stepper_class *const sl_steppers[];
extern const int sl_stepper_count;

/* 1 if c is one of seed 003's explicit integrators (the ones its §5 position correction
 * follows and `softlab score` ranks): no linear solve, not position-based. */
static inline int sl_stepper_is_explicit(const sl_stepper_class *c) {
    return !(c->flags & (SL_STEPPER_LINEAR_SOLVE | SL_STEPPER_POSITION_BASED));
}

/* The stepper named name, or NULL. */
const sl_stepper_class *sl_stepper_find(const char *name);

#endif
