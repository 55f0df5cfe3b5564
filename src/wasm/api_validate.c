/* softlab's wasm API, validation mode (softlab/validate.h): the claims' table and one
 * claim run at a time, for the page's validation.html and its Worker. The verdict is the
 * library's (sl_validate_run); the page only shows it. The browser has no peer programs,
 * so a row that needs one (CalculiX) reports itself skipped. */
#include <math.h>
#include <stddef.h>

#include "api_internal.h"
#include "softlab/validate.h"

/* Text fields of a claim (sl_api_claim_text; ENUMS.CLAIM_TEXT in JS). */
enum {
    CLAIM_TEXT_ID,
    CLAIM_TEXT_SOURCE,
    CLAIM_TEXT_CLAIM,
    CLAIM_TEXT_SETUP,
    CLAIM_TEXT_LAB,      /* the lab's URL query, "" if none */
    CLAIM_TEXT_QUANTITY,
    CLAIM_TEXT_UNIT,
    CLAIM_TEXT_RELATION, /* "near", "at most", "at least": how the paper's value is compared */
    CLAIM_TEXT_PAPER,    /* the cited paper of the claim's seed (sl_validate_paper) */
    CLAIM_TEXT_PAPER_KIND,     /* "printed", "reading" or "" (no paper value) */
    CLAIM_TEXT_PAPER_WHERE,    /* where a printed value is printed; "" for a reading */
    CLAIM_TEXT_REFERENCE_KIND, /* "closed form", "second implementation", "peer program", "re-measure", "" */
    CLAIM_TEXT_SETUP_DIFFERS,  /* how softlab's set-up differs from the paper's; "" if it is the paper's */
    CLAIM_TEXT_SIZE
};

/* Number fields of a claim (sl_api_claim_number; ENUMS.CLAIM_NUMBER in JS). */
enum {
    CLAIM_NUMBER_SEED,
    CLAIM_NUMBER_PAPER, /* the paper's value (NaN: none) */
    CLAIM_NUMBER_QUICK, /* 1: in the quick set */
    CLAIM_NUMBER_SIZE
};

/* The last run's result (sl_api_claim_result: ENUMS.RESULT; sl_api_claim_result_text: ENUMS.REPORT). */
enum {
    RESULT_MEASURED,
    RESULT_REFERENCE, /* NaN: no reference */
    RESULT_VERDICT,   /* sl_claim_verdict */
    RESULT_SECONDS,   /* s of clock */
    RESULT_PAPER_TOLERANCE,     /* the paper comparison's allowed distance, in the claim's unit (NaN: none) */
    RESULT_PAPER_MARGIN,        /* how far inside it (negative: outside) */
    RESULT_REFERENCE_TOLERANCE, /* the same against the reference */
    RESULT_REFERENCE_MARGIN,
    RESULT_SIZE
};
enum {
    REPORT_VERDICT,       /* its name: "agrees", "differs", "paper is off", ... */
    REPORT_WHY,
    REPORT_REFERENCE_HOW,
    REPORT_NOTE,
    REPORT_SIZE
};

static sl_claim_result last;
static int have_last;

static const sl_claim *claim_at(int i) {
    int n;
    const sl_claim *c = sl_validate_claims(&n);
    return i >= 0 && i < n ? &c[i] : NULL;
}

/* The number of claims. */
API int sl_api_claim_count(void) {
    int n;
    sl_validate_claims(&n);
    return n;
}

/* Text field `field` (CLAIM_TEXT_*) of claim i; "" for a bad index or field. */
API const char *sl_api_claim_text(int i, int field) {
    const sl_claim *c = claim_at(i);
    if (!c) return "";
    static const char *const relation[] = {"near", "at most", "at least"};
    switch (field) {
    case CLAIM_TEXT_ID: return c->id;
    case CLAIM_TEXT_SOURCE: return c->source;
    case CLAIM_TEXT_CLAIM: return reader_text(c->claim);
    case CLAIM_TEXT_SETUP: return reader_text(c->setup);
    case CLAIM_TEXT_LAB: return c->lab ? c->lab : "";
    case CLAIM_TEXT_QUANTITY: return c->quantity;
    case CLAIM_TEXT_UNIT: return c->unit;
    case CLAIM_TEXT_RELATION: return (int)c->relation >= 0 && c->relation <= SL_CLAIM_AT_LEAST ? relation[c->relation] : "";
    case CLAIM_TEXT_PAPER: return sl_validate_paper(c->seed);
    case CLAIM_TEXT_PAPER_KIND: return sl_paper_kind_name(c->paper_kind);
    case CLAIM_TEXT_PAPER_WHERE:
        return c->paper_kind == SL_PAPER_PRINTED ? (c->paper_where ? c->paper_where : c->source) : "";
    case CLAIM_TEXT_REFERENCE_KIND: return sl_reference_kind_name(c->reference_kind);
    case CLAIM_TEXT_SETUP_DIFFERS: return c->setup_differs ? reader_text(c->setup_differs) : "";
    default: return "";
    }
}

/* Number field `field` (CLAIM_NUMBER_*) of claim i; NaN for a bad index or field. */
API double sl_api_claim_number(int i, int field) {
    const sl_claim *c = claim_at(i);
    if (!c) return NAN;
    switch (field) {
    case CLAIM_NUMBER_SEED: return c->seed;
    case CLAIM_NUMBER_PAPER: return c->paper;
    case CLAIM_NUMBER_QUICK: return c->quick;
    default: return NAN;
    }
}

/* Runs claim i (sl_validate_run, no peer programs) and keeps its result for
 * sl_api_claim_result*. Returns SL_OK, or SL_ERR_RANGE for a bad index (the error says so).
 * It runs to its end: a row takes up to a few seconds, so the page calls it in a Worker. */
API int sl_api_claim_run(int i) {
    const sl_claim *c = claim_at(i);
    have_last = 0;
    sl_claim_result_free(&last); /* the texts of the run before */
    if (!c) return set_error("no claim %d (there are %d)", i, sl_api_claim_count()), SL_ERR_RANGE;
    sl_status st = sl_validate_run(c, NULL, &last);
    if (st != SL_OK) return set_error("claim %d: %s", i, sl_status_message(st)), st;
    have_last = 1;
    return SL_OK;
}

/* Slot `slot` (RESULT_*) of the last run; NaN if none or a bad slot. */
API double sl_api_claim_result(int slot) {
    if (!have_last) return NAN;
    switch (slot) {
    case RESULT_MEASURED: return last.measured;
    case RESULT_REFERENCE: return last.reference;
    case RESULT_VERDICT: return last.verdict;
    case RESULT_SECONDS: return last.seconds;
    case RESULT_PAPER_TOLERANCE: return last.paper_tolerance;
    case RESULT_PAPER_MARGIN: return last.paper_margin;
    case RESULT_REFERENCE_TOLERANCE: return last.reference_tolerance;
    case RESULT_REFERENCE_MARGIN: return last.reference_margin;
    default: return NAN;
    }
}

/* Text slot `slot` (REPORT_*) of the last run; "" if none or a bad slot. */
API const char *sl_api_claim_result_text(int slot) {
    if (!have_last) return "";
    switch (slot) {
    case REPORT_VERDICT: return sl_claim_verdict_name(last.verdict);
    case REPORT_WHY: return reader_text(last.why);
    case REPORT_REFERENCE_HOW: return reader_text(last.reference_how);
    case REPORT_NOTE: return reader_text(last.note);
    default: return "";
    }
}
