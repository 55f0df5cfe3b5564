/* Validation mode's table and judge (softlab/validate.h): the claims of the papers in
 * one list, one verdict rule, and what the rows share (building a scene, running it). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "claims.h"
#include "softlab/papers.h"
#include "softlab/stepper.h"
#include "softlab/world.h"

#define MAX_CLAIMS 256

/* the papers' lists (claims.h SL_CLAIM_PAPERS), then the scene notes' rows (scenes.c) */
#define CLAIM_LIST(n) sl_claims_seed##n,
#define CLAIM_COUNT(n) &sl_claims_seed##n##_count,
static const sl_claim *const seeds[] = {SL_CLAIM_PAPERS(CLAIM_LIST) sl_claims_scenes};
static const int *const seed_counts[] = {SL_CLAIM_PAPERS(CLAIM_COUNT) & sl_claims_scenes_count};
_Static_assert(sizeof seeds / sizeof *seeds == SL_PAPER_COUNT + 1, "one claim list a paper of softlab/papers.h");

/* The seeds' rows copied into one array once (a static table cannot concatenate the
 * per-seed arrays at compile time). */
static sl_claim all[MAX_CLAIMS];
static int all_count = -1;

const sl_claim *sl_validate_claims(int *count) {
    if (all_count < 0) { /* in seed order: each seed's own rows, then its scenes' notes' rows */
        int n = 0;
        for (int seed = 0; seed < SL_PAPER_COUNT; seed++) {
            for (int i = 0; i < *seed_counts[seed] && n < MAX_CLAIMS; i++) all[n++] = seeds[seed][i];
            for (int i = 0; i < sl_claims_scenes_count && n < MAX_CLAIMS; i++)
                if (sl_claims_scenes[i].seed == seed) all[n++] = sl_claims_scenes[i];
        }
        all_count = n;
    }
    if (count) *count = all_count;
    return all;
}

const sl_claim *sl_validate_find(const char *id) {
    int n;
    const sl_claim *c = sl_validate_claims(&n);
    for (int i = 0; id && i < n; i++)
        if (strcmp(c[i].id, id) == 0) return &c[i];
    return NULL;
}

const char *sl_validate_paper(int seed) { return sl_paper_reference(seed); }

static const char *const verdict_names[SL_CLAIM_VERDICTS] = {"agrees", "differs", "paper is off", "skipped",
                                                             "failed", "another set-up"};

const char *sl_claim_verdict_name(sl_claim_verdict v) {
    return (int)v >= 0 && v < SL_CLAIM_VERDICTS ? verdict_names[v] : "?";
}

int sl_claim_verdict_find(const char *name) {
    for (int i = 0; name && i < SL_CLAIM_VERDICTS; i++)
        if (strcmp(verdict_names[i], name) == 0) return i;
    return -1;
}

const char *sl_paper_kind_name(sl_paper_kind k) {
    return k == SL_PAPER_PRINTED ? "printed" : k == SL_PAPER_READING ? "reading" : "";
}

const char *sl_reference_kind_name(sl_reference_kind k) {
    static const char *const names[] = {"", "closed form", "second implementation", "peer program", "re-measure"};
    return (int)k >= 0 && k <= SL_REF_REMEASURE ? names[k] : "";
}

/* vsnprintf into a fresh heap string of the length it needs; NULL if out of memory. */
static char *format_new(const char *fmt, va_list ap) {
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s) vsnprintf(s, (size_t)n + 1, fmt, again);
    va_end(again);
    return s;
}

void claim_say(char **field, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    char *s = format_new(fmt, ap); /* before the old text goes: it may be an argument */
    va_end(ap);
    if (!s) return;
    free(*field);
    *field = s;
}

static char *empty_text(void) {
    char *s = malloc(1);
    if (s) s[0] = 0;
    return s;
}

sl_status sl_claim_result_init(sl_claim_result *r) {
    if (!r) return SL_ERR_NULL;
    memset(r, 0, sizeof *r);
    r->measured = r->reference = NAN;
    r->paper_tolerance = r->paper_margin = r->reference_tolerance = r->reference_margin = NAN;
    r->reference_how = empty_text(), r->note = empty_text(), r->why = empty_text();
    if (!r->reference_how || !r->note || !r->why) return sl_claim_result_free(r), SL_ERR_NOMEM;
    return SL_OK;
}

void sl_claim_result_free(sl_claim_result *r) {
    if (!r) return;
    free(r->reference_how), free(r->note), free(r->why);
    memset(r, 0, sizeof *r);
}

static double allowance(double value, double tol_rel, double tol_abs) { return fmax(tol_abs, tol_rel * fabs(value)); }

/* The paper's allowed distance and how far inside it m lies (negative: outside). */
static void paper_comparison(const sl_claim *c, double m, double *tolerance, double *margin) {
    switch (c->relation) {
    case SL_CLAIM_AT_MOST: *tolerance = c->paper_tol_abs, *margin = c->paper + c->paper_tol_abs - m; break;
    case SL_CLAIM_AT_LEAST: *tolerance = c->paper_tol_abs, *margin = m - (c->paper - c->paper_tol_abs); break;
    default:
        *tolerance = allowance(c->paper, c->paper_tol_rel, c->paper_tol_abs);
        *margin = *tolerance - fabs(m - c->paper);
    }
}

/* The unit after a number: nothing for a pure ratio ("1"). */
static const char *unit_after(const sl_claim *c) { return !c->unit || !strcmp(c->unit, "1") ? "" : c->unit; }
static const char *unit_space(const sl_claim *c) { return *unit_after(c) ? " " : ""; }

static const char *relation_words(const sl_claim *c) {
    switch (c->relation) {
    case SL_CLAIM_AT_MOST: return "at most";
    case SL_CLAIM_AT_LEAST: return "at least";
    default: return "about";
    }
}

/* The paper's side of a why: "the paper's 0.0098 s (printed, Table 1) allows 0.001 s either
 * way" in words a reader follows. */
static void paper_words(const sl_claim *c, const sl_claim_result *r, char *buf, size_t size) {
    const char *kind = c->paper_kind == SL_PAPER_PRINTED ? "printed in" : "softlab's reading of";
    const char *where = c->paper_kind == SL_PAPER_PRINTED && c->paper_where ? c->paper_where : c->source;
    snprintf(buf, size, "the paper's value (%s %s) is %s %.4g%s%s, allowing %.3g%s%s", kind, where,
             relation_words(c), c->paper, unit_space(c), unit_after(c), r->paper_tolerance, unit_space(c),
             unit_after(c));
}

sl_claim_verdict sl_claim_judge(const sl_claim *c, sl_claim_result *r) {
    if (!c || !r) return SL_CLAIM_FAILED;
    r->paper_tolerance = r->paper_margin = r->reference_tolerance = r->reference_margin = NAN;
    const char *note = r->note ? r->note : "";
    if (r->skipped) {
        CLAIM_SAY(r->why, "%s", note[0] ? note : "not run here");
        return r->verdict = SL_CLAIM_SKIPPED;
    }
    if (!isfinite(r->measured)) {
        CLAIM_SAY(r->why, "The run gave no number%s%s.", note[0] ? ": " : "", note);
        return r->verdict = SL_CLAIM_FAILED;
    }
    int has_ref = isfinite(r->reference), has_paper = isfinite(c->paper);
    if ((has_paper && c->paper_kind == SL_PAPER_UNSET) || (has_ref && c->reference_kind == SL_REF_UNSET)) {
        CLAIM_SAY(r->why, "This row does not say what its %s is (the claim's %s): a defect of the row, not a measurement.",
                  has_paper && c->paper_kind == SL_PAPER_UNSET ? "paper value" : "reference",
                  has_paper && c->paper_kind == SL_PAPER_UNSET ? "paper_kind" : "reference_kind");
        return r->verdict = SL_CLAIM_FAILED;
    }
    if (has_ref) {
        r->reference_tolerance = allowance(r->reference, c->reference_tol_rel, c->reference_tol_abs);
        r->reference_margin = r->reference_tolerance - fabs(r->measured - r->reference);
    }
    if (has_paper) paper_comparison(c, r->measured, &r->paper_tolerance, &r->paper_margin);
    int ref_ok = !has_ref || r->reference_margin >= 0, paper_ok = !has_paper || r->paper_margin >= 0;
    if (ref_ok && paper_ok) {
        CLAIM_SAY(r->why, "%s", "");
        return r->verdict = SL_CLAIM_AGREES;
    }
    const char *reason = c->why ? c->why : "This row was expected to agree, and softlab does not know why it does not.";
    char paper[512] = "";
    if (has_paper) paper_words(c, r, paper, sizeof paper);
    if (!ref_ok) {
        CLAIM_SAY(r->why, "%s Measured %.4g%s%s; the reference (%s) is %.4g, and the two may differ by %.3g%s%s.", reason,
                  r->measured, unit_space(c), unit_after(c), sl_reference_kind_name(c->reference_kind), r->reference,
                  r->reference_tolerance, unit_space(c), unit_after(c));
        return r->verdict = SL_CLAIM_DIFFERS;
    }
    if (c->setup_differs) {
        CLAIM_SAY(r->why, "%s softlab's set-up is not the paper's: %s. Measured %.4g%s%s; %s.", reason, c->setup_differs,
                  r->measured, unit_space(c), unit_after(c), paper);
        return r->verdict = SL_CLAIM_OTHER_SETUP;
    }
    if (has_ref && c->reference_kind != SL_REF_REMEASURE) {
        CLAIM_SAY(r->why, "%s Measured %.4g%s%s, and the reference (%s) agrees at %.4g; %s.", reason, r->measured,
                  unit_space(c), unit_after(c), sl_reference_kind_name(c->reference_kind), r->reference, paper);
        return r->verdict = SL_CLAIM_PAPER_OFF;
    }
    CLAIM_SAY(r->why, "%s Measured %.4g%s%s; %s; %s.", reason, r->measured, unit_space(c), unit_after(c), paper,
              has_ref ? "the reference only re-measures the same number, so it cannot speak for the paper"
                      : "no reference decides between softlab and the paper");
    return r->verdict = SL_CLAIM_DIFFERS;
}

sl_status sl_validate_run(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    if (!c || !out) return SL_ERR_NULL;
    static const sl_validate_env none = {0};
    sl_status init = sl_claim_result_init(out);
    if (init != SL_OK) return init;
    double t0 = sl_clock_seconds();
    sl_status st = c->run ? c->run(c, env ? env : &none, out) : SL_ERR_NULL;
    out->seconds = sl_clock_seconds() - t0;
    if (st != SL_OK) {
        CLAIM_SAY(out->note, "%s%s%s", sl_status_message(st), out->note[0] ? ": " : "", out->note);
        out->skipped = 0;
        out->verdict = SL_CLAIM_FAILED;
        CLAIM_SAY(out->why, "The run failed: %s.", out->note);
        return SL_OK;
    }
    sl_claim_judge(c, out);
    return SL_OK;
}

sl_world *claim_world(const char *scene, const char *method, double dt, const sl_param *set_p,
                      const double *set_v, int set_count, sl_claim_result *out) {
    const sl_scene_class *sc = sl_scene_find(scene);
    const sl_stepper_class *stepper = sl_stepper_find(method);
    if (!sc || !stepper) {
        CLAIM_SAY(out->note, "no %s named %s", sc ? "stepper" : "scene", sc ? method : scene);
        return NULL;
    }
    sl_scene_params p = sl_scene_params_default();
    for (int i = 0; i < set_count; i++)
        if (sl_scene_params_set(&p, set_p[i], set_v[i]) != SL_OK) {
            CLAIM_SAY(out->note, "%s: parameter %s = %g refused", scene, sl_param_infos[set_p[i]].name, set_v[i]);
            return NULL;
        }
    sl_world *w = NULL;
    sl_status st = sl_scene_build(sc, &p, &w);
    if (st == SL_OK) st = sl_world_set_stepper(w, stepper, dt, 0);
    if (st != SL_OK) {
        CLAIM_SAY(out->note, "%s under %s at dt %g s: %s", scene, method, dt, sl_status_message(st));
        sl_world_destroy(w);
        return NULL;
    }
    return w;
}

sl_status claim_step(sl_world *w, long i, long steps, sl_claim_result *out) {
    sl_status st = sl_world_step(w);
    if (st != SL_OK) CLAIM_SAY(out->note, "step %ld of %ld (t = %g s) failed", i + 1, steps, sl_world_time(w));
    return st;
}

sl_status claim_run_for(sl_world *w, double t_end, sl_claim_result *out) {
    long steps = lround(t_end / sl_world_dt(w));
    for (long i = 0; i < steps; i++) {
        sl_status st = claim_step(w, i, steps, out);
        if (st != SL_OK) return st;
    }
    return SL_OK;
}

double claim_tet_volume(const double *x, const int *t) {
    const double *a = x + 3 * t[0], *b = x + 3 * t[1], *c = x + 3 * t[2], *d = x + 3 * t[3];
    double u[3], p[3], q[3];
    for (int k = 0; k < 3; k++) u[k] = b[k] - a[k], p[k] = c[k] - a[k], q[k] = d[k] - a[k];
    return (u[0] * (p[1] * q[2] - p[2] * q[1]) - u[1] * (p[0] * q[2] - p[2] * q[0]) + u[2] * (p[0] * q[1] - p[1] * q[0])) / 6;
}

void claim_extra(sl_claim_result *out, const char *name, double value) {
    if (out->extra_count >= SL_CLAIM_EXTRAS) {
        CLAIM_SAY(out->note, "more than %d extra numbers: %s dropped", SL_CLAIM_EXTRAS, name);
        return;
    }
    sl_claim_extra *e = &out->extra[out->extra_count++];
    snprintf(e->name, sizeof e->name, "%s", name); /* a key: [a-z0-9_], under 32 bytes */
    e->value = value;
}
