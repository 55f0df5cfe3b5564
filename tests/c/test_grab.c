/* The grab (a user's drag): a spring force toward a target, the same in every stepper. */
#include "softlab/incompressible.h"
#include "test.h"
#include "test_util.h"

/* Free cube (no gravity, no pin) at rest, node 5 grabbed with k = 100 N/m toward a
 * target 0.5 m above it. Internal spring forces cancel in the total, so after one step
 * the total momentum is exactly dt k (target - x5) = 0.01 * 100 * 0.5 = 0.5 N s along
 * +y, for every stepper. */
TEST(grab_impulse_is_dt_k_distance_in_every_stepper) {
    for (int s = 0; s < sl_stepper_count; s++) {
        sl_world *w = make_free_cube();
        ENSURE(w != NULL);
        int node = 5;
        double weight = 1.0, target[3] = {1, 0.5, 1};
        ENSURE(sl_world_grab(w, &node, &weight, NULL, 1, target, 100.0) == SL_OK);
        ENSURE(sl_world_grab_count(w) == 1);
        if (sl_steppers[s]->flags & SL_STEPPER_QUADRATIC_ONLY) { /* springs are not quadratic */
            ENSURE(sl_world_set_stepper(w, sl_steppers[s], 0.01, 0) == SL_ERR_INCOMPATIBLE);
            sl_world_destroy(w);
            continue;
        }
        ENSURE(sl_world_set_stepper(w, sl_steppers[s], 0.01, 0) == SL_OK);
        double y0 = sl_world_positions(w)[3 * node + 1];
        ENSURE(sl_world_step(w) == SL_OK);
        double py = 0, expected = 0.5;
        for (int i = 0; i < 8; i++) py += sl_world_velocities(w)[3 * i + 1];
        if (sl_steppers[s] == &sl_stepper_incompressible) /* Newmark (seed 001 §2 steps 1-8):
            v^{n+1} = v^n + dt a(x^{n+1/2}), the grab pulls from the step's midpoint */
            expected = 0.01 * 100 * (target[1] - 0.5 * (y0 + sl_world_positions(w)[3 * node + 1]));
        ENSURE_NEAR(py, expected, 1e-10);
        sl_world_release(w);
        ENSURE(sl_world_grab_count(w) == 0);
        sl_world_destroy(w);
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
