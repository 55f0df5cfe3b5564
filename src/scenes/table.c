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
extern const sl_scene_class sl_scene_fem_hanging_cantilever;
extern const sl_scene_class sl_scene_grid_box_drop;
extern const sl_scene_class sl_scene_grid_lifted_box;
extern const sl_scene_class sl_scene_grid_rubber_ball;
extern const sl_scene_class sl_scene_grid_buckling;
extern const sl_scene_class sl_scene_grid_inflation;
extern const sl_scene_class sl_scene_grid_pudding_twist;
extern const sl_scene_class sl_scene_grid_water_lily;
extern const sl_scene_class sl_scene_warp_bar, sl_scene_warp_bar_long;
extern const sl_scene_class sl_scene_warp_tube, sl_scene_warp_tube_drop, sl_scene_warp_skin_on_bone;
extern const sl_scene_class sl_scene_onering_sphere_drop, sl_scene_onering_squeeze, sl_scene_onering_cantilever,
    sl_scene_onering_torus_drop;
extern const sl_scene_class sl_scene_oscillator, sl_scene_pendulum;
extern const sl_scene_class sl_scene_thread_hang, sl_scene_thread_twist, sl_scene_thread_suture;
extern const sl_scene_class sl_scene_xpbd_hanging_chain, sl_scene_xpbd_hanging_cloth;
extern const sl_scene_class sl_scene_perf_block, sl_scene_perf_beam;

const sl_scene_class *const sl_scenes[] = {
    &sl_scene_swinging_cube,
    &sl_scene_fem_soft_beam,
    &sl_scene_fem_supported_beam,
    &sl_scene_fem_twist_beam,
    &sl_scene_fem_twist_beam_linear,
    &sl_scene_fem_incompressible_block,
    &sl_scene_fem_hanging_cantilever,
    &sl_scene_grid_box_drop,
    &sl_scene_grid_lifted_box,
    &sl_scene_grid_rubber_ball,
    &sl_scene_grid_buckling,
    &sl_scene_grid_inflation,
    &sl_scene_grid_pudding_twist,
    &sl_scene_grid_water_lily,
    &sl_scene_warp_bar, &sl_scene_warp_bar_long,
    &sl_scene_warp_tube, &sl_scene_warp_tube_drop, &sl_scene_warp_skin_on_bone,
    &sl_scene_onering_sphere_drop, &sl_scene_onering_squeeze, &sl_scene_onering_cantilever,
    &sl_scene_onering_torus_drop,
    &sl_scene_oscillator, &sl_scene_pendulum,
    &sl_scene_thread_hang, &sl_scene_thread_twist, &sl_scene_thread_suture,
    &sl_scene_xpbd_hanging_chain, &sl_scene_xpbd_hanging_cloth,
    &sl_scene_perf_block, &sl_scene_perf_beam,
};
const int sl_scene_count = (int)(sizeof sl_scenes / sizeof sl_scenes[0]);

static const char *const VOLUME_MODELS[] = {"per-tet", "one-ring"};
static const char *const EXPERIMENTS[] = {"hang", "drop", "squeeze", "cantilever"};
static const char *const GRID_VARIANTS[] = {"original", "improved", "area", "volume", "pillars"};
/* seed 004: Terzopoulos et al. 1987's model, the paper's three improvements together, and
 * each alone on the original (grid.c) */
static const char *const GRID_VARIANT_LABELS[] = {"original (Terzopoulos 1987)", "improved (all three)",
                                                  "area restoration alone", "original + volume restoration",
                                                  "original + pillars"};
static const char *const VOLUME_MODEL_LABELS[] = {"per tet (Green-strain tets at the Poisson ratio)",
                                                  "one-ring (deviatoric tets, one volume row a node)"};

const sl_param_info sl_param_infos[SL_PARAM_COUNT] = {
    /* phi of a spring is a strain (dimensionless), U = k phi^2 / 2: k is an energy, N m */
    [SL_PARAM_SPRING_STIFFNESS] = {"spring_stiffness", "spring stiffness k (energy per squared strain)", "N m", 1e-3, 1e12, 0, 1, NULL, NULL},
    [SL_PARAM_YOUNG_MODULUS] = {"young_modulus", "Young's modulus", "Pa", 1.0, 1e13, 0, 1, NULL, NULL},
    [SL_PARAM_POISSON_RATIO] = {"poisson_ratio", "Poisson ratio", "", 0.0, 0.5, 0, 0, NULL, NULL},
    [SL_PARAM_DENSITY] = {"density", "density", "kg/m³", 1e-3, 1e5, 0, 1, NULL, NULL},
    [SL_PARAM_GRAVITY] = {"gravity", "gravity", "m/s²", 0.0, 100.0, 0, 0, NULL, NULL},
    /* FEM beams: 16 cells across the short side is 23,409 nodes for the twist beam */
    [SL_PARAM_RESOLUTION] = {"resolution", "mesh resolution", "", 1, 16, 1, 0, NULL, NULL},
    /* grid solids (seed 004): the original model, all three improvements, area restoration
     * alone (face diagonals instead of angles), original + volume, original + pillars */
    [SL_PARAM_GRID_VARIANT] = {"grid_variant", "grid model", "", 0, 4, 1, 0, GRID_VARIANTS, GRID_VARIANT_LABELS},
    /* seed 003 §5: Gauss-Seidel sweeps of the position-based correction after each step of
     * an explicit stepper (sl_world_set_pbd_iterations); 0 = off */
    [SL_PARAM_PBD_ITERATIONS] = {"pbd_iterations", "position-correction sweeps (PBD)", "", 0,
                                 SL_WORLD_PBD_MAX_ITERATIONS, 1, 0, NULL, NULL},
    /* seed 001: one constraint per node (one-ring) against one per tet (locks) */
    [SL_PARAM_ONERING] = {"onering", "volume constraint (0 per tet, 1 one-ring)", "", 0, 1, 1, 0, VOLUME_MODELS, VOLUME_MODEL_LABELS},
    /* a loaded mesh as each of seed 001's experiments, or hanging (sl_user_mesh_world) */
    [SL_PARAM_EXPERIMENT] = {"experiment", "experiment with the mesh", "", 0, 3, 1, 0, EXPERIMENTS, NULL},
    /* seed 001 §5: the squeeze's final gap over the ball's height (the seed reached 0.011);
     * 0.005 keeps the plates apart, as sl_ball_drop_def.squeeze_min_gap must */
    [SL_PARAM_SQUEEZE_GAP] = {"squeeze_gap", "plates' final gap (fraction of the ball's height)", "", 0.005, 0.9, 0, 0, NULL, NULL},
};

int sl_param_find(const char *name) {
    for (int k = 0; name && k < SL_PARAM_COUNT; k++)
        if (!strcmp(sl_param_infos[k].name, name)) return k;
    return -1;
}

int sl_param_choice(sl_param p, const char *name) {
    if (p < 0 || p >= SL_PARAM_COUNT || !name || !sl_param_infos[p].choices) return -1;
    for (int v = 0; v <= (int)sl_param_infos[p].max; v++)
        if (!strcmp(sl_param_infos[p].choices[v], name)) return v;
    return -1;
}

double sl_scene_params_get(const sl_scene_params *params, sl_param p) {
    return params && p >= 0 && p < SL_PARAM_COUNT ? params->value[p] : NAN;
}

int sl_param_valid(sl_param p, double value) {
    if (p < 0 || p >= SL_PARAM_COUNT) return 0;
    const sl_param_info *info = &sl_param_infos[p];
    return value >= info->min && value <= info->max && (!info->integer || value == floor(value));
}

sl_status sl_scene_params_set(sl_scene_params *params, sl_param p, double value) {
    if (!params) return SL_ERR_NULL;
    if (p < 0 || p >= SL_PARAM_COUNT) return SL_ERR_INDEX;
    if (!sl_param_valid(p, value)) return SL_ERR_RANGE;
    params->value[p] = value;
    return SL_OK;
}

sl_scene_params sl_scene_params_default(void) {
    sl_scene_params p;
    for (int k = 0; k < SL_PARAM_COUNT; k++) p.value[k] = NAN;
    return p;
}

sl_scene_params sl_scene_params_resolve(const sl_scene_class *sc, const sl_scene_params *params) {
    sl_scene_params r = params ? *params : sl_scene_params_default();
    if (!sc) return r;
    for (int k = 0; k < SL_PARAM_COUNT; k++)
        if ((sc->params & SL_PARAM_BIT(k)) && isnan(r.value[k])) r.value[k] = sc->defaults.value[k];
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
