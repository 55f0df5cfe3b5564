/* Validation mode's verdict rule (sl_claim_judge, softlab/validate.h) on made-up claims,
 * and one real row run end to end against its closed form. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/validate.h"
#include "test.h"
#include "test_util.h"

static sl_claim made_up(double paper, sl_claim_relation rel) {
    sl_claim c = {.id = "x", .unit = "s", .paper = paper, .relation = rel, .paper_tol_rel = 0.1,
                  .reference_tol_rel = 0.01, .why = "a stated reason.", .paper_kind = SL_PAPER_PRINTED,
                  .reference_kind = SL_REF_CLOSED_FORM};
    return c;
}

/* The verdict of c for a made-up measurement; the why is copied into why (400 bytes). */
static sl_claim_verdict judge_full(const sl_claim *c, double measured, double reference, char *why, sl_claim_result *r) {
    sl_claim_result_init(r);
    r->measured = measured, r->reference = reference;
    sl_claim_verdict v = sl_claim_judge(c, r);
    snprintf(why, 400, "%s", r->why);
    return v;
}

static sl_claim_verdict judge(const sl_claim *c, double measured, double reference, char *why) {
    sl_claim_result r;
    sl_claim_verdict v = judge_full(c, measured, reference, why, &r);
    sl_claim_result_free(&r);
    return v;
}

TEST(validate_judge_agrees_differs_paper_off) {
    char why[400];
    sl_claim c = made_up(1.0, SL_CLAIM_NEAR);
    ENSURE(judge(&c, 1.005, 1.0, why) == SL_CLAIM_AGREES && why[0] == 0);
    ENSURE(judge(&c, 1.09, NAN, why) == SL_CLAIM_AGREES);             /* within the paper's 10 %, no reference */
    ENSURE(judge(&c, 1.5, 1.49, why) == SL_CLAIM_PAPER_OFF);          /* reference agrees, paper 1.0 off */
    ENSURE(strncmp(why, "a stated reason.", 16) == 0);               /* the row's own reason comes first */
    ENSURE(judge(&c, 1.5, 1.0, why) == SL_CLAIM_DIFFERS);             /* 50 % from the reference */
    sl_claim recount = c;                                            /* a reference that only re-measures */
    recount.reference_kind = SL_REF_REMEASURE;
    ENSURE(judge(&recount, 1.5, 1.5, why) == SL_CLAIM_DIFFERS && strstr(why, "re-measures") != NULL);
    ENSURE(judge(&recount, 1.0, 1.0, why) == SL_CLAIM_AGREES);
    ENSURE(judge(&c, 1.5, NAN, why) == SL_CLAIM_DIFFERS);             /* off the paper, no reference */
    ENSURE(judge(&c, 1.0, 1.02, why) == SL_CLAIM_DIFFERS);            /* 2 % from the reference: over its 1 % */
    ENSURE(judge(&c, NAN, 1.0, why) == SL_CLAIM_FAILED);
    sl_claim most = made_up(0.01, SL_CLAIM_AT_MOST), least = made_up(0.9, SL_CLAIM_AT_LEAST);
    ENSURE(judge(&most, 0.008, NAN, why) == SL_CLAIM_AGREES && judge(&most, 0.011, NAN, why) == SL_CLAIM_DIFFERS);
    ENSURE(judge(&least, 0.95, NAN, why) == SL_CLAIM_AGREES && judge(&least, 0.85, NAN, why) == SL_CLAIM_DIFFERS);
    sl_claim bare = made_up(NAN, SL_CLAIM_NEAR);
    bare.why = NULL;
    ENSURE(judge(&bare, 3.0, NAN, why) == SL_CLAIM_AGREES); /* nothing to compare: it only reports */
    ENSURE(judge(&bare, 3.0, 2.0, why) == SL_CLAIM_DIFFERS && strstr(why, "does not know why") != NULL);
    sl_claim_result skipped;
    sl_claim_result_init(&skipped);
    skipped.skipped = 1;
    static const char ccx[] = "CalculiX (ccx) is not installed";
    free(skipped.note);
    skipped.note = malloc(sizeof ccx);
    if (skipped.note) memcpy(skipped.note, ccx, sizeof ccx);
    ENSURE(sl_claim_judge(&c, &skipped) == SL_CLAIM_SKIPPED && strstr(skipped.why, "ccx") != NULL);
    sl_claim_result_free(&skipped);
    ENSURE(sl_claim_verdict_find("paper is off") == SL_CLAIM_PAPER_OFF && sl_claim_verdict_find("nope") == -1);
    ENSURE(sl_claim_verdict_find("another set-up") == SL_CLAIM_OTHER_SETUP);
}

/* A row that does not run the paper's own set-up never says the paper is off: it says
 * 'another set-up' and names the difference; against the reference it still differs. */
TEST(validate_judge_another_setup_names_the_difference) {
    char why[400];
    sl_claim c = made_up(1.0, SL_CLAIM_NEAR);
    c.setup_differs = "an undamped oscillator, not the paper's thread";
    ENSURE(judge(&c, 1.5, 1.49, why) == SL_CLAIM_OTHER_SETUP && strstr(why, "undamped oscillator") != NULL);
    ENSURE(judge(&c, 1.5, 1.0, why) == SL_CLAIM_DIFFERS);  /* off its own reference: softlab's problem */
    ENSURE(judge(&c, 1.05, 1.05, why) == SL_CLAIM_AGREES); /* agreement on another set-up is still agreement */
    ENSURE(!strcmp(sl_claim_verdict_name(SL_CLAIM_OTHER_SETUP), "another set-up"));
}

/* The tolerance and the margin: 'near' 1.0 +- 10 % at 1.04 lies 0.06 inside; 'at most' 0.01
 * at 0.011 lies 0.001 outside; the reference's 1 % of 1.0 at 1.005 is 0.005 inside. */
TEST(validate_judge_reports_tolerance_and_margin) {
    char why[400];
    sl_claim_result r;
    sl_claim c = made_up(1.0, SL_CLAIM_NEAR);
    judge_full(&c, 1.04, 1.045, why, &r);
    ENSURE_NEAR(r.paper_tolerance, 0.1, 1e-12);
    ENSURE_NEAR(r.paper_margin, 0.06, 1e-12);
    ENSURE_NEAR(r.reference_tolerance, 0.01045, 1e-12);
    ENSURE_NEAR(r.reference_margin, 0.01045 - 0.005, 1e-12);
    sl_claim_result_free(&r);
    sl_claim most = made_up(0.01, SL_CLAIM_AT_MOST);
    judge_full(&most, 0.011, NAN, why, &r);
    ENSURE_NEAR(r.paper_margin, -0.001, 1e-12);
    ENSURE(isnan(r.reference_tolerance) && isnan(r.reference_margin));
    sl_claim_result_free(&r);
}

/* A row must say what its numbers are: a paper value without paper_kind, or a reference
 * without reference_kind, fails the row (as a defect of the row). */
TEST(validate_judge_requires_the_kinds) {
    char why[400];
    sl_claim c = made_up(1.0, SL_CLAIM_NEAR);
    c.paper_kind = SL_PAPER_UNSET;
    ENSURE(judge(&c, 1.0, NAN, why) == SL_CLAIM_FAILED && strstr(why, "paper_kind") != NULL);
    c = made_up(1.0, SL_CLAIM_NEAR);
    c.reference_kind = SL_REF_UNSET;
    ENSURE(judge(&c, 1.0, 1.0, why) == SL_CLAIM_FAILED && strstr(why, "reference_kind") != NULL);
    ENSURE(judge(&c, 1.0, NAN, why) == SL_CLAIM_AGREES); /* no reference: no kind needed */
}

/* No text is cut: a row's reason of 3000 characters reaches the why whole. */
TEST(validate_judge_keeps_long_texts_whole) {
    static char reason[3001];
    memset(reason, 'a', 3000);
    reason[2999] = '.', reason[3000] = 0;
    sl_claim c = made_up(1.0, SL_CLAIM_NEAR);
    c.why = reason;
    sl_claim_result r;
    sl_claim_result_init(&r);
    r.measured = 2.0, r.reference = 2.0;
    ENSURE(sl_claim_judge(&c, &r) == SL_CLAIM_PAPER_OFF);
    ENSURE(strstr(r.why, reason) != NULL && strlen(r.why) > 3000);
    sl_claim_result_free(&r);
}

/* Every claim has a unique id that starts with its seed, and a run function; the table's
 * RK4 bound row measures omega dt within 1 % of 2 sqrt 2 (the closed form, written here). */
TEST(validate_table_ids_and_one_row_against_its_closed_form) {
    int n;
    const sl_claim *c = sl_validate_claims(&n);
    ENSURE(n >= 25);
    for (int i = 0; i < n; i++) {
        char prefix[8];
        snprintf(prefix, sizeof prefix, "%03d-", c[i].seed);
        ENSURE(strncmp(c[i].id, prefix, 4) == 0 && c[i].run != NULL && c[i].claim && c[i].setup);
        for (int j = 0; j < i; j++) ENSURE(strcmp(c[i].id, c[j].id) != 0);
        ENSURE(!(c[i].machine_timed && c[i].quick)); /* the quick set (CI) gives the same verdicts on every machine */
    }
    const sl_claim *rk4 = sl_validate_find("003-bound-rk4");
    ENSURE(rk4 != NULL);
    if (!rk4) return;
    sl_claim_result r;
    ENSURE(sl_validate_run(rk4, NULL, &r) == SL_OK);
    printf("  003-bound-rk4: measured %.5f, reference %.5f, %s\n", r.measured, r.reference,
           sl_claim_verdict_name(r.verdict));
    ENSURE_NEAR(r.measured, 2 * sqrt(2.0), 0.01 * 2 * sqrt(2.0));
    ENSURE_NEAR(r.reference, 2 * sqrt(2.0), 1e-6);
    ENSURE(r.verdict == SL_CLAIM_AGREES);
}

/* A row's extra numbers (the table cells a lesson quotes): 003-order-forest-ruth's three
 * errors fall by about 2^4 a halving, and its coarse order is the classical 4; the cost row
 * 000-cost-linear counts its factor's nonzeros without a clock: the same on every run. */
TEST(validate_rows_report_extra_numbers) {
    sl_claim_result r;
    ENSURE(sl_validate_run(sl_validate_find("003-order-forest-ruth"), NULL, &r) == SL_OK);
    double e5 = claim_extra_value(&r, "err_5ms"), e25 = claim_extra_value(&r, "err_2_5ms"), e125 = claim_extra_value(&r, "err_1_25ms");
    printf("  003-order-forest-ruth: errors %.3g %.3g %.3g m, orders %.3f %.3f\n", e5, e25, e125,
           claim_extra_value(&r, "order_coarse"), r.measured);
    ENSURE(e5 > e25 && e25 > e125 && e125 > 0);
    ENSURE_NEAR(claim_extra_value(&r, "order_coarse"), 4, 0.1);
    ENSURE_NEAR(claim_extra_value(&r, "cube_order"), 4, 0.3);
    ENSURE(isnan(claim_extra_value(&r, "no such number")));
    sl_claim_result_free(&r);
    /* lesson 003's note on RK4 beyond its bound (omega dt = 3, energy x 2.27 a step from
     * 0.5 J): hundreds of joules within the first window; over the next two it stays more
     * than twice the start's 0.5 J above it (the verdict's gain that stays) */
    ENSURE(sl_validate_run(sl_validate_find("003-bound-rk4"), NULL, &r) == SL_OK);
    double first = claim_extra_value(&r, "beyond_first_window_j"), low = claim_extra_value(&r, "beyond_low_next_windows_j"),
           high = claim_extra_value(&r, "beyond_high_j");
    printf("  003-bound-rk4 at omega dt = 3: %.4g J in the first window, at least %.4g J in the next two, "
           "at most %.4g J\n", first, low, high);
    ENSURE(first > 100 && first < 0.5 * pow(2.27, 16)); /* bounded by the growth of 16 steps */
    ENSURE(low > 0.5 + 2 * 0.5 && low < first && high >= first);
    sl_claim_result_free(&r);
    sl_claim_result a, b;
    const sl_claim *cost = sl_validate_find("000-cost-linear");
    ENSURE(cost && sl_validate_run(cost, NULL, &a) == SL_OK && sl_validate_run(cost, NULL, &b) == SL_OK);
    ENSURE(a.measured == b.measured && a.verdict == SL_CLAIM_AGREES);
    ENSURE_NEAR(a.measured, 1, 0.05);
    ENSURE(claim_extra_value(&a, "nnz_per_tet_200") > claim_extra_value(&a, "nnz_per_tet_50"));
    sl_claim_result_free(&a), sl_claim_result_free(&b);
}

/* The half step's run-length artefact (lesson 003 §5): its "largest stable" omega dt over
 * twice the run falls by 2^(1/3), as (1 + z^4/4)^(omega T/z) = 2 predicts, and the row's
 * closed form of that prediction (its own bisection) is near both measurements. */
TEST(validate_half_step_dt_shrinks_with_the_run) {
    sl_claim_result r;
    ENSURE(sl_validate_run(sl_validate_find("003-bound-half-step"), NULL, &r) == SL_OK);
    double run = claim_extra_value(&r, "run_s"), z2 = claim_extra_value(&r, "omega_dt_2run");
    printf("  003-bound-half-step: run %.4g s, omega dt %.5f (formula %.5f), over twice the run %.5f "
           "(formula %.5f), ratio %.4f\n", run, r.measured, claim_extra_value(&r, "formula"), z2,
           claim_extra_value(&r, "formula_2run"), claim_extra_value(&r, "ratio_2run"));
    ENSURE_NEAR(run, 200 * 2 * acos(-1.0) / 10, 0.5); /* 200 periods of omega = 10 rad/s */
    ENSURE_NEAR(claim_extra_value(&r, "formula"), cbrt(4 * log(2.0) / (10 * run)), 1e-3); /* small z: z^3 = 4 ln 2/(omega T) */
    ENSURE_NEAR(r.measured, claim_extra_value(&r, "formula"), 0.01 * r.measured);
    ENSURE_NEAR(z2, claim_extra_value(&r, "formula_2run"), 0.01 * z2);
    ENSURE_NEAR(claim_extra_value(&r, "ratio_2run"), cbrt(2.0), 0.01);
    sl_claim_result_free(&r);
}

/* Every row of every paper says what its numbers are (issue 41): a paper value says whether
 * it is printed or softlab's reading; a set-up difference is a phrase; a row's own reason
 * starts as a sentence (a capital letter) and writes no formula in ASCII (formulas are TeX
 * between dollar signs, an even number of them). */
TEST(validate_every_row_says_what_its_numbers_are) {
    int n;
    const sl_claim *c = sl_validate_claims(&n);
    for (int i = 0; i < n; i++) {
        if (isfinite(c[i].paper)) ENSURE(c[i].paper_kind != SL_PAPER_UNSET);
        if (c[i].setup_differs) ENSURE(strlen(c[i].setup_differs) > 10 && c[i].setup_differs[0] != ' ');
        const char *texts[] = {c[i].why, c[i].claim, c[i].setup, c[i].setup_differs};
        for (int k = 0; k < 4; k++) {
            const char *t = texts[k];
            if (!t) continue;
            int dollars = 0;
            for (const char *p = t; *p; p++) dollars += *p == '$';
            if (dollars % 2) printf("  %s: an odd number of $ in \"%.60s...\"\n", c[i].id, t);
            ENSURE(dollars % 2 == 0);
            ENSURE(strstr(t, "pi/sqrt") == NULL && strstr(t, "sqrt(") == NULL);
        }
        /* a sentence: a capital, a formula, or the lab's own name (written in lower case) */
        int sentence = !c[i].why || (c[i].why[0] >= 'A' && c[i].why[0] <= 'Z') || c[i].why[0] == '$' ||
                       !strncmp(c[i].why, "softlab", 7);
        if (!sentence) printf("  %s: the why does not start a sentence: \"%.40s\"\n", c[i].id, c[i].why);
        ENSURE(sentence);
    }
}
