/* Contact as constraints inside the position-based steppers' sweeps (world/contact_rows.c;
 * Macklin, Mueller, Chentanez, "XPBD", 2016, paper 005 §4.1 eq. 17-18 and its force
 * estimate eq. 6-7; Macklin et al., "Small Steps in Physics Simulation", 2019, paper 006):
 * the ground and the plates are rows C >= 0 of compliance 0 with a non-negative multiplier.
 * Checked: no penetration after any sweep, the contact force estimate grad C^T lambda / h^2
 * of a body resting on the ground against its weight, Coulomb friction against its exact
 * recurrence, and a node riding a moving plate. */
#include <stdlib.h>
#include <string.h>

#include "softlab/springs.h"
#include "softlab/stepper.h"
#include "softlab/xpbd.h"
#include "test.h"

#define G 9.81 /* m/s^2, along -y */

/* A world of `count` nodes at x (m) of mass `mass` (kg) each, gravity G, mass damping c
 * (1/s), springs `edges` (int[2 springs]) of stiffness k (J) at rest in x, nodes listed in
 * `pins` (-1 ends) pinned, stepper `method` at dt (s) with `iterations`. */
static sl_world *body(int count, const double *x, double mass, double c, const int *edges, int springs, double k,
                      const int *pins, const char *method, double dt, int iterations) {
    double m[8];
    if (count > 8) return NULL;
    for (int i = 0; i < count; i++) m[i] = mass;
    sl_world_def def = sl_world_def_default();
    def.node_count = count, def.positions = x, def.masses = m, def.mass_damping = c;
    def.gravity[1] = -G;
    sl_world *w = NULL;
    sl_model *model = NULL;
    sl_status st = sl_world_create(&def, &w);
    if (st == SL_OK) st = sl_springs_create(x, count, edges, springs, k, &model);
    if (st == SL_OK) st = sl_world_add_model(w, model);
    for (int p = 0; st == SL_OK && pins && pins[p] >= 0; p++) st = sl_world_pin(w, pins[p], 1);
    if (st == SL_OK) st = sl_world_set_iterations(w, iterations);
    if (st == SL_OK) st = sl_world_set_stepper(w, sl_stepper_find(method), dt, 0);
    if (st != SL_OK) sl_world_destroy(w), w = NULL;
    return w;
}

/* A tetrahedron of six springs (k = 50 J, edges 0.3 m, so about 550 N/m), four 0.1 kg
 * nodes, its base on the ground y = 0 (friction 0.5), dropped from 2 cm above it and damped
 * (mass damping 3/s) to rest over 10 s at dt = 0.01 s, under xpbd and pbd (1 and 10 sweeps a
 * step: with 1 every step is one sweep) and xpbd-substeps (10 substeps of one sweep each).
 * After every step no node is below the ground by more than 1e-15 m (the contact rows come
 * last in each sweep; what is left is the rounding of m C / m, and a node at y = 0 has none).
 * At rest the contact force estimate is the weight 4 m g = 3.924 N upward to 1e-6
 * (momentum: sum m (x - x~) = h^2 sum f_contact, x~ under x by h^2 g at rest), and has no
 * horizontal part (the ground's normals are vertical). */
TEST(xpbd_contact_rows_hold_a_resting_body_with_its_weight) {
    const double m = 0.1, a = 0.3, h0 = 0.02;
    const double x[12] = {0, h0, 0, a, h0, 0, a / 2, h0, a * sqrt(3) / 2, a / 2, h0 + a * sqrt(2.0 / 3), a * sqrt(3) / 6};
    const int edges[12] = {0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3};
    const struct { const char *method; int iterations; } runs[] = {
        {"xpbd", 1}, {"xpbd", 10}, {"pbd", 1}, {"pbd", 10}, {"xpbd-substeps", 10}};
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        sl_world *w = body(4, x, m, 3, edges, 6, 50, NULL, runs[r].method, 0.01, runs[r].iterations);
        ENSURE(w && sl_world_set_ground(w, 0, 0.5) == SL_OK);
        if (!w) return;
        double deepest = 0, f[3] = {NAN, NAN, NAN};
        for (int s = 0; s < 1000; s++) {
            ENSURE(sl_world_step(w) == SL_OK);
            for (int i = 0; i < 4; i++) deepest = fmax(deepest, -sl_world_positions(w)[3 * i + 1]);
        }
        ENSURE(sl_xpbd_contact_force(w, f) == SL_OK);
        printf("  %-13s %2d: deepest penetration %.1e m; contact force (%.1e, %.9f, %.1e) N, weight %.9f N\n",
               runs[r].method, runs[r].iterations, deepest, f[0], f[1], f[2], 4 * m * G);
        ENSURE(deepest <= 1e-15);
        ENSURE_NEAR(f[1], 4 * m * G, 1e-6 * 4 * m * G);
        ENSURE(f[0] == 0 && f[2] == 0);
        sl_world_destroy(w);
    }
}

/* Coulomb friction from the contact multipliers: a 1 kg node sliding on the ground y = 0
 * (friction 0.25) at 1 m/s along x, tied by a spring of k = 1e-6 J to a pin 10 m above (so
 * the world has a model; its pull is below 1e-7 N), xpbd at dt = 0.01 s, 10 sweeps. Each
 * step the contact row takes lambda = m g h^2 (the prediction's fall h^2 g), the normal speed
 * it removes is lambda / (m h) = g h, and friction takes mu g h = 0.0245 m/s off the sliding
 * speed: v_n = 1 - n mu g h for 30 steps to 1e-9 m/s (Coulomb's law as the other steppers'
 * sl_world_resolve_contacts applies it), the node stays at y = 0, and the contact force is
 * m g. */
TEST(xpbd_contact_friction_slows_a_slide_by_mu_g_each_second) {
    const double x[6] = {0, 0, 0, 0, 10, 0}, mu = 0.25, h = 0.01;
    const int edge[2] = {0, 1}, pin[2] = {1, -1};
    sl_world *w = body(2, x, 1, 0, edge, 1, 1e-6, pin, "xpbd", h, 10);
    ENSURE(w && sl_world_set_ground(w, 0, mu) == SL_OK);
    if (!w) return;
    double v[6] = {1, 0, 0, 0, 0, 0}, worst = 0, f[3];
    ENSURE(sl_world_set_velocities(w, v) == SL_OK);
    for (int n = 1; n <= 30; n++) {
        ENSURE(sl_world_step(w) == SL_OK);
        worst = fmax(worst, fabs(sl_world_velocities(w)[0] - (1 - n * mu * G * h)));
        ENSURE(sl_world_positions(w)[1] == 0);
    }
    ENSURE(sl_xpbd_contact_force(w, f) == SL_OK);
    printf("  30 steps: max |v - (1 - n mu g h)| = %.2e m/s, v = %.6f m/s; contact force %.9f N (m g = %.2f N)\n", worst,
           sl_world_velocities(w)[0], f[1], G);
    ENSURE(worst < 1e-9);
    ENSURE_NEAR(f[1], G, 1e-9 * G);
    sl_world_destroy(w);
}

/* A plate as a floor (sl_world_add_plate, facing +1) rising at 0.2 m/s from y = 0 until
 * t = 1 s, a 0.5 kg node on it moving up with it (spring to a far pin as above), xpbd at
 * dt = 0.01 s: after every step the node is on the plate, y = 0.2 t to 1e-15 m, and the
 * plate carries it with the force m g (no acceleration) to 1e-9. At t = 1 s the plate
 * stops and the node flies on, 2 mm up and back in 0.04 s (v^2 / 2g, 2 v / g), lands with no
 * bounce (the row removes the normal speed) and rests on the plate at y = 0.2 m from
 * t = 1.3 s on, with the same force. */
TEST(xpbd_contact_rows_carry_a_node_on_a_moving_plate) {
    const double x[6] = {0, 0, 0, 0, 10, 0}, m = 0.5, h = 0.01;
    const int edge[2] = {0, 1}, pin[2] = {1, -1};
    sl_world *w = body(2, x, m, 0, edge, 1, 1e-6, pin, "xpbd", h, 10);
    ENSURE(w && sl_world_add_plate(w, 0, 0.2, 1.0, 1, 0) == SL_OK);
    if (!w) return;
    double v[6] = {0, 0.2, 0, 0, 0, 0}, worst = 0, fworst = 0, f[3];
    ENSURE(sl_world_set_velocities(w, v) == SL_OK);
    for (int n = 1; n <= 150; n++) {
        ENSURE(sl_world_step(w) == SL_OK);
        ENSURE(sl_xpbd_contact_force(w, f) == SL_OK);
        if (n > 100 && n < 130) continue; /* in flight after the plate stopped */
        worst = fmax(worst, fabs(sl_world_positions(w)[1] - 0.2 * fmin(n * h, 1.0)));
        fworst = fmax(fworst, fabs(f[1] - m * G));
    }
    printf("  150 steps: max |y - y_plate| = %.1e m, max |f - m g| = %.1e N (m g = %.4f N)\n", worst, fworst, m * G);
    ENSURE(worst <= 1e-15);
    ENSURE(fworst <= 1e-9 * m * G);
    sl_world_destroy(w);
}
