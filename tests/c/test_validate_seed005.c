/* Papers 005 (XPBD) and 006 (Small Steps): the chain and cloth builders (src/scenes/
 * xpbd_chain.c, xpbd_cloth.c), the hanging chain's statics under XPBD and PBD against
 * Hooke's law and its weight, the cloth's stretch under iterations and substeps, and the
 * validation rows (src/validate/seed005.c, seed006.c). */
#include <math.h>
#include <string.h>

#include "softlab/build.h"
#include "softlab/papers.h"
#include "softlab/stepper.h"
#include "softlab/validate.h"
#include "softlab/xpbd.h"
#include "test.h"
#include "test_util.h"

#define G 9.81

/* A chain of `links` springs (L, m, k), hanging from rest at rest length, mass damping 5/s,
 * run under `method` at dt with `iterations` for t_end; NULL on any error. */
static sl_world *hang(int links, double L, double m, double k, const char *method, double dt, int iterations,
                      double t_end) {
    sl_chain_def def = {.links = links, .link_length = L, .node_mass = m, .spring_stiffness = k, .gravity = G,
                        .mass_damping = 5};
    sl_world *w = NULL;
    int ok = sl_chain_world(&def, &w) == SL_OK && sl_world_set_iterations(w, iterations) == SL_OK &&
             sl_world_set_stepper(w, sl_stepper_find(method), dt, 0) == SL_OK;
    for (long s = 0; ok && s < lround(t_end / dt); s++) ok = sl_world_step(w) == SL_OK;
    if (!ok) sl_world_destroy(w), w = NULL;
    return w;
}

/* The soft chain of 005-xpbd-stiffness-iterations (5 links of 0.2 m, 0.1 kg, k = 7.2 J) at
 * rest after 5 s: XPBD with 20 iterations hangs at Hooke's stretch m g L^2 N (N + 1) / (2 k)
 * = 0.08175 m (within 1e-6: the sweeps have converged, see seed005.c); PBD with the same
 * iterations is at least 20 times stiffer; each link's strain is (N + 1 - j) m g L / k; and
 * XPBD's force estimate (grad C^T lambda / dt^2, through sl_world_evaluate's J) on node 1
 * from the top link is the weight under it, 5 m g, to 1e-6. */
TEST(xpbd_chain_hangs_at_hookes_stretch_pbd_does_not) {
    enum { N = 5 };
    const double L = 0.2, m = 0.1, k = 7.2, hooke = m * G * L * L / k * N * (N + 1) / 2;
    sl_world *x = hang(N, L, m, k, "xpbd", 1.0 / 60, 20, 5), *p = hang(N, L, m, k, "pbd", 1.0 / 60, 20, 5);
    ENSURE(x && p);
    if (!x || !p) return;
    double sx = -sl_world_positions(x)[3 * N + 1] - N * L, sp = -sl_world_positions(p)[3 * N + 1] - N * L;
    printf("  stretch at rest: xpbd %.9f m, pbd %.9f m, Hooke %.9f m\n", sx, sp, hooke);
    ENSURE_NEAR(sx, hooke, 1e-6 * hooke);
    ENSURE(sp < hooke / 20 && sp > 0);
    double phi[N], J[N * 3 * (N + 1)], mu[N];
    ENSURE(sl_world_evaluate(x, sl_world_positions(x), phi, J) == SL_OK && sl_xpbd_row_forces(x, mu) == SL_OK);
    for (int j = 0; j < N; j++) ENSURE_NEAR(phi[j], (N - j) * m * G * L / k, 1e-6 * m * G * L / k);
    double up = J[0 * 3 * (N + 1) + 3 + 1] * mu[0]; /* row 0 (the top link) on node 1, y */
    printf("  top link's force estimate on node 1: %.9f N (5 m g = %.9f N)\n", up, N * m * G);
    ENSURE_NEAR(up, N * m * G, 1e-6 * N * m * G);
    sl_world_destroy(x), sl_world_destroy(p);
}

/* Where XPBD is soft (paper 005 §7): the scene's stiff chain (30 links of 5 cm, 10 g, k =
 * 10 J) with 10 iterations at 1/60 s hangs more than 5 times Hooke's stretch, and implicit
 * Euler (the same compliance solved directly) at Hooke's to 1e-6; XPBD's force estimate is
 * still the weight (30 m g) to 1e-5: at rest the step's correction balances gravity whatever
 * the sweeps left unconverged (seed005.c). */
TEST(xpbd_long_stiff_chain_is_soft_but_its_force_is_right) {
    enum { N = 30 };
    const double L = 0.05, m = 0.01, k = 10, hooke = m * G * L * L / k * N * (N + 1) / 2;
    sl_world *x = hang(N, L, m, k, "xpbd", 1.0 / 60, 10, 5), *ie = hang(N, L, m, k, "implicit-euler", 1.0 / 60, 1, 5);
    ENSURE(x && ie);
    if (!x || !ie) return;
    double sx = -sl_world_positions(x)[3 * N + 1] - N * L, si = -sl_world_positions(ie)[3 * N + 1] - N * L, mu[N];
    ENSURE(sl_xpbd_row_forces(x, mu) == SL_OK);
    printf("  stretch over Hooke's: xpbd 10 iterations %.4f, implicit-euler %.9f; top force %.6f N (30 m g %.6f N)\n",
           sx / hooke, si / hooke, fabs(mu[0]) / L, N * m * G);
    ENSURE(sx > 5 * hooke);
    ENSURE_NEAR(si, hooke, 1e-6 * hooke);
    ENSURE_NEAR(fabs(mu[0]) / L, N * m * G, 1e-5 * N * m * G);
    sl_world_destroy(x), sl_world_destroy(ie);
}

/* The builders: counts, pins, masses, the last node's load, and their refusals. */
TEST(xpbd_chain_and_cloth_builders) {
    sl_world *w = NULL;
    sl_chain_def chain = {.links = 4, .link_length = 0.5, .node_mass = 2, .spring_stiffness = 10, .gravity = G,
                          .angle = acos(-1.0) / 2, .last_node_mass = 7};
    ENSURE(sl_chain_world(&chain, &w) == SL_OK && w);
    if (w) {
        ENSURE(sl_world_node_count(w) == 5 && sl_world_constraint_count(w) == 4 && sl_world_edge_count(w) == 4);
        ENSURE(sl_world_masses(w)[0] == 2 && sl_world_masses(w)[3] == 2 && sl_world_masses(w)[4] == 7);
        ENSURE_NEAR(sl_world_positions(w)[3 * 4], 2.0, 1e-12); /* horizontal: node 4 at x = 4 L */
        ENSURE(fabs(sl_world_positions(w)[3 * 4 + 1]) < 1e-12);
    }
    sl_world_destroy(w), w = NULL;
    sl_chain_def bad = chain;
    bad.links = 0;
    ENSURE(sl_chain_world(&bad, &w) == SL_ERR_RANGE && !w);
    bad = chain, bad.last_node_mass = -1;
    ENSURE(sl_chain_world(&bad, &w) == SL_ERR_RANGE && !w);
    ENSURE(sl_chain_world(NULL, &w) == SL_ERR_NULL);
    sl_cloth_def cloth = {.cells = 6, .size = 1, .mass = 0.49, .spring_stiffness = 10, .gravity = G};
    ENSURE(sl_cloth_world(&cloth, &w) == SL_OK && w);
    if (w) { /* 7 x 7 nodes; 2 * 6 * 7 grid edges and 2 * 36 diagonals */
        ENSURE(sl_world_node_count(w) == 49 && sl_world_constraint_count(w) == 84 + 72);
        ENSURE_NEAR(sl_world_masses(w)[24], 0.01, 1e-15);
    }
    sl_world_destroy(w), w = NULL;
    cloth.cells = 41;
    ENSURE(sl_cloth_world(&cloth, &w) == SL_ERR_RANGE && !w);
}

/* Paper 006 Fig. 1 on the scene xpbd-hanging-cloth (169 particles, k = 10 N m), damped
 * (5/s) to rest over 4 s at 1/60 s: its tracked node (the far edge's middle) hangs deeper
 * than under implicit Euler, which solves the same compliance directly, with one step of 10
 * iterations, and at least 3 times closer to implicit Euler's with 10 substeps of one. */
TEST(xpbd_cloth_substeps_stretch_less_than_iterations) {
    double depth[3];
    const char *methods[3] = {"implicit-euler", "xpbd", "xpbd-substeps"};
    for (int i = 0; i < 3; i++) {
        sl_world *w = NULL;
        int ok = sl_scene_build(sl_scene_find("xpbd-hanging-cloth"), NULL, &w) == SL_OK &&
                 sl_world_set_mass_damping(w, 5) == SL_OK && sl_world_set_iterations(w, 10) == SL_OK &&
                 sl_world_set_stepper(w, sl_stepper_find(methods[i]), 1.0 / 60, 0) == SL_OK;
        for (int s = 0; ok && s < 240; s++) ok = sl_world_step(w) == SL_OK;
        ENSURE(ok);
        depth[i] = ok ? -sl_world_positions(w)[3 * sl_world_tracked_node(w) + 1] : NAN;
        sl_world_destroy(w);
    }
    printf("  tracked node's depth at rest: implicit-euler %.5f m, 10 iterations %.5f m, 10 substeps %.5f m\n",
           depth[0], depth[1], depth[2]);
    ENSURE(depth[1] > depth[0]);
    ENSURE(fabs(depth[2] - depth[0]) * 3 < depth[1] - depth[0]);
}

/* The papers' rows: in the table under seeds 5 and 6, each with an independent reference
 * and its kind, and each agreeing (they run in about ten seconds in all, the cloth row the most). */
TEST(validate_seed005_and_006_rows_agree) {
    int n, rows = 0;
    const sl_claim *c = sl_validate_claims(&n);
    for (int i = 0; i < n; i++) {
        if (c[i].seed != 5 && c[i].seed != 6) continue;
        rows++;
        ENSURE(c[i].reference_kind == SL_REF_SECOND_IMPLEMENTATION || c[i].reference_kind == SL_REF_CLOSED_FORM);
        ENSURE(c[i].quick == 1 && strncmp(c[i].id, c[i].seed == 5 ? "005-" : "006-", 4) == 0);
        sl_claim_result r;
        ENSURE(sl_validate_run(&c[i], NULL, &r) == SL_OK);
        printf("  %-30s %-8s measured %.6g, reference %.6g\n", c[i].id, sl_claim_verdict_name(r.verdict), r.measured,
               r.reference);
        ENSURE(r.verdict == SL_CLAIM_AGREES && isfinite(r.reference));
        sl_claim_result_free(&r);
    }
    ENSURE(rows == 10);
    ENSURE(strstr(sl_paper_reference(5), "XPBD") && strstr(sl_paper_reference(6), "Small Steps"));
    char out[128];
    ENSURE(strcmp(sl_paper_reader_text("seed 005 eq. 18, seed 006", out, sizeof out),
                  "Macklin et al. 2016 eq. 18, Macklin et al. 2019") == 0);
}
