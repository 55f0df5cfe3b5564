/* The scene table: every scene states a default for each parameter it reads, inside
 * the parameter table's range, and builds from it; an override reaches the world. */
#include <math.h>

#include "softlab/model.h"
#include "softlab/scene.h"
#include "test.h"

TEST(scene_defaults_are_complete_and_in_range) {
    for (int s = 0; s < sl_scene_count; s++) {
        const sl_scene_class *sc = sl_scenes[s];
        sl_scene_params r = sl_scene_params_resolve(sc, NULL);
        for (int i = 0; i < SL_PARAM_COUNT; i++) {
            const sl_param_info *info = &sl_param_infos[i];
            if (!(sc->params & SL_PARAM_BIT(i))) continue;
            double v = sl_scene_params_get(&r, (sl_param)i);
            if (!sl_param_valid((sl_param)i, v))
                test_fail(__FILE__, __LINE__, "%s: default %s = %g not in [%g, %g]", sc->name,
                          info->name, v, info->min, info->max);
        }
        sl_world *w = NULL;
        ENSURE(sl_scene_build(sc, NULL, &w) == SL_OK);
        sl_world_destroy(w);
    }
}

/* The parameter table: names found back, choices of the grid variant by name. */
TEST(scene_parameter_table_names_and_choices) {
    for (int i = 0; i < SL_PARAM_COUNT; i++) ENSURE(sl_param_find(sl_param_infos[i].name) == i);
    ENSURE(sl_param_find("youngs") == -1 && sl_param_find(NULL) == -1);
    ENSURE(sl_param_choice(SL_PARAM_GRID_VARIANT, "improved") == 1);
    ENSURE(sl_param_choice(SL_PARAM_GRID_VARIANT, "pillars") == 4);
    ENSURE(sl_param_choice(SL_PARAM_GRID_VARIANT, "squishy") == -1);
    ENSURE(sl_param_choice(SL_PARAM_DENSITY, "improved") == -1);
    ENSURE(sl_param_valid(SL_PARAM_RESOLUTION, 16) && !sl_param_valid(SL_PARAM_RESOLUTION, 17));
}

/* Swinging cube (seed 000 §3) with k = 2e5 N m: a spring's compliance is 1/k. */
TEST(scene_override_reaches_the_world) {
    const sl_scene_class *sc = sl_scene_find("swinging-cube");
    sl_scene_params p = sl_scene_params_default();
    ENSURE(sl_scene_params_set(&p, SL_PARAM_SPRING_STIFFNESS, 2e5) == SL_OK);
    sl_world *w = NULL;
    ENSURE(sl_scene_build(sc, &p, &w) == SL_OK);
    ENSURE_NEAR(sl_world_model(w, 0)->compliance[0], 1.0 / 2e5, 1e-18);
    sl_world_destroy(w);
    ENSURE(sl_scene_build(sc, NULL, &w) == SL_OK);
    ENSURE_NEAR(sl_world_model(w, 0)->compliance[0], 1.0 / 1e5, 1e-18);
    sl_world_destroy(w);
}
