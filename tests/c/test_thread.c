/* Seed 003's suture thread (§4, issue 15): the tube mesh along a curve, the volume-barrier
 * and torsion models (softlab's definitions: the seed's eq. 14-15 were lost). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/build.h"
#include "softlab/springs.h"
#include "softlab/thread.h"
#include "test.h"
#include "test_util.h"

#define PI 3.14159265358979323846

/* A straight curve of count stations from the origin along (1, 2, 2)/3, spacing h (m). */
static void straight_curve(int count, double h, double *curve) {
    for (int s = 0; s < count; s++)
        for (int c = 0; c < 3; c++) curve[3 * s + c] = h * s * (c == 0 ? 1 : 2) / 3.0;
}

/* A helix of radius R (m) and pitch p (m per turn) sampled at count stations, dtheta apart. */
static void helix_curve(int count, double R, double p, double dtheta, double *curve) {
    for (int s = 0; s < count; s++) {
        double th = dtheta * s;
        curve[3 * s] = R * cos(th), curve[3 * s + 1] = p * th / (2 * PI), curve[3 * s + 2] = R * sin(th);
    }
}

static void jiggle(double *x, int n, double amp, unsigned seed) {
    for (int i = 0; i < 3 * n; i++) {
        seed = seed * 1664525u + 1013904223u;
        x[i] += amp * ((double)(seed >> 8) / (1u << 24) - 0.5);
    }
}

/* Straight thread: every tet a third of a right prism, area (3 sqrt 3/4) r^2 x spacing h,
 * and the total the prism volumes A L, to round-off. */
TEST(thread_mesh_straight_tets_are_thirds_of_right_prisms) {
    enum { S = 11 };
    double curve[3 * S], r = 0.004, h = 0.02;
    straight_curve(S, h, curve);
    sl_tet_mesh mesh;
    ENSURE(sl_tet_mesh_thread(curve, S, r, &mesh) == SL_OK);
    ENSURE(mesh.node_count == 3 * S && mesh.tet_count == 3 * (S - 1));
    double A = 3 * sqrt(3) / 4 * r * r, total = 0, worst = 0;
    for (int t = 0; t < mesh.tet_count; t++) {
        const int *n = mesh.tets + 4 * t;
        double v = sl_tet_volume(mesh.positions, n[0], n[1], n[2], n[3]);
        ENSURE(v > 0);
        worst = fmax(worst, fabs(v - A * h / 3) / (A * h / 3));
        total += v;
    }
    printf("  straight thread: worst tet off A h/3 by %.1e, total off A L by %.1e\n", worst,
           fabs(total - A * h * (S - 1)) / (A * h * (S - 1)));
    ENSURE(worst < 1e-12);
    ENSURE_NEAR(total, A * h * (S - 1), 1e-12 * A * h * S);
    /* the station nodes sit at radius r around the curve, in its normal plane */
    for (int s = 0; s < S; s++)
        for (int k = 0; k < 3; k++) {
            const double *p = mesh.positions + 3 * (3 * s + k), *c = curve + 3 * s;
            double d[3] = {p[0] - c[0], p[1] - c[1], p[2] - c[2]};
            ENSURE_NEAR(sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]), r, 1e-15);
            ENSURE_NEAR((d[0] + 2 * d[1] + 2 * d[2]) / 3, 0, 1e-15);
        }
    sl_tet_mesh_free(&mesh);
}

/* A helix: every tet positive, and by Pappus the tube's volume A times the arc length
 * (within the polyline's chord error, O((dtheta)^2)). Too sharp a bend, coincident
 * stations and bad sizes are refused. */
TEST(thread_mesh_helix_positive_and_errors) {
    enum { S = 41 };
    double curve[3 * S], r = 0.004, R = 0.05, p = 0.03, dth = 0.25;
    helix_curve(S, R, p, dth, curve);
    sl_tet_mesh mesh;
    ENSURE(sl_tet_mesh_thread(curve, S, r, &mesh) == SL_OK);
    double total = 0, vmin = INFINITY, arc = 0;
    for (int t = 0; t < mesh.tet_count; t++) {
        const int *n = mesh.tets + 4 * t;
        double v = sl_tet_volume(mesh.positions, n[0], n[1], n[2], n[3]);
        vmin = fmin(vmin, v), total += v;
    }
    for (int s = 0; s + 1 < S; s++) {
        double d[3] = {curve[3 * s + 3] - curve[3 * s], curve[3 * s + 4] - curve[3 * s + 1], curve[3 * s + 5] - curve[3 * s + 2]};
        arc += sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    }
    double A = 3 * sqrt(3) / 4 * r * r;
    printf("  helix: smallest tet %.3e m^3 (A h/3 = %.3e), volume / (A arc) = %.5f\n", vmin, A * arc / (S - 1) / 3,
           total / (A * arc));
    ENSURE(vmin > 0);
    ENSURE_NEAR(total / (A * arc), 1, 0.01);
    sl_tet_mesh_free(&mesh);
    /* a hairpin: the curve turns back on itself within a station */
    double hairpin[9] = {0, 0, 0, 0.02, 0, 0, 0, 0.001, 0};
    ENSURE(sl_tet_mesh_thread(hairpin, 3, r, &mesh) == SL_ERR_DEGENERATE && mesh.tets == NULL);
    double twice[6] = {0, 0, 0, 0, 0, 0};
    ENSURE(sl_tet_mesh_thread(twice, 2, r, &mesh) == SL_ERR_DEGENERATE);
    ENSURE(sl_tet_mesh_thread(curve, 1, r, &mesh) == SL_ERR_RANGE);
    ENSURE(sl_tet_mesh_thread(curve, S, 0, &mesh) == SL_ERR_RANGE);
    ENSURE(sl_tet_mesh_thread(NULL, S, r, &mesh) == SL_ERR_NULL);
}

/* The barrier curve: phi = (V - V0)/V0 near rest with slope 1, C1 at r = 1 and at the
 * floor, increasing everywhere (one rest state), and the collapse energy it documents:
 * with kappa = 1, phi(0) = phi(r_f) - r_f phi'(r_f) = -19 - 0.05 * 400 = -39. */
TEST(volume_barrier_curve_is_c1_increasing_and_grows_toward_collapse) {
    double s1, s0;
    ENSURE_NEAR(sl_volume_barrier_phi(1, 1, &s1), 0, 0);
    ENSURE_NEAR(s1, 1, 0);
    ENSURE_NEAR(sl_volume_barrier_phi(1.3, 1, NULL), 0.3, 1e-15);
    ENSURE_NEAR(sl_volume_barrier_phi(0.5, 0, NULL), -0.5, 1e-15); /* kappa 0: plain */
    ENSURE_NEAR(sl_volume_barrier_phi(0, 1, NULL), -39, 1e-12);
    for (double r = -0.5; r < 2; r += 1e-3) { /* slope positive; phi' = central difference */
        double slope, h = 1e-7, fd = (sl_volume_barrier_phi(r + h, 1, NULL) - sl_volume_barrier_phi(r - h, 1, NULL)) / (2 * h);
        sl_volume_barrier_phi(r, 1, &slope);
        ENSURE(slope >= 1);
        if (fabs(r - SL_VOLUME_BARRIER_FLOOR) > 1e-6 && fabs(r - 1) > 1e-6) ENSURE_NEAR(fd, slope, 1e-5 * slope);
    }
    const double rf = SL_VOLUME_BARRIER_FLOOR, e = 1e-9; /* continuity of phi and phi' at the joints */
    for (int j = 0; j < 2; j++) {
        double at = j ? 1 : rf, sl, sr;
        ENSURE_NEAR(sl_volume_barrier_phi(at - e, 1, &sl), sl_volume_barrier_phi(at + e, 1, &sr), 1e-6);
        ENSURE_NEAR(sl, sr, 1e-5 * sr);
    }
    /* energy ratio to the plain model, phi^2 / (r - 1)^2 = (1 + kappa (1 - r)/r)^2: 100 at
     * r = 0.1, growing like 1/r^2 until the floor */
    double plain = sl_volume_barrier_phi(0.1, 0, NULL), barred = sl_volume_barrier_phi(0.1, 1, &s0);
    ENSURE_NEAR(barred, 0.1 - 1 - 0.81 / 0.1, 1e-12); /* r - 1 - kappa (1-r)^2/r */
    ENSURE_NEAR(barred * barred / (plain * plain), 100, 1e-9);
}

/* A thread mesh (a helix, so nothing lines up) jiggled, its models, and J and H of each
 * against central differences of phi and J^T w. */
TEST(thread_models_jacobians_match_central_differences) {
    enum { S = 9 };
    double curve[3 * S];
    helix_curve(S, 0.05, 0.03, 0.3, curve);
    sl_tet_mesh mesh;
    ENSURE(sl_tet_mesh_thread(curve, S, 0.004, &mesh) == SL_OK);
    int n = mesh.node_count, stations[3 * S];
    for (int i = 0; i < 3 * S; i++) stations[i] = i;
    sl_model *vol = NULL, *tor = NULL;
    ENSURE(sl_volume_barrier_create(mesh.positions, n, mesh.tets, mesh.tet_count, 0.01, 1, &vol, NULL) == SL_OK);
    ENSURE(sl_torsion_create(mesh.positions, n, stations, S, 0.001, &tor, NULL) == SL_OK);
    double *x = malloc(sizeof(double) * 3 * (size_t)n), phi[3 * S];
    memcpy(x, mesh.positions, sizeof(double) * 3 * (size_t)n);
    /* at rest every row is zero */
    double rest_max = 0;
    vol->cls->evaluate(vol, x, phi, NULL);
    for (int t = 0; t < mesh.tet_count; t++) rest_max = fmax(rest_max, fabs(phi[t]));
    tor->cls->evaluate(tor, x, phi, NULL);
    for (int r = 0; r < 3 * (S - 1); r++) rest_max = fmax(rest_max, fabs(phi[r]));
    ENSURE(rest_max < 1e-14);
    jiggle(x, n, 0.002, 11u); /* 2 mm against a 4 mm radius: tets from r = 0.3 to 1.8 */
    double rmin = INFINITY, rmax = 0, w[3 * S];
    for (int t = 0; t < mesh.tet_count; t++) {
        const int *q = mesh.tets + 4 * t;
        double r = sl_tet_volume(x, q[0], q[1], q[2], q[3]) / sl_tet_volume(mesh.positions, q[0], q[1], q[2], q[3]);
        rmin = fmin(rmin, r), rmax = fmax(rmax, r);
    }
    for (int i = 0; i < 3 * S; i++) w[i] = sin(1.0 + i);
    double eJv = fd_jacobian_error(vol, x, vol->block_count, 1e-8), eHv = fd_geometric_error(vol, x, w, 1e-8);
    double eJt = fd_jacobian_error(tor, x, tor->block_count, 1e-8);
    printf("  jiggled thread: V/V0 in [%.2f, %.2f]; volume J error %.1e, H error %.1e; torsion J error %.1e\n",
           rmin, rmax, eJv, eHv, eJt);
    ENSURE(rmin < 1 && rmax > 1); /* both branches of the barrier */
    /* J of the volume rows is phi'/V0 dV/dx ~ 1/(V0/r) ~ 1e3 per m: relative 1e-6 */
    ENSURE(eJv < 1e-3);
    ENSURE(eHv < 1);
    ENSURE(eJt < 1e-5); /* torsion J ~ 1/r ~ 250 rad/m */
    free(x);
    sl_model_destroy(vol), sl_model_destroy(tor);
    sl_tet_mesh_free(&mesh);
}

/* A twist delta of station s+1 about the segment's axis (through its centroid) makes every
 * torsion row phi = delta, so U = 3/2 k delta^2 and the torque of the forces
 * f = -J^T alpha^-1 phi on that station about the axis is -dU/ddelta = -3 k delta: the
 * row's sign restores the twist, with the exact magnitude. */
TEST(thread_torsion_restores_a_twist) {
    enum { S = 3 };
    double curve[3 * S], k = 0.002;
    straight_curve(S, 0.02, curve);
    sl_tet_mesh mesh;
    ENSURE(sl_tet_mesh_thread(curve, S, 0.004, &mesh) == SL_OK);
    int stations[3 * S];
    for (int i = 0; i < 3 * S; i++) stations[i] = i;
    sl_model *tor = NULL;
    ENSURE(sl_torsion_create(mesh.positions, mesh.node_count, stations, S, k, &tor, NULL) == SL_OK);
    const double ax[3] = {1 / 3.0, 2 / 3.0, 2 / 3.0}; /* the curve's direction */
    for (int sign = -1; sign <= 1; sign += 2) {
        double delta = 0.2 * sign, x[27], phi[6], J[6 * 18];
        memcpy(x, mesh.positions, sizeof x);
        const double *c = curve + 3; /* station 1's centre */
        for (int j = 3; j < 6; j++) { /* Rodrigues: rotate station 1 by delta about ax */
            double *p = x + 3 * j, d[3] = {p[0] - c[0], p[1] - c[1], p[2] - c[2]};
            double cr[3] = {ax[1] * d[2] - ax[2] * d[1], ax[2] * d[0] - ax[0] * d[2], ax[0] * d[1] - ax[1] * d[0]};
            double along = ax[0] * d[0] + ax[1] * d[1] + ax[2] * d[2];
            for (int q = 0; q < 3; q++)
                p[q] = c[q] + d[q] * cos(delta) + cr[q] * sin(delta) + ax[q] * along * (1 - cos(delta));
        }
        tor->cls->evaluate(tor, x, phi, J);
        for (int r = 0; r < 3; r++) ENSURE_NEAR(phi[r], delta, 1e-12);   /* segment 0 twisted by +delta */
        for (int r = 3; r < 6; r++) ENSURE_NEAR(phi[r], -delta, 1e-12);  /* segment 1 by -delta */
        double torque = 0; /* on station 1 from segment 0's rows: columns 9..17 of block 0 */
        for (int j = 0; j < 3; j++) {
            double f[3] = {0, 0, 0}, *p = x + 3 * (3 + j);
            for (int r = 0; r < 3; r++)
                for (int q = 0; q < 3; q++) f[q] -= J[18 * r + 9 + 3 * j + q] * k * phi[r]; /* -J^T alpha^-1 phi */
            double d[3] = {p[0] - c[0], p[1] - c[1], p[2] - c[2]};
            torque += ax[0] * (d[1] * f[2] - d[2] * f[1]) + ax[1] * (d[2] * f[0] - d[0] * f[2]) + ax[2] * (d[0] * f[1] - d[1] * f[0]);
        }
        printf("  twist %+.1f rad: torque %+.6e N m, -3 k delta = %+.6e\n", delta, torque, -3 * k * delta);
        ENSURE(torque * delta < 0);
        ENSURE_NEAR(torque, -3 * k * delta, 1e-9 * k);
    }
    sl_model_destroy(tor);
    sl_tet_mesh_free(&mesh);
}

/* A thread of 11 stations along x, both end stations pinned, no gravity; the models as in
 * the thread scenes (k = 0.01 J, torsion k/10) with the given barrier kappa. */
static sl_world *crush_thread(double kappa) {
    enum { S = 11 };
    double curve[3 * S];
    for (int s = 0; s < S; s++) curve[3 * s] = 0.02 * s, curve[3 * s + 1] = curve[3 * s + 2] = 0;
    sl_thread_def def = {S, curve, 0.004, 1100, 0.01, 0.01, kappa, 0.001, 0};
    sl_world *w = NULL;
    if (sl_thread_world(&def, &w) != SL_OK) return NULL;
    for (int i = 0; i < 3; i++) sl_world_pin(w, i, 1), sl_world_pin(w, 3 * S - 1 - i, 1);
    return w;
}

/* Smallest V/V0 of w's tets. */
static double min_volume_ratio(const sl_world *w) {
    const int *t = sl_world_tets(w);
    const double *x = sl_world_positions(w), *x0 = sl_world_rest_positions(w);
    double r = INFINITY;
    for (int e = 0; e < sl_world_tet_count(w); e++, t += 4)
        r = fmin(r, sl_tet_volume(x, t[0], t[1], t[2], t[3]) / sl_tet_volume(x0, t[0], t[1], t[2], t[3]));
    return r;
}

/* The test: the middle station crushed by a grab of k = 1000 N/m that holds its
 * nodes 1 and 2 and pulls node 0 to its mirror image across the opposite edge (3 r away).
 * The grab stores 1/2 k (3 r)^2 = 0.072 J; with the barrier (kappa = 1) a tet collapsing to
 * V = 0 would store 1/2 k_V 39^2 = 7.6 J, without it 1/2 k_V = 0.005 J. So with the barrier
 * every tet stays positive over the run; without it (kappa = 0) the station's tets invert:
 * the test can fail. Symplectic Euler at 2 us (the collapsing barrier is stiff), 0.05 s:
 * about 20 periods of the grabbed node. */
TEST(thread_volume_barrier_keeps_every_tet_positive_under_a_crushing_grab) {
    double low[2];
    for (int barrier = 0; barrier < 2; barrier++) {
        sl_world *w = crush_thread(barrier ? 1.0 : 0.0);
        ENSURE(w != NULL);
        if (!w) return;
        const double *x = sl_world_positions(w);
        int nodes[3] = {15, 16, 17}; /* station 5 */
        double c[3] = {0, 0, 0}, off[9], weight[3] = {1, 1, 1};
        for (int k = 0; k < 3; k++)
            for (int q = 0; q < 3; q++) c[q] += x[3 * nodes[k] + q] / 3;
        for (int k = 0; k < 3; k++)
            for (int q = 0; q < 3; q++) { /* node 0 to c - 2 (x0 - c), the others stay */
                double d = x[3 * nodes[k] + q] - c[q];
                off[3 * k + q] = k == 0 ? -2 * d : d;
            }
        ENSURE(sl_world_grab(w, nodes, weight, off, 3, c, 1000) == SL_OK);
        ENSURE(sl_world_set_stepper(w, sl_stepper_find("symplectic-euler"), 2e-6, 0) == SL_OK);
        low[barrier] = INFINITY;
        int steps = 25000, done = 0;
        for (; done < steps && sl_world_step(w) == SL_OK; done++) low[barrier] = fmin(low[barrier], min_volume_ratio(w));
        ENSURE(done == steps);
        sl_world_destroy(w);
    }
    printf("  crushing grab: smallest V/V0 without the barrier %.3f, with it %.3f\n", low[0], low[1]);
    ENSURE(low[0] < 0); /* inverted without the barrier */
    ENSURE(low[1] > 0);
}
