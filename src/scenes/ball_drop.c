/* Seed 001's bodies (softlab/build.h): a ball dropped on the ground (Fig. 2) or squeezed
 * between plates (Fig. 6), and a torus dropped (Fig. 5); the one-ring incompressible body
 * and the per-tet compressible one share the mesh and the set-up. */
#include <math.h>
#include <stdlib.h>

#include "softlab/build.h"
#include "softlab/onering.h"
#include "softlab/scene.h"

/* (R, r): a point c is inside the torus of major radius R and minor r about the y axis. */
static int inside_torus(const double c[3], const void *ctx) {
    const double *R = ctx;
    double ring = hypot(c[0], c[2]) - R[0];
    return ring * ring + c[1] * c[1] < R[1] * R[1];
}

/* A voxel torus (the ball's construction): the page has no file system, so the scene
 * cannot read data/meshes/torus.1.node; the same shape is cut from a grid instead. */
static sl_status torus_mesh(double major, double minor, int cells, sl_tet_mesh *out) {
    const double R[2] = {major, minor}, span = 2 * (major + minor);
    int across = (int)ceil(cells * span / (2 * minor));
    const int n[3] = {across, cells, across};
    const double lo[3] = {-span / 2, -minor, -span / 2}, size[3] = {span, 2 * minor, span};
    return sl_tet_mesh_grid(n, lo, size, SL_SPLIT_6, inside_torus, R, out);
}

sl_ball_drop_def sl_ball_drop_def_default(void) {
    sl_ball_drop_def d = {.radius = 0.1, .cells = 10, .drop_height = 0.1,
                          .material = {1e5, 0.45, 1000}, .onering = 1, .gravity = 9.81,
                          .ground_friction = 0.5, .squeeze_time = 0, .squeeze_min_gap = 0.13};
    return d;
}

sl_status sl_ball_drop_world(const sl_ball_drop_def *def, sl_world **out, sl_error *err) {
    if (!out) return sl_error_set(err, SL_ERR_NULL, -1, "no output pointer");
    *out = NULL;
    if (!def) return sl_error_set(err, SL_ERR_NULL, -1, "no definition");
    if (!(def->radius > 0) || def->cells < 2 || def->cells > 64 || !(def->drop_height >= 0) ||
        !(def->gravity >= 0) || !(def->ground_friction >= 0) || !isfinite(def->drop_height) ||
        !(def->squeeze_time >= 0 && def->squeeze_time < INFINITY) ||
        !(def->squeeze_min_gap >= 0 && def->squeeze_min_gap < 1) ||
        !(def->torus_radius == 0 || (def->torus_radius > def->radius && def->torus_radius < INFINITY)))
        return sl_error_set(err, SL_ERR_RANGE, -1,
                            "ball: radius %g m, %d cells, drop %g m, gravity %g, friction %g, squeeze time %g s, "
                            "squeeze gap %g (ranges: radius > 0, cells 2-64, drop >= 0, gravity >= 0, "
                            "friction >= 0, squeeze time >= 0, gap in [0, 1); torus radius 0 or > radius, got %g m)",
                            def->radius, def->cells, def->drop_height, def->gravity, def->ground_friction,
                            def->squeeze_time, def->squeeze_min_gap, def->torus_radius);
    sl_tet_mesh own = {0}; /* the generated ball or torus, unless def->mesh is given */
    sl_status st = def->mesh               ? SL_OK
                   : def->torus_radius > 0 ? torus_mesh(def->torus_radius, def->radius, def->cells, &own)
                                           : sl_tet_mesh_ball(def->radius, def->cells, &own);
    if (st != SL_OK) return sl_error_set(err, st, -1, "ball mesh: %s", sl_status_message(st));
    const sl_tet_mesh mesh = def->mesh ? *def->mesh : own;
    double *x = malloc(sizeof(double) * 3 * (size_t)mesh.node_count), low = INFINITY, high = -INFINITY;
    int lowest = 0;
    for (int i = 0; x && i < mesh.node_count; i++) {
        if (mesh.positions[3 * i + 1] < low) low = mesh.positions[3 * i + 1], lowest = i;
        high = fmax(high, mesh.positions[3 * i + 1]);
    }
    for (int i = 0; x && i < 3 * mesh.node_count; i++)
        x[i] = mesh.positions[i] + (i % 3 == 1 ? def->drop_height - low : 0);
    sl_world *w = NULL;
    sl_model *ring = NULL;
    sl_error ring_err = {SL_OK, -1, "", {0}};
    st = x ? SL_OK : SL_ERR_NOMEM;
    if (st == SL_OK)
        st = sl_tet_mesh_world_from(&mesh, x, &def->material,
                                    def->onering ? SL_STRAIN_GREEN_DEVIATORIC : SL_STRAIN_GREEN,
                                    def->gravity, &w);
    if (st == SL_OK && def->onering)
        st = sl_onering_volume_create(mesh.positions, mesh.node_count, mesh.tets, mesh.tet_count, 0, &ring,
                                      &ring_err);
    if (st == SL_OK && def->onering) st = sl_world_add_model(w, ring);
    if (st == SL_OK && def->squeeze_time > 0) { /* plates at the ball's extremes, meeting at squeeze_time */
        double h = high - low, speed = 0.5 * h / def->squeeze_time, stop = (1 - def->squeeze_min_gap) * def->squeeze_time;
        st = sl_world_add_plate(w, def->drop_height, speed, stop, +1, def->ground_friction);
        if (st == SL_OK) st = sl_world_add_plate(w, def->drop_height + h, -speed, stop, -1, def->ground_friction);
    } else if (st == SL_OK) {
        st = sl_world_set_ground(w, 0, def->ground_friction);
    }
    if (st == SL_OK) st = sl_world_set_tracked_node(w, lowest);
    if (st != SL_OK) {
        const char *why = ring_err.status != SL_OK ? ring_err.message /* the world's error is not about it */
                          : w ? sl_world_last_error(w) : sl_status_message(st);
        sl_error_set(err, st, ring_err.index, "ball world: %s", why);
        sl_world_destroy(w);
        w = NULL;
    }
    free(x);
    sl_tet_mesh_free(&own);
    *out = w;
    return st;
}

/* The ball of the scene parameters: material, gravity, cells across, one-ring or per-tet. */
static sl_status ball_def_from(const sl_scene_params *p, sl_ball_drop_def *d) {
    *d = sl_ball_drop_def_default();
    double r = p->value[SL_PARAM_RESOLUTION], ring = p->value[SL_PARAM_ONERING];
    if (!sl_param_valid(SL_PARAM_RESOLUTION, r) || !sl_param_valid(SL_PARAM_ONERING, ring)) return SL_ERR_RANGE;
    d->material.young_modulus = p->value[SL_PARAM_YOUNG_MODULUS];
    d->material.poisson_ratio = p->value[SL_PARAM_POISSON_RATIO];
    d->material.density = p->value[SL_PARAM_DENSITY];
    d->gravity = p->value[SL_PARAM_GRAVITY];
    d->cells = (int)r;
    d->onering = (int)ring;
    return SL_OK;
}

static sl_status build_onering_drop(const sl_scene_params *p, sl_world **out) {
    sl_ball_drop_def d;
    sl_status st = ball_def_from(p, &d);
    return st != SL_OK ? st : sl_ball_drop_world(&d, out, NULL);
}

/* Seed 001 Fig. 6: plates touching the ball at t = 0 would meet at t = 1 s. They stop at
 * 25 % of its height (t = 0.75 s): squeezed on to 13 % (where the seed's error was still
 * under 0.1 %) the 6-cell ball kept its volume to 0.04 % but then diverged at rest, at
 * t = 1.13 s with dt = 1e-4 s and 0.86 s with 5e-5 s (a halved dt did not help: not the
 * elastic CFL bound alone); at 25 % it ran 2.5 s with the energy flat to 0.3 %.
 * Measured at 13 % (6 cells, dt = 1e-4 s, no gravity): MINRES's iterations a pressure
 * solve grow as the ball flattens, 20 at t = 0.05 s, 60 at 0.75 s, 150 at 0.87 s; at
 * 0.875 s (the plates stopped at 0.87 s) a solve hits SL_INCOMPRESSIBLE_MAX_ITERATIONS
 * (1000) at residual 6 % and the kinetic energy jumps from 1.3 to 2.5 J, then at 0.985 s
 * and 1.015 s (residual 84 %) to 5.9 and 20 J, while no tet inverts and V/V0 stays
 * within 0.05 %: the pressure system with the plates' contact rows grows ill-conditioned
 * and the unconverged projections inject energy (not inverted tets, not the clamp). The
 * first jump comes with the plates' stop itself (1.29 to 5.46 J in that step, its solves
 * converged); the stepper now stops at the first solve that ends at the cap (t = 0.8703 s)
 * instead of running on. With the velocity projection done last (issue 27,
 * softlab/incompressible.h) the ball reaches 13 % and is held there, 1504.2 J creeping to
 * 1505.5 J from 0.9 to 1.4 s, until a solve falls short at t = 1.448 s
 * (tests/c/test_onering_scenes.c). */

static sl_status build_onering_squeeze(const sl_scene_params *p, sl_world **out) {
    sl_ball_drop_def d;
    sl_status st = ball_def_from(p, &d);
    if (st != SL_OK) return st;
    double gap = p->value[SL_PARAM_SQUEEZE_GAP];
    if (!sl_param_valid(SL_PARAM_SQUEEZE_GAP, gap)) return SL_ERR_RANGE;
    d.drop_height = 0; /* the lower plate starts at y = 0 */
    d.squeeze_time = SL_SQUEEZE_TIME;
    d.squeeze_min_gap = gap; /* SL_SQUEEZE_MIN_GAP by default; seed 001 §5 went on to 0.011 */
    return sl_ball_drop_world(&d, out, NULL);
}

const sl_scene_class sl_scene_onering_squeeze = {
    .name = "onering-squeeze",
    .title = "Ball squeezed between plates (one-ring volumes)",
    .citation = "seed 001 Fig. 6, §4-5",
    .description = "A rubber ball (radius 0.1 m) between two plates that touch it at t = 0 and "
                   "move toward each other at 0.1 m/s, as if to meet at t = 1 s; they stop at "
                   "25 % of the ball's height (t = 0.75 s; squeeze_gap sets where: the seed "
                   "went on to 1.1 %). The one-ring ball (onering = 1, "
                   "`incompressible` stepper) keeps its volume with the plates as contact "
                   "constraints inside the pressure solve; the per-tet Green-strain ball at "
                   "ν = 0.45 (onering = 0) loses volume as it is flattened, and part of the "
                   "way its tets under the plates invert (St. Venant-Kirchhoff's stress falls "
                   "under strong compression): the volume ratio drops and the inverted cells "
                   "count up. Plot the volume ratio.",
    .default_view = "methods=incompressible,regularized&onering=1,0&poisson_ratio=0.45&dt=2e-4,5e-4&plot=volume_ratio",
    .params = SL_PARAM_BIT(SL_PARAM_YOUNG_MODULUS) | SL_PARAM_BIT(SL_PARAM_POISSON_RATIO) |
              SL_PARAM_BIT(SL_PARAM_DENSITY) | SL_PARAM_BIT(SL_PARAM_GRAVITY) |
              SL_PARAM_BIT(SL_PARAM_RESOLUTION) | SL_PARAM_BIT(SL_PARAM_ONERING) | SL_PARAM_BIT(SL_PARAM_SQUEEZE_GAP),
    .defaults = {{[SL_PARAM_SPRING_STIFFNESS] = NAN, [SL_PARAM_YOUNG_MODULUS] = 1e5, [SL_PARAM_POISSON_RATIO] = 0.45,
                  [SL_PARAM_DENSITY] = 1000, [SL_PARAM_GRAVITY] = 0, [SL_PARAM_RESOLUTION] = 4,
                  [SL_PARAM_GRID_VARIANT] = NAN, [SL_PARAM_PBD_ITERATIONS] = NAN, [SL_PARAM_ONERING] = 1,
                  [SL_PARAM_SQUEEZE_GAP] = SL_SQUEEZE_MIN_GAP}},
    .default_method = "incompressible",
    .default_dt = 2e-4, /* issue 42: 4 cells (192 tets) and 0.2 ms, with the per-tet panel at
                         * 0.5 ms (default_view), so that the scene runs live; before, 6 cells
                         * (816 tets) at 0.1 ms needed 7.8 s of processor time per simulated
                         * second natively. Measured over 1.5 s (no gravity, plates stopping
                         * at 25 %), one-ring: 4 cells at 0.1 ms largest |V/V0 - 1| 0.044 %,
                         * total energy flat at 292.37 J after the plates stop (0.75-1.5 s);
                         * at 0.2 ms 0.19 % (at the plates' stop), 292.45 -> 292.48 J; at
                         * 0.25 ms 0.18 %, but 294.1 -> 295.9 J (growing at rest); at 0.5 ms
                         * 0.92 %, 294.2 -> 299.8 J. 6 cells at 0.1 ms: 0.044 %, 392.82 ->
                         * 392.89 J; at 2.5e-4 and 5e-4 s it diverged squeezed to 13 %. The
                         * per-tet ball (regularized, nu 0.45), 4 cells: smallest V/V0 0.231
                         * (0.1 ms), 0.221 (0.5 ms), 0.152 (1 ms), 48, 48 and 68 inverted
                         * cells; 6 cells at 0.1 ms 0.046 and 370. The incompressible
                         * stepper's adaptive step costs more here than it saves (4 cells:
                         * 2.61 s against 1.12 s at the fixed 0.2 ms, the Lanczos estimate of
                         * omega_max every world step) and its 0.33 ms steps gain energy at
                         * rest (294.3 -> 296.0 J). Left to run on after the plates stop
                         * (measured to 16 s), the one-ring ball's total energy creeps up and
                         * then it snaps sideways into a state of less elastic energy: 4 cells
                         * at 0.2 ms 292.5 J at 1.5 s, 294.0 at 4 s, 307.9 at 7 s (+5 %), then
                         * 250.6 at 8 s and 250.4-251.2 to 16 s; at 0.15 ms the snap at 6-7 s
                         * from 299.4 J; at 0.1 ms 292.37 -> 295.46 J by 8 s, no snap yet; the
                         * old 6 cells at 0.1 ms 392.82 -> 393.17 J by 2 s, the snap by 3 s
                         * (386.2 J), flat to 8 s. The core's verdict (sl_world_judge) calls all
                         * of these bounded and running: the creep is the incompressible
                         * stepper's at rest against static plates with friction, not this
                         * step's alone (issue 42's closing note). */
    .default_t_end = 1.5,
    .build = build_onering_squeeze,
    .mesh_experiment = SL_MESH_SQUEEZE,
};

const sl_scene_class sl_scene_onering_sphere_drop = {
    .name = "onering-sphere-drop",
    .title = "Incompressible ball drop (one-ring volumes)",
    .citation = "seed 001 Fig. 2, §2-4",
    .description = "A rubber ball (radius 0.1 m) falls 0.1 m onto the ground. Its elastic "
                   "tets are deviatoric; the volume of every node's one-ring of tets is kept "
                   "by a pressure projection (the `incompressible` stepper, MINRES to 1e-4), "
                   "with the ground a constraint inside the pressure solve. Watch the volume "
                   "ratio stay within a fraction of a percent through the impact; the "
                   "regularized stepper enforces the same one-ring rows (α = 0) through "
                   "its Schur form.",
    .params = SL_PARAM_BIT(SL_PARAM_YOUNG_MODULUS) | SL_PARAM_BIT(SL_PARAM_POISSON_RATIO) |
              SL_PARAM_BIT(SL_PARAM_DENSITY) | SL_PARAM_BIT(SL_PARAM_GRAVITY) |
              SL_PARAM_BIT(SL_PARAM_RESOLUTION) | SL_PARAM_BIT(SL_PARAM_ONERING),
    .defaults = {{[SL_PARAM_SPRING_STIFFNESS] = NAN, [SL_PARAM_YOUNG_MODULUS] = 1e5, [SL_PARAM_POISSON_RATIO] = 0.45,
                  /* 4 cells (81 nodes, 192 tets), not 6 (251, 816), so that the comparison runs in real
                   * time (issue 27): natively 2 s of the drop at 1 ms took 1.31 s (incompressible) and
                   * 0.67 s (regularized) of CPU at 4 cells, 9.00 s and 4.04 s at 6. The lesson survives:
                   * lowest V/V0 over 0.6 s at 4 (6) cells: one-ring 0.9992 (0.9992), per-tet nu = 0.45
                   * 0.9599 (0.9573), per-tet nu = 0.499 0.9701 (0.9690); resolution=6 is a click away. */
                  [SL_PARAM_DENSITY] = 1000, [SL_PARAM_GRAVITY] = 9.81, [SL_PARAM_RESOLUTION] = 4,
                  [SL_PARAM_GRID_VARIANT] = NAN, [SL_PARAM_PBD_ITERATIONS] = NAN, [SL_PARAM_ONERING] = 1}},
    .default_view = "methods=incompressible,regularized,regularized&onering=1,0,0&poisson_ratio=0.45,0.45,0.499"
                    "&plot=volume_ratio",
    .default_method = "incompressible",
    .default_dt = 1e-3, /* measured over 30 s at 1 ms: no warning, the energy never more than 0.11 J above its lowest
                          * so far (in a low bounce at 2.6 s), 5.11 J at 10 s and 4.98 J at rest at 30 s (5.13 J at
                          * 10 s at 0.5 ms), V/V0 within 0.9992-1.00013 (the low at the first impact, as at 0.5 ms).
                          * Until issue 27 (velocity projection before the second kick, incompressible.h) 1 ms
                          * gained energy: 8.56 J at 1 s to 12.64 J at 2.5 s, warned "growing" at 2.3 s */
    .default_t_end = 0.6,
    .build = build_onering_drop,
    .mesh_experiment = SL_MESH_DROP,
};

/* Seed 001 Fig. 5 (one torus of the pile): major radius 0.15 m, tube radius 0.05 m. */
static sl_status build_onering_torus_drop(const sl_scene_params *p, sl_world **out) {
    sl_ball_drop_def d;
    sl_status st = ball_def_from(p, &d);
    if (st != SL_OK) return st;
    d.radius = 0.05, d.torus_radius = 0.15;
    return sl_ball_drop_world(&d, out, NULL);
}

const sl_scene_class sl_scene_onering_torus_drop = {
    .name = "onering-torus-drop",
    .title = "Incompressible torus drop (one-ring volumes)",
    .citation = "seed 001 Fig. 5",
    .description = "A rubber torus (major radius 0.15 m, tube radius 0.05 m, cut from a grid of "
                   "cubes) falls 0.1 m onto the ground, as one torus of the seed's pile. The "
                   "one-ring torus (onering = 1) keeps its volume (the seed: within 0.5 % at the "
                   "bottom of the pile); the per-tet one at ν = 0.45 (onering = 0) does not.",
    .default_view = "methods=incompressible,regularized&onering=1,0&dt=1.2e-3,2e-3&plot=volume_ratio",
    .params = SL_PARAM_BIT(SL_PARAM_YOUNG_MODULUS) | SL_PARAM_BIT(SL_PARAM_POISSON_RATIO) |
              SL_PARAM_BIT(SL_PARAM_DENSITY) | SL_PARAM_BIT(SL_PARAM_GRAVITY) |
              SL_PARAM_BIT(SL_PARAM_RESOLUTION) | SL_PARAM_BIT(SL_PARAM_ONERING),
    .defaults = {{[SL_PARAM_SPRING_STIFFNESS] = NAN, [SL_PARAM_YOUNG_MODULUS] = 1e5, [SL_PARAM_POISSON_RATIO] = 0.45,
                  [SL_PARAM_DENSITY] = 1000, [SL_PARAM_GRAVITY] = 9.81, [SL_PARAM_RESOLUTION] = 3,
                  [SL_PARAM_GRID_VARIANT] = NAN, [SL_PARAM_PBD_ITERATIONS] = NAN, [SL_PARAM_ONERING] = 1}},
    .default_method = "incompressible",
    .default_dt = 1.2e-3, /* issue 42 (0.5 ms, then 1 ms before). The one-ring torus's volume dips once, in
                           * the step that crosses the ground: its lowest nodes are put back on it
                           * (incompressible.h, step 5), and the ring loses what they fell through it,
                           * somewhere between 0 and the fall of one step (v dt, 1.7 mm at 1.4 m/s and
                           * 1.2 ms), by where the steps fall against the moment of impact, then takes
                           * it back within a step (the recovery term). Measured, lowest V/V0 at the
                           * impact: 0.99726 at 1 ms and at 1.1 ms (both cross at t = 0.143 s), 0.98772
                           * at 1.15 and 1.25 ms (0.14375 s), 0.99980 at 1.2 ms (0.1428 s); over 30 s at
                           * 1.2 ms its lowest is 0.99728 (the first rebound at 0.30 s; 1 ms: the same
                           * 0.9973), the energy never more than 0.11 J above its lowest so far, 3.94 J
                           * at 10 s and 3.92 J at 30 s, check-defaults bounded. At 1.2 ms the panel
                           * needs 0.69-0.73 of a Worker's time in real time (0.83-0.88 Worker ms a
                           * step, headless Chromium): at 1 ms, 0.88-0.99, and the page ran at 0.89-0.97x real
                           * time (make bench, 2 cores shared with the per-tet panel and the page).
                           * The per-tet panel runs at 2 ms (default_view): smallest V/V0 0.9586
                           * against 0.9664 at 1 ms, the same lesson in half the steps (native,
                           * 1 s: 0.57 s against 1.07 s). */
    .default_t_end = 1.0,
    .build = build_onering_torus_drop,
    .mesh_experiment = SL_MESH_DROP,
};
