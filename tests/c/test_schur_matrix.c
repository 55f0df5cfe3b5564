/* The regularized stepper's Schur form keeps S = J M^-1 J^T + D's pattern from step to step
 * and refills its values (src/core/steppers/schur_matrix.h, issue 42). The refill repeats a
 * fresh build's arithmetic, so a step from a refilled S is bit for bit the step a world put
 * at the same state takes from a freshly built one. */
#include <stdlib.h>
#include <string.h>
#include "softlab/scene.h"
#include "softlab/stepper.h"
#include "softlab/world.h"
#include "test.h"

static sl_world *cantilever(void) {
    const sl_scene_class *sc = sl_scene_find("onering-cantilever");
    sl_scene_params p = sl_scene_params_default();
    sl_world *w = NULL;
    ENSURE(sc && sl_scene_params_set(&p, SL_PARAM_ONERING, 0) == SL_OK && sl_scene_build(sc, &p, &w) == SL_OK);
    ENSURE(sl_world_set_stepper(w, sl_stepper_find("regularized"), 0.005, 0) == SL_OK); /* the scene's per-tet panel */
    ENSURE(sl_world_set_solve_form(w, SL_SOLVE_SCHUR) == SL_OK);
    return w;
}

/* onering-cantilever's per-tet panel (ν = 0.5: every tet's volume row alpha = 0, 200 tets,
 * Δt 5 ms): step 12 of a run (S refilled since step 2) against one step of a second world
 * restored to that run's state after step 11 (S built afresh): every coordinate and velocity
 * equal bit for bit, and the step moved the tip (the comparison is not of a body at rest). */
TEST(schur_refilled_matrix_steps_as_a_fresh_one) {
    sl_world *a = cantilever(), *b = cantilever();
    int n3 = 3 * sl_world_node_count(a);
    double *x = malloc(sizeof(double) * (size_t)n3), *v = malloc(sizeof(double) * (size_t)n3), t = 0;
    for (int k = 0; k < 12; k++) {
        if (k == 11) {
            t = sl_world_time(a);
            memcpy(x, sl_world_positions(a), sizeof(double) * (size_t)n3);
            memcpy(v, sl_world_velocities(a), sizeof(double) * (size_t)n3);
        }
        ENSURE(sl_world_step(a) == SL_OK);
    }
    ENSURE(sl_world_restore(b, t, x, v) == SL_OK);
    ENSURE(sl_world_step(b) == SL_OK);
    int differ = 0;
    double moved = 0;
    for (int i = 0; i < n3; i++) {
        differ += memcmp(&sl_world_positions(a)[i], &sl_world_positions(b)[i], sizeof(double)) != 0;
        differ += memcmp(&sl_world_velocities(a)[i], &sl_world_velocities(b)[i], sizeof(double)) != 0;
        moved = fmax(moved, fabs(sl_world_positions(a)[i] - x[i]));
    }
    printf("  step 12 from a refilled S against a fresh one: %d of %d numbers differ; the step moved nodes up to %.3g m\n",
           differ, 2 * n3, moved);
    ENSURE(differ == 0);
    ENSURE(moved > 1e-5);
    free(x), free(v);
    sl_world_destroy(a), sl_world_destroy(b);
}
