/* Stiffness warping (seed 002): linear-fem equals linearly implicit Euler on linear-strain
 * tets, warped forces vanish under rigid rotation, K_w is the derivative of f_w with the
 * rotations frozen, the momentum correction, and a spinning bar's volume. */
#include <stdlib.h>
#include <string.h>

#include "softlab/build.h"
#include "softlab/mesh.h"
#include "softlab/scene.h"
#include "softlab/stepper.h"
#include "softlab/warping.h"
#include "test.h"
#include "test_util.h"

/* A bar of nx x 1 x 1 cubes (5 tets each), 0.1 m cubes, E = 1e5 Pa, nu = 0.33, 1000 kg/m^3;
 * clamped at x = 0 when pinned. */
static sl_world *bar(int nx, sl_strain strain, double gravity, int pinned) {
    sl_tet_mesh mesh;
    double size[3] = {0.1 * nx, 0.1, 0.1};
    if (sl_tet_mesh_beam(nx, 1, 1, size, &mesh) != SL_OK) return NULL;
    sl_material mat = {.young_modulus = 1e5, .poisson_ratio = 0.33, .density = 1000};
    sl_world *w = NULL;
    sl_status st = sl_tet_mesh_world(&mesh, &mat, strain, gravity, &w);
    sl_tet_mesh_free(&mesh);
    if (st != SL_OK) return NULL;
    double lo[3] = {-1e-9, -1, -1}, hi[3] = {1e-9, 1, 1};
    if (pinned) sl_world_pin_box(w, lo, hi, NULL);
    return w;
}

static const sl_stepper_class *method(const char *name) { return sl_stepper_find(name); }

/* x = R_z(angle) x0 + t. */
static void rotated_rest(const sl_world *w, double angle, double *x) {
    const double *x0 = sl_world_rest_positions(w);
    for (int i = 0; i < sl_world_node_count(w); i++) {
        const double *p = x0 + 3 * i;
        x[3 * i] = cos(angle) * p[0] - sin(angle) * p[1] + 0.3;
        x[3 * i + 1] = sin(angle) * p[0] + cos(angle) * p[1] - 0.2;
        x[3 * i + 2] = p[2] + 0.1;
    }
}

static void perturbed(const sl_world *w, double amp, double *x) {
    unsigned s = 11u;
    const double *x0 = sl_world_rest_positions(w);
    for (int d = 0; d < 3 * sl_world_node_count(w); d++) {
        s = s * 1664525u + 1013904223u;
        x[d] = x0[d] + amp * ((double)(s >> 8) / (1u << 24) - 0.5);
    }
}

TEST(warping_steppers_are_in_the_table) {
    ENSURE(method("stiffness-warping") && method("stiffness-warping-element") && method("linear-fem"));
}

/* f_w with warp = none is K0 (x - x0) = J^T alpha^-1 phi of the linear-strain model. */
TEST(linear_fem_force_is_K0_times_displacement) {
    sl_world *w = bar(3, SL_STRAIN_LINEAR, 0, 0);
    ENSURE(w && sl_world_set_stepper(w, method("linear-fem"), 0.01, 0) == SL_OK);
    int n3 = 3 * sl_world_node_count(w), m = sl_world_constraint_count(w);
    double *x = malloc(sizeof(double) * n3), *f = malloc(sizeof(double) * n3);
    double *phi = malloc(sizeof(double) * m), *J = malloc(sizeof(double) * m * n3);
    perturbed(w, 0.02, x);
    ENSURE(sl_world_warping_force(w, x, x, f) == SL_OK);
    ENSURE(sl_world_evaluate(w, x, phi, J) == SL_OK);
    const double *alpha = sl_world_model(w, 0)->compliance;
    double worst = 0, scale = 0;
    for (int d = 0; d < n3; d++) {
        double g = 0;
        for (int r = 0; r < m; r++) g += J[(size_t)r * n3 + d] * phi[r] / alpha[r];
        worst = fmax(worst, fabs(g - f[d])), scale = fmax(scale, fabs(g));
    }
    ENSURE(scale > 0 && worst <= 1e-12 * scale);
    free(x), free(f), free(phi), free(J);
    sl_world_destroy(w);
}

/* linear-fem and implicit-euler on the linear-strain model take the same steps. */
TEST(linear_fem_equals_implicit_euler_on_linear_strain) {
    sl_world *a = bar(4, SL_STRAIN_LINEAR, 9.81, 1), *b = bar(4, SL_STRAIN_LINEAR, 9.81, 1);
    ENSURE(a && b);
    ENSURE(sl_world_set_stepper(a, method("linear-fem"), 0.01, 0) == SL_OK);
    ENSURE(sl_world_set_stepper(b, method("implicit-euler"), 0.01, 0) == SL_OK);
    ENSURE(step_n(a, 50) == 50 && step_n(b, 50) == 50);
    double worst = 0, moved = 0;
    for (int d = 0; d < 3 * sl_world_node_count(a); d++) {
        worst = fmax(worst, fabs(sl_world_positions(a)[d] - sl_world_positions(b)[d]));
        moved = fmax(moved, fabs(sl_world_positions(a)[d] - sl_world_rest_positions(a)[d]));
    }
    printf("    linear-fem vs implicit-euler (linear strain), 50 steps: max |dx| = %.2e m of %.3g m moved\n", worst, moved);
    ENSURE(moved > 1e-3 && worst < 1e-9);
    sl_world_destroy(a), sl_world_destroy(b);
}

/* Under a rigid rotation (90 deg about z, plus a shift) of the rest shape the warped
 * forces vanish; linear FEM's do not. */
TEST(warped_force_vanishes_under_rigid_rotation) {
    const char *names[3] = {"stiffness-warping", "stiffness-warping-element", "linear-fem"};
    for (int k = 0; k < 3; k++) {
        sl_world *w = bar(4, SL_STRAIN_GREEN, 0, 0);
        ENSURE(w && sl_world_set_stepper(w, method(names[k]), 0.01, 0) == SL_OK);
        int n3 = 3 * sl_world_node_count(w);
        double *x = malloc(sizeof(double) * n3), *f = malloc(sizeof(double) * n3), worst = 0;
        for (int t = 0; t < 4; t++) {
            rotated_rest(w, 0.4 + 0.4 * t, x);
            ENSURE(sl_world_warping_force(w, x, x, f) == SL_OK);
            for (int d = 0; d < n3; d++) worst = fmax(worst, fabs(f[d]));
        }
        printf("    %s: max |f_w| under rigid rotation = %.2e N\n", names[k], worst);
        if (k < 2) ENSURE(worst < 1e-10);
        else ENSURE(worst > 100);
        free(x), free(f);
        sl_world_destroy(w);
    }
}

/* K_w against central differences of f_w with the rotations frozen at x. */
TEST(warped_stiffness_matches_central_differences) {
    const char *names[2] = {"stiffness-warping", "stiffness-warping-element"};
    for (int k = 0; k < 2; k++) {
        sl_world *w = bar(2, SL_STRAIN_GREEN, 0, 0);
        ENSURE(w && sl_world_set_stepper(w, method(names[k]), 0.01, 0) == SL_OK);
        int n3 = 3 * sl_world_node_count(w);
        double *x = malloc(sizeof(double) * n3), *xr = malloc(sizeof(double) * n3);
        double *fp = malloc(sizeof(double) * n3), *fm = malloc(sizeof(double) * n3);
        double *K = malloc(sizeof(double) * n3 * n3), worst = 0, scale = 0, asym = 0, h = 1e-5;
        rotated_rest(w, 0.7, xr);
        for (int d = 0; d < n3; d++) x[d] = xr[d] + 0.01 * sin(3.0 * d); /* deformed and turned */
        memcpy(xr, x, sizeof(double) * n3);
        ENSURE(sl_world_warping_stiffness(w, xr, K) == SL_OK);
        for (int d = 0; d < n3; d++) {
            double keep = x[d];
            x[d] = keep + h;
            sl_world_warping_force(w, x, xr, fp);
            x[d] = keep - h;
            sl_world_warping_force(w, x, xr, fm);
            x[d] = keep;
            for (int r = 0; r < n3; r++) {
                double fd = (fp[r] - fm[r]) / (2 * h);
                worst = fmax(worst, fabs(fd - K[(size_t)r * n3 + d]));
                scale = fmax(scale, fabs(K[(size_t)r * n3 + d]));
                asym = fmax(asym, fabs(K[(size_t)r * n3 + d] - K[(size_t)d * n3 + r]));
            }
        }
        printf("    %s: |K_w - FD| = %.2e of %.2e, asymmetry %.2e\n", names[k], worst, scale, asym);
        ENSURE(worst < 1e-6 * scale);
        if (k == 0) ENSURE(asym > 1e-3 * scale); /* per-vertex rotations: not symmetric */
        else ENSURE(asym < 1e-12 * scale);
        free(x), free(xr), free(fp), free(fm), free(K);
        sl_world_destroy(w);
    }
}

/* P = sum m v, L = sum m x x v. */
static void momentum(const sl_world *w, double P[3], double L[3]) {
    const double *x = sl_world_positions(w), *v = sl_world_velocities(w), *m = sl_world_masses(w);
    for (int c = 0; c < 3; c++) P[c] = L[c] = 0;
    for (int i = 0; i < sl_world_node_count(w); i++) {
        const double *p = x + 3 * i, *u = v + 3 * i;
        for (int c = 0; c < 3; c++) P[c] += m[i] * u[c];
        L[0] += m[i] * (p[1] * u[2] - p[2] * u[1]);
        L[1] += m[i] * (p[2] * u[0] - p[0] * u[2]);
        L[2] += m[i] * (p[0] * u[1] - p[1] * u[0]);
    }
}

/* A free, deformed, spinning bar (no gravity, no pins), 200 steps of 10 ms: with the
 * correction P and L keep their values to round-off; the drift without it is printed. */
TEST(momentum_correction_removes_ghost_forces) {
    double drift[2][2];
    for (int on = 0; on < 2; on++) {
        sl_world *w = bar(5, SL_STRAIN_GREEN, 0, 0);
        ENSURE(w != NULL);
        int n3 = 3 * sl_world_node_count(w);
        double *x = malloc(sizeof(double) * n3), *v = malloc(sizeof(double) * n3);
        perturbed(w, 0.03, x);
        for (int i = 0; i < n3 / 3; i++) { /* spin about y at 2 rad/s plus a wobble */
            v[3 * i] = 2 * (x[3 * i + 2] - 0.05) + 0.1 * sin(i);
            v[3 * i + 1] = 0.2 * cos(2.0 * i);
            v[3 * i + 2] = -2 * (x[3 * i] - 0.25);
        }
        sl_world_set_positions(w, x);
        sl_world_set_velocities(w, v);
        ENSURE(sl_world_set_stepper(w, method("stiffness-warping"), 0.01, 0) == SL_OK);
        sl_world_set_momentum_correction(w, on);
        double P0[3], L0[3], P[3], L[3], dP = 0, dL = 0, nP = 0, nL = 0;
        momentum(w, P0, L0);
        ENSURE(step_n(w, 200) == 200);
        momentum(w, P, L);
        for (int c = 0; c < 3; c++) {
            dP = fmax(dP, fabs(P[c] - P0[c])), dL = fmax(dL, fabs(L[c] - L0[c]));
            nP = fmax(nP, fabs(P0[c])), nL = fmax(nL, fabs(L0[c]));
        }
        drift[on][0] = dP, drift[on][1] = dL;
        printf("    correction %s: |dP| = %.2e of %.3g kg m/s, |dL| = %.2e of %.3g kg m^2/s after 2 s\n",
               on ? "on " : "off", dP, nP, dL, nL);
        free(x), free(v);
        sl_world_destroy(w);
    }
    ENSURE(drift[1][0] < 1e-12 && drift[1][1] < 1e-12);
    ENSURE(drift[0][0] > 1e3 * drift[1][0] || drift[0][0] > 1e-9);
}

/* A free bar spun by a quarter turn (pi/2 rad/s for 1 s, no gravity): the warped bar
 * keeps its volume within 1 %, linear FEM's changes by more than 10 %. */
TEST(spinning_bar_keeps_volume_only_when_warped) {
    const char *names[3] = {"stiffness-warping", "stiffness-warping-element", "linear-fem"};
    for (int k = 0; k < 3; k++) {
        sl_world *w = bar(5, SL_STRAIN_GREEN, 0, 0);
        ENSURE(w && sl_world_set_stepper(w, method(names[k]), 0.01, 0) == SL_OK);
        int n = sl_world_node_count(w);
        double *v = malloc(sizeof(double) * 3 * n), worst = 0;
        const double *x0 = sl_world_rest_positions(w);
        for (int i = 0; i < n; i++) { /* omega = pi/2 about z through the centre */
            v[3 * i] = -(acos(-1.0) / 2) * (x0[3 * i + 1] - 0.05);
            v[3 * i + 1] = (acos(-1.0) / 2) * (x0[3 * i] - 0.25);
            v[3 * i + 2] = 0;
        }
        sl_world_set_velocities(w, v);
        for (int s = 0; s < 100; s++) {
            ENSURE(sl_world_step(w) == SL_OK);
            worst = fmax(worst, fabs(sl_world_volume_ratio(w) - 1));
        }
        printf("    %s: max |V/V0 - 1| over a quarter turn = %.4f\n", names[k], worst);
        if (k < 2) ENSURE(worst < 0.01);
        else ENSURE(worst > 0.1);
        free(v);
        sl_world_destroy(w);
    }
}

/* warp-bar's mesh (10 x 3 x 3 cubes, 1 m x 0.1 m x 0.1 m, 450 tets) as built, and with its
 * nodes renumbered by a random permutation p (node i becomes p[i]), its tets shuffled and
 * every other tet's corners swapped pairwise ((a,b,c,d) -> (b,a,d,c), orientation kept).
 * Returns the world (Green strain, E = 1 MPa, nu = 0.33, 1000 kg/m^3, g = 9.81, clamped at
 * x = 0) and fills p when permuted. */
static sl_world *warp_bar(int permute, int *p) {
    sl_tet_mesh m;
    double size[3] = {1.0, 0.1, 0.1};
    if (sl_tet_mesh_beam(10, 3, 3, size, &m) != SL_OK) return NULL;
    int n = m.node_count;
    for (int i = 0; i < n; i++) p[i] = i;
    if (permute) {
        unsigned s = 2024u;
        for (int i = n - 1; i > 0; i--) { /* Fisher-Yates with an LCG: fixed, portable */
            s = s * 1664525u + 1013904223u;
            int j = (int)((s >> 8) % (unsigned)(i + 1)), t = p[i];
            p[i] = p[j], p[j] = t;
        }
        double *x = malloc(sizeof(double) * 3 * n);
        for (int i = 0; i < n; i++) memcpy(x + 3 * p[i], m.positions + 3 * i, 3 * sizeof(double));
        memcpy(m.positions, x, sizeof(double) * 3 * n);
        free(x);
        for (int k = 0; k < 4 * m.tet_count; k++) m.tets[k] = p[m.tets[k]];
        for (int t = m.tet_count - 1; t > 0; t--) { /* shuffle the tets */
            s = s * 1664525u + 1013904223u;
            int j = (int)((s >> 8) % (unsigned)(t + 1)), tmp[4];
            memcpy(tmp, m.tets + 4 * t, sizeof tmp);
            memcpy(m.tets + 4 * t, m.tets + 4 * j, sizeof tmp);
            memcpy(m.tets + 4 * j, tmp, sizeof tmp);
        }
        for (int t = 0; t < m.tet_count; t += 2) {
            int *q = m.tets + 4 * t, a = q[0], c = q[2];
            q[0] = q[1], q[1] = a, q[2] = q[3], q[3] = c;
        }
    }
    sl_material mat = {.young_modulus = 1e6, .poisson_ratio = 0.33, .density = 1000};
    sl_world *w = NULL;
    sl_status st = sl_tet_mesh_world(&m, &mat, SL_STRAIN_GREEN, 9.81, &w);
    sl_tet_mesh_free(&m);
    double lo[3] = {-1, -1, -1}, hi[3] = {1e-9, 1, 1};
    int pinned = 0;
    if (st == SL_OK) sl_world_pin_box(w, lo, hi, &pinned);
    if (st != SL_OK || pinned != 16) sl_world_destroy(w), w = NULL;
    return w;
}

/* Corotational codes have shipped bugs that depended on numbering: warp-bar for 1 s
 * (100 steps of 10 ms, the tip sagging by decimetres) takes the same trajectory, to
 * 1e-9 m at every node after every step, under per-vertex and per-element warping
 * when the mesh's nodes and tets are renumbered. */
TEST(warping_trajectory_does_not_depend_on_numbering) {
    const char *names[2] = {"stiffness-warping", "stiffness-warping-element"};
    for (int k = 0; k < 2; k++) {
        int p[176], q[176];
        sl_world *a = warp_bar(0, q), *b = warp_bar(1, p);
        ENSURE(a && b && sl_world_node_count(a) == 176 && sl_world_node_count(b) == 176);
        ENSURE(sl_world_set_stepper(a, method(names[k]), 0.01, 0) == SL_OK);
        ENSURE(sl_world_set_stepper(b, method(names[k]), 0.01, 0) == SL_OK);
        double worst = 0, moved = 0;
        for (int s = 0; s < 100; s++) {
            ENSURE(sl_world_step(a) == SL_OK && sl_world_step(b) == SL_OK);
            const double *xa = sl_world_positions(a), *xb = sl_world_positions(b), *x0 = sl_world_rest_positions(a);
            for (int i = 0; i < 176; i++)
                for (int c = 0; c < 3; c++) {
                    worst = fmax(worst, fabs(xa[3 * i + c] - xb[3 * p[i] + c]));
                    moved = fmax(moved, fabs(xa[3 * i + c] - x0[3 * i + c]));
                }
        }
        printf("    %s: renumbered mesh, max |dx| over 100 steps = %.2e m (largest displacement %.3f m)\n",
               names[k], worst, moved);
        ENSURE(moved > 0.1 && worst < 1e-9);
        sl_world_destroy(a), sl_world_destroy(b);
    }
}

/* sl_world_set_mass_damping refuses what is not a damping rate. */
TEST(mass_damping_refuses_bad_values) {
    sl_world *w = bar(1, SL_STRAIN_GREEN, 0, 0);
    ENSURE(w != NULL);
    ENSURE(sl_world_set_mass_damping(NULL, 1) == SL_ERR_NULL);
    ENSURE(sl_world_set_mass_damping(w, -0.1) == SL_ERR_RANGE && strstr(sl_world_last_error(w), "-0.1"));
    ENSURE(sl_world_set_mass_damping(w, NAN) == SL_ERR_RANGE);
    ENSURE(sl_world_set_mass_damping(w, INFINITY) == SL_ERR_RANGE);
    ENSURE(sl_world_mass_damping(w) == 0);
    ENSURE(sl_world_set_mass_damping(w, 2.5) == SL_OK && sl_world_mass_damping(w) == 2.5);
    sl_world_destroy(w);
}

/* The energy watch and linear FEM (the warp-bar scene's default view): the world's energy
 * is the Green-strain model's, which linear FEM's forces (from 1/2 u^T K0 u) do not
 * conserve: the swelling bar's Green energy grows far past the watch's margin, a false
 * alarm, so the watch is off (-1) for SL_STEPPER_LINEARIZED and on for the warped bar. */
TEST(energy_watch_is_off_for_linear_fem_only) {
    static const char *const names[] = {"linear-fem", "stiffness-warping-element"};
    for (int k = 0; k < 2; k++) {
        sl_world *w = NULL;
        ENSURE(sl_scene_build(sl_scene_find("warp-bar"), NULL, &w) == SL_OK);
        if (!w) return;
        ENSURE(sl_world_set_stepper(w, sl_stepper_find(names[k]), 0.01, 0) == SL_OK);
        sl_energy_watch watch;
        sl_energy_watch_reset(&watch);
        double e0 = sl_world_energy(w).elastic + sl_world_energy(w).kinetic, most = e0;
        int verdict = sl_world_energy_growth(w, &watch);
        for (int s = 0; s < 100; s++) {
            ENSURE(sl_world_step(w) == SL_OK);
            verdict = sl_world_energy_growth(w, &watch);
            most = fmax(most, sl_world_energy(w).total - sl_world_energy(w).potential);
        }
        printf("  warp-bar, %s: energy watch %d after 1 s, largest K + U_el %.3g J\n", names[k], verdict, most);
        ENSURE(verdict == (k == 0 ? -1 : 0));
        sl_world_destroy(w);
    }
}
