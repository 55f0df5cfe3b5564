/* The user-mesh scene (softlab/build.h): a mesh read from a file as an elastic solid, the
 * same in the CLI (--mesh) and the page (Load mesh…). */
#include <math.h>

#include "softlab/build.h"
#include "softlab/onering.h"

const sl_scene_class sl_scene_user_mesh = {
    .name = "mesh",
    .title = "Your mesh",
    .citation = "seed 000 §2.3 (Green-strain tetrahedra); seed 001 (onering = 1)",
    .description = "Your mesh as an elastic solid (Young's modulus 1 MPa, Poisson ratio 0.3, "
                   "1000 kg/m³) under gravity, in one of four experiments: hang (its top 3 % "
                   "pinned), drop (from half its height onto the ground), squeeze (between two "
                   "plates touching it at t = 0 that would meet at t = 1 s and stop at 25 % of "
                   "its height, as onering-squeeze) or cantilever (the nodes at its smallest x "
                   "clamped). With onering = 1 it is seed 001's incompressible body "
                   "(deviatoric tets and one-ring volumes: choose the `incompressible` stepper).",
    .params = SL_PARAM_BIT(SL_PARAM_YOUNG_MODULUS) | SL_PARAM_BIT(SL_PARAM_POISSON_RATIO) |
              SL_PARAM_BIT(SL_PARAM_DENSITY) | SL_PARAM_BIT(SL_PARAM_GRAVITY) | SL_PARAM_BIT(SL_PARAM_ONERING) |
              SL_PARAM_BIT(SL_PARAM_EXPERIMENT),
    /* Not the seed's regularized stepper: a mesh hanging under gravity carries stress at
     * rest, and the seed's stepper, which leaves the geometric stiffness out of its matrix,
     * gains energy above dt ~ 2/omega_H (4 ms on the issue-12 cantilever; 10 ms gave 620 J
     * of jitter). With H in the matrix it stays bounded at 10 ms (issue 12). */
    .default_method = "regularized-geometric",
    .default_dt = 0.01,
    .default_t_end = 1.0,
    .defaults = {{[SL_PARAM_SPRING_STIFFNESS] = NAN, [SL_PARAM_YOUNG_MODULUS] = 1e6, [SL_PARAM_POISSON_RATIO] = 0.3,
                  [SL_PARAM_DENSITY] = 1000.0, [SL_PARAM_GRAVITY] = 9.81, [SL_PARAM_RESOLUTION] = NAN,
                  [SL_PARAM_GRID_VARIANT] = NAN, [SL_PARAM_PBD_ITERATIONS] = NAN, [SL_PARAM_ONERING] = 0,
                  [SL_PARAM_EXPERIMENT] = SL_MESH_HANG}},
    .build = NULL, /* needs a mesh: sl_user_mesh_world */
};

#define TOP_FRACTION 0.03   /* of the height: the nodes pinned when hanging without a box */
#define CLAMP_FRACTION 1e-3 /* of the x extent: the cantilever's clamped face */

/* The body of the mesh for the hang and cantilever experiments: Green or linear tets at
 * the material's Poisson ratio, or (onering) deviatoric tets and the one-ring volume model
 * with alpha = 0, as in the onering-cantilever scene. */
static sl_status mesh_body(const sl_tet_mesh *mesh, const sl_material *mat, sl_strain strain, int onering,
                           double gravity, sl_world **out, sl_error *err) {
    sl_world *w = NULL;
    sl_model *ring = NULL;
    sl_status st = sl_tet_mesh_world_from(mesh, NULL, mat, onering ? SL_STRAIN_GREEN_DEVIATORIC : strain, gravity, &w);
    if (st != SL_OK) return sl_error_set(err, st, -1, "mesh: %s", sl_status_message(st));
    if (onering) st = sl_onering_volume_create(mesh->positions, mesh->node_count, mesh->tets, mesh->tet_count, 0, &ring, err);
    if (st == SL_OK && onering) st = sl_world_add_model(w, ring);
    if (st != SL_OK) sl_world_destroy(w), w = NULL;
    *out = w;
    return st;
}

/* Clamps the nodes within CLAMP_FRACTION of the x extent of the smallest x; tracks the node
 * of largest x nearest the centre of that end in y and z (the tip). SL_ERR_RANGE (in err)
 * if fewer than 3 nodes are clamped: a clamp holds a face, not an edge. */
static sl_status clamp_cantilever(sl_world *w, sl_error *err) {
    const double *x = sl_world_rest_positions(w);
    int n = sl_world_node_count(w), clamped = 0, tip = 0;
    double lo = INFINITY, hi = -INFINITY, cy = 0, cz = 0;
    for (int i = 0; i < n; i++) lo = fmin(lo, x[3 * i]), hi = fmax(hi, x[3 * i]), cy += x[3 * i + 1], cz += x[3 * i + 2];
    cy /= n, cz /= n;
    double tol = CLAMP_FRACTION * (hi - lo), best = INFINITY;
    sl_status st = SL_OK;
    for (int i = 0; st == SL_OK && i < n; i++) {
        if (x[3 * i] <= lo + tol) st = sl_world_pin(w, i, 1), clamped++;
        double off = hypot(x[3 * i + 1] - cy, x[3 * i + 2] - cz);
        if (x[3 * i] >= hi - tol && off < best) best = off, tip = i;
    }
    if (st != SL_OK) return sl_error_set(err, st, -1, "cantilever clamp: %s", sl_world_last_error(w));
    if (clamped < 3)
        return sl_error_set(err, SL_ERR_RANGE, -1, "cantilever: only %d node%s within %g m of the mesh's smallest x "
                            "(%g m); a clamp needs a face of at least 3", clamped, clamped == 1 ? "" : "s", tol, lo);
    return sl_world_set_tracked_node(w, tip);
}

sl_status sl_user_mesh_world(const sl_tet_mesh *mesh, const sl_scene_params *params,
                             sl_strain strain, const double *pin_boxes, int pin_box_count,
                             sl_world **out, sl_error *err) {
    if (!out) return sl_error_set(err, SL_ERR_NULL, -1, "no output pointer");
    *out = NULL;
    if (!mesh || !params || (pin_box_count > 0 && !pin_boxes)) return sl_error_set(err, SL_ERR_NULL, -1, "no mesh");
    sl_scene_params p = sl_scene_params_resolve(&sl_scene_user_mesh, params);
    sl_material mat = {p.value[SL_PARAM_YOUNG_MODULUS], p.value[SL_PARAM_POISSON_RATIO], p.value[SL_PARAM_DENSITY]};
    double lambda, mu, gravity = p.value[SL_PARAM_GRAVITY];
    if (sl_material_lame(&mat, &lambda, &mu) != SL_OK)
        return sl_error_set(err, SL_ERR_RANGE, -1, "Young's modulus %g Pa and density %g kg/m³ must be > 0, "
                            "the Poisson ratio %g in [0, 0.5]", mat.young_modulus, mat.density, mat.poisson_ratio);
    int onering = p.value[SL_PARAM_ONERING] == 1;
    sl_mesh_experiment experiment = (sl_mesh_experiment)p.value[SL_PARAM_EXPERIMENT];
    if (onering && strain != SL_STRAIN_GREEN)
        return sl_error_set(err, SL_ERR_RANGE, -1, "the one-ring body (onering = 1) has deviatoric Green-strain "
                            "tets: linear strain does not apply");
    if (strain != SL_STRAIN_GREEN && (experiment == SL_MESH_DROP || experiment == SL_MESH_SQUEEZE))
        return sl_error_set(err, SL_ERR_RANGE, -1, "the drop and the squeeze (seed 001's bodies) have Green-strain "
                            "tets: linear strain applies to hang and cantilever");
    sl_world *w = NULL;
    sl_status st;
    if (experiment == SL_MESH_DROP || experiment == SL_MESH_SQUEEZE) {
        /* seed 001's body (sl_ball_drop_world with the mesh): dropped from half its height
         * (the ball scene's 0.1 m for its 0.2 m), or between the plates of onering-squeeze */
        double lo = INFINITY, hi = -INFINITY;
        for (int i = 0; i < mesh->node_count; i++)
            lo = fmin(lo, mesh->positions[3 * i + 1]), hi = fmax(hi, mesh->positions[3 * i + 1]);
        sl_ball_drop_def d = sl_ball_drop_def_default();
        d.mesh = mesh, d.material = mat, d.gravity = gravity, d.onering = onering;
        d.drop_height = experiment == SL_MESH_DROP ? 0.5 * (hi - lo) : 0;
        if (experiment == SL_MESH_SQUEEZE) d.squeeze_time = SL_SQUEEZE_TIME, d.squeeze_min_gap = SL_SQUEEZE_MIN_GAP;
        st = sl_ball_drop_world(&d, &w, err);
    } else {
        st = mesh_body(mesh, &mat, strain, onering, gravity, &w, err);
    }
    if (st != SL_OK) return st; /* err says why */
    const double *x = sl_world_rest_positions(w);
    int n = sl_world_node_count(w), lowest = 0;
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < n; i++) {
        if (x[3 * i + 1] < x[3 * lowest + 1]) lowest = i;
        lo = fmin(lo, x[3 * i + 1]), hi = fmax(hi, x[3 * i + 1]);
    }
    st = sl_world_set_tracked_node(w, lowest);
    for (int b = 0; st == SL_OK && b < pin_box_count; b++) {
        st = sl_world_pin_box(w, pin_boxes + 6 * b, pin_boxes + 6 * b + 3, NULL);
        if (st != SL_OK) sl_error_set(err, st, b, "pin box %d: %s", b + 1, sl_world_last_error(w));
    }
    if (st == SL_OK && experiment == SL_MESH_CANTILEVER && pin_box_count == 0) st = clamp_cantilever(w, err);
    for (int i = 0; st == SL_OK && experiment == SL_MESH_HANG && pin_box_count == 0 && i < n; i++)
        if (x[3 * i + 1] >= hi - TOP_FRACTION * (hi - lo)) st = sl_world_pin(w, i, 1);
    if (st != SL_OK) sl_world_destroy(w), w = NULL;
    *out = w;
    return st;
}
