/* The `incompressible` stepper (seed 001 §2 and §4; Irving, Schroeder and Fedkiw 2007):
 * semi-implicit Newmark with pressure projections that keep every hard constraint row
 * (compliance alpha = 0, e.g. the one-ring volumes of softlab/onering.h) at zero.
 *
 * Every row with alpha > 0 is an elastic force (-J^T alpha^-1 phi); every row with
 * alpha = 0 is a projected constraint. The elastic model of the seed's examples is
 * deviatoric: use SL_STRAIN_GREEN_DEVIATORIC tets (the volumetric row removed, not given
 * an infinite compliance: the row does not exist, so no stepper ever sees it). A step
 * from (x^n, v^n), a = M^-1 (F_ext + F_elastic) with no velocity-dependent force, so the
 * two "backward Euler" half steps are explicit (stable for dt below the deviatoric
 * CFL bound 2/omega_max; the volumetric modes are the projection's):
 *   1. v* = v^n + dt/2 a(x^n)
 *   2. position projection (eq. 1): (J P M^-1 J^T) p = -J v* - clamp(phi)/dt, at x^n, with
 *      the nodes on a wall at t^n in contact and their v* moving no faster into it than
 *      the wall (the seed's squeeze: contact in both solves),
 *      v~ = v* + P M^-1 J^T p; clamp: |phi_k| <= V^_k(x0) dt / SL_INCOMPRESSIBLE_RECOVERY_TIME
 *      for one-ring rows (the seed's minimum volume recovery time, one fifth of a frame)
 *   4. x^{n+1} = x^n + dt v~
 *   5. contact with the walls at t^{n+1} (the ground and the plates of sl_world_add_plate,
 *      all horizontal): nodes on or beyond one are put on it; v*^n = v^n with the normal
 *      velocity of those nodes relative to the wall made non-negative (a node keeps the
 *      plate's velocity, not more into it) and Coulomb friction on their tangential velocity
 *   7. v^{n+1/2} = v*^n + dt/2 a(x^{n+1/2}), x^{n+1/2} = (x^n + x^{n+1})/2; a node on the
 *      wall keeps no normal velocity into it (relative to the wall)
 *   8. v^{n+1} = 2 v^{n+1/2} - v*^n
 *   6. velocity projection (eq. 2), done last: (J P M^-1 J^T) p = -J v^{n+1} at x^{n+1},
 *      with the contacts of step 5, v^{n+1} += P M^-1 J^T p
 * (3 and 9, self-collisions, are not done.) P projects out the velocity changes that
 * violate the contact constraints c^T dv = 0 (one per node on a wall, c its normal (0, +-1, 0);
 * the wall's own velocity is the node's target normal velocity, set in v* before the solve):
 * P = prod of P_i = I - M^-1 c_i (c_i^T M^-1 c_i)^-1 c_i^T in symmetric Gauss-Seidel
 * sweeps (P_1 ... P_n ... P_1)^q, q = SL_INCOMPRESSIBLE_SWEEPS (seed 001 §4). Pinned nodes
 * take no correction (their columns of J are dropped). The pressure system is symmetric
 * positive semi-definite and solved by MINRES (softlab/krylov.h; by default preconditioned
 * by a reused Cholesky factor, SL_PRESSURE_MINRES_FACTOR) to the relative residual tolerance SL_INCOMPRESSIBLE_TOLERANCE, or to a least-squares solution where
 * the system is inconsistent (volume errors no nodal motion changes). Each of the two
 * solves starts from the pressure the same solve found the step before (the stopping rule
 * is relative to the right-hand side, so the answer's accuracy is the same): on
 * onering-sphere-drop at dt = 5e-4 s through the impact, 41.4 MINRES iterations a step
 * instead of 58.4 from 0 (tests/c/test_onering_scenes.c).
 *
 * Step 6 comes last, not between 5 and 7 where the seed prints it. The seed calls it "a
 * static projection" that "can be executed at any point in the algorithm"; that holds for
 * a constant J, not for J(x). Done where the seed puts it, on v*^n at x^{n+1} (softlab until
 * issue 27), it let the pressure feed energy in: v^n still held dt (I - P_n) a^{n-1/2}, the
 * compressive part of the last kick (normal to the constraints at x^n: the position
 * update of the next step drops it, the velocity kept it), and a projection along
 * J(x^{n+1}) removes it only in part; the rest, P_{n+1} (I - P_n) v^n, O(dt^2 |grad v| |a|)
 * a step, stayed in the velocity as work of a pressure applied at a lagged configuration.
 * Measured on onering-sphere-drop (its defaults, dt = 1e-3 s): the total energy climbed
 * from 8.56 J at 1 s to 12.64 J at 2.5 s (4.21 J above its running minimum), the largest
 * gains (0.1-0.2 J a step) in steps with 0 to 5 nodes on the ground (and the same ball
 * spinning at 20 rad/s with a twist, in free flight without gravity, went 6.16 J -> 8.69 J
 * from 1.75 to 3 s); the same with MINRES to 1e-8 (4.24 J), without friction (3.49 J by 4 s), and with omega_max dt = 0.70-0.82 (far
 * from the elastic bound 2), so neither the contact, the tolerance, friction nor the kicks;
 * without the recovery term the volume drifts and the run blows up by 1.2 s. Removing
 * (I - P_n) v^n at x^n before the projection at x^{n+1} (a third solve) left +0.29 J;
 * projecting v*^n at x^n instead, +0.26 J; the seed's eq. 2 as printed (right-hand side
 * from v*^{n+1/2}), +1.87 J; projecting v^{n+1} at x^{n+1} after step 8 (this order),
 * +0.11 J, within a ground contact. This order costs the same two solves and three
 * evaluations, and the velocity a step ends with is divergence-free at the positions it
 * ends with, so the kinetic energy reported is that of motion the body can make: the old
 * order's v^{n+1} held the unprojected dt (I - P) a^{n+1/2} of its kick, which on
 * onering-cantilever showed as a 0.49 J swing of the total with the sag (now flat to
 * 2e-4 J over 3 s; the trajectories agree to 1e-6 m). Not fixed by either order: the
 * velocity is turned by projecting out its normal part, not rotated, so a spinning body
 * loses energy at a rate proportional to dt (that free ball, 7.44 J at the start: 4.63 J
 * after 3 s at 1 ms, 5.63 J at 0.5 ms; in the old order 6.16 J at 1.75 s before it grew).
 *
 * The tolerance is 1e-4, not the seed's 1 % (§4: "the pressure system is itself solved to
 * only 1% accuracy"). Measured on onering-cantilever (its defaults: one-ring, Y = 1e7 Pa,
 * dt = 2.5e-4 s, no contact), total energy 39.24 J at rest, with step 6 still in the
 * seed's place (its 0.49 J swing is the one above):
 *   1 %:                    grows from 5 s on, 53.3 J at 10 s (verdict "growing" at 7.3 s);
 *   1 %, no recovery term:  falls, 37.61 J at 8 s, and 1.05 % of the volume is lost;
 *   1e-3:                   largest 39.73 J at 1 s, 39.89 J at 8 s, still creeping up;
 *   1e-4:                   within 39.24-39.73 J through 10 s, volume within 2e-8.
 * Each solve's residual is volume error that the next step's recovery term (-phi/dt)
 * takes back in one step; these snaps are proportional to the motion, so the energy they
 * add grows with the energy: exponential growth, slower the smaller the residual. 1e-4
 * costs 43 MINRES iterations a solve there against 28 at 1 %, with no measurable change
 * in time per step (1.27-1.43 ms against 1.34-1.39 ms natively, two runs each). */
#ifndef SL_INCOMPRESSIBLE_H
#define SL_INCOMPRESSIBLE_H

#include "softlab/world.h"

#define SL_INCOMPRESSIBLE_RECOVERY_TIME (1.0 / 150.0) /* s: a fifth of a 30 Hz frame */
#define SL_INCOMPRESSIBLE_SWEEPS 4
#define SL_INCOMPRESSIBLE_TOLERANCE 1e-4
/* Largest residual of a least-squares answer (an inconsistent system) kept: the one-ring
 * balls' in flight and at rest are 1e-4 to 1.8e-2 (onering-sphere-drop, 0.5 and 1 ms, and
 * a loaded 81-node ball); the squeeze taken to 13 % of the thickness reaches 6 % and more
 * where its energy starts to come from nowhere (seed 001 §4's end of the squeeze). */
#define SL_INCOMPRESSIBLE_LEAST_SQUARES_RESIDUAL 0.05
#define SL_INCOMPRESSIBLE_MAX_ITERATIONS 1000
/* A projection whose right-hand side is below this fraction of the size of its terms
 * (|rhs| <= 1e-12 |(sum_j |J_ij v_j|)_i|, the recovery term included) is skipped: the
 * velocity is already divergence-free to rounding error, and MINRES would take the noise
 * for an inconsistent system. */
#define SL_INCOMPRESSIBLE_ROUNDING 1e-12

extern const sl_stepper_class sl_stepper_incompressible;

typedef enum sl_pressure_solver {
    SL_PRESSURE_MINRES,   /* seed 001 §4's solver, unpreconditioned (its Fig. 2 comparison) */
    SL_PRESSURE_CG,       /* conjugate gradients, for comparison */
    SL_PRESSURE_CHOLESKY, /* CSparse Cholesky of the assembled J P M^-1 J^T, regularized
                             by 1e-9 times its diagonal: the one-ring system is singular
                             (measured: unregularized, the factorization fails) */
    SL_PRESSURE_MINRES_JACOBI, /* issue 42: MINRES preconditioned by the diagonal of
                             J P M^-1 J^T (sl_minres_jacobi), stopping on the same
                             |rhs - S p| <= tol |rhs| as SL_PRESSURE_MINRES, so the
                             projection is the same to the tolerance, in fewer iterations */
    SL_PRESSURE_MINRES_FACTOR, /* the default (issue 42 item 4): MINRES preconditioned by the
                             Cholesky factor of an earlier solve's J P M^-1 J^T +
                             SL_PRESSURE_FACTOR_EPSILON diag (sl_minres_preconditioned),
                             reused while it works (SL_PRESSURE_FACTOR_REFRESH); the same
                             stopping rule as the other MINRES solvers */
} sl_pressure_solver;

/* SL_PRESSURE_MINRES_FACTOR. The pressure matrix S = J P M^-1 J^T changes little from
 * solve to solve (the one-ring pattern is the mesh's; contacts zero the normal dofs' 1/m),
 * so the factor of an earlier S + epsilon diag(S) (CSparse's Cholesky, AMD; the symbolic
 * analysis redone only when S's pattern changes) preconditions MINRES on the current S.
 * It is remade before a solve when there is none, the row count changed, after a reset,
 * or when the last solve took more than SL_PRESSURE_FACTOR_REFRESH iterations; a reused
 * factor gets SL_PRESSURE_FACTOR_REUSE_CAP iterations, after which (or on a least-squares
 * answer above SL_INCOMPRESSIBLE_LEAST_SQUARES_RESIDUAL) the factor is remade and the
 * solve run again from its start (a fresh factor's solve takes 1 iteration when S is
 * consistent); a solve whose factorization fails (out of memory) is solved with the
 * diagonal preconditioner instead. A row whose one-ring is all pinned (S's row 0) gets 1
 * on the factored diagonal, as the Jacobi preconditioner does. Measured natively (issue 42 item 4; iterations a solve, factorizations):
 *   onering-torus-drop (512 rows, 1 ms, 0.5 s):   Jacobi 62.8 -> 5.9, 1 factorization for
 *                                                 715 solves (the first step's; landing included)
 *   onering-sphere-drop (81 rows, 1 ms, 3 s):     29.9 -> 3.6, 1 for 5716 solves
 *   onering-squeeze (251 rows, 0.1 ms, 0.3 s):    47.4 -> 6.8, 2 for 6000 solves; to 0.75 s
 *                                                 (25 % thickness) 61.5 -> 7.2, 1467 for 15000
 * The refresh threshold: on the squeeze a fresh factor made in a step whose velocity solve
 * had no plate contact serves the next steps' 50-58 contacts in 10-13 iterations; at 8 it
 * refactored 834 times in 0.3 s (6.3 a solve), at 10 420 times, at 12 twice (6.8), at 24
 * (0.75 s) 149 times (10.9); processor time (one run each, a loaded 2-core machine) within
 * its noise from 8 to 24, all
 * below the never-refreshed factor's (14.7 iterations a solve, 0.75 s: 13.9 s against 11.0 s
 * at 12). The triangular solves with L are then a quarter of the squeeze's step (perf),
 * the operator products 14 %.
 * Issue 42 item 5 (onering-torus-drop, native, perf over 0.5 s): the triangular solves by
 * supernodes (sl_cholesky_apply: 26.5 % -> 19 % of the run, the same 4,199 iterations);
 * the operator J D J^T by a node's three columns at once (one row index for three
 * entries, one update of y a row: 14.7 % -> 11.6 %); the elastic forces of the tet models
 * without J (sl_assembly_evaluate_projection, tet_fem's add_forces: J of the one-ring rows
 * only; fem_evaluate_tet 12 % -> 3.4 %, sl_assembly_forces_at 7 % -> 2 %, add_forces
 * 6 %). The torus's one-ring panel (softlab bench --defaults, processor ms a step, best
 * of 3 alternated, a 2-core machine at load 5-7): 1.12 -> 0.90 natively; in the page's
 * Worker (tools/bench.sh defaults, 5 runs each alternated, load 3-11) median 1.32 -> 1.16
 * ms, fastest 1.23 -> 1.09. Tried, not kept: an assembled S for the operator (sum of squared column counts of
 * Jh, 190,080 products to form, against 14,000 saved an application, about 8 a solve);
 * refreshing the factor every k solves (1 iteration a solve when fresh, but a numeric
 * factorization is 1.75 ms: 0.5 s of the torus in 1.40 s at k = 1, 0.64 s at k = 10 and
 * 50, against 0.66 s); orderings other than AMD (nnz(L) 29,773; by symbolic elimination
 * of S's pattern: natural 40,768, reverse Cuthill-McKee 33,811, exact minimum degree
 * 30,452, nested dissection by breadth-first level sets 34,843, greedy minimum fill
 * 27,538: 7.5 % fewer, not worth an ordering of our own); each solve started from its
 * last two pressures extrapolated, 2 p_n - p_{n-1} (iterations: torus 0.5 s 4,199 -> 3,957,
 * 1 s 9,729 -> 9,624; squeeze 1.5 s 65,463 -> 55,216; onering-sphere-drop 2 s 13,140 ->
 * 10,665; onering-cantilever 1 s 5,363 -> 3,999; but the squeeze to 25 % of the thickness
 * 6.1 -> 6.6 a solve, processor time within noise on the torus, 5 % less on the squeeze,
 * and the runs move by the tolerance, not by rounding: torus V/V0 1.8e-4, 0.013 J); a
 * model call giving phi and the forces from one F (the assembly holding their sum: about 1 %
 * of the run, for a second force path); the rows of Jh filled entry by entry from their
 * terms grouped (no change beyond noise); a refactorization when the last solve's
 * iterations exceed the mean cost of the solves since the factor with the factorization
 * counted as 20-160 iterations (no fewer iterations on the torus over 1 s). */
/* Issue 42, 2026-11-30 (the torus's one-ring panel, native, 1 s, best of 5): the deformation
 * gradients kept for add_forces, lone-column supernodes solved in place, project() reusing the
 * solver's last P M^-1 Jh^T p, and minus_divergence by node column triples took 1.03 -> 0.92 s,
 * bitwise the same runs. Tried and not kept: reading the one-ring's four identical block rows
 * once when filling Jr (0.96 against 0.96 s), summing Jr's entries from a sorted term list
 * (0.93 against 0.94 s), backward supernodal dot products two columns at a time (0.95 against
 * 0.91 s), w = phi / alpha two rows at a time (0.94 against 0.93 s). */
#define SL_PRESSURE_FACTOR_REFRESH 12
#define SL_PRESSURE_FACTOR_REUSE_CAP 50
#define SL_PRESSURE_FACTOR_EPSILON 1e-9

/* Chooses the pressure solver and its relative residual tolerance (0 < tol < 1; unused by
 * CHOLESKY) of w's incompressible stepper. Errors: SL_ERR_NULL, SL_ERR_INCOMPATIBLE (w's
 * stepper is not `incompressible`), SL_ERR_RANGE. */
sl_status sl_incompressible_set_solver(sl_world *w, sl_pressure_solver solver, double tol);

/* What the pressure solves did since the stepper was set (or the world reset). */
typedef struct sl_pressure_stats {
    int solves;                 /* pressure solves (two per step) */
    long iterations;            /* total Krylov iterations (0 for CHOLESKY) */
    int factorizations;         /* MINRES_FACTOR: Cholesky factorizations of the preconditioner */
    int max_iterations;         /* most iterations of one solve */
    double max_residual;        /* largest relative residual |b - A p|/|b| of a solve */
    int contacts;               /* contact constraints in the last step's velocity solve */
    int unknowns;               /* pressure unknowns (hard rows) */
    double last_solve_seconds;  /* time of the last step's two solves */
} sl_pressure_stats;

/* The step control (seed 001 §2 and §5). The seed integrates with the semi-implicit Newmark
 * scheme of Bridson et al. 2003 / Selle et al. 2007, whose explicit elastic half kicks are
 * stable below the deviatoric CFL bound 2/omega_max, and follows the step size down as the
 * squeezed sphere flattens (§5: "numerical error forced the time step to zero"); it does
 * not print the rule. softlab's rule, evaluated at the start of every world step from its
 * state: the bound
 *     dt_bound = min(cfl * 2 / omega_max,  motion * h_min / s_max)
 * with omega_max of sl_world_omega_max (the projected rows left out: the deviatoric
 * tets set it), h_min the smallest altitude of the body's tets (3|V| over the largest
 * face) and s_max the fastest node or wall (plate, ground) speed: no node or plate crosses
 * more than `motion` of the thinnest tet in a step, the contact part of the rule (a plate
 * moving faster than the body's thinnest layer can follow it). The world's step dt is
 * then taken as k = ceil(dt / dt_bound) equal substeps of dt / k (1 when dt <= dt_bound),
 * so the world's time, drivers and samples keep their fixed rhythm. A bound below
 * dt_floor stops the run (SL_ERR_NO_CONVERGENCE, the world diverged with the reason):
 * the seed's "time step forced to zero".
 * Measured on onering-squeeze (no gravity, plates closing at 0.1 m/s each; issue 42):
 *   816 tets (6 cells), world dt 1 ms: cfl 0.25 takes the ball to the lab's 25 % (0.8 s)
 *     in 1905 substeps instead of 7500 at the fixed 0.1 ms, total energy 392.94 J against
 *     392.82 J, V/V0 = 0.99999999 at the end; cfl 0.5 stops at t = 0.625 s (37.5 %, a
 *     position solve's least-squares answer at residual 0.099), hence the default 0.25.
 *   Squeezed on toward seed 001's 1.1 % (squeeze_gap 0.011) the rule does worse than the
 *     fixed 0.1 ms, which reaches 1.10 % with |V/V0 - 1| <= 0.044 % (816 tets) and
 *     0.039 % (192 tets): cfl 0.25 stops at 15.2 % (816 tets, 0.77 % volume error) and
 *     6.5 % (192 tets, 0.51 %: the 1 ms steps of the round ball leave transient volume
 *     errors of 0.1-0.5 % that the recovery term takes back), cfl 0.1 at 9.8 %, each at a
 *     position solve's least-squares answer. The deep squeeze's limit is the pressure
 *     system's consistency, not the elastic bound, and smaller steps reach it sooner:
 *     fixed 0.05 ms stops at 8.4 % (192 tets), and the rule at world dt 0.1 ms stops at
 *     3.7 %, in the step where it first halves the step to 0.05 ms. So the fixed step
 *     stays the default, for the squeeze as for stepper comparisons. */
typedef struct sl_incompressible_control {
    int adaptive;    /* 0: every step is the world's dt (the default, for stepper comparisons) */
    double cfl;      /* (0, 1]: the fraction of the elastic bound 2/omega_max */
    double motion;   /* (0, 1]: the fraction of the thinnest tet a node or wall may cross */
    double dt_floor; /* s, > 0: the smallest bound a run goes on with */
} sl_incompressible_control;

/* adaptive 0, cfl SL_INCOMPRESSIBLE_CFL, motion 0.5, dt_floor 1e-7 s. */
sl_incompressible_control sl_incompressible_control_default(void);
#define SL_INCOMPRESSIBLE_CFL 0.25
/* Lanczos products sl_world_omega_max may take for the rule, each world step. */
#define SL_INCOMPRESSIBLE_OMEGA_ITERATIONS 200

/* Sets w's step control. Errors: SL_ERR_NULL, SL_ERR_INCOMPATIBLE (the stepper is not
 * `incompressible`), SL_ERR_RANGE (cfl or motion outside (0, 1], dt_floor not > 0 and
 * finite; the message names the value). */
sl_status sl_incompressible_set_control(sl_world *w, const sl_incompressible_control *control);

/* What the rule found at the last world step's start (all INFINITY/0 under a fixed step,
 * except dt and substeps). */
typedef struct sl_incompressible_dt {
    double dt;        /* s: the substep in use (also sl_world_step_size) */
    int substeps;     /* substeps of the world's step */
    double bound;     /* s: min(elastic, motion) */
    double elastic;   /* s: cfl * 2 / omega_max */
    double motion;    /* s: motion * thinnest / speed (INFINITY at rest) */
    double omega_max; /* rad/s */
    double thinnest;  /* m: the smallest tet altitude */
    double speed;     /* m/s: the fastest node or wall */
} sl_incompressible_dt;

/* Reads the last step's rule (zeros before a step). Errors: SL_ERR_NULL, SL_ERR_INCOMPATIBLE. */
sl_status sl_incompressible_step_rule(const sl_world *w, sl_incompressible_dt *out);

/* Reads the statistics of w's incompressible stepper. Errors: SL_ERR_NULL,
 * SL_ERR_INCOMPATIBLE. */
sl_status sl_incompressible_stats(const sl_world *w, sl_pressure_stats *out);

/* The pressure at every node (out: double[n], Pa): p^_k / dt of node k's one-ring row in
 * the last step's velocity projection (seed 001 eq. 2), where p^ is the Lagrange
 * multiplier of the row (Pa s: (J M^-1 J^T) p^ = -J v with J = dV^/dx in m^2, and J^T p^
 * the impulse in N s the projection gives the nodes), so p^/dt is the pressure that
 * impulse stands for over the step: positive when it pushes the one-ring outward
 * (compression), negative in tension. It is the mean normal stress the deviatoric
 * elastic tets leave out (at rest under gravity the projection carries the weight).
 * A node without a one-ring row gets 0, and every node 0 before the first step.
 * Errors: SL_ERR_NULL, SL_ERR_RANGE (w's stepper is not `incompressible`: the other
 * steppers have no pressure unknowns; the message says so in sl_world_last_error). */
sl_status sl_incompressible_node_pressure(const sl_world *w, double *out);

#endif
