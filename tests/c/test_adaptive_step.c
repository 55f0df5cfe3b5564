/* The incompressible stepper's adaptive step (issue 42 item 2; softlab/incompressible.h,
 * sl_incompressible_control): the rule's value against sl_world_omega_max and the tets'
 * altitudes computed here, the step shrinking as the ball is flattened, and a run that the
 * rule keeps bounded where the fixed step it started with blows up. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/build.h"
#include "softlab/incompressible.h"
#include "test.h"
#include "test_util.h"

/* The 4-cell one-ring ball (radius 0.1 m) in the air, no gravity, under the incompressible
 * stepper at dt with the adaptive step at cfl (cfl 0: the fixed step). */
static sl_world *ball(double dt, double cfl) {
    sl_ball_drop_def d = sl_ball_drop_def_default();
    d.cells = 4, d.gravity = 0, d.drop_height = 1;
    sl_world *w = NULL;
    ENSURE(sl_ball_drop_world(&d, &w, NULL) == SL_OK);
    if (!w) return NULL;
    ENSURE(sl_world_set_stepper(w, &sl_stepper_incompressible, dt, 0) == SL_OK);
    sl_incompressible_control c = sl_incompressible_control_default();
    c.adaptive = cfl > 0, c.cfl = cfl > 0 ? cfl : c.cfl;
    ENSURE(sl_incompressible_set_control(w, &c) == SL_OK);
    return w;
}

/* The smallest distance of a tet's corner from the plane of the other three (m). */
static double smallest_altitude(const sl_world *w) {
    const double *x = sl_world_positions(w);
    const int *t = sl_world_tets(w);
    double least = INFINITY;
    for (int e = 0; e < sl_world_tet_count(w); e++)
        for (int k = 0; k < 4; k++) {
            const double *p = x + 3 * t[4 * e + k], *a = x + 3 * t[4 * e + (k + 1) % 4];
            const double *b = x + 3 * t[4 * e + (k + 2) % 4], *c = x + 3 * t[4 * e + (k + 3) % 4];
            double u[3], v[3], r[3];
            for (int i = 0; i < 3; i++) u[i] = b[i] - a[i], v[i] = c[i] - a[i], r[i] = p[i] - a[i];
            double n[3] = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
            least = fmin(least, fabs(n[0] * r[0] + n[1] * r[1] + n[2] * r[2]) / sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]));
        }
    return least;
}

/* At rest the rule is the elastic CFL bound cfl 2/omega_max (omega_max from
 * sl_world_omega_max at the same state, 500 Lanczos products against the rule's 200), and
 * the world's 10 ms step is taken as ceil(10 ms / bound) equal substeps: the step in use
 * (sl_world_step_size, the timing record) is 10 ms over that count. Moving at 20 m/s (a
 * uniform velocity: no strain, the same omega_max) the motion bound 0.5 h_min / 20 m/s
 * with h_min the smallest tet altitude computed here is the smaller and sets the step. */
TEST(adaptive_step_is_the_rule_value) {
    const double dt = 1e-2, cfl = 0.5;
    sl_world *w = ball(dt, cfl);
    if (!w) return;
    double omega = 0;
    ENSURE(sl_world_omega_max(w, 500, &omega) == SL_OK && omega > 0);
    ENSURE_NEAR(sl_world_step_size(w), dt, 0);
    ENSURE(sl_world_step(w) == SL_OK);
    sl_incompressible_dt r;
    ENSURE(sl_incompressible_step_rule(w, &r) == SL_OK);
    double bound = cfl * 2 / omega;
    int k = (int)ceil(dt / bound);
    printf("  4-cell ball at rest: omega_max %.2f rad/s, bound %.4g ms, %d substeps of %.4g ms\n", omega, 1e3 * bound,
           r.substeps, 1e3 * r.dt);
    ENSURE_NEAR(r.omega_max, omega, 1e-8 * omega);
    ENSURE_NEAR(r.elastic, bound, 1e-8 * bound);
    ENSURE(r.motion == INFINITY && r.bound == r.elastic);
    ENSURE(r.substeps == k && k > 1);
    ENSURE_NEAR(sl_world_step_size(w), dt / k, 1e-15);
    ENSURE_NEAR(sl_world_last_timing(w).dt, dt / k, 1e-15);
    ENSURE_NEAR(sl_world_time(w), dt, 1e-15);

    sl_world_reset(w);
    int n = sl_world_node_count(w);
    double *v = calloc(3 * (size_t)n, sizeof(double));
    for (int i = 0; v && i < n; i++) v[3 * i] = 20;
    ENSURE(v && sl_world_set_velocities(w, v) == SL_OK);
    double h_min = smallest_altitude(w), motion = 0.5 * h_min / 20;
    ENSURE(sl_world_step(w) == SL_OK);
    ENSURE(sl_incompressible_step_rule(w, &r) == SL_OK);
    printf("  moving at 20 m/s: smallest altitude %.4g m, motion bound %.4g ms (elastic %.4g ms)\n", h_min, 1e3 * motion,
           1e3 * r.elastic);
    ENSURE_NEAR(r.thinnest, h_min, 1e-12);
    ENSURE_NEAR(r.motion, motion, 1e-12 * motion);
    ENSURE(r.motion < r.elastic && r.bound == r.motion);
    ENSURE(r.substeps == (int)ceil(dt / motion));
    free(v);
    sl_world_destroy(w);
}

/* Flattened along y (x and z spread by 1/sqrt(f), the volume kept), the ball's tets get
 * thinner and its deviatoric stiffness higher: omega_max grows and the step the rule picks
 * shrinks, f = 1, 0.5, 0.25. The fixed step (the default) stays the world's dt. */
TEST(adaptive_step_shrinks_as_the_ball_flattens) {
    const double f[3] = {1, 0.5, 0.25};
    double bound[3] = {0, 0, 0};
    for (int k = 0; k < 3; k++) {
        sl_world *w = ball(1e-2, 0.5);
        if (!w) return;
        int n = sl_world_node_count(w);
        double *x = malloc(sizeof(double) * 3 * (size_t)n);
        memcpy(x, sl_world_positions(w), sizeof(double) * 3 * (size_t)n);
        for (int i = 0; i < n; i++)
            x[3 * i] /= sqrt(f[k]), x[3 * i + 1] = 1.1 + f[k] * (x[3 * i + 1] - 1.1), x[3 * i + 2] /= sqrt(f[k]);
        ENSURE(sl_world_set_positions(w, x) == SL_OK);
        ENSURE(sl_world_step(w) == SL_OK);
        sl_incompressible_dt r;
        ENSURE(sl_incompressible_step_rule(w, &r) == SL_OK);
        bound[k] = r.bound;
        printf("  flattened to %.2f: omega_max %.1f rad/s, thinnest tet %.3g mm, step %.4g ms\n", f[k], r.omega_max,
               1e3 * r.thinnest, 1e3 * r.dt);
        free(x);
        sl_world_destroy(w);
    }
    ENSURE(bound[1] < 0.9 * bound[0] && bound[2] < 0.9 * bound[1]);
    sl_world *w = ball(1e-3, 0);
    ENSURE(w && sl_world_step(w) == SL_OK && sl_world_step_size(w) == 1e-3);
    sl_world_destroy(w);
}

/* The spun and sheared ball of incompressible_omega_max_leaves_out_the_projected_rows
 * (test_onering.c): at a fixed dt = 1.3 x 2/omega_max the elastic half kicks are unstable
 * and the energy grows more than tenfold in 400 steps; with the adaptive step (cfl 0.5)
 * at the same world dt, each step taken as 3 substeps, the energy stays within 10 %. */
TEST_LONG(adaptive_step_stays_bounded_where_the_fixed_step_grows) {
    double grown[2] = {0, 0}, omega = 0;
    for (int adaptive = 0; adaptive < 2; adaptive++) {
        sl_world *w = ball(1e-3, 0);
        if (!w) return;
        ENSURE(sl_world_omega_max(w, 500, &omega) == SL_OK);
        ENSURE(sl_world_set_stepper(w, &sl_stepper_incompressible, 1.3 * 2 / omega, 0) == SL_OK);
        sl_incompressible_control c = sl_incompressible_control_default();
        c.adaptive = adaptive, c.cfl = 0.5;
        ENSURE(sl_incompressible_set_control(w, &c) == SL_OK);
        grown[adaptive] = spun_energy_growth(w, 400); /* a spin about y and a shear */
        ENSURE(!isnan(grown[adaptive]));
        if (adaptive) ENSURE(sl_world_last_timing(w).substeps == 3);
        sl_world_destroy(w);
    }
    printf("  spun ball, dt = 1.3 x 2/omega_max (omega_max %.1f rad/s): largest E/E0 fixed %.3g, adaptive %.4f\n", omega,
           grown[0], grown[1]);
    ENSURE(grown[0] > 10);
    ENSURE(grown[1] < 1.1);
}

/* A bound below the floor stops the run with the reason the panel shows (the world's
 * divergence reason): the 4-cell ball's elastic bound at rest, cfl 0.5 x 2/omega_max
 * (2.1 ms, adaptive_step_is_the_rule_value), is below a 5 ms floor, so the first step
 * fails, names the floor and the bound, and leaves the state at t = 0. A floor of
 * 1 ms lets it step. */
TEST(adaptive_step_below_its_floor_stops_the_run_and_says_why) {
    const double floor_s[2] = {5e-3, 1e-3};
    for (int k = 0; k < 2; k++) {
        sl_world *w = ball(1e-2, 0.5);
        if (!w) return;
        sl_incompressible_control c = sl_incompressible_control_default();
        c.adaptive = 1, c.cfl = 0.5, c.dt_floor = floor_s[k];
        ENSURE(sl_incompressible_set_control(w, &c) == SL_OK);
        sl_status st = sl_world_step(w);
        double at = NAN;
        const char *reason = NULL;
        if (k == 0) {
            ENSURE(st == SL_ERR_DIVERGED && sl_world_diverged(w, &at, &reason));
            printf("  floor %g s: %s\n", floor_s[k], reason ? reason : "(none)");
            ENSURE(reason && strstr(reason, "below its floor 0.005 s") && strstr(reason, "elastic CFL bound"));
            ENSURE(at == 0 && sl_world_time(w) == 0);
        } else {
            ENSURE(st == SL_OK && !sl_world_diverged(w, NULL, NULL));
        }
        sl_world_destroy(w);
    }
    sl_incompressible_control bad = sl_incompressible_control_default();
    bad.cfl = 1.5;
    sl_world *w = ball(1e-3, 0);
    ENSURE(w && sl_incompressible_set_control(w, &bad) == SL_ERR_RANGE);
    ENSURE(strstr(sl_world_last_error(w), "cfl 1.5"));
    sl_world_destroy(w);
}
