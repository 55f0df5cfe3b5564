/* The user-mesh scene (softlab/build.h): a mesh read from a file as an elastic solid, the
 * same in the CLI (--mesh) and the page (Load mesh…). */
#include <math.h>

#include "softlab/build.h"

const sl_scene_class sl_scene_user_mesh = {
    .name = "mesh",
    .title = "Your mesh",
    .citation = "seed 000 §2.3 (Green-strain tetrahedra)",
    .description = "Your mesh as an elastic solid (Young's modulus 1 MPa, Poisson ratio 0.3, "
                   "1000 kg/m³) hanging from its top 3 % under gravity. With onering = 1 it is "
                   "seed 001's incompressible body instead (deviatoric tets and one-ring "
                   "volumes: choose the `incompressible` stepper), dropped from half its "
                   "height onto the ground.",
    .params = SL_PARAM_BIT(SL_PARAM_YOUNG_MODULUS) | SL_PARAM_BIT(SL_PARAM_POISSON_RATIO) |
              SL_PARAM_BIT(SL_PARAM_DENSITY) | SL_PARAM_BIT(SL_PARAM_GRAVITY) | SL_PARAM_BIT(SL_PARAM_ONERING),
    /* Not the seed's regularized stepper: a mesh hanging under gravity carries stress at
     * rest, and the seed's stepper, which leaves the geometric stiffness out of its matrix,
     * gains energy above dt ~ 2/omega_H (4 ms on the issue-12 cantilever; 10 ms gave 620 J
     * of jitter). With H in the matrix it stays bounded at 10 ms (issue 12). */
    .default_method = "regularized-geometric",
    .default_dt = 0.01,
    .default_t_end = 1.0,
    .defaults = {{[SL_PARAM_SPRING_STIFFNESS] = NAN, [SL_PARAM_YOUNG_MODULUS] = 1e6, [SL_PARAM_POISSON_RATIO] = 0.3,
                  [SL_PARAM_DENSITY] = 1000.0, [SL_PARAM_GRAVITY] = 9.81, [SL_PARAM_RESOLUTION] = NAN,
                  [SL_PARAM_GRID_VARIANT] = NAN, [SL_PARAM_PBD_ITERATIONS] = NAN, [SL_PARAM_ONERING] = 0}},
    .build = NULL, /* needs a mesh: sl_user_mesh_world */
};

#define TOP_FRACTION 0.03 /* of the height: the nodes pinned when no box is given */

/* Seed 001's body of the mesh (onering = 1): the ball scene's drop with the user's mesh,
 * from half its height (the ball's 0.1 m for 0.2 m), on a ground of friction 0.5. */
static sl_status onering_drop(const sl_tet_mesh *mesh, const sl_material *mat, double gravity,
                              sl_world **out, sl_error *err) {
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < mesh->node_count; i++)
        lo = fmin(lo, mesh->positions[3 * i + 1]), hi = fmax(hi, mesh->positions[3 * i + 1]);
    sl_ball_drop_def d = sl_ball_drop_def_default();
    d.mesh = mesh, d.material = *mat, d.gravity = gravity, d.onering = 1;
    d.drop_height = 0.5 * (hi - lo);
    return sl_ball_drop_world(&d, out, err);
}

sl_status sl_user_mesh_world(const sl_tet_mesh *mesh, const sl_scene_params *params,
                             sl_strain strain, const double *pin_boxes, int pin_box_count,
                             sl_world **out, sl_error *err) {
    if (!out) return sl_error_set(err, SL_ERR_NULL, -1, "no output pointer");
    *out = NULL;
    if (!mesh || !params || (pin_box_count > 0 && !pin_boxes)) return sl_error_set(err, SL_ERR_NULL, -1, "no mesh");
    sl_scene_params p = sl_scene_params_resolve(&sl_scene_user_mesh, params);
    sl_material mat = {p.value[SL_PARAM_YOUNG_MODULUS], p.value[SL_PARAM_POISSON_RATIO], p.value[SL_PARAM_DENSITY]};
    double lambda, mu;
    if (sl_material_lame(&mat, &lambda, &mu) != SL_OK)
        return sl_error_set(err, SL_ERR_RANGE, -1, "Young's modulus %g Pa and density %g kg/m^3 must be > 0, "
                            "the Poisson ratio %g in [0, 0.5]", mat.young_modulus, mat.density, mat.poisson_ratio);
    sl_world *w = NULL;
    int onering = p.value[SL_PARAM_ONERING] == 1;
    if (onering && strain != SL_STRAIN_GREEN)
        return sl_error_set(err, SL_ERR_RANGE, -1, "the one-ring body (onering = 1) has deviatoric Green-strain "
                            "tets: linear strain does not apply");
    sl_status st = onering ? onering_drop(mesh, &mat, p.value[SL_PARAM_GRAVITY], &w, err)
                           : sl_tet_mesh_world(mesh, &mat, strain, p.value[SL_PARAM_GRAVITY], &w);
    if (st != SL_OK && onering) return st; /* err says why */
    if (st != SL_OK) return sl_error_set(err, st, -1, "mesh: %s", sl_status_message(st));
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
    for (int i = 0; st == SL_OK && !onering && pin_box_count == 0 && i < n; i++)
        if (x[3 * i + 1] >= hi - TOP_FRACTION * (hi - lo)) st = sl_world_pin(w, i, 1);
    if (st != SL_OK) sl_world_destroy(w), w = NULL;
    *out = w;
    return st;
}
