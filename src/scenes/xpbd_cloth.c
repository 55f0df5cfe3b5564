/* The hanging cloth of paper 006 (Macklin et al., "Small Steps in Physics Simulation",
 * 2019, Fig. 1: a cloth of stretch springs shows visible stretching with one step of 30
 * XPBD iterations and much less with 30 substeps of one iteration, at about the same cost;
 * §6.2 Fig. 5-6: hanging sheets, 40 iterations against 40 substeps, and their energy) and
 * of paper 005 §6.4 (Fig. 6: a hanging cloth under PBD and XPBD at 20 to 160 iterations):
 * sl_cloth_world and the scene `xpbd-hanging-cloth`. The paper's cloth has 150k particles
 * draped over a bunny; softlab's is a few hundred held at two corners, small enough for
 * four panels live in a browser, and the same comparison at equal cost. */
#include <math.h>
#include <stdlib.h>

#include "softlab/build.h"
#include "softlab/scene.h"
#include "softlab/springs.h"

#define CLOTH_MAX_CELLS 40

sl_status sl_cloth_world(const sl_cloth_def *def, sl_world **out) {
    if (!def || !out) return SL_ERR_NULL;
    *out = NULL;
    int c = def->cells, side = c + 1, n = side * side;
    if (c < 1 || c > CLOTH_MAX_CELLS || !(def->size > 0) || !(def->mass > 0) || !(def->spring_stiffness > 0) ||
        !(def->gravity >= 0))
        return SL_ERR_RANGE;
    int springs = 2 * c * side + 2 * c * c; /* grid edges along x and z, two diagonals a cell */
    double *x = malloc(sizeof(double) * 3 * n), *m = malloc(sizeof(double) * n);
    int *edges = malloc(sizeof(int) * 2 * springs);
    sl_status st = x && m && edges ? SL_OK : SL_ERR_NOMEM;
    sl_world *w = NULL;
    if (st == SL_OK) {
        for (int k = 0; k < side; k++) /* row k at z = k h, column i at x = i h: node k side + i */
            for (int i = 0; i < side; i++) {
                int v = k * side + i;
                x[3 * v] = def->size * i / c, x[3 * v + 1] = 0, x[3 * v + 2] = def->size * k / c;
                m[v] = def->mass / n;
            }
        int e = 0;
        for (int k = 0; k < side; k++)
            for (int i = 0; i < side; i++) {
                int v = k * side + i;
                if (i < c) edges[2 * e] = v, edges[2 * e + 1] = v + 1, e++;        /* along x */
                if (k < c) edges[2 * e] = v, edges[2 * e + 1] = v + side, e++;     /* along z */
                if (i < c && k < c) {
                    edges[2 * e] = v, edges[2 * e + 1] = v + side + 1, e++;         /* shear */
                    edges[2 * e] = v + 1, edges[2 * e + 1] = v + side, e++;
                }
            }
        sl_world_def wd = sl_world_def_default();
        wd.node_count = n, wd.positions = x, wd.masses = m;
        wd.gravity[1] = -def->gravity;
        sl_model *model = NULL;
        sl_body_def body = {.edges = edges, .edge_count = springs};
        st = sl_world_create(&wd, &w);
        if (st == SL_OK) st = sl_springs_create(x, n, edges, springs, def->spring_stiffness, &model);
        if (st == SL_OK) st = sl_world_add_model(w, model);
        if (st == SL_OK) st = sl_world_set_body(w, &body);
        if (st == SL_OK) st = sl_world_pin(w, 0, 1);
        if (st == SL_OK) st = sl_world_pin(w, c, 1);
        if (st == SL_OK) st = sl_world_set_tracked_node(w, c * side + c / 2); /* the far edge's middle */
    }
    free(x), free(m), free(edges);
    if (st != SL_OK) sl_world_destroy(w), w = NULL;
    *out = w;
    return st;
}

/* 4 cells per step of `resolution` (12 at its default 3: 169 nodes, 600 springs), 1 m
 * square, 0.5 kg. */
#define CELLS_PER_RESOLUTION 4
#define CLOTH_SIZE 1.0 /* m */
#define CLOTH_MASS 0.5 /* kg */

static sl_status build_cloth(const sl_scene_params *p, sl_world **out) {
    double k = p->value[SL_PARAM_SPRING_STIFFNESS], g = p->value[SL_PARAM_GRAVITY], r = p->value[SL_PARAM_RESOLUTION];
    *out = NULL;
    if (!sl_param_valid(SL_PARAM_SPRING_STIFFNESS, k) || !sl_param_valid(SL_PARAM_GRAVITY, g) ||
        !sl_param_valid(SL_PARAM_RESOLUTION, r) || CELLS_PER_RESOLUTION * r > CLOTH_MAX_CELLS)
        return SL_ERR_RANGE;
    sl_cloth_def def = {.cells = CELLS_PER_RESOLUTION * (int)r, .size = CLOTH_SIZE, .mass = CLOTH_MASS,
                        .spring_stiffness = k, .gravity = g};
    return sl_cloth_world(&def, out);
}

const sl_scene_class sl_scene_xpbd_hanging_cloth = {
    .name = "xpbd-hanging-cloth",
    .title = "Hanging cloth (iterations or small steps)",
    .citation = "seed 006 Fig. 1, §6.2 (Fig. 5-6); seed 005 §6.4 (Fig. 6)",
    .description = "A 1 m square cloth of 169 particles (0.5 kg) with stretch and shear springs "
                   "(k = 10 N m), released flat and held at two corners. Every panel has the "
                   "same compliance α = 1/k and costs about the same: implicit Euler solves it "
                   "directly, XPBD with one step of 10 iterations, XPBD with 10 substeps of "
                   "one iteration (Macklin et al. 2019, Fig. 1: the iterations stretch the "
                   "cloth visibly, the substeps much less).",
    .default_view = "methods=implicit-euler,xpbd,xpbd-substeps",
    .params = SL_PARAM_BIT(SL_PARAM_SPRING_STIFFNESS) | SL_PARAM_BIT(SL_PARAM_GRAVITY) |
              SL_PARAM_BIT(SL_PARAM_RESOLUTION),
    .defaults = {{[SL_PARAM_SPRING_STIFFNESS] = 10, [SL_PARAM_YOUNG_MODULUS] = NAN, [SL_PARAM_POISSON_RATIO] = NAN,
                  [SL_PARAM_DENSITY] = NAN, [SL_PARAM_GRAVITY] = 9.81, [SL_PARAM_RESOLUTION] = 3,
                  [SL_PARAM_GRID_VARIANT] = NAN, [SL_PARAM_PBD_ITERATIONS] = NAN, [SL_PARAM_ONERING] = NAN,
                  [SL_PARAM_EXPERIMENT] = NAN, [SL_PARAM_SQUEEZE_GAP] = NAN}},
    .default_method = "xpbd-substeps",
    .default_dt = 1.0 / 60, /* a display frame, the paper's step; bounded 30 s in every panel (check-defaults) */
    .default_t_end = 10.0,
    .build = build_cloth,
};
