/* Stability and frequency: omega_max against theory, the symplectic Euler bound
 * dt < 2/omega_max (seed 000 §2.4), explicit Euler's exact energy growth. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/scene.h"
#include "softlab/springs.h"
#include "test.h"
#include "test_util.h"

/* A mass m on a spring of length L to a pinned node, moving along the spring:
 * phi = (x - L)/L, so the linear stiffness is k/L^2 and omega^2 = k/(m L^2). */
static sl_world *oscillator(double k, double L, double m, double x_start) {
    double x[6] = {0, 0, 0, L, 0, 0}, mass[2] = {1.0, m};
    int edge[2] = {0, 1};
    sl_world_def def = sl_world_def_default();
    def.node_count = 2;
    def.positions = x;
    def.masses = mass;
    def.gravity[1] = 0;
    sl_world *w = NULL;
    sl_model *springs = NULL;
    sl_world_create(&def, &w);
    sl_springs_create(x, 2, edge, 1, k, &springs);
    sl_world_add_model(w, springs);
    sl_world_pin(w, 0, 1);
    x[3] = x_start;
    sl_world_set_positions(w, x);
    return w;
}

TEST(omega_max_of_single_spring_is_sqrt_k_over_m_L2) {
    sl_world *w = oscillator(200.0, 2.0, 3.0, 2.0);
    double om = 0;
    ENSURE(sl_world_omega_max(w, 1000, &om) == SL_OK);
    ENSURE_NEAR(om, sqrt(200.0 / (3.0 * 4.0)), 1e-9);
    sl_world_destroy(w);
}

/* Two 1 kg masses in a line behind a pinned node, springs k = 1 (L = 1):
 * omega^2 = k (3 +- sqrt 5)/2, so omega_max = sqrt((3 + sqrt 5)/2). */
TEST(omega_max_of_two_mass_chain) {
    double x[9] = {0, 0, 0, 1, 0, 0, 2, 0, 0}, mass[3] = {1, 1, 1};
    int edges[4] = {0, 1, 1, 2};
    sl_world_def def = sl_world_def_default();
    def.node_count = 3, def.positions = x, def.masses = mass;
    sl_world *w = NULL;
    sl_model *springs = NULL;
    ENSURE(sl_world_create(&def, &w) == SL_OK);
    ENSURE(sl_springs_create(x, 3, edges, 2, 1.0, &springs) == SL_OK);
    ENSURE(sl_world_add_model(w, springs) == SL_OK);
    sl_world_pin(w, 0, 1);
    double om = 0;
    ENSURE(sl_world_omega_max(w, 5000, &om) == SL_OK);
    ENSURE_NEAR(om, sqrt((3 + sqrt(5.0)) / 2), 1e-6);
    sl_world_destroy(w);
}

/* A long chain: n = 100 masses of 1 kg in a line behind a pinned node, springs k = 1
 * (L = 1). Along the line it is the fixed-free chain, omega_j = 2 sin((2j - 1) pi /
 * (2 (2n + 1))); across it the straight chain has no stiffness. Its top modes are
 * clustered (omega_100 / omega_99 - 1 = 6e-5), the case where a power iteration crawls:
 * with 300 products with A it stops 4.9e-4 below omega_max (measured). Lanczos
 * (sl_world_omega_max) is within 1e-9 of it. */
TEST(omega_max_of_long_chain_with_clustered_top_modes) {
    enum { N = 100 };
    double x[3 * (N + 1)] = {0}, mass[N + 1];
    int edges[2 * N];
    for (int i = 0; i <= N; i++) x[3 * i] = i, mass[i] = 1;
    for (int i = 0; i < N; i++) edges[2 * i] = i, edges[2 * i + 1] = i + 1;
    sl_world_def def = sl_world_def_default();
    def.node_count = N + 1, def.positions = x, def.masses = mass;
    sl_world *w = NULL;
    sl_model *springs = NULL;
    ENSURE(sl_world_create(&def, &w) == SL_OK);
    ENSURE(sl_springs_create(x, N + 1, edges, N, 1.0, &springs) == SL_OK);
    ENSURE(sl_world_add_model(w, springs) == SL_OK);
    sl_world_pin(w, 0, 1);
    double om = 0, exact = 2 * sin((2.0 * N - 1) * acos(-1.0) / (2 * (2.0 * N + 1)));
    ENSURE(sl_world_omega_max(w, 300, &om) == SL_OK);
    printf("    omega_max %.12f rad/s, exact %.12f (relative error %.1e)\n", om, exact, om / exact - 1);
    ENSURE(fabs(om / exact - 1) < 1e-9);
    sl_world_destroy(w);
}

/* The cube: omega_max = 562.88 rad/s (T = 11.2 ms; seed 000 §3 quotes 14 ms), so
 * symplectic Euler must stay bounded for 10^4 steps at 0.98 * 2/omega_max and
 * diverge at 1.02 * 2/omega_max. Both sides fail if omega_max is wrong by > 2%. */
TEST(cube_symplectic_euler_stability_bound) {
    sl_world *w = make_cube("symplectic-euler", 0.001);
    double om = 0;
    ENSURE(sl_world_omega_max(w, 100000, &om) == SL_OK);
    printf("  cube omega_max = %.4f rad/s, 2/omega_max = %.6f s\n", om, 2 / om);
    ENSURE(om > 400 && om < 700); /* between sqrt(k/m) = 316 and 4 sqrt(k/m) for 18 springs */
    sl_world *below = make_cube("symplectic-euler", 0.98 * 2 / om);
    sl_world *above = make_cube("symplectic-euler", 1.02 * 2 / om);
    int n_below = step_n(below, 10000), n_above = step_n(above, 10000);
    printf("  steps before divergence: %d at 0.98 bound, %d at 1.02 bound\n", n_below, n_above);
    ENSURE(n_below == 10000);
    ENSURE(fabs(sl_world_energy(below).total - 40.0) < 10.0);
    ENSURE(n_above < 10000);
    double t = 0;
    ENSURE(sl_world_diverged(above, &t, NULL) && t > 0);
    sl_world_destroy(w);
    sl_world_destroy(below);
    sl_world_destroy(above);
}

/* Explicit Euler on x'' = -omega^2 x multiplies the quadratic form v^2 + omega^2 x^2
 * by exactly (1 + dt^2 omega^2) per step (the determinant of its step matrix), so the
 * energy grows without bound for every dt (seed 000 §2.4). */
TEST(explicit_euler_energy_grows_by_one_plus_dt2_omega2) {
    double k = 50.0, L = 1.0, m = 2.0, dt = 0.01, om2 = k / (m * L * L);
    sl_world *w = oscillator(k, L, m, 1.01);
    ENSURE(sl_world_set_stepper(w, sl_stepper_find("explicit-euler"), dt, 0) == SL_OK);
    double e0 = sl_world_energy(w).total;
    ENSURE(step_n(w, 1000) == 1000);
    double e1 = sl_world_energy(w).total;
    ENSURE_NEAR(e1 / e0, pow(1 + dt * dt * om2, 1000), 1e-6 * e1 / e0);
    ENSURE(e1 / e0 > 10); /* (1.0025)^1000 = 12.1 */
    sl_world_destroy(w);
}

/* Symplectic Euler preserves the modified energy v^2 + omega^2 x^2 - dt omega^2 x v
 * exactly on a linear oscillator: bounded energy at any stable dt. */
TEST(symplectic_euler_preserves_modified_energy) {
    double k = 50.0, m = 2.0, dt = 0.05, om2 = k / m;
    sl_world *w = oscillator(k, 1.0, m, 1.2);
    ENSURE(sl_world_set_stepper(w, sl_stepper_find("symplectic-euler"), dt, 0) == SL_OK);
    double q0 = 0, worst = 0;
    for (int s = 0; s <= 10000; s++) {
        double x = sl_world_positions(w)[3] - 1.0, v = sl_world_velocities(w)[3];
        double q = v * v + om2 * x * x - dt * om2 * x * v;
        if (s == 0) q0 = q;
        worst = fmax(worst, fabs(q / q0 - 1));
        if (s < 10000) ENSURE(sl_world_step(w) == SL_OK);
    }
    ENSURE(worst < 1e-9);
    sl_world_destroy(w);
}

/* Seed 000 eq. 20 on a linear oscillator (mass m on a spring along x, kappa = k/L^2):
 * eliminating the multiplier gives v' = (m v - dt kappa u)/D, u' = u + dt v' with
 * D = m + dt^2 kappa/gamma, gamma = 1/(1/2 + dt beta). This 2x2 map A has
 * det A = m/D and tr A = 1 - dt^2 kappa/D + m/D, so by Cayley-Hamilton the displacement
 * obeys u_{n+1} = tr A u_n - det A u_{n-1} exactly, and the amplitude shrinks by
 * sqrt(det A) = (1 + dt^2 omega^2/gamma)^(-1/2) per step: beta > 0 damps more. */
TEST(regularized_oscillator_follows_eq20_recurrence_with_beta) {
    double k = 400.0, L = 2.0, m = 1.0, dt = 0.01, kappa = k / (L * L);
    double betas[2] = {0.0, 50.0}, decay[2];
    for (int b = 0; b < 2; b++) {
        sl_world *w = oscillator(k, L, m, L * 1.01);
        ENSURE(sl_world_set_stepper(w, sl_stepper_find("regularized"), dt, betas[b]) == SL_OK);
        double gamma = 1.0 / (0.5 + dt * betas[b]), D = m + dt * dt * kappa / gamma;
        double det = m / D, tr = 1 - dt * dt * kappa / D + m / D, u[3] = {0, 0, 0}, worst = 0;
        for (int s = 0; s < 300; s++) {
            u[0] = u[1], u[1] = u[2], u[2] = sl_world_positions(w)[3] - L;
            if (s >= 2) worst = fmax(worst, fabs(u[2] - (tr * u[1] - det * u[0])));
            ENSURE(sl_world_step(w) == SL_OK);
        }
        ENSURE(worst < 1e-13);
        decay[b] = sqrt(det);
        sl_world_destroy(w);
    }
    ENSURE_NEAR(decay[0], 1 / sqrt(1 + dt * dt * kappa / (2 * m)), 1e-15); /* gamma = 2 */
    ENSURE(decay[1] < decay[0]);
}

/* Runs w with stepper `name` at dt until it diverges (at most max_steps): the reason. */
static const char *diverge(sl_world *w, const char *name, double dt, int max_steps) {
    ENSURE(sl_world_set_stepper(w, sl_stepper_find(name), dt, 0) == SL_OK);
    for (int s = 0; s < max_steps && sl_world_step(w) == SL_OK; s++) {}
    const char *why = NULL;
    ENSURE(sl_world_diverged(w, NULL, &why));
    return why ? why : "";
}

/* Issue 43: a divergence of a stepper with a finite stability bound says how stiff the kept
 * state was when its omega_max dt is beyond the bound, and that number is omega_max of that
 * state (the world keeps it). thread-hang at dt = 2.5e-4 s (omega_max dt = 1.3 at rest,
 * below symplectic Euler's 2) diverges at 2.02 s once squeezed tets have stiffened their
 * volume barriers; explicit Euler (bound 0: unstable at every dt) gets no such sentence. */
TEST(divergence_reason_says_the_kept_state_was_too_stiff_for_dt) {
    sl_scene_params p = sl_scene_params_default();
    sl_world *w = NULL;
    ENSURE(sl_scene_build(sl_scene_find("thread-hang"), &p, &w) == SL_OK);
    if (!w) return;
    const double dt = 2.5e-4;
    double at_rest = NAN;
    ENSURE(sl_world_omega_max(w, 200, &at_rest) == SL_OK);
    ENSURE(at_rest * dt < 2); /* stable at the start */
    const char *why = diverge(w, "symplectic-euler", dt, 40000);
    const char *said = strstr(why, "ω_max·Δt = ");
    ENSURE(said != NULL);
    double told = said ? atof(said + strlen("ω_max·Δt = ")) : NAN, kept = NAN;
    ENSURE(sl_world_omega_max(w, 200, &kept) == SL_OK);
    printf("  thread-hang, symplectic Euler, dt %g s: omega_max dt %.3f at rest, %.3g said, %.3g kept\n", dt,
           at_rest * dt, told, kept * dt);
    ENSURE(told > 2);
    ENSURE(fabs(told - kept * dt) <= 5e-3 * kept * dt); /* printed to 3 digits */
    ENSURE(strstr(why, "symplectic-euler's stability bound 2") != NULL);
    sl_world_destroy(w);

    w = oscillator(100, 1, 1, 1.1);
    why = diverge(w, "explicit-euler", 0.05, 20000);
    ENSURE(strstr(why, "ω_max·Δt") == NULL);
    sl_world_destroy(w);
}
