/* Contact with the ground plane and static spheres (seed 004 §6; world/contact.c). */
#include <math.h>
#include "softlab/springs.h"
#include "test.h"
#include "test_util.h"

/* A free 1 kg particle (with a spring to a far anchor, so the world has a model) moving
 * at v = (1, -2, 0) m/s, no gravity, 5 mm above the ground, dt = 0.01 s: it ends the step
 * on the ground; the inward normal speed 2 m/s is removed and Coulomb friction 0.25
 * takes 0.25 * 2 = 0.5 m/s off the tangential 1 m/s. */
TEST(contact_ground_projection_and_coulomb_friction) {
    double x[6] = {0, 0.005, 0, 0, 10, 0}, m[2] = {1, 1};
    int edge[2] = {0, 1};
    sl_world_def def = sl_world_def_default();
    def.node_count = 2, def.positions = x, def.masses = m, def.gravity[1] = 0;
    sl_world *w = NULL;
    sl_model *spring = NULL;
    ENSURE(sl_world_create(&def, &w) == SL_OK);
    ENSURE(sl_springs_create(x, 2, edge, 1, 1e-6, &spring) == SL_OK && sl_world_add_model(w, spring) == SL_OK);
    sl_world_pin(w, 1, 1);
    double v[6] = {1, -2, 0, 0, 0, 0};
    sl_world_set_velocities(w, v);
    ENSURE(sl_world_set_ground(w, 0.0, 0.25) == SL_OK);
    ENSURE(sl_world_set_stepper(w, sl_stepper_find("symplectic-euler"), 0.01, 0) == SL_OK);
    ENSURE(sl_world_step(w) == SL_OK);
    const double *p = sl_world_positions(w), *u = sl_world_velocities(w);
    ENSURE(p[1] == 0.0);
    ENSURE_NEAR(u[1], 0.0, 1e-15);
    ENSURE_NEAR(u[0], 0.5, 1e-9);
    ENSURE(sl_world_set_ground(w, 0.0, -1) == SL_ERR_RANGE);
    double c[3] = {0.3, 0.0, 0.0};
    ENSURE(sl_world_add_sphere(w, c, 0.2, 0.0) == SL_OK); /* the particle at x = 0.1 is on its surface */
    ENSURE(sl_world_add_sphere(w, c, -1, 0.0) == SL_ERR_RANGE);
    ENSURE(sl_world_step(w) == SL_OK);
    ENSURE(sl_world_positions(w)[0] <= 0.1 + 1e-12); /* pushed back out of the pearl */
    sl_world_destroy(w);
}

/* A moving plate (sl_world_add_plate): a ceiling at y = 0.1 m coming down at 1 m/s until
 * t = 0.05 s, and a free 1 kg particle at y = 0.095 m rising at 0.5 m/s (no gravity),
 * dt = 0.01 s, symplectic Euler (the generic contact after the step). After one step the
 * ceiling is at 0.09 m and the particle, which would be at 0.1 m, is put on it with the
 * plate's velocity -1 m/s (not its own +0.5: it may not move into the plate); friction
 * 0.2 takes 0.2 * 1.5 m/s off its tangential 1 m/s. Once the plate stops (t = 0.05 s,
 * at y = 0.05 m) the particle keeps -1 m/s only until it leaves: it does, at once. */
TEST(contact_moving_plate_carries_the_node_at_its_velocity) {
    double x[6] = {0, 0.095, 0, 0, -10, 0}, m[2] = {1, 1};
    int edge[2] = {0, 1};
    sl_world_def def = sl_world_def_default();
    def.node_count = 2, def.positions = x, def.masses = m, def.gravity[1] = 0;
    sl_world *w = NULL;
    sl_model *spring = NULL;
    ENSURE(sl_world_create(&def, &w) == SL_OK);
    ENSURE(sl_springs_create(x, 2, edge, 1, 1e-6, &spring) == SL_OK && sl_world_add_model(w, spring) == SL_OK);
    sl_world_pin(w, 1, 1);
    double v[6] = {1, 0.5, 0, 0, 0, 0};
    sl_world_set_velocities(w, v);
    ENSURE(sl_world_add_plate(w, 0.1, -1, 0.05, -1, 0.2) == SL_OK);
    ENSURE(sl_world_set_stepper(w, sl_stepper_find("symplectic-euler"), 0.01, 0) == SL_OK);
    ENSURE(sl_world_step(w) == SL_OK);
    const double *p = sl_world_positions(w), *u = sl_world_velocities(w);
    ENSURE_NEAR(p[1], 0.09, 1e-15);
    ENSURE_NEAR(u[1], -1.0, 1e-15);
    ENSURE_NEAR(u[0], 1 - 0.2 * 1.5, 1e-12);
    double h = 0, pv = 0;
    int facing = 0;
    ENSURE(sl_world_plate(w, 0, 0.2, &h, &pv, &facing) == 1 && facing == -1);
    ENSURE_NEAR(h, 0.05, 1e-15);
    ENSURE(pv == 0 && sl_world_plate(w, 1, 0, &h, &pv, &facing) == 0 && sl_world_plate_count(w) == 1);
    ENSURE(sl_world_add_plate(w, 0, 0, 1, 0, 0) == SL_ERR_RANGE); /* facing must be +1 or -1 */
    ENSURE(sl_world_add_plate(w, 0, 0, -1, 1, 0) == SL_ERR_RANGE);
    ENSURE(sl_world_add_plate(w, NAN, 0, 1, 1, 0) == SL_ERR_NOT_FINITE);
    sl_world_destroy(w);
}
