/* Validation mode's table and judge (softlab/validate.h): the claims of the five seeds in
 * one list, one verdict rule, and what the rows share (building a scene, running it). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "claims.h"
#include "softlab/papers.h"
#include "softlab/stepper.h"
#include "softlab/world.h"

#define MAX_CLAIMS 256

static const sl_claim *const seeds[5] = {sl_claims_seed000, sl_claims_seed001, sl_claims_seed002,
                                         sl_claims_seed003, sl_claims_seed004};
static const int *const seed_counts[5] = {&sl_claims_seed000_count, &sl_claims_seed001_count,
                                          &sl_claims_seed002_count, &sl_claims_seed003_count,
                                          &sl_claims_seed004_count};

/* The seeds' rows copied into one array once (a static table cannot concatenate the
 * per-seed arrays at compile time). */
static sl_claim all[MAX_CLAIMS];
static int all_count = -1;

const sl_claim *sl_validate_claims(int *count) {
    if (all_count < 0) {
        int n = 0;
        for (int s = 0; s < 5; s++)
            for (int i = 0; i < *seed_counts[s] && n < MAX_CLAIMS; i++) all[n++] = seeds[s][i];
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
                                                             "failed"};

const char *sl_claim_verdict_name(sl_claim_verdict v) {
    return (int)v >= 0 && v < SL_CLAIM_VERDICTS ? verdict_names[v] : "?";
}

int sl_claim_verdict_find(const char *name) {
    for (int i = 0; name && i < SL_CLAIM_VERDICTS; i++)
        if (strcmp(verdict_names[i], name) == 0) return i;
    return -1;
}

void claim_say(char *field, int size, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(field, (size_t)size, fmt, ap);
    va_end(ap);
}

static double allowance(double value, double tol_rel, double tol_abs) { return fmax(tol_abs, tol_rel * fabs(value)); }

static int paper_holds(const sl_claim *c, double m) {
    switch (c->relation) {
    case SL_CLAIM_AT_MOST: return m <= c->paper + c->paper_tol_abs;
    case SL_CLAIM_AT_LEAST: return m >= c->paper - c->paper_tol_abs;
    default: return fabs(m - c->paper) <= allowance(c->paper, c->paper_tol_rel, c->paper_tol_abs);
    }
}

/* The unit after a number: nothing for a pure ratio ("1"). */
static const char *unit_after(const sl_claim *c) { return !c->unit || !strcmp(c->unit, "1") ? "" : c->unit; }

static const char *relation_words(const sl_claim *c) {
    switch (c->relation) {
    case SL_CLAIM_AT_MOST: return "at most";
    case SL_CLAIM_AT_LEAST: return "at least";
    default: return "near";
    }
}

sl_claim_verdict sl_claim_judge(const sl_claim *c, const sl_claim_result *r, char *why, int why_size) {
    char dummy[8];
    if (!why || why_size <= 0) why = dummy, why_size = (int)sizeof dummy;
    why[0] = 0;
    if (!c || !r) return SL_CLAIM_FAILED;
    if (r->skipped) {
        claim_say(why, why_size, "%s", r->note[0] ? r->note : "not run here");
        return SL_CLAIM_SKIPPED;
    }
    if (!isfinite(r->measured)) {
        claim_say(why, why_size, "the measurement is not a number%s%s", r->note[0] ? ": " : "", r->note);
        return SL_CLAIM_FAILED;
    }
    int has_ref = isfinite(r->reference), has_paper = isfinite(c->paper);
    int ref_ok = !has_ref || fabs(r->measured - r->reference) <=
                                 allowance(r->reference, c->reference_tol_rel, c->reference_tol_abs);
    int paper_ok = !has_paper || paper_holds(c, r->measured);
    if (ref_ok && paper_ok) return SL_CLAIM_AGREES;
    const char *reason = c->why ? c->why : "unexplained: this row is expected to agree";
    if (ref_ok && has_ref && !c->reference_checks_measurement) {
        claim_say(why, why_size, "measured %.4g%s%s and the reference %.4g agree; the paper's %.4g is not %s them. %s",
                  r->measured, *unit_after(c) ? " " : "", unit_after(c), r->reference, c->paper, relation_words(c), reason);
        return SL_CLAIM_PAPER_OFF;
    }
    if (!ref_ok)
        claim_say(why, why_size, "measured %.4g%s%s against the reference %.4g (allowed %.2g). %s", r->measured,
                  *unit_after(c) ? " " : "", unit_after(c), r->reference, allowance(r->reference, c->reference_tol_rel, c->reference_tol_abs),
                  reason);
    else
        claim_say(why, why_size, "measured %.4g%s%s, the paper %s %.4g; %s. %s", r->measured,
                  *unit_after(c) ? " " : "", unit_after(c), c->relation == SL_CLAIM_NEAR ? "gives" : c->relation == SL_CLAIM_AT_MOST ? "bounds it by"
                                                                                                  : "says at least",
                  c->paper, has_ref ? "the reference checks the measurement, not the paper's set-up" : "no reference decides",
                  reason);
    return SL_CLAIM_DIFFERS;
}

sl_status sl_validate_run(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    if (!c || !out) return SL_ERR_NULL;
    static const sl_validate_env none = {0};
    memset(out, 0, sizeof *out);
    out->measured = NAN, out->reference = NAN;
    double t0 = sl_clock_seconds();
    sl_status st = c->run ? c->run(c, env ? env : &none, out) : SL_ERR_NULL;
    out->seconds = sl_clock_seconds() - t0;
    if (st != SL_OK) {
        char detail[sizeof out->note];
        snprintf(detail, sizeof detail, "%s", out->note);
        CLAIM_SAY(out->note, "%s%s%s", sl_status_message(st), detail[0] ? ": " : "", detail);
        out->skipped = 0;
        out->verdict = SL_CLAIM_FAILED;
        CLAIM_SAY(out->why, "the run failed: %s", out->note);
        return SL_OK;
    }
    out->verdict = sl_claim_judge(c, out, out->why, (int)sizeof out->why);
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
    claim_say(e->name, (int)sizeof e->name, "%s", name);
    e->value = value;
}
