/* Grid-solid scenes of seed 004 §6, each in the original (Terzopoulos 1987) or the
 * improved model (area and volume restoration, pillars): params->grid_variant. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/build.h"
#include "softlab/scene.h"

#define GRID_PARAMS (SL_PARAM_BIT(SL_PARAM_GRID_VARIANT) | SL_PARAM_BIT(SL_PARAM_DENSITY) | SL_PARAM_BIT(SL_PARAM_GRAVITY))
/* Improved model, 500 kg/m^3, 9.81 m/s^2 (as sl_grid_def_default). */
#define GRID_DEFAULTS                                                                      \
    {{[SL_PARAM_SPRING_STIFFNESS] = NAN, [SL_PARAM_YOUNG_MODULUS] = NAN, [SL_PARAM_POISSON_RATIO] = NAN, \
      [SL_PARAM_DENSITY] = 500.0, [SL_PARAM_GRAVITY] = 9.81, [SL_PARAM_RESOLUTION] = NAN, [SL_PARAM_GRID_VARIANT] = 1}}

/* The default grid def with the scene's particle counts and the params applied. */
static sl_status grid_setup(const sl_scene_params *p, int n, int ellipsoid, double lift, sl_grid_def *d) {
    *d = sl_grid_def_default();
    d->count[0] = d->count[1] = d->count[2] = n;
    d->ellipsoid = ellipsoid;
    d->origin[1] = lift;
    static const int terms[5] = {SL_GRID_ORIGINAL, SL_GRID_IMPROVED, SL_GRID_AREA,
                                 SL_GRID_ORIGINAL | SL_GRID_VOLUME, SL_GRID_ORIGINAL | SL_GRID_PILLAR};
    double variant = p->value[SL_PARAM_GRID_VARIANT];
    if (variant > 4) return SL_ERR_RANGE;
    if (variant >= 0) d->terms = terms[(int)variant];
    if (!isnan(p->value[SL_PARAM_DENSITY])) d->density = p->value[SL_PARAM_DENSITY];
    if (!isnan(p->value[SL_PARAM_GRAVITY])) d->gravity = p->value[SL_PARAM_GRAVITY];
    return SL_OK;
}

static sl_status grid_scene(const sl_grid_def *d, double friction, sl_world **out) {
    sl_status st = sl_grid_world(d, out, NULL);
    if (st == SL_OK) st = sl_world_set_ground(*out, 0.0, friction);
    if (st == SL_OK) { /* track the node highest on the far top corner */
        const double *x = sl_world_rest_positions(*out);
        int best = 0;
        for (int i = 0; i < sl_world_node_count(*out); i++)
            if (x[3 * i] + x[3 * i + 1] + x[3 * i + 2] > x[3 * best] + x[3 * best + 1] + x[3 * best + 2]) best = i;
        st = sl_world_set_tracked_node(*out, best);
    }
    if (st != SL_OK) sl_world_destroy(*out), *out = NULL;
    return st;
}

/* Fig. 5: a small box (5^3 particles, 0.4 m) dropped from 0.3 m onto a plane. */
static sl_status build_box_drop(const sl_scene_params *p, sl_world **out) {
    sl_grid_def d;
    sl_status st = grid_setup(p, 5, 0, 0.3, &d);
    return st == SL_OK ? grid_scene(&d, 0.5, out) : st;
}

/* Fig. 7: the box at rest on the plane with its top corner pushed 0.15 m along the
 * cube's diagonal into the solid, then released: does it recover its shape? */
static sl_status build_lifted_box(const sl_scene_params *p, sl_world **out) {
    sl_grid_def d;
    sl_status st = grid_setup(p, 5, 0, 0.0, &d);
    if (st == SL_OK) st = grid_scene(&d, 0.5, out);
    if (st != SL_OK) return st;
    int n = sl_world_node_count(*out), corner = sl_world_tracked_node(*out);
    double *x = malloc(sizeof(double) * 3 * (size_t)n);
    if (!x) return sl_world_destroy(*out), *out = NULL, SL_ERR_NOMEM;
    memcpy(x, sl_world_rest_positions(*out), sizeof(double) * 3 * (size_t)n);
    for (int c = 0; c < 3; c++) x[3 * corner + c] -= 0.15;
    st = sl_world_set_positions(*out, x); /* the current state only; reset restores rest */
    free(x);
    return st;
}

/* Fig. 6: a rubber ball (the cells of a 7^3 grid inside the inscribed sphere, 0.6 m)
 * dropped from 0.3 m onto a plane. */
static sl_status build_rubber_ball(const sl_scene_params *p, sl_world **out) {
    sl_grid_def d;
    sl_status st = grid_setup(p, 7, 1, 0.3, &d);
    return st == SL_OK ? grid_scene(&d, 0.3, out) : st;
}


/* Prescribed motion of pinned nodes: node[k] goes from its rest position to where
 * move(x0, c, f, x) puts it at fraction f of the way, f = min(t / RAMP_TIME, 1): at the
 * state of time t exactly (the world's driver is called with the time a step ends at). */
#define RAMP_TIME 1.0 /* s */
typedef int (*move_fn)(const double *x0, const double *c, double f, double *x);
typedef struct {
    move_fn move;
    double c[3]; /* centre of the top face */
    int count, *node;
} ramp;

static void ramp_free(void *ctx) {
    ramp *r = ctx;
    if (r) free(r->node);
    free(r);
}

static sl_status ramp_drive(sl_world *w, double t, void *ctx) {
    const ramp *r = ctx;
    double f = t >= RAMP_TIME ? 1 : t / RAMP_TIME, x[3];
    const double *x0 = sl_world_rest_positions(w);
    sl_status st = SL_OK;
    for (int k = 0; k < r->count && st == SL_OK; k++) {
        const double *p = x0 + 3 * r->node[k];
        x[0] = p[0], x[1] = p[1], x[2] = p[2];
        r->move(p, r->c, f, x);
        if (sl_world_is_pinned(w, r->node[k])) st = sl_world_move_pinned(w, r->node[k], x); /* unless freed by a click */
    }
    return st;
}

/* Pins the bottom layer (y = 0) and the nodes move() takes, which then follow it. */
static sl_status pin_and_drive(sl_world *w, move_fn move) {
    int n = sl_world_node_count(w);
    const double *x0 = sl_world_rest_positions(w);
    ramp *r = calloc(1, sizeof *r);
    if (!r || !(r->node = malloc(sizeof(int) * (size_t)n))) return ramp_free(r), SL_ERR_NOMEM;
    r->move = move;
    double top = 0, x[3];
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < 3; k++) r->c[k] += x0[3 * i + k] / n;
        if (x0[3 * i + 1] > top) top = x0[3 * i + 1];
    }
    r->c[1] = top;
    sl_status st = SL_OK;
    for (int i = 0; i < n && st == SL_OK; i++) {
        int moved = move(x0 + 3 * i, r->c, 1.0, x);
        if (moved) r->node[r->count++] = i;
        if (moved || x0[3 * i + 1] < 1e-9) st = sl_world_pin(w, i, 1);
    }
    if (st != SL_OK) return ramp_free(r), st;
    return sl_world_set_driver(w, ramp_drive, r, ramp_free);
}

/* Fig. 8: the three top corners stay, the fourth is pulled down by 0.2 m. */
static int move_buckling(const double *x0, const double *c, double f, double *x) {
    if (fabs(x0[1] - c[1]) > 1e-9) return 0;
    int cx = fabs(x0[0] - c[0]) > 0.199, cz = fabs(x0[2] - c[2]) > 0.199;
    if (!(cx && cz)) return 0;
    if (x0[0] > c[0] && x0[2] > c[2]) x[1] = x0[1] - 0.2 * f;
    return 1;
}

/* Fig. 10: the top face turned by f * 45 degrees about the vertical axis through its centre. */
static int move_twist(const double *x0, const double *c, double f, double *x) {
    if (fabs(x0[1] - c[1]) > 1e-9) return 0;
    double a = f * 0.25 * acos(-1.0), dx = x0[0] - c[0], dz = x0[2] - c[2];
    x[0] = c[0] + cos(a) * dx - sin(a) * dz;
    x[2] = c[2] + sin(a) * dx + cos(a) * dz;
    return 1;
}

static sl_status build_pinned(const sl_scene_params *p, move_fn move, sl_world **out) {
    sl_grid_def d;
    sl_status st = grid_setup(p, 5, 0, 0.0, &d);
    if (st == SL_OK) st = grid_scene(&d, 0.5, out);
    if (st == SL_OK && (st = pin_and_drive(*out, move)) != SL_OK) sl_world_destroy(*out), *out = NULL;
    return st;
}
static sl_status build_buckling(const sl_scene_params *p, sl_world **out) { return build_pinned(p, move_buckling, out); }
static sl_status build_pudding_twist(const sl_scene_params *p, sl_world **out) { return build_pinned(p, move_twist, out); }

/* Fig. 9: inflation. The overall constraint strength (every eta) starts at
 * INFLATE_MIN of the model's, holds there INFLATE_HOLD s while the box sags on the
 * ground, then rises exponentially to 1 over INFLATE_RAMP s. */
#define INFLATE_MIN 0.01
#define INFLATE_HOLD 1.0
#define INFLATE_RAMP 2.0

static sl_status inflate_drive(sl_world *w, double t, void *ctx) {
    double f = t <= INFLATE_HOLD ? 0 : t >= INFLATE_HOLD + INFLATE_RAMP ? 1 : (t - INFLATE_HOLD) / INFLATE_RAMP;
    return sl_world_set_strength(w, pow(INFLATE_MIN, 1 - f));
}

static sl_status build_inflation(const sl_scene_params *p, sl_world **out) {
    sl_grid_def d;
    sl_status st = grid_setup(p, 5, 0, 0.0, &d);
    if (st == SL_OK) st = grid_scene(&d, 0.5, out);
    if (st == SL_OK && (st = sl_world_set_driver(*out, inflate_drive, NULL, NULL)) != SL_OK)
        sl_world_destroy(*out), *out = NULL;
    return st;
}

/* Fig. 11: a flat ellipsoid (cells of a 9 x 4 x 9 grid, 0.8 x 0.3 x 0.8 m) dropped
 * from 0.3 m onto five pearls (spheres of radius 0.08 m) on the ground. */
static sl_status build_water_lily(const sl_scene_params *p, sl_world **out) {
    sl_grid_def d;
    sl_status st = grid_setup(p, 9, 1, 0.3, &d);
    if (st != SL_OK) return st;
    d.count[1] = 4;
    d.origin[0] = d.origin[2] = -0.4;
    if ((st = grid_scene(&d, 0.3, out)) != SL_OK) return st;
    static const double pearls[5][3] = {{0, 0.08, 0}, {0.25, 0.08, 0}, {-0.25, 0.08, 0}, {0, 0.08, 0.25}, {0, 0.08, -0.25}};
    for (int k = 0; k < 5 && st == SL_OK; k++) st = sl_world_add_sphere(*out, pearls[k], 0.08, 0.3);
    if (st != SL_OK) sl_world_destroy(*out), *out = NULL;
    return st;
}

/* Default: the regularized stepper at 5 ms, the set-up of the measurements in
 * tests/c/test_grid*.c; Terzopoulos' scheme needs 0.5 ms (seed 004 §6), ten times the
 * steps, and would run a four-panel page in slow motion. */
#define GRID_SCENE(ident, id_, title_, cite_, text_, builder_)                    \
    const sl_scene_class ident = {                                                \
        .name = id_, .title = title_, .citation = cite_, .description = text_,   \
        .default_view = "methods=regularized,regularized&grid_variant=0,1&plot=volume_ratio", \
        .params = GRID_PARAMS, .defaults = GRID_DEFAULTS,                        \
        .default_method = "regularized",                                          \
        .default_dt = 0.005, .default_t_end = 3.0, .build = builder_,            \
    }

GRID_SCENE(sl_scene_grid_box_drop, "grid-box-drop", "Box dropped on a plane (grid solid)",
           "seed 004 §6, Fig. 5",
           "A Terzopoulos grid box falls onto the ground. Compare the original model "
           "(grid_variant 0) with the improved one (1): watch the volume ratio.",
           build_box_drop);
GRID_SCENE(sl_scene_grid_lifted_box, "grid-lifted-box", "Box deformed at a corner (grid solid)",
           "seed 004 §6, Fig. 7",
           "A top corner of the box is pushed deep into it and released. The improved model "
           "recovers its shape; the original keeps a dent. Terzopoulos' scheme needs dt = 0.5 ms "
           "here: at 1 ms the stiffer improved model makes it implode (seed 004 §6).",
           build_lifted_box);
GRID_SCENE(sl_scene_grid_rubber_ball, "grid-rubber-ball", "Rubber ball (grid solid)",
           "seed 004 §6, Fig. 6",
           "A ball of grid cells dropped on the ground, original or improved model.",
           build_rubber_ball);
GRID_SCENE(sl_scene_grid_buckling, "grid-buckling", "Buckling under a pulled corner (grid solid)",
           "seed 004 §6, Fig. 8",
           "The bottom and three top corners are held; the fourth top corner is pulled down "
           "0.2 m over the first second and held. The sides buckle: the original model loses "
           "4.4 % of its volume, the improved one 1.9 %; in both the cell under the pulled "
           "corner turns inside out (1 inverted cell).",
           build_buckling);
GRID_SCENE(sl_scene_grid_inflation, "grid-inflation", "Inflation by raising the strength (grid solid)",
           "seed 004 §6, Fig. 9",
           "Every weight eta starts at 1 % of its value: within half a second the box "
           "collapses flat on the ground, its cells turned inside out. Then the strength "
           "rises to 100 % over two seconds: the improved model (area, volume and pillar "
           "terms together) pushes the imploded cells apart and the box inflates back; the "
           "original model, content with inverted cells, stays flat.",
           build_inflation);
GRID_SCENE(sl_scene_grid_pudding_twist, "grid-pudding-twist", "Twisted pudding (grid solid)",
           "seed 004 §6, Fig. 10",
           "The bottom is held and the top face turned by 45 degrees over the first second: "
           "the sides skew. (Turned all at once, the improved model made Terzopoulos' scheme "
           "blow up; turned gradually, both models run.)",
           build_pudding_twist);
GRID_SCENE(sl_scene_grid_water_lily, "grid-water-lily", "Water lily on pearls (grid solid)",
           "seed 004 §6, Fig. 11",
           "A flat ellipsoid falls on five pearls (static spheres). The improved model stays fluffy.",
           build_water_lily);
