/* XPBD, paper 005: Macklin, Mueller, Chentanez, "XPBD: Position-Based Simulation of
 * Compliant Constrained Dynamics", Motion in Games 2016, Algorithm 1 and §4. Each step of dt:
 *   predict    x~ = x^n + dt v^n + dt^2 M^-1 f_ext                       (Algorithm 1, line 1)
 *   lambda = 0; `iterations` (sl_world_set_iterations) Gauss-Seidel sweeps over every row j:
 *     dlambda_j = (-C_j(x) - at_j lambda_j) / (grad C_j M^-1 grad C_j^T + at_j)   (eq. 18, §4.1)
 *     x += M^-1 grad C_j^T dlambda_j,  lambda_j += dlambda_j                      (eq. 17, 13)
 *   with at_j = alpha_j / dt^2 (alpha tilde, §4 after eq. 7), alpha_j the model row's compliance;
 *   then v^{n+1} = (x - x^n) / dt.
 * C, grad C and alpha are the model language's phi, J and alpha (softlab/model.h), so it runs
 * every model softlab has: springs, Green-strain tets, one-ring volumes (a row summed over
 * the tets around a node: its J row is the summed one), grid terms, the thread; rows of
 * alpha = 0 are hard (at = 0: PBD for them).
 *
 * The sweep is the world's (stepper_api.h, sl_stepper_sweep, shared with seed 003 §5's
 * correction): phi and J are evaluated once per sweep and row j sees the earlier rows' moves
 * through phi_j + J_j dx. The paper evaluates C_j afresh at each row; a model evaluates all
 * its blocks at once, so a per-row evaluation would cost m model evaluations per sweep. The
 * linearization is exact for a row linear in x (a spring moved along itself), and from sweep
 * to sweep the rows are re-evaluated, so the fixed point is the same: C(x) + at lambda = 0.
 *
 * A tet's rows (6 Green-strain rows, rotated by seed 000 §2.3's Q so that alpha is diagonal)
 * are solved row by row, like every other row: the model language hands over one compliance
 * per row and no block coupling, the rows of a tet couple through its shared nodes, which
 * the sweep's linearization sees, as it sees the rows of neighbouring tets. Solving a tet's
 * 6 rows together (a 6 x 6 solve per tet) would converge in fewer sweeps, at a cost the
 * iteration count already buys.
 *
 * As iterations grow, xpbd converges toward the solution of the implicit (backward Euler,
 * position level) system M(x - x~) = grad C(x)^T lambda, C(x) + at lambda = 0 (eq. 8-9)
 * only up to the paper's own simplification (its Newton step takes g(x_i, lambda_i) = 0,
 * §4 before eq. 15; §7: "only an approximation of an implicit Euler integrator"): x - x~ is the sum of the sweeps' M^-1 grad C(x_k)^T dlambda_k, each at the gradient
 * of its sweep, not M^-1 grad C(x)^T lambda; the two agree where grad C does not turn
 * during the step (a chain moving along itself, tests/c/test_xpbd.c).
 *
 * Contact: the ground, the plates and the static spheres are inequality rows C >= 0 of
 * compliance 0 at the end of every sweep (world/contact_rows.c, sl_stepper_contact_rows),
 * their multipliers held >= 0, so that no node is inside a surface after any sweep, and
 * Coulomb friction acts on the velocity after the (sub)step from the contact multipliers;
 * the world adds no contact projection after a position-based step (world.c).
 *
 * Damping: the world's mass damping -c M v, taken into the prediction as an external
 * force, and XPBD's constraint damping (eq. 26): Delta lambda_j = (-C_j - at_j lambda_j -
 * gamma_j grad C_j (x - x^n)) / ((1 + gamma_j) grad C_j M^-1 grad C_j^T + at_j), gamma_j =
 * at_j bt_j / dt, bt_j = dt^2 beta_j. The world holds one damping time tau (s,
 * sl_world_set_xpbd_damping) and row j takes beta_j = tau / alpha_j, damping proportional
 * to the row's stiffness 1/alpha_j (units of beta_j: those of 1/alpha_j times s, N s/m
 * for a spring of stiffness k N/m, where beta_j = tau k is a dashpot beside it), so
 * gamma_j = tau / dt on every compliant row whatever its units; a hard row (alpha_j = 0)
 * has gamma_j = 0. tau = 0 (the default) is eq. 18 bit for bit. The regularized steppers'
 * beta (seed 000 eq. 20, 1/s) is another parameter and is not read.
 *
 * The force estimate (eq. 6-7 and §4.1, the "total Lagrange multiplier"): f = grad C^T lambda / dt^2, lambda of the last step, read through
 * softlab/xpbd.h. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/xpbd.h"
#include "steppers/position_based.h"

void sl_pb_destroy(void *state) {
    sl_pb_state *s = state;
    if (!s) return;
    free(s->moved), free(s->force), free(s->dx), free(s->lambda), free(s->x_n), free(s->contact);
    free(s);
}

sl_status sl_pb_init(sl_world *w, void **state) {
    sl_pb_state *s = calloc(1, sizeof *s);
    if (!s) return SL_ERR_NOMEM;
    size_t n3 = 3 * (size_t)sl_world_node_count(w);
    s->m = sl_world_constraint_count(w);
    s->moved = calloc(n3, sizeof(double));
    s->force = calloc(n3, sizeof(double));
    s->dx = calloc(n3, sizeof(double));
    s->lambda = calloc((size_t)s->m + 1, sizeof(double));
    s->x_n = calloc(n3, sizeof(double));
    s->contact = calloc((n3 / 3) * SL_CONTACT_SLOTS + 1, sizeof(double));
    if (!s->moved || !s->force || !s->dx || !s->lambda || !s->x_n || !s->contact) {
        sl_pb_destroy(s);
        return SL_ERR_NOMEM;
    }
    *state = s;
    return SL_OK;
}

void sl_pb_reset(void *state) {
    sl_pb_state *s = state;
    s->h = 0;
    memset(s->lambda, 0, ((size_t)s->m + 1) * sizeof(double));
}

/* One substep of h: predict, `sweeps` sweeps, v = (x - x^n)/h. That velocity is computed as
 * v~ + (sum of the sweeps' dx)/h, equal in exact arithmetic (x - x^n = h v~ + sum dx):
 * differencing positions of 1 m at h = 1e-5 s would turn their rounding into 1e-11 m/s a
 * substep and break momentum conservation to 1e-10 within 50 steps
 * (tests/c/test_springs.c). */
static sl_status substep(sl_world *w, sl_pb_state *s, double h, int sweeps, double alpha_scale, double t_end) {
    double *x = sl_stepper_x(w), *v = sl_stepper_v(w);
    const double *mass = sl_world_masses(w);
    const int *free_dof = sl_stepper_free_dofs(w);
    int nf = sl_stepper_free_count(w), n = sl_world_node_count(w);
    double gamma = alpha_scale > 0 ? sl_world_xpbd_damping(w) / h : 0; /* eq. 26, beta_j = tau / alpha_j */
    if (gamma > 0) memcpy(s->x_n, x, 3 * (size_t)n * sizeof(double));
    sl_assembly_external_forces(w, s->force); /* at x^n, v^n: gravity, loads, -c M v, grab */
    for (int k = 0; k < nf; k++) {
        int d = free_dof[k];
        s->moved[d] = 0;
        v[d] += h * s->force[d] / mass[d / 3]; /* v~ */
        x[d] += h * v[d];                       /* x~ = x^n + h v^n + h^2 M^-1 f_ext */
    }
    memset(s->lambda, 0, (size_t)s->m * sizeof(double));
    memset(s->contact, 0, (size_t)n * SL_CONTACT_SLOTS * sizeof(double));
    for (int it = 0; it < sweeps; it++) {
        sl_status st = sl_stepper_sweep(w, x, alpha_scale, s->lambda, gamma > 0 ? s->x_n : NULL, gamma, s->dx);
        if (st != SL_OK) return st;
        sl_stepper_contact_rows(w, x, t_end, s->contact, s->dx); /* the sweep's last rows */
        for (int k = 0; k < nf; k++) {
            int d = free_dof[k];
            x[d] += s->dx[d], s->moved[d] += s->dx[d];
        }
    }
    for (int k = 0; k < nf; k++) v[free_dof[k]] += s->moved[free_dof[k]] / h; /* v^{n+1} = (x^{n+1} - x^n)/h */
    sl_stepper_contact_friction(w, t_end, h, s->contact, v);
    return SL_OK;
}

sl_status sl_pb_step(sl_world *w, sl_pb_state *s, int substeps, int sweeps, int compliant) {
    double t0 = sl_clock_seconds(), h = sl_world_dt(w) / substeps;
    double alpha_scale = compliant ? 1 / (h * h) : 0;
    sl_status st = SL_OK;
    s->h = 0;
    for (int k = 0; k < substeps && st == SL_OK; k++)
        s->t_end = sl_world_time(w) + (k + 1) * h, st = substep(w, s, h, sweeps, alpha_scale, s->t_end);
    if (st == SL_OK) s->h = h;
    sl_stepper_timing(w)->solve = sl_clock_seconds() - t0;
    return st;
}

/* The state of w's stepper when it is position-based and has stepped, else NULL. */
static const sl_pb_state *stepped(const sl_world *w) {
    const sl_stepper_class *c = sl_world_stepper(w);
    const sl_pb_state *s = c && (c->flags & SL_STEPPER_POSITION_BASED) ? sl_stepper_state(w) : NULL;
    return s && s->h > 0 && s->m == sl_world_constraint_count(w) ? s : NULL;
}

const double *sl_xpbd_multipliers(const sl_world *w) {
    const sl_pb_state *s = w ? stepped(w) : NULL;
    return s ? s->lambda : NULL;
}

double sl_xpbd_multiplier_step(const sl_world *w) {
    const sl_pb_state *s = w ? stepped(w) : NULL;
    return s ? s->h : 0;
}

sl_status sl_xpbd_row_forces(const sl_world *w, double *out) {
    if (!w || !out) return SL_ERR_NULL;
    const sl_pb_state *s = stepped(w);
    if (!s) return SL_ERR_INCOMPATIBLE;
    for (int i = 0; i < s->m; i++) out[i] = s->lambda[i] / (s->h * s->h);
    return SL_OK;
}

sl_status sl_xpbd_contact_force(const sl_world *w, double force[3]) {
    if (!w || !force) return SL_ERR_NULL;
    const sl_pb_state *s = stepped(w);
    if (!s) return SL_ERR_INCOMPATIBLE;
    sl_stepper_contact_force(w, sl_world_positions(w), s->t_end, s->h, s->contact, force);
    return SL_OK;
}

static sl_status step(sl_world *w, void *state) { return sl_pb_step(w, state, 1, sl_world_iterations(w), 1); }

const sl_stepper_class sl_stepper_xpbd = {
    .name = "xpbd",
    .title = "XPBD (Macklin, Müller, Chentanez)",
    .citation = "Macklin, Müller, Chentanez 2016 (XPBD) Algorithm 1, §4.1 eq. 17-18",
    .flags = SL_STEPPER_POSITION_BASED | SL_STEPPER_USES_ITERATIONS | SL_STEPPER_USES_XPBD_DAMPING,
    .force_evaluations = 1, /* per sweep */
    .stability_bound = INFINITY,
    .init = sl_pb_init,
    .step = step,
    .destroy = sl_pb_destroy,
    .reset = sl_pb_reset,
};
