/* Seed 001's validation rows (src/validate/seed001.c, seed001_squeeze.c) and the squeeze
 * scene's final gap (squeeze_gap): what the rows' verdicts rest on, checked apart from
 * their verdicts in tests/validation/expected.tsv. */
#include <math.h>
#include <string.h>

#include "softlab/build.h"
#include "softlab/scene.h"
#include "softlab/validate.h"
#include "softlab/world.h"
#include "test.h"
#include "test_util.h"

/* The plates' gap at time t over their gap at t = 0. */
static double gap_at(const sl_world *w, double t) {
    double lo0, hi0, lo, hi;
    sl_world_plate(w, 0, 0, &lo0, NULL, NULL), sl_world_plate(w, 1, 0, &hi0, NULL, NULL);
    sl_world_plate(w, 0, t, &lo, NULL, NULL), sl_world_plate(w, 1, t, &hi, NULL, NULL);
    return (hi - lo) / (hi0 - lo0);
}

/* squeeze_gap sets where the plates of onering-squeeze stop; its default is the lab's 25 %
 * (the page's default view unchanged), and a gap the ball's plates cannot take is refused. */
TEST(onering_squeeze_gap_sets_where_the_plates_stop) {
    const sl_scene_class *sc = sl_scene_find("onering-squeeze");
    ENSURE(sc && (sc->params & SL_PARAM_BIT(SL_PARAM_SQUEEZE_GAP)));
    if (!sc) return;
    ENSURE(sc->defaults.value[SL_PARAM_SQUEEZE_GAP] == SL_SQUEEZE_MIN_GAP && SL_SQUEEZE_MIN_GAP == 0.25);
    sl_scene_params p = sl_scene_params_default();
    sl_world *w = NULL;
    ENSURE(sl_scene_build(sc, &p, &w) == SL_OK);
    if (w) {
        ENSURE_NEAR(gap_at(w, 0.5), 0.5, 1e-9); /* closing: they would meet at t = 1 s */
        ENSURE_NEAR(gap_at(w, 0.9), 0.25, 1e-9);
        sl_world_destroy(w), w = NULL;
    }
    ENSURE(sl_scene_params_set(&p, SL_PARAM_SQUEEZE_GAP, 0.011) == SL_OK);
    ENSURE(sl_scene_build(sc, &p, &w) == SL_OK);
    if (w) {
        ENSURE_NEAR(gap_at(w, 0.977), 0.023, 1e-9); /* the seed's 2.3 % is passed on the way */
        ENSURE_NEAR(gap_at(w, 1.5), 0.011, 1e-9);
        sl_world_destroy(w);
    }
    ENSURE(sl_scene_params_set(&p, SL_PARAM_SQUEEZE_GAP, 0.001) == SL_ERR_RANGE);
    ENSURE(sl_scene_params_set(&p, SL_PARAM_SQUEEZE_GAP, 0.95) == SL_ERR_RANGE);
}

/* The cost rows count steps, not seconds: the one-ring's deviatoric tets allow the longest
 * explicit step, per-tet at 0.499 the shortest; 0.499 over 0.45 is near the ratio of the
 * fastest (pressure) wave speeds, sqrt((lambda + 2 mu)/rho): sqrt(501 mu' / 11 mu), mu'/mu =
 * 1.45/1.499. The same numbers on every run (no clock). */
TEST(seed001_cost_rows_order_the_three_bodies_by_their_steps) {
    sl_claim_result a, b;
    ENSURE(sl_validate_run(sl_validate_find("001-cost-onering"), NULL, &a) == SL_OK);
    ENSURE(sl_validate_run(sl_validate_find("001-cost-pertet"), NULL, &b) == SL_OK);
    double ring = claim_extra_value(&a, "omega_onering"), soft = claim_extra_value(&a, "omega_045"), stiff = claim_extra_value(&a, "omega_0499");
    printf("  omega_max: one-ring %.1f, per-tet 0.45 %.1f, 0.499 %.1f rad/s\n", ring, soft, stiff);
    ENSURE(ring > 0 && ring < soft && soft < stiff);
    ENSURE_NEAR(a.measured, ring / soft, 1e-12);
    ENSURE(b.measured == stiff / soft && claim_extra_value(&b, "omega_0499") == stiff); /* deterministic */
    ENSURE_NEAR(b.measured, sqrt(501.0 / 11 * 1.45 / 1.499), 0.05 * b.measured);
    ENSURE(a.verdict == SL_CLAIM_AGREES && b.verdict == SL_CLAIM_AGREES);
    sl_claim_result_free(&a), sl_claim_result_free(&b);
}

/* 001-locking-r1 counts §3's constraints against the unknowns: 25 per-tet volume rows for 20
 * free nodes (60 dofs), not over-constrained, and says so as 'another set-up'. */
TEST(seed001_locking_r1_counts_fewer_constraints_than_dofs) {
    sl_claim_result r;
    ENSURE(sl_validate_run(sl_validate_find("001-locking-r1"), NULL, &r) == SL_OK);
    ENSURE(claim_extra_value(&r, "volume_rows") == 25 && claim_extra_value(&r, "free_dofs") == 60);
    ENSURE(r.verdict == SL_CLAIM_OTHER_SETUP);
    sl_claim_result_free(&r);
}

/* 001-locking-r4's mesh is over-constrained by the count (1600 rows, 1500 dofs), and its
 * control shows the volume stiffening the beam: per-tet nu = 0.3 sags more than 0.499. */
TEST_LONG(seed001_locking_r4_is_over_constrained) {
    sl_claim_result r;
    ENSURE(sl_validate_run(sl_validate_find("001-locking-r4"), NULL, &r) == SL_OK);
    printf("  r4: per-tet over one-ring %.4f; over beam theory: one-ring %.3f, per-tet 0.499 %.3f, 0.3 %.3f\n",
           r.measured, claim_extra_value(&r, "ring_over_beam"), claim_extra_value(&r, "tet_over_beam"), claim_extra_value(&r, "tet03_over_beam"));
    ENSURE(claim_extra_value(&r, "volume_rows") == 1600 && claim_extra_value(&r, "free_dofs") == 1500);
    ENSURE(claim_extra_value(&r, "tet03_over_beam") > claim_extra_value(&r, "tet_over_beam"));
    ENSURE(r.measured > 0.5 && r.measured < 1.2);
    sl_claim_result_free(&r);
}

/* The deep squeeze's three rows share one run: the second and third read it (no time of
 * their own), and the errors at the marks grow as the ball thins (a running largest). */
TEST_LONG(seed001_deep_squeeze_rows_share_one_run) {
    static const char *const ids[3] = {"001-squeeze-deep-13", "001-squeeze-deep-2p3", "001-squeeze-deep-1p4"};
    sl_claim_result r[3];
    for (int k = 0; k < 3; k++) ENSURE(sl_validate_run(sl_validate_find(ids[k]), NULL, &r[k]) == SL_OK);
    printf("  deep squeeze: %.4f %% %.4f %% %.4f %%, down to %.4f, %.3f s then %.2g s\n", r[0].measured,
           r[1].measured, r[2].measured, claim_extra_value(&r[0], "thinnest"), r[0].seconds, r[2].seconds);
    ENSURE(r[0].measured <= r[1].measured && r[1].measured <= r[2].measured);
    ENSURE(claim_extra_value(&r[0], "error_at_2") == r[2].measured && claim_extra_value(&r[2], "thinnest") <= 0.014);
    ENSURE(r[1].seconds < 0.01 * r[0].seconds && r[2].seconds < 0.01 * r[0].seconds);
    for (int k = 0; k < 3; k++) sl_claim_result_free(&r[k]);
}

/* 001-cg-breaks-down reads the run of 001-minres-cg-quick (the same set-up) instead of
 * running it again, also with 001-minres-cg (another set-up) run between them, as the
 * table orders them. */
TEST_LONG(seed001_cg_rows_share_their_drops) {
    sl_claim_result a, b, full;
    ENSURE(sl_validate_run(sl_validate_find("001-minres-cg-quick"), NULL, &a) == SL_OK);
    ENSURE(sl_validate_run(sl_validate_find("001-minres-cg"), NULL, &full) == SL_OK);
    ENSURE(full.seconds > 0.01 * a.seconds); /* a run of its own */
    sl_claim_result_free(&full);
    ENSURE(sl_validate_run(sl_validate_find("001-cg-breaks-down"), NULL, &b) == SL_OK);
    printf("  MINRES over CG %.4f (%.2f s); CG's largest residual %.3g (%.2g s)\n", a.measured, a.seconds, b.measured,
           b.seconds);
    ENSURE(b.seconds < 0.01 * a.seconds && b.measured > 0 && b.measured < 0.02); /* within CG's 1 % */
    sl_claim_result_free(&a), sl_claim_result_free(&b);
}
