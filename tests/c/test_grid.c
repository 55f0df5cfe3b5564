/* Terzopoulos grid solids (seed 004): the metric terms as constraints. */
#include <stdlib.h>
#include <string.h>

#include "softlab/build.h"
#include "softlab/grid.h"
#include "test.h"
#include "test_util.h"

static sl_world *grid(int terms, int ellipsoid, int n) {
    sl_grid_def d = sl_grid_def_default();
    d.terms = terms;
    d.ellipsoid = ellipsoid;
    d.count[0] = d.count[1] = d.count[2] = n;
    sl_world *w = NULL;
    return sl_grid_world(&d, &w, NULL) == SL_OK ? w : NULL;
}

static void perturb(const sl_world *w, double amp, unsigned seed, double *x) {
    for (int i = 0; i < 3 * sl_world_node_count(w); i++) {
        seed = seed * 1664525u + 1013904223u;
        x[i] = sl_world_rest_positions(w)[i] + amp * ((double)(seed >> 8) / (1u << 24) - 0.5);
    }
}

/* phi = 0 (zero force) at rest and under any rigid rotation + translation, for every term. */
TEST(grid_zero_strain_at_rest_and_under_rotation) {
    const int variants[2] = {SL_GRID_ORIGINAL, SL_GRID_IMPROVED};
    for (int v = 0; v < 2; v++) {
        sl_world *w = grid(variants[v], 0, 3);
        int n = sl_world_node_count(w), m = sl_world_constraint_count(w);
        double *x = malloc(sizeof(double) * 3 * (size_t)n), *phi = malloc(sizeof(double) * (size_t)m), worst = 0;
        const double *x0 = sl_world_rest_positions(w);
        double c = cos(1.1), s = sin(1.1);
        for (int i = 0; i < n; i++) {
            x[3 * i] = c * x0[3 * i] + s * x0[3 * i + 2] + 1.0;
            x[3 * i + 1] = x0[3 * i + 1] - 2.0;
            x[3 * i + 2] = -s * x0[3 * i] + c * x0[3 * i + 2];
        }
        ENSURE(sl_world_evaluate(w, x0, phi, NULL) == SL_OK);
        for (int r = 0; r < m; r++) worst = fmax(worst, fabs(phi[r]));
        ENSURE(sl_world_evaluate(w, x, phi, NULL) == SL_OK);
        for (int r = 0; r < m; r++) worst = fmax(worst, fabs(phi[r]));
        ENSURE(worst < 1e-13);
        ENSURE(m > 0);
        free(x), free(phi);
        sl_world_destroy(w);
    }
}

/* J against central differences and the quadratic-form identity H(w) x = J^T w, which
 * makes Terzopoulos' frozen-alpha stiffness the geometric stiffness (src/core/steppers/terzopoulos.c). */
TEST(grid_jacobian_and_quadratic_identity) {
    sl_world *w = grid(SL_GRID_ORIGINAL | SL_GRID_IMPROVED, 0, 3);
    for (int k = 0; k < sl_world_model_count(w); k++) {
        const sl_model *m = sl_world_model(w, k);
        int rows = sl_model_constraint_count(m), nd = 3 * m->block_nodes;
        double *x = malloc(sizeof(double) * 3 * (size_t)sl_world_node_count(w));
        double *J = malloc(sizeof(double) * (size_t)(rows * nd)), *wv = malloc(sizeof(double) * (size_t)rows);
        double *H = malloc(sizeof(double) * (size_t)(m->block_count * nd * nd)), worst_fd = 0, worst_id = 0, h = 1e-6;
        perturb(w, 0.04, 9u + (unsigned)k, x);
        m->cls->evaluate(m, x, NULL, J);
        for (int r = 0; r < rows; r++) wv[r] = sin(1.0 + r);
        m->cls->geometric_stiffness(m, x, wv, H);
        ENSURE(m->cls->quadratic == 1);
        for (int b = 0; b < m->block_count && b < 40; b++)
            for (int i = 0; i < nd; i++) { /* (H x_local)_i against (J^T w)_i */
                double hx = 0;
                for (int j = 0; j < nd; j++)
                    hx += H[b * nd * nd + i * nd + j] * x[3 * m->block_node[b * m->block_nodes + j / 3] + j % 3];
                worst_id = fmax(worst_id, fabs(hx - J[b * nd + i] * wv[b]));
            }
        worst_fd = fd_jacobian_error(m, x, 40, h);
        ENSURE(worst_fd < 1e-7);
        ENSURE(worst_id < 1e-12);
        free(x), free(J), free(wv), free(H);
    }
    sl_world_destroy(w);
}

TEST(grid_eta_condition_checked_at_input) {
    sl_grid_def d = sl_grid_def_default();
    d.eta_angle = 0.5 * d.eta_length; /* eta_12 + eta_21 < eta_11 + eta_22 */
    sl_world *w = NULL;
    sl_error err = {0};
    ENSURE(sl_grid_world(&d, &w, &err) == SL_ERR_RANGE && w == NULL);
    ENSURE(err.status == SL_ERR_RANGE && strstr(err.message, "eta_12 + eta_21 >= eta_11 + eta_22"));
    d.terms = SL_GRID_ORIGINAL; /* the condition concerns area restoration only */
    ENSURE(sl_grid_world(&d, &w, &err) == SL_OK);
    sl_world_destroy(w);
}

/* Measures: volume ratio 1 and no inverted cell at rest; a cube of 27 cells squashed
 * to half its height has volume ratio 0.5; a cell turned inside out counts. */
TEST(grid_volume_ratio_and_inverted_cells) {
    sl_world *w = grid(SL_GRID_IMPROVED, 0, 4);
    ENSURE_NEAR(sl_world_volume_ratio(w), 1.0, 1e-12);
    ENSURE(sl_world_inverted_cells(w) == 0);
    int n = sl_world_node_count(w);
    double *x = malloc(sizeof(double) * 3 * (size_t)n);
    memcpy(x, sl_world_rest_positions(w), sizeof(double) * 3 * (size_t)n);
    for (int i = 0; i < n; i++) x[3 * i + 1] *= 0.5;
    sl_world_set_positions(w, x);
    ENSURE_NEAR(sl_world_volume_ratio(w), 0.5, 1e-12);
    for (int i = 0; i < n; i++) x[3 * i + 1] *= -1; /* mirrored: every cell inverted */
    sl_world_set_positions(w, x);
    ENSURE(sl_world_inverted_cells(w) == 27);
    ENSURE(isnan(sl_world_volume_ratio(NULL)));
    free(x);
    sl_world_destroy(w);
}

/* Runs scene name in variant (0 original, 1 improved) with the regularized stepper at
 * dt = 5 ms for 1.5 s; returns the smallest volume ratio and the most inverted cells
 * seen (sampled every step) and the final shape error (m, rigid motion removed). */
static void run_grid_scene(const char *name, int variant, double *min_volume, int *max_inverted,
                           double *shape_error) {
    sl_scene_params p = sl_scene_params_default();
    p.value[SL_PARAM_GRID_VARIANT] = variant;
    sl_world *w = NULL;
    ENSURE(sl_scene_build(sl_scene_find(name), &p, &w) == SL_OK);
    ENSURE(sl_world_set_stepper(w, sl_stepper_find("regularized"), 0.005, 0) == SL_OK);
    *min_volume = 1, *max_inverted = 0;
    for (int s = 0; s < 300; s++) {
        ENSURE(sl_world_step(w) == SL_OK);
        *min_volume = fmin(*min_volume, sl_world_volume_ratio(w));
        *max_inverted = sl_world_inverted_cells(w) > *max_inverted ? sl_world_inverted_cells(w) : *max_inverted;
    }
    *shape_error = sl_world_shape_error(w);
    sl_world_destroy(w);
}

/* Seed 004 Fig. 6: a rubber ball (cells of a 7^3 grid in the inscribed sphere, 0.6 m,
 * 500 kg/m^3, eta 1e4 Pa) dropped from 0.3 m. Measured: the original model's volume falls
 * to 0.778 with 12 cells turned inside out; the improved one stays above 0.947 with none.
 * (Terzopoulos' scheme at dt = 0.5 ms: 0.675 with 12 inverted at the end, against 0.957.) */
TEST(grid_improved_ball_keeps_volume_original_collapses) {
    double vol[2], err[2];
    int inv[2];
    for (int v = 0; v < 2; v++) run_grid_scene("grid-rubber-ball", v, &vol[v], &inv[v], &err[v]);
    printf("  rubber ball: min volume ratio %.3f / %.3f, max inverted cells %d / %d (original / improved)\n",
           vol[0], vol[1], inv[0], inv[1]);
    ENSURE(vol[1] > 0.93 && inv[1] == 0);
    ENSURE(vol[0] < 0.85 && inv[0] > 0);
}

/* Seed 004 Fig. 7: the box (5^3 particles, 0.4 m) with a top corner pushed 0.15 m into
 * it, released on the ground. After 1.5 s the improved model is within 2.5 mm of its rest
 * shape (measured 1.9 mm), the original keeps a dent of 4.3 mm. (Terzopoulos' scheme at
 * dt = 0.5 ms after 5 s: 3.1 mm against 14.4 mm; at dt = 1 ms the improved box implodes.) */
TEST(grid_improved_box_recovers_original_keeps_dent) {
    double vol[2], err[2];
    int inv[2];
    for (int v = 0; v < 2; v++) run_grid_scene("grid-lifted-box", v, &vol[v], &inv[v], &err[v]);
    printf("  corner-deformed box: shape error after 1.5 s %.4f m / %.4f m (original / improved)\n", err[0], err[1]);
    ENSURE(err[1] < 0.0025);
    ENSURE(err[0] > 1.8 * err[1]);
}

/* Terzopoulos' semi-implicit scheme on a free grid (no gravity, ground or damping):
 * internal forces cancel, so momentum is conserved to round-off; a uniform velocity
 * (rigid translation) leaves the shape exactly unstrained; springs (not quadratic) are
 * refused. */
TEST(grid_terzopoulos_conserves_momentum) {
    sl_grid_def d = sl_grid_def_default();
    d.gravity = 0;
    d.count[0] = d.count[1] = d.count[2] = 3;
    sl_world *w = NULL;
    ENSURE(sl_grid_world(&d, &w, NULL) == SL_OK);
    int n = sl_world_node_count(w);
    double *v = malloc(sizeof(double) * 3 * (size_t)n), p0[3] = {0, 0, 0}, p1[3] = {0, 0, 0};
    for (int i = 0; i < 3 * n; i++) v[i] = 0.2 * sin(0.7 * i) + (i % 3 == 0 ? 1.0 : 0.0);
    sl_world_set_velocities(w, v);
    for (int i = 0; i < 3 * n; i++) p0[i % 3] += sl_world_masses(w)[i / 3] * v[i];
    ENSURE(sl_world_set_stepper(w, sl_stepper_find("terzopoulos"), 0.001, 0) == SL_OK);
    ENSURE(step_n(w, 100) == 100);
    for (int i = 0; i < 3 * n; i++) p1[i % 3] += sl_world_masses(w)[i / 3] * sl_world_velocities(w)[i];
    /* exact but for the linear solves, which stop at a relative residual of 1e-10
     * (SL_PCG_TOLERANCE, SL_CG_TOLERANCE: the rhs is M v + dt F, of the size of p): 100 steps
     * leave at most about 1e-8 |p|; measured 1.5e-11 of |p| = 4.0 (the solve started at the
     * explicit Euler velocity), 1e-12 when it started at v_n and so went further */
    double size = fabs(p0[0]) + fabs(p0[1]) + fabs(p0[2]);
    for (int c = 0; c < 3; c++) ENSURE_NEAR(p1[c], p0[c], 1e-9 * size);
    for (int i = 0; i < 3 * n; i++) v[i] = i % 3 == 1 ? -0.5 : 0.0; /* pure translation */
    sl_world_reset(w);
    sl_world_set_velocities(w, v);
    ENSURE(step_n(w, 100) == 100);
    ENSURE(sl_world_shape_error(w) < 1e-12);
    ENSURE_NEAR(sl_world_positions(w)[1] - sl_world_rest_positions(w)[1], -0.05, 1e-12);
    free(v);
    sl_world_destroy(w);
    sl_world *cube = make_cube("regularized", 0.01);
    ENSURE(sl_world_set_stepper(cube, sl_stepper_find("terzopoulos"), 0.001, 0) == SL_ERR_INCOMPATIBLE);
    sl_world_destroy(cube);
}

/* Seed 004 Fig. 8, 10, 11 scenes built by the scene table, both variants, regularized
 * stepper at dt = 5 ms for 1.5 s (run_grid_scene). Buckling (5^3 box, bottom and three
 * top corners held, the fourth pulled down 0.2 m over 1 s): the improved model keeps more volume.
 * Twist and water lily: they run without divergence and keep a sane volume ratio. */
TEST(grid_buckling_twist_lily_scenes) {
    double vol[2], err[2];
    int inv[2];
    for (int v = 0; v < 2; v++) run_grid_scene("grid-buckling", v, &vol[v], &inv[v], &err[v]);
    printf("  buckling: min volume ratio %.3f / %.3f, max inverted cells %d / %d (original / improved)\n",
           vol[0], vol[1], inv[0], inv[1]);
    ENSURE(vol[1] > vol[0] + 0.015); /* measured 0.956 vs 0.981 with the corner pulled over 1 s */
    ENSURE(inv[1] <= inv[0]);
    const char *names[2] = {"grid-pudding-twist", "grid-water-lily"};
    for (int k = 0; k < 2; k++) {
        for (int v = 0; v < 2; v++) run_grid_scene(names[k], v, &vol[v], &inv[v], &err[v]);
        printf("  %s: min volume ratio %.3f / %.3f, max inverted cells %d / %d\n", names[k], vol[0], vol[1],
               inv[0], inv[1]);
        ENSURE(vol[0] > 0.5 && vol[1] > 0.8);
    }
}
