/* softlab command-line tool: the same core as the browser lab, for tests, figures
 * and benchmarks.
 *
 *   softlab scenes                      list the scene table
 *   softlab methods                     list the stepper table
 *   softlab bench [--steps N] [--scene NAME]   time per step (tools/bench.sh)
 *   softlab bench --shapes [--steps N] [--solver NAME] [--accuracy] [--max-tets N]
 *                                       issue 11's block and beam under each linear solver
 *   softlab run --scene NAME [options]   (see usage())
 *
 * `run` writes a CSV (header, then one row per step, the initial state first):
 * t,x,y,z of the tracked node, total energy (J), constraint violation max|phi|,
 * elastic energy (J), and for tetrahedral and grid scenes the volume ratio
 * (current/rest), for grid scenes also the number of inverted cells.
 * Exit status: 0 ok, 1 the run diverged (rows up to the divergence are written) or
 * did not come to rest,
 * 2 bad arguments or input. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "export.h"
#include "softlab/build.h"
#include "softlab/stepper.h"

#define MAX_PIN_BOXES 8

typedef struct {
    const char *scene, *method, *csv, *positions_csv, *vtk, *mesh;
    sl_strain strain;
    int *node_ids; /* file ids of a --mesh run's nodes (owned), or NULL */
    double dt, t_end, beta;
    int track, until_rest, pin_box_count;
    double pin_box[MAX_PIN_BOXES][6]; /* x0,y0,z0,x1,y1,z1, m */
    sl_scene_params params;
} run_args;

/* Command-line spellings of the scene parameters (sl_param_infos has their ranges). */
static const struct { const char *option; int flag; } PARAM_OPTIONS[] = {
    {"--k", SL_PARAM_SPRING_STIFFNESS}, {"--young", SL_PARAM_YOUNG_MODULUS},
    {"--poisson", SL_PARAM_POISSON_RATIO}, {"--density", SL_PARAM_DENSITY},
    {"--gravity", SL_PARAM_GRAVITY},     {"--resolution", SL_PARAM_RESOLUTION},
};

static int usage(const char *why) {
    if (why) fprintf(stderr, "softlab: %s\n", why);
    fprintf(stderr,
            "usage: softlab scenes | methods | bench [--steps N] [--scene NAME]\n"
            "       softlab bench --shapes [--steps N] [--solver NAME] [--accuracy] [--max-tets N]\n"
            "       softlab run (--scene NAME | --mesh FILE [--strain green|linear])\n"
            "                   [--method NAME] [--dt S] (--t-end S | --until-rest)\n"
            "                   [--beta PER_S] [--k N_M] [--young PA] [--poisson NU]\n"
            "                   [--density KG_M3] [--gravity M_S2] [--resolution N]\n"
            "                   [--pin-box x0,y0,z0,x1,y1,z1]... [--grid original|improved|area|volume|pillars]\n"
            "                   [--track NODE] [--csv FILE]\n"
            "                   [--positions-csv FILE] [--vtk FILE]\n");
    return 2;
}

/* Parses a finite number; 0 on failure. */
/* sl_scene_params.grid_variant of a --grid name (seed 004 models), -1 if unknown. */
static int grid_variant(const char *name) {
    static const char *const names[] = {"original", "improved", "area", "volume", "pillars"};
    for (int k = 0; k < 5; k++)
        if (!strcmp(name, names[k])) return k;
    return -1;
}

static int parse_number(const char *s, double *out) {
    char *end = NULL;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end != 0 || !isfinite(v)) return 0;
    *out = v;
    return 1;
}

/* Parses "x0,y0,z0,x1,y1,z1" (m) with x0 <= x1 etc.; 0 on failure. */
static int parse_box(const char *s, double box[6]) {
    for (int n = 0; n < 6; n++) {
        char *end = NULL;
        errno = 0;
        box[n] = strtod(s, &end);
        if (errno || end == s || !isfinite(box[n]) || *end != (n < 5 ? ',' : 0)) return 0;
        s = end + 1;
    }
    return box[0] <= box[3] && box[1] <= box[4] && box[2] <= box[5];
}

/* Handles a scene-parameter option; -1 if opt is not one, 0 on a bad value, 1 ok. */
static int parse_param(const char *opt, double num, sl_scene_params *p) {
    for (size_t k = 0; k < sizeof PARAM_OPTIONS / sizeof PARAM_OPTIONS[0]; k++) {
        if (strcmp(opt, PARAM_OPTIONS[k].option)) continue;
        if (sl_scene_params_set(p, PARAM_OPTIONS[k].flag, num) == SL_OK) return 1;
        for (int i = 0; i < sl_param_info_count; i++)
            if (sl_param_infos[i].flag == PARAM_OPTIONS[k].flag)
                fprintf(stderr, "softlab: %s %g: %s must be in [%g, %g] %s\n", opt, num,
                        sl_param_infos[i].label, sl_param_infos[i].min, sl_param_infos[i].max,
                        sl_param_infos[i].unit);
        return 0;
    }
    return -1;
}

static int parse_run_args(int argc, char **argv, run_args *a) {
    memset(a, 0, sizeof *a);
    a->dt = a->t_end = NAN;
    a->track = -2;
    a->params = sl_scene_params_default();
    for (int i = 2; i < argc; i++) {
        const char *opt = argv[i];
        if (!strcmp(opt, "--until-rest")) {
            a->until_rest = 1;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "softlab: option %s needs a value\n", opt);
            return 0;
        }
        const char *val = argv[++i];
        double num = 0;
        int is_num = parse_number(val, &num), param;
        if (!strcmp(opt, "--scene")) a->scene = val;
        else if (!strcmp(opt, "--method")) a->method = val;
        else if (!strcmp(opt, "--csv")) a->csv = val;
        else if (!strcmp(opt, "--positions-csv")) a->positions_csv = val;
        else if (!strcmp(opt, "--vtk")) a->vtk = val;
        else if (!strcmp(opt, "--mesh")) a->mesh = val;
        else if (!strcmp(opt, "--grid") && grid_variant(val) >= 0)
            a->params.grid_variant = grid_variant(val);
        else if (!strcmp(opt, "--strain") && (!strcmp(val, "green") || !strcmp(val, "linear")))
            a->strain = strcmp(val, "green") ? SL_STRAIN_LINEAR : SL_STRAIN_GREEN;
        else if (!strcmp(opt, "--pin-box")) {
            if (a->pin_box_count == MAX_PIN_BOXES || !parse_box(val, a->pin_box[a->pin_box_count])) {
                fprintf(stderr, "softlab: --pin-box expects x0,y0,z0,x1,y1,z1 with x0 <= x1 "
                                "(at most %d boxes), got '%s'\n", MAX_PIN_BOXES, val);
                return 0;
            }
            a->pin_box_count++;
        } else if (!is_num) {
            fprintf(stderr, "softlab: %s expects a finite number, got '%s'\n", opt, val);
            return 0;
        } else if ((param = parse_param(opt, num, &a->params)) >= 0) {
            if (!param) return 0;
        } else if (!strcmp(opt, "--dt")) a->dt = num;
        else if (!strcmp(opt, "--t-end")) a->t_end = num;
        else if (!strcmp(opt, "--beta")) a->beta = num;
        else if (!strcmp(opt, "--track") && num == floor(num)) a->track = (int)num;
        else {
            fprintf(stderr, "softlab: unknown option '%s'\n", opt);
            return 0;
        }
    }
    return 1;
}

/* Extra CSV columns of a world: volume ratio (tets or grid cells), inverted cells (grid). */

/* 1 if w's body has tets: then rows end with its volume ratio and inverted cells. */
static int extra_columns(const sl_world *w) { return sl_world_tet_count(w) > 0; }

static void write_header(FILE *f, int extra) {
    fprintf(f, "t,x,y,z,energy,violation,elastic%s\n", extra ? ",volume_ratio,inverted_cells" : "");
}

static void write_row(FILE *f, const sl_world *w, int node, int extra) {
    const double *x = sl_world_positions(w);
    sl_energy e = sl_world_energy(w);
    fprintf(f, "%.10g,%.12g,%.12g,%.12g,%.12g,%.6g,%.12g", sl_world_time(w), x[3 * node],
            x[3 * node + 1], x[3 * node + 2], e.total, sl_world_constraint_violation(w), e.elastic);
    if (extra) fprintf(f, ",%.12g,%d", sl_world_volume_ratio(w), sl_world_inverted_cells(w));
    fputc('\n', f);
}

/* Builds the world of a --mesh run (the user-mesh scene, pinned by the --pin-box boxes or
 * its top 3 %). Prints why and returns NULL on failure. */
static sl_world *mesh_world(run_args *a) {
    sl_tet_mesh mesh;
    sl_mesh_report report;
    sl_status st = sl_mesh_read_file(a->mesh, &mesh, &a->node_ids, &report);
    if (st != SL_OK) {
        fprintf(stderr, "softlab: %s (%s)\n", report.message, sl_status_message(st));
        return NULL;
    }
    if (report.message[0]) fprintf(stderr, "softlab: %s: %s\n", a->mesh, report.message);
    sl_world *w = NULL;
    sl_error err = {0};
    st = sl_user_mesh_world(&mesh, &a->params, a->strain, &a->pin_box[0][0], a->pin_box_count, &w, &err);
    sl_tet_mesh_free(&mesh);
    if (st != SL_OK) fprintf(stderr, "softlab: %s: %s\n", a->mesh, err.message);
    return w;
}

/* Builds the world of a run; prints why and returns NULL on failure. */
static sl_world *make_world(run_args *a, const sl_scene_class **scene_out) {
    const sl_scene_class *scene = a->mesh ? &sl_scene_user_mesh : a->scene ? sl_scene_find(a->scene) : NULL;
    if (!scene) {
        fprintf(stderr, "softlab: unknown scene '%s' (see 'softlab scenes')\n",
                a->scene ? a->scene : "(none: give --scene NAME)");
        return NULL;
    }
    if (!a->method) a->method = scene->default_method;
    if (isnan(a->dt)) a->dt = scene->default_dt;
    if (isnan(a->t_end)) a->t_end = a->until_rest ? 1e4 : scene->default_t_end;
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
    sl_status st = SL_OK;
    if (a->mesh) {
        if (!(w = mesh_world(a))) return NULL;
    } else if ((st = sl_scene_build(scene, &a->params, &w)) != SL_OK) {
        fprintf(stderr, "softlab: scene '%s': %s\n", scene->name, sl_status_message(st));
        return NULL;
    }
    for (int b = 0; !a->mesh && st == SL_OK && b < a->pin_box_count; b++) /* a mesh's are applied */
        st = sl_world_pin_box(w, a->pin_box[b], a->pin_box[b] + 3, NULL);
    if (st == SL_OK) st = sl_world_set_stepper(w, stepper, a->dt, a->beta);
    if (st == SL_OK && a->track != -2) st = sl_world_set_tracked_node(w, a->track);
    if (st != SL_OK) {
        fprintf(stderr, "softlab: %s\n", sl_world_last_error(w));
        sl_world_destroy(w);
        return NULL;
    }
    *scene_out = scene;
    return w;
}

/* --until-rest: at rest once the kinetic energy has stayed below 1e-8 of its peak for
 * 50 steps after the peak. */
typedef struct { double peak; int quiet; } rest_watch;

static int at_rest(rest_watch *r, double kinetic) {
    if (kinetic > r->peak) r->peak = kinetic, r->quiet = 0;
    else if (r->peak > 0 && kinetic < 1e-8 * r->peak) r->quiet++;
    else r->quiet = 0;
    return r->quiet >= 50;
}

static int write_exports(const run_args *a, const sl_world *w) {
    sl_status st = SL_OK;
    if (a->positions_csv && (st = softlab_write_positions_csv(a->positions_csv, w, a->node_ids)) != SL_OK)
        fprintf(stderr, "softlab: cannot write '%s': %s\n", a->positions_csv, sl_status_message(st));
    if (st == SL_OK && a->vtk && (st = softlab_write_vtk(a->vtk, w)) != SL_OK)
        fprintf(stderr, "softlab: cannot write '%s': %s\n", a->vtk, sl_status_message(st));
    return st == SL_OK;
}

static int run(int argc, char **argv) {
    run_args a;
    if (!parse_run_args(argc, argv, &a)) return usage(NULL);
    const sl_scene_class *scene = NULL;
    sl_world *w = make_world(&a, &scene);
    if (!w) {
        free(a.node_ids);
        return 2;
    }
    FILE *f = a.csv ? fopen(a.csv, "w") : stdout;
    if (!f) {
        fprintf(stderr, "softlab: cannot write '%s': %s\n", a.csv, strerror(errno));
        sl_world_destroy(w);
        return 2;
    }
    int node = sl_world_tracked_node(w) >= 0 ? sl_world_tracked_node(w) : 0;
    int extra = extra_columns(w);
    write_header(f, extra);
    write_row(f, w, node, extra);
    long steps = lround(a.t_end / a.dt);
    int code = 0, rested = 0;
    rest_watch watch = {0, 0};
    for (long s = 0; s < steps && !rested; s++) {
        if (sl_world_step(w) != SL_OK) {
            fprintf(stderr, "softlab: %s/%s dt=%g: %s\n", scene->name, a.method, a.dt,
                    sl_world_last_error(w));
            code = 1;
            break;
        }
        write_row(f, w, node, extra);
        rested = a.until_rest && at_rest(&watch, sl_world_energy(w).kinetic);
    }
    if (a.until_rest && code == 0) {
        if (rested) fprintf(stderr, "softlab: at rest after t = %.6g s\n", sl_world_time(w));
        else fprintf(stderr, "softlab: not at rest by t = %.6g s\n", sl_world_time(w)), code = 1;
    }
    if (f != stdout) fclose(f);
    if (!write_exports(&a, w)) code = 2;
    sl_world_destroy(w);
    free(a.node_ids);
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
