/* The hanging chain of papers 005 (Macklin, Mueller, Chentanez, "XPBD: Position-Based
 * Simulation of Compliant Constrained Dynamics", 2016) and 006 (Macklin et al., "Small
 * Steps in Physics Simulation", 2019): point masses joined by stiff springs, pinned at one
 * end (sl_chain_world), and the scene `xpbd-hanging-chain` that swings it.
 *
 * Paper 005's claim (abstract, §1) is that XPBD's stiffness is the material's, whatever
 * the iteration count and the time step, and its §6.2 (Fig. 4) drops a chain of 20
 * particles; paper 006's (abstract) is that n substeps of one iteration beat one step of n
 * iterations, and its §6.1 (Fig. 3) hangs a chain of 20. A chain is the body on which both are measured
 * against Hooke's law: hanging at rest, link j (from the pin, j = 1..N) carries the
 * N + 1 - j nodes below it, so its strain is phi_j = (N + 1 - j) m g L / k (a spring's
 * force is k phi / L, phi a strain), and the chain is longer by
 * (m g L^2 / k) N (N + 1) / 2 in all (src/validate/seed005.c, seed006.c). */
#include <math.h>
#include <stdlib.h>

#include "softlab/build.h"
#include "softlab/scene.h"
#include "softlab/springs.h"

#define CHAIN_MAX_LINKS 1000

sl_status sl_chain_world(const sl_chain_def *def, sl_world **out) {
    if (!def || !out) return SL_ERR_NULL;
    *out = NULL;
    int N = def->links;
    if (N < 1 || N > CHAIN_MAX_LINKS || !(def->link_length > 0) || !(def->node_mass > 0) ||
        !(def->spring_stiffness > 0) || !(def->gravity >= 0) || !isfinite(def->angle) || !(def->mass_damping >= 0) ||
        !(def->last_node_mass >= 0) || !isfinite(def->last_node_mass))
        return SL_ERR_RANGE;
    double *x = malloc(sizeof(double) * 3 * (N + 1)), *m = malloc(sizeof(double) * (N + 1));
    int *edges = malloc(sizeof(int) * 2 * N);
    sl_status st = x && m && edges ? SL_OK : SL_ERR_NOMEM;
    sl_world *w = NULL;
    if (st == SL_OK) {
        double dx = sin(def->angle) * def->link_length, dy = -cos(def->angle) * def->link_length;
        for (int i = 0; i <= N; i++) x[3 * i] = i * dx, x[3 * i + 1] = i * dy, x[3 * i + 2] = 0, m[i] = def->node_mass;
        if (def->last_node_mass > 0) m[N] = def->last_node_mass;
        for (int j = 0; j < N; j++) edges[2 * j] = j, edges[2 * j + 1] = j + 1;
        sl_world_def wd = sl_world_def_default();
        wd.node_count = N + 1, wd.positions = x, wd.masses = m, wd.mass_damping = def->mass_damping;
        wd.gravity[1] = -def->gravity;
        sl_model *springs = NULL;
        sl_body_def body = {.edges = edges, .edge_count = N};
        st = sl_world_create(&wd, &w);
        if (st == SL_OK) st = sl_springs_create(x, N + 1, edges, N, def->spring_stiffness, &springs);
        if (st == SL_OK) st = sl_world_add_model(w, springs);
        if (st == SL_OK) st = sl_world_set_body(w, &body);
        if (st == SL_OK) st = sl_world_pin(w, 0, 1);
        if (st == SL_OK) st = sl_world_set_tracked_node(w, N);
    }
    free(x), free(m), free(edges);
    if (st != SL_OK) sl_world_destroy(w), w = NULL;
    *out = w;
    return st;
}

/* 5 links per step of `resolution` (30 at its default 6), 5 cm each, 10 g nodes, released
 * horizontal. */
#define LINKS_PER_RESOLUTION 5
#define LINK_LENGTH 0.05 /* m */
#define NODE_MASS 0.01   /* kg */

static sl_status build_chain(const sl_scene_params *p, sl_world **out) {
    double k = p->value[SL_PARAM_SPRING_STIFFNESS], g = p->value[SL_PARAM_GRAVITY], r = p->value[SL_PARAM_RESOLUTION];
    *out = NULL;
    if (!sl_param_valid(SL_PARAM_SPRING_STIFFNESS, k) || !sl_param_valid(SL_PARAM_GRAVITY, g) ||
        !sl_param_valid(SL_PARAM_RESOLUTION, r))
        return SL_ERR_RANGE;
    sl_chain_def def = {.links = LINKS_PER_RESOLUTION * (int)r, .link_length = LINK_LENGTH, .node_mass = NODE_MASS,
                        .spring_stiffness = k, .gravity = g, .angle = acos(-1.0) / 2};
    return sl_chain_world(&def, out);
}

const sl_scene_class sl_scene_xpbd_hanging_chain = {
    .name = "xpbd-hanging-chain",
    .title = "Hanging chain (XPBD, small steps)",
    .citation = "seed 005 §6.2 (Fig. 4: a hanging chain of 20 particles); seed 006 §6.1 (Fig. 3)",
    .description = "A chain of 30 links (5 cm, 10 g nodes) joined by stiff springs (k = 10 N m, "
                   "so 4000 N/m along a link), pinned at one end and released horizontal. Every "
                   "panel has the same compliance α = 1/k: the regularized stepper and implicit "
                   "Euler solve it directly, XPBD with 10 Gauss-Seidel iterations a step, and "
                   "XPBD with small steps (10 substeps of one iteration). Hanging at rest the "
                   "chain should be 11 mm longer than its 1.5 m (Hooke's law); watch how much "
                   "XPBD's unconverged iterations stretch it, and how much less the substeps do.",
    .default_view = "methods=regularized,implicit-euler,xpbd,xpbd-substeps",
    .params = SL_PARAM_BIT(SL_PARAM_SPRING_STIFFNESS) | SL_PARAM_BIT(SL_PARAM_GRAVITY) |
              SL_PARAM_BIT(SL_PARAM_RESOLUTION),
    .defaults = {{[SL_PARAM_SPRING_STIFFNESS] = 10, [SL_PARAM_YOUNG_MODULUS] = NAN, [SL_PARAM_POISSON_RATIO] = NAN,
                  [SL_PARAM_DENSITY] = NAN, [SL_PARAM_GRAVITY] = 9.81, [SL_PARAM_RESOLUTION] = 6,
                  [SL_PARAM_GRID_VARIANT] = NAN, [SL_PARAM_PBD_ITERATIONS] = NAN, [SL_PARAM_ONERING] = NAN,
                  [SL_PARAM_EXPERIMENT] = NAN, [SL_PARAM_SQUEEZE_GAP] = NAN}},
    .default_method = "xpbd",
    /* 1/240 s: at 1/60 and 1/120 s the regularized stepper diverges on this chain, at k = 100
     * N m its energy grows even at 1/240 s (check-defaults); k = 10 N m at 1/240 s keeps every
     * panel bounded for 30 s */
    .default_dt = 1.0 / 240,
    .default_t_end = 10.0,
    .build = build_chain,
    .phase = "angle",
};
