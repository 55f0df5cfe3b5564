/* Saving and restoring a world's state (issue 45, the course API's save-state and
 * load-state): a world restored to (t, x, v) by sl_world_restore continues exactly as the
 * world it was read from does after sl_world_restart_history, bit for bit, for every
 * stepper on the swinging cube, the hanging chain and the warped bar; and a state
 * that is not one (NaN, t < 0) is refused with the world unchanged. Without
 * sl_world_restart_history on the saved world, all three scenes fail: every stepper with a
 * linear solve differs in its last bits (the reused factor and extrapolated guess of
 * linsolve.c), e.g. warp-bar under implicit-euler, regularized and the warping steppers. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/scene.h"
#include "softlab/stepper.h"
#include "test.h"

#define RESTORE_STEPS 12 /* before the save, and again after it */

/* Builds scene sc with stepper st at its default dt; NULL if the pair is refused. */
static sl_world *build(const sl_scene_class *sc, const sl_stepper_class *st) {
    sl_world *w = NULL;
    if (sl_scene_build(sc, NULL, &w) != SL_OK || !w) return NULL;
    if (sl_world_set_stepper(w, st, sc->default_dt, sc->default_beta) != SL_OK) {
        sl_world_destroy(w);
        return NULL;
    }
    return w;
}

/* Steps w k times; 0 if a step failed (diverged pairs are not compared). */
static int steps(sl_world *w, int k) {
    for (int i = 0; i < k; i++)
        if (sl_world_step(w) != SL_OK) return 0;
    return 1;
}

static void continues_bit_for_bit(const char *scene) {
    const sl_scene_class *sc = sl_scene_find(scene);
    ENSURE(sc != NULL);
    if (!sc) return;
    int compared = 0;
    for (int k = 0; k < sl_stepper_count; k++) {
        const sl_stepper_class *st = sl_steppers[k];
        sl_world *a = build(sc, st);
        if (!a) continue;
        if (!steps(a, RESTORE_STEPS)) { sl_world_destroy(a); continue; }
        int n3 = 3 * sl_world_node_count(a);
        double t = sl_world_time(a), *x = malloc(n3 * sizeof(double)), *v = malloc(n3 * sizeof(double));
        memcpy(x, sl_world_positions(a), n3 * sizeof(double));
        memcpy(v, sl_world_velocities(a), n3 * sizeof(double));
        sl_world_restart_history(a); /* what save-state does to the running world */
        int ran_a = steps(a, RESTORE_STEPS);
        sl_world *b = build(sc, st);
        ENSURE(b != NULL);
        if (b) {
            ENSURE(sl_world_restore(b, t, x, v) == SL_OK);
            ENSURE(sl_world_time(b) == t);
            int ran_b = steps(b, RESTORE_STEPS);
            ENSURE(ran_a == ran_b);
            if (ran_a && ran_b) {
                compared++;
                if (sl_world_time(a) != sl_world_time(b) ||
                    memcmp(sl_world_positions(a), sl_world_positions(b), n3 * sizeof(double)) ||
                    memcmp(sl_world_velocities(a), sl_world_velocities(b), n3 * sizeof(double)))
                    test_fail(__FILE__, __LINE__, "%s/%s: the restored run differs from the continued one", scene, st->name);
            }
            sl_world_destroy(b);
        }
        free(x), free(v);
        sl_world_destroy(a);
    }
    ENSURE(compared >= 3); /* every scene here runs several steppers */
}

TEST(restore_continues_bit_for_bit_on_the_swinging_cube) { continues_bit_for_bit("swinging-cube"); }
TEST(restore_continues_bit_for_bit_on_the_hanging_chain) { continues_bit_for_bit("xpbd-hanging-chain"); }
TEST(restore_continues_bit_for_bit_on_the_warped_bar) { continues_bit_for_bit("warp-bar"); }

TEST(restore_refuses_a_state_that_is_not_one) {
    const sl_scene_class *sc = sl_scene_find("swinging-cube");
    sl_world *w = build(sc, sl_stepper_find("regularized"));
    ENSURE(w != NULL);
    if (!w) return;
    ENSURE(steps(w, 3));
    int n3 = 3 * sl_world_node_count(w);
    double t = sl_world_time(w), *x = malloc(n3 * sizeof(double)), *v = malloc(n3 * sizeof(double));
    memcpy(x, sl_world_positions(w), n3 * sizeof(double));
    memcpy(v, sl_world_velocities(w), n3 * sizeof(double));
    double x0 = x[0];
    x[4] = NAN, x[0] = 123.0;
    ENSURE(sl_world_restore(w, 0.5, x, v) == SL_ERR_NOT_FINITE);
    ENSURE(strstr(sl_world_last_error(w), "position 4") != NULL);
    ENSURE(sl_world_time(w) == t && sl_world_positions(w)[0] == x0); /* unchanged */
    x[4] = 0;
    ENSURE(sl_world_restore(w, -1.0, x, v) == SL_ERR_RANGE);
    ENSURE(sl_world_restore(w, NAN, x, v) == SL_ERR_RANGE);
    ENSURE(sl_world_restore(NULL, 0.0, x, v) == SL_ERR_NULL);
    ENSURE(sl_world_time(w) == t);
    ENSURE(sl_world_restore(w, 0.25, x, v) == SL_OK);
    ENSURE(sl_world_time(w) == 0.25 && sl_world_positions(w)[0] == 123.0);
    free(x), free(v);
    sl_world_destroy(w);
}
