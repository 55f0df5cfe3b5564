/* softlab command-line tool: the same core as the browser lab, for tests, figures
 * and benchmarks.
 *
 *   softlab scenes                      list the scene table
 *   softlab methods                     list the stepper table
 *   softlab bench [--steps N] [--scene NAME]   time per step (tools/bench.sh)
 *   softlab bench --shapes [--steps N] [--solver NAME] [--accuracy] [--max-tets N]
 *                                       issue 11's block and beam under each linear solver
 *   softlab bench --warp [--steps N]    seed 002: linear, warped and Green FEM, ratios
 *   softlab bench --defaults [--scene NAME] [--seconds S]   issue 27: each scene's opening panels
 *   softlab check-defaults [--scene NAME] [--panel I] [--race] [--t-end S]
 *                                       every panel of every scene's opening comparison for
 *                                       30 s: bounded, or blown up where the scene says so
 *   softlab validate [--seed N] [--quick] [--id ID] [--json FILE] [--expect FILE]
 *                                       the seed papers' claims rerun (softlab/validate.h)
 *   softlab run --scene NAME [options]   (see usage())
 *   softlab --help, softlab COMMAND --help   the usage, exit 0
 *
 * `run` writes a CSV (header, then one row per step, the initial state first): t_s, then
 * the core's channel table (softlab/channels.h), each channel that applies to the run's
 * body and stepper, under the column name the page's CSV gives it (height_m, x_m, z_m of
 * the tracked node, the energies in J, volume_ratio, violation, solver_iterations,
 * step_size_s, thickness_ratio between plates, ghost_force_N and ghost_torque_N_m under a
 * warping stepper, inverted_cells); an empty cell where a value is undefined.
 * Outputs are written whole or not at all, checked before the run (output.h).
 * Exit status: 0 ok, 1 the run diverged (rows up to the divergence are written) or
 * did not come to rest,
 * 2 bad arguments or input, or an output that cannot be written. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "check.h"
#include "export.h"
#include "output.h"
#include "score.h"
#include "text.h"
#include "validate.h"
#include "softlab/build.h"
#include "softlab/channels.h"
#include "softlab/incompressible.h"
#include "softlab/stepper.h"

#define MAX_PIN_BOXES 8
/* --until-rest without --t-end gives up after this much simulated time (s). */
#define UNTIL_REST_LIMIT 600.0

typedef struct {
    const char *scene, *method, *csv, *positions_csv, *vtk, *mesh;
    const char *warp; /* --warp vertex|element|none: the warping stepper, or NULL */
    sl_strain strain;
    int strain_given; /* --strain was given (it applies to --mesh runs only) */
    int *node_ids; /* file ids of a --mesh run's nodes (owned), or NULL */
    double dt, t_end, beta, mass_damping; /* s, s, 1/s, 1/s (NaN: the world's, 0) */
    double cfl, dt_floor; /* --cfl, --dt-floor: the incompressible stepper's adaptive step (NaN: fixed) */
    double iterations; /* --iterations (NaN: the world's, SL_WORLD_ITERATIONS_DEFAULT) */
    double xpbd_damping; /* --xpbd-damping, s (NaN: the world's, 0) */
    int track, until_rest, pin_box_count;
    int t_end_default; /* no --t-end nor --until-rest: the scene's t_end (said on stderr) */
    double pin_box[MAX_PIN_BOXES][6]; /* x0,y0,z0,x1,y1,z1, m */
    sl_scene_params params;
} run_args;

/* Command-line spellings of the scene parameters (sl_param_infos has their ranges). */
static const struct { const char *option; sl_param param; } PARAM_OPTIONS[] = {
    {"--k", SL_PARAM_SPRING_STIFFNESS}, {"--young", SL_PARAM_YOUNG_MODULUS},
    {"--poisson", SL_PARAM_POISSON_RATIO}, {"--density", SL_PARAM_DENSITY},
    {"--gravity", SL_PARAM_GRAVITY},     {"--resolution", SL_PARAM_RESOLUTION},
    {"--pbd-iterations", SL_PARAM_PBD_ITERATIONS}, {"--onering", SL_PARAM_ONERING},
    {"--squeeze-gap", SL_PARAM_SQUEEZE_GAP},
};

/* The usage text, on f. */
static void print_usage(FILE *f) {
    fprintf(f,
            "usage: softlab scenes | methods | bench [--steps N] [--scene NAME]\n"
            "       softlab find-dt --scene NAME --method NAME [--t-end S] | score --scene NAME\n"
            "       softlab check-defaults [--scene NAME] [--panel I] [--race] [--t-end S]\n"
            "       softlab validate [--seed N] [--quick] [--id ID] [--json FILE] [--expect FILE] [--verdicts]\n"
            "       softlab bench --shapes [--steps N] [--solver NAME] [--accuracy] [--max-tets N]\n"
            "       softlab bench --warp [--steps N]\n"
            "       softlab bench --defaults [--scene NAME] [--seconds S]\n"
            "       softlab bench --squeeze [--resolution N] [--cfl C]\n"
            "       softlab run (--scene NAME | --mesh FILE [--strain green|linear])\n"
            "                   [--method NAME] [--dt S] [--t-end S | --until-rest]   (default: the scene's t_end)\n"
            "                   [--beta PER_S (regularized steppers)] [--iterations N (xpbd, xpbd-substeps, pbd)]\n"
            "                   [--xpbd-damping S (xpbd, xpbd-substeps: damping time, XPBD eq. 26)]\n"
            "                   [--k N_M] [--young PA] [--poisson NU]\n"
            "                   [--density KG_M3] [--gravity M_S2] [--resolution N] [--pbd-iterations N]\n"
            "                   [--onering 0|1] [--squeeze-gap FRACTION] [--experiment hang|drop|squeeze|cantilever]\n"
            "                   [--pin-box x0,y0,z0,x1,y1,z1]... [--grid original|improved|area|volume|pillars]\n"
            "                   [--track NODE] [--csv FILE] [--cfl C] [--dt-floor S] (incompressible: adaptive step)\n"
            "                   [--warp vertex|element|none] [--mass-damping C_PER_S]\n"
            "                   [--positions-csv FILE] [--vtk FILE]\n"
            "       softlab --help | COMMAND --help\n");
}

/* Prints why (if any) and the usage on stderr; returns the exit status 2. */
static int usage(const char *why) {
    if (why) fprintf(stderr, "softlab: %s\n", why);
    print_usage(stderr);
    return 2;
}

/* 1 if s asks for help: --help, -h or help. */
static int is_help(const char *s) { return !strcmp(s, "--help") || !strcmp(s, "-h") || !strcmp(s, "help"); }

/* Parses a finite number; 0 on failure. */

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

/* 1 if opt is an option that takes a number. */
static int numeric_option(const char *opt) {
    static const char *const names[] = {"--dt", "--t-end", "--beta", "--track", "--mass-damping", "--cfl", "--dt-floor", "--iterations", "--xpbd-damping"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++)
        if (!strcmp(opt, names[k])) return 1;
    for (size_t k = 0; k < sizeof PARAM_OPTIONS / sizeof PARAM_OPTIONS[0]; k++)
        if (!strcmp(opt, PARAM_OPTIONS[k].option)) return 1;
    return 0;
}

/* The stepper that --warp NAME selects among the warping steppers (seed 002), or NULL. */
static const char *warp_method(const char *name) {
    if (!strcmp(name, "vertex")) return "stiffness-warping";
    if (!strcmp(name, "element")) return "stiffness-warping-element";
    if (!strcmp(name, "none")) return "linear-fem";
    return NULL;
}

/* Handles a scene-parameter option; -1 if opt is not one, 0 on a bad value, 1 ok. */
static int parse_param(const char *opt, double num, sl_scene_params *p) {
    for (size_t k = 0; k < sizeof PARAM_OPTIONS / sizeof PARAM_OPTIONS[0]; k++) {
        if (strcmp(opt, PARAM_OPTIONS[k].option)) continue;
        if (sl_scene_params_set(p, PARAM_OPTIONS[k].param, num) == SL_OK) return 1;
        const sl_param_info *info = &sl_param_infos[PARAM_OPTIONS[k].param];
        fprintf(stderr, "softlab: %s %g: %s must be %sin [%g, %g] %s\n", opt, num, info->label,
                info->integer ? "a whole number " : "", info->min, info->max, info->unit);
        return 0;
    }
    return -1;
}

/* 1 (after saying so) if option argv[i] came before among the options argv[2..i-1]
 * (values skipped): a repeated option is refused, not silently overridden; --pin-box
 * may repeat. */
static int repeated_option(char **argv, int i) {
    if (!strcmp(argv[i], "--pin-box")) return 0;
    for (int j = 2; j < i; j++) {
        if (!strcmp(argv[j], argv[i])) {
            fprintf(stderr, "softlab: option %s given twice: give it once\n", cli_shown(argv[i]));
            return 1;
        }
        if (strcmp(argv[j], "--until-rest")) j++; /* skip its value */
    }
    return 0;
}

/* The field of a that a plain numeric option (--dt, --t-end, --beta, --cfl, --dt-floor,
 * --xpbd-damping) sets, or NULL. */
static double *number_slot(run_args *a, const char *opt) {
    return !strcmp(opt, "--dt") ? &a->dt : !strcmp(opt, "--t-end") ? &a->t_end : !strcmp(opt, "--beta") ? &a->beta
         : !strcmp(opt, "--cfl") ? &a->cfl : !strcmp(opt, "--dt-floor") ? &a->dt_floor
         : !strcmp(opt, "--xpbd-damping") ? &a->xpbd_damping : NULL;
}

/* Handles the whole-number options of `run` (--track, --iterations) with value num (its
 * text val); -1 if opt is not one, 0 (after saying why) on a bad value, 1 ok. */
static int parse_whole(const char *opt, double num, const char *val, run_args *a) {
    if (!strcmp(opt, "--iterations")) {
        if (!(num == floor(num) && fabs(num) <= 1e9)) { /* whole, before (int): the world checks the range */
            fprintf(stderr, "softlab: --iterations expects a whole number in [%d, %d], got '%s'\n",
                    SL_WORLD_ITERATIONS_MIN, SL_WORLD_ITERATIONS_MAX, cli_shown(val));
            return 0;
        }
        a->iterations = num;
        return 1;
    }
    if (strcmp(opt, "--track")) return -1;
    if (!(num >= 0 && num <= INT_MAX && num == floor(num))) { /* before (int): no UB */
        fprintf(stderr, "softlab: --track expects a node index >= 0, got '%s'\n", cli_shown(val));
        return 0;
    }
    a->track = (int)num;
    return 1;
}

/* run's options with a text value (files, choices, pin boxes) into a: 1 taken, 0 (after
 * saying why) a bad value, -1 not one of them. */
static int parse_run_text(const char *opt, const char *val, run_args *a) {
    if (!strcmp(opt, "--scene")) a->scene = val;
    else if (!strcmp(opt, "--method")) a->method = val;
    else if (!strcmp(opt, "--csv")) a->csv = val;
    else if (!strcmp(opt, "--positions-csv")) a->positions_csv = val;
    else if (!strcmp(opt, "--vtk")) a->vtk = val;
    else if (!strcmp(opt, "--mesh")) a->mesh = val;
    else if (!strcmp(opt, "--grid") && sl_param_choice(SL_PARAM_GRID_VARIANT, val) >= 0)
        a->params.value[SL_PARAM_GRID_VARIANT] = sl_param_choice(SL_PARAM_GRID_VARIANT, val);
    else if (!strcmp(opt, "--experiment") && sl_param_choice(SL_PARAM_EXPERIMENT, val) >= 0)
        a->params.value[SL_PARAM_EXPERIMENT] = sl_param_choice(SL_PARAM_EXPERIMENT, val);
    else if (!strcmp(opt, "--warp") && warp_method(val)) a->warp = val;
    else if (!strcmp(opt, "--strain") && (!strcmp(val, "green") || !strcmp(val, "linear")))
        a->strain = strcmp(val, "green") ? SL_STRAIN_LINEAR : SL_STRAIN_GREEN, a->strain_given = 1;
    else if (!strcmp(opt, "--pin-box")) {
        if (a->pin_box_count == MAX_PIN_BOXES || !parse_box(val, a->pin_box[a->pin_box_count])) {
            fprintf(stderr, "softlab: --pin-box expects x0,y0,z0,x1,y1,z1 with x0 <= x1 "
                            "(at most %d boxes), got '%s'\n", MAX_PIN_BOXES, cli_shown(val));
            return 0;
        }
        a->pin_box_count++;
    } else if (!strcmp(opt, "--warp")) {
        fprintf(stderr, "softlab: --warp expects vertex|element|none, got '%s'\n", cli_shown(val));
        return 0;
    } else if (!strcmp(opt, "--grid") || !strcmp(opt, "--strain") || !strcmp(opt, "--experiment")) {
        fprintf(stderr, "softlab: %s expects %s, got '%s'\n", opt,
                opt[2] == 'g'   ? "original|improved|area|volume|pillars"
                : opt[2] == 's' ? "green|linear"
                                : "hang|drop|squeeze|cantilever",
                cli_shown(val));
        return 0;
    } else {
        return -1;
    }
    return 1;
}

/* Reads the options of `run` into a: 1 ok, 0 (after saying why) on a bad, unknown or
 * repeated option, -1 if --help was asked for. */
static int parse_run_args(int argc, char **argv, run_args *a) {
    memset(a, 0, sizeof *a);
    a->dt = a->t_end = a->beta = a->mass_damping = a->cfl = a->dt_floor = a->iterations = a->xpbd_damping = NAN;
    a->track = -2;
    a->params = sl_scene_params_default();
    for (int i = 2; i < argc; i++) {
        const char *opt = argv[i];
        if (!strcmp(opt, "--help") || !strcmp(opt, "-h")) return -1;
        if (repeated_option(argv, i)) return 0;
        if (!strcmp(opt, "--until-rest")) {
            a->until_rest = 1;
            continue;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "softlab: option %s needs a value\n", cli_shown(opt));
            return 0;
        }
        const char *val = argv[++i];
        double num = 0;
        int is_num = parse_number(val, &num), param;
        int text = parse_run_text(opt, val, a);
        if (text >= 0) {
            if (!text) return 0;
        } else if (!numeric_option(opt)) {
            fprintf(stderr, "softlab: unknown option '%s'\n", cli_shown(opt));
            return 0;
        } else if (!is_num) {
            fprintf(stderr, "softlab: %s expects a finite number, got '%s'\n", opt, cli_shown(val));
            return 0;
        } else if ((param = parse_param(opt, num, &a->params)) >= 0) {
            if (!param) return 0;
        } else if (number_slot(a, opt)) *number_slot(a, opt) = num;
        else if (!strcmp(opt, "--mass-damping")) {
            if (!(num >= 0)) {
                fprintf(stderr, "softlab: --mass-damping expects c >= 0 (1/s), got '%s'\n", cli_shown(val));
                return 0;
            }
            a->mass_damping = num;
        }
        else if ((param = parse_whole(opt, num, val, a)) >= 0) {
            if (!param) return 0;
        } else {
            fprintf(stderr, "softlab: unknown option '%s'\n", cli_shown(opt));
            return 0;
        }
    }
    return 1;
}

/* The run CSV's columns: t_s, then the core's channel table (softlab/channels.h), each
 * channel that applies to the world, under the column name the page's CSV gives it. */
typedef struct csv_columns {
    int count;
    int channel[SL_CHANNEL_MAX]; /* the table's index of each column after t_s */
} csv_columns;

static csv_columns columns_of(const sl_world *w) {
    csv_columns c = {0, {0}};
    for (int i = 0; i < sl_channel_count(); i++)
        if (sl_channel_applies(i, w)) c.channel[c.count++] = i;
    return c;
}

/* Both return 0 when the write failed (errno then says why). */
static int write_header(FILE *f, const csv_columns *c) {
    int ok = fputs("t_s", f) != EOF;
    for (int k = 0; ok && k < c->count; k++) ok = fprintf(f, ",%s", sl_channel_get(c->channel[k])->column) > 0;
    return ok && fputc('\n', f) != EOF;
}

/* A row: the time, then each column's value to 12 digits (integers as integers); an
 * empty cell where the channel has no value now (NaN: the solver iterations before the
 * first step, the ghost force before a warping step), as in the page's CSV. */
static int write_row(FILE *f, const sl_world *w, const csv_columns *c) {
    double v[SL_CHANNEL_MAX];
    sl_world_channels(w, v);
    int ok = fprintf(f, "%.10g", sl_world_time(w)) > 0;
    for (int k = 0; ok && k < c->count; k++) {
        double x = v[c->channel[k]];
        ok = isnan(x) ? fputc(',', f) != EOF : fprintf(f, ",%.12g", x) > 0;
    }
    return ok && fputc('\n', f) != EOF;
}

/* Flushes the CSV on standard output; 0 with errno set if it or an earlier write failed. */
static int flush_stdout(void) {
    int err = ferror(stdout) ? (errno ? errno : EIO) : 0;
    if (fflush(stdout) != 0 && !err) err = errno ? errno : EIO;
    errno = err;
    return !err;
}

/* The outputs of a run, in the order they are written. */
enum { OUT_CSV, OUT_POSITIONS, OUT_VTK, OUT_COUNT };

/* Checks a's outputs before the run (none names the --mesh input, its TetGen .node/.ele
 * pair or another output) and opens them (each writable: output.h). 0 after saying why,
 * with none left open. */
static int open_outputs(const run_args *a, cli_output out[OUT_COUNT]) {
    memset(out, 0, sizeof(cli_output) * OUT_COUNT);
    out[OUT_CSV].option = "--csv", out[OUT_CSV].path = a->csv;
    out[OUT_POSITIONS].option = "--positions-csv", out[OUT_POSITIONS].path = a->positions_csv;
    out[OUT_VTK].option = "--vtk", out[OUT_VTK].path = a->vtk;
    char *mesh[2] = {NULL, NULL};
    if (a->mesh && !cli_mesh_inputs(a->mesh, mesh)) return fprintf(stderr, "softlab: out of memory\n"), 0;
    cli_input in[2] = {{"--mesh", mesh[0]}, {"--mesh", mesh[1]}};
    int ok = cli_outputs_distinct(out, OUT_COUNT, in, 2);
    free(mesh[0]), free(mesh[1]);
    for (int k = 0; ok && k < OUT_COUNT; k++) ok = !out[k].path || cli_output_open(&out[k]);
    for (int k = 0; !ok && k < OUT_COUNT; k++) cli_output_discard(&out[k]);
    return ok;
}

/* The command-line option of scene parameter p, e.g. "--young". */
static const char *param_option(int p) {
    for (size_t k = 0; k < sizeof PARAM_OPTIONS / sizeof PARAM_OPTIONS[0]; k++)
        if ((int)PARAM_OPTIONS[k].param == p) return PARAM_OPTIONS[k].option;
    return p == SL_PARAM_GRID_VARIANT ? "--grid" : p == SL_PARAM_EXPERIMENT ? "--experiment" : "?";
}

/* 1 if every option of a applies to the run of scene; else says which would be ignored
 * (--scene with --mesh, --strain without --mesh, a parameter the scene does not read:
 * sl_scene_class.params) and returns 0. */
static int options_apply(const run_args *a, const sl_scene_class *scene) {
    if (a->mesh && a->scene) {
        fprintf(stderr, "softlab: --scene %s and --mesh: give one (a --mesh run is its own scene)\n", cli_shown(a->scene));
        return 0;
    }
    if (a->strain_given && !a->mesh) {
        fprintf(stderr, "softlab: --strain applies to --mesh runs only: scene '%s' fixes its strain\n", scene->name);
        return 0;
    }
    for (int p = 0; p < SL_PARAM_COUNT; p++) {
        if (isnan(a->params.value[p]) || (scene->params & SL_PARAM_BIT(p))) continue;
        fprintf(stderr, "softlab: %s: %s has no %s, the option would be ignored; its options:", param_option(p),
                a->mesh ? "a --mesh run" : scene->name, sl_param_infos[p].label);
        for (int q = 0; q < SL_PARAM_COUNT; q++)
            if (scene->params & SL_PARAM_BIT(q)) fprintf(stderr, " %s", param_option(q));
        fprintf(stderr, "%s\n", scene->params ? "" : " none");
        return 0;
    }
    return 1;
}

/* Prints "softlab: [<file>: ]<message>[ (<status>)]\n" on stderr (file and status may be
 * NULL), file and message made printable. */
static void mesh_message(const char *file, const char *message, const char *status) {
    fputs("softlab: ", stderr);
    if (file) cli_put_printable(stderr, file), fputs(": ", stderr);
    cli_put_printable(stderr, message);
    if (status) fprintf(stderr, " (%s)", status);
    fputc('\n', stderr);
}

/* Builds the world of a --mesh run (the user-mesh scene, pinned by the --pin-box boxes or
 * its top 3 %). Prints why and returns NULL on failure. */
static sl_world *mesh_world(run_args *a) {
    sl_tet_mesh mesh;
    sl_error read;
    sl_status st = sl_mesh_read_file(a->mesh, &mesh, &a->node_ids, &read);
    if (st != SL_OK) {
        mesh_message(NULL, read.message, sl_status_message(st));
        return NULL;
    }
    if (read.message[0]) mesh_message(a->mesh, read.message, NULL); /* the note */
    sl_world *w = NULL;
    sl_error err = {0};
    st = sl_user_mesh_world(&mesh, &a->params, a->strain, &a->pin_box[0][0], a->pin_box_count, &w, &err);
    sl_tet_mesh_free(&mesh);
    if (st != SL_OK) mesh_message(a->mesh, err.message, NULL);
    return w;
}

/* Steps of a run: t_end / dt rounded (a run stops at a whole step). */
static long run_steps(const run_args *a) { return lround(a->t_end / a->dt); }

/* 1 if a's t_end and dt (s, dt > 0) make a run of 1 to 1e8 steps (or 0 steps: --t-end 0
 * writes the initial row; not with --until-rest); else says which option to change and
 * returns 0. Notes on stderr when a given --t-end is not a whole number of steps. */
static int steps_fit(const run_args *a, int t_end_given) {
    if (!(a->t_end >= 0)) {
        fprintf(stderr, "softlab: --t-end %g s must be >= 0\n", a->t_end);
        return 0;
    }
    double steps = a->t_end / a->dt;
    if (steps > 1e8) {
        fprintf(stderr, "softlab: dt = %g s is too small for a run to t = %g s (%s): %.3g steps, more than the "
                "1e8 a run may take; give a larger --dt or a smaller --t-end\n", a->dt, a->t_end,
                t_end_given ? "--t-end" : a->until_rest ? "--until-rest's limit" : "the scene's t_end", steps);
        return 0;
    }
    if (run_steps(a) == 0 && (a->t_end > 0 || a->until_rest)) {
        fprintf(stderr, "softlab: --t-end %g s is less than half a step of dt = %g s: the run would take no "
                "step%s; give --t-end >= dt or a smaller --dt\n", a->t_end, a->dt,
                a->until_rest ? " and could not come to rest" : "");
        return 0;
    }
    double end = (double)run_steps(a) * a->dt;
    if (t_end_given && fabs(end - a->t_end) > 1e-9 * a->t_end)
        fprintf(stderr, "softlab: note: --t-end %g s is not a whole number of steps of dt = %g s: the run "
                "stops at t = %.10g s (%ld step%s)\n", a->t_end, a->dt, end, run_steps(a), run_steps(a) == 1 ? "" : "s");
    return 1;
}

/* 1 if the options of a apply to stepper; else says which the run would ignore and
 * returns 0: --beta (beta_given) on a stepper without SL_STEPPER_USES_BETA, --iterations on
 * one without SL_STEPPER_USES_ITERATIONS, --xpbd-damping on one without
 * SL_STEPPER_USES_XPBD_DAMPING, --pbd-iterations N > 0 on one that is not explicit
 * (sl_stepper_is_explicit), with the steppers that read it (from the table). */
static int stepper_options_apply(const run_args *a, const sl_stepper_class *stepper, int beta_given) {
    static const struct { const char *option, *what; int flag; } uses[] = {
        {"--beta", "no damping rate β (seed 000 eq. 20)", SL_STEPPER_USES_BETA},
        {"--iterations", "no iteration count (position-based steppers, XPBD)", SL_STEPPER_USES_ITERATIONS},
        {"--xpbd-damping", "no XPBD constraint damping (XPBD eq. 26)", SL_STEPPER_USES_XPBD_DAMPING},
    };
    int given[3] = {beta_given, !isnan(a->iterations), !isnan(a->xpbd_damping)};
    for (int u = 0; u < 3; u++) {
        if (!given[u] || (stepper->flags & uses[u].flag)) continue;
        fprintf(stderr, "softlab: %s: %s has %s, the option would be ignored; the steppers that use it:",
                uses[u].option, stepper->name, uses[u].what);
        for (int k = 0; k < sl_stepper_count; k++)
            if (sl_steppers[k]->flags & uses[u].flag) fprintf(stderr, " %s", sl_steppers[k]->name);
        fputc('\n', stderr);
        return 0;
    }
    /* seed 003's correction follows only its explicit integrators (sl_world_set_pbd_iterations) */
    if (a->params.value[SL_PARAM_PBD_ITERATIONS] > 0 && !sl_stepper_is_explicit(stepper)) {
        fprintf(stderr, "softlab: --pbd-iterations: %s is not one of seed 003's explicit integrators, the only "
                "steppers the position correction follows; the option would be ignored; the steppers that use it:",
                stepper->name);
        for (int k = 0; k < sl_stepper_count; k++)
            if (sl_stepper_is_explicit(sl_steppers[k])) fprintf(stderr, " %s", sl_steppers[k]->name);
        fputc('\n', stderr);
        return 0;
    }
    return 1;
}

/* Builds the world of a run; prints why and returns NULL on failure. */
static sl_world *make_world(run_args *a, const sl_scene_class **scene_out) {
    const sl_scene_class *scene = a->mesh ? &sl_scene_user_mesh : a->scene ? sl_scene_find(a->scene) : NULL;
    if (!scene) {
        if (a->scene) fprintf(stderr, "softlab: unknown scene '%s' (see 'softlab scenes')\n", cli_shown(a->scene));
        else fprintf(stderr, "softlab: no scene: give --scene NAME (see 'softlab scenes') or --mesh FILE\n");
        return NULL;
    }
    if (!options_apply(a, scene)) return NULL;
    if (a->warp) { /* --warp picks the variant of --method stiffness-warping (or of no --method) */
        if (a->method && strcmp(a->method, "stiffness-warping")) {
            fprintf(stderr, "softlab: --warp %s selects a warping stepper: give it with --method "
                    "stiffness-warping (or no --method), not --method %s\n", a->warp, cli_shown(a->method));
            return NULL;
        }
        a->method = warp_method(a->warp);
    }
    if (!a->method) a->method = scene->default_method;
    if (isnan(a->dt)) a->dt = scene->default_dt;
    int beta_given = !isnan(a->beta), t_end_given = !isnan(a->t_end);
    if (!beta_given) a->beta = scene->default_beta;
    if (!t_end_given) a->t_end = a->until_rest ? UNTIL_REST_LIMIT : scene->default_t_end;
    a->t_end_default = !t_end_given && !a->until_rest;
    const sl_stepper_class *stepper = sl_stepper_find(a->method);
    if (!stepper) {
        fprintf(stderr, "softlab: unknown method '%s' (see 'softlab methods')\n", cli_shown(a->method));
        return NULL;
    }
    if (!stepper_options_apply(a, stepper, beta_given)) return NULL;
    if (!(a->dt > 0)) {
        fprintf(stderr, "softlab: time step dt = %g s (--dt) must be > 0\n", a->dt);
        return NULL;
    }
    if (!steps_fit(a, t_end_given)) return NULL;
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
    if (st == SL_OK && !isnan(a->mass_damping)) st = sl_world_set_mass_damping(w, a->mass_damping);
    if (st == SL_OK && !isnan(a->iterations)) st = sl_world_set_iterations(w, (int)a->iterations);
    if (st == SL_OK && !isnan(a->xpbd_damping)) st = sl_world_set_xpbd_damping(w, a->xpbd_damping);
    if (st == SL_OK) st = sl_world_set_stepper(w, stepper, a->dt, a->beta);
    if (st == SL_OK && a->track != -2) st = sl_world_set_tracked_node(w, a->track);
    if (st == SL_OK && (!isnan(a->cfl) || !isnan(a->dt_floor))) { /* the adaptive step */
        sl_incompressible_control c = sl_incompressible_control_default();
        c.adaptive = 1;
        if (!isnan(a->cfl)) c.cfl = a->cfl;
        if (!isnan(a->dt_floor)) c.dt_floor = a->dt_floor;
        st = sl_incompressible_set_control(w, &c);
    }
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

/* Writes the exports of a (--positions-csv, --vtk) of w's state into out and completes
 * each; 0 if one could not be written (said on stderr; its target untouched). */
static int write_exports(const run_args *a, const sl_world *w, cli_output out[OUT_COUNT]) {
    int ok = 1;
    for (int k = OUT_POSITIONS; k <= OUT_VTK; k++) {
        if (!out[k].f) continue;
        errno = 0;
        sl_status st = k == OUT_POSITIONS ? softlab_write_positions_csv(out[k].f, w, a->node_ids)
                                          : softlab_write_vtk(out[k].f, w);
        if (st == SL_OK) {
            ok &= cli_output_commit(&out[k]);
            continue;
        }
        fprintf(stderr, "softlab: %s: cannot write '%s': %s\n", out[k].option, cli_shown(out[k].path),
                st == SL_ERR_IO ? strerror(errno) : sl_status_message(st));
        cli_output_discard(&out[k]), ok = 0;
    }
    return ok;
}

/* Completes the run's CSV: renames its file into place (or flushes standard output);
 * written 0 (a row could not be written: errno says why) drops the file, its target
 * untouched. 0 if the CSV was lost (said on stderr). */
static int finish_csv(cli_output *csv, int written) {
    if (csv->f && written) return cli_output_commit(csv);
    int err = errno ? errno : EIO;
    if (csv->f) cli_output_discard(csv);
    else if (written && flush_stdout()) return 1;
    else err = errno ? errno : err;
    fprintf(stderr, "softlab: cannot write '%s': %s\n", csv->path ? cli_shown(csv->path) : "(standard output)",
            strerror(err));
    return 0;
}

/* Steps w to the end of run a (or to rest), writing a CSV row per step to f. Returns the
 * exit status so far (0, or 1: diverged, not at rest); *written 0 if a row could not be
 * written (the run stops there). */
static int step_run(const run_args *a, const sl_scene_class *scene, sl_world *w, FILE *f, int *written) {
    csv_columns columns = columns_of(w);
    *written = write_header(f, &columns) && write_row(f, w, &columns);
    long steps = run_steps(a);
    int code = 0, rested = 0;
    rest_watch watch = {0, 0};
    sl_verdict verdict; /* the core's verdict on the run, said once when it changes */
    sl_verdict_reset(&verdict);
    sl_world_judge(w, &verdict);
    for (long s = 0; s < steps && !rested && *written; s++) {
        int before = verdict.state;
        if (sl_world_step(w) != SL_OK) {
            fprintf(stderr, "softlab: %s/%s dt=%g: %s\n", scene->name, a->method, a->dt,
                    sl_world_judge(w, &verdict) == SL_VERDICT_DIVERGED ? verdict.reason : sl_world_last_error(w));
            return 1;
        }
        *written = write_row(f, w, &columns);
        if ((int)sl_world_judge(w, &verdict) != before && verdict.state == SL_VERDICT_GROWING)
            fprintf(stderr, "softlab: warning: %s: %s at dt = %g is unstable here; try a smaller "
                    "--dt, --beta > 0 or another --method\n", verdict.reason, a->method, a->dt);
        else if ((int)verdict.state != before && verdict.state == SL_VERDICT_ARTIFACT)
            fprintf(stderr, "softlab: note: %s (t = %.6g s)\n", verdict.reason, verdict.since);
        rested = a->until_rest && at_rest(&watch, sl_world_energy(w).kinetic);
    }
    if (a->until_rest && *written) {
        if (rested) fprintf(stderr, "softlab: at rest after t = %.6g s\n", sl_world_time(w));
        else fprintf(stderr, "softlab: not at rest by t = %.6g s (the limit: --t-end, or %g s "
                     "without it): kinetic energy %.3g J, at rest means below 1e-8 of its peak "
                     "%.3g J for 50 steps\n", sl_world_time(w), UNTIL_REST_LIMIT,
                     sl_world_energy(w).kinetic, watch.peak), code = 1;
    }
    return code;
}

static int run(int argc, char **argv) {
    run_args a;
    int parsed = parse_run_args(argc, argv, &a);
    if (parsed < 0) return print_usage(stdout), 0;
    if (!parsed) return usage(NULL);
    cli_output out[OUT_COUNT];
    if (!open_outputs(&a, out)) return 2; /* before the run: a lost output after it wastes the run */
    const sl_scene_class *scene = NULL;
    sl_world *w = make_world(&a, &scene);
    if (!w) {
        for (int k = 0; k < OUT_COUNT; k++) cli_output_discard(&out[k]);
        free(a.node_ids);
        return 2;
    }
    if (a.t_end_default) /* said, so that a user who forgot --t-end knows how long the run is */
        fprintf(stderr, "softlab: note: no --t-end: the run goes to %s's default t = %g s\n",
                a.mesh ? "a --mesh run" : scene->name, a.t_end);
    int written = 0;
    errno = 0;
    int code = step_run(&a, scene, w, out[OUT_CSV].f ? out[OUT_CSV].f : stdout, &written);
    if (!finish_csv(&out[OUT_CSV], written)) code = 2; /* a lost CSV is an error, never reported as written */
    if (!write_exports(&a, w, out)) code = 2;
    sl_world_destroy(w);
    free(a.node_ids);
    return code;
}

int main(int argc, char **argv) {
    if (argc < 2) return usage("no command given");
    if (is_help(argv[1])) return print_usage(stdout), 0;
    if (argc > 2 && (!strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")) && /* run, find-dt, score: */
        (!strcmp(argv[1], "bench") || !strcmp(argv[1], "scenes") || !strcmp(argv[1], "methods"))) /* their own */
        return print_usage(stdout), 0;
    if ((!strcmp(argv[1], "scenes") || !strcmp(argv[1], "methods")) && argc > 2) { /* not silently ignored */
        fprintf(stderr, "softlab: %s takes no options, got '%s'\n", argv[1], cli_shown(argv[2]));
        return usage(NULL);
    }
    if (!strcmp(argv[1], "scenes")) {
        for (int i = 0; i < sl_scene_count; i++)
            printf("%-20s %s (%s)\n", sl_scenes[i]->name, sl_scenes[i]->title, sl_scenes[i]->citation);
        return 0;
    }
    if (!strcmp(argv[1], "methods")) {
        printf("%-20s %5s %9s  %s\n", "# name", "evals", "omega_dt", "title (citation)");
        for (int i = 0; i < sl_stepper_count; i++)
            printf("%-20s %5d %9.4f  %s (%s)\n", sl_steppers[i]->name, sl_steppers[i]->force_evaluations,
                   sl_steppers[i]->stability_bound, sl_steppers[i]->title, sl_steppers[i]->citation);
        return 0;
    }
    if (!strcmp(argv[1], "run")) return run(argc, argv);
    if (!strcmp(argv[1], "bench")) return softlab_bench(argc, argv);
    if (!strcmp(argv[1], "find-dt")) return softlab_find_dt(argc, argv);
    if (!strcmp(argv[1], "score")) return softlab_score(argc, argv);
    if (!strcmp(argv[1], "check-defaults")) return softlab_check_defaults(argc, argv);
    if (!strcmp(argv[1], "validate")) return softlab_validate(argc, argv);
    fprintf(stderr, "softlab: unknown command '%s'\n", cli_shown(argv[1]));
    return usage(NULL);
}
