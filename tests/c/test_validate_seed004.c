/* Seed 004's validation rows (src/validate/seed004.c) run the paper's semi-implicit scheme
 * (Terzopoulos, seed 004 eq. 7-8) with the regularized stepper's result beside it, say what
 * their numbers are, and the instability sweep finds the scheme's breakdown as the
 * constraint strength grows. */
#include <math.h>
#include <string.h>

#include "softlab/validate.h"
#include "test.h"
#include "test_util.h"

/* Every seed-004 row says its kinds, names the paper's scheme in its set-up, and (where it
 * runs the regularized stepper at all) says that it is beside, not instead. */
TEST(validate_seed004_rows_say_their_scheme_and_kinds) {
    int n, rows = 0;
    const sl_claim *c = sl_validate_claims(&n);
    for (int i = 0; i < n; i++) {
        if (c[i].seed != 4 || strstr(c[i].id, "-scene-")) continue; /* the scenes' notes' rows are src/validate/scenes.c's */
        rows++;
        ENSURE(isnan(c[i].paper) || c[i].paper_kind == SL_PAPER_READING); /* the paper prints no numbers */
        ENSURE(strstr(c[i].setup, "semi-implicit") || strstr(c[i].setup, "as 004-"));
        ENSURE(!strstr(c[i].setup, "regularized") || strstr(c[i].setup, "beside"));
        ENSURE(!c[i].lab || strstr(c[i].lab, "methods=terzopoulos"));
    }
    ENSURE(rows >= 24);
}

/* The dropped box (Fig. 5): the measured value is the semi-implicit run's, the regularized
 * stepper's is a second run beside it (close, not the same number). */
TEST(validate_seed004_box_drop_runs_both_steppers) {
    sl_claim_result r;
    const sl_claim *c = sl_validate_find("004-box-drop-improved");
    ENSURE(c && sl_validate_run(c, NULL, &r) == SL_OK);
    if (!c) return;
    double reg = claim_extra_value(&r, "regularized");
    printf("  004-box-drop-improved: semi-implicit %.5f, regularized %.5f, %s\n", r.measured, reg,
           sl_claim_verdict_name(r.verdict));
    ENSURE(r.measured > 0.9 && r.measured <= 1.0 && reg > 0.9 && reg <= 1.0);
    ENSURE(fabs(r.measured - reg) > 1e-6); /* two runs, two steppers */
    ENSURE(r.verdict == SL_CLAIM_AGREES);
    sl_claim_result_free(&r);
}

/* §6's instability with the constraint strength: the semi-implicit scheme diverges at a
 * factor within the sweep, the regularized stepper at the same dt never does. */
TEST_LONG(validate_seed004_strength_sweep) {
    sl_claim_result r;
    const sl_claim *c = sl_validate_find("004-instability-strength");
    ENSURE(c && sl_validate_run(c, NULL, &r) == SL_OK);
    if (!c) return;
    printf("  004-instability-strength: semi-implicit diverges at x%g, regularized at x%g (128: never)\n", r.measured,
           claim_extra_value(&r, "regularized"));
    ENSURE(r.measured >= 2 && r.measured <= 64);
    ENSURE(claim_extra_value(&r, "regularized") == 128);
    ENSURE(r.verdict == SL_CLAIM_AGREES);
    sl_claim_result_free(&r);
}
