/* The explicit integrators of seed 003 (stepper table): force evaluations per step, the
 * undamped stability bound (omega dt)_max of each descriptor measured by find-dt's
 * bisection (sl_scene_find_dt), convergence orders against the exact solution, bounded
 * energy of the symplectic ones and growth of the others, momentum, pins in every stage,
 * and the Verlet cache. The oscillator is the `oscillator` scene (src/scenes/one_spring.c):
 * node 0 pinned at the origin, node 1 of 1 kg at rest length L = 1 m along x, k = 100 N m
 * (phi = (|x1 - x0| - L)/L, alpha = 1/k), so omega = 10 rad/s; released from x = 1.1 at
 * rest: x(t) = 1 + 0.1 cos(10 t). Along the spring phi is linear in x1, so the problem is
 * exactly x'' = -omega^2 (x - 1) while x1 > 0. */
#include <stdlib.h>
#include <string.h>

#include "test.h"
#include "test_util.h"

#define OMEGA 10.0
#define AMPLITUDE 0.1 /* m: the scene's release from x = 1.1 */

/* The oscillator scene at its defaults with stepper `method` and time step dt (s). */
static sl_world *oscillator(const char *method, double dt) {
    sl_world *w = NULL;
    if (sl_scene_build(sl_scene_find("oscillator"), NULL, &w) != SL_OK) return NULL;
    if (sl_world_set_stepper(w, sl_stepper_find(method), dt, 0) != SL_OK) sl_world_destroy(w), w = NULL;
    return w;
}

/* The explicit steppers of the table: no linear solve, not position-based. */
static int is_explicit(const sl_stepper_class *c) { return sl_stepper_is_explicit(c); }

/* omega dt_max of find-dt's bisection on the oscillator (t_end: its --t-end, s). */
static double measured_bound(const sl_stepper_class *c, double t_end) {
    double dt = -1;
    ENSURE(sl_scene_find_dt(sl_scene_find("oscillator"), NULL, c, t_end, &dt) == SL_OK);
    return OMEGA * dt;
}

/* Each step evaluates the forces as many times as its descriptor says (Verlet: twice on
 * its first step, then once from the cache; the position-based steppers once per iteration,
 * sl_world_iterations, 10 by default). */
TEST(integrators_force_evaluations_match_descriptor) {
    for (int k = 0; k < sl_stepper_count; k++) {
        const sl_stepper_class *c = sl_steppers[k];
        if (c->flags & (SL_STEPPER_QUADRATIC_ONLY | SL_STEPPER_NEEDS_FEM)) continue; /* refuse springs */
        sl_world *w = oscillator(c->name, 0.01);
        ENSURE(w != NULL);
        if (!w) continue;
        /* moving: from rest a stage at x + h v is the state itself, whose evaluation the
         * assembly keeps (sl_assembly_evaluate), so RK4's first step would count 3 */
        int n = sl_world_node_count(w);
        double *v = calloc(3 * (size_t)n, sizeof(double));
        ENSURE(v != NULL);
        for (int i = 0; v && i < 3 * n; i++) v[i] = 0.01 * (i % 3 + 1); /* m/s; pinned nodes stay at rest */
        ENSURE(v && sl_world_set_velocities(w, v) == SL_OK);
        free(v);
        int first = 0, later = 0;
        ENSURE(sl_world_step(w) == SL_OK);
        first = sl_world_last_timing(w).evaluations;
        for (int s = 0; s < 5; s++) ENSURE(sl_world_step(w) == SL_OK);
        later = sl_world_last_timing(w).evaluations;
        /* per iteration for the steppers that read the iteration count (stepper.h) */
        int per_step = c->force_evaluations * (c->flags & SL_STEPPER_USES_ITERATIONS ? sl_world_iterations(w) : 1);
        printf("  %-20s evaluations: first step %d, later %d (descriptor %d, %d a step)\n", c->name, first, later,
               c->force_evaluations, per_step);
        /* the incompressible step's first evaluation is at the positions its last one ended
         * at, which the assembly keeps (sl_assembly_evaluate): counted once */
        if (c->flags & SL_STEPPER_USES_ITERATIONS) {
            /* at most one a sweep: on this one spring to a pin a sweep's correction is radial,
             * exact, so the sweeps after it leave x unchanged to the bit and find its
             * evaluation kept; substeps move x by their prediction, so all count */
            ENSURE(later >= 1 && later <= per_step && first >= 1 && first <= per_step);
            ENSURE(!strcmp(c->name, "xpbd-substeps") == (later == per_step));
        } else {
            ENSURE(later == per_step - !strcmp(c->name, "incompressible"));
            ENSURE(first == per_step + !strcmp(c->name, "verlet"));
        }
        sl_world_destroy(w);
    }
}

/* Each explicit descriptor's bound against find-dt's bisection on the oscillator scene
 * (sl_scene_find_dt, the default t_end of 1 s: runs of 200 periods, 125.7 s, judged by the
 * core's verdict), within 2 %.
 * Symplectic Euler and the symplectic midpoint come out 0.5 % low, and not by chance:
 * released 0.1 m from rest, their bounded oscillation has the amplitude
 * A / sqrt(1 - (omega dt)^2/4), which reaches the pin (|x1 - x0| = 0, where the spring is
 * no longer linear) at omega dt = 2 sqrt(1 - (A/L)^2) = 1.98997; measured for both to
 * 1e-3. Bound 0 (explicit Euler, midpoint): find-dt gives 0, their energy
 * (det = 1 + (omega dt)^2 or 1 + (omega dt)^2/2 a step) doubles within the run already at
 * dt_lo = 1e-3 * 2/omega. Half step is unstable at every dt too, but its energy grows by
 * only 1 + (omega dt)^4/4 a step (4e-12 at dt_lo), which no finite run shows: find-dt gives
 * the dt at which the growth over the run reaches the verdict's margin, and that falls as
 * the run grows, as T^(-1/3), where a stable scheme's bound would not move (next test). */
TEST(integrators_stability_bounds_on_the_oscillator) {
    for (int k = 0; k < sl_stepper_count; k++) {
        const sl_stepper_class *c = sl_steppers[k];
        if (!is_explicit(c)) continue;
        double b = c->stability_bound, z = measured_bound(c, 1.0);
        printf("  %-20s bound %.6f derived, %.6f measured by find-dt (%+.3f %%)\n", c->name, b, z,
               b > 0 ? 100 * (z / b - 1) : 0.0);
        if (b > 0) ENSURE_NEAR(z / b, 1.0, 0.02);
        else if (strcmp(c->name, "half-step")) ENSURE(z == 0);
        if (!strcmp(c->name, "symplectic-euler") || !strcmp(c->name, "symplectic-midpoint"))
            ENSURE_NEAR(z, 2 * sqrt(1 - AMPLITUDE * AMPLITUDE), 1e-3 * z);
    }
}

/* Half step's find-dt limit against its growth |lambda|^2 = 1 + z^4/4 (z = omega dt), an
 * exact factor a step on this oscillator (its step matrix is a scaled rotation). Over a run
 * of N = round(omega T / z) steps (T = 125.66 s, 200 periods, the shortest run) the energy
 * E0 (1 + z^4/4)^n only rises, at every step, and the kinetic + elastic energy is all of it,
 * so the verdict's scale S is the energy now: the verdict turns 'growing' at the first step
 * (after 4 rising ones) whose energy is more than 0.5 S above E0, i.e. at E > 2 E0
 * (softlab/world.h). The run is stable iff N ln(1 + z^4/4) <= ln 2: z^3 ~ 4 ln 2 / (omega T),
 * and a run twice as long gives z / 2^(1/3). */
TEST(integrators_half_step_limit_shrinks_with_the_run) {
    const sl_stepper_class *c = sl_stepper_find("half-step");
    double T = SL_FIND_DT_PERIODS * 2 * 3.14159265358979323846 / OMEGA; /* the shortest run */
    double z1 = measured_bound(c, T), z2 = measured_bound(c, 2 * T), lo = 0.01, hi = 1;
    for (int i = 0; i < 60; i++) { /* N(z) ln(1 + z^4/4) = ln 2 */
        double z = 0.5 * (lo + hi);
        if (round(OMEGA * T / z) * log1p(z * z * z * z / 4) < log(2.0)) lo = z;
        else hi = z;
    }
    double predicted = lo;
    printf("  half-step: omega dt_max %.5f over %.1f s (predicted %.5f), %.5f over %.1f s (ratio %.4f, "
           "2^(1/3) = %.4f)\n", z1, T, predicted, z2, 2 * T, z1 / z2, cbrt(2.0));
    ENSURE_NEAR(z1 / predicted, 1.0, 0.01);
    ENSURE_NEAR(z1 / z2, cbrt(2.0), 0.01);
}

/* Error (x, v/omega) at t = 1 s against the exact solution after 1/dt steps. */
static double oscillator_error(const char *method, double dt) {
    sl_world *w = oscillator(method, dt);
    int steps = (int)lround(1.0 / dt);
    for (int s = 0; s < steps; s++)
        if (sl_world_step(w) != SL_OK) {
            sl_world_destroy(w);
            return NAN;
        }
    double t = steps * dt, x = sl_world_positions(w)[3], v = sl_world_velocities(w)[3];
    double ex = x - (1 + 0.1 * cos(OMEGA * t)), ev = (v + 0.1 * OMEGA * sin(OMEGA * t)) / OMEGA;
    sl_world_destroy(w);
    return sqrt(ex * ex + ev * ev);
}

/* Orders from the error at t = 1 s on the oscillator scene, dt = 0.005 -> 0.0025 ->
 * 0.00125 (the table), each within 0.2. */
TEST(integrators_convergence_order_on_the_oscillator) {
    static const struct { const char *name; double order; } expect[] = {
        {"explicit-euler", 1}, {"symplectic-euler", 1}, {"midpoint", 1},
        {"half-step", 2}, {"modified-half-step", 2}, {"verlet", 2}, {"symplectic-midpoint", 2},
        {"forest-ruth", 4}, {"rk4", 4},
    };
    for (size_t k = 0; k < sizeof expect / sizeof expect[0]; k++) {
        double e1 = oscillator_error(expect[k].name, 0.005), e2 = oscillator_error(expect[k].name, 0.0025);
        double e3 = oscillator_error(expect[k].name, 0.00125);
        double p1 = log2(e1 / e2), p2 = log2(e2 / e3);
        printf("  %-20s error at t = 1 s: %.3e %.3e %.3e, order %.3f %.3f (expected %g)\n", expect[k].name, e1,
               e2, e3, p1, p2, expect[k].order);
        ENSURE_NEAR(p1, expect[k].order, 0.2);
        ENSURE_NEAR(p2, expect[k].order, 0.2);
    }
}

/* Convergence on the swinging cube (many springs, gravity, a pin, rotation): the tracked
 * node at t = 0.1 s against RK4 at dt = 1e-5 s; dt = 4e-4 -> 2e-4 -> 1e-4 s (all below
 * the cube's 2/omega_max = 3.55 ms and Forest-Ruth's 2.8 ms). */
TEST(integrators_convergence_order_on_the_cube) {
    static const struct { const char *name; double order; } expect[] = {
        {"midpoint", 1}, {"half-step", 2}, {"modified-half-step", 2}, {"verlet", 2},
        {"symplectic-midpoint", 2}, {"forest-ruth", 4}, {"rk4", 4},
    };
    double ref[24];
    {
        sl_world *w = make_cube("rk4", 1e-5);
        ENSURE(step_n(w, 10000) == 10000);
        memcpy(ref, sl_world_positions(w), sizeof ref);
        sl_world_destroy(w);
    }
    for (size_t k = 0; k < sizeof expect / sizeof expect[0]; k++) {
        double e[3];
        for (int r = 0; r < 3; r++) {
            double dt = 4e-4 / (1 << r);
            sl_world *w = make_cube(expect[k].name, dt);
            int steps = (int)lround(0.1 / dt);
            ENSURE(step_n(w, steps) == steps);
            double s2 = 0;
            for (int d = 0; d < 24; d++) s2 += pow(sl_world_positions(w)[d] - ref[d], 2);
            e[r] = sqrt(s2);
            sl_world_destroy(w);
        }
        double p1 = log2(e[0] / e[1]), p2 = log2(e[1] / e[2]);
        printf("  %-20s cube error at t = 0.1 s: %.3e %.3e %.3e, order %.3f %.3f\n", expect[k].name, e[0], e[1],
               e[2], p1, p2);
        ENSURE_NEAR(p2, expect[k].order, 0.3);
    }
}

/* Energy on the oscillator scene over 10^4 periods (omega dt = 0.2, 314160 steps): the
 * symplectic steppers keep
 * the energy error bounded (the same largest deviation in the last 1000 periods as in the
 * first 1000); explicit Euler, midpoint and half step gain energy; RK4 loses a little. */
TEST(integrators_energy_over_ten_thousand_periods) {
    static const char *symplectic[] = {"symplectic-euler", "modified-half-step", "verlet", "symplectic-midpoint",
                                       "forest-ruth"};
    const double z = 0.2, dt = z / OMEGA;
    const int steps = (int)lround(1e4 * 2 * 3.14159265358979 / z), window = steps / 10;
    for (size_t k = 0; k < sizeof symplectic / sizeof symplectic[0]; k++) {
        sl_world *w = oscillator(symplectic[k], dt);
        double e0 = sl_world_energy(w).total, first = 0, last = 0;
        int ok = 1;
        for (int s = 0; s < steps && ok; s++) {
            ok = sl_world_step(w) == SL_OK;
            double dev = fabs(sl_world_energy(w).total / e0 - 1);
            if (s < window) first = fmax(first, dev);
            if (s >= steps - window) last = fmax(last, dev);
        }
        printf("  %-20s energy error over 1e4 periods: first tenth %.3e, last tenth %.3e\n", symplectic[k], first,
               last);
        ENSURE(ok);
        ENSURE(last <= 1.05 * first + 1e-12);
        ENSURE(last < 0.2);
        sl_world_destroy(w);
    }
    static const struct { const char *name; int steps; double lo, hi; } drift[] = {
        {"explicit-euler", 200, 10, INFINITY}, {"midpoint", 400, 10, INFINITY},
        {"half-step", 10000, 10, INFINITY}, {"rk4", 100000, 0.5, 0.99},
    };
    for (size_t k = 0; k < sizeof drift / sizeof drift[0]; k++) {
        sl_world *w = oscillator(drift[k].name, dt);
        double e0 = sl_world_energy(w).total;
        int done = step_n(w, drift[k].steps);
        double ratio = done == drift[k].steps ? sl_world_energy(w).total / e0 : INFINITY;
        printf("  %-20s energy after %d steps: %.4g x initial\n", drift[k].name, drift[k].steps, ratio);
        ENSURE(ratio > drift[k].lo && ratio <= drift[k].hi);
        sl_world_destroy(w);
    }
}

/* No gravity, no pins: spring forces cancel in every stage, so the total momentum of the
 * free cube, set spinning and stretched, is kept to round-off by every explicit stepper. */
TEST(integrators_keep_momentum_without_gravity_or_pins) {
    for (int k = 0; k < sl_stepper_count; k++) {
        const sl_stepper_class *c = sl_steppers[k];
        if (!is_explicit(c)) continue;
        sl_world *w = make_free_cube();
        ENSURE(w != NULL);
        double v[24], x[24], p0[3] = {0, 0, 0}, p1[3] = {0, 0, 0};
        memcpy(x, sl_world_positions(w), sizeof x);
        for (int i = 0; i < 8; i++) {
            v[3 * i + 0] = -2.0 * (x[3 * i + 2] - 0.5) + 0.3;
            v[3 * i + 1] = 0.1 * i;
            v[3 * i + 2] = 2.0 * (x[3 * i + 0] - 0.5);
            x[3 * i] *= 1.02;
        }
        ENSURE(sl_world_set_positions(w, x) == SL_OK);
        ENSURE(sl_world_set_velocities(w, v) == SL_OK);
        ENSURE(sl_world_set_stepper(w, c, 2e-4, 0) == SL_OK);
        for (int i = 0; i < 24; i++) p0[i % 3] += sl_world_masses(w)[i / 3] * sl_world_velocities(w)[i];
        ENSURE(step_n(w, 50) == 50);
        for (int i = 0; i < 24; i++) p1[i % 3] += sl_world_masses(w)[i / 3] * sl_world_velocities(w)[i];
        for (int d = 0; d < 3; d++) ENSURE_NEAR(p1[d], p0[d], 1e-11);
        sl_world_destroy(w);
    }
}

/* Pinned nodes stay put in every stage. The cube's pin (node 2) is moved by
 * sl_world_move_pinned, which gives it the chord velocity; a second move to the same
 * place sets that velocity to 0. A stepper that drifted a pinned node by its velocity in
 * any stage would then move the free nodes differently in the two worlds; in both the
 * pinned node stays exactly where it was put. */
TEST(integrators_pinned_nodes_stay_in_every_stage) {
    for (int k = 0; k < sl_stepper_count; k++) {
        const sl_stepper_class *c = sl_steppers[k];
        if (c->flags & (SL_STEPPER_QUADRATIC_ONLY | SL_STEPPER_NEEDS_FEM)) continue; /* refuse springs */
        sl_world *a = make_cube(c->name, 1e-3), *b = make_cube(c->name, 1e-3);
        ENSURE(a && b);
        double p[3] = {0.05, 1.02, -0.03};
        ENSURE(sl_world_move_pinned(a, 2, p) == SL_OK);
        ENSURE(sl_world_move_pinned(b, 2, p) == SL_OK);
        ENSURE(sl_world_move_pinned(b, 2, p) == SL_OK);
        ENSURE(sl_world_velocities(a)[6] != 0 && sl_world_velocities(b)[6] == 0);
        for (int s = 0; s < 3; s++) {
            ENSURE(sl_world_step(a) == SL_OK);
            ENSURE(sl_world_step(b) == SL_OK);
        }
        for (int d = 0; d < 3; d++) {
            ENSURE(sl_world_positions(a)[6 + d] == p[d]);
            ENSURE(sl_world_positions(b)[6 + d] == p[d]);
        }
        int same = 1;
        for (int i = 0; i < 24; i++)
            if (i / 3 != 2) same &= sl_world_positions(a)[i] == sl_world_positions(b)[i];
        if (!same) printf("  %s: a pinned node's velocity changed the free nodes\n", c->name);
        ENSURE(same);
        sl_world_destroy(a);
        sl_world_destroy(b);
    }
}

/* The Verlet cache never changes the trajectory: after a grab moves, a pin changes or a
 * reset, the run equals one whose stepper state is fresh (set anew at that point). */
TEST(verlet_cache_is_invalidated_by_grab_pin_and_reset) {
    const sl_stepper_class *verlet = sl_stepper_find("verlet");
    for (int change = 0; change < 3; change++) {
        sl_world *a = make_cube("verlet", 1e-3), *b = make_cube("verlet", 1e-3);
        int node = 5;
        double weight = 1, target[3] = {1, 1.5, 1}, moved[3] = {1.5, 0.5, 1};
        for (int s = 0; s < 20; s++) {
            ENSURE(sl_world_step(a) == SL_OK);
            ENSURE(sl_world_step(b) == SL_OK);
        }
        for (int k = 0; k < 2; k++) {
            sl_world *w = k ? b : a;
            if (change == 0) {
                ENSURE(sl_world_grab(w, &node, &weight, NULL, 1, target, 500) == SL_OK);
                ENSURE(sl_world_grab_move(w, moved) == SL_OK);
            } else if (change == 1) {
                ENSURE(sl_world_pin(w, 5, 1) == SL_OK);
            } else {
                sl_world_reset(w);
            }
        }
        ENSURE(sl_world_set_stepper(b, verlet, 1e-3, 0) == SL_OK); /* fresh state: no cache */
        for (int s = 0; s < 20; s++) {
            ENSURE(sl_world_step(a) == SL_OK);
            ENSURE(sl_world_step(b) == SL_OK);
        }
        ENSURE(memcmp(sl_world_positions(a), sl_world_positions(b), 24 * sizeof(double)) == 0);
        ENSURE(memcmp(sl_world_velocities(a), sl_world_velocities(b), 24 * sizeof(double)) == 0);
        sl_world_destroy(a);
        sl_world_destroy(b);
    }
}

/* sl_scene_find_dt_from (find-dt --dt-lo): started at dt_lo = 0.05 s instead of far below
 * the bound, symplectic Euler on the oscillator still lands on omega dt = 1.98997 (where
 * its oscillation reaches the pin; see above), to 2e-3 (where the swing grazes the pin the
 * answer depends on the bisection's path by a few 0.01 %); started above the bound (0.3 s)
 * the first run fails and dt_max = 0; dt_lo outside [0, 1) is refused. */
TEST(find_dt_from_a_given_start_finds_the_same_bound) {
    const sl_stepper_class *c = sl_stepper_find("symplectic-euler");
    const sl_scene_class *osc = sl_scene_find("oscillator");
    double dt = -1;
    ENSURE(sl_scene_find_dt_from(osc, NULL, c, 1.0, 0.05, &dt) == SL_OK);
    printf("    symplectic Euler from dt_lo = 0.05 s: omega dt_max = %.5f\n", OMEGA * dt);
    ENSURE_NEAR(OMEGA * dt, 1.98997, 2e-3);
    ENSURE(sl_scene_find_dt_from(osc, NULL, c, 1.0, 0.3, &dt) == SL_OK && dt == 0);
    ENSURE(sl_scene_find_dt_from(osc, NULL, c, 1.0, -0.1, &dt) == SL_ERR_RANGE);
    ENSURE(sl_scene_find_dt_from(osc, NULL, c, 1.0, 1.0, &dt) == SL_ERR_RANGE);
}

/* A trial world of the oscillator under the stepper in ctx, for sl_find_dt_search. */
static sl_world *oscillator_at(void *ctx, double dt) {
    sl_world *w = NULL;
    if (sl_scene_build(sl_scene_find("oscillator"), NULL, &w) != SL_OK) return NULL;
    if (sl_world_set_stepper(w, ctx, dt, 0) != SL_OK) sl_world_destroy(w), w = NULL;
    return w;
}

/* The search in slices (sl_find_dt_search, the page's "find" in its Worker) is the
 * search of `softlab find-dt` (sl_scene_find_dt): RK4 on the oscillator (omega = 10
 * rad/s, bound 2 sqrt 2 / omega = 0.28284 s, found as 0.28286 s above) run in slices of 1,
 * 7 and 1000 steps ends on the same dt to the last bit, with the same steps, and a
 * search stopped after its first trial keeps that trial's dt as dt_max with the time
 * cap's flag. A second way to the same number: the library's run to the end. */
TEST(find_dt_in_slices_is_the_library_search) {
    const sl_stepper_class *c = sl_stepper_find("rk4");
    const sl_scene_class *osc = sl_scene_find("oscillator");
    sl_find_dt_result whole;
    ENSURE(sl_scene_find_dt_limited(osc, NULL, c, 1.0, 0, NULL, &whole) == SL_OK);
    ENSURE_NEAR(whole.dt_max, 2 * sqrt(2) / OMEGA, 1e-4);
    const long slices[] = {1, 7, 1000};
    for (int k = 0; k < 3; k++) {
        sl_find_dt_search *s = NULL;
        ENSURE(sl_find_dt_search_start(oscillator_at, (void *)c, osc->default_dt, 1.0, 0, 0, &s) == SL_OK);
        int trials = 0;
        for (int r; (r = sl_find_dt_search_advance(s, slices[k])) >= 0;) trials += r < 2;
        sl_find_dt_result r = sl_find_dt_search_result(s);
        printf("    slices of %ld steps: dt_max = %.9g s after %d trials, %ld steps (whole: %.9g s, %ld)\n",
               slices[k], r.dt_max, trials, r.steps, whole.dt_max, whole.steps);
        ENSURE(r.done && r.dt_max == whole.dt_max && r.dt_hi == whole.dt_hi && r.steps == whole.steps);
        ENSURE(isnan(r.dt_trial) && sl_find_dt_search_advance(s, 1) == -1);
        sl_find_dt_search_destroy(s);
    }
    sl_find_dt_search *s = NULL;
    ENSURE(sl_find_dt_search_start(oscillator_at, (void *)c, osc->default_dt, 1.0, 0, 0, &s) == SL_OK);
    double first = sl_find_dt_search_result(s).dt_trial;
    ENSURE(first == whole.dt_lo && sl_find_dt_search_advance(s, 0) == 1); /* the first trial: stable */
    sl_find_dt_search_advance(s, 3); /* into the second */
    sl_find_dt_search_stop(s);
    sl_find_dt_result r = sl_find_dt_search_result(s);
    ENSURE(r.done && r.dt_max == first && (r.gave_up & SL_FIND_DT_TIME_CAP));
    sl_find_dt_search_destroy(s);
    ENSURE(sl_find_dt_search_start(NULL, NULL, 0.01, 1.0, 0, 0, &s) == SL_ERR_NULL && !s);
    ENSURE(sl_find_dt_search_start(oscillator_at, (void *)c, 0.01, 1.0, 1.5, 0, &s) == SL_ERR_RANGE && !s);
    ENSURE(sl_find_dt_search_advance(NULL, 1) == -1);
}

/* The time per step of the score card (sl_scene_time_per_step, seed 003 Table 1 "Time";
 * `softlab score` and the browser's card): a finite positive time on the oscillator for
 * symplectic Euler at dt = 0.1 s (10 steps of 1 s, at least 50 run), and the errors it
 * documents: no scene, stepper or output (NULL), dt outside (0, 1) s and t_end outside
 * (0, 1e4] s (RANGE, *seconds NaN), and a stepper that refuses the scene (explicit Euler
 * on the nu = 0.5 block, whose volumetric rows have compliance 0: its STIFF_LIMIT). */
TEST(time_per_step_is_positive_and_refuses_bad_input) {
    const sl_scene_class *osc = sl_scene_find("oscillator"), *block = sl_scene_find("fem-incompressible-block");
    const sl_stepper_class *se = sl_stepper_find("symplectic-euler"), *ee = sl_stepper_find("explicit-euler");
    ENSURE(osc && block && se && ee);
    double s = NAN;
    ENSURE(sl_scene_time_per_step(osc, NULL, se, 0.1, 1, &s) == SL_OK);
    ENSURE(s > 0 && s < 1e-2);
    ENSURE(sl_scene_time_per_step(NULL, NULL, se, 0.1, 1, &s) == SL_ERR_NULL && isnan(s));
    ENSURE(sl_scene_time_per_step(osc, NULL, NULL, 0.1, 1, &s) == SL_ERR_NULL);
    ENSURE(sl_scene_time_per_step(osc, NULL, se, 0.1, 1, NULL) == SL_ERR_NULL);
    const double bad[4][2] = {{0, 1}, {1, 1}, {0.1, 0}, {0.1, 2e4}};
    for (int k = 0; k < 4; k++) {
        s = 1;
        ENSURE(sl_scene_time_per_step(osc, NULL, se, bad[k][0], bad[k][1], &s) == SL_ERR_RANGE && isnan(s));
    }
    ENSURE(sl_scene_time_per_step(block, NULL, ee, 1e-4, 0.01, &s) == SL_ERR_STIFF_LIMIT && isnan(s));
}

/* The search's doublings stop at SL_DT_MAX (1 s, the largest dt a world takes), tried
 * there rather than skipped: on the oscillator at k = 25 N/m (omega = 5 rad/s, so the first
 * doubling target 4 * 2/omega is 1.6 s, past 1 s) RK4 finds its bound sqrt(8)/omega =
 * 0.5657 s to 1e-3 (it got its first trial's 2.5e-4 s before); at k = 4 N/m (omega = 2 rad/s,
 * bound 1.414 s) it is stable at 1 s: dt_max = 1 s and no unstable dt (dt_hi infinite). */
TEST(find_dt_doublings_stop_at_the_largest_dt_a_world_takes) {
    const sl_stepper_class *c = sl_stepper_find("rk4");
    const sl_scene_class *osc = sl_scene_find("oscillator");
    sl_scene_params p = sl_scene_params_default();
    p.value[SL_PARAM_SPRING_STIFFNESS] = 25;
    sl_find_dt_result r;
    ENSURE(sl_scene_find_dt_limited(osc, &p, c, 1.0, 0, NULL, &r) == SL_OK);
    printf("    RK4, k = 25 N/m: dt_max = %.5f s (sqrt(8)/5 = %.5f s), dt_hi = %.5f s\n", r.dt_max, sqrt(8) / 5, r.dt_hi);
    ENSURE_NEAR(r.dt_max, sqrt(8) / 5, 1e-3);
    ENSURE(r.gave_up == 0 && r.dt_hi > r.dt_max && r.dt_hi < 0.57);
    p.value[SL_PARAM_SPRING_STIFFNESS] = 4;
    ENSURE(sl_scene_find_dt_limited(osc, &p, c, 1.0, 0, NULL, &r) == SL_OK);
    printf("    RK4, k = 4 N/m: dt_max = %.5f s, dt_hi = %g s\n", r.dt_max, r.dt_hi);
    ENSURE(r.dt_max == SL_DT_MAX && isinf(r.dt_hi) && r.gave_up == 0);
}
