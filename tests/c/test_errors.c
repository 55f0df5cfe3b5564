/* Every error status of the spine triggered once, code and message checked. */
#include <string.h>

#include "softlab/springs.h"
#include "test.h"
#include "test_util.h"

TEST(errors_every_status_has_distinct_text) {
    for (int i = 0; i < SL_STATUS_COUNT; i++) {
        ENSURE(strlen(sl_status_message((sl_status)i)) > 1);
        for (int j = 0; j < i; j++)
            ENSURE(strcmp(sl_status_message((sl_status)i), sl_status_message((sl_status)j)) != 0);
    }
    ENSURE(strcmp(sl_status_message((sl_status)999), "unknown status") == 0);
    ENSURE(strcmp(sl_status_name(SL_ERR_RANGE), "SL_ERR_RANGE") == 0);
}

TEST(errors_world_definition_is_checked) {
    double x[3] = {0, 0, 0}, m[1] = {1};
    sl_world_def def = sl_world_def_default();
    sl_world *w = (sl_world *)&def; /* must be reset to NULL on error */
    ENSURE(sl_world_create(&def, &w) == SL_ERR_NULL && w == NULL);
    def.positions = x, def.masses = m;
    ENSURE(sl_world_create(&def, &w) == SL_ERR_RANGE); /* node_count 0 */
    def.node_count = 1;
    m[0] = -1;
    ENSURE(sl_world_create(&def, &w) == SL_ERR_RANGE); /* negative mass */
    m[0] = 1, x[1] = NAN;
    ENSURE(sl_world_create(&def, &w) == SL_ERR_NOT_FINITE);
    ENSURE(sl_world_create(NULL, &w) == SL_ERR_NULL);
}

TEST(errors_springs_are_checked) {
    double x[6] = {0, 0, 0, 0, 0, 0};
    int same[2] = {0, 0}, out[2] = {0, 5}, ok[2] = {0, 1};
    sl_model *m = (sl_model *)x;
    ENSURE(sl_springs_create(x, 2, ok, 1, 10, &m) == SL_ERR_DEGENERATE && m == NULL);
    ENSURE(sl_springs_create(x, 2, same, 1, 10, &m) == SL_ERR_INDEX);
    ENSURE(sl_springs_create(x, 2, out, 1, 10, &m) == SL_ERR_INDEX);
    ENSURE(sl_springs_create(x, 2, ok, 1, -1, &m) == SL_ERR_RANGE);
    ENSURE(sl_springs_create(x, 2, ok, 1, NAN, &m) == SL_ERR_RANGE);
}

TEST(errors_stepper_parameters_are_checked) {
    sl_world *w = make_cube("regularized", 0.05);
    const sl_stepper_class *reg = sl_stepper_find("regularized");
    ENSURE(sl_world_set_stepper(w, reg, 0.0, 0) == SL_ERR_RANGE);
    ENSURE(strstr(sl_world_last_error(w), "Δt = 0") != NULL);
    ENSURE(sl_world_set_stepper(w, reg, NAN, 0) == SL_ERR_RANGE);
    ENSURE(sl_world_set_stepper(w, reg, 0.01, -1) == SL_ERR_RANGE);
    /* the ends of the ranges the page reads from world.h (SL_DT_MAX, SL_BETA_MAX) */
    ENSURE(sl_world_set_stepper(w, reg, SL_DT_MAX, SL_BETA_MAX) == SL_OK);
    ENSURE(sl_world_set_stepper(w, reg, nextafter(SL_DT_MAX, 2), 0) == SL_ERR_RANGE);
    ENSURE(sl_world_set_stepper(w, reg, 0.01, nextafter(SL_BETA_MAX, 2e6)) == SL_ERR_RANGE);
    ENSURE(strstr(sl_world_last_error(w), "not in [0, 1e+06] 1/s") != NULL);
    ENSURE(sl_world_set_stepper(w, NULL, 0.01, 0) == SL_ERR_NULL);
    ENSURE(sl_world_pin(w, 8, 1) == SL_ERR_INDEX);
    ENSURE(strstr(sl_world_last_error(w), "node 8") != NULL);
    ENSURE(sl_world_set_tracked_node(w, 99) == SL_ERR_INDEX);
    ENSURE(sl_stepper_find("nope") == NULL && sl_scene_find("nope") == NULL);
    ENSURE(sl_world_set_solve_form(w, (sl_solve_form)7) == SL_ERR_RANGE);
    sl_world_destroy(w);
}

/* A rigid rod (k = infinity, alpha = 0) is refused by the steppers that need alpha^-1
 * and runs under the regularized stepper (Schur form): the pendulum keeps its length. */
TEST(errors_stiff_limit_and_rigid_rod) {
    double x[6] = {0, 0, 0, 1, 0, 0}, mass[2] = {1, 1};
    int edge[2] = {0, 1};
    sl_world_def def = sl_world_def_default();
    def.node_count = 2, def.positions = x, def.masses = mass;
    sl_world *w = NULL;
    sl_model *rod = NULL;
    ENSURE(sl_world_create(&def, &w) == SL_OK);
    ENSURE(sl_springs_create(x, 2, edge, 1, INFINITY, &rod) == SL_OK);
    ENSURE(sl_world_add_model(w, rod) == SL_OK);
    sl_world_pin(w, 0, 1);
    ENSURE(sl_world_set_stepper(w, sl_stepper_find("symplectic-euler"), 0.01, 0) == SL_ERR_STIFF_LIMIT);
    ENSURE(strstr(sl_world_last_error(w), "regularized") != NULL);
    double om;
    ENSURE(sl_world_omega_max(w, 10, &om) == SL_ERR_STIFF_LIMIT);
    ENSURE(sl_world_set_stepper(w, sl_stepper_find("regularized"), 0.01, 0) == SL_OK);
    ENSURE(step_n(w, 50) == 50);
    const double *p = sl_world_positions(w);
    ENSURE(p[4] < -0.8); /* from horizontal, a 1 m pendulum is near its bottom at 0.5 s */
    ENSURE_NEAR(sqrt(p[3] * p[3] + p[4] * p[4] + p[5] * p[5]), 1.0, 2e-3);
    ENSURE(sl_world_set_solve_form(w, SL_SOLVE_PRIMAL) == SL_OK);
    ENSURE(sl_world_step(w) == SL_ERR_STIFF_LIMIT);
    sl_world_destroy(w);
}

/* A diverged world keeps its last good (finite) state, refuses to step, says when
 * and why, and steps again after reset. */
TEST(errors_divergence_is_detected_and_reset_clears_it) {
    sl_world *w = make_cube("symplectic-euler", 0.05);
    ENSURE(sl_world_step(w) == SL_OK);
    sl_world_step(w);
    sl_world_step(w);
    int n = step_n(w, 100);
    double t = -1;
    const char *why = NULL;
    ENSURE(n < 100 && sl_world_diverged(w, &t, &why));
    ENSURE(t > 0 && t < 1 && why && strlen(why) > 5);
    for (int i = 0; i < 24; i++) ENSURE(isfinite(sl_world_positions(w)[i]));
    ENSURE(sl_world_step(w) == SL_ERR_DIVERGED);
    ENSURE(strstr(sl_world_last_error(w), "diverged at t =") != NULL);
    sl_world_reset(w);
    ENSURE(!sl_world_diverged(w, NULL, NULL) && sl_world_step(w) == SL_OK);
    sl_world_destroy(w);
}

/* Scene parameters: ranges from the one table, bad values refused, good ones kept. */
TEST(errors_scene_parameters_are_range_checked) {
    sl_scene_params p = sl_scene_params_default();
    ENSURE(isnan(sl_scene_params_get(&p, SL_PARAM_POISSON_RATIO)));
    ENSURE(sl_scene_params_set(&p, SL_PARAM_POISSON_RATIO, 0.6) == SL_ERR_RANGE);
    ENSURE(sl_scene_params_set(&p, SL_PARAM_YOUNG_MODULUS, -5) == SL_ERR_RANGE);
    ENSURE(sl_scene_params_set(&p, SL_PARAM_YOUNG_MODULUS, NAN) == SL_ERR_RANGE);
    ENSURE(sl_scene_params_set(&p, (sl_param)SL_PARAM_COUNT, 1) == SL_ERR_INDEX);
    ENSURE(sl_scene_params_set(&p, SL_PARAM_RESOLUTION, 2.5) == SL_ERR_RANGE);
    ENSURE(sl_scene_params_set(&p, SL_PARAM_POISSON_RATIO, 0.5) == SL_OK);
    ENSURE(sl_scene_params_get(&p, SL_PARAM_POISSON_RATIO) == 0.5);
    ENSURE(sl_scene_params_set(&p, SL_PARAM_RESOLUTION, 3) == SL_OK && p.value[SL_PARAM_RESOLUTION] == 3);
}
