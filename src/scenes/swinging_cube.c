/* The swinging cube of seed 000 §3 (Fig. 2-3): unit cube [0,1]^3, y up, 8 nodes of
 * 1 kg, corner (x,y,z) in {0,1}^3 is node x + 2y + 4z; five tetrahedra give 18
 * distinct edges, each a spring phi = (|x_i - x_j| - L)/L with k = 1e5 N m;
 * gravity 10 m/s^2 along -y; node 2, the corner (0,1,0), pinned; starts at rest;
 * tracked node 5, the corner (1,0,1). Reads pbd_iterations (default 0): seed 003's position
 * correction after explicit steps (sl_world_set_pbd_iterations). */
#include <math.h>
#include <stdlib.h>

#include <string.h>

#include "softlab/mesh.h"
#include "softlab/scene.h"
#include "softlab/springs.h"
#include "softlab/tet_fem.h"

static sl_status build_cube(const sl_scene_params *p, sl_world **out) {
    double k = p->value[SL_PARAM_SPRING_STIFFNESS], g = p->value[SL_PARAM_GRAVITY];
    double pbd = p->value[SL_PARAM_PBD_ITERATIONS];
    if (!(k > 0) || !(g >= 0) || !isfinite(g) || !sl_param_valid(SL_PARAM_PBD_ITERATIONS, pbd)) return SL_ERR_RANGE;
    double x[24], mass[8];
    for (int i = 0; i < 8; i++) {
        x[3 * i + 0] = i & 1;
        x[3 * i + 1] = (i >> 1) & 1;
        x[3 * i + 2] = (i >> 2) & 1;
        mass[i] = 1.0;
    }
    sl_world_def def = sl_world_def_default();
    def.node_count = 8;
    def.positions = x;
    def.masses = mass;
    def.gravity[1] = -g;
    sl_world *w = NULL;
    int *edges = NULL, *tris = NULL, edge_count = 0, tri_count = 0;
    sl_model *springs = NULL;
    const int (*split)[4] = NULL;
    int tets[5][4];
    int count = sl_cube_split(SL_SPLIT_5, &split);
    memcpy(tets, split, (size_t)count * sizeof tets[0]);
    sl_status st = sl_tets_orient(x, 8, &tets[0][0], 5, NULL, NULL); /* the body's tets, for its volume */
    if (st == SL_OK) st = sl_world_create(&def, &w);
    if (st == SL_OK) st = sl_tets_edges(&tets[0][0], 5, &edges, &edge_count);
    if (st == SL_OK) st = sl_springs_create(x, 8, edges, edge_count, k, &springs);
    if (st == SL_OK) st = sl_world_add_model(w, springs);
    if (st == SL_OK) st = sl_tets_boundary(x, &tets[0][0], 5, &tris, &tri_count);
    sl_body_def body = {.tets = &tets[0][0], .tet_count = 5, .tris = tris, .tri_count = tri_count,
                        .edges = edges, .edge_count = edge_count};
    if (st == SL_OK) st = sl_world_set_body(w, &body);
    if (st == SL_OK) st = sl_world_pin(w, 2, 1);
    if (st == SL_OK) st = sl_world_set_tracked_node(w, 5);
    if (st == SL_OK) st = sl_world_set_pbd_iterations(w, (int)pbd);
    free(edges);
    free(tris);
    if (st != SL_OK) sl_world_destroy(w), w = NULL;
    *out = w;
    return st;
}

const sl_scene_class sl_scene_swinging_cube = {
    .name = "swinging-cube",
    .title = "Swinging cube (springs)",
    .citation = "seed 000 §3, Fig. 2-3",
    .description = "The same cube (8 masses of 1 kg, 18 springs of k = 1e5 N m, one corner "
                   "pinned) with the same time step in every panel. At the default Δt = 0.05 s, "
                   "far above the stiffest mode's period of 11.2 ms (2/ω_max = 3.55 ms), "
                   "watch which stepper explodes, which one slows down the whole swing, and "
                   "which swings freely. (k is in N m, not N/m: a spring's φ is its strain, "
                   "dimensionless, so k is an energy; along a spring of length L the "
                   "stiffness is k/L² N/m.)",
    .params = SL_PARAM_BIT(SL_PARAM_SPRING_STIFFNESS) | SL_PARAM_BIT(SL_PARAM_GRAVITY) |
              SL_PARAM_BIT(SL_PARAM_PBD_ITERATIONS),
    .defaults = {{[SL_PARAM_SPRING_STIFFNESS] = 1e5, [SL_PARAM_YOUNG_MODULUS] = NAN, [SL_PARAM_POISSON_RATIO] = NAN,
                  [SL_PARAM_DENSITY] = NAN, [SL_PARAM_GRAVITY] = 10.0, [SL_PARAM_RESOLUTION] = NAN,
                  [SL_PARAM_GRID_VARIANT] = NAN, [SL_PARAM_PBD_ITERATIONS] = 0}},
    /* panel 1 (symplectic Euler at the implicit steppers' dt, far above its bound 2/omega_max)
     * is seed 000's point: it explodes */
    .unstable_panels = 1,
    .default_method = "regularized",
    .default_dt = 0.05,
    .default_t_end = 2.0,
    .build = build_cube,
};
