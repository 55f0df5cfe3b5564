/* XPBD's constraint damping (Macklin, Mueller, Chentanez, "XPBD: Position-Based Simulation
 * of Compliant Constrained Dynamics", 2016, paper 005 eq. 26; steppers/xpbd.c): with the
 * damping time tau (sl_world_set_xpbd_damping) every compliant row j gets beta_j = tau /
 * alpha_j and gamma_j = tau / dt. Checked against the exact recurrence of implicit Euler for
 * the damped chain, for energy, for the range of the setting, and for the flag that says
 * which steppers read it.
 *
 * The springs are softlab's (softlab/springs.h): phi = (|x_i - x_j| - L)/L, a strain,
 * alpha = 1/k with k in J, so a spring pulls with k phi / L newtons and beta_j = tau k is,
 * in the node's coordinate, a dashpot of tau k / L^2 N s/m beside a spring of k / L^2 N/m. */
#include <stdlib.h>
#include <string.h>

#include "softlab/scene.h"
#include "softlab/springs.h"
#include "softlab/stepper.h"
#include "test.h"

#define G 9.81 /* m/s^2, along -y */

enum { N = 4 }; /* springs of the chain */

/* A chain of N springs of stiffness k (J), hanging from the pinned node 0 through nodes x
 * (double[3(N+1)], m) with rest shape rest, velocities v, node mass `mass` (kg), gravity G,
 * stepper `method` at dt (s) with `iterations` and damping time tau (s). */
static sl_world *chain(const double *x, const double *rest, const double *v, double mass, double k,
                       const char *method, double dt, int iterations, double tau) {
    double m[N + 1];
    int edges[2 * N];
    for (int i = 0; i <= N; i++) m[i] = mass;
    for (int i = 0; i < N; i++) edges[2 * i] = i, edges[2 * i + 1] = i + 1;
    sl_world_def def = sl_world_def_default();
    def.node_count = N + 1, def.positions = x, def.masses = m;
    def.gravity[1] = -G;
    sl_world *w = NULL;
    sl_model *model = NULL;
    sl_status st = sl_world_create(&def, &w);
    if (st == SL_OK) st = sl_springs_create(rest, N + 1, edges, N, k, &model);
    if (st == SL_OK) st = sl_world_add_model(w, model);
    if (st == SL_OK) st = sl_world_pin(w, 0, 1);
    if (st == SL_OK) st = sl_world_set_velocities(w, v);
    if (st == SL_OK) st = sl_world_set_iterations(w, iterations);
    if (st == SL_OK) st = sl_world_set_xpbd_damping(w, tau);
    if (st == SL_OK) st = sl_world_set_stepper(w, sl_stepper_find(method), dt, 0);
    if (st != SL_OK) sl_world_destroy(w), w = NULL;
    return w;
}

/* One implicit-Euler step of the damped vertical chain, solved independently. With s_i the
 * depth of node i below the pin (s_0 = 0), spring j has C_j = (s_j - s_{j-1} - L)/L, linear
 * while the chain stays ordered; the elastic force is -K s + b and the damping force -tau K
 * s' (K = (k/L^2) T, T the chain's tridiagonal [2 -1; -1 2 ...; -1 1], b = (k/L) e_N), so
 * backward Euler with s' = (s^{n+1} - s^n)/dt, M (s^{n+1} - s~) = dt^2 (-K s^{n+1} + b -
 * tau K (s^{n+1} - s^n)/dt), is the tridiagonal system
 *     (M + a (1 + g) T) s^{n+1} = M s~ + a L e_N + a g T s^n,   a = k dt^2 / L^2, g = tau/dt,
 * eliminated by hand here; s~ = s^n + dt v^n + dt^2 G. s (double[N+1]) holds s^n on entry
 * and s^{n+1} on return, v (double[N+1]) v^n and v^{n+1}. */
static void implicit_damped_step(double mass, double k, double L, double dt, double tau, double *s, double *v) {
    double a = k * dt * dt / (L * L), g = tau / dt, diag[N + 1], off[N + 1], rhs[N + 1], next[N + 1];
    for (int i = 1; i <= N; i++) {
        double Ts = i < N ? 2 * s[i] - s[i - 1] - s[i + 1] : s[i] - s[i - 1]; /* (T s^n)_i */
        diag[i] = mass + a * (1 + g) * (i < N ? 2 : 1);
        off[i] = -a * (1 + g); /* coupling to i+1 */
        rhs[i] = mass * (s[i] + dt * v[i] + dt * dt * G) + (i < N ? 0 : a * L) + a * g * Ts;
    }
    for (int i = 2; i <= N; i++) { /* forward elimination (the pin s_0 = 0 adds nothing) */
        double f = off[i - 1] / diag[i - 1];
        diag[i] -= f * off[i - 1], rhs[i] -= f * rhs[i - 1];
    }
    next[0] = 0, next[N] = rhs[N] / diag[N];
    for (int i = N - 1; i >= 1; i--) next[i] = (rhs[i] - off[i] * next[i + 1]) / diag[i];
    for (int i = 0; i <= N; i++) v[i] = (next[i] - s[i]) / dt, s[i] = next[i];
}

/* The energy of the chain (J): kinetic, elastic (1/2 k phi^2 a spring) and gravitational. */
static double energy(const sl_world *w, double mass, double k, double L) {
    const double *x = sl_world_positions(w), *v = sl_world_velocities(w);
    double e = 0;
    for (int i = 0; i <= N; i++) {
        for (int c = 0; c < 3; c++) e += 0.5 * mass * v[3 * i + c] * v[3 * i + c];
        e += mass * G * x[3 * i + 1];
        if (i == 0) continue;
        double d = 0;
        for (int c = 0; c < 3; c++) d += (x[3 * i + c] - x[3 * i - 3 + c]) * (x[3 * i + c] - x[3 * i - 3 + c]);
        double phi = (sqrt(d) - L) / L;
        e += 0.5 * k * phi * phi;
    }
    return e;
}

/* The damped chain (N = 4 springs, L = 0.25 m, k = 100 J so k/L^2 = 1600 N/m, 0.1 kg
 * nodes, omega_max dt up to 0.5 at dt = 2 ms, where implicit Euler's own dissipation is
 * small), hanging straight down, released stretched unevenly and moving vertically, tau =
 * 5 ms (gamma = 2.5), 256 iterations a step: every one of 100 steps (0.2 s) lands on the
 * recurrence of implicit_damped_step within 1e-10 m in x and dt v (XPBD's fixed point is
 * that step itself for rows linear in x, steppers/xpbd.c; measured 1e-14 m). The same chain
 * with tau = 0 ends 1e-3 m and more away from the damped recurrence (measured 9e-3 m): the
 * damping is there. Energy falls at every step, and by 1 mJ more than the undamped run's
 * (implicit Euler's own dissipation; measured 0.1 J more). */
TEST(xpbd_damping_is_the_implicit_euler_step_of_the_damped_chain) {
    const double L = 0.25, k = 100, mass = 0.1, dt = 0.002, tau = 0.005;
    double x[3 * (N + 1)] = {0}, rest[3 * (N + 1)] = {0}, v[3 * (N + 1)] = {0}, s[N + 1], sv[N + 1];
    const double stretch[N + 1] = {0, 0.02, -0.01, 0.03, 0.0}, speed[N + 1] = {0, 0.5, -0.3, 0.2, 1.0};
    double depth = 0;
    for (int i = 0; i <= N; i++) {
        depth += i ? L + stretch[i] : 0;
        x[3 * i + 1] = -depth, rest[3 * i + 1] = -i * L, v[3 * i + 1] = -speed[i];
        s[i] = depth, sv[i] = speed[i];
    }
    sl_world *damped = chain(x, rest, v, mass, k, "xpbd", dt, 256, tau);
    sl_world *undamped = chain(x, rest, v, mass, k, "xpbd", dt, 256, 0);
    ENSURE(damped && undamped);
    if (!damped || !undamped) return;
    double worst = 0, e_prev = energy(damped, mass, k, L), e0 = e_prev, rise = -INFINITY, away = 0;
    for (int step = 0; step < 100; step++) {
        implicit_damped_step(mass, k, L, dt, tau, s, sv);
        ENSURE(sl_world_step(damped) == SL_OK && sl_world_step(undamped) == SL_OK);
        for (int i = 0; i <= N; i++) {
            worst = fmax(worst, fabs(-sl_world_positions(damped)[3 * i + 1] - s[i]));
            worst = fmax(worst, fabs(-sl_world_velocities(damped)[3 * i + 1] - sv[i]) * dt);
        }
        double e = energy(damped, mass, k, L);
        rise = fmax(rise, e - e_prev), e_prev = e;
    }
    for (int i = 0; i <= N; i++) away = fmax(away, fabs(-sl_world_positions(undamped)[3 * i + 1] - s[i]));
    double e_undamped = energy(undamped, mass, k, L);
    printf("  100 steps: max |x - x_implicit| (and dt |v - v_implicit|) = %.3e m; undamped run %.3e m away\n", worst,
           away);
    printf("  energy: %.6f J -> %.6f J damped (largest step-to-step change %+.3e J), %.6f J undamped\n", e0, e_prev,
           rise, e_undamped);
    ENSURE(worst < 1e-10);
    ENSURE(away > 1e-3);
    ENSURE(rise < 0);
    ENSURE(e_prev < e_undamped - 1e-3);
    sl_world_destroy(damped), sl_world_destroy(undamped);
}

/* sl_world_set_xpbd_damping: [0, 10] s, refused outside and for NaN with the range in the
 * message; default 0. */
TEST(xpbd_damping_is_range_checked) {
    double x[3 * (N + 1)] = {0}, v[3 * (N + 1)] = {0};
    for (int i = 0; i <= N; i++) x[3 * i] = 0.2 * i;
    sl_world *w = chain(x, x, v, 0.1, 100, "xpbd", 0.01, 4, 0);
    ENSURE(w != NULL);
    if (!w) return;
    ENSURE(sl_world_xpbd_damping(w) == 0 && sl_world_xpbd_damping(NULL) == 0);
    ENSURE(sl_world_set_xpbd_damping(NULL, 1) == SL_ERR_NULL);
    ENSURE(sl_world_set_xpbd_damping(w, -1e-3) == SL_ERR_RANGE);
    ENSURE(strstr(sl_world_last_error(w), "not in [0, 10] s") != NULL);
    ENSURE(sl_world_set_xpbd_damping(w, NAN) == SL_ERR_RANGE && sl_world_set_xpbd_damping(w, 10.5) == SL_ERR_RANGE);
    ENSURE(sl_world_xpbd_damping(w) == 0);
    ENSURE(sl_world_set_xpbd_damping(w, 10) == SL_OK && sl_world_xpbd_damping(w) == 10);
    sl_world_destroy(w);
}

/* SL_STEPPER_USES_XPBD_DAMPING says which steppers read the damping time, so that `softlab
 * run --xpbd-damping` is refused where it would be ignored: 20 steps of every stepper at
 * dt = 0.01 s on a bent chain moving sideways, tau = 0 and 0.01 s; the positions differ
 * exactly for the flagged steppers (xpbd and xpbd-substeps: pbd's rows are all hard). */
TEST(xpbd_damping_changes_exactly_the_steppers_flagged_to_use_it) {
    int flagged = 0, checked = 0;
    for (int k = 0; k < sl_stepper_count; k++) {
        const sl_stepper_class *c = sl_steppers[k];
        double x0[3 * (N + 1)] = {0, 0, 0, 0.3, -0.1, 0, 0.5, -0.4, 0.1, 0.9, -0.5, 0.2, 1.0, -0.9, 0.1};
        double v[3 * (N + 1)] = {0, 0, 0, 0.5, 1.0, -0.5, 0, 0.3, 0.2, 0.1, 0, 0, 0, 0, 0.4}, x[2][3 * (N + 1)];
        int ok = 1;
        for (int r = 0; r < 2; r++) {
            sl_world *w = chain(x0, x0, v, 0.5, 100, c->name, 0.01, 3, r ? 0.01 : 0);
            ok = ok && w;
            for (int s = 0; ok && s < 20; s++) ok = sl_world_step(w) == SL_OK;
            if (ok) memcpy(x[r], sl_world_positions(w), sizeof x[r]);
            sl_world_destroy(w);
        }
        if (!ok) continue; /* refused: a grid-only or FEM-only stepper */
        int uses = (c->flags & SL_STEPPER_USES_XPBD_DAMPING) != 0, differ = memcmp(x[0], x[1], sizeof x[0]) != 0;
        if (uses != differ) fprintf(stderr, "  %s: flag %d, damping changes the run: %d\n", c->name, uses, differ);
        ENSURE(uses == differ);
        flagged += uses, checked++;
    }
    printf("  %d steppers checked, %d flagged\n", checked, flagged);
    ENSURE(flagged == 2 && checked >= sl_stepper_count - 4);
}

/* The end energy (J, sl_world_energy) of the scene xpbd-hanging-chain (30 links, its
 * default dt = 1/240 s) under xpbd with `iterations` sweeps and damping time tau, after 1 s
 * from its start; NAN if it cannot be built or stepped. */
static double hanging_chain_energy(int iterations, double tau, double *e0) {
    const sl_scene_class *sc = sl_scene_find("xpbd-hanging-chain");
    sl_world *w = NULL;
    if (!sc || sl_scene_build(sc, NULL, &w) != SL_OK) return NAN;
    sl_status st = sl_world_set_stepper(w, sl_stepper_find("xpbd"), sc->default_dt, 0);
    if (st == SL_OK) st = sl_world_set_iterations(w, iterations);
    if (st == SL_OK) st = sl_world_set_xpbd_damping(w, tau);
    if (e0) *e0 = sl_world_energy(w).total;
    for (long s = 0; st == SL_OK && s < lround(1.0 / sc->default_dt); s++) st = sl_world_step(w);
    double e = st == SL_OK ? sl_world_energy(w).total : NAN;
    sl_world_destroy(w);
    return e;
}

/* Eq. 26 divides every update by 1 + gamma (gamma = tau/dt = 12 at tau = 0.05 s, dt = 1/240
 * s), so damping slows the sweeps down: on the 30-link chain (lesson 005 §7) at 10 sweeps a
 * step the chain is left stretched and its energy grows past the start's (measured +0.83 J
 * from 0 J after 1 s; the core's verdict says "growing"), while at 100 sweeps, near
 * convergence, the damped chain ends with less energy than the undamped one, as a dashpot
 * must (measured -0.396 J against -0.357 J). */
TEST(xpbd_damping_needs_converged_sweeps_to_dissipate) {
    double e0 = NAN, few = hanging_chain_energy(10, 0.05, &e0);
    double many = hanging_chain_energy(100, 0.05, NULL), undamped = hanging_chain_energy(100, 0, NULL);
    printf("  E0 = %.3g J; tau = 0.05 s: %.4f J (10 sweeps), %.4f J (100); undamped at 100: %.4f J\n", e0, few, many,
           undamped);
    ENSURE(fabs(e0) < 1e-9);
    ENSURE(few > e0 + 0.1);
    ENSURE(many < undamped - 0.01);
}
