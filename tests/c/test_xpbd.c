/* The position-based steppers xpbd, xpbd-substeps and pbd (src/core/steppers/xpbd.c;
 * Macklin, Mueller, Chentanez, "XPBD: Position-Based Simulation of Compliant Constrained
 * Dynamics", 2016; Macklin et al., "Small Steps in Physics Simulation", 2019): one step
 * written out by hand (paper 005 §4.1 eq. 17-18), the limits alpha -> 0 (PBD) and alpha -> inf (the
 * unconstrained prediction), convergence with the iteration count toward the implicit
 * solution solved independently, the force estimate of a hanging load, the iteration
 * setting's range and the flag that says who reads it, and substeps against steps.
 *
 * The springs are softlab's (softlab/springs.h): phi = (|x_i - x_j| - L)/L, a strain,
 * alpha = 1/k with k in J, so a spring pulls with k phi / L newtons. */
#include <stdlib.h>
#include <string.h>

#include "softlab/springs.h"
#include "softlab/stepper.h"
#include "softlab/xpbd.h"
#include "test.h"

#define G 9.81 /* m/s^2, along -y */

/* A chain of `springs` springs of stiffness k (J) through nodes x (double[3(springs+1)], m,
 * also the rest shape unless rest is not NULL) of mass `mass` (kg), node 0 pinned, with
 * velocities v (double[3(springs+1)] or NULL), gravity G, mass damping c (1/s), stepper
 * `method` at dt (s) with `iterations`. */
static sl_world *chain(int springs, const double *x, const double *rest, const double *v, double mass,
                       double k, double c, const char *method, double dt, int iterations) {
    enum { MAX = 8 };
    double m[MAX + 1];
    int edges[2 * MAX];
    if (springs > MAX) return NULL;
    for (int i = 0; i <= springs; i++) m[i] = mass;
    for (int i = 0; i < springs; i++) edges[2 * i] = i, edges[2 * i + 1] = i + 1;
    sl_world_def def = sl_world_def_default();
    def.node_count = springs + 1, def.positions = x, def.masses = m, def.mass_damping = c;
    def.gravity[1] = -G;
    sl_world *w = NULL;
    sl_model *model = NULL;
    sl_status st = sl_world_create(&def, &w);
    if (st == SL_OK) st = sl_springs_create(rest ? rest : x, springs + 1, edges, springs, k, &model);
    if (st == SL_OK) st = sl_world_add_model(w, model);
    if (st == SL_OK) st = sl_world_pin(w, 0, 1);
    if (st == SL_OK && v) st = sl_world_set_velocities(w, v);
    if (st == SL_OK) st = sl_world_set_iterations(w, iterations);
    if (st == SL_OK) st = sl_world_set_stepper(w, sl_stepper_find(method), dt, 0);
    if (st != SL_OK) sl_world_destroy(w), w = NULL;
    return w;
}

/* One spring, node 0 pinned at the origin, node 1 of 2 kg released stretched and moving
 * sideways: x1 = 1.1 (0.6, -0.8, 0) m, v1 = (0.3, 0.2, -0.1) m/s, L = 1 m, k = 50 J,
 * dt = 0.02 s, one iteration. Written out: x~ = x1 + dt v1 + dt^2 g; d = x~, l = |d|,
 * C = (l - L)/L, grad C = d/(l L), w = |grad C|^2/m = 1/(m L^2), at = (1/k)/dt^2;
 * dlambda = -C/(w + at) (eq. 18, lambda = 0); x = x~ + grad C dlambda/m (eq. 17);
 * v = (x - x1)/dt. */
TEST(xpbd_one_iteration_on_one_spring_is_the_step_written_out) {
    const double m = 2, L = 1, k = 50, dt = 0.02;
    double x[6] = {0, 0, 0, 0.66, -0.88, 0}, rest[6] = {0, 0, 0, 0.6, -0.8, 0}, v[6] = {0, 0, 0, 0.3, 0.2, -0.1};
    sl_world *w = chain(1, x, rest, v, m, k, 0, "xpbd", dt, 1);
    ENSURE(w != NULL);
    if (!w) return;
    ENSURE(sl_xpbd_multipliers(w) == NULL); /* not stepped yet */
    ENSURE(sl_world_step(w) == SL_OK);
    double xt[3], l = 0, g[3] = {0, -G, 0};
    for (int c = 0; c < 3; c++) xt[c] = x[3 + c] + dt * v[3 + c] + dt * dt * g[c], l += xt[c] * xt[c];
    l = sqrt(l);
    double C = (l - L) / L, wsum = 1 / (m * L * L), at = (1 / k) / (dt * dt), dl = -C / (wsum + at);
    const double *xs = sl_world_positions(w), *vs = sl_world_velocities(w);
    for (int c = 0; c < 3; c++) {
        double xe = xt[c] + xt[c] / (l * L) * dl / m;
        ENSURE_NEAR(xs[3 + c], xe, 1e-12);
        ENSURE_NEAR(vs[3 + c], (xe - x[3 + c]) / dt, 1e-12 / dt);
        ENSURE(xs[c] == 0 && vs[c] == 0); /* the pin */
    }
    const double *lambda = sl_xpbd_multipliers(w);
    double mu = NAN;
    ENSURE(lambda && fabs(lambda[0] - dl) <= 1e-12 * fabs(dl));
    ENSURE(sl_xpbd_multiplier_step(w) == dt);
    ENSURE(sl_xpbd_row_forces(w, &mu) == SL_OK && fabs(mu - dl / (dt * dt)) <= 1e-12 * fabs(mu));
    printf("  one step: x1 = (%.12f, %.12f, %.12f) m, dlambda = %.6e J s^2, mu = %.6f J\n", xs[3], xs[4], xs[5], dl, mu);
    sl_world_destroy(w);
}

/* The same release under pbd and under xpbd with k = 1e12 J (alpha = 1e-12): alpha tilde
 * = 2.5e-9 against w = 0.5, so xpbd's correction is PBD's times 1 - 5e-9, and the
 * constraint error after PBD's step is 0 to rounding (one row moved along itself:
 * eq. 18 with alpha = 0 zeroes its linearization, exact along the spring). With k = 1e-12
 * J (alpha tilde = 2.5e15) the correction is C/2.5e15: the positions are the prediction x~. */
TEST(xpbd_alpha_to_zero_is_pbd_and_alpha_to_infinity_the_prediction) {
    const double dt = 0.02;
    double x[6] = {0, 0, 0, 0.66, -0.88, 0}, rest[6] = {0, 0, 0, 0.6, -0.8, 0}, v[6] = {0, 0, 0, 0.3, 0.2, -0.1};
    sl_world *pbd = chain(1, x, rest, v, 2, 50, 0, "pbd", dt, 1);
    sl_world *stiff = chain(1, x, rest, v, 2, 1e12, 0, "xpbd", dt, 1);
    sl_world *soft = chain(1, x, rest, v, 2, 1e-12, 0, "xpbd", dt, 1);
    ENSURE(pbd && stiff && soft);
    if (!pbd || !stiff || !soft) return;
    ENSURE(sl_world_step(pbd) == SL_OK && sl_world_step(stiff) == SL_OK && sl_world_step(soft) == SL_OK);
    double e_pbd = sl_world_constraint_violation(pbd), e_stiff = sl_world_constraint_violation(stiff), far = 0;
    double e_soft = sl_world_constraint_violation(soft);
    for (int c = 0; c < 3; c++) {
        double xt = x[3 + c] + dt * v[3 + c] - (c == 1) * dt * dt * G;
        ENSURE_NEAR(sl_world_positions(stiff)[3 + c], sl_world_positions(pbd)[3 + c], 1e-9);
        ENSURE_NEAR(sl_world_positions(soft)[3 + c], xt, 1e-14);
        far = fmax(far, fabs(sl_world_positions(pbd)[3 + c] - xt));
    }
    printf("  |phi| after a step: pbd %.2e, xpbd k = 1e12 J %.2e, xpbd k = 1e-12 J %.4f (PBD moved %.4f m)\n", e_pbd,
           e_stiff, e_soft, far);
    ENSURE(e_pbd < 1e-14 && e_stiff < 1e-9 && e_soft > 0.05 && far > 0.05);
    sl_world_destroy(pbd), sl_world_destroy(stiff), sl_world_destroy(soft);
}

/* The implicit (backward Euler, position level) step of XPBD eq. 8-9 for the vertical
 * chain below, solved independently: with s_i the depth of node i below the pin, spring j
 * from node j-1 to j has C_j = (s_j - s_{j-1} - L)/L, linear in s while the chain stays
 * ordered, so M(s - s~) + J^T at^-1 C(s) = 0 is linear; its Newton step from s~ solves it
 * exactly: a tridiagonal system, eliminated by hand here. s (double[N+1], s[0] = 0 the pin)
 * gets the depths; s_t the predicted ones. */
static void implicit_chain(int N, double mass, double k, double L, double dt, const double *s_t, double *s) {
    double a = k * dt * dt / (L * L), diag[9], off[9], rhs[9]; /* at^-1 / L^2 = k dt^2 / L^2, kg */
    for (int i = 1; i <= N; i++) { /* row i: m s_i + a (2 s_i - s_{i-1} - s_{i+1}) = m s~_i + a L (end: one spring) */
        diag[i] = mass + a * (i < N ? 2 : 1);
        off[i] = -a; /* coupling to i+1 */
        rhs[i] = mass * s_t[i] + (i < N ? 0 : a * L);
    }
    for (int i = 2; i <= N; i++) { /* forward elimination (the pin s_0 = 0 adds nothing) */
        double f = off[i - 1] / diag[i - 1];
        diag[i] -= f * off[i - 1], rhs[i] -= f * rhs[i - 1];
    }
    s[0] = 0, s[N] = rhs[N] / diag[N];
    for (int i = N - 1; i >= 1; i--) s[i] = (rhs[i] - off[i] * s[i + 1]) / diag[i];
}

/* xpbd converges, as the iterations grow, toward the implicit solution of the same system:
 * a chain of 4 springs (L = 0.25 m, k = 100 J, so k/L^2 = 1600 N/m; 0.1 kg nodes, omega dt
 * up to 2.4 at dt = 0.01 s) hanging straight down from its pin, released stretched unevenly
 * and moving vertically, so that grad C never turns and XPBD's fixed point is the implicit
 * step itself (steppers/xpbd.c). Compared after one step with implicit_chain and with
 * softlab's implicit-euler, which on this chain solves the same system: (M + dt^2 K) v =
 * M v_n + dt F_n with x = x_n + dt v is backward Euler for a force linear in x, and the
 * geometric stiffness acts only across the chain, where nothing moves. The error falls at
 * every doubling of the iterations and is below 1e-12 m at 256. */
TEST(xpbd_converges_to_the_implicit_step_as_iterations_grow) {
    enum { N = 4 };
    const double L = 0.25, k = 100, mass = 0.1, dt = 0.01;
    double x[3 * (N + 1)] = {0}, rest[3 * (N + 1)] = {0}, v[3 * (N + 1)] = {0}, s_t[N + 1], s[N + 1];
    const double stretch[N + 1] = {0, 0.02, -0.01, 0.03, 0.0}, speed[N + 1] = {0, 0.5, -0.3, 0.2, 1.0};
    double depth = 0;
    for (int i = 0; i <= N; i++) {
        depth += i ? L + stretch[i] : 0;
        x[3 * i + 1] = -depth, rest[3 * i + 1] = -i * L, v[3 * i + 1] = -speed[i];
        s_t[i] = depth + dt * speed[i] + (i ? dt * dt * G : 0);
    }
    implicit_chain(N, mass, k, L, dt, s_t, s);
    sl_world *ie = chain(N, x, rest, v, mass, k, 0, "implicit-euler", dt, 1);
    ENSURE(ie && sl_world_step(ie) == SL_OK);
    double ie_err = 0, prev = INFINITY;
    for (int i = 0; ie && i <= N; i++) ie_err = fmax(ie_err, fabs(-sl_world_positions(ie)[3 * i + 1] - s[i]));
    printf("  implicit-euler against the hand solve: %.2e m\n", ie_err);
    ENSURE(ie_err < 1e-12);
    sl_world_destroy(ie);
    for (int it = 1; it <= 256; it *= 2) {
        sl_world *w = chain(N, x, rest, v, mass, k, 0, "xpbd", dt, it);
        ENSURE(w && sl_world_step(w) == SL_OK);
        if (!w) return;
        double err = 0;
        for (int i = 0; i <= N; i++) err = fmax(err, fabs(-sl_world_positions(w)[3 * i + 1] - s[i]));
        printf("  %3d iterations: max |x - x_implicit| = %.3e m\n", it, err);
        ENSURE(err < prev || err < 1e-14);
        if (it == 256) ENSURE(err < 1e-12);
        prev = err;
        sl_world_destroy(w);
    }
}

/* The force estimate (paper 005 eq. 6-7, §4.1: f = grad C^T lambda / dt^2, sl_xpbd_row_forces) of a load
 * hanging at rest: two springs (L = 0.5 m, k = 20 J, i.e. 80 N/m) below a pin, two 0.3 kg
 * nodes, released unstretched and damped (mass damping 4/s) to rest over 30 s at dt = 0.01 s,
 * 10 iterations. At rest the top spring carries both nodes, J^T mu on node 1 from row 0 is
 * 2 m g up, and the bottom spring m g: within 1e-6 relative (what is left of the motion). */
TEST(xpbd_force_estimate_of_a_hanging_load_is_its_weight) {
    const double L = 0.5, m = 0.3, k = 20, dt = 0.01;
    double x[9] = {0, 0, 0, 0, -L, 0, 0, -2 * L, 0}, J[2 * 9], phi[2], mu[2];
    sl_world *w = chain(2, x, NULL, NULL, m, k, 4, "xpbd", dt, 10);
    ENSURE(w != NULL);
    if (!w) return;
    for (int s = 0; s < 3000; s++) ENSURE(sl_world_step(w) == SL_OK);
    ENSURE(sl_xpbd_row_forces(w, mu) == SL_OK);
    ENSURE(sl_world_evaluate(w, sl_world_positions(w), phi, J) == SL_OK);
    double top = J[0 * 9 + 3 + 1] * mu[0], bottom = J[1 * 9 + 6 + 1] * mu[1]; /* y of node 1 (row 0), node 2 (row 1) */
    printf("  at rest: top spring %.9f N (2 m g = %.9f), bottom %.9f N (m g = %.9f), k phi/L = %.9f, %.9f N\n",
           top, 2 * m * G, bottom, m * G, k * phi[0] / L, k * phi[1] / L);
    ENSURE_NEAR(top, 2 * m * G, 1e-6 * 2 * m * G);
    ENSURE_NEAR(bottom, m * G, 1e-6 * m * G);
    sl_world_destroy(w);
}

/* sl_world_set_iterations: [1, 1000], refused outside with the range in the message; the
 * default 10; the getters of softlab/xpbd.h refuse a stepper that is not position-based. */
TEST(xpbd_iterations_are_range_checked) {
    double x[6] = {0, 0, 0, 1, 0, 0}, mu;
    sl_world *w = chain(1, x, NULL, NULL, 1, 100, 0, "rk4", 0.01, 1);
    ENSURE(w != NULL);
    if (!w) return;
    ENSURE(sl_world_set_iterations(NULL, 1) == SL_ERR_NULL && sl_world_iterations(NULL) == 0);
    ENSURE(sl_world_set_iterations(w, 0) == SL_ERR_RANGE);
    ENSURE(strstr(sl_world_last_error(w), "iterations = 0 not in [1, 1000]") != NULL);
    ENSURE(sl_world_set_iterations(w, SL_WORLD_ITERATIONS_MAX + 1) == SL_ERR_RANGE && sl_world_iterations(w) == 1);
    ENSURE(sl_world_set_iterations(w, -3) == SL_ERR_RANGE);
    ENSURE(sl_world_set_iterations(w, SL_WORLD_ITERATIONS_MAX) == SL_OK && sl_world_iterations(w) == 1000);
    ENSURE(sl_world_step(w) == SL_OK && sl_xpbd_multipliers(w) == NULL && sl_xpbd_multiplier_step(w) == 0);
    ENSURE(sl_xpbd_row_forces(w, &mu) == SL_ERR_INCOMPATIBLE && sl_xpbd_row_forces(NULL, &mu) == SL_ERR_NULL);
    sl_world_destroy(w);
    sl_world_def def = sl_world_def_default();
    double m1 = 1;
    def.node_count = 1, def.positions = x, def.masses = &m1;
    ENSURE(sl_world_create(&def, &w) == SL_OK && sl_world_iterations(w) == SL_WORLD_ITERATIONS_DEFAULT);
    sl_world_destroy(w);
}

/* Small steps: xpbd-substeps with n = 5 substeps over dt = 0.05 s equals 5 steps of xpbd at
 * dt = 0.01 s with one iteration, bit for bit, on a bent three-spring chain with mass
 * damping 0.7/s (contact rows, none here, act in every substep too); and differs from
 * xpbd with 5 iterations at dt = 0.05 s. */
TEST(xpbd_substeps_equal_steps_of_one_iteration) {
    enum { N = 3 };
    double x[3 * (N + 1)] = {0, 0, 0, 0.3, -0.1, 0, 0.5, -0.4, 0.1, 0.9, -0.5, 0.2};
    double v[3 * (N + 1)] = {0, 0, 0, 0.1, 0, 0, 0, 0.2, -0.3, 0.4, 0, 0.1};
    sl_world *sub = chain(N, x, NULL, v, 0.2, 30, 0.7, "xpbd-substeps", 0.05, 5);
    sl_world *steps = chain(N, x, NULL, v, 0.2, 30, 0.7, "xpbd", 0.05 / 5, 1);
    sl_world *iters = chain(N, x, NULL, v, 0.2, 30, 0.7, "xpbd", 0.05, 5);
    ENSURE(sub && steps && iters);
    if (!sub || !steps || !iters) return;
    for (int s = 0; s < 20; s++) {
        ENSURE(sl_world_step(sub) == SL_OK && sl_world_step(iters) == SL_OK);
        for (int k = 0; k < 5; k++) ENSURE(sl_world_step(steps) == SL_OK);
    }
    size_t bytes = sizeof(double) * 3 * (N + 1);
    double diff = 0;
    for (int i = 0; i < 3 * (N + 1); i++) diff = fmax(diff, fabs(sl_world_positions(sub)[i] - sl_world_positions(iters)[i]));
    printf("  after 1 s: substeps and steps %s; substeps against 5 iterations differ by %.3e m\n",
           memcmp(sl_world_positions(sub), sl_world_positions(steps), bytes) ? "DIFFER" : "equal to the bit", diff);
    ENSURE(memcmp(sl_world_positions(sub), sl_world_positions(steps), bytes) == 0);
    ENSURE(memcmp(sl_world_velocities(sub), sl_world_velocities(steps), bytes) == 0);
    ENSURE(memcmp(sl_xpbd_multipliers(sub), sl_xpbd_multipliers(steps), sizeof(double) * N) == 0);
    ENSURE(sl_xpbd_multiplier_step(sub) == sl_world_dt(steps));
    ENSURE(diff > 1e-4);
    sl_world_destroy(sub), sl_world_destroy(steps), sl_world_destroy(iters);
}

/* SL_STEPPER_USES_ITERATIONS says which steppers read sl_world_iterations, so that `softlab
 * run --iterations` is refused where it would be ignored (as SL_STEPPER_USES_BETA for
 * --beta). On a bent two-spring chain (one spring to a pin converges in one sweep: its
 * correction is radial, along the spring), 20 steps of each stepper at dt = 0.01 s with
 * iterations 1 and 7: the positions differ exactly for the flagged steppers. */
TEST(iterations_change_exactly_the_steppers_flagged_to_use_them) {
    int flagged = 0, checked = 0;
    for (int k = 0; k < sl_stepper_count; k++) {
        const sl_stepper_class *c = sl_steppers[k];
        double x0[9] = {0, 0, 0, 0.5, -0.2, 0, 0.8, -0.6, 0.1}, v[9] = {0, 0, 0, 0.5, 1.0, -0.5, 0, 0.3, 0.2}, x[2][9];
        int ok = 1;
        for (int r = 0; r < 2; r++) {
            sl_world *w = chain(2, x0, NULL, v, 0.5, 100, 0, c->name, 0.01, r ? 7 : 1);
            ok = ok && w;
            for (int s = 0; ok && s < 20; s++) ok = sl_world_step(w) == SL_OK;
            if (ok) memcpy(x[r], sl_world_positions(w), sizeof x[r]);
            sl_world_destroy(w);
        }
        if (!ok) continue; /* refused: a grid-only or FEM-only stepper */
        int uses = (c->flags & SL_STEPPER_USES_ITERATIONS) != 0, differ = memcmp(x[0], x[1], sizeof x[0]) != 0;
        if (uses != differ) fprintf(stderr, "  %s: flag %d, iterations change the run: %d\n", c->name, uses, differ);
        ENSURE(uses == differ);
        flagged += uses, checked++;
    }
    printf("  %d steppers checked, %d flagged\n", checked, flagged);
    ENSURE(flagged == 3 && checked >= sl_stepper_count - 4);
}
