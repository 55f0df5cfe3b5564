/* Skin on bone (seed 002 §4.3-4.4, Mueller et al. 2002, Fig. 9: the bunny's skull is a
 * rigid body turned by the mouse and its skin tets follow dynamically). softlab's stand-in:
 * a thick soft sleeve (the skin: outer radius 0.1 m, E = 1 kPa, nu = 0.33, 1000 kg/m^3) on
 * a rigid core (the bone: radius 0.04 m), 0.2 m long along y, 24 x 2 x 4 cells of 6 tets
 * (1152 tets). The nodes on the core's surface are pinned and a driver turns them about
 * the axis by theta(t) = 60 deg sin(2 pi t / 2 s); the skin, whose torsional mode is
 * near 2.5 Hz (shear wave speed sqrt(mu/rho) = 0.61 m/s across 0.06 m, a quarter wave),
 * lags behind and overshoots. No gravity by default: the lag alone. A 60-degree turn is
 * a large rotation: linear FEM swells the skin, warping does not. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/build.h"
#include "softlab/mesh.h"
#include "softlab/scene.h"

#define SKIN_OUTER 0.1   /* m */
#define BONE_RADIUS 0.04 /* m */
#define SKIN_LENGTH 0.2  /* m */
#define SKIN_AROUND 24
#define SKIN_WALL 2
#define SKIN_ALONG 4
#define TURN_AMPLITUDE 1.0471975511965976 /* rad: 60 degrees */
#define TURN_PERIOD 2.0                   /* s */

/* The core's nodes and their rest positions: the driver turns them rigidly about y. */
typedef struct {
    int count, *node;
    double *rest; /* double[3 count], m */
} bone;

static void bone_free(void *ctx) {
    bone *b = ctx;
    if (b) free(b->node), free(b->rest);
    free(b);
}

/* theta(t) = A sin(2 pi t / T) about the y axis.                  seed 002 §4.3 (mouse) */
static sl_status turn_bone(sl_world *w, double t, void *ctx) {
    const bone *b = ctx;
    double th = TURN_AMPLITUDE * sin(2 * 3.14159265358979323846 * t / TURN_PERIOD), c = cos(th), s = sin(th);
    for (int k = 0; k < b->count; k++) {
        const double *p = b->rest + 3 * k;
        double x[3] = {c * p[0] + s * p[2], p[1], -s * p[0] + c * p[2]};
        sl_status st = sl_world_move_pinned(w, b->node[k], x);
        if (st != SL_OK) return st;
    }
    return SL_OK;
}

static sl_status build_skin(const sl_scene_params *p, sl_world **out) {
    sl_material mat = {p->value[SL_PARAM_YOUNG_MODULUS], p->value[SL_PARAM_POISSON_RATIO], p->value[SL_PARAM_DENSITY]};
    double lambda, mu, g = p->value[SL_PARAM_GRAVITY];
    if (sl_material_lame(&mat, &lambda, &mu) != SL_OK || !sl_param_valid(SL_PARAM_GRAVITY, g)) return SL_ERR_RANGE;
    sl_tet_mesh mesh;
    sl_status st = sl_tet_mesh_tube(SKIN_OUTER, BONE_RADIUS, SKIN_LENGTH, SKIN_AROUND, SKIN_WALL, SKIN_ALONG, &mesh);
    if (st != SL_OK) return st;
    st = sl_tet_mesh_world(&mesh, &mat, SL_STRAIN_GREEN, g, out);
    bone *b = calloc(1, sizeof *b);
    int n = mesh.node_count;
    if (st == SL_OK && b) {
        b->node = malloc(sizeof(int) * (size_t)n), b->rest = malloc(sizeof(double) * 3 * (size_t)n);
        for (int i = 0; b->node && b->rest && i < n; i++) { /* the core's surface: r = BONE_RADIUS */
            const double *x = mesh.positions + 3 * i;
            if (fabs(hypot(x[0], x[2]) - BONE_RADIUS) > 1e-9) continue;
            b->node[b->count] = i;
            memcpy(b->rest + 3 * b->count++, x, 3 * sizeof(double));
            if ((st = sl_world_pin(*out, i, 1)) != SL_OK) break;
        }
        if (!b->node || !b->rest) st = SL_ERR_NOMEM;
        else if (st == SL_OK && b->count != SKIN_AROUND * (SKIN_ALONG + 1)) st = SL_ERR_RANGE;
    } else if (st == SL_OK) st = SL_ERR_NOMEM;
    /* track the outer node at angle 0, mid-height: the skin's surface, where the lag shows */
    int tracked = SKIN_AROUND * SKIN_WALL + SKIN_AROUND * (SKIN_WALL + 1) * (SKIN_ALONG / 2);
    sl_tet_mesh_free(&mesh);
    if (st == SL_OK) st = sl_world_set_driver(*out, turn_bone, b, bone_free), b = NULL; /* the world owns b */
    if (st == SL_OK) st = sl_world_set_tracked_node(*out, tracked);
    bone_free(b);
    if (st != SL_OK && *out) sl_world_destroy(*out), *out = NULL;
    return st;
}

#define SKIN_PARAMS (SL_PARAM_BIT(SL_PARAM_YOUNG_MODULUS) | SL_PARAM_BIT(SL_PARAM_POISSON_RATIO) | \
                     SL_PARAM_BIT(SL_PARAM_DENSITY) | SL_PARAM_BIT(SL_PARAM_GRAVITY))

const sl_scene_class sl_scene_warp_skin_on_bone = {
    .name = "warp-skin-on-bone",
    .title = "Soft skin on a turning bone (FEM)",
    .citation = "seed 002 §4.3-4.4, Fig. 9",
    .description = "A rigid core (the bone, radius 0.04 m) turns back and forth by 60° "
                   "every 2 s inside a soft sleeve (the skin: 1 kPa, outer radius 0.1 m, "
                   "1152 tets). The skin lags behind and swings past. Linear FEM swells it to "
                   "several times its volume as it turns; stiffness warping keeps it far closer, "
                   "as the Green-strain model (implicit-euler) does. Watch volume_ratio.",
    .default_view = "methods=linear-fem,stiffness-warping,stiffness-warping-element,implicit-euler&plot=volume_ratio",
    .params = SKIN_PARAMS,
    .default_method = "stiffness-warping-element",
    .default_dt = 0.01,
    .default_t_end = 3.0,
    .defaults = {{[SL_PARAM_SPRING_STIFFNESS] = NAN, [SL_PARAM_YOUNG_MODULUS] = 1e3, [SL_PARAM_POISSON_RATIO] = 0.33,
                  [SL_PARAM_DENSITY] = 1000, [SL_PARAM_GRAVITY] = 0, [SL_PARAM_RESOLUTION] = NAN,
                  [SL_PARAM_GRID_VARIANT] = NAN}},
    .build = build_skin,
};
