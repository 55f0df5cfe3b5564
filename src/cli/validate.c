/* `softlab validate`: the seed papers' claims rerun (softlab/validate.h), one table per
 * seed, with a JSON copy and a check against the committed verdicts (CI's
 * tests/validation/expected.tsv). The peer program of the FEM rows (CalculiX's ccx) is
 * run here, where there is a shell; the browser has none and skips those rows. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "validate.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output.h"
#include "softlab/papers.h"
#include "softlab/validate.h"
#include "text.h"

typedef struct options {
    int seed, quick, verdicts_only;
    const char *id, *json, *expect;
} options;

static int usage(FILE *f) {
    fprintf(f, "usage: softlab validate [--seed N] [--quick] [--id ID[,ID...]] [--json FILE] [--expect FILE] [--verdicts]\n"
               "  Reruns the claims of the seed papers: the measured value, the paper's,\n"
               "  an independent reference, and a verdict (agrees, differs, paper is off,\n"
               "  another set-up, skipped, failed). --quick: the quick set (CI, the page); --expect FILE: fail\n"
               "  when a verdict differs from FILE's (lines 'id<TAB>verdict'); --verdicts: print\n"
               "  only those lines. Exit status: 0, 1 a verdict changed or a run failed, 2 bad\n"
               "  arguments.\n");
    return f == stdout ? 0 : 2;
}

static int parse(int argc, char **argv, options *o) {
    *o = (options){.seed = -1};
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--quick")) o->quick = 1;
        else if (!strcmp(a, "--verdicts")) o->verdicts_only = 1;
        else if (next && !strcmp(a, "--seed")) {
            char *end;
            long s = strtol(next, &end, 10);
            if (*end || end == next || s < 0 || s >= SL_PAPER_COUNT) {
                fprintf(stderr, "softlab validate: --seed takes 0-%d (the seed papers), got '%s'\n", SL_PAPER_COUNT - 1, cli_shown(next));
                return 0;
            }
            o->seed = (int)s, i++;
        } else if (next && !strcmp(a, "--id")) o->id = next, i++;
        else if (next && !strcmp(a, "--json")) o->json = next, i++;
        else if (next && !strcmp(a, "--expect")) o->expect = next, i++;
        else {
            fprintf(stderr, "softlab validate: unknown or incomplete option '%s'\n", cli_shown(a));
            return 0;
        }
    }
    for (const char *id = o->id; id && *id;) { /* a comma-separated list */
        size_t len = strcspn(id, ",");
        char one[128];
        snprintf(one, sizeof one, "%.*s", (int)(len < sizeof one ? len : sizeof one - 1), id);
        if (!sl_validate_find(one)) {
            fprintf(stderr, "softlab validate: no claim with id '%s' (softlab validate --verdicts lists them)\n",
                    cli_shown(one));
            return 0;
        }
        id += len + (id[len] == ',');
    }
    return 1;
}

/* 1 if id is one of the comma-separated list's. */
static int listed(const char *list, const char *id) {
    size_t n = strlen(id);
    for (const char *p = list; p && *p;) {
        size_t len = strcspn(p, ",");
        if (len == n && !strncmp(p, id, n)) return 1;
        p += len + (p[len] == ',');
    }
    return 0;
}

static int selected(const options *o, const sl_claim *c) {
    if (o->id) return listed(o->id, c->id);
    return (o->seed < 0 || c->seed == o->seed) && (!o->quick || c->quick);
}

static int run_program(void *ctx, const char *dir, const char *command) {
    char line[2048];
    if (snprintf(line, sizeof line, "cd '%s' && %s >/dev/null 2>&1", dir, command) >= (int)sizeof line) return -1;
    int status = system(line);
    return status == -1 ? -1 : (status >> 8) & 0xff;
}

static void json_string(FILE *f, const char *s) {
    fputc('"', f);
    for (; s && *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
        else if (ch < 0x20) fprintf(f, "\\u%04x", ch);
        else fputc(ch, f);
    }
    fputc('"', f);
}

static void json_number(FILE *f, double x) {
    if (isfinite(x)) fprintf(f, "%.10g", x);
    else fputs("null", f);
}

static void json_row(FILE *f, const sl_claim *c, const sl_claim_result *r, int first) {
    fprintf(f, "%s\n  {\"id\": ", first ? "" : ",");
    json_string(f, c->id);
    fprintf(f, ", \"seed\": %d, \"source\": ", c->seed);
    json_string(f, c->source);
    fputs(", \"claim\": ", f), json_string(f, c->claim);
    fputs(", \"setup\": ", f), json_string(f, c->setup);
    fputs(", \"lab\": ", f), json_string(f, c->lab);
    fputs(", \"quantity\": ", f), json_string(f, c->quantity);
    fputs(", \"unit\": ", f), json_string(f, c->unit);
    fputs(", \"measured\": ", f), json_number(f, r->measured);
    fputs(", \"paper\": ", f), json_number(f, c->paper);
    fputs(", \"reference\": ", f), json_number(f, r->reference);
    fputs(", \"reference_how\": ", f), json_string(f, r->reference_how);
    fputs(", \"paper_kind\": ", f), json_string(f, sl_paper_kind_name(c->paper_kind));
    fputs(", \"paper_where\": ", f), json_string(f, c->paper_kind == SL_PAPER_PRINTED ? (c->paper_where ? c->paper_where : c->source) : "");
    fputs(", \"relation\": ", f), json_string(f, c->relation == SL_CLAIM_AT_MOST ? "at most" : c->relation == SL_CLAIM_AT_LEAST ? "at least" : "near");
    fputs(", \"reference_kind\": ", f), json_string(f, sl_reference_kind_name(c->reference_kind));
    fputs(", \"setup_differs\": ", f), json_string(f, c->setup_differs ? c->setup_differs : "");
    fputs(", \"tolerance\": ", f), json_number(f, r->paper_tolerance);
    fputs(", \"margin\": ", f), json_number(f, r->paper_margin);
    fputs(", \"reference_tolerance\": ", f), json_number(f, r->reference_tolerance);
    fputs(", \"reference_margin\": ", f), json_number(f, r->reference_margin);
    fputs(", \"verdict\": ", f), json_string(f, sl_claim_verdict_name(r->verdict));
    fputs(", \"why\": ", f), json_string(f, r->why);
    fputs(", \"note\": ", f), json_string(f, r->note);
    fputs(", \"extra\": {", f);
    for (int i = 0; i < r->extra_count; i++) {
        fputs(i ? ", " : "", f), json_string(f, r->extra[i].name);
        fputs(": ", f), json_number(f, r->extra[i].value);
    }
    fputs("}", f);
    fprintf(f, ", \"quick\": %d, \"seconds\": %.3f}", c->quick, r->seconds);
}

/* The expected verdict of id in FILE's text, or -1 (absent); -2: the line is malformed;
 * -3: SL_CLAIM_MACHINE_TIMED. */
static int expected_verdict(const char *text, const char *id) {
    size_t n = strlen(id);
    for (const char *line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (*line == '#' || strncmp(line, id, n) || line[n] != '\t') continue;
        char name[32];
        const char *end = strchr(line + n + 1, '\n');
        size_t len = end ? (size_t)(end - line - n - 1) : strlen(line + n + 1);
        if (len >= sizeof name) return -2;
        memcpy(name, line + n + 1, len), name[len] = 0;
        if (!strcmp(name, SL_CLAIM_MACHINE_TIMED)) return -3;
        int v = sl_claim_verdict_find(name);
        return v < 0 ? -2 : v;
    }
    return -1;
}

static char *read_text(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = NULL;
    size_t len = 0, cap = 0, got;
    char chunk[4096];
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (len + got + 1 > cap) {
            cap = 2 * (len + got + 1);
            char *grown = realloc(buf, cap);
            if (!grown) return free(buf), fclose(f), NULL;
            buf = grown;
        }
        memcpy(buf + len, chunk, got), len += got;
    }
    fclose(f);
    if (!buf && (buf = malloc(1))) buf[0] = 0;
    else if (buf) buf[len] = 0;
    return buf;
}

/* "inside by 0.06 of 0.1" / "outside by 0.001 of 0" for a comparison, or nothing. */
static void print_comparison(const char *what, double tolerance, double margin, const char *unit) {
    if (!isfinite(margin)) return;
    printf("      %s: tolerance %.3g%s%s, %s by %.3g\n", what, tolerance, strcmp(unit, "1") ? " " : "",
           strcmp(unit, "1") ? unit : "", margin >= 0 ? "inside" : "outside", fabs(margin));
}

static void print_row(const sl_claim *c, const sl_claim_result *r) {
    printf("  %-14s %-34s measured %-11.5g paper ", sl_claim_verdict_name(r->verdict), c->id, r->measured);
    if (isfinite(c->paper)) printf("%s%-10.4g", c->relation == SL_CLAIM_AT_MOST ? "<=" : c->relation == SL_CLAIM_AT_LEAST ? ">=" : "", c->paper);
    else printf("%-10s", "-");
    printf(" reference ");
    if (isfinite(r->reference)) printf("%-10.5g", r->reference);
    else printf("%-10s", "-");
    printf(" %s  (%.1f s)\n", c->unit, r->seconds);
    printf("      %s: %s\n      set-up: %s\n", c->source, c->claim, c->setup);
    if (c->setup_differs) printf("      not the paper's set-up: %s\n", c->setup_differs);
    if (isfinite(c->paper))
        printf("      paper's value: %s%s%s\n", c->paper_kind == SL_PAPER_PRINTED ? "printed in " : "softlab's reading of a claim in ",
               c->paper_kind == SL_PAPER_PRINTED && c->paper_where ? c->paper_where : c->source, "");
    print_comparison("against the paper", r->paper_tolerance, r->paper_margin, c->unit);
    if (r->reference_how[0]) printf("      reference (%s): %s\n", sl_reference_kind_name(c->reference_kind), r->reference_how);
    print_comparison("against the reference", r->reference_tolerance, r->reference_margin, c->unit);
    if (r->note[0] && r->verdict != SL_CLAIM_FAILED && r->verdict != SL_CLAIM_SKIPPED) printf("      note: %s\n", r->note);
    if (r->why[0]) printf("      why: %s\n", r->why);
}

/* 1 (after saying so) if c's verdict differs from the one the --expect file (its text
 * expect, read from path) gives it; a machine-timed row the file marks so is not compared. */
static int verdict_changed(const char *expect, const char *path, const sl_claim *c, sl_claim_verdict verdict) {
    int want = expected_verdict(expect, c->id);
    if (c->machine_timed && want == -3) { /* this run's verdict, this machine's: not compared */
        fprintf(stderr, "softlab validate: %s: verdict '%s' on this machine's processor time, not compared\n",
                c->id, sl_claim_verdict_name(verdict));
        return 0;
    }
    if (want == (int)verdict) return 0;
    fprintf(stderr, "softlab validate: %s: verdict '%s', %s%s%s\n", c->id, sl_claim_verdict_name(verdict),
            want == -1 ? "not in " : want == -2 ? "a malformed line in " :
            want == -3 ? "not machine-timed, as " : "expected '",
            want >= 0 ? sl_claim_verdict_name((sl_claim_verdict)want) : cli_shown(path),
            want >= 0 ? "'" : want == -3 ? " says" : "");
    return 1;
}

int softlab_validate(int argc, char **argv) {
    if (argc > 2 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h"))) return usage(stdout);
    options o;
    if (!parse(argc, argv, &o)) return usage(stderr);
    char *expect = NULL;
    if (o.expect && !(expect = read_text(o.expect))) {
        fprintf(stderr, "softlab validate: cannot read '%s'\n", cli_shown(o.expect));
        return 2;
    }
    /* --json: written whole or not at all, never over --expect (output.h) */
    cli_output out = {.option = "--json", .path = o.json};
    cli_input in = {"--expect", o.expect};
    if (o.json && (!cli_outputs_distinct(&out, 1, &in, 1) || !cli_output_open(&out))) {
        free(expect);
        return 2;
    }
    FILE *json = out.f;
    if (json) fputs("[", json);
    int n, ran = 0, changed = 0, failed = 0, last_seed = -1, tally[SL_CLAIM_VERDICTS] = {0};
    const sl_claim *claims = sl_validate_claims(&n);
    double total = 0;
    for (int i = 0; i < n; i++) {
        const sl_claim *c = &claims[i];
        if (!selected(&o, c)) continue;
        char dir[] = "/tmp/softlab-validate-XXXXXX";
        sl_validate_env env = {.run_program = run_program, .scratch_dir = mkdtemp(dir)};
        if (!env.scratch_dir) env.run_program = NULL;
        sl_claim_result r;
        if (sl_validate_run(c, &env, &r) != SL_OK) {
            fprintf(stderr, "softlab validate: out of memory running %s\n", c->id);
            free(expect);
            if (json) fclose(json);
            return 2;
        }
        if (env.scratch_dir) {
            char rm[64];
            snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
            if (system(rm) != 0) fprintf(stderr, "softlab validate: could not remove %s\n", dir);
        }
        fprintf(stderr, "softlab validate: %-34s %s (%.1f s)\n", c->id, sl_claim_verdict_name(r.verdict), r.seconds);
        if (o.verdicts_only) printf("%s\t%s\n", c->id, c->machine_timed ? SL_CLAIM_MACHINE_TIMED : sl_claim_verdict_name(r.verdict));
        else {
            if (c->seed != last_seed) printf("\nseed %03d: %s\n", c->seed, sl_validate_paper(c->seed));
            print_row(c, &r);
        }
        fflush(stdout);
        last_seed = c->seed;
        if (json) json_row(json, c, &r, ran == 0);
        ran++, tally[r.verdict]++, total += r.seconds;
        failed += r.verdict == SL_CLAIM_FAILED;
        sl_claim_verdict verdict = r.verdict; /* sl_claim_result_free zeroes r */
        sl_claim_result_free(&r);
        if (expect) changed += verdict_changed(expect, o.expect, c, verdict);
    }
    if (json) {
        fputs("\n]\n", json);
        if (!cli_output_commit(&out)) {
            free(expect);
            return 2;
        }
    }
    free(expect);
    if (!o.verdicts_only)
        printf("\n%d claims: %d agree, %d differ, %d find the paper off, %d on another set-up, %d skipped, %d failed (%.1f s)\n",
               ran, tally[SL_CLAIM_AGREES], tally[SL_CLAIM_DIFFERS], tally[SL_CLAIM_PAPER_OFF], tally[SL_CLAIM_OTHER_SETUP],
               tally[SL_CLAIM_SKIPPED], tally[SL_CLAIM_FAILED], total);
    if (changed) fprintf(stderr, "softlab validate: %d verdict(s) differ from %s\n", changed, cli_shown(o.expect));
    return changed || failed ? 1 : 0;
}
