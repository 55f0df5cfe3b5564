/* The scene table. Adding a scene is one file and one line here. */
#include <math.h>
#include <string.h>

#include "softlab/scene.h"

extern const sl_scene_class sl_scene_swinging_cube;
extern const sl_scene_class sl_scene_fem_soft_beam;
extern const sl_scene_class sl_scene_fem_supported_beam;
extern const sl_scene_class sl_scene_fem_twist_beam;
extern const sl_scene_class sl_scene_fem_twist_beam_linear;
extern const sl_scene_class sl_scene_fem_incompressible_block;
extern const sl_scene_class sl_scene_grid_box_drop;
extern const sl_scene_class sl_scene_grid_lifted_box;
extern const sl_scene_class sl_scene_grid_rubber_ball;
extern const sl_scene_class sl_scene_grid_buckling;
extern const sl_scene_class sl_scene_grid_inflation;
extern const sl_scene_class sl_scene_grid_pudding_twist;
extern const sl_scene_class sl_scene_grid_water_lily;
extern const sl_scene_class sl_scene_onering_sphere_drop;

const sl_scene_class *const sl_scenes[] = {
    &sl_scene_swinging_cube,
    &sl_scene_fem_soft_beam,
    &sl_scene_fem_supported_beam,
    &sl_scene_fem_twist_beam,
    &sl_scene_fem_twist_beam_linear,
    &sl_scene_fem_incompressible_block,
    &sl_scene_grid_box_drop,
    &sl_scene_grid_lifted_box,
    &sl_scene_grid_rubber_ball,
    &sl_scene_grid_buckling,
    &sl_scene_grid_inflation,
    &sl_scene_grid_pudding_twist,
    &sl_scene_grid_water_lily,
    &sl_scene_onering_sphere_drop,
};
const int sl_scene_count = (int)(sizeof sl_scenes / sizeof sl_scenes[0]);

const sl_param_info sl_param_infos[] = {
    {SL_PARAM_SPRING_STIFFNESS, "spring_stiffness", "spring stiffness k", "N m", 1e-3, 1e12, 1},
    {SL_PARAM_YOUNG_MODULUS, "young_modulus", "Young's modulus", "Pa", 1.0, 1e13, 1},
    {SL_PARAM_POISSON_RATIO, "poisson_ratio", "Poisson ratio", "", 0.0, 0.5, 0},
    {SL_PARAM_DENSITY, "density", "density", "kg/m^3", 1e-3, 1e5, 1},
    {SL_PARAM_GRAVITY, "gravity", "gravity", "m/s^2", 0.0, 100.0, 0},
    {SL_PARAM_RESOLUTION, "resolution", "mesh resolution", "", 1, 64, 0},
    {SL_PARAM_GRID_VARIANT, "grid_variant", "grid model (0 original, 1 improved, 2 area, 3 volume, 4 pillars)", "", 0, 4, 0},
};
const int sl_param_info_count = (int)(sizeof sl_param_infos / sizeof sl_param_infos[0]);

static double *param_field(sl_scene_params *p, int flag) {
    switch (flag) {
    case SL_PARAM_SPRING_STIFFNESS: return &p->spring_stiffness;
    case SL_PARAM_YOUNG_MODULUS: return &p->young_modulus;
    case SL_PARAM_POISSON_RATIO: return &p->poisson_ratio;
    case SL_PARAM_DENSITY: return &p->density;
    case SL_PARAM_GRAVITY: return &p->gravity;
    default: return NULL;
    }
}

static const sl_param_info *param_info(int flag) {
    for (int i = 0; i < sl_param_info_count; i++)
        if (sl_param_infos[i].flag == flag) return &sl_param_infos[i];
    return NULL;
}

double sl_scene_params_get(const sl_scene_params *p, int flag) {
    if (!p) return NAN;
    if (flag == SL_PARAM_RESOLUTION) return p->resolution < 0 ? NAN : p->resolution;
    if (flag == SL_PARAM_GRID_VARIANT) return p->grid_variant < 0 ? NAN : p->grid_variant;
    double *f = param_field((sl_scene_params *)p, flag);
    return f ? *f : NAN;
}

sl_status sl_scene_params_set(sl_scene_params *p, int flag, double value) {
    if (!p) return SL_ERR_NULL;
    const sl_param_info *info = param_info(flag);
    if (!info) return SL_ERR_INDEX;
    if (!(value >= info->min && value <= info->max)) return SL_ERR_RANGE;
    if (flag == SL_PARAM_RESOLUTION || flag == SL_PARAM_GRID_VARIANT) {
        if (value != floor(value)) return SL_ERR_RANGE;
        *(flag == SL_PARAM_RESOLUTION ? &p->resolution : &p->grid_variant) = (int)value;
        return SL_OK;
    }
    *param_field(p, flag) = value;
    return SL_OK;
}

sl_scene_params sl_scene_params_default(void) {
    sl_scene_params p;
    p.spring_stiffness = p.young_modulus = p.poisson_ratio = p.density = p.gravity = NAN;
    p.resolution = -1;
    p.grid_variant = -1;
    return p;
}

sl_scene_params sl_scene_params_resolve(const sl_scene_class *sc, const sl_scene_params *params) {
    sl_scene_params r = params ? *params : sl_scene_params_default();
    if (!sc) return r;
    for (int i = 0; i < sl_param_info_count; i++) {
        int flag = sl_param_infos[i].flag;
        if ((sc->params & flag) && isnan(sl_scene_params_get(&r, flag)))
            sl_scene_params_set(&r, flag, sl_scene_params_get(&sc->defaults, flag));
    }
    return r;
}

sl_status sl_scene_build(const sl_scene_class *sc, const sl_scene_params *params, sl_world **out) {
    if (out) *out = NULL;
    if (!sc || !out) return SL_ERR_NULL;
    if (!sc->build) return SL_ERR_UNKNOWN_SCENE; /* the user-mesh scene: sl_user_mesh_world */
    sl_scene_params resolved = sl_scene_params_resolve(sc, params);
    return sc->build(&resolved, out);
}

const sl_scene_class *sl_scene_find(const char *name) {
    if (!name) return NULL;
    for (int i = 0; i < sl_scene_count; i++)
        if (strcmp(sl_scenes[i]->name, name) == 0) return sl_scenes[i];
    return NULL;
}
