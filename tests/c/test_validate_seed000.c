/* Seed 000's validation rows (src/validate/seed000*.c) run end to end: the spring period
 * the paper quotes, implicit Euler's damping and lag on the swinging cube, the linearized
 * strain's volume under a twist, the cantilever without a peer program, and what every
 * seed-000 row says of its numbers (issue 41). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "softlab/validate.h"
#include "test.h"
#include "test_util.h"

/* Runs row `id` (no peer programs) into r; 0 when the row is missing or the run errs. */
static int run_row(const char *id, sl_claim_result *r) {
    const sl_claim *c = sl_validate_find(id);
    if (!c) return 0;
    return sl_validate_run(c, NULL, r) == SL_OK;
}

/* §3's 0.014 s is one spring between two free 1 kg masses: 2 pi/sqrt(2 k/(m L^2)) =
 * 0.014050 s, not the cube's fastest mode (11.2 ms, an extra of the symplectic row). */
TEST(validate_seed000_spring_period_is_the_papers) {
    sl_claim_result r;
    ENSURE(run_row("000-cube-period", &r));
    printf("  000-cube-period: measured %.6f s, reference %.6f s\n", r.measured, r.reference);
    ENSURE_NEAR(r.reference, 2 * 3.14159265358979 / sqrt(2e5), 1e-9);
    ENSURE_NEAR(r.measured, r.reference, 1e-6);
    ENSURE(r.verdict == SL_CLAIM_AGREES);
    sl_claim_result_free(&r);
}

/* Implicit Euler on the cube: about 9 % of the swing's amplitude lost per cycle at 5 ms
 * (the paper's "of the order of 10 %"), the same as the stepper written again; the lag
 * grows with dt and with k; at 50 ms with the full K the lag is about 110 %, the paper's
 * 35 % on its own set-up is off, and without the geometric term the verdict is another
 * set-up, never 'paper is off'. */
TEST(validate_seed000_implicit_euler_damping_and_lag) {
    sl_claim_result r;
    ENSURE(run_row("000-cube-implicit-damping", &r));
    printf("  000-cube-implicit-damping: %.3f %% a cycle (written again: %.3f %%)\n", r.measured, r.reference);
    ENSURE(r.measured > 5 && r.measured < 15);
    ENSURE_NEAR(r.measured, r.reference, 0.1);
    ENSURE(r.verdict == SL_CLAIM_AGREES);
    sl_claim_result_free(&r);
    const char *growth[2] = {"000-cube-implicit-lag-dt", "000-cube-implicit-lag-stiffness"};
    for (int i = 0; i < 2; i++) {
        ENSURE(run_row(growth[i], &r));
        printf("  %s: lag %.1f %% -> %.1f %%, ratio %.3f\n", growth[i], claim_extra_value(&r, "lag_a"), claim_extra_value(&r, "lag_b"),
               r.measured);
        ENSURE(r.measured > 2 && claim_extra_value(&r, "lag_a") > 50);
        ENSURE(r.verdict == SL_CLAIM_AGREES);
        sl_claim_result_free(&r);
    }
    ENSURE(run_row("000-cube-implicit-lag", &r));
    ENSURE(r.measured > 90 && r.measured < 130 && r.verdict == SL_CLAIM_PAPER_OFF);
    ENSURE(sl_validate_find("000-cube-implicit-lag")->setup_differs == NULL);
    sl_claim_result_free(&r);
    ENSURE(run_row("000-cube-implicit-no-geometric", &r));
    ENSURE(r.verdict == SL_CLAIM_OTHER_SETUP && strstr(r.why, "geometric term") != NULL);
    sl_claim_result_free(&r);
}

/* Fig. 5: the linearized strain swells the beam held twisted by 90 degrees (27 % here),
 * the Green strain hardly (3 %); the volume summed again in the row is the library's. */
TEST(validate_seed000_linearized_twist_volume) {
    sl_claim_result r;
    ENSURE(run_row("000-twist-linear-volume", &r));
    double green = claim_extra_value(&r, "green_volume_change");
    printf("  000-twist-linear-volume: linear %.3f %%, Green %.3f %%\n", r.measured, green);
    ENSURE(r.measured > 20 && green > 0 && green < r.measured / 5);
    ENSURE_NEAR(r.measured, r.reference, 1e-6);
    ENSURE(r.verdict == SL_CLAIM_AGREES);
    sl_claim_result_free(&r);
}

/* Without a peer program (the browser) the cantilever rows are skipped, but softlab's tip
 * sag is still measured: below beam theory's 0.147 m (linear tets lock), the Green beam's
 * a little below the linear one's. */
TEST(validate_seed000_cantilever_without_ccx) {
    sl_claim_result g, l;
    ENSURE(run_row("000-cantilever-ccx-green", &g) && run_row("000-cantilever-ccx-linear", &l));
    printf("  cantilever tip sag: Green %.5f m, linear %.5f m, beam theory %.4f m\n", g.measured, l.measured,
           claim_extra_value(&g, "beam_theory"));
    ENSURE(g.verdict == SL_CLAIM_SKIPPED && l.verdict == SL_CLAIM_SKIPPED);
    ENSURE_NEAR(claim_extra_value(&g, "beam_theory"), 0.14715, 1e-4);
    ENSURE(g.measured > 0.05 && g.measured < l.measured && l.measured < claim_extra_value(&g, "beam_theory"));
    sl_claim_result_free(&g), sl_claim_result_free(&l);
}

/* Every seed-000 row says what its paper value is, and a row that names a set-up other
 * than the paper's says so in a phrase; each why begins with a sentence of its own. */
TEST(validate_seed000_rows_say_their_kinds) {
    int n, rows = 0;
    const sl_claim *c = sl_validate_claims(&n);
    for (int i = 0; i < n; i++) {
        if (c[i].seed != 0) continue;
        rows++;
        if (isfinite(c[i].paper)) ENSURE(c[i].paper_kind != SL_PAPER_UNSET);
        if (c[i].setup_differs) ENSURE(strlen(c[i].setup_differs) > 10 && c[i].setup_differs[0] != ' ');
        if (c[i].why) {
            const char *stop = strstr(c[i].why, ". ");
            ENSURE(c[i].why[0] >= 'A' && c[i].why[0] <= 'Z');
            ENSURE(stop != NULL || c[i].why[strlen(c[i].why) - 1] == '.');
            ENSURE(strstr(c[i].why, "pi/sqrt") == NULL);
        }
    }
    ENSURE(rows >= 36);
}
