/* softlab command-line tool: the same core as the browser lab, for tests, figures
 * and benchmarks.
 *
 *   softlab scenes                      list the scene table
 *   softlab methods                     list the stepper table
 *   softlab bench [--steps N] [--scene NAME]   time per step (tools/bench.sh)
 *   softlab run --scene NAME [--method NAME] [--dt S] [--t-end S] [--beta B]
 *               [--k K] [--track N] [--csv FILE]
 *
 * `run` writes a CSV (header, then one row per step, the initial state first):
 * t,x,y,z of the tracked node, total energy (J), constraint violation max|phi|.
 * Exit status: 0 ok, 1 the run diverged (rows up to the divergence are written),
 * 2 bad arguments or input. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "sl_scene.h"
#include "sl_stepper.h"

typedef struct {
    const char *scene, *method, *csv;
    double dt, t_end, beta;
    int track;
    sl_scene_params params;
} run_args;

static int usage(const char *why) {
    if (why) fprintf(stderr, "softlab: %s\n", why);
    fprintf(stderr,
            "usage: softlab scenes | methods |\n"
            "       softlab run --scene NAME [--method NAME] [--dt S] [--t-end S] [--beta B]\n"
            "                   [--k N_M] [--gravity M_S2] [--track NODE] [--csv FILE]\n");
    return 2;
}

/* Parses a finite number; 0 on failure. */
static int parse_number(const char *s, double *out) {
    char *end = NULL;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end != 0 || !isfinite(v)) return 0;
    *out = v;
    return 1;
}

static int parse_run_args(int argc, char **argv, run_args *a) {
    a->scene = a->method = a->csv = NULL;
    a->dt = a->t_end = NAN;
    a->beta = 0;
    a->track = -2;
    a->params = sl_scene_params_default();
    for (int i = 2; i < argc; i++) {
        const char *opt = argv[i];
        if (i + 1 >= argc) {
            fprintf(stderr, "softlab: option %s needs a value\n", opt);
            return 0;
        }
        const char *val = argv[++i];
        double num = 0;
        int is_num = parse_number(val, &num);
        if (!strcmp(opt, "--scene")) a->scene = val;
        else if (!strcmp(opt, "--method")) a->method = val;
        else if (!strcmp(opt, "--csv")) a->csv = val;
        else if (!is_num) {
            fprintf(stderr, "softlab: %s expects a finite number, got '%s'\n", opt, val);
            return 0;
        } else if (!strcmp(opt, "--dt")) a->dt = num;
        else if (!strcmp(opt, "--t-end")) a->t_end = num;
        else if (!strcmp(opt, "--beta")) a->beta = num;
        else if (!strcmp(opt, "--k")) a->params.spring_stiffness = num;
        else if (!strcmp(opt, "--gravity")) a->params.gravity = num;
        else if (!strcmp(opt, "--track") && num == floor(num)) a->track = (int)num;
        else {
            fprintf(stderr, "softlab: unknown option '%s'\n", opt);
            return 0;
        }
    }
    return 1;
}

static void write_row(FILE *f, const sl_world *w, int node) {
    const double *x = sl_world_positions(w);
    sl_energy e = sl_world_energy(w);
    fprintf(f, "%.10g,%.12g,%.12g,%.12g,%.12g,%.6g\n", sl_world_time(w), x[3 * node],
            x[3 * node + 1], x[3 * node + 2], e.total, sl_world_constraint_violation(w));
}

/* Builds the world of a run; prints why and returns NULL on failure. */
static sl_world *make_world(run_args *a, const sl_scene_class **scene_out) {
    const sl_scene_class *scene = a->scene ? sl_scene_find(a->scene) : NULL;
    if (!scene) {
        fprintf(stderr, "softlab: unknown scene '%s' (see 'softlab scenes')\n",
                a->scene ? a->scene : "(none: give --scene NAME)");
        return NULL;
    }
    if (!a->method) a->method = scene->default_method;
    if (isnan(a->dt)) a->dt = scene->default_dt;
    if (isnan(a->t_end)) a->t_end = scene->default_t_end;
    const sl_stepper_class *stepper = sl_stepper_find(a->method);
    if (!stepper) {
        fprintf(stderr, "softlab: unknown method '%s' (see 'softlab methods')\n", a->method);
        return NULL;
    }
    if (!(a->t_end >= 0) || a->t_end / a->dt > 1e8) {
        fprintf(stderr, "softlab: --t-end %g s must be >= 0 and at most 1e8 steps\n", a->t_end);
        return NULL;
    }
    sl_world *w = NULL;
    sl_status st = scene->build(&a->params, &w);
    if (st != SL_OK) {
        fprintf(stderr, "softlab: scene '%s': %s\n", scene->name, sl_status_message(st));
        return NULL;
    }
    st = sl_world_set_stepper(w, stepper, a->dt, a->beta);
    if (st == SL_OK && a->track != -2) st = sl_world_set_tracked_node(w, a->track);
    if (st != SL_OK) {
        fprintf(stderr, "softlab: %s\n", sl_world_last_error(w));
        sl_world_destroy(w);
        return NULL;
    }
    *scene_out = scene;
    return w;
}

static int run(int argc, char **argv) {
    run_args a;
    if (!parse_run_args(argc, argv, &a)) return usage(NULL);
    const sl_scene_class *scene = NULL;
    sl_world *w = make_world(&a, &scene);
    if (!w) return 2;
    FILE *f = a.csv ? fopen(a.csv, "w") : stdout;
    if (!f) {
        fprintf(stderr, "softlab: cannot write '%s': %s\n", a.csv, strerror(errno));
        sl_world_destroy(w);
        return 2;
    }
    int node = sl_world_tracked_node(w) >= 0 ? sl_world_tracked_node(w) : 0;
    fprintf(f, "t,x,y,z,energy,violation\n");
    write_row(f, w, node);
    long steps = lround(a.t_end / a.dt);
    int code = 0;
    for (long s = 0; s < steps; s++) {
        if (sl_world_step(w) != SL_OK) {
            fprintf(stderr, "softlab: %s/%s dt=%g: %s\n", scene->name, a.method, a.dt,
                    sl_world_last_error(w));
            code = 1;
            break;
        }
        write_row(f, w, node);
    }
    if (f != stdout) fclose(f);
    sl_world_destroy(w);
    return code;
}

int main(int argc, char **argv) {
    if (argc < 2) return usage("no command given");
    if (!strcmp(argv[1], "scenes")) {
        for (int i = 0; i < sl_scene_count; i++)
            printf("%-20s %s (%s)\n", sl_scenes[i]->name, sl_scenes[i]->title, sl_scenes[i]->citation);
        return 0;
    }
    if (!strcmp(argv[1], "methods")) {
        for (int i = 0; i < sl_stepper_count; i++)
            printf("%-20s %s (%s)\n", sl_steppers[i]->name, sl_steppers[i]->title, sl_steppers[i]->citation);
        return 0;
    }
    if (!strcmp(argv[1], "run")) return run(argc, argv);
    if (!strcmp(argv[1], "bench")) return softlab_bench(argc, argv);
    return usage("unknown command");
}
