/* softlab world: point masses, pins, gravity, models, a stepper and its time step, and
 * the body record (elements, surface, edges) that drawing and measures read. Every
 * sl_world_* function is declared here, and only here.
 *
 * Conventions: see model.h (SI units, y up, xyz interleaved double[3*n]).
 * A world is opaque; make it from a definition, free it with sl_world_destroy.
 * Whoever creates frees. No global state. Functions that can fail return an
 * sl_status and keep a message with context in sl_world_last_error().
 */
#ifndef SL_WORLD_H
#define SL_WORLD_H

#include "softlab/linear_solver.h"
#include "softlab/message.h"
#include "softlab/model.h"
#include "softlab/status.h"

typedef struct sl_world sl_world;
typedef struct sl_stepper_class sl_stepper_class;

typedef struct sl_world_def {
    int node_count;          /* n >= 1 */
    const double *positions; /* double[3n], m: initial positions (the rest state) */
    const double *masses;    /* double[n], kg, each > 0 (lumped masses) */
    double gravity[3];       /* m/s^2, default (0, -9.81, 0) */
    double divergence_stretch; /* > 0, dimensionless (default 20). The divergence criterion,
        checked after every step: the world diverged when a position, velocity, or the
        kinetic or potential energy is not finite, or when a node is farther from the current
        centre of mass than divergence_stretch * R0, R0 being the body's size (the
        largest distance of a node from the initial centre of mass). It measures
        deformation, not travel: free fall, a throw or a spin never trigger it, and it
        scales with the body (a 1 mm and a 1 km mesh are judged alike). The constraint
        values (phi) and the elastic energy are checked once, by sl_world_set_stepper:
        every model's phi is finite at finite positions, so a step cannot make them
        non-finite without a position or velocity going first. */
    double mass_damping;     /* c, 1/s, >= 0: damping force -c m v on every node (seed 004
                                eq. 1 with damping density c mu; default 0) */
} sl_world_def;

/* Per-step diagnostics, filled by sl_world_energy. All in J. */
typedef struct sl_energy {
    double kinetic;   /* 1/2 v^T M v */
    double potential; /* gravitational: -sum_i m_i g . x_i (zero at the origin) */
    double elastic;   /* 1/2 phi^T alpha^-1 phi over the constraints with alpha > 0 */
    double total;     /* kinetic + potential + elastic */
} sl_energy;

/* Time spent in the stages of the last step, seconds (seed 000 Fig. 11 split). */
typedef struct sl_step_timing {
    double assembly;      /* phi, J and system matrix */
    double factorization; /* numeric factorization (symbolic is reused) */
    double solve;         /* triangular solves and updates */
    int evaluations;      /* evaluations of the models (phi and J) in the step, and in a verdict
                             after it (sl_world_judge); none where they were kept from the
                             same positions (sl_world_judge serves the next step) */
    int iterations;       /* Krylov iterations of the step's linear solves, summed: PCG
                             (regularized, implicit Euler, linear FEM, element warping),
                             BiCGSTAB (vertex warping), MINRES or CG (the two pressure
                             solves of `incompressible`); 0 when the step solved directly
                             (a fresh Cholesky or LU factor) or solves nothing (explicit) */
    double dt;            /* s: the step size in use: sl_world_dt, or the substep of a stepper
                             that divides the world's step (incompressible's adaptive step) */
    int substeps;         /* steps of size dt the world's step took (1 unless adaptive) */
} sl_step_timing;

/* A definition with defaults: no nodes, gravity (0,-9.81,0), divergence_stretch 20. */
sl_world_def sl_world_def_default(void);

/* Creates a world from def (arrays are copied). Errors: SL_ERR_NULL (def, out or arrays),
 * SL_ERR_RANGE (node_count < 1, divergence_stretch <= 0, mass <= 0),
 * SL_ERR_NOT_FINITE (NaN in positions, masses or gravity), SL_ERR_NOMEM.
 * On error *out is NULL. */
sl_status sl_world_create(const sl_world_def *def, sl_world **out);

/* Frees the world, its models and stepper state. NULL is a no-op. */
void sl_world_destroy(sl_world *w);

/* Adds a model; the world takes ownership (also on error, when it frees it). A stepper
 * set before is dropped (its state is sized for the old models): set it again.
 * Errors: SL_ERR_NULL, SL_ERR_INDEX (a block names a node outside [0,n)),
 * SL_ERR_RANGE (a compliance < 0), SL_ERR_NOT_FINITE, SL_ERR_NOMEM. */
sl_status sl_world_add_model(sl_world *w, sl_model *model);

/* Pins (pinned = 1) or frees (0) node i; a pinned node keeps its position and zero
 * velocity unless a driver moves it (sl_world_move_pinned). Errors: SL_ERR_NULL,
 * SL_ERR_INDEX. */
sl_status sl_world_pin(sl_world *w, int node, int pinned);

/* A driver moves a scene along a prescribed schedule: drive(w, t, ctx) puts the scene in
 * its scheduled state at time t (s): it may move pinned nodes (sl_world_move_pinned) or
 * change model parameters (e.g. sl_grid_set_strength). sl_world_step calls it first with
 * the time t + dt the step ends at, so the step is taken against the boundary and
 * parameters of its end (as backward Euler evaluates forces at the end of the step) and
 * the state after the step is on the schedule; sl_world_reset calls it with t = 0 and
 * sl_world_set_driver with the current t. A driver returns SL_OK or the status of what
 * failed (the step then fails with it, the state unchanged). */
typedef sl_status (*sl_world_driver)(sl_world *w, double t, void *ctx);

/* Sets w's driver (NULL: none) with its context; free_ctx (may be NULL) frees ctx when
 * the driver is replaced or the world destroyed. Calls drive(w, t, ctx) once at once, so
 * the state shown before the first step is already the scheduled one.
 * Errors: SL_ERR_NULL, and the status of that first call of the driver. */
sl_status sl_world_set_driver(sl_world *w, sl_world_driver drive, void *ctx, void (*free_ctx)(void *));

/* Prescribed boundary motion: puts pinned node i at x (double[3], m) and sets its
 * velocity to (x - x_now) / dt (m/s), the velocity that carries it there in one step,
 * x_{n+1} = x_n + dt v_{n+1}, as every stepper moves the free nodes (seed 000 eq. 16
 * with n_x = 1). Meant for drivers, which call it with the position scheduled at the end
 * of the step; the steppers keep pinned nodes where they are during the step.
 * Errors: SL_ERR_NULL, SL_ERR_INDEX, SL_ERR_RANGE (the node is not pinned),
 * SL_ERR_NOT_FINITE. */
sl_status sl_world_move_pinned(sl_world *w, int node, const double x[3]);

/* The time step range a world accepts (s): 0 < dt <= SL_DT_MAX. */
#define SL_DT_MAX 1.0
/* The smallest time step the lab page offers (s): below a microsecond a panel is a
 * million steps a simulated second, and the page's stable-Δt search stops there too.
 * The command line (find-dt's trials) goes below it. */
#define SL_DT_MIN_PAGE 1e-6
/* The largest damping parameter beta a world accepts (1/s): seed 000 eq. 20 damps over
 * the time 1/beta, and a microsecond is far below any step the lab takes. */
#define SL_BETA_MAX 1e6

/* Chooses the stepper and time step dt (s, finite, 0 < dt <= SL_DT_MAX) and the damping
 * parameter beta (1/s, finite, 0 <= beta <= SL_BETA_MAX; read only by the steppers
 * flagged SL_STEPPER_USES_BETA, the regularized ones: seed 000 eq. 20).
 * Errors: SL_ERR_NULL, SL_ERR_RANGE, SL_ERR_STIFF_LIMIT (stepper needs alpha > 0
 * but a model has alpha = 0), SL_ERR_INCOMPATIBLE (a SL_STEPPER_QUADRATIC_ONLY stepper and
 * a model that is not quadratic, a SL_STEPPER_NEEDS_FEM stepper and a world with no
 * tetrahedral FEM model), SL_ERR_NOT_FINITE (the current state
 * already fails the divergence criterion of sl_world_def, e.g. a mesh so large that its
 * energy overflows), SL_ERR_NOMEM. Clears a diverged state. */
sl_status sl_world_set_stepper(sl_world *w, const sl_stepper_class *stepper, double dt,
                               double beta);

/* How the regularized stepper solves seed 000 eq. 20 (same physics, other algebra):
 * PRIMAL eliminates the multipliers: (M + dt^2/gamma J^T alpha^-1 J) v = M v_n + dt F,
 *   an SPD 3N-square system; needs alpha > 0 everywhere.
 * SCHUR solves eq. 21 for the multipliers, S = J M^-1 J^T + gamma dt^-2 alpha, then
 *   v from the top row of eq. 20; handles alpha = 0 if J has full row rank.
 * AUTO (default) takes PRIMAL when every alpha > 0, else SCHUR. */
typedef enum sl_solve_form { SL_SOLVE_AUTO, SL_SOLVE_PRIMAL, SL_SOLVE_SCHUR } sl_solve_form;

/* Sets the solve form of the regularized stepper. Errors: SL_ERR_NULL, SL_ERR_RANGE. */
sl_status sl_world_set_solve_form(sl_world *w, sl_solve_form form);

/* Sets the linear solver of the steppers that solve one (sl_linear_solver, declared in
 * softlab/linear_solver.h, which this header includes). Errors: SL_ERR_NULL, SL_ERR_RANGE. */
sl_status sl_world_set_linear_solver(sl_world *w, sl_linear_solver solver);

/* Sets c (1/s, finite, >= 0) of the mass damping C = c M (sl_world_def.mass_damping): a
 * force -c m_i v_i on every node, the lumped damping of seed 002 §4.1 ("lumped inertia
 * and damping matrices"). The warping steppers (warping.h) and terzopoulos take it
 * implicitly, (M + dt C + dt^2 K) v' = M v + dt (f_ext - f), so a free undeformed body
 * moving at v keeps v/(1 + c dt) after a step; the other steppers take it as an external
 * force. Errors: SL_ERR_NULL, SL_ERR_RANGE (c < 0 or not finite). */
sl_status sl_world_set_mass_damping(sl_world *w, double c);
double sl_world_mass_damping(const sl_world *w); /* 1/s; 0 for NULL */

/* Most position-correction sweeps sl_world_set_pbd_iterations accepts. */
#define SL_WORLD_PBD_MAX_ITERATIONS 50

/* The position-based correction of seed 003 §5 ("correct positions"), run by
 * sl_world_step after every step of an explicit stepper (sl_stepper_is_explicit: neither
 * SL_STEPPER_LINEAR_SOLVE nor SL_STEPPER_POSITION_BASED) and before contact: `iterations` Gauss-Seidel sweeps over the
 * constraint rows i of every model, in model and row order, each moving the nodes by
 *     dx = -phi_i M^-1 grad phi_i / (grad phi_i^T M^-1 grad phi_i)      (m)
 * (a pinned node has zero inverse mass and stays) and their velocities by dx / dt, so
 * that the next step starts from the corrected state. phi and J (the model language) are
 * evaluated once per sweep; row i sees the corrections of the rows before it in the
 * same sweep through its linearization phi_i + J_i dx (exact for a spring moved along
 * itself). Whatever its compliance, every row is projected toward phi = 0, as a hard
 * constraint: the correction removes motion and energy along the constraints (seed 003:
 * it "avoids outstretching artifacts"). iterations: 0 (off, the default) to
 * SL_WORLD_PBD_MAX_ITERATIONS; each sweep is one evaluation of phi and J in
 * sl_step_timing.evaluations. Errors: SL_ERR_NULL, SL_ERR_RANGE. */
sl_status sl_world_set_pbd_iterations(sl_world *w, int iterations);
int sl_world_pbd_iterations(const sl_world *w); /* 0 for NULL */

/* The iteration count of the position-based steppers (SL_STEPPER_USES_ITERATIONS; Macklin,
 * Mueller, Chentanez, "XPBD: Position-Based Simulation of Compliant Constrained Dynamics",
 * 2016; Macklin et al., "Small Steps in Physics Simulation", 2019): for `xpbd` and `pbd` the
 * Gauss-Seidel sweeps over all constraint rows in one step, for `xpbd-substeps` the substeps
 * of dt/n a step, one sweep each. Every other stepper ignores it. Range
 * SL_WORLD_ITERATIONS_MIN to SL_WORLD_ITERATIONS_MAX: at least one sweep, or the constraints
 * are never seen; at most 1000, where a sweep costs an evaluation of every model (the
 * convergence of xpbd toward the implicit solution is flat long before). */
#define SL_WORLD_ITERATIONS_MIN 1
#define SL_WORLD_ITERATIONS_MAX 1000
#define SL_WORLD_ITERATIONS_DEFAULT 10

/* Sets the iteration count above (default SL_WORLD_ITERATIONS_DEFAULT). Errors: SL_ERR_NULL,
 * SL_ERR_RANGE (outside [SL_WORLD_ITERATIONS_MIN, SL_WORLD_ITERATIONS_MAX], with the range
 * in sl_world_last_error). */
sl_status sl_world_set_iterations(sl_world *w, int iterations);
int sl_world_iterations(const sl_world *w); /* 0 for NULL */

/* The largest XPBD damping time a world accepts (s): ten seconds of damping time is a
 * body that creeps, far past any damping the lab shows. */
#define SL_WORLD_XPBD_DAMPING_MAX 10.0

/* XPBD's constraint damping (Macklin, Mueller, Chentanez 2016, paper 005 eq. 26), read only
 * by the steppers flagged SL_STEPPER_USES_XPBD_DAMPING (xpbd, xpbd-substeps): a damping
 * time tau (s, finite, 0 <= tau <= SL_WORLD_XPBD_DAMPING_MAX; default 0, undamped) that
 * gives every compliant row j the paper's damping coefficient beta_j = tau / alpha_j
 * (damping proportional to the row's stiffness; N s/m for a spring of k = 1/alpha N/m:
 * a dashpot c = tau k beside it), so gamma_j = alpha tilde_j beta tilde_j / dt = tau / dt.
 * Rows of alpha = 0 are not damped. Errors: SL_ERR_NULL, SL_ERR_RANGE. */
sl_status sl_world_set_xpbd_damping(sl_world *w, double damping_time);
double sl_world_xpbd_damping(const sl_world *w); /* s; 0 for NULL */

/* Advances one time step dt: the stepper's step, then (explicit steppers only) the
 * position correction of sl_world_set_pbd_iterations, then contact. Errors: SL_ERR_NULL,
 * SL_ERR_NO_STEPPER,
 * SL_ERR_DIVERGED (already diverged, or diverges now by the criterion of
 * sl_world_def.divergence_stretch, or the linear system is not positive definite (a
 * Cholesky factorization) or singular (an LU factorization); the state is then the one
 * before the failed step: the last to pass the criterion, which may already be far from
 * physical, e.g. inverted, as the criterion only catches a blow-up), SL_ERR_NOMEM (out of memory, e.g. in a factorization; the state is the last
 * good one and the world is not diverged). */
sl_status sl_world_step(sl_world *w);

/* Restores the initial positions and velocities, t = 0, clears divergence, and puts a
 * driven scene at the start of its schedule (a failing driver is kept as last error). */
void sl_world_reset(sl_world *w);

/* Read-only views. Pointers stay valid until the world is destroyed. */
int sl_world_node_count(const sl_world *w);
const double *sl_world_positions(const sl_world *w);  /* double[3n], m */
const double *sl_world_velocities(const sl_world *w); /* double[3n], m/s */
const double *sl_world_rest_positions(const sl_world *w); /* double[3n], m */
const double *sl_world_masses(const sl_world *w);     /* double[n], kg */
int sl_world_is_pinned(const sl_world *w, int node);  /* 1 pinned, 0 free or bad index */
double sl_world_time(const sl_world *w);              /* s */
double sl_world_dt(const sl_world *w);                /* s */
double sl_world_beta(const sl_world *w);
const sl_stepper_class *sl_world_stepper(const sl_world *w);
int sl_world_model_count(const sl_world *w);
const sl_model *sl_world_model(const sl_world *w, int index);
int sl_world_constraint_count(const sl_world *w);     /* total m over all models */
sl_step_timing sl_world_last_timing(const sl_world *w);
/* The step size in use (s): the last step's (sl_step_timing.dt: the world's dt, or the
 * substep of the incompressible stepper's adaptive step, softlab/incompressible.h), the
 * world's dt before the first step and after a reset; NaN for NULL. */
double sl_world_step_size(const sl_world *w);

/* Writes the positions of every node into x (double[3n], m); errors: SL_ERR_NULL. */
sl_status sl_world_set_positions(sl_world *w, const double *x);
/* Writes the velocities (double[3n], m/s); pinned nodes keep zero. */
sl_status sl_world_set_velocities(sl_world *w, const double *v);

/* Forgets the history a stepper keeps between steps (the regularized stepper's reused
 * Cholesky factor and its v_{n-1} for the solver's guess), as sl_world_reset does, and
 * leaves the state (x, v, t) as it is: a run continued after it takes the same steps,
 * bit for bit, as a world put at the same state by sl_world_restore (the course API's
 * save-state calls it on the running world, issue 45). NULL is ignored. */
void sl_world_restart_history(sl_world *w);

/* Puts the world at a saved state: time t (s), positions x and velocities v (double[3n],
 * m and m/s, as sl_world_positions and sl_world_velocities gave them; pinned nodes keep
 * v = 0), not diverged, a driven scene at time t of its schedule, and the stepper's
 * history forgotten (sl_world_restart_history). The models, pins and grab are the world's
 * own: restore them first. Errors: SL_ERR_NULL, SL_ERR_RANGE (t < 0 or not finite),
 * SL_ERR_NOT_FINITE (an entry of x or v; the world is then unchanged). */
sl_status sl_world_restore(sl_world *w, double t, const double *x, const double *v);

/* 1 if the world diverged; then *time (s) and reason are set when non-NULL. */
int sl_world_diverged(const sl_world *w, double *time, const char **reason);

/* The reason of a diverged world as ids and parameters of messages/en.json (softlab/message.h):
 * one part (diverged.*), then diverged.too_stiff when an explicit stepper's Δt was beyond its
 * bound; sl_world_diverged's reason is its English text. NULL if w is NULL or not diverged. */
const sl_message_list *sl_world_diverged_message(const sl_world *w);

/* The last error message with context ("" if none). */
const char *sl_world_last_error(const sl_world *w);

/* The same as ids and parameters of messages/en.json (softlab/message.h), for the page to word
 * in its reader's language: error.world (the status's words: {status:i}) and after it the
 * detail, one of the table's error.* ids where the error was given one, else error.text with
 * the English detail. NULL if w is NULL; an empty list if there was no error. */
const sl_message_list *sl_world_error_message(const sl_world *w);

/* Energies at the current state (seed 000 eq. 6 for the elastic part). */
sl_energy sl_world_energy(const sl_world *w);

/* Elastic energy (J) per node at the current state: each block's energy
 * 1/2 sum phi^2/alpha is shared equally among its nodes (for colour maps).
 * energy: double[n]. Errors: SL_ERR_NULL, SL_ERR_NOMEM. */
sl_status sl_world_node_energy(const sl_world *w, double *energy);

/* Constraint violation max_i |phi_i(x)| at the current state (units of phi); NaN for a
 * NULL world or when the models cannot be evaluated. */
double sl_world_constraint_violation(const sl_world *w);

/* sl_world_energy, and sl_world_constraint_violation into *violation (if not NULL), from
 * one evaluation of every model: the page's chart takes both after every sampled step,
 * and each alone costs that evaluation. */
sl_energy sl_world_energy_and_violation(const sl_world *w, double *violation);

/* Evaluates all models at x (double[3n]): phi (double[m]), and if J_dense is not NULL
 * the full Jacobian as a dense row-major m x 3n matrix (for tests and small worlds).
 * Errors: SL_ERR_NULL, SL_ERR_NOMEM. */
sl_status sl_world_evaluate(const sl_world *w, const double *x, double *phi, double *J_dense);

/* Largest natural angular frequency omega_max (rad/s) of the linearization at the
 * current state: the largest omega with (K - omega^2 M) u = 0 on the free dofs, where
 * K = J^T alpha^-1 J + H (seed 000 eq. 23). Symplectic Euler is stable for
 * dt < 2/omega_max (seed 000 §2.4). Computed by Lanczos on M^-1/2 (M + K) M^-1/2 until
 * two steps add at most 1e-10 relative (at most max_iterations products with it). Under a
 * stepper with SL_STEPPER_PROJECTS_HARD_ROWS (incompressible, seed 001) the rows of
 * alpha = 0 are left out of K: they are projected, and the other rows set the limit.
 * Uses the world's scratch space (hence not const). Errors: SL_ERR_NULL,
 * SL_ERR_STIFF_LIMIT (some alpha = 0, and the stepper integrates them), SL_ERR_NOMEM. */
sl_status sl_world_omega_max(sl_world *w, int max_iterations, double *omega_max);

/* omega_H (rad/s): the square root of the largest eigenvalue of M^-1 H on the free dofs at
 * the current state (0 if none is positive), H = (dJ^T/dx) alpha^-1 phi the geometric
 * (stress) stiffness of seed 000 eq. 23. The seed's regularized stepper leaves H out of
 * its matrix, so under prestress (a body at rest under load) H acts explicitly: for one
 * mode with stiffness k, geometric stiffness h > 0 and mass m, eq. 20 at beta = 0 is
 * stable iff dt^2 h/m < 4, i.e. dt < 2/omega_H whatever k (issue 12; measured against
 * this in lessons/000 and tools/cantilever_stability.c). Power iteration as
 * sl_world_omega_max, shifted when the largest eigenvalue in magnitude is negative.
 * Uses the world's scratch space. Errors: SL_ERR_NULL, SL_ERR_NOMEM. */
sl_status sl_world_omega_geometric(sl_world *w, int max_iterations, double *omega);

/* ---- the body record: what the nodes make up, for drawing and measures -------------- */

/* Elements and surface of a world's body (optional; copied by sl_world_set_body).
 * tets are the volume elements every measure reads (volume ratio, inverted cells,
 * fields): a tet mesh gives its own tets, a grid solid its cells split into 6 tets each
 * (Kuhn), a spring lattice a split of its volume. Consecutive groups of tets_per_cell
 * tets form one cell (1: every tet is a cell). */
typedef struct sl_body_def {
    const int *tets;     /* int[4*tet_count], node indices, positively oriented at rest */
    int tet_count;       /* >= 0 */
    int tets_per_cell;   /* >= 1, divides tet_count (0 means 1) */
    const int *tris;     /* int[3*tri_count]: surface, counter-clockwise seen from outside */
    int tri_count;       /* >= 0 */
    const int *edges;    /* int[2*edge_count]: edges to draw and to fit local deformations */
    int edge_count;      /* >= 0 */
    const double *rest_positions; /* double[3n], m: the rest shape the tets' rest volumes
                                     and the warping steppers' K0 come from (NULL: the
                                     world's initial positions) */
} sl_body_def;

/* Sets w's body record (arrays copied), replacing the previous one. Errors: SL_ERR_NULL,
 * SL_ERR_RANGE (a negative count, tets_per_cell not dividing tet_count), SL_ERR_INDEX
 * (a node outside [0, n)), SL_ERR_DEGENERATE (a tet of non-positive rest volume: the
 * message names it), SL_ERR_NOMEM. On error the old record is kept. */
sl_status sl_world_set_body(sl_world *w, const sl_body_def *body);
int sl_world_triangle_count(const sl_world *w);
const int *sl_world_triangles(const sl_world *w); /* int[3*count] */
int sl_world_edge_count(const sl_world *w);
const int *sl_world_edges(const sl_world *w);     /* int[2*count] */
int sl_world_tet_count(const sl_world *w);
const int *sl_world_tets(const sl_world *w);      /* int[4*count] */
int sl_world_tets_per_cell(const sl_world *w);    /* >= 1 */

/* Pins every node inside the box lo..hi (double[3] each, m, inclusive) and returns how
 * many in *count (may be NULL). Errors: SL_ERR_NULL, SL_ERR_RANGE (no node inside: a
 * box that misses the body is a mistake, not a free body). */
sl_status sl_world_pin_box(sl_world *w, const double lo[3], const double hi[3], int *count);

/* Scales every compliance alpha of w by 1/scale relative to the models as added (scale 1:
 * as built): the "overall constraint strength" raised live in seed 004 Fig. 9 (every
 * eta times scale). Takes effect at the next step of any stepper. Errors: SL_ERR_NULL,
 * SL_ERR_RANGE (scale not finite or <= 0). */
sl_status sl_world_set_strength(sl_world *w, double scale);
/* The current strength scale (1 as built); NAN for NULL. */
double sl_world_strength(const sl_world *w);

/* ---- measures (src/core/measure/): each computed here, once, for every front-end ----- */

/* Current over rest volume of the body's tets (1: volume kept, 0: flattened); signed, so
 * inverted elements subtract (seed 000 §2.3, seed 004 Fig. 6). NAN for NULL and for a
 * world without tets. */
double sl_world_volume_ratio(const sl_world *w);

/* The first tetrahedron of w's tet FEM models (sl_tet_fem_is) that has node as a corner:
 * returns its block index in model *model (model may be NULL), for sl_tet_fem_inspect
 * (an element inspector's pick, issue 13 item 9). -1 for NULL, a node out of range, or a
 * node of no tet. */
int sl_world_fem_tet_at_node(const sl_world *w, int node, int *model);

/* The first cell of a grid solid (a world with grid models, sl_grid_terms_is, whose body
 * cells are the 6 Kuhn tets of sl_grid_world) that has node as a corner: returns the cell
 * index (the body's cells, sl_world_tets_per_cell tets each) and its corners in
 * corners (int[8], may be NULL), corner c = dx + 2 dy + 4 dz. -1 for NULL, a node out of
 * range or of no cell, or a world that is no grid solid. */
int sl_world_grid_cell_at_node(const sl_world *w, int node, int corners[8]);

/* The grid cell of node (sl_world_grid_cell_at_node) inspected at the current
 * positions: its metric against the rest metric (sl_grid_cell_metric) and its share of
 * the energy of all the world's grid models (sl_grid_terms_cell_energy), in *out
 * (softlab/grid.h). Errors: SL_ERR_NULL, SL_ERR_RANGE (node of no grid cell, or no grid
 * solid), SL_ERR_NOMEM, and those of the two calls. */
struct sl_grid_cell_inspection;
sl_status sl_world_grid_cell_inspect(const sl_world *w, int node, struct sl_grid_cell_inspection *out);

/* Number of inverted cells: cells (sl_body_def.tets_per_cell tets) with a tet of
 * non-positive volume (seed 004 Fig. 6). -1 for NULL or a world without tets. */
int sl_world_inverted_cells(const sl_world *w);

/* Largest distance (m) of a node from the rest shape after removing the best rigid
 * motion (centroid and polar-decomposition rotation of the mass-weighted covariance;
 * seed 004 Fig. 7). NAN for NULL. */
double sl_world_shape_error(const sl_world *w);

/* Area weights (m^2) of the nodes on the body's boundary face where rest coordinate `axis`
 * (0 x, 1 y, 2 z) equals `at` (m, within 1e-9): a third of each surface triangle lying in
 * that plane, 0 for every other node (area: double[n]). A uniform traction s (Pa) on the
 * face is the nodal loads s * area[i] (the consistent loads of linear triangles): the pull
 * and twist tests of seed 000 §5.2. Errors: SL_ERR_NULL, SL_ERR_RANGE (axis outside 0-2,
 * at not finite). */
sl_status sl_world_face_areas(const sl_world *w, int axis, double at, double *area);

/* Local volume change det(F_i) - 1 at each node i (dimensionless), with F_i the
 * least-squares deformation gradient of the edges at i: F_i = (sum d d0^T)(sum d0 d0^T)^-1
 * over edges (i, j), d = x_j - x_i, d0 its rest value. Exact (to rounding) when the
 * deformation is affine: s^3 - 1 for a uniform scaling by s, 0 for a rotation. A node
 * whose rest edges do not span 3D gets NaN. out: double[n].
 * Errors: SL_ERR_NULL, SL_ERR_RANGE (the world has no edges). */
sl_status sl_world_node_volume_change(const sl_world *w, double *out);

/* Strain energy density at each node (J/m^3): the node's share of the elastic energy
 * (sl_world_node_energy) over its share of the rest volume, V_i = V m_i / M (V the rest
 * volume of the body's tets, M the total mass: exact for a uniform density). For a
 * uniform strain of a tetrahedral body every node gets the energy density W of the
 * material. out: double[n]. Errors: SL_ERR_NULL, SL_ERR_RANGE (no tets, or they enclose
 * no volume), SL_ERR_NOMEM. */
sl_status sl_world_node_energy_density(const sl_world *w, double *out);

/* The fields by number, shared with the wasm API and the page. */
typedef enum sl_field {
    SL_FIELD_NONE = 0,           /* no field */
    SL_FIELD_ENERGY_DENSITY = 1, /* J/m^3, sl_world_node_energy_density */
    SL_FIELD_VOLUME_CHANGE = 2,  /* V/V0 - 1, dimensionless, sl_world_node_volume_change */
    SL_FIELD_PRESSURE = 3,       /* Pa, p^/dt of the one-ring rows (sl_incompressible_node_pressure,
                                    softlab/incompressible.h); the `incompressible` stepper only */
    SL_FIELD_COUNT
} sl_field;

/* What a field is, for a front-end's menu, legend and URL: the one place of its words. */
typedef struct sl_field_info {
    const char *name;   /* URL spelling, e.g. "energy" (the page's color=) */
    const char *label;  /* a menu's words, e.g. "strain energy density" */
    const char *legend; /* a legend's title with the unit, e.g. "strain energy density (J/m³)" */
    const char *unit;   /* SI unit, e.g. "J/m³" ("" for dimensionless), UTF-8 */
} sl_field_info;

/* The description of field (SL_FIELD_NONE .. SL_FIELD_COUNT - 1), or NULL outside. */
const sl_field_info *sl_field_describe(int field);

/* Field `field` (sl_field, not SL_FIELD_NONE) at every node of w. out: double[n].
 * Errors: SL_ERR_NULL, SL_ERR_INDEX (unknown field or SL_FIELD_NONE), and those of the
 * field's function (SL_ERR_RANGE: the world has no edges or no tets; for
 * SL_FIELD_PRESSURE, its stepper is not `incompressible`, with the reason in
 * sl_world_last_error). */
sl_status sl_world_node_field(const sl_world *w, int field, double *out);

/* A colour range [lo, hi] for values (double[n]; NaN and infinite values skipped) of
 * field, robust against a few extreme nodes: q2 and q98 the 2 % and 98 % quantiles
 * (linear interpolation between order statistics),
 *   SL_FIELD_VOLUME_CHANGE: [-m, m] with m = max(|q2|, |q98|), centred at 0 (no change);
 *   otherwise:              [min(0, q2), q98] (an energy density starts at 0);
 * widened to a span of at least 2e-12 (field units) so that a body at rest has one
 * colour (the centre, or the low end). Errors: SL_ERR_NULL, SL_ERR_INDEX (unknown field),
 * SL_ERR_RANGE (no finite value: *lo = *hi = NaN), SL_ERR_NOMEM. */
sl_status sl_field_range(int field, const double *values, int n, double *lo, double *hi);

/* ---- the verdict on a run (issue 26) ----------------------------------------------------
 *
 * One classifier of a run's state, used by the CLI (`run`'s warning), the page (each
 * panel's state line, through sl_api_verdict*), the lessons and sl_scene_find_dt. The caller
 * keeps one sl_verdict per world, clears it with sl_verdict_reset at the start and after
 * sl_world_reset or a change of stepper, dt or parameters, and calls sl_world_judge after
 * every step. The states, most severe first; a state, once decided, stays until the reset
 * (the verdict never flips back and forth with the motion), except 'growing' once it no
 * longer holds (below: the energy came back down); `worst` keeps the most severe state
 * decided since the reset, what a stability search (sl_scene_find_dt) judges:
 *
 * SL_VERDICT_DIVERGED  the world diverged (sl_world_diverged: a non-finite position,
 *     velocity or energy, a failed linear solve, or a node farther from
 *     the centre of mass than divergence_stretch (20) times the body's size R0 plus
 *     1/2 (|g| + max|f_i|/m_i) t^2, what gravity and the constant loads alone move a node
 *     from the others in the time t since the start: a body falling apart under gravity is
 *     physics). The reason is the world's.
 * SL_VERDICT_GROWING   the total energy grows: judged on windows of SL_VERDICT_WINDOW_STEPS
 *     (16) steps. E is the total energy (sl_energy.total) minus the potential -f . x of the
 *     constant loads; P_k the largest E in window k; the scale S the largest kinetic +
 *     elastic energy K + U of the run so far. The run is growing when the last
 *     SL_VERDICT_RISES (3) windows each ended with P_k > P_{k-1} (a trend, not one sample)
 *     and growth = P_k - min_{j <= k} P_j > SL_VERDICT_GROWTH_MARGIN (0.5) * S. A swing
 *     within a window is not growth: a mode whose energy swings with a period longer than 16
 *     steps has omega dt < pi/16 and swings by about omega dt/2 < 0.1 of its energy
 *     (symplectic Euler's swing up to E0/(1 - omega dt/2) at omega dt = 1.8, 3.5 steps a
 *     period, is inside every window; near omega dt = 2 the sampled swing is aliased to a
 *     period of pi/(pi - theta) steps, cos theta = 1 - (omega dt)^2/2: 16 steps at
 *     omega dt = 1.99). A blow-up faster than 4 windows is growing too when, after the
 *     first window, E rose at each of the last SL_VERDICT_RISING_STEPS (4) or more
 *     consecutive steps to more than 0.5 S above the largest E of every state before that
 *     rise: a bounded swing has shown its top within the first window and never passes it
 *     (explicit Euler at omega dt = 0.5 is growing at step 20 and diverges at step 54; at
 *     omega dt = 1.8 it diverges in 8 steps, before a window: straight to diverged; less
 *     than 2 periods show no trend). A gain that stays is growing too: at the end of
 *     a window from the second on, the smallest E over it and the window before exceeds E
 *     at the start by more than a margin. The yardstick Y = (M |g| + the constant loads'
 *     sum |f|) R0 is what they do over the body's size. For a run that starts with
 *     K + U = S0 above SL_VERDICT_START_SCALE (0.01) Y the margin is SL_VERDICT_KEPT_GAIN (2)
 *     S0; for one that starts at rest, SL_VERDICT_REST_GAIN (0.1) Y: a passive body can
 *     only lose energy, and a stepper's error comes back down with the motion (measured,
 *     the largest such kept gain over 10 s of every default panel off the one-ring
 *     scenes, `softlab check-defaults`: 0.009 Y, stiffness warping at warp-tube-drop's
 *     bounce; 0.003 Y the pendulum; at most 0.002 Y every other), while a step too large
 *     for a prestressed body can leave it in a state of more energy: the hanging
 *     cantilever, regularized, beta = 1/s, dt = 50 ms: from rest at 4.9 J, its lows over two
 *     windows are 7.7 J (0.16 Y, Y = 49.5 J) above the start at t = 5.55 s, growing then; it
 *     stays near 107 J from 6 s on (tests/c/test_verdict.c). A bounded swing comes back down each period (on the
 *     oscillator, 100 s: symplectic Euler at omega dt = 1.99, largest such low 0.76 J from
 *     E0 = S0 = 0.5 J; Verlet at 1.999, 0.14 J; RK4 at 2.8, 0.006 J), a blow-up that
 *     saturates does not (RK4 at omega dt = 2.85-3.05: E x 2.27 a step at 3.0 to 359 J
 *     within the first window, the node folds through the pin and E then swings between
 *     about 1 and 425 J; lows of 19-42 J, first above 1.5 J at step 48-96; symplectic
 *     Euler at 1.995, beyond its bound 1.9904 on this spring, 149 J). Not judged (the windows start afresh) while a driver,
 *     a grab or a moving plate does work on the body that E does not count, and not under a
 *     SL_STEPPER_LINEARIZED stepper (linear FEM: its forces derive from 1/2 u^T K0 u, not
 *     from the model's energy that sl_world_energy reports). Measured over 30 s (largest
 *     growth / S): oscillator, omega dt = 1.8, symplectic Euler / Verlet: below 0.05;
 *     explicit Euler on the oscillator grows at every dt (E x (1 + (omega dt)^2) a step: at
 *     dt = 1 ms it is growing by t = 7 s). The hanging cantilever, regularized, beta = 0,
 *     dt = 0.01 s: growing by t = 0.6 s (4.9 -> 741 J by 1 s); at 0.001 s never.
 *     Cleared (back to running, or artifact) at a window's end when it no longer holds: a
 *     trend or a fast rise once the last SL_VERDICT_CLEAR_WINDOWS (2) windows' largest E are
 *     each within SL_VERDICT_GROWTH_MARGIN S / 2 of the smallest window maximum of the run
 *     (the energy came back down: a panel showed E = 3.7 J under "+52.3 J"); a gain that
 *     stays once the lows of those windows are back within half its margin (half: a run
 *     near a margin does not flip back and forth). The
 *     windows then start afresh (a growth that resumes is judged anew); `cleared` says when.
 * SL_VERDICT_ARTIFACT  a known artifact of a linearized model, not a blow-up: the stepper
 *     is SL_STEPPER_LINEARIZED or a model is linear in x (no geometric stiffness: the
 *     linearized strain), and the body's volume ratio V/V0 (sl_world_volume_ratio, checked
 *     at the end of every window) has left [1 - SL_VERDICT_ARTIFACT_VOLUME,
 *     1 + SL_VERDICT_ARTIFACT_VOLUME] = [0.9, 1.1]: linear strain is not invariant under
 *     rotation, so a rotated body swells (seed 002 §4.1: warp-bar's linear bar reaches
 *     V/V0 = 2.85; seed 000 Fig. 5: the twisted linear beam 1.27). Growth outranks it.
 * SL_VERDICT_RUNNING   none of these. */
#define SL_VERDICT_WINDOW_STEPS 16
#define SL_VERDICT_RISES 3
#define SL_VERDICT_RISING_STEPS 4
#define SL_VERDICT_GROWTH_MARGIN 0.5
#define SL_VERDICT_KEPT_GAIN 2.0
#define SL_VERDICT_START_SCALE 0.01
#define SL_VERDICT_REST_GAIN 0.1
#define SL_VERDICT_ARTIFACT_VOLUME 0.1
#define SL_VERDICT_CLEAR_WINDOWS 2

typedef enum sl_verdict_state {
    SL_VERDICT_RUNNING = 0,
    SL_VERDICT_ARTIFACT = 1,
    SL_VERDICT_GROWING = 2,
    SL_VERDICT_DIVERGED = 3,
} sl_verdict_state;

/* The verdict on a run and what sl_world_judge remembers of it; owned by the caller. */
typedef struct sl_verdict {
    sl_verdict_state state; /* the verdict */
    sl_verdict_state worst; /* the most severe state decided since the reset ('growing' stays
                               here when the state is cleared) */
    double cleared;   /* s: world time 'growing' was last cleared (NaN: never) */
    int calm_windows; /* while growing: consecutive windows whose energy is back down */
    double since;     /* s: world time at which the state was decided (NaN while running) */
    double growth;    /* J: P_k - min_j P_j of the last window judged (0 before one), or the
                         rise that decided 'growing'; once growing, the one of largest relative */
    double scale;     /* J: S, the largest K + U of the run so far */
    double relative;  /* growth / scale at the time (0 when scale = 0) */
    double volume_extreme; /* V/V0 farthest from 1 seen at the windows' ends (NaN: none) */
    char reason[1024]; /* one line for a person: the state and its numbers ("" while running) */
    sl_message_list message; /* the same as ids and parameters of messages/en.json (reason is
                                its English text; no part while running) */
    /* window bookkeeping */
    int steps;        /* states seen in the current window */
    int windows;      /* windows completed since the last (re)start of the energy judgement */
    int rises;        /* consecutive windows ending above the one before */
    double peak;      /* J: largest E of the current window */
    double last_peak; /* J: P of the last completed window */
    double lowest_peak; /* J: smallest P of the completed windows */
    int rising_steps; /* consecutive steps whose E rose */
    double last_energy, record; /* J: E of the last state; the largest E of the run */
    double rise_start; /* J: the largest E before the current rise began */
    double start_energy, start_scale; /* J: E and K + U of the first state judged since the
                                         windows (re)started */
    double low, last_low; /* J: the smallest E of the current and of the last window */
    double yardstick; /* J: (M |g| + sum |f|) R0 of the first state judged (NaN before) */
    int kept;         /* 1 if 'growing' was decided by a gain that stays (growth: that gain) */
    /* what the last sl_world_judge evaluated of the state it judged, for the measures of
     * that state (sl_world_channels_known): evaluated is 1 if it evaluated the models' phi
     * there (not for a linearized stepper, under external work or after a divergence),
     * with the elastic energy (J) and max|phi| that phi gives, bit for bit as
     * sl_world_energy_and_violation gives them */
    int evaluated;
    double elastic, violation;
} sl_verdict;

/* Clears v to "running" (NULL: no-op). */
void sl_verdict_reset(sl_verdict *v);

/* Updates v with w's current state (the criteria above) and returns v->state; call after
 * every step (states between calls are not seen) and once before the first. Returns -1
 * and leaves v alone if w or v is NULL. w is not const: the energy's evaluation of the
 * models is kept in w for the next step, which starts from this state (an explicit step
 * on thread-hang takes no evaluation of its own then). */
int sl_world_judge(sl_world *w, sl_verdict *v);

/* The state's name: "running", "artifact", "growing", "diverged" (NULL: unknown). */
const char *sl_verdict_name(int state);

/* ---- loads, grab, contact ------------------------------------------------------------- */

/* Constant external load on node i: force f (double[3], N), added to gravity in every
 * step of every stepper (pull, push and twist tests of seed 000 §5.2). Replaces the
 * node's previous load. Errors: SL_ERR_NULL, SL_ERR_INDEX, SL_ERR_NOT_FINITE,
 * SL_ERR_NOMEM. */
sl_status sl_world_set_load(sl_world *w, int node, const double f[3]);
/* Removes every load. */
void sl_world_clear_loads(sl_world *w);

/* Grab: a spring of stiffness k (N/m) pulls each listed node toward target + its
 * offset, with weight w_i in [0, 1]: F_i = k w_i (target + offset_i - x_i). It acts
 * as an external force inside every step of every stepper (so the same drag acts
 * identically in every panel of a comparison). nodes: int[count]; weights:
 * double[count]; offsets: double[3*count] (m) or NULL for zero; target: double[3] (m).
 * Replaces any previous grab. Errors: SL_ERR_NULL, SL_ERR_INDEX, SL_ERR_RANGE
 * (count < 1, k < 0, weight outside [0,1]), SL_ERR_NOT_FINITE, SL_ERR_NOMEM. */
sl_status sl_world_grab(sl_world *w, const int *nodes, const double *weights,
                        const double *offsets, int count, const double target[3], double k);
/* Moves the target of the current grab (m). Errors: SL_ERR_NULL, SL_ERR_NOT_FINITE. */
sl_status sl_world_grab_move(sl_world *w, const double target[3]);
/* Releases the grab (no-op without one). */
void sl_world_release(sl_world *w);
/* Number of grabbed nodes (0 when nothing is grabbed). */
int sl_world_grab_count(const sl_world *w);

/* Monotonic time in seconds (clock_gettime; microsecond resolution also in wasm),
 * for stage timings and benchmarks. */
double sl_clock_seconds(void);

/* Contact (seed 004 §6): a ground plane y = height and static spheres ("pearls").
 * After every step, a node inside is projected to the surface, its inward normal
 * velocity removed, and its tangential velocity reduced by friction times the removed
 * normal speed (Coulomb, friction >= 0). The position-based steppers (SL_STEPPER_POSITION_BASED) make
 * the ground, the plates and the spheres inequality rows of their sweeps instead (XPBD,
 * paper 005 eq. 17-18 with lambda >= 0; softlab/xpbd.h sl_xpbd_contact_force), with the
 * same Coulomb law on the velocity from the contact multipliers. Errors: SL_ERR_NULL, SL_ERR_RANGE (radius <= 0,
 * friction < 0, at most 16 spheres), SL_ERR_NOT_FINITE. */
sl_status sl_world_set_ground(sl_world *w, double height, double friction);
/* Number of static spheres of w (sl_world_add_sphere). */
int sl_world_sphere_count(const sl_world *w);
/* Sphere i of w: centre (double[3], m) and radius (m). Returns 1, or 0 for a bad index. */
int sl_world_sphere(const sl_world *w, int i, double center[3], double *radius);
/* 1 if w has a ground plane, with its height (m) in *height (may be NULL); else 0. */
int sl_world_ground(const sl_world *w, double *height);
sl_status sl_world_add_sphere(sl_world *w, const double center[3], double radius, double friction);

/* Most plates a world holds. */
#define SL_WORLD_MAX_PLATES 8

/* A kinematic plate (seed 001 §4 and Fig. 6: a sphere pressed between two plates): the
 * horizontal plane y = h(t), h(t) = height + velocity * min(t, stop_time) (m; the plate
 * moves at constant velocity (m/s, along +y) until stop_time (s, >= 0), then rests).
 * facing = +1: the body is kept above it (a floor, normal +y); -1: below it (a ceiling,
 * normal -y). Every stepper resolves it after its step as it does the ground, with the
 * plate's velocity as the normal velocity a node in contact keeps (no node moves into the
 * plate, none is pulled along it), the position-based ones as a contact row of their sweeps
 * at the plate's height at the (sub)step's end; the `incompressible` stepper also makes it a contact
 * constraint inside its pressure solves (softlab/incompressible.h). Coulomb friction
 * (>= 0) acts on the tangential velocity. Errors: SL_ERR_NULL, SL_ERR_NOT_FINITE,
 * SL_ERR_RANGE (facing not +1 or -1, stop_time < 0, friction < 0, more than
 * SL_WORLD_MAX_PLATES plates). */
sl_status sl_world_add_plate(sl_world *w, double height, double velocity, double stop_time, int facing,
                             double friction);
/* Number of plates of w (0 for NULL). */
int sl_world_plate_count(const sl_world *w);
/* Plate i of w at time t (s): its height (m), velocity (m/s) and facing (+1 / -1) in the
 * non-NULL out-pointers. Returns 1, or 0 for NULL or a bad index. */
int sl_world_plate(const sl_world *w, int i, double t, double *height, double *velocity, int *facing);
/* The squeeze's thickness (seed 001 §5, Fig. 6): the gap between plates 0 and 1 at the
 * world's time over their gap at t = 0, where the squeeze scenes put them touching the
 * body (onering-squeeze: the ball's diameter). NaN for NULL or fewer than two plates. */
double sl_world_thickness_ratio(const sl_world *w);

/* The node whose trajectory plots follow (-1 if none). */
int sl_world_tracked_node(const sl_world *w);
sl_status sl_world_set_tracked_node(sl_world *w, int node);

#endif
