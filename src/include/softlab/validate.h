/* Validation mode: every claim of the seed papers (and papers 005-006) rerun beside the paper's number and
 * an independent reference (`softlab validate`, the page's validation.html).
 *
 * A claim (sl_claim) is one statement of a paper: a figure, a table entry, an equation's
 * property, a sentence. Its run measures one number with the library, on a stated set-up,
 * and computes, where one exists, a reference a second way that does not go through the
 * code under test: a closed form (a stability bound, beam theory, Hooke's law, an exact
 * solution), a small independent implementation inside the row, or a peer program
 * (CalculiX) run through the caller's sl_validate_env. The verdict is decided here, once
 * (sl_claim_judge), and every front end shows it. */
#ifndef SOFTLAB_VALIDATE_H
#define SOFTLAB_VALIDATE_H

#include "softlab/status.h"

/* How a measured value m is compared with the paper's value p. */
typedef enum sl_claim_relation {
    SL_CLAIM_NEAR,     /* |m - p| <= max(tol_abs, tol_rel |p|) */
    SL_CLAIM_AT_MOST,  /* m <= p + tol_abs (the paper gives a bound: "within 1 %") */
    SL_CLAIM_AT_LEAST, /* m >= p - tol_abs */
} sl_claim_relation;

/* The verdict of a claim. */
typedef enum sl_claim_verdict {
    SL_CLAIM_AGREES = 0,    /* the measurement agrees with the reference and the paper */
    SL_CLAIM_DIFFERS = 1,   /* it differs from the reference, or from the paper with no
                               reference to decide: sl_claim.why says why */
    SL_CLAIM_PAPER_OFF = 2, /* the measurement and the reference agree, against the paper */
    SL_CLAIM_SKIPPED = 3,   /* not run here (a peer program missing): the note says why */
    SL_CLAIM_FAILED = 4,    /* the run itself failed (an error status): the note says which */
    SL_CLAIM_OTHER_SETUP = 5, /* the measurement misses the paper's value, but softlab's set-up is not the
                                 paper's (sl_claim.setup_differs says how): no verdict on the paper */
} sl_claim_verdict;
#define SL_CLAIM_VERDICTS 6

/* Where the paper's value of a claim comes from. */
typedef enum sl_paper_kind {
    SL_PAPER_UNSET = 0,   /* a row that gives no paper value (paper = NaN) */
    SL_PAPER_PRINTED = 1, /* a number the paper prints (at sl_claim.paper_where, else its source) */
    SL_PAPER_READING = 2, /* softlab's reading of a qualitative claim ("keeps its volume" read as
                             "within 1 %"): the number is softlab's, the statement the paper's */
} sl_paper_kind;

/* What a row's reference is. */
typedef enum sl_reference_kind {
    SL_REF_UNSET = 0,                /* a row without a reference (reference = NaN) */
    SL_REF_CLOSED_FORM = 1,          /* a formula: a stability bound, beam theory, Hooke, an exact solution */
    SL_REF_SECOND_IMPLEMENTATION = 2, /* the method written again inside the row, not through the code under test */
    SL_REF_PEER_PROGRAM = 3,         /* another program computes it (CalculiX) */
    SL_REF_REMEASURE = 4,            /* the same quantity measured again another way (a volume summed again
                                        from the tets): it checks the number, not the paper's physics, so a
                                        measurement off the paper is never 'paper is off' */
} sl_reference_kind;

/* What the caller lends a claim's run: a peer program, where one can run (the CLI);
 * NULL members where none can (the browser). */
typedef struct sl_validate_env {
    /* Runs command line `command` in directory `dir` (created by the caller's run first);
     * returns the program's exit status, or -1 if it cannot run at all. NULL: no
     * programs (the browser). */
    int (*run_program)(void *ctx, const char *dir, const char *command);
    /* A fresh scratch directory for one claim's files, or NULL (the browser). */
    const char *scratch_dir;
    void *ctx;
} sl_validate_env;

/* A further number a claim's run measured beside `measured` (a cell of the table a lesson
 * prints: another column, another model of the same set-up). It never enters the verdict. */
#define SL_CLAIM_EXTRAS 16
typedef struct sl_claim_extra {
    char name[32]; /* a key, [a-z0-9_], unique within the row; the unit in its name where it is not the row's */
    double value;
} sl_claim_extra;

/* What a claim's run fills in. The three texts are heap strings of any length, never NULL
 * after sl_validate_run or sl_claim_result_init ("" when empty), owned by the result: free
 * them with sl_claim_result_free. */
typedef struct sl_claim_result {
    double measured;         /* in the claim's unit */
    double reference;        /* in the claim's unit; NaN: no reference for this row */
    char *reference_how;     /* how the reference was computed (a second way) */
    char *note;              /* run-time remark: why skipped, the error, a detail */
    int skipped;             /* 1: not run here (note says why) */
    int extra_count;         /* the extra numbers (claim_extra), in the order measured */
    sl_claim_extra extra[SL_CLAIM_EXTRAS];
    /* Set by sl_claim_judge (sl_validate_run calls it): */
    sl_claim_verdict verdict;
    char *why;               /* the verdict's reason in words; "" for agrees */
    /* The comparisons, in the claim's unit (NaN where there is nothing to compare): the
     * allowed distance ("tolerance") and how far inside it the measurement lies ("margin":
     * positive inside, negative outside; for 'at most'/'at least' the distance to the bound). */
    double paper_tolerance, paper_margin;
    double reference_tolerance, reference_margin;
    double seconds;          /* processor seconds of the run */
} sl_claim_result;

/* Sets r to an empty result (measured and reference NaN, texts ""); SL_ERR_NULL for NULL,
 * SL_ERR_NOMEM when the texts cannot be allocated. */
sl_status sl_claim_result_init(sl_claim_result *r);

/* Frees r's texts (r may be NULL or zeroed); r is left zeroed. */
void sl_claim_result_free(sl_claim_result *r);

struct sl_claim;
typedef sl_status (*sl_claim_run)(const struct sl_claim *c, const sl_validate_env *env, sl_claim_result *out);

/* One claim of a seed paper. Text fields are UTF-8; units SI unless `unit` says. */
typedef struct sl_claim {
    const char *id;      /* stable key, "<seed>-<words>", e.g. "003-rk4-bound" */
    int seed;            /* 0-6: ../shared/seeds/00N_*.txt (0-4), 5 XPBD, 6 Small Steps (softlab/papers.h) */
    const char *source;  /* where in the paper: "Table 1", "Fig. 2", "eq. 21", "§5" */
    const char *claim;   /* the paper's statement, in words */
    const char *setup;   /* scene, stepper, dt, mesh, material, run length */
    const char *lab;     /* the lab's URL query for this set-up ("scene=...&methods=..."), or NULL */
    const char *quantity; /* what is measured, in words */
    const char *unit;    /* "s", "rad", "1" (a ratio), "%" ... */
    double paper;        /* the paper's value in `unit`; NaN where it gives none */
    sl_claim_relation relation; /* how the measurement must relate to `paper` */
    double paper_tol_rel, paper_tol_abs;         /* for `relation` */
    double reference_tol_rel, reference_tol_abs; /* |m - ref| <= max(abs, rel |ref|) */
    sl_paper_kind paper_kind;   /* printed or softlab's reading; required where paper is finite */
    const char *paper_where;    /* printed: where ("Table 1, row Verlet"); NULL: `source` */
    sl_reference_kind reference_kind; /* required where the run gives a reference */
    /* NULL: the row runs the paper's own experiment (its body, damping, update logic, mesh
     * counts, stepper). Else what differs from it, in words ("an undamped oscillator, not
     * the paper's suture thread"): a measurement off the paper's value is then 'another
     * set-up', never 'paper is off'. */
    const char *setup_differs;
    const char *why;     /* why the measurement differs from the paper or the reference,
                            where it does and the row knows why; NULL: it should agree */
    int quick;           /* 1: part of the quick set (`--quick`, CI, the page) */
    int machine_timed;   /* 1: the verdict judges this machine's processor time, so a quiet
                            and a loaded run may differ: `softlab validate --expect` reports
                            it but does not compare it (expected.tsv: SL_CLAIM_MACHINE_TIMED) */
    sl_claim_run run;
    const void *ctx;     /* the row's own data (a stepper's name, a scene) */
} sl_claim;

/* The word expected.tsv gives a machine-timed claim (sl_claim.machine_timed) instead of a
 * verdict, and `softlab validate --verdicts` prints for it. */
#define SL_CLAIM_MACHINE_TIMED "machine-timed"

/* Every claim, in seed order; *count gets their number. */
const sl_claim *sl_validate_claims(int *count);

/* The claim with this id, or NULL. */
const sl_claim *sl_validate_find(const char *id);

/* Runs claim c (env may be NULL: no peer programs) and judges it (sl_claim_judge): out
 * is filled in anew (any texts it held are NOT freed: pass a zeroed or freed result; free
 * it after with sl_claim_result_free). A run that returns an error gives SL_CLAIM_FAILED
 * with the status in the note; the function itself returns SL_OK unless c or out is NULL
 * (SL_ERR_NULL) or memory for the texts runs out (SL_ERR_NOMEM). */
sl_status sl_validate_run(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out);

/* Judges a measured claim: sets r->verdict, r->why (replacing its text) and the four
 * tolerance/margin numbers. skipped -> SL_CLAIM_SKIPPED; measured not finite ->
 * SL_CLAIM_FAILED; a row with a finite paper value but no paper_kind, or a finite reference
 * but no reference_kind -> SL_CLAIM_FAILED (the row must say what its numbers are); then
 * with ref_ok = (no reference, or |m - ref| within the reference tolerance) and paper_ok =
 * (no paper value, or m in `relation` to it): both -> agrees; !ref_ok -> differs; ref_ok,
 * !paper_ok: setup_differs -> another set-up; a reference that answers the claim (not
 * SL_REF_REMEASURE) -> the paper is off; otherwise differs. The why starts with the row's
 * own reason (sl_claim.why) and then gives the numbers. Returns the verdict (FAILED for NULL). */
sl_claim_verdict sl_claim_judge(const sl_claim *c, sl_claim_result *r);

/* "agrees", "differs", "paper is off", "skipped", "failed", "another set-up"; "?" outside the enum. */
const char *sl_claim_verdict_name(sl_claim_verdict v);
/* The verdict for a name of sl_claim_verdict_name, or -1. */
int sl_claim_verdict_find(const char *name);

/* "printed", "reading" or "" (unset); "closed form", "second implementation", "peer program",
 * "re-measure" or "" (unset). */
const char *sl_paper_kind_name(sl_paper_kind k);
const char *sl_reference_kind_name(sl_reference_kind k);

/* The paper of seed 0-6 as a reader sees it cited: "Servin, Lacoursière, Melin 2006,
 * Interactive simulation of elastic deformable materials"; NULL outside 0-6. */
const char *sl_validate_paper(int seed);

#endif
