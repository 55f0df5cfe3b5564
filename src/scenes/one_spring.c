/* Scenes of one spring hung from a pinned node, for seed 003's study of explicit
 * integrators (§6): the harmonic oscillator every stability bound and convergence order
 * is derived on, and the pendulum of the seed's phase plots (Fig. 4-5).
 *
 * The spring is softlab's (models/springs.c): phi = (|x1 - x0| - L)/L, a dimensionless
 * strain, U = 1/2 k phi^2. So k is an energy (J = N m), and the stiffness along the spring
 * is k/L^2 (N/m): with L = 1 m, k = 100 J is 100 N/m, and a 1 kg node has
 * omega = sqrt(k/(m L^2)) = 10 rad/s. */
#include <math.h>
#include <stddef.h>

#include "softlab/scene.h"
#include "softlab/springs.h"

/* A world of two nodes of 1 kg and one spring between them: node 0 pinned at the origin,
 * node 1 released at rest from `start` (double[3], m); the spring's rest length is
 * |rest| (rest: node 1's rest position, double[3], m). Gravity g (m/s^2) along -y,
 * tracked node 1, pbd position-correction iterations (sl_world_set_pbd_iterations). */
static sl_status one_spring_world(const double rest[3], const double start[3], double k, double g, double pbd,
                                  sl_world **out) {
    *out = NULL;
    if (!sl_param_valid(SL_PARAM_SPRING_STIFFNESS, k) || !sl_param_valid(SL_PARAM_GRAVITY, g) ||
        !sl_param_valid(SL_PARAM_PBD_ITERATIONS, pbd))
        return SL_ERR_RANGE;
    double x_rest[6] = {0, 0, 0, rest[0], rest[1], rest[2]};
    double x_start[6] = {0, 0, 0, start[0], start[1], start[2]}, mass[2] = {1, 1};
    int edge[2] = {0, 1};
    sl_world_def def = sl_world_def_default();
    def.node_count = 2;
    def.positions = x_start; /* the state sl_world_reset returns to */
    def.masses = mass;
    def.gravity[1] = -g;
    sl_world *w = NULL;
    sl_model *spring = NULL;
    sl_body_def body = {.edges = edge, .edge_count = 1};
    sl_status st = sl_world_create(&def, &w);
    if (st == SL_OK) st = sl_springs_create(x_rest, 2, edge, 1, k, &spring); /* L from the rest shape */
    if (st == SL_OK) st = sl_world_add_model(w, spring);
    if (st == SL_OK) st = sl_world_set_body(w, &body);
    if (st == SL_OK) st = sl_world_pin(w, 0, 1);
    if (st == SL_OK) st = sl_world_set_tracked_node(w, 1);
    if (st == SL_OK) st = sl_world_set_pbd_iterations(w, (int)pbd); /* whole: checked above */
    if (st != SL_OK) sl_world_destroy(w), w = NULL;
    *out = w;
    return st;
}

/* Node 1 at rest length L = 1 m along x, released from x = 1.1 m, no gravity: along the
 * spring phi is linear in x, so x'' = -(k/m)(x - 1) and x(t) = 1 + 0.1 cos(omega t). */
static sl_status build_oscillator(const sl_scene_params *p, sl_world **out) {
    const double rest[3] = {1, 0, 0}, start[3] = {1.1, 0, 0};
    return one_spring_world(rest, start, p->value[SL_PARAM_SPRING_STIFFNESS], 0.0,
                            p->value[SL_PARAM_PBD_ITERATIONS], out);
}

/* The bob 1 m from the pin, released at rest 60 degrees from the downward vertical, in
 * the x-y plane; the rod is the spring at its rest length. */
static sl_status build_pendulum(const sl_scene_params *p, sl_world **out) {
    const double theta = 60.0 * 3.14159265358979323846 / 180.0;
    const double start[3] = {sin(theta), -cos(theta), 0};
    return one_spring_world(start, start, p->value[SL_PARAM_SPRING_STIFFNESS], p->value[SL_PARAM_GRAVITY],
                            p->value[SL_PARAM_PBD_ITERATIONS], out);
}

const sl_scene_class sl_scene_oscillator = {
    .name = "oscillator",
    .title = "Harmonic oscillator (one spring)",
    .citation = "seed 003 §6, Table 1 (the linear test problem)",
    .description = "A 1 kg mass on a spring of rest length 1 m to a pinned node, released "
                   "0.1 m stretched: x(t) = 1 + 0.1 cos(10 t) exactly (k = 100 N m: φ is a "
                   "strain, so k/L² = 100 N/m and ω = 10 rad/s). Each explicit stepper is "
                   "stable up to its bound ω Δt (symplectic Euler, Verlet: 2; Forest-Ruth: "
                   "1.57; RK4: 2.83, i.e. Δt = 0.283 s); explicit Euler, midpoint and half step "
                   "gain energy at every Δt.",
    /* the mass moves along x: its height is 0 throughout ('position' is x here, web/core/phase.js) */
    .default_view = "plot=position",
    .params = SL_PARAM_BIT(SL_PARAM_SPRING_STIFFNESS) | SL_PARAM_BIT(SL_PARAM_PBD_ITERATIONS),
    .defaults = {{[SL_PARAM_SPRING_STIFFNESS] = 100, [SL_PARAM_YOUNG_MODULUS] = NAN, [SL_PARAM_POISSON_RATIO] = NAN,
                  [SL_PARAM_DENSITY] = NAN, [SL_PARAM_GRAVITY] = NAN, [SL_PARAM_RESOLUTION] = NAN,
                  [SL_PARAM_GRID_VARIANT] = NAN, [SL_PARAM_PBD_ITERATIONS] = 0}},
    .default_method = "symplectic-euler",
    .default_dt = 0.01, /* omega dt = 0.1, a twentieth of symplectic Euler's bound */
    .default_t_end = 2.0,
    .build = build_oscillator,
    .phase = "x", /* it moves along x: its height is 0 */
};

const sl_scene_class sl_scene_pendulum = {
    .name = "pendulum",
    .title = "Pendulum on a stiff spring rod",
    .citation = "seed 003 §6, Fig. 4-5 (pendulum phase plots)",
    .description = "A 1 kg bob on a 1 m rod, released 60° from the vertical under "
                   "g = 9.81 m/s² (period about 2.15 s). The rod is a stiff spring (k = 1e4 N m, "
                   "ω = 100 rad/s along it), so an explicit stepper's time step is limited "
                   "by the rod, not by the swing: watch the energy and the tracked bob's path.",
    .params = SL_PARAM_BIT(SL_PARAM_SPRING_STIFFNESS) | SL_PARAM_BIT(SL_PARAM_GRAVITY) |
              SL_PARAM_BIT(SL_PARAM_PBD_ITERATIONS),
    .defaults = {{[SL_PARAM_SPRING_STIFFNESS] = 1e4, [SL_PARAM_YOUNG_MODULUS] = NAN, [SL_PARAM_POISSON_RATIO] = NAN,
                  [SL_PARAM_DENSITY] = NAN, [SL_PARAM_GRAVITY] = 9.81, [SL_PARAM_RESOLUTION] = NAN,
                  [SL_PARAM_GRID_VARIANT] = NAN, [SL_PARAM_PBD_ITERATIONS] = 0}},
    .default_method = "symplectic-euler",
    .default_dt = 0.005, /* omega dt = 0.5 for the rod, a quarter of symplectic Euler's bound */
    .default_t_end = 10.0,
    .build = build_pendulum,
    .phase = "angle", /* closed orbits in θ (Hairer, Lubich & Wanner, GNI Fig. I.1.4) */
};
