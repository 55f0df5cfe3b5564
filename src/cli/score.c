/* `softlab find-dt --scene NAME --method NAME [--t-end S] [--pbd-iterations N]`: the
 * largest stable dt by bisection, last line `dt_max=<seconds>` (0: unstable at every dt
 * tried), or `gave_up=<reason> stable_dt=<s> unstable_dt=<s|none>` (exit 1) for a search
 * that did not finish. `softlab score --scene NAME [--t-end S] [--pbd-iterations N]`: seed 003's
 * Table 1 for every explicit stepper: dt_max, time per step, force evaluations,
 * score = dt_max / time per step, the time per step relative to explicit Euler's, and the
 * score per force evaluation.
 *
 * The bisection and its stability criterion are the library's, sl_scene_find_dt
 * (softlab/scene.h): in a run of max(t_end, 200 periods of the fastest mode) the core's
 * verdict (sl_world_judge, as `run`'s warning and the page's panels) must never be
 * 'growing' or 'diverged'. dt_max=0 means it failed already at the smallest dt tried,
 * 1e-3 * 2/omega_max. --pbd-iterations sets the scene parameter pbd_iterations.
 *
 * Each trial run takes at most --max-steps steps (default FIND_DT_MAX_STEPS) and the
 * search at most --max-seconds of processor time (default FIND_DT_MAX_SECONDS; for score
 * the whole table's, shared equally by its steppers, and each row's timing shortened to
 * about its share: timing_t_end); find-dt
 * prints a progress line per trial on stderr and says when the search gave up; score
 * marks such rows 'gave-up' and names them in its last line. A stepper
 * that refuses the scene (sl_world_set_stepper) is reported with the reason. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "score.h"
#include "text.h"
#include "softlab/scene.h"
#include "softlab/stepper.h"

/* Default limits of a search (sl_scene_find_dt_limited): steps a trial run may take,
 * processor seconds a search may take. */
#define FIND_DT_MAX_STEPS 2000000
#define FIND_DT_MAX_SECONDS 60.0

/* The command line of find-dt and score. */
typedef struct {
    const char *scene, *method;
    double t_end;           /* s */
    double dt_lo;           /* s: --dt-lo, where the search starts (0: 1e-3 * 2/omega_max) */
    sl_scene_params params; /* --pbd-iterations, --young; the rest keep the scene's defaults */
    sl_find_dt_limits limits;
    int help;               /* --help given */
} probe_args;

/* Progress of a find-dt search on stderr: one line per trial run. */
static void progress(void *ctx, double dt, int stable, long steps, double seconds) {
    (void)ctx;
    fprintf(stderr, "softlab: find-dt: dt = %.6g s %s (%ld steps, %.1f s so far)\n", dt,
            stable == 1 ? "stable" : stable == 0 ? "unstable" : stable == 2 ? "running" : "stopped: time limit",
            steps, seconds);
}

/* Why a search did not finish, as its last line names it ("max-seconds", "max-steps"),
 * or NULL if it did: the time cap stopped it, or the step cap raised its start to a dt
 * already unstable (smaller ones untried, so dt_max = 0 would claim what was not
 * tried). A step cap whose start was stable loses nothing: stable dts form an interval
 * from 0, so the bisection above the start finds the same dt_max. */
static const char *gave_up_reason(const sl_find_dt_result *r) {
    if (r->gave_up & SL_FIND_DT_TIME_CAP) return "max-seconds";
    if ((r->gave_up & SL_FIND_DT_STEP_CAP) && !(r->dt_max > 0)) return "max-steps";
    return NULL;
}

/* The search (sl_scene_find_dt_limited); says on stderr where a cap changed it. */
static sl_find_dt_result find_dt(const probe_args *a, const sl_stepper_class *stepper) {
    sl_find_dt_result r;
    sl_status st = sl_scene_find_dt_limited(sl_scene_find(a->scene), &a->params, stepper, a->t_end, a->dt_lo,
                                            &a->limits, &r);
    if (st != SL_OK) fprintf(stderr, "softlab: %s on %s: %s\n", stepper->name, a->scene, sl_status_message(st));
    if ((r.gave_up & SL_FIND_DT_STEP_CAP) && r.dt_max > 0)
        fprintf(stderr, "softlab: note: %s on %s: the search started at dt = %.6g s, not lower: a trial below "
                "would take more than --max-steps %ld steps; stable there, so dt_max is found above it\n",
                stepper->name, a->scene, r.dt_lo, a->limits.max_steps);
    else if (r.gave_up & SL_FIND_DT_STEP_CAP)
        fprintf(stderr, "softlab: %s on %s: gave up: unstable already at dt = %.6g s, where --max-steps %ld "
                "let the search start; smaller dts untried\n", stepper->name, a->scene, r.dt_lo,
                a->limits.max_steps);
    if (r.gave_up & SL_FIND_DT_TIME_CAP)
        fprintf(stderr, "softlab: %s on %s: gave up after --max-seconds %g s of search (%ld steps): %s\n",
                stepper->name, a->scene, a->limits.max_seconds, r.steps,
                r.dt_max > 0 ? "the largest dt found stable so far is a lower bound of dt_max" : "no dt found stable yet");
    return r;
}

/* The last line of find-dt: "dt_max=<s>" (0: unstable at every dt tried), or for a
 * search that gave up "gave_up=<reason> stable_dt=<s> unstable_dt=<s|none>": the
 * largest dt found stable (0: none) and the smallest found unstable. */
static void print_last_line(const sl_find_dt_result *r) {
    const char *why = gave_up_reason(r);
    if (!why) {
        printf("dt_max=%.9g\n", r->dt_max);
        return;
    }
    printf("gave_up=%s stable_dt=%.9g unstable_dt=", why, r->dt_max);
    if (isfinite(r->dt_hi)) printf("%.9g\n", r->dt_hi);
    else printf("none\n");
}

/* Time per step (s) at dt: the library's (sl_scene_time_per_step: processor time, the
 * best of three trials of t_end of simulated time); NaN if it fails. */
static double time_per_step(const probe_args *a, const sl_stepper_class *stepper, double dt, double t_end) {
    double tps = NAN;
    return sl_scene_time_per_step(sl_scene_find(a->scene), &a->params, stepper, dt, t_end, &tps) == SL_OK ? tps : NAN;
}

/* Simulated time (s) over which score times a stepper at dt: a's t_end, shortened (to
 * no fewer than 50 steps) so that the SL_TIME_RUNS trials take about the search's share
 * of --max-seconds at cost (processor seconds a step, as the search measured it; 0:
 * unknown): the timing of an expensive stepper at a small dt_max (up to 3 x 20,000
 * steps) would otherwise outlast the search's bound. */
static double timing_t_end(const probe_args *a, double dt, double cost) {
    if (!(cost > 0) || !(a->limits.max_seconds > 0)) return a->t_end;
    return fmin(a->t_end, fmax(50.0, a->limits.max_seconds / (SL_TIME_RUNS * cost)) * dt);
}

/* 1 if stepper runs the scene of a (sl_world_set_stepper at its default dt); else
 * prints why (prefix: the command) and returns 0. */
static int stepper_accepts(const probe_args *a, const sl_stepper_class *stepper, const char *prefix) {
    const sl_scene_class *sc = sl_scene_find(a->scene);
    sl_world *w = NULL;
    sl_status st = sl_scene_build(sc, &a->params, &w);
    if (st == SL_OK) st = sl_world_set_stepper(w, stepper, sc->default_dt, 0);
    if (st != SL_OK) fprintf(stderr, "softlab: %s%s on %s: %s\n", prefix, stepper->name, sc->name,
                             w ? sl_world_last_error(w) : sl_status_message(st));
    sl_world_destroy(w);
    return st == SL_OK;
}

/* Parses a finite number, the whole string; 0 (after saying why) on failure. */
static int number(const char *opt, const char *s, double *out) {
    char *end = NULL;
    double v = strtod(s, &end);
    if (end == s || *end || !isfinite(v)) {
        fprintf(stderr, "softlab: %s expects a finite number, got '%s'\n", opt, cli_shown(s));
        return 0;
    }
    *out = v;
    return 1;
}

/* Sets scene parameter p from option opt's value s; 0 (after saying why) on failure. */
static int param(const char *opt, const char *s, sl_param p, probe_args *a) {
    double v = 0;
    if (!number(opt, s, &v)) return 0;
    if (sl_scene_params_set(&a->params, p, v) == SL_OK) return 1;
    const sl_param_info *info = &sl_param_infos[p];
    fprintf(stderr, "softlab: %s %s: %s must be in [%g, %g] %s\n", opt, cli_shown(s), info->label, info->min, info->max,
            info->unit);
    return 0;
}

/* 0 (after saying why) if a parameter given in a is one the scene does not read. */
static int params_used(const probe_args *a) {
    const sl_scene_class *sc = sl_scene_find(a->scene);
    for (int p = 0; p < SL_PARAM_COUNT; p++)
        if (!isnan(a->params.value[p]) && !(sc->params & SL_PARAM_BIT(p))) {
            fprintf(stderr, "softlab: scene '%s' has no %s (option --%s): it would be ignored\n", sc->name,
                    sl_param_infos[p].label, p == SL_PARAM_YOUNG_MODULUS ? "young" : "pbd-iterations");
            return 0;
        }
    return 1;
}

/* Reads the options after the command into a; 0 (after saying why) on a bad, unknown or
 * repeated option. */
static int parse(int argc, char **argv, probe_args *a) {
    memset(a, 0, sizeof *a);
    a->t_end = SL_FIND_DT_T_END;
    a->params = sl_scene_params_default();
    a->limits = (sl_find_dt_limits){FIND_DT_MAX_STEPS, FIND_DT_MAX_SECONDS, NULL, NULL};
    for (int i = 2; i < argc; i += 2) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(opt, "--help") || !strcmp(opt, "-h")) return a->help = 1;
        for (int j = 2; j < i; j += 2)
            if (!strcmp(argv[j], opt)) {
                fprintf(stderr, "softlab: option %s given twice ('%s' and '%s')\n", cli_shown(opt),
                        cli_shown(argv[j + 1]), val ? cli_shown(val) : "");
                return 0;
            }
        if (!val) {
            fprintf(stderr, "softlab: option %s needs a value\n", cli_shown(opt));
            return 0;
        }
        double v = 0;
        if (!strcmp(opt, "--scene")) a->scene = val;
        else if (!strcmp(opt, "--method")) a->method = val;
        else if (!strcmp(opt, "--t-end")) {
            if (!number(opt, val, &a->t_end)) return 0;
            if (!(a->t_end > 0 && a->t_end <= 1e4)) {
                fprintf(stderr, "softlab: --t-end %s: must be in (0, 1e4] s\n", cli_shown(val));
                return 0;
            }
        } else if (!strcmp(opt, "--dt-lo")) {
            if (!number(opt, val, &a->dt_lo)) return 0;
            if (!(a->dt_lo > 0 && a->dt_lo < 1)) {
                fprintf(stderr, "softlab: --dt-lo %s: must be in (0, 1) s\n", cli_shown(val));
                return 0;
            }
        } else if (!strcmp(opt, "--max-steps") || !strcmp(opt, "--max-seconds")) {
            int steps = !strcmp(opt, "--max-steps");
            if (!number(opt, val, &v)) return 0;
            if (!(v > 0 && v <= 1e12) || (steps && !(v >= 1 && v == floor(v)))) {
                fprintf(stderr, "softlab: %s %s: must be %s in (0, 1e12]\n", opt, cli_shown(val),
                        steps ? "a whole number" : "seconds");
                return 0;
            }
            if (steps) a->limits.max_steps = (long)v;
            else a->limits.max_seconds = v;
        } else if (!strcmp(opt, "--young")) { /* seed 002's tube table runs E = 0.1 ... 2 MPa */
            if (!param(opt, val, SL_PARAM_YOUNG_MODULUS, a)) return 0;
        } else if (!strcmp(opt, "--pbd-iterations")) {
            if (!param(opt, val, SL_PARAM_PBD_ITERATIONS, a)) return 0;
        } else {
            fprintf(stderr, "softlab: unknown option '%s'\n", cli_shown(opt));
            return 0;
        }
    }
    if (!a->scene) {
        fprintf(stderr, "softlab: no scene: give --scene NAME (see 'softlab scenes')\n");
        return 0;
    }
    if (!sl_scene_find(a->scene) || !sl_scene_find(a->scene)->build) {
        fprintf(stderr, "softlab: unknown scene '%s' (see 'softlab scenes')\n", cli_shown(a->scene));
        return 0;
    }
    return params_used(a);
}

static int find_dt_usage(FILE *f) {
    fprintf(f, "usage: softlab find-dt --scene NAME --method NAME [--t-end S] [--pbd-iterations N] [--young PA] [--dt-lo S]\n"
               "                       [--max-steps N] [--max-seconds S]\n"
               "  largest stable dt by bisection (sl_scene_find_dt): stable = in a run of\n"
               "  max(t_end (default 1 s), 200 periods of the fastest mode) the verdict on the\n"
               "  run (as run's warning and the lab's panels) is never 'growing' (the energy's\n"
               "  trend rose by more than half the run's largest kinetic + elastic energy) or\n"
               "  'diverged'; 'artifact' (linear FEM's swelling under rotation) passes.\n"
               "  Last line: dt_max=<s> (exit 0); dt_max=0: unstable already at 1e-3 * 2/omega_max\n"
               "  (or at --dt-lo S, where the search starts instead: implicit steppers).\n"
               "  A trial run takes at most --max-steps (default %d) steps, the search at most\n"
               "  --max-seconds (default %g) s of processor time. A search that gave up (its time\n"
               "  cap; or its step cap, when the first dt it could afford was unstable) ends with\n"
               "  gave_up=max-seconds|max-steps stable_dt=<s> unstable_dt=<s|none> (exit 1).\n",
            FIND_DT_MAX_STEPS, FIND_DT_MAX_SECONDS);
    return f == stdout ? 0 : 2;
}

int softlab_find_dt(int argc, char **argv) {
    probe_args a;
    if (!parse(argc, argv, &a) || a.help) return find_dt_usage(a.help ? stdout : stderr);
    const sl_stepper_class *c = a.method ? sl_stepper_find(a.method) : NULL;
    if (!a.method) fprintf(stderr, "softlab: find-dt: no method: give --method NAME (see 'softlab methods')\n");
    else if (!c) fprintf(stderr, "softlab: unknown method '%s' (see 'softlab methods')\n", cli_shown(a.method));
    if (!c) return find_dt_usage(stderr);
    if (!stepper_accepts(&a, c, "find-dt: ")) return 2;
    a.limits.progress = progress;
    sl_find_dt_result r = find_dt(&a, c);
    printf("scene=%s method=%s t_end=%g bound=%g evaluations=%d\n", a.scene, a.method, a.t_end, c->stability_bound,
           c->force_evaluations);
    print_last_line(&r);
    return gave_up_reason(&r) ? 1 : 0;
}

int softlab_score(int argc, char **argv) {
    probe_args a;
    if (!parse(argc, argv, &a) || a.help) {
        FILE *f = a.help ? stdout : stderr;
        fprintf(f, "usage: softlab score --scene NAME [--t-end S] [--pbd-iterations N] [--young PA]\n"
                   "                     [--max-steps N] [--max-seconds S]   (criterion and limits: softlab find-dt --help;\n"
                   "  --max-seconds is the whole table's, shared equally by the steppers)\n"
                   "  '-' where dt_max is 0 (unstable at every dt tried) or explicit Euler's is;\n"
                   "  'gave-up' where a search did not finish (its time or step cap), named in the\n"
                   "  last line '# gave up ...: NAME...' (exit 1)\n");
        return a.help ? 0 : 2;
    }
    if (a.method) {
        fprintf(stderr, "softlab: score runs every explicit stepper: --method does not apply (see find-dt)\n");
        return 2;
    }
    /* the time per step relative to explicit Euler's: its score is 0 at every dt, so a
     * score ratio was always nan or inf; the cost ratio is about the evaluations' */
    int explicit_count = 0; /* --max-seconds is the whole table's: an equal share each */
    for (int k = 0; k < sl_stepper_count; k++) explicit_count += sl_stepper_is_explicit(sl_steppers[k]);
    a.limits.max_seconds /= explicit_count > 0 ? explicit_count : 1;
    double ref = NAN;
    char unfinished[1024] = ""; /* the rows whose search gave up, for the last line */
    printf("%-20s %12s %10s %6s %12s %10s %12s\n", "method", "dt_max_s", "us_step", "evals", "score",
           "t_vs_euler", "score/eval");
    for (int k = 0; k < sl_stepper_count; k++) {
        const sl_stepper_class *c = sl_steppers[k];
        if (!sl_stepper_is_explicit(c)) continue;
        if (!stepper_accepts(&a, c, "score: ")) {
            printf("%-20s %12s\n", c->name, "refused");
            continue;
        }
        clock_t start = clock();
        sl_find_dt_result r = find_dt(&a, c);
        double cost = r.steps > 0 ? (double)(clock() - start) / CLOCKS_PER_SEC / (double)r.steps : 0;
        const char *why = gave_up_reason(&r);
        if (why && strlen(unfinished) + strlen(c->name) + 2 < sizeof unfinished)
            strcat(strcat(unfinished, " "), c->name);
        double dt = why ? 0 : r.dt_max; /* a search that gave up has no dt_max: its row says so */
        /* timed over the run find_dt checked (steps past t_end might diverge and reset) */
        double dt_run = dt > 0 ? dt : sl_scene_find(a.scene)->default_dt;
        double tps = time_per_step(&a, c, dt_run, timing_t_end(&a, dt_run, cost));
        double score = dt > 0 ? dt / tps : NAN;
        if (!strcmp(c->name, "explicit-euler")) ref = tps;
        if (why) printf("%-20s %12s %10.3f %6d ", c->name, "gave-up", 1e6 * tps, c->force_evaluations);
        else printf("%-20s %12.6g %10.3f %6d ", c->name, dt, 1e6 * tps, c->force_evaluations);
        double cols[3] = {score, tps / ref, score / c->force_evaluations};
        for (int j = 0; j < 3; j++) { /* '-': no stable dt, or no time of explicit Euler's to compare */
            int width = j == 1 ? 10 : 12;
            if (!isfinite(cols[j]) || (j != 1 && !(dt > 0))) printf(" %*s", width, "-");
            else if (j == 1) printf(" %*.3f", width, cols[j]);
            else printf(" %*.4g", width, cols[j]);
        }
        printf("\n");
        fflush(stdout); /* a row as soon as it is known */
    }
    if (!unfinished[0]) return 0;
    printf("# gave up (dt_max unknown, us_step at the scene's dt):%s; raise --max-seconds (%g s for the table) "
           "or --max-steps\n", unfinished, a.limits.max_seconds * explicit_count);
    return 1;
}
