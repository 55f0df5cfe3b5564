/* The scene table. Adding a scene is one file and one line here. */
#include <math.h>
#include <string.h>

#include "sl_scene.h"

extern const sl_scene_class sl_scene_swinging_cube;

const sl_scene_class *const sl_scenes[] = {
    &sl_scene_swinging_cube,
};
const int sl_scene_count = (int)(sizeof sl_scenes / sizeof sl_scenes[0]);

sl_scene_params sl_scene_params_default(void) {
    sl_scene_params p;
    p.spring_stiffness = p.young_modulus = p.poisson_ratio = p.density = p.gravity = NAN;
    p.resolution = -1;
    return p;
}

const sl_scene_class *sl_scene_find(const char *name) {
    if (!name) return NULL;
    for (int i = 0; i < sl_scene_count; i++)
        if (strcmp(sl_scenes[i]->name, name) == 0) return sl_scenes[i];
    return NULL;
}
