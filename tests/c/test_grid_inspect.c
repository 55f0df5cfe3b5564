/* The grid-cell inspector (sl_grid_cell_metric, sl_grid_terms_cell_energy,
 * sl_world_grid_cell_inspect; issue 13 item 9) against seed 004 eq. 2-3 on homogeneous
 * deformations x = A a + b of grid solids (sl_grid_world: 3 x 3 x 3 particles, spacings
 * h = (0.1, 0.2, 0.15) m, so 8 cells of V = 3e-3 m^3; eta_length 1e4 Pa, eta_angle 3e4 Pa,
 * eta_volume 4e4 Pa, eta_pillar 1e4 Pa), where G = A^T A exactly, and against the
 * models' own phi and energy, computed the other way (the world's elastic energy). */
#include <stdlib.h>
#include <string.h>

#include "softlab/build.h"
#include "softlab/grid.h"
#include "softlab/scene.h"
#include "softlab/world.h"
#include "test.h"

static sl_world *grid(int n, int terms, int ellipsoid) {
    sl_grid_def d = sl_grid_def_default();
    const double h[3] = {0.1, 0.2, 0.15};
    for (int c = 0; c < 3; c++) d.count[c] = n, d.spacing[c] = h[c], d.origin[c] = 0.3 * c - 0.2;
    d.eta_angle = 3e4, d.terms = terms, d.ellipsoid = ellipsoid;
    sl_world *w = NULL;
    ENSURE(sl_grid_world(&d, &w, NULL) == SL_OK);
    return w;
}

/* Puts every node at x = A x0 + b. */
static void deform(sl_world *w, const double A[9], const double b[3]) {
    int n = sl_world_node_count(w);
    const double *x0 = sl_world_rest_positions(w);
    double *x = malloc(sizeof(double) * 3 * (size_t)n);
    for (int i = 0; i < n; i++)
        for (int r = 0; r < 3; r++)
            x[3 * i + r] = b[r] + A[3 * r] * x0[3 * i] + A[3 * r + 1] * x0[3 * i + 1] + A[3 * r + 2] * x0[3 * i + 2];
    ENSURE(sl_world_set_positions(w, x) == SL_OK);
    free(x);
}

/* Moves every node by a reproducible pseudo-random offset of up to amp (m). */
static void jiggle(sl_world *w, double amp) {
    int n = sl_world_node_count(w);
    double *x = malloc(sizeof(double) * 3 * (size_t)n);
    memcpy(x, sl_world_positions(w), sizeof(double) * 3 * (size_t)n);
    unsigned s = 12345;
    for (int k = 0; k < 3 * n; k++) {
        s = s * 1103515245u + 12345u;
        x[k] += amp * (((s >> 8) & 0xffff) / 32768.0 - 1);
    }
    ENSURE(sl_world_set_positions(w, x) == SL_OK);
    free(x);
}

/* A node whose first cell is q: its newest node (sl_grid_world numbers the nodes as the
 * cells in order first use them, so no earlier cell has it). */
static int corner_of_cell(const sl_world *w, int q) {
    int k = 4 * sl_world_tets_per_cell(w), best = -1;
    for (int a = 0; a < k; a++)
        if (sl_world_tets(w)[k * q + a] > best) best = sl_world_tets(w)[k * q + a];
    return best;
}
static int cells_of(const sl_world *w) { return sl_world_tet_count(w) / sl_world_tets_per_cell(w); }

/* G = A^T A for a homogeneous x = A a + b, with eq. 3's energy density for the original model
 * S = eta_l sum_i (G_ii - 1)^2 + eta_a sum_{i != j} G_ij^2 (G0 = I). */
static void check_homogeneous(const double A[9], const double stretches[3], double S) {
    sl_world *w = grid(3, SL_GRID_ORIGINAL, 0);
    const double b[3] = {0.3, -1, 2};
    deform(w, A, b);
    ENSURE(cells_of(w) == 8);
    for (int q = 0; q < 8; q++) {
        sl_grid_cell_inspection in;
        ENSURE(sl_world_grid_cell_inspect(w, corner_of_cell(w, q), &in) == SL_OK);
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                double AtA = 0;
                for (int k = 0; k < 3; k++) AtA += A[3 * k + i] * A[3 * k + j];
                ENSURE_NEAR(in.rest_metric[3 * i + j], i == j, 1e-15);
                ENSURE_NEAR(in.metric[3 * i + j], AtA, 1e-13);
                ENSURE_NEAR(in.metric_change[3 * i + j], AtA - (i == j), 1e-13);
            }
        double detA = A[0] * (A[4] * A[8] - A[5] * A[7]) - A[1] * (A[3] * A[8] - A[5] * A[6]) + A[2] * (A[3] * A[7] - A[4] * A[6]);
        ENSURE_NEAR(in.J, fabs(detA), 1e-13);
        for (int k = 0; k < 3; k++) ENSURE_NEAR(in.stretches[k], stretches[k], 1e-12);
        ENSURE_NEAR(in.rest_volume, 0.1 * 0.2 * 0.15, 1e-16);
        ENSURE_NEAR(in.energy_density, S, 1e-9 * (S + 1));
    }
    sl_world_destroy(w);
}

TEST(grid_cell_uniform_stretch_gives_g_diag_s2_g0_and_eq3_energy) {
    const double s[3] = {1.2, 0.9, 1.05}, A[9] = {1.2, 0, 0, 0, 0.9, 0, 0, 0, 1.05}, sorted[3] = {0.9, 1.05, 1.2};
    double S = 0;
    for (int i = 0; i < 3; i++) S += 1e4 * pow(s[i] * s[i] - 1, 2);
    check_homogeneous(A, sorted, S); /* S = 1e4 (0.44^2 + 0.19^2 + 0.1025^2) = 2402.06 Pa */
}

TEST(grid_cell_rigid_rotation_gives_g0_and_no_energy) {
    const double c = cos(0.7), s = sin(0.7), u = cos(-1.1), v = sin(-1.1);
    const double Rz[9] = {c, -s, 0, s, c, 0, 0, 0, 1}, Rx[9] = {1, 0, 0, 0, u, -v, 0, v, u};
    double R[9] = {0};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 3; k++) R[3 * i + j] += Rz[3 * i + k] * Rx[3 * k + j];
    const double one[3] = {1, 1, 1};
    check_homogeneous(R, one, 0);
}

/* x1 = a1 + gamma a2: G = [[1, g, 0], [g, 1 + g^2, 0], [0, 0, 1]], J = 1, stretches
 * sqrt(1 + g^2/4) -+ g/2 and 1; S = eta_l g^4 + 2 eta_a g^2. */
TEST(grid_cell_simple_shear_gives_the_textbook_metric) {
    const double g = 0.3, A[9] = {1, g, 0, 0, 1, 0, 0, 0, 1};
    const double r = sqrt(1 + g * g / 4), st[3] = {r - g / 2, 1, r + g / 2};
    check_homogeneous(A, st, 1e4 * pow(g, 4) + 2 * 3e4 * g * g);
}

/* The metric is the models' own differences: G_ii - 1 is the mean phi of the cell's 4
 * edge terms along i, G_ij the mean of the angle terms at its 8 corners (each with the
 * sign of its two edge directions), on a non-homogeneous state. */
TEST(grid_cell_metric_is_the_mean_of_the_models_length_and_angle_terms) {
    sl_world *w = grid(3, SL_GRID_ORIGINAL, 0);
    jiggle(w, 0.03);
    const sl_model *len = sl_world_model(w, 0), *ang = NULL;
    for (int k = 0; k < sl_world_model_count(w); k++)
        if (sl_world_model(w, k)->block_nodes == 3) ang = sl_world_model(w, k);
    ENSURE(sl_grid_terms_is(len) && len->block_nodes == 2 && sl_grid_terms_is(ang));
    double *pl = malloc(sizeof(double) * (size_t)len->block_count), *pa = malloc(sizeof(double) * (size_t)ang->block_count);
    len->cls->evaluate(len, sl_world_positions(w), pl, NULL);
    ang->cls->evaluate(ang, sl_world_positions(w), pa, NULL);
    for (int q = 0; q < 8; q++) {
        int n[8];
        ENSURE(sl_world_grid_cell_at_node(w, corner_of_cell(w, q), n) == q);
        sl_grid_cell_inspection in;
        ENSURE(sl_grid_cell_metric(sl_world_positions(w), sl_world_rest_positions(w), sl_world_node_count(w), n, &in) == SL_OK);
        double G[9] = {0};
        int found = 0;
        for (int c = 0; c < 8; c++)
            for (int i = 0; i < 3; i++) {
                int a = n[c], b = n[c ^ (1 << i)];
                for (int t = 0; t < len->block_count && !(c >> i & 1); t++) /* each edge once */
                    if ((len->block_node[2 * t] == a && len->block_node[2 * t + 1] == b) ||
                        (len->block_node[2 * t] == b && len->block_node[2 * t + 1] == a))
                        G[4 * i] += (1 + pl[t]) / 4, found++;
                for (int j = i + 1; j < 3; j++) {
                    int p = n[c ^ (1 << i)], r = n[c ^ (1 << j)], lo = p < r ? p : r, hi = p < r ? r : p;
                    double sign = ((c >> i) & 1) == ((c >> j) & 1) ? 1 : -1;
                    for (int t = 0; t < ang->block_count; t++)
                        if (ang->block_node[3 * t] == a && ang->block_node[3 * t + 1] == lo && ang->block_node[3 * t + 2] == hi)
                            G[3 * i + j] += sign * pa[t] / 8, found++; /* cos0 = 0 on the grid */
                }
            }
        ENSURE(found == 12 + 24);
        for (int i = 0; i < 3; i++)
            for (int j = i; j < 3; j++) ENSURE_NEAR(in.metric[3 * i + j], G[3 * i + j], 1e-14);
        ENSURE(fabs(in.metric[1]) > 1e-3); /* the jiggle shears every cell */
    }
    free(pl), free(pa);
    sl_world_destroy(w);
}

/* The cells' shares add up to the world's elastic energy, for every model variant (the
 * pillars included) on a box and on the rubber ball's ellipsoid of cells; and one cell
 * alone holds all of it. */
TEST(grid_cell_energies_add_up_to_the_models_energy) {
    struct { int n, terms, ellipsoid; } cases[4] = {
        {4, SL_GRID_ORIGINAL, 0}, {4, SL_GRID_IMPROVED, 0}, {2, SL_GRID_IMPROVED | SL_GRID_ANGLES, 0}, {6, SL_GRID_IMPROVED, 1}};
    for (int k = 0; k < 4; k++) {
        sl_world *w = grid(cases[k].n, cases[k].terms, cases[k].ellipsoid);
        jiggle(w, 0.02);
        double sum = 0, U = sl_world_energy(w).elastic;
        for (int q = 0; q < cells_of(w); q++) {
            sl_grid_cell_inspection in;
            ENSURE(sl_world_grid_cell_inspect(w, corner_of_cell(w, q), &in) == SL_OK);
            ENSURE(in.energy > 0);
            ENSURE_NEAR(in.energy_density * in.rest_volume, in.energy, 1e-12 * in.energy);
            sum += in.energy;
        }
        printf("  %d cells: sum of cell energies %.12g J, model energy %.12g J\n", cells_of(w), sum, U);
        ENSURE(U > 0);
        ENSURE_NEAR(sum, U, 1e-12 * U);
        sl_world_destroy(w);
    }
}

TEST(grid_cell_lookup_and_bad_input) {
    sl_world *w = grid(3, SL_GRID_IMPROVED, 0);
    const double *x0 = sl_world_rest_positions(w);
    const double h[3] = {0.1, 0.2, 0.15};
    for (int node = 0; node < sl_world_node_count(w); node++) {
        int n[8], q = sl_world_grid_cell_at_node(w, node, n), has = 0;
        ENSURE(q >= 0 && q < 8);
        for (int c = 0; c < 8; c++) {
            has |= n[c] == node;
            for (int i = 0; i < 3; i++) ENSURE_NEAR(x0[3 * n[c] + i] - x0[3 * n[0] + i], (c >> i & 1) * h[i], 1e-12);
        }
        ENSURE(has);
    }
    ENSURE(sl_world_grid_cell_at_node(w, -1, NULL) == -1);
    ENSURE(sl_world_grid_cell_at_node(w, sl_world_node_count(w), NULL) == -1);
    sl_grid_cell_inspection in;
    ENSURE(sl_world_grid_cell_inspect(w, 99, &in) == SL_ERR_RANGE);
    ENSURE(sl_world_grid_cell_inspect(NULL, 0, &in) == SL_ERR_NULL);
    int n[8], bad[8];
    sl_world_grid_cell_at_node(w, 0, n);
    memcpy(bad, n, sizeof bad);
    bad[1] = bad[0]; /* a zero rest edge */
    ENSURE(sl_grid_cell_metric(x0, x0, sl_world_node_count(w), bad, &in) == SL_ERR_DEGENERATE);
    bad[1] = sl_world_node_count(w);
    ENSURE(sl_grid_cell_metric(x0, x0, sl_world_node_count(w), bad, &in) == SL_ERR_INDEX);
    double e = 1;
    ENSURE(sl_grid_terms_cell_energy(sl_world_model(w, 0), x0, x0, sl_world_node_count(w), n, 1, 1, &e) == SL_ERR_RANGE);
    sl_world_destroy(w);
    /* a tet-FEM world is no grid solid */
    ENSURE(sl_scene_build(sl_scene_find("fem-soft-beam"), NULL, &w) == SL_OK);
    ENSURE(sl_world_grid_cell_at_node(w, 0, NULL) == -1);
    ENSURE(sl_world_grid_cell_inspect(w, 0, &in) == SL_ERR_RANGE);
    const double *y = sl_world_rest_positions(w);
    ENSURE(sl_grid_terms_cell_energy(sl_world_model(w, 0), y, y, sl_world_node_count(w), n, 1, 0, &e) == SL_ERR_RANGE);
    sl_world_destroy(w);
}

/* A parallelepiped rest cell x0 = B a (G0 != I: edges of unequal length at oblique
 * angles) deformed to x = A x0: G0^-1 G is similar to A^T A, so the stretches are A's
 * singular values and J = |det A| whatever the rest shape. A = diag(1.3, 0.8, 1.1)
 * rotated: singular values 0.8, 1.1, 1.3. */
TEST(grid_cell_stretches_on_an_oblique_rest_cell_are_the_singular_values) {
    const double B[9] = {0.1, 0.05, -0.04, 0.02, 0.2, 0.06, 0, -0.01, 0.15};
    const double c = cos(0.4), s = sin(0.4), R[9] = {c, 0, s, 0, 1, 0, -s, 0, c}, D[3] = {1.3, 0.8, 1.1};
    double x0[24], x[24];
    int n[8];
    for (int k = 0; k < 8; k++) {
        double a[3] = {k & 1, (k >> 1) & 1, k >> 2};
        n[k] = 7 - k; /* any node numbering */
        for (int r = 0; r < 3; r++) x0[3 * n[k] + r] = B[3 * r] * a[0] + B[3 * r + 1] * a[1] + B[3 * r + 2] * a[2];
    }
    for (int p = 0; p < 8; p++)
        for (int r = 0; r < 3; r++) {
            x[3 * p + r] = 0;
            for (int k = 0; k < 3; k++) x[3 * p + r] += R[3 * r + k] * D[k] * x0[3 * p + k];
        }
    sl_grid_cell_inspection in;
    ENSURE(sl_grid_cell_metric(x, x0, 8, n, &in) == SL_OK);
    ENSURE(fabs(in.rest_metric[1]) > 0.1 && fabs(in.rest_metric[2]) > 0.1 && fabs(in.rest_metric[5]) > 0.1);
    ENSURE_NEAR(in.stretches[0], 0.8, 1e-12);
    ENSURE_NEAR(in.stretches[1], 1.1, 1e-12);
    ENSURE_NEAR(in.stretches[2], 1.3, 1e-12);
    ENSURE_NEAR(in.J, 1.3 * 0.8 * 1.1, 1e-12);
    double detB = B[0] * (B[4] * B[8] - B[5] * B[7]) - B[1] * (B[3] * B[8] - B[5] * B[6]) + B[2] * (B[3] * B[7] - B[4] * B[6]);
    ENSURE_NEAR(in.rest_volume, detB, 1e-15);
}
