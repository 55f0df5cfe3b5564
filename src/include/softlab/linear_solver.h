/* The choice of method for the sparse SPD systems the steppers solve, a setting of the
 * world (sl_world_set_linear_solver, softlab/world.h) that the linear algebra of the core
 * (src/core/linalg/linsolve.h, sl_spd_solve) carries out: its own header, so that neither
 * needs the other's. */
#ifndef SL_LINEAR_SOLVER_H
#define SL_LINEAR_SOLVER_H

/* How the SPD systems of the regularized stepper (primal form) and of linearly implicit
 * Euler are solved (issue 11; tolerances in src/core/linalg/linsolve.h):
 * DEFAULT: IC0 when the Cholesky factor would fill in more than 4 times the matrix
 *   (large compact 3D meshes; measured in linsolve.h); else whichever of FACTOR_PCG and
 *   IC0 is measured to take less work along the run (windows of solves, a deterministic
 *   work count, linsolve.h SL_AUTO_WINDOW);
 * FACTOR_PCG: CG preconditioned by a reused sparse Cholesky factor (AMD ordering);
 * CHOLESKY: a sparse Cholesky factorization and direct solve every step (the reference);
 * BLOCK_JACOBI: CG preconditioned by the inverse 3x3 diagonal block of each node;
 * IC0: CG preconditioned by an incomplete Cholesky factor on the pattern of the matrix;
 * DEFAULT_LU: DEFAULT, and wherever the matrix turns out not positive definite (an
 *   indefinite tangent: linearly implicit Euler's M + dt^2 K on strongly compressed
 *   Green-strain tets) the same system solved by CSparse's sparse LU (cs_lusol) instead of
 *   failing; a step DEFAULT solves is bitwise DEFAULT's. Opt-in (seed 002's Green-tube row):
 *   elsewhere an indefinite system stays an error, which the lab reports. */
typedef enum sl_linear_solver {
    SL_LINEAR_DEFAULT,
    SL_LINEAR_FACTOR_PCG,
    SL_LINEAR_CHOLESKY,
    SL_LINEAR_BLOCK_JACOBI,
    SL_LINEAR_IC0,
    SL_LINEAR_DEFAULT_LU,
    SL_LINEAR_SOLVER_COUNT
} sl_linear_solver;

#endif
