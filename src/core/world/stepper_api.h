/* What a stepper sees of its world: the one internal header of the steppers
 * (src/core/steppers/), implemented in src/core/world/ (stepper_api.c, assembly.c,
 * contact.c, world.c, leaf.c). A stepper includes this header, softlab/stepper.h (which brings
 * world.h and model.h) and linalg/; never world/world_internal.h or world/assembly.h,
 * which refuse to compile outside the world's own files (SL_WORLD_INTERNAL).
 *
 * Besides what is declared here a stepper reads the world through the public getters of
 * softlab/world.h: sl_world_node_count (n), sl_world_dt, sl_world_time, sl_world_beta,
 * sl_world_masses (double[n], kg), sl_world_mass_damping, sl_world_is_pinned, sl_world_iterations,
 * sl_world_model_count, sl_world_model, sl_world_constraint_count (m), sl_world_edges and
 * sl_world_edge_count, sl_world_stepper.
 *
 * Not public (not in softlab/stepper.h): it hands out the world's state to write, the
 * assembly's CSparse matrices and its dof map, which a front-end must not change behind
 * the world's back (the step loop's rollback, pins, contact); the public API stays free
 * of CSparse's types. A stepper outside the core would also need the table
 * (steppers/table.c), which is fixed at build time. */
#ifndef SL_STEPPER_API_H
#define SL_STEPPER_API_H

#include "softlab/stepper.h"

struct cs_sparse;

/* ---- the state and the stepper's record ----------------------------------------- */

/* Positions (m) and velocities (m/s) of the world, double[3n], written by the step. A
 * step must leave the pinned nodes' entries (the dofs missing from the free-dof list
 * below) as they are. */
double *sl_stepper_x(sl_world *w);
double *sl_stepper_v(sl_world *w);

/* The rest shape (double[3n], m): the body's rest positions (sl_body_def.rest_positions)
 * when the world starts away from them (a bent tube, a twisted beam), else the initial
 * positions. */
const double *sl_stepper_rest_shape(const sl_world *w);

/* The per-stepper scratch: the state the stepper's init made (sl_stepper_class.init),
 * NULL before. A stepper's public kernel functions (softlab/warping.h,
 * softlab/incompressible.h) check sl_world_stepper(w) first. */
void *sl_stepper_state(const sl_world *w);

/* The timing record of the step in progress (sl_world_last_timing), for the stepper to
 * fill: assembly, factorization, solve, iterations. */
sl_step_timing *sl_stepper_timing(sl_world *w);

/* The world's settings for steppers (softlab/world.h, softlab/warping.h). */
sl_solve_form sl_stepper_solve_form(const sl_world *w);        /* sl_world_set_solve_form */
sl_linear_solver sl_stepper_linear_solver(const sl_world *w);  /* sl_world_set_linear_solver */
int sl_stepper_momentum_correction(const sl_world *w);         /* sl_world_set_momentum_correction */

/* Records a formatted error message in the world's last error and returns status (the page
 * gets its English as error.text: prefer sl_world_fail_message for what a reader may see). */
sl_status sl_world_fail(sl_world *w, sl_status status, const char *fmt, ...);

/* Records message `id` of messages/en.json with its name/value pairs ended by NULL
 * (sl_message_add) as the world's last error, its English as sl_world_fail's; returns status. */
sl_status sl_world_fail_message(sl_world *w, sl_status status, const char *id, ...);

/* ---- the free dofs (valid until the pattern is rebuilt: its version changes) ------- */

int sl_stepper_free_count(const sl_world *w);        /* n_free */
const int *sl_stepper_free_dofs(const sl_world *w);  /* int[n_free]: global dof of each free dof */
const int *sl_stepper_dof_map(const sl_world *w);    /* int[3n]: free dof of a global dof, -1 pinned */
/* Bumped whenever the dof map and the sparse patterns are rebuilt (models, pins); a
 * stepper keeping anything built on them compares it. */
int sl_stepper_pattern_version(const sl_world *w);

/* ---- the assembly: the models' phi, J, alpha and their forces --------------------- */

/* Evaluates phi, the block Jacobians and w = alpha^-1 phi at x (double[3n]). */
void sl_assembly_evaluate(sl_world *w, const double *x);

/* The same for sl_assembly_forces_at alone: the models all of whose rows are hard (alpha
 * = 0, w = 0: no force) are not evaluated, and their phi and J are left as they were, not
 * those of x, until the next sl_assembly_evaluate (which evaluates them all again). */
void sl_assembly_evaluate_forces(sl_world *w, const double *x);

/* phi of every model at x, J of the models with a hard row (for sl_assembly_jacobian_rows
 * of those rows), and what sl_assembly_forces_at needs for the others: a model with
 * add_forces (softlab/model.h) and no hard row is evaluated without J, its forces made from
 * phi at x. Until the next sl_assembly_evaluate (which evaluates them all again), such a
 * model's J is not that of x: for a stepper that uses J only for its hard rows and the
 * forces (incompressible). */
void sl_assembly_evaluate_projection(sl_world *w, const double *x);

/* phi of every model at x (and w): kept from an sl_assembly_evaluate_projection at x,
 * else sl_assembly_evaluate (sl_world_energy_evaluated: the next step's stepper may
 * start from that evaluation). */
void sl_assembly_evaluate_phi(sl_world *w, const double *x);

/* Evaluates the geometric stiffness blocks H(w) at x (after sl_assembly_evaluate). */
void sl_assembly_geometric(sl_world *w, const double *x);

/* Replaces every geometric stiffness block by its positive semidefinite part (after
 * sl_assembly_geometric): the tension part of H, which keeps a system matrix
 * M + c (K + H) positive definite when compressed blocks make H indefinite. */
void sl_assembly_geometric_psd(sl_world *w);

/* The evaluated constraint values and every row's compliance (double[m] each). */
const double *sl_stepper_phi(const sl_world *w);
const double *sl_stepper_alpha(const sl_world *w);

/* 1 if some model has a constraint of compliance alpha = 0 (a hard constraint). */
int sl_world_has_zero_compliance(const sl_world *w);

/* The layout of model k's rows and blocks in the assembly: its first constraint row, its
 * evaluated block Jacobians (double[block_count][block_rows][3 block_nodes], model.h), and
 * the first double of its (3 block_nodes)^2 blocks in the block layout of the geometric
 * stiffness and of the system-matrix slots, which holds sl_stepper_block_size doubles in
 * all (model after model, block after block, row-major). */
int sl_stepper_row_offset(const sl_world *w, int model);
const double *sl_stepper_jacobian_blocks(const sl_world *w, int model);
int sl_stepper_block_offset(const sl_world *w, int model);
int sl_stepper_block_size(const sl_world *w);

/* The constraint Jacobian as a CSC matrix (m x n_free), pinned columns dropped, owned by
 * the assembly: its pattern is built once (until the pattern is rebuilt), its values
 * refilled in place from the last sl_assembly_evaluate on each call, so a step allocates
 * nothing. Valid until the next call or the next rebuild; never freed by the caller. NULL:
 * out of memory. */
const struct cs_sparse *sl_assembly_jacobian(sl_world *w);

/* Some rows of it: row i of J is row select[i] of the result where select[i] >= 0
 * (select: int[m], the values 0 .. rows-1 once each), over the same columns, with each
 * column's entries in sl_assembly_jacobian's order and values bitwise its values. Only
 * the selected rows are written on each call: the pattern and the map from the block
 * Jacobians are built on the first call for a selection (or after a rebuild) and kept
 * while the selection is the same, and the values are not rewritten when the models
 * were not evaluated since the last call. Owned by the assembly, valid until the next call;
 * NULL: out of memory. */
const struct cs_sparse *sl_assembly_jacobian_rows(sl_world *w, const int *select, int rows);

/* A number that changes whenever the pattern of sl_assembly_jacobian_rows's result is
 * built anew (and only then): a caller's data about that pattern is valid while it is the
 * same. */
unsigned sl_assembly_jacobian_rows_pattern(const sl_world *w);

/* External force on every global dof (double[3n], N): gravity M g, loads, the mass
 * damping -c M v, grab. */
void sl_assembly_external_forces(const sl_world *w, double *force);

/* Force on every global dof (double[3n], N): the external force and -J^T alpha^-1 phi
 * (seed 000 §2.2, F = -dU/dx) using the evaluated phi and J. */
void sl_assembly_forces(const sl_world *w, double *force);

/* The same two at a state (x, v) other than the world's (double[3n] each): the grab
 * spring reads x, the mass damping v; phi and J must have been evaluated at x. */
void sl_assembly_external_forces_at(const sl_world *w, const double *x, const double *v, double *force);
void sl_assembly_forces_at(const sl_world *w, const double *x, const double *v, double *force);

/* What the external force depends on besides x and v (sl_assembly_external_forces), for
 * a stepper that caches a force (verlet): valid until the world changes them. */
typedef struct sl_force_inputs {
    const double *gravity;      /* double[3], m/s^2 */
    double mass_damping;        /* 1/s */
    const double *load;         /* double[3n] N, or NULL: no loads */
    int grab_count;             /* grabbed nodes (sl_world_grab) */
    const int *grab_node;       /* int[grab_count] */
    const double *grab_weight;  /* double[grab_count] */
    const double *grab_offset;  /* double[3 grab_count], m */
    const double *grab_target;  /* double[3], m */
    double grab_k;              /* N/m */
} sl_force_inputs;
sl_force_inputs sl_stepper_force_inputs(const sl_world *w);

/* ---- the Gauss-Seidel sweep of the position-based methods (world/projection.c) ------ */

/* One Gauss-Seidel sweep over every constraint row, in model and row order, at positions x
 * (double[3n], m): the sweep of seed 003 §5's position correction (softlab/world.h,
 * sl_world_set_pbd_iterations) and of the position-based steppers (Macklin, Mueller,
 * Chentanez, "XPBD", 2016, paper 005 §4.1 eq. 17-18). phi and J are evaluated once, at x; row i sees
 * the corrections of the rows before it through its linearization phi_i + J_i dx (exact for
 * a row linear in x, e.g. a spring moved along itself), and
 *     dlambda_i = (-(phi_i + J_i dx) - at_i lambda_i) / (J_i M^-1 J_i^T + at_i)   (eq. 18)
 *     dx += M^-1 J_i^T dlambda_i,   lambda_i += dlambda_i                         (eq. 17)
 * with at_i = alpha_scale alpha_i: XPBD's alpha tilde = alpha / dt^2 (alpha_scale =
 * 1/dt^2, 1/s^2), or 0 (PBD: every row projected toward phi_i = 0). A row with no free
 * node is skipped. lambda: double[m] (units phi dt^2 / alpha, N s^2 for a spring in m),
 * accumulated; NULL reads and keeps none (only with alpha_scale = 0). Damping (paper 005
 * eq. 26), with x_n (double[3n], m: the positions at the (sub)step's start) not NULL and
 * gamma > 0 (dimensionless, gamma = alpha tilde beta tilde / dt): a row of alpha_i > 0 takes
 *     dlambda_i = (-(phi_i + J_i dx) - at_i lambda_i - gamma J_i (x + dx - x_n))
 *                 / ((1 + gamma) J_i M^-1 J_i^T + at_i);
 * rows of alpha_i = 0 and every row when x_n is NULL or gamma = 0 are undamped, bit for bit
 * eq. 18. dx: double[3n], written with the sweep's correction (m), 0 on pinned dofs; x
 * itself is not changed (it may be sl_stepper_x). Errors: SL_ERR_NOMEM. */
sl_status sl_stepper_sweep(sl_world *w, const double *x, double alpha_scale, double *lambda, const double *x_n,
                           double gamma, double *dx);

/* The contact rows of the position-based steppers (world/contact_rows.c), the tail of each
 * sweep after sl_stepper_sweep's rows: for every free node i and every wall (ground and
 * plates at time t, sl_world_walls) and static sphere k, the inequality constraint
 * C_ik(x) >= 0 (facing (y_i - height) for a wall, |x_i - c_k| - r_k for a sphere), hard
 * (alpha = 0), projected in Gauss-Seidel order with its multiplier kept non-negative
 * (paper 005 §4 eq. 18 with the clamp of an inequality, paper 006 §4):
 *     dlambda = max(-C_ik(x + dx) m_i, -lambda_ik),   dx_i += n dlambda / m_i,
 * n = grad C_ik (the wall's normal, the sphere's radial direction). After the row, a node
 * that was inside is on the surface: zero penetration after every sweep. lambda: double[n
 * SL_CONTACT_SLOTS] (kg m, multiplier of node i and surface k at [i SL_CONTACT_SLOTS + k]),
 * zeroed by the caller at the (sub)step's start. */
#define SL_CONTACT_SLOTS (1 + SL_WORLD_MAX_PLATES + 16)
void sl_stepper_contact_rows(const sl_world *w, const double *x, double t, double *lambda, double *dx);

/* Coulomb friction after a (sub)step of h (s) that ended at time t, from the contact rows'
 * multipliers lambda (as above): node i's velocity relative to surface k, tangential part
 * v_t, loses min(|v_t|, friction lambda_ik / (m_i h)), friction times the normal speed the
 * contact removed (as sl_world_resolve_contacts does after the other steppers' steps).
 * v: double[3n] (m/s), changed on nodes in contact. */
void sl_stepper_contact_friction(const sl_world *w, double t, double h, const double *lambda, double *v);

/* The total contact force of the last (sub)step of h: sum over contacts of n lambda_ik / h^2
 * (N, double[3] out), the force estimate of paper 005 eq. 6-7 for the contact rows. */
void sl_stepper_contact_force(const sl_world *w, const double *x, double t, double h, const double *lambda,
                              double out[3]);

/* ---- the system matrix over the free dofs ------------------------------------------ */

/* Writes A = M + c_K J^T alpha^-1 J + c_H H into the values of the pattern, on the free
 * dofs (seed 000 eq. 23 scaled by M; the primal form of eq. 20). */
void sl_assembly_system(sl_world *w, double c_K, double c_H);

/* That matrix A (n_free x n_free, upper triangle, CSC, owned by the assembly), the slot
 * in A->x of each diagonal entry (int[n_free]) and of each entry of each block (int[block
 * size] in the block layout above, -1 when pinned or below the diagonal). */
struct cs_sparse *sl_stepper_system_matrix(sl_world *w);
const int *sl_stepper_system_diagonal(const sl_world *w);
const int *sl_stepper_system_slots(const sl_world *w);

/* Slot (index into A->x) of entry (row, col) of the CSC matrix A with sorted row indices
 * in each column, or -1 if A stores no such entry (binary search). */
int sl_assembly_find_slot(const struct cs_sparse *A, int row, int col);

/* ---- walls and contact ------------------------------------------------------------- */

/* A horizontal wall the body must stay on one side of, at time t: the ground (velocity
 * 0, facing up) or plate i. The body is where facing * (y - height) >= 0. */
typedef struct sl_wall {
    double height;   /* m */
    double velocity; /* m/s, dy/dt of the wall */
    double facing;   /* +1: the body is above (normal +y); -1: below (normal -y) */
    double friction; /* Coulomb coefficient */
} sl_wall;

/* The walls of w at time t: the ground first (if any), then the plates. Writes at most
 * 1 + SL_WORLD_MAX_PLATES walls into out and returns how many. */
int sl_world_walls(const sl_world *w, double t, sl_wall *out);

/* ---- the momentum correction (seed 002 §3, Desbrun et al. 1999) -------------------- */

/* Gives v' (double[3n], a step's new velocities over all nodes, none pinned) the shift
 * a + omega x (x_i - c) that makes P' = (P + dt F)/(1 + dt c) and L' = (L + dt T)/(1 + dt c)
 * about the centre of mass c, F and T the total force and torque of f_ext (double[3n], N),
 * P and L the momenta of the world's velocities, c the mass damping. */
void sl_stepper_correct_momentum(const sl_world *w, const double *f_ext, double *v);

#endif
