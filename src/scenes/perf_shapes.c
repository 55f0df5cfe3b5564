/* Issue 11's performance shapes: a compact block and a slender beam of Green-strain
 * tets, clamped at x = 0 and loaded by gravity, whose `resolution` r sets the size:
 * about 5 r^3 tets for both shapes, so r = 8, 10, 13, 16 give the benchmark's four sizes
 * of about 2,500 / 5,000 / 10,000 / 20,000 tets (`softlab bench --shapes`, make bench).
 * In the scene table, so the CLI, the page, the wasm benchmark and the tests build the
 * same worlds. */
#include <math.h>

#include "softlab/build.h"
#include "softlab/scene.h"

#define SHAPE_PARAMS (SL_PARAM_BIT(SL_PARAM_YOUNG_MODULUS) | SL_PARAM_BIT(SL_PARAM_POISSON_RATIO) | \
                      SL_PARAM_BIT(SL_PARAM_DENSITY) | SL_PARAM_BIT(SL_PARAM_GRAVITY) |               \
                      SL_PARAM_BIT(SL_PARAM_RESOLUTION))
/* E = 1 MPa, nu = 0.3, 1000 kg/m^3, g = 9.81 m/s^2; r = 4 (320 tets: the lab opens fast). */
#define SHAPE_DEFAULTS                                                                                 \
    {{[SL_PARAM_SPRING_STIFFNESS] = NAN, [SL_PARAM_YOUNG_MODULUS] = 1e6, [SL_PARAM_POISSON_RATIO] = 0.3, \
      [SL_PARAM_DENSITY] = 1000, [SL_PARAM_GRAVITY] = 9.81, [SL_PARAM_RESOLUTION] = 4,                 \
      [SL_PARAM_GRID_VARIANT] = NAN}}

/* Cubes of 5 tets along x, y, z for resolution r: the block r x r x r over a 0.5 m cube;
 * the beam k x k across 0.2 m x 0.2 m with k ~ (r^3/10)^(1/3), and as many cubes along its
 * 2 m as make 5 r^3 tets (at least 5 k: it stays slender at small r). */
static void shape_cells(int beam, int r, int n[3], double size[3]) {
    if (!beam) {
        n[0] = n[1] = n[2] = r;
        size[0] = size[1] = size[2] = 0.5;
        return;
    }
    double tets = 5.0 * r * r * r;
    int k = (int)lround(cbrt(tets / 50.0));
    if (k < 1) k = 1;
    int nx = (int)lround(tets / (5.0 * k * k));
    n[0] = nx > 5 * k ? nx : 5 * k, n[1] = n[2] = k;
    size[0] = 2, size[1] = size[2] = 0.2;
}

/* The shape's world: Green strain, the nodes at x = 0 pinned, tracking the free end's
 * bottom corner (x = length, y = 0, z = 0). */
static sl_status shape_world(const sl_scene_params *p, int beam, sl_world **out) {
    sl_material mat = {p->value[SL_PARAM_YOUNG_MODULUS], p->value[SL_PARAM_POISSON_RATIO], p->value[SL_PARAM_DENSITY]};
    double lambda, mu, g = p->value[SL_PARAM_GRAVITY], r = p->value[SL_PARAM_RESOLUTION];
    if (sl_material_lame(&mat, &lambda, &mu) != SL_OK || !sl_param_valid(SL_PARAM_GRAVITY, g) ||
        !sl_param_valid(SL_PARAM_RESOLUTION, r))
        return SL_ERR_RANGE;
    int n[3];
    double lo[3] = {0, 0, 0}, size[3];
    shape_cells(beam, (int)r, n, size);
    sl_tet_mesh mesh;
    sl_status st = sl_tet_mesh_grid(n, lo, size, SL_SPLIT_5, NULL, NULL, &mesh);
    if (st != SL_OK) return st;
    st = sl_tet_mesh_world(&mesh, &mat, SL_STRAIN_GREEN, g, out);
    sl_tet_mesh_free(&mesh);
    if (st != SL_OK) return st;
    double pin_lo[3] = {-1e-9, -1, -1}, pin_hi[3] = {1e-9, 10, 10};
    st = sl_world_pin_box(*out, pin_lo, pin_hi, NULL);
    const double *x = sl_world_rest_positions(*out);
    int tip = 0;
    for (int i = 0; i < sl_world_node_count(*out); i++)
        if (fabs(x[3 * i] - size[0]) < 1e-9 && x[3 * i + 1] < 1e-9 && x[3 * i + 2] < 1e-9) tip = i;
    if (st == SL_OK) st = sl_world_set_tracked_node(*out, tip);
    if (st != SL_OK) sl_world_destroy(*out), *out = NULL;
    return st;
}

static sl_status build_block(const sl_scene_params *p, sl_world **out) { return shape_world(p, 0, out); }
static sl_status build_beam(const sl_scene_params *p, sl_world **out) { return shape_world(p, 1, out); }

const sl_scene_class sl_scene_perf_block = {
    .name = "perf-block",
    .title = "Performance: compact block (FEM)",
    .citation = "softlab's benchmark shapes (make bench --shapes)",
    .description = "A 0.5 m rubbery cube (E = 1 MPa, ν = 0.3) clamped to a wall at one side, "
                   "sagging under gravity: the compact shape of the benchmark. The mesh "
                   "resolution r sets its size, r x r x r cubes of 5 tets (r = 16: 20,480 tets); "
                   "watch the panel's step time as you raise it. A compact 3D mesh fills in "
                   "the most under a direct factorization.",
    /* the benchmark's implicit steppers; no symplectic Euler panel: at 10 ms it diverges
     * within 0.03 s, which is no benchmark (`softlab check-defaults`) */
    .default_view = "methods=regularized,implicit-euler",
    .params = SHAPE_PARAMS,
    .default_method = "regularized",
    .default_dt = 0.01,
    .default_beta = 20,
    .default_t_end = 3.0,
    .defaults = SHAPE_DEFAULTS,
    .build = build_block,
};

const sl_scene_class sl_scene_perf_beam = {
    .name = "perf-beam",
    .title = "Performance: slender beam (FEM)",
    .citation = "softlab's benchmark shapes (make bench --shapes)",
    .description = "A 2 m × 0.2 m × 0.2 m rubbery beam (E = 1 MPa, ν = 0.3) clamped at one "
                   "end, falling and swinging under gravity: the slender shape of the benchmark. "
                   "The mesh resolution r gives about as many tets as the block at the same r "
                   "(5 r³; r = 16: 20,580 tets); watch the panel's step time as you raise it.",
    /* the benchmark's implicit steppers; no symplectic Euler panel: at 10 ms it diverges
     * within 0.03 s, which is no benchmark (`softlab check-defaults`) */
    .default_view = "methods=regularized,implicit-euler",
    .params = SHAPE_PARAMS,
    .default_method = "regularized",
    .default_dt = 0.01,
    .default_beta = 20,
    .default_t_end = 3.0,
    .defaults = SHAPE_DEFAULTS,
    .build = build_beam,
};
