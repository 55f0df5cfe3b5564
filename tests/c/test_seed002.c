/* Seed 002's rows (src/validate/seed002.c): the linear solve that does not stop on an
 * indefinite tangent (SL_LINEAR_DEFAULT_LU, the Green tube's rows) and what the rows say
 * about their set-up (the paper's lumped damping; the undamped runs kept as rows of their
 * own). */
#include <stdlib.h>
#include <string.h>

#include "softlab/scene.h"
#include "softlab/stepper.h"
#include "softlab/validate.h"
#include "softlab/world.h"
#include "test.h"

/* warp-tube-drop under Green strain (implicit-euler) at dt = 2 ms with `solver`. */
static sl_world *green_drop(sl_linear_solver solver) {
    sl_scene_params p = sl_scene_params_default();
    sl_world *w = NULL;
    if (sl_scene_build(sl_scene_find("warp-tube-drop"), &p, &w) != SL_OK) return NULL;
    if (sl_world_set_stepper(w, sl_stepper_find("implicit-euler"), 0.002, 0) != SL_OK ||
        sl_world_set_linear_solver(w, solver) != SL_OK) {
        sl_world_destroy(w);
        return NULL;
    }
    return w;
}

/* At the impact (0.32 s) the compressed tets make M + dt^2 K indefinite: the default solve
 * stops there ("not positive definite"); DEFAULT_LU solves the same system by LU and runs
 * on, and every step before is bitwise the default's. */
TEST(seed002_default_lu_runs_past_an_indefinite_tangent) {
    sl_world *a = green_drop(SL_LINEAR_DEFAULT), *b = green_drop(SL_LINEAR_DEFAULT_LU);
    ENSURE(a && b);
    if (!a || !b) return;
    int n = 3 * sl_world_node_count(a), failed_at = -1;
    for (int s = 0; s < 250 && failed_at < 0; s++) {
        sl_status sa = sl_world_step(a), sb = sl_world_step(b);
        ENSURE(sb == SL_OK);
        if (sa != SL_OK) {
            failed_at = s;
            ENSURE(strstr(sl_world_last_error(a), "not positive definite") != NULL);
        } else {
            ENSURE(memcmp(sl_world_positions(a), sl_world_positions(b), sizeof(double) * (size_t)n) == 0);
        }
    }
    ENSURE(failed_at > 150); /* after the fall of 0.32 s */
    for (int s = failed_at + 1; s < 250; s++) ENSURE(sl_world_step(b) == SL_OK);
    sl_world_destroy(a);
    sl_world_destroy(b);
}

/* An unknown solver is refused, the one past the last too. */
TEST(seed002_linear_solver_range) {
    sl_world *w = green_drop(SL_LINEAR_DEFAULT);
    ENSURE(w != NULL);
    if (!w) return;
    ENSURE(sl_world_set_linear_solver(w, SL_LINEAR_SOLVER_COUNT) == SL_ERR_RANGE);
    ENSURE(sl_world_set_linear_solver(w, SL_LINEAR_DEFAULT_LU) == SL_OK);
    sl_world_destroy(w);
}

/* The rows the paper damps run damped (no set-up difference); their undamped runs are rows
 * of their own that say so. */
TEST(seed002_damped_rows_and_their_undamped_twins) {
    static const char *const ids[] = {"002-bar-vertex-energy", "002-long-bar-vertex", "002-tube-dt-vertex"};
    for (int k = 0; k < 3; k++) {
        char twin[64];
        snprintf(twin, sizeof twin, "%s-undamped", ids[k]);
        const sl_claim *c = sl_validate_find(ids[k]), *u = sl_validate_find(twin);
        ENSURE(c && u);
        if (!c || !u) continue;
        ENSURE(c->setup_differs == NULL);
        ENSURE(strstr(c->setup, "c = 1/s") != NULL);
        ENSURE(u->setup_differs != NULL && strstr(u->setup_differs, "undamped") != NULL);
    }
    const sl_claim *g = sl_validate_find("002-tube-dt-green"), *gc = sl_validate_find("002-tube-dt-green-cholesky");
    ENSURE(g && gc && g->setup_differs == NULL && gc->setup_differs != NULL);
}
