/* The grab (a user's drag): a spring force toward a target, the same in every stepper. */
#include <string.h>

#include "test.h"
#include "test_util.h"

/* Free cube (no gravity, no pin) at rest, node 5 grabbed with k = 100 N/m toward a
 * target 0.5 m above it. Internal spring forces cancel in the total, so after one step
 * the total momentum is dt k (target - x5) = dt * 100 * 0.5 N s along +y for every
 * stepper that reads the grab at x_n only; exactly so at dt = 0.01 for the one-stage
 * steppers. A multi-stage stepper (seed 003) reads it at stage positions inside the
 * step, where node 5 has moved by O(dt^2): at dt = 0.01 (omega_max dt = 5.6, beyond every
 * explicit bound) its impulse is within 3 %, at dt = 1e-5 within 1e-6 relative. */
TEST(grab_impulse_is_dt_k_distance_in_every_stepper) {
    for (int s = 0; s < sl_stepper_count; s++) {
        for (int r = 0; r < 2; r++) {
            double dt = r ? 1e-5 : 0.01;
            sl_world *w = make_free_cube();
            ENSURE(w != NULL);
            int node = 5;
            double weight = 1.0, target[3] = {1, 0.5, 1};
            ENSURE(sl_world_grab(w, &node, &weight, NULL, 1, target, 100.0) == SL_OK);
            ENSURE(sl_world_grab_count(w) == 1);
            if (sl_steppers[s]->flags & (SL_STEPPER_QUADRATIC_ONLY | SL_STEPPER_NEEDS_FEM)) { /* springs are
                                                      not quadratic, not FEM */
                ENSURE(sl_world_set_stepper(w, sl_steppers[s], dt, 0) == SL_ERR_INCOMPATIBLE);
                sl_world_destroy(w);
                continue;
            }
            ENSURE(sl_world_set_stepper(w, sl_steppers[s], dt, 0) == SL_OK);
            ENSURE(sl_world_step(w) == SL_OK);
            double py = 0, expect = dt * 100.0 * 0.5;
            int one_stage = sl_world_last_timing(w).evaluations == 1 && strcmp(sl_steppers[s]->name, "verlet");
            for (int i = 0; i < 8; i++) py += sl_world_velocities(w)[3 * i + 1];
            ENSURE_NEAR(py / expect, 1.0, r ? 1e-6 : one_stage ? 1e-10 : 0.03);
            sl_world_release(w);
            ENSURE(sl_world_grab_count(w) == 0);
            sl_world_destroy(w);
        }
    }
}

/* Dragging lifts the hanging cube. The nearly rigid cube pinned at node 2 = (0,1,0)
 * keeps node 5 on the sphere of radius sqrt 3 about the pin, so pulled hard toward a
 * target high above, node 5 swings (undamped) about pin + sqrt 3 * unit(target - pin):
 * its mean position over steps 1000-3000 lies there. */
TEST(grab_drags_the_cube_toward_the_target) {
    sl_world *w = make_cube("regularized", 0.01);
    int node = 5;
    double weight = 1.0, target[3] = {1.0, 2.5, 1.0}, pin[3] = {0, 1, 0};
    ENSURE(sl_world_grab(w, &node, &weight, NULL, 1, target, 2000.0) == SL_OK);
    ENSURE(step_n(w, 1000) == 1000);
    double mean[3] = {0, 0, 0}, dir[3], len = 0, d = 0;
    for (int s = 0; s < 2000; s++) {
        ENSURE(sl_world_step(w) == SL_OK);
        for (int c = 0; c < 3; c++) mean[c] += sl_world_positions(w)[15 + c] / 2000;
    }
    for (int c = 0; c < 3; c++) dir[c] = target[c] - pin[c], len += dir[c] * dir[c];
    for (int c = 0; c < 3; c++) d += pow(mean[c] - (pin[c] + sqrt(3.0) * dir[c] / sqrt(len)), 2);
    ENSURE(sqrt(d) < 0.15); /* it started 2.0 m away */
    double far[3] = {NAN, 0, 0};
    ENSURE(sl_world_grab_move(w, far) == SL_ERR_NOT_FINITE);
    ENSURE(sl_world_grab(w, &node, &weight, NULL, 1, target, -1) == SL_ERR_RANGE);
    int bad = 8;
    ENSURE(sl_world_grab(w, &bad, &weight, NULL, 1, target, 1) == SL_ERR_INDEX);
    sl_world_destroy(w);
}
