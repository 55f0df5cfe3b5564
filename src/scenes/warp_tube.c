/* The tube of seed 002 §4.2 (Mueller et al. 2002, Fig. 8): a hollow cylinder 0.5 m long
 * and 0.13 m across, about a thousand tets, nu = 0.33, 1000 kg/m^3. The paper does not give
 * the wall thickness or the mesh; softlab takes a 0.02 m wall (inner radius 0.045 m) and
 * 16 x 1 x 10 cells (around x through the wall x along) of 6 tets: 960 tets, 352 nodes.
 * Two scenes share it:
 *   warp-tube       base pinned, standing (y up) under gravity, released from a bend of
 *                   60 degrees at the top (softlab's stand-in for the paper's grab and
 *                   release by the mouse): a large rotation that inflates linear FEM.
 *   warp-tube-drop  the free tube tilted 45 degrees, its lowest node 0.5 m above the ground,
 *                   dropped (the set-up of the paper's table of largest stable dt). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/build.h"
#include "softlab/mesh.h"
#include "softlab/scene.h"

#define TUBE_LENGTH 0.5       /* m */
#define TUBE_OUTER 0.065      /* m: 0.13 m across */
#define TUBE_INNER 0.045      /* m: a 0.02 m wall (the paper gives none) */
#define TUBE_AROUND 16
#define TUBE_WALL 1
#define TUBE_ALONG 10         /* 16 x 1 x 10 x 6 = 960 tets */
#define TUBE_BEND 1.0471975511965976 /* rad: 60 degrees at the top of warp-tube's start */
#define TUBE_TILT 0.7853981633974483 /* rad: 45 degrees, warp-tube-drop */
#define TUBE_DROP 0.5         /* m: lowest node above the ground, warp-tube-drop */
#define TUBE_FRICTION 0.5     /* Coulomb friction of the ground */

#define TUBE_PARAMS (SL_PARAM_BIT(SL_PARAM_YOUNG_MODULUS) | SL_PARAM_BIT(SL_PARAM_POISSON_RATIO) | \
                     SL_PARAM_BIT(SL_PARAM_DENSITY) | SL_PARAM_BIT(SL_PARAM_GRAVITY))
/* E = 1 MPa: the middle of the paper's table (2 ... 0.1 MPa); it gives no default. */
#define TUBE_DEFAULTS                                                                                  \
    {{[SL_PARAM_SPRING_STIFFNESS] = NAN, [SL_PARAM_YOUNG_MODULUS] = 1e6, [SL_PARAM_POISSON_RATIO] = 0.33, \
      [SL_PARAM_DENSITY] = 1000, [SL_PARAM_GRAVITY] = 9.81, [SL_PARAM_RESOLUTION] = NAN,                \
      [SL_PARAM_GRID_VARIANT] = NAN}}

/* Bends the rest tube x0 (axis along y from y = 0) into a circular arc in the x-y plane
 * whose tangent turns by `angle` from the base to the top: the axis keeps its length and
 * each cross-section stays plane and normal to it (pure bending), so the base stays put. */
static void bend(const double *x0, int n, double angle, double *x) {
    double rho = TUBE_LENGTH / angle; /* radius of the axis' arc, m */
    for (int i = 0; i < n; i++) {
        double s = x0[3 * i + 1] / rho, d = rho - x0[3 * i];
        x[3 * i] = rho - d * cos(s), x[3 * i + 1] = d * sin(s), x[3 * i + 2] = x0[3 * i + 2];
    }
}

/* Rotates x0 by `angle` about z and lifts it so that its lowest node is at height h. */
static void tilt(const double *x0, int n, double angle, double h, double *x) {
    double low = INFINITY;
    for (int i = 0; i < n; i++) {
        x[3 * i] = cos(angle) * x0[3 * i] - sin(angle) * x0[3 * i + 1];
        x[3 * i + 1] = sin(angle) * x0[3 * i] + cos(angle) * x0[3 * i + 1];
        x[3 * i + 2] = x0[3 * i + 2];
        low = fmin(low, x[3 * i + 1]);
    }
    for (int i = 0; i < n; i++) x[3 * i + 1] += h - low;
}

static sl_status tube_world(const sl_scene_params *p, int drop, sl_world **out) {
    sl_material mat = {p->value[SL_PARAM_YOUNG_MODULUS], p->value[SL_PARAM_POISSON_RATIO], p->value[SL_PARAM_DENSITY]};
    double lambda, mu, g = p->value[SL_PARAM_GRAVITY];
    if (sl_material_lame(&mat, &lambda, &mu) != SL_OK || !sl_param_valid(SL_PARAM_GRAVITY, g)) return SL_ERR_RANGE;
    sl_tet_mesh mesh;
    sl_status st = sl_tet_mesh_tube(TUBE_OUTER, TUBE_INNER, TUBE_LENGTH, TUBE_AROUND, TUBE_WALL, TUBE_ALONG, &mesh);
    if (st != SL_OK) return st;
    double *x = malloc(sizeof(double) * 3 * (size_t)mesh.node_count);
    st = x ? SL_OK : SL_ERR_NOMEM;
    if (st == SL_OK) {
        /* The drop's rest shape is the tilted tube itself, so that linear FEM (K0 at rest)
         * starts undeformed; the bend is a deformation of the upright rest shape. */
        if (drop) tilt(mesh.positions, mesh.node_count, TUBE_TILT, TUBE_DROP, x);
        else bend(mesh.positions, mesh.node_count, TUBE_BEND, x);
        if (drop) memcpy(mesh.positions, x, sizeof(double) * 3 * (size_t)mesh.node_count);
        st = sl_tet_mesh_world_from(&mesh, drop ? NULL : x, &mat, SL_STRAIN_GREEN, g, out);
    }
    /* node (a = 0, outer wall, top): on the +x side at y = L, where the bend moves most */
    int top = TUBE_AROUND * TUBE_WALL + TUBE_AROUND * (TUBE_WALL + 1) * TUBE_ALONG, pinned = 0;
    free(x);
    sl_tet_mesh_free(&mesh);
    if (st != SL_OK) return st;
    if (drop) st = sl_world_set_ground(*out, 0, TUBE_FRICTION);
    else {
        double lo[3] = {-1, -1e-9, -1}, hi[3] = {1, 1e-9, 1};
        st = sl_world_pin_box(*out, lo, hi, &pinned);
        if (st == SL_OK && pinned != TUBE_AROUND * (TUBE_WALL + 1)) st = SL_ERR_RANGE;
    }
    if (st == SL_OK) st = sl_world_set_tracked_node(*out, top);
    if (st != SL_OK) sl_world_destroy(*out), *out = NULL;
    return st;
}

static sl_status build_warp_tube(const sl_scene_params *p, sl_world **out) { return tube_world(p, 0, out); }
static sl_status build_warp_tube_drop(const sl_scene_params *p, sl_world **out) { return tube_world(p, 1, out); }

const sl_scene_class sl_scene_warp_tube = {
    .name = "warp-tube",
    .title = "Tube released from a bend: linear, warped, Green (FEM)",
    .citation = "seed 002 §4.2, Fig. 8",
    .description = "A rubber tube 0.5 m tall and 0.13 m across (0.02 m wall, 960 tets, "
                   "E = 1 MPa, ν = 0.33) stands on its pinned base; it starts bent by 60°, "
                   "as if grabbed and let go, and swings back. Linear FEM (linear-fem) swells "
                   "where it rotates; stiffness warping keeps its volume as the Green-strain "
                   "model (implicit-euler) does. Watch volume_ratio.",
    /* the Green-strain panel at 5 ms: at 10 ms its first step from the 60° bend takes the
     * energy from 26.8 J to 57.6 J (the energy warning at 0.01 s), at 5 ms it falls to 20.4 J */
    .default_view = "methods=linear-fem,stiffness-warping,stiffness-warping-element,implicit-euler"
                    "&dt=0.01,0.01,0.01,0.005&plot=volume_ratio",
    .params = TUBE_PARAMS,
    .default_method = "stiffness-warping",
    .default_dt = 0.01,
    .default_t_end = 3.0,
    .defaults = TUBE_DEFAULTS,
    .build = build_warp_tube,
};

const sl_scene_class sl_scene_warp_tube_drop = {
    .name = "warp-tube-drop",
    .title = "Tube dropped on the ground (FEM)",
    .citation = "seed 002 §4.2, table of stable dt",
    .description = "The same tube, free, tilted 45° with its lowest point 0.5 m above "
                   "the ground, falls and bounces. The paper found warping stable at 10-30 ms "
                   "and its Green-strain model only at 1-5 ms here; try Young's modulus from "
                   "0.1 to 2 MPa and a larger Δt. At 2 ms the Green-strain panel (implicit-euler) "
                   "is meant to blow up: it diverges at the impact, where both warpings "
                   "run on. Per-vertex warping opens at 1 ms: at 2 ms its energy jumps at the "
                   "impact before the tube settles (lesson 002 measures by how much).",
    /* per-vertex warping at 1 ms: at 2 ms the core's verdict is 'growing' from 0.332 s
     * (23.8 -> 67 J at the impact, 0.73 of the run's largest K + U), at 1 ms the energy
     * peaks at 37.2 J and the run stays 'running' (tools/check_defaults.sh) */
    .default_view = "methods=linear-fem,stiffness-warping,stiffness-warping-element,implicit-euler"
                    "&dt=0.002,0.001,0.002,0.002&plot=volume_ratio",
    /* panel 4, Green strain at 2 ms, is the paper's table: it diverges at the impact (0.322 s,
     * the linear system not positive definite) */
    .unstable_panels = 1u << 3,
    /* the two warpings on different Workers: make bench of 2026-11-29, 21:43 UTC (headless
     * Chromium, 2 cores, load 1.1-2.2) put the panels' steps at 0.28 (linear FEM, 2 ms), 0.53
     * (per-vertex warping, 1 ms), 1.22 (per-element warping, 2 ms) and 1.99 ms (Green
     * strain, 2 ms) of a Worker: 0.14, 0.53, 0.61 and 1.0 s per simulated second, the last
     * only until it diverges at 0.322 s. Paired end to end (linear FEM and Green strain on
     * one Worker), the warpings' Worker needs 1.14 s per simulated second; per-vertex warping
     * alone on one, the other's three need 0.75 and ran it 97 % busy at 0.83x real time.
     * Linear FEM with per-vertex warping: 0.67, and 0.61 beside it once Green strain stops. */
    .worker_groups = "0,0,1,1",
    .params = TUBE_PARAMS,
    .default_method = "stiffness-warping-element", /* per-vertex warping diverges at 10 ms here */
    .default_dt = 0.002, /* at 10 ms the impact squashes it into a state it never leaves */
    .default_t_end = 2.0,
    .defaults = TUBE_DEFAULTS,
    .build = build_warp_tube_drop,
};
