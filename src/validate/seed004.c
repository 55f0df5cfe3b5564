/* Seed 004's claims (softlab/validate.h): Kelager, Fleron, Erleben 2005, area and volume
 * restoration of Terzopoulos' grid solids. The paper's results (§6, Fig. 5-11) are
 * qualitative: each is stated here as a number (a smallest volume ratio, a count of
 * inverted cells, a shape error), measured on the grid-* scenes in the original model
 * (grid_variant 0) and the improved one (1: area, volume and pillar terms), under the
 * paper's integrator, Terzopoulos' semi-implicit scheme (eq. 7-8, the stepper
 * `terzopoulos`), with the regularized stepper's result beside it (extras regularized*).
 *
 * The volumes, counts and fits below are re-measures (SL_REF_REMEASURE): they check the
 * library's number, not the paper's physics; the twisted pudding's half turn is a closed
 * form (a symmetry of the set-up).
 *
 * References, each computed a second way in the row: the volume by the divergence
 * theorem over the body's boundary triangles (sum of x0 . (x1 x x2) / 6 from
 * sl_world_positions and sl_world_triangles, not through sl_world_volume_ratio's tets);
 * the inverted cells counted from the positions and the tets (a cell: tets_per_cell
 * consecutive tets, inverted if one has det <= 0); the shape error by a rigid fit written
 * again here (mass-weighted centroids, the rotation the polar factor of the covariance by
 * Higham's iteration); the twisted pudding's mid-height turn, one half of the top's by the
 * set-up's symmetry. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "claims.h"
#include "softlab/stepper.h"
#include "softlab/world.h"

/* Signed volume enclosed by the boundary triangles at positions x (divergence theorem), m^3. */
static double surface_volume(const sl_world *w, const double *x) {
    const int *t = sl_world_triangles(w);
    double v = 0;
    for (int f = 0; f < sl_world_triangle_count(w); f++) {
        const double *a = x + 3 * t[3 * f], *b = x + 3 * t[3 * f + 1], *c = x + 3 * t[3 * f + 2];
        v += (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) + a[2] * (b[0] * c[1] - b[1] * c[0])) / 6;
    }
    return v;
}

/* Cells with a tet of non-positive volume, from the positions and the tets. */
static int count_inverted(const sl_world *w) {
    const double *x = sl_world_positions(w);
    const int *t = sl_world_tets(w), per = sl_world_tets_per_cell(w);
    int cells = sl_world_tet_count(w) / per, bad = 0;
    for (int c = 0; c < cells; c++) {
        int inverted = 0;
        for (int e = c * per; e < (c + 1) * per && !inverted; e++) inverted = claim_tet_volume(x, t + 4 * e) <= 0;
        bad += inverted;
    }
    return bad;
}

static double det3(const double m[9]) {
    return m[0] * (m[4] * m[8] - m[5] * m[7]) - m[1] * (m[3] * m[8] - m[5] * m[6]) + m[2] * (m[3] * m[7] - m[4] * m[6]);
}

/* Largest distance (m) of a node from the rest shape moved rigidly onto the current one:
 * centroids (mass-weighted), R = polar factor of A = sum m (x - c)(x0 - c0)^T by Higham's
 * iteration R <- (R + R^-T)/2. */
static double rigid_fit_error(const sl_world *w) {
    int n = sl_world_node_count(w);
    const double *x = sl_world_positions(w), *x0 = sl_world_rest_positions(w), *m = sl_world_masses(w);
    double c[3] = {0}, c0[3] = {0}, M = 0, A[9] = {0};
    for (int i = 0; i < n; i++) {
        M += m[i];
        for (int k = 0; k < 3; k++) c[k] += m[i] * x[3 * i + k], c0[k] += m[i] * x0[3 * i + k];
    }
    for (int k = 0; k < 3; k++) c[k] /= M, c0[k] /= M;
    for (int i = 0; i < n; i++)
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++) A[3 * a + b] += m[i] * (x[3 * i + a] - c[a]) * (x0[3 * i + b] - c0[b]);
    double R[9];
    memcpy(R, A, sizeof R);
    for (int it = 0; it < 100; it++) {
        double d = det3(R), inv_t[9]; /* R^-T = cofactor(R) / det */
        if (!(fabs(d) > 0)) break;
        inv_t[0] = (R[4] * R[8] - R[5] * R[7]) / d, inv_t[1] = -(R[3] * R[8] - R[5] * R[6]) / d, inv_t[2] = (R[3] * R[7] - R[4] * R[6]) / d;
        inv_t[3] = -(R[1] * R[8] - R[2] * R[7]) / d, inv_t[4] = (R[0] * R[8] - R[2] * R[6]) / d, inv_t[5] = -(R[0] * R[7] - R[1] * R[6]) / d;
        inv_t[6] = (R[1] * R[5] - R[2] * R[4]) / d, inv_t[7] = -(R[0] * R[5] - R[2] * R[3]) / d, inv_t[8] = (R[0] * R[4] - R[1] * R[3]) / d;
        double change = 0;
        for (int k = 0; k < 9; k++) {
            double r = (R[k] + inv_t[k]) / 2;
            change = fmax(change, fabs(r - R[k])), R[k] = r;
        }
        if (change < 1e-15) break;
    }
    double worst = 0;
    for (int i = 0; i < n; i++) {
        double e = 0;
        for (int a = 0; a < 3; a++) {
            double y = c[a];
            for (int b = 0; b < 3; b++) y += R[3 * a + b] * (x0[3 * i + b] - c0[b]);
            e += (x[3 * i + a] - y) * (x[3 * i + a] - y);
        }
        worst = fmax(worst, sqrt(e));
    }
    return worst;
}

typedef enum what {
    MIN_VOLUME,   /* smallest V/V0 over the run */
    MAX_INVERTED, /* most inverted cells at once */
    END_VOLUME,   /* V/V0 at the end */
    SHAPE_MM,     /* shape error at the end, mm */
    SHAPE_RATIO,  /* shape error at the end, original over improved */
} what;

/* A grid set-up: scene, stepper, dt (s), run length (s), grid variant, what is measured,
 * gravity (NaN: the scene's), and (sudden = 1, the pudding only) its top face turned by
 * the full 45 degrees in one step instead of over the scene's 1 s. */
typedef struct grid_setup {
    const char *scene, *method;
    double dt, t_end;
    int variant;
    what w;
    double gravity;
    int sudden;
    /* > 0: the same measurement again under the regularized stepper of Servin et al. at
     * this dt (s), reported beside as the extras regularized_* (never judged) */
    double regularized_dt;
    double damping; /* c (1/s) of eq. 1's damping C = c M under the paper's scheme; 0: none */
} grid_setup;

typedef struct grid_run {
    double min_lab, min_ref, end_lab, end_ref, shape_lab, shape_ref;
    double at_1s_lab; /* V/V0 at t = 1 s (the inflation's strength still at 1 %) */
    int inv_lab, inv_ref;
} grid_run;

/* The pudding's top face (the pinned nodes at rest height y_top) turned by the full 45
 * degrees at once, for t > 0: the scene's ramp over 1 s replaced by a step. */
typedef struct sudden_twist {
    double c[3], top; /* the top face's centre (m) and height (m) */
} sudden_twist;

static sl_status sudden_twist_drive(sl_world *w, double t, void *ctx) {
    const sudden_twist *s = ctx;
    const double *x0 = sl_world_rest_positions(w), a = t > 0 ? 0.25 * acos(-1.0) : 0;
    sl_status st = SL_OK;
    for (int i = 0; i < sl_world_node_count(w) && st == SL_OK; i++) {
        const double *p = x0 + 3 * i;
        if (!sl_world_is_pinned(w, i) || fabs(p[1] - s->top) > 1e-9) continue;
        double dx = p[0] - s->c[0], dz = p[2] - s->c[2];
        const double x[3] = {s->c[0] + cos(a) * dx - sin(a) * dz, p[1], s->c[2] + sin(a) * dx + cos(a) * dz};
        st = sl_world_move_pinned(w, i, x);
    }
    return st;
}

/* Replaces w's driver (the pudding's ramp) by the sudden twist, with its context *tw. */
static sl_status twist_at_once(sl_world *w, sudden_twist *tw) {
    const double *x0 = sl_world_rest_positions(w);
    int n = sl_world_node_count(w);
    *tw = (sudden_twist){{0, 0, 0}, -INFINITY};
    for (int i = 0; i < n; i++) {
        for (int k = 0; k < 3; k++) tw->c[k] += x0[3 * i + k] / n;
        tw->top = fmax(tw->top, x0[3 * i + 1]);
    }
    return sl_world_set_driver(w, sudden_twist_drive, tw, NULL);
}

static sl_status run_grid(const grid_setup *s, int variant, grid_run *r, sl_claim_result *out) {
    sl_param p[2] = {SL_PARAM_GRID_VARIANT, SL_PARAM_GRAVITY};
    double v[2] = {variant, s->gravity};
    sl_world *w = claim_world(s->scene, s->method, s->dt, p, v, isnan(s->gravity) ? 1 : 2, out);
    if (!w) return SL_ERR_RANGE;
    if (strcmp(s->method, "regularized") && sl_world_set_mass_damping(w, s->damping) != SL_OK)
        return sl_world_destroy(w), SL_ERR_RANGE;
    double v0 = surface_volume(w, sl_world_rest_positions(w)); /* the lifted box starts deformed */
    *r = (grid_run){1, 1, 1, 1, 0, 0, NAN, 0, 0};
    long steps = lround(s->t_end / s->dt);
    sudden_twist tw;
    sl_status st = s->sudden ? twist_at_once(w, &tw) : SL_OK;
    for (long i = 0; i < steps && st == SL_OK; i++) {
        if ((st = claim_step(w, i, steps, out)) != SL_OK) break;
        r->end_lab = sl_world_volume_ratio(w), r->end_ref = surface_volume(w, sl_world_positions(w)) / v0;
        r->min_lab = fmin(r->min_lab, r->end_lab), r->min_ref = fmin(r->min_ref, r->end_ref);
        if (i + 1 == lround(1.0 / s->dt)) r->at_1s_lab = r->end_lab;
        int a = sl_world_inverted_cells(w), b = count_inverted(w);
        if (a > r->inv_lab) r->inv_lab = a;
        if (b > r->inv_ref) r->inv_ref = b;
    }
    r->shape_lab = sl_world_shape_error(w), r->shape_ref = rigid_fit_error(w);
    sl_world_destroy(w);
    return st;
}

static const char *const variant_names[5] = {"original", "improved", "area alone", "volume alone", "pillars alone"};

/* Runs set-up s (and, for SHAPE_RATIO, the original model beside it into *o) and puts its
 * measured value and reference into *m and *ref. */
static sl_status measure_grid(const grid_setup *s, grid_run *r, grid_run *o, double *m, double *ref, sl_claim_result *out) {
    sl_status st = run_grid(s, s->variant, r, out);
    if (st != SL_OK) return st;
    switch (s->w) {
    case MIN_VOLUME: *m = r->min_lab, *ref = r->min_ref; break;
    case END_VOLUME: *m = r->end_lab, *ref = r->end_ref; break;
    case MAX_INVERTED: *m = r->inv_lab, *ref = r->inv_ref; break;
    case SHAPE_MM: *m = 1e3 * r->shape_lab, *ref = 1e3 * r->shape_ref; break;
    case SHAPE_RATIO:
        if ((st = run_grid(s, 0, o, out)) != SL_OK) return st;
        *m = o->shape_lab / r->shape_lab, *ref = o->shape_ref / r->shape_ref;
        break;
    }
    return SL_OK;
}

/* The regularized stepper's run of the same set-up beside the paper's scheme (extras
 * regularized: the row's quantity, regularized_min_volume, regularized_inverted). */
static sl_status grid_beside(const grid_setup *s, sl_claim_result *out) {
    grid_setup reg = *s;
    reg.method = "regularized", reg.dt = s->regularized_dt;
    grid_run r, o;
    double m = NAN, ref = NAN;
    sl_status st = measure_grid(&reg, &r, &o, &m, &ref, out);
    if (st != SL_OK) return st;
    claim_extra(out, "regularized", m);
    claim_extra(out, "regularized_min_volume", r.min_lab), claim_extra(out, "regularized_inverted", r.inv_lab);
    if (s->w == SHAPE_RATIO)
        claim_extra(out, "regularized_shape_mm", 1e3 * r.shape_lab), claim_extra(out, "regularized_original_shape_mm", 1e3 * o.shape_lab);
    return SL_OK;
}

static sl_status run_grid_claim(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    const grid_setup *s = c->ctx;
    grid_run r, o;
    sl_status st = measure_grid(s, &r, &o, &out->measured, &out->reference, out);
    if (st != SL_OK) return st;
    /* the run's other numbers, for lesson 004's table (never judged) */
    claim_extra(out, "min_volume", r.min_lab), claim_extra(out, "end_volume", r.end_lab);
    claim_extra(out, "volume_1s", r.at_1s_lab), claim_extra(out, "inverted", r.inv_lab);
    claim_extra(out, "shape_mm", 1e3 * r.shape_lab);
    if (s->w == SHAPE_RATIO) claim_extra(out, "original_shape_mm", 1e3 * o.shape_lab);
    if (s->regularized_dt > 0 && (st = grid_beside(s, out)) != SL_OK) return st;
    if (s->w == MIN_VOLUME || s->w == END_VOLUME)
        CLAIM_SAY(out->reference_how, "the volume enclosed by the body's boundary triangles (divergence theorem, "
                                      "sum of x0 . (x1 x x2) / 6 over the faces), over its value at the rest positions");
    else if (s->w == MAX_INVERTED)
        CLAIM_SAY(out->reference_how, "cells counted in the row from the positions and the tets (a cell inverted "
                                      "if one of its tets has det <= 0), the most at once");
    else
        CLAIM_SAY(out->reference_how, "a rigid fit written in the row: mass-weighted centroids, the polar factor "
                                      "of the covariance by Higham's iteration, the largest node distance left");
    if (s->w == SHAPE_RATIO)
        CLAIM_SAY(out->note, "shape error at the end: original %.2f mm, improved %.2f mm", 1e3 * o.shape_lab, 1e3 * r.shape_lab);
    else
        CLAIM_SAY(out->note, "%s model: smallest V/V0 %.4f, at the end %.4f, most inverted cells %d, shape error at "
                             "the end %.2f mm", variant_names[s->variant], r.min_lab, r.end_lab, r.inv_lab, 1e3 * r.shape_lab);
    return SL_OK;
}

/* Twisted pudding without gravity: *turn gets the mid-height corners' mean turn as a
 * fraction of the top's 45 degrees after s->t_end under `method` at dt (s); *lo, *hi
 * the four corners' smallest and largest. */
static sl_status twist_turn(const grid_setup *s, const char *method, double dt, double *turn, double *lo, double *hi,
                            sl_claim_result *out) {
    const sl_param p[2] = {SL_PARAM_GRID_VARIANT, SL_PARAM_GRAVITY};
    const double v[2] = {s->variant, 0};
    sl_world *w = claim_world(s->scene, method, dt, p, v, 2, out);
    if (!w) return SL_ERR_RANGE;
    sl_status st = strcmp(method, "regularized") ? sl_world_set_mass_damping(w, s->damping) : SL_OK;
    if (st == SL_OK) st = claim_run_for(w, s->t_end, out);
    const double *x = sl_world_positions(w), *x0 = sl_world_rest_positions(w);
    double sum = 0, cx = 0.2, cz = 0.2;
    int count = 0;
    *lo = INFINITY, *hi = -INFINITY;
    for (int i = 0; i < sl_world_node_count(w); i++) {
        const double *q = x0 + 3 * i, *y = x + 3 * i;
        if (fabs(q[1] - 0.2) > 1e-9 || fabs(fabs(q[0] - cx) - 0.2) > 1e-9 || fabs(fabs(q[2] - cz) - 0.2) > 1e-9) continue;
        double f = (atan2(y[2] - cz, y[0] - cx) - atan2(q[2] - cz, q[0] - cx)) / (0.25 * acos(-1.0));
        *lo = fmin(*lo, f), *hi = fmax(*hi, f), sum += f, count++;
    }
    sl_world_destroy(w);
    if (st != SL_OK) return st;
    if (count != 4) return CLAIM_SAY(out->note, "found %d mid-height corners, expected 4", count), SL_ERR_RANGE;
    *turn = sum / count;
    return SL_OK;
}

static sl_status run_twist_half(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    const grid_setup *s = c->ctx;
    double lo, hi, reg = NAN, reg_lo, reg_hi;
    sl_status st = twist_turn(s, s->method, s->dt, &out->measured, &lo, &hi, out);
    if (st == SL_OK && s->regularized_dt > 0) st = twist_turn(s, "regularized", s->regularized_dt, &reg, &reg_lo, &reg_hi, out);
    if (st != SL_OK) return st;
    if (s->regularized_dt > 0) claim_extra(out, "regularized", reg);
    out->reference = 0.5;
    CLAIM_SAY(out->reference_how, "symmetry: a half turn about the horizontal x axis through the centre with a "
                                  "turn of -22.5 degrees about the vertical swaps the clamped faces and maps the "
                                  "mid-height layer onto itself, so a unique rest state turns it by half the top's angle");
    CLAIM_SAY(out->note, "%s model: the four mid-height corners turn %.6f-%.6f of the top's 45 degrees",
              variant_names[s->variant], lo, hi);
    return SL_OK;
}

/* Seed 004 §6: "numerical instabilities tend to occur when too large parameter values are
 * used, such as particle mass, time step, and constraint strength". A sweep of one factor
 * (the density, or the strength of every eta) over 1, 2, 4, ..., SWEEP_TOP on one set-up. */
#define SWEEP_TOP 64
#define CRUSHED 0.6 /* V/V0 of a crushed box: the dropped box reaches 0.70 at 8 times the density, 0.50 at 16 */
typedef struct sweep_setup {
    const char *scene;
    int variant;
    double dt, t_end; /* s */
    int strength;     /* 1: every eta times the factor (sl_world_set_strength); 0: the density */
} sweep_setup;

/* One run of the sweep at `factor`: *broke gets 1 if a step fails (the world reports
 * divergence), else 0; *min_volume the smallest V/V0 before it broke. */
static sl_status sweep_once(const sweep_setup *s, const char *method, double factor, int *broke, double *min_volume,
                            sl_claim_result *out) {
    const sl_param p[2] = {SL_PARAM_GRID_VARIANT, SL_PARAM_DENSITY};
    const double v[2] = {s->variant, s->strength ? 500.0 : 500.0 * factor};
    sl_world *w = claim_world(s->scene, method, s->dt, p, v, 2, out);
    if (!w) return SL_ERR_RANGE;
    sl_status st = s->strength ? sl_world_set_strength(w, factor) : SL_OK;
    long steps = lround(s->t_end / s->dt);
    *broke = 0, *min_volume = 1;
    for (long i = 0; i < steps && st == SL_OK && !*broke; i++) {
        if (sl_world_step(w) != SL_OK) *broke = 1;
        else *min_volume = fmin(*min_volume, sl_world_volume_ratio(w));
    }
    sl_world_destroy(w);
    return st;
}

/* The smallest factor of the sweep at which `method` breaks (2 SWEEP_TOP: none does) and
 * (*implodes_at) the smallest at which the box is crushed, V/V0 below CRUSHED (2 SWEEP_TOP:
 * none); with a prefix, the extras <prefix>_min_volume_<factor> record each run's
 * smallest V/V0. */
static sl_status sweep(const sweep_setup *s, const char *method, const char *prefix, double *breaks_at,
                       double *implodes_at, sl_claim_result *out) {
    *breaks_at = *implodes_at = 2 * SWEEP_TOP;
    for (int f = 1; f <= SWEEP_TOP; f *= 2) {
        int broke;
        double min_volume;
        sl_status st = sweep_once(s, method, f, &broke, &min_volume, out);
        if (st != SL_OK) return st;
        if (prefix) {
            char name[32];
            snprintf(name, sizeof name, "%s_min_volume_%d", prefix, f);
            claim_extra(out, name, min_volume);
        }
        if (min_volume < CRUSHED && f < *implodes_at) *implodes_at = f;
        if (broke) return *breaks_at = f, SL_OK;
    }
    return SL_OK;
}

static sl_status run_sweep(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    const sweep_setup *s = c->ctx;
    double semi, semi_implodes, reg, reg_implodes;
    sl_status st = sweep(s, "terzopoulos", "semi", &semi, &semi_implodes, out);
    if (st == SL_OK) st = sweep(s, "regularized", NULL, &reg, &reg_implodes, out);
    if (st != SL_OK) return st;
    out->measured = semi;
    claim_extra(out, "semi_implodes_at", semi_implodes);
    if (!s->strength) { /* the pushed-in box at 1 ms, where the scheme implodes: twice the mass steadies it */
        const sweep_setup pushed = {"grid-lifted-box", 1, 0.001, 1.5, 0};
        for (int f = 1; f <= 2 && st == SL_OK; f++) {
            int broke;
            double min_volume;
            char name[32];
            st = sweep_once(&pushed, "terzopoulos", f, &broke, &min_volume, out);
            snprintf(name, sizeof name, "pushed_in_min_volume_%d", f);
            claim_extra(out, name, min_volume); /* before any divergence */
        }
        if (st != SL_OK) return st;
    }
    claim_extra(out, "regularized", reg), claim_extra(out, "regularized_implodes_at", reg_implodes);
    const char *factor = s->strength ? "strength" : "density";
    char when[4][32];
    const double at[4] = {semi, semi_implodes, reg, reg_implodes};
    for (int k = 0; k < 4; k++)
        if (at[k] > SWEEP_TOP) snprintf(when[k], sizeof when[k], "never");
        else snprintf(when[k], sizeof when[k], "first at %g", at[k]);
    CLAIM_SAY(out->note, "the %s times 1, 2, 4, ..., %d: the semi-implicit scheme diverges %s and crushes the box "
                         "(V/V0 below %g) %s; the regularized stepper at the same dt diverges %s and crushes it %s",
              factor, SWEEP_TOP, when[0], CRUSHED, when[1], when[2], when[3]);
    return SL_OK;
}

/* The set-ups. The paper prints no sizes, masses, strengths, damping or dt: the bodies are
 * softlab's (scenes/grid.c), and Terzopoulos' scheme runs at the largest of 2, 1 and 0.5 ms
 * at which both models of the scene run without diverging (the ball, the dropped box and
 * the buckling at 1 ms; the water lily at 2 ms; the pushed-in box, the inflation and the pudding at 0.5 ms). */
#define SEMI(dt) "Terzopoulos' semi-implicit scheme (eq. 7-8), dt = " dt " (the paper prints no dt; the largest of 2, 1 and 0.5 ms at which both models run), "
#define BESIDE "beside it, extras regularized*: the same under the regularized stepper of Servin et al. at 5 ms"
#define BALLS "grid-rubber-ball: cells of a 7^3 grid inside the inscribed sphere (0.6 m), 500 kg/m^3, eta 1e4 Pa, dropped from 0.3 m (friction 0.3); " SEMI("1 ms") "1.5 s; " BESIDE "; "
#define LIFTED "grid-lifted-box: 5^3 particles (0.4 m), 500 kg/m^3, on the ground, a top corner pushed 0.15 m along the diagonal into it and released; "
#define BUCKLE "grid-buckling: 5^3 box (0.4 m), bottom and three top corners held, the fourth pulled down 0.2 m over 1 s and held; " SEMI("1 ms") "1.5 s; " BESIDE "; "
#define INFLATE "grid-inflation: 5^3 box on the ground, every eta at 1 % for 1 s, raised to 100 % over 2 s; " SEMI("0.5 ms") "4 s; " BESIDE "; "
#define DAMPED(c, reason) "mass damping C = c M with c = " c " /s (eq. 1's damping; the paper prints no value; " reason "), "
#define PUDDING "grid-pudding-twist: 5^3 box (0.4 m), bottom held, top face turned 45 degrees over 1 s; "
#define LILY "grid-water-lily: a flat ellipsoid (the cells of a 9 x 4 x 9 grid inside it, 0.8 x 0.3 x 0.8 m), 500 kg/m^3, dropped from 0.3 m onto five pearls (spheres of radius 0.08 m, friction 0.3); "
#define VOL_TOL .reference_tol_abs = 1e-6
#define LAB(scene, dt, v) "scene=" scene "&methods=terzopoulos&dt=" dt "&grid_variant=" v
#define READING .paper_kind = SL_PAPER_READING
#define REMEASURE .reference_kind = SL_REF_REMEASURE

/* scene, stepper, dt, t_end, variant, what, gravity, sudden, regularized_dt, damping */
#define BALL(v, w) {"grid-rubber-ball", "terzopoulos", 0.001, 1.5, v, w, NAN, 0, 0.005, 0}
static const grid_setup ball_orig_vol = BALL(0, MIN_VOLUME), ball_orig_inv = BALL(0, MAX_INVERTED);
static const grid_setup ball_impr_vol = BALL(1, MIN_VOLUME), ball_impr_inv = BALL(1, MAX_INVERTED);
static const grid_setup ball_area = BALL(2, MAX_INVERTED), ball_volume = BALL(3, MAX_INVERTED), ball_pillars = BALL(4, MAX_INVERTED);
static const grid_setup box_drop_orig = {"grid-box-drop", "terzopoulos", 0.001, 1.5, 0, MIN_VOLUME, NAN, 0, 0.005, 0};
static const grid_setup box_drop_impr = {"grid-box-drop", "terzopoulos", 0.001, 1.5, 1, MIN_VOLUME, NAN, 0, 0.005, 0};
static const grid_setup lifted_impr = {"grid-lifted-box", "terzopoulos", 0.0005, 1.5, 1, SHAPE_MM, NAN, 0, 0.005, 5};
static const grid_setup lifted_ratio = {"grid-lifted-box", "terzopoulos", 0.0005, 1.5, 1, SHAPE_RATIO, NAN, 0, 0.005, 5};
static const grid_setup lifted_terz_1ms = {"grid-lifted-box", "terzopoulos", 0.001, 1.5, 1, MIN_VOLUME, NAN, 0, 0, 0};
static const grid_setup buckle_impr = {"grid-buckling", "terzopoulos", 0.001, 1.5, 1, MIN_VOLUME, NAN, 0, 0.005, 0};
static const grid_setup buckle_orig = {"grid-buckling", "terzopoulos", 0.001, 1.5, 0, MIN_VOLUME, NAN, 0, 0.005, 0};
static const grid_setup inflate_impr = {"grid-inflation", "terzopoulos", 0.0005, 4.0, 1, END_VOLUME, NAN, 0, 0.005, 0};
static const grid_setup inflate_orig = {"grid-inflation", "terzopoulos", 0.0005, 4.0, 0, END_VOLUME, NAN, 0, 0.005, 0};
static const grid_setup twist_half_impr = {"grid-pudding-twist", "terzopoulos", 0.0005, 3.0, 1, MIN_VOLUME, 0, 0, 0.005, 10};
static const grid_setup twist_half_orig = {"grid-pudding-twist", "terzopoulos", 0.0005, 3.0, 0, MIN_VOLUME, 0, 0, 0.005, 10};
static const grid_setup twist_terz_orig = {"grid-pudding-twist", "terzopoulos", 0.0005, 3.0, 0, MIN_VOLUME, NAN, 0, 0.005, 0};
static const grid_setup twist_terz_impr = {"grid-pudding-twist", "terzopoulos", 0.0005, 3.0, 1, MIN_VOLUME, NAN, 0, 0.005, 0};
static const grid_setup twist_inv = {"grid-pudding-twist", "terzopoulos", 0.0005, 3.0, 1, MAX_INVERTED, NAN, 0, 0.005, 0};
static const grid_setup twist_sudden = {"grid-pudding-twist", "terzopoulos", 0.00025, 1.0, 1, MAX_INVERTED, NAN, 1, 0.005, 0};
static const grid_setup lily_impr = {"grid-water-lily", "terzopoulos", 0.002, 1.5, 1, MAX_INVERTED, NAN, 0, 0.005, 0};
static const grid_setup lily_orig = {"grid-water-lily", "terzopoulos", 0.002, 1.5, 0, MAX_INVERTED, NAN, 0, 0.005, 0};
static const sweep_setup sweep_mass = {"grid-box-drop", 1, 0.001, 1.0, 0};
static const sweep_setup sweep_strength = {"grid-box-drop", 1, 0.001, 1.0, 1};

const sl_claim sl_claims_seed004[] = {
    {.id = "004-ball-original-volume", .seed = 4, .source = "Fig. 6(a), §6",
     .claim = "the original model's rubber ball fails to maintain its integrity and collapses on itself",
     .setup = BALLS "original model (lengths and angles, Terzopoulos 1987)", .lab = LAB("grid-rubber-ball", "0.001", "0"),
     .quantity = "smallest volume ratio V/V0 (collapse: at most 0.9)", .unit = "1", .paper = 0.9,
     .relation = SL_CLAIM_AT_MOST, VOL_TOL, .quick = 1, READING, REMEASURE, .run = run_grid_claim, .ctx = &ball_orig_vol},
    {.id = "004-ball-original-inverted", .seed = 4, .source = "Fig. 6(a), §3",
     .claim = "in the original model grid cubes are pushed past flat into inverted cells (angles know no orientation)",
     .setup = BALLS "original model", .lab = LAB("grid-rubber-ball", "0.001", "0"),
     .quantity = "most inverted cells at once (at least 1)", .unit = "cells", .paper = 1,
     .relation = SL_CLAIM_AT_LEAST, .reference_tol_abs = 0.5, .quick = 1, READING, REMEASURE, .run = run_grid_claim, .ctx = &ball_orig_inv},
    {.id = "004-ball-improved-volume", .seed = 4, .source = "Fig. 6(b), §6",
     .claim = "with the same parameters the improved model's ball is strong enough to stay solid",
     .setup = BALLS "improved model (area, volume and pillar terms)", .lab = LAB("grid-rubber-ball", "0.001", "1"),
     .quantity = "smallest volume ratio V/V0 (solid: at least 0.9)", .unit = "1", .paper = 0.9,
     .relation = SL_CLAIM_AT_LEAST, VOL_TOL, .quick = 1, READING, REMEASURE, .run = run_grid_claim, .ctx = &ball_impr_vol},
    {.id = "004-ball-improved-inverted", .seed = 4, .source = "Fig. 6(b), §4-5",
     .claim = "the diagonal (area, volume) and pillar terms keep every cell from inverting",
     .setup = BALLS "improved model", .lab = LAB("grid-rubber-ball", "0.001", "1"),
     .quantity = "most inverted cells at once (none)", .unit = "cells", .paper = 0,
     .relation = SL_CLAIM_AT_MOST, .reference_tol_abs = 0.5, .quick = 1, READING, REMEASURE, .run = run_grid_claim, .ctx = &ball_impr_inv},
    {.id = "004-ball-area-alone", .seed = 4, .source = "§4.1",
     .claim = "area restoration (face diagonals instead of angles) alone: the paper shows only the three terms together",
     .setup = BALLS "original model with the face diagonals in place of the angle terms (grid model 2)",
     .lab = LAB("grid-rubber-ball", "0.001", "2"), .quantity = "most inverted cells at once", .unit = "cells", .paper = NAN,
     .reference_tol_abs = 0.5, .quick = 0, REMEASURE, .run = run_grid_claim, .ctx = &ball_area},
    {.id = "004-ball-volume-alone", .seed = 4, .source = "§4.2",
     .claim = "volume restoration (space diagonals) alone: the paper shows only the three terms together",
     .setup = BALLS "original model plus the space diagonals (grid model 3)", .lab = LAB("grid-rubber-ball", "0.001", "3"),
     .quantity = "most inverted cells at once", .unit = "cells", .paper = NAN, .reference_tol_abs = 0.5, .quick = 0,
     REMEASURE, .run = run_grid_claim, .ctx = &ball_volume},
    {.id = "004-ball-pillars-alone", .seed = 4, .source = "§5",
     .claim = "the pillars (central differences) alone: the paper shows only the three terms together",
     .setup = BALLS "original model plus the pillars (grid model 4)", .lab = LAB("grid-rubber-ball", "0.001", "4"),
     .quantity = "most inverted cells at once", .unit = "cells", .paper = NAN, .reference_tol_abs = 0.5, .quick = 0,
     REMEASURE, .run = run_grid_claim, .ctx = &ball_pillars},
    {.id = "004-box-drop-original", .seed = 4, .source = "Fig. 5(a), §6",
     .claim = "the original model's small box, dropped on a plane, cannot keep the shape of its grid cubes "
              "(primarily the lack of volume restoration)",
     .setup = "grid-box-drop: 5^3 particles (0.4 m), 500 kg/m^3, dropped from 0.3 m (friction 0.5); " SEMI("1 ms") "1.5 s; "
              BESIDE "; original model",
     .lab = LAB("grid-box-drop", "0.001", "0"), .quantity = "smallest volume ratio V/V0", .unit = "1", .paper = NAN,
     VOL_TOL, .quick = 1, REMEASURE, .run = run_grid_claim, .ctx = &box_drop_orig},
    {.id = "004-box-drop-improved", .seed = 4, .source = "Fig. 5(b), §6",
     .claim = "the improved model's box keeps its cubes through the impact",
     .setup = "grid-box-drop: as 004-box-drop-original, improved model", .lab = LAB("grid-box-drop", "0.001", "1"),
     .quantity = "smallest volume ratio V/V0 (at least 0.9)", .unit = "1", .paper = 0.9, .relation = SL_CLAIM_AT_LEAST,
     VOL_TOL, .quick = 1, READING, REMEASURE, .run = run_grid_claim, .ctx = &box_drop_impr},
    {.id = "004-lifted-improved", .seed = 4, .source = "Fig. 7, §6",
     .claim = "after a sudden aggressive deformation the improved model performs its recovery convincingly",
     .setup = LIFTED SEMI("0.5 ms") DAMPED("5", "undamped, the scheme still rings at 1.5 s") "1.5 s; " BESIDE "; improved model", .lab = LAB("grid-lifted-box", "0.0005", "1"),
     .quantity = "shape error at the end, rigid motion removed (recovered: at most 1 % of the 0.4 m box)",
     .unit = "mm", .paper = 4, .relation = SL_CLAIM_AT_MOST, .reference_tol_rel = 1e-6, .reference_tol_abs = 1e-6,
     .quick = 1, READING, REMEASURE, .run = run_grid_claim, .ctx = &lifted_impr},
    {.id = "004-lifted-ratio", .seed = 4, .source = "Fig. 7, §6",
     .claim = "the original model fails its attempt at complete recovery, whereas the improved model recovers",
     .setup = LIFTED SEMI("0.5 ms") DAMPED("5", "undamped, the scheme still rings at 1.5 s") "1.5 s; " BESIDE "; both models",
     .lab = "scene=grid-lifted-box&methods=terzopoulos,terzopoulos&dt=0.0005&grid_variant=0,1",
     .quantity = "shape error at the end, original over improved (at least 2)", .unit = "1", .paper = 2,
     .relation = SL_CLAIM_AT_LEAST, .reference_tol_rel = 1e-6, .quick = 1, READING, REMEASURE, .run = run_grid_claim, .ctx = &lifted_ratio},
    {.id = "004-terzopoulos-1ms", .seed = 4, .source = "§6",
     .claim = "numerical instabilities occur with too large a time step (the semi-implicit integrator); the "
              "stiffer improved model needs smaller steps",
     .setup = LIFTED "Terzopoulos' semi-implicit scheme, dt = 1 ms (twice the 0.5 ms at which it runs this scene), 1.5 s; improved model",
     .lab = LAB("grid-lifted-box", "0.001", "1"),
     .quantity = "smallest volume ratio V/V0 (implodes: at most 0.5)", .unit = "1", .paper = 0.5,
     .relation = SL_CLAIM_AT_MOST, VOL_TOL, .quick = 1, READING, REMEASURE, .run = run_grid_claim, .ctx = &lifted_terz_1ms},
    {.id = "004-instability-mass", .seed = 4, .source = "§6",
     .claim = "numerical instabilities tend to occur when too large a particle mass is used; this is likely a "
              "problem with the semi-implicit integrator",
     .setup = "grid-box-drop as 004-box-drop-improved, 1 s, the density 500 kg/m^3 times 1, 2, 4, ..., 64 (each particle's "
              "mass with it); Terzopoulos' semi-implicit scheme at dt = 1 ms; a run breaks down when a step diverges "
              "(the box crushed, V/V0 below 0.6, is noted beside); beside it (extra regularized): the regularized stepper at the same dt; "
              "and the pushed-in box (as 004-terzopoulos-1ms) at 1 and 2 times the density",
     .lab = "scene=grid-box-drop&methods=terzopoulos,regularized&dt=0.001&grid_variant=1&density=4000",
     .quantity = "smallest factor of the density at which the semi-implicit run diverges (128: none up to 64)", .unit = "1",
     .paper = SWEEP_TOP, .relation = SL_CLAIM_AT_MOST, .quick = 0, READING,
     .why = "A heavier box sinks flatter under its own weight, but softlab's semi-implicit run does not blow up. Up to "
            "64 times the density at $\\Delta t$ = 1 ms no step diverges; the box is crushed "
            "($V/V_0 < 0.6$) at the same density under both steppers (extras semi_implodes_at and regularized_implodes_at), so the "
            "collapse comes from the weight, not from the integrator. Heavier particles lower the body's frequencies "
            "$\\omega = \\sqrt{k/m}$, and a smaller $\\omega \\Delta t$ makes a step safer, not riskier; the paper "
            "prints no mass, strength or $\\Delta t$ with which to try its own case. On the pushed-in box at 1 ms, "
            "where the scheme implodes, twice the density runs soundly (extras pushed_in_min_volume_1 and _2).",
     .run = run_sweep, .ctx = &sweep_mass},
    {.id = "004-instability-strength", .seed = 4, .source = "§6",
     .claim = "numerical instabilities tend to occur when too large a constraint strength is used; this is likely "
              "a problem with the semi-implicit integrator",
     .setup = "grid-box-drop as 004-box-drop-improved, 1 s, every eta times 1, 2, 4, ..., 64 (the overall constraint "
              "strength of Fig. 9); Terzopoulos' semi-implicit scheme at dt = 1 ms; a run breaks down when a step "
              "diverges (the box crushed, V/V0 below 0.6, is noted beside); beside it (extra regularized): the regularized stepper at the same dt",
     .lab = NULL, .quantity = "smallest factor of the strength at which the semi-implicit run diverges (128: none up to 64)",
     .unit = "1", .paper = SWEEP_TOP, .relation = SL_CLAIM_AT_MOST, .quick = 0, READING, .run = run_sweep, .ctx = &sweep_strength},
    {.id = "004-buckling-improved", .seed = 4, .source = "Fig. 8, §6",
     .claim = "pulling the free top corner down gives a large deformation and convincing buckling, the solid "
              "keeping its integrity",
     .setup = BUCKLE "improved model", .lab = LAB("grid-buckling", "0.001", "1"),
     .quantity = "smallest volume ratio V/V0 (integrity: at least 0.9)", .unit = "1", .paper = 0.9,
     .relation = SL_CLAIM_AT_LEAST, VOL_TOL, .quick = 1, READING, REMEASURE, .run = run_grid_claim, .ctx = &buckle_impr},
    {.id = "004-buckling-original", .seed = 4, .source = "Fig. 8, §6",
     .claim = "the improved model enables situations impossible with the original (here: the same buckling)",
     .setup = BUCKLE "original model", .lab = LAB("grid-buckling", "0.001", "0"),
     .quantity = "smallest volume ratio V/V0", .unit = "1", .paper = NAN, VOL_TOL, .quick = 1, REMEASURE, .run = run_grid_claim,
     .ctx = &buckle_orig},
    {.id = "004-inflation-improved", .seed = 4, .source = "Fig. 9, §5-6",
     .claim = "the true strength of the pillar tensor: raising the overall constraint strength inflates the "
              "collapsed solid back",
     .setup = INFLATE "improved model", .lab = LAB("grid-inflation", "0.0005", "1"),
     .quantity = "volume ratio V/V0 at the end (inflated: at least 0.9)", .unit = "1", .paper = 0.9,
     .relation = SL_CLAIM_AT_LEAST, VOL_TOL, .quick = 1, READING, REMEASURE, .run = run_grid_claim, .ctx = &inflate_impr},
    {.id = "004-inflation-original", .seed = 4, .source = "Fig. 9, §3",
     .claim = "without the pillars and diagonals a collapsed (inverted) grid satisfies its length and angle "
              "terms as well as the upright one: the original model cannot inflate back",
     .setup = INFLATE "original model", .lab = LAB("grid-inflation", "0.0005", "0"),
     .quantity = "volume ratio V/V0 at the end (stays collapsed: at most 0.5)", .unit = "1", .paper = 0.5,
     .relation = SL_CLAIM_AT_MOST, VOL_TOL, .quick = 1, READING, REMEASURE, .run = run_grid_claim, .ctx = &inflate_orig},
    {.id = "004-twist-half-improved", .seed = 4, .source = "Fig. 10, §6",
     .claim = "twisting the pudding by its top face skews its sides",
     .setup = PUDDING "no gravity; " SEMI("0.5 ms") DAMPED("10", "so that the body is at rest at 3 s") "3 s; " BESIDE "; improved model",
     .lab = "scene=grid-pudding-twist&methods=terzopoulos&dt=0.0005&grid_variant=1&gravity=0",
     .quantity = "mean turn of the mid-height corners over the top's", .unit = "1", .paper = NAN,
     .reference_tol_abs = 1e-6, .quick = 1, .reference_kind = SL_REF_CLOSED_FORM, .run = run_twist_half, .ctx = &twist_half_impr},
    {.id = "004-twist-half-original", .seed = 4, .source = "Fig. 10, §6",
     .claim = "twisting the pudding by its top face skews its sides",
     .setup = PUDDING "no gravity; " SEMI("0.5 ms") DAMPED("10", "so that the body is at rest at 3 s") "3 s; " BESIDE "; original model",
     .lab = "scene=grid-pudding-twist&methods=terzopoulos&dt=0.0005&grid_variant=0&gravity=0",
     .quantity = "mean turn of the mid-height corners over the top's", .unit = "1", .paper = NAN,
     .reference_tol_abs = 1e-6, .quick = 1, .reference_kind = SL_REF_CLOSED_FORM, .run = run_twist_half, .ctx = &twist_half_orig},
    {.id = "004-twist-volume-original", .seed = 4, .source = "Fig. 10, §6",
     .claim = "twisting the pudding by its top face skews its sides (the paper shows the improved model only)",
     .setup = PUDDING "gravity; " SEMI("0.5 ms") "3 s; " BESIDE "; original model",
     .lab = LAB("grid-pudding-twist", "0.0005", "0"),
     .quantity = "smallest volume ratio V/V0", .unit = "1", .paper = NAN, VOL_TOL, .quick = 0,
     REMEASURE, .run = run_grid_claim, .ctx = &twist_terz_orig},
    {.id = "004-twist-volume-improved", .seed = 4, .source = "Fig. 10, §6",
     .claim = "twisting the pudding by its top face skews its sides, the improved solid keeping its volume",
     .setup = PUDDING "gravity; " SEMI("0.5 ms") "3 s; " BESIDE "; improved model",
     .lab = LAB("grid-pudding-twist", "0.0005", "1"),
     .quantity = "smallest volume ratio V/V0", .unit = "1", .paper = NAN, VOL_TOL, .quick = 0,
     REMEASURE, .run = run_grid_claim, .ctx = &twist_terz_impr},
    {.id = "004-twist-inverted", .seed = 4, .source = "Fig. 10, §6",
     .claim = "the twisted pudding keeps its integrity (a soft body that skews, no cell turned inside out)",
     .setup = PUDDING "gravity; " SEMI("0.5 ms") "3 s; " BESIDE "; improved model", .lab = LAB("grid-pudding-twist", "0.0005", "1"),
     .quantity = "most inverted cells at once (none)", .unit = "cells", .paper = 0, .relation = SL_CLAIM_AT_MOST,
     .reference_tol_abs = 0.5, .quick = 1, READING, REMEASURE, .run = run_grid_claim, .ctx = &twist_inv},
    {.id = "004-water-lily-improved", .seed = 4, .source = "Fig. 11, §6",
     .claim = "a large water lily is deformed when resting on pearls; the improved model does a great job in keeping it fluffy",
     .setup = LILY SEMI("2 ms") "1.5 s; " BESIDE "; improved model", .lab = LAB("grid-water-lily", "0.002", "1"),
     .quantity = "most inverted cells at once (fluffy: none)", .unit = "cells", .paper = 0, .relation = SL_CLAIM_AT_MOST,
     .reference_tol_abs = 0.5, .quick = 0, READING, REMEASURE, .run = run_grid_claim, .ctx = &lily_impr},
    {.id = "004-water-lily-original", .seed = 4, .source = "Fig. 11, §6",
     .claim = "the water lily on pearls (the paper shows the improved model only)",
     .setup = LILY SEMI("2 ms") "1.5 s; " BESIDE "; original model", .lab = LAB("grid-water-lily", "0.002", "0"),
     .quantity = "most inverted cells at once", .unit = "cells", .paper = NAN, .reference_tol_abs = 0.5, .quick = 0,
     REMEASURE, .run = run_grid_claim, .ctx = &lily_orig},
    {.id = "004-twist-sudden-terzopoulos", .seed = 4, .source = "§6",
     .claim = "numerical instabilities occur with too large a time step (the semi-implicit integrator); the "
              "stiffer improved model needs smaller steps",
     .setup = PUDDING "but turned by the full 45 degrees in one step (the row's driver); gravity; Terzopoulos' "
              "semi-implicit scheme (eq. 7-8), dt = 0.25 ms, 1 s; improved model; " BESIDE,
     .lab = NULL, .quantity = "most inverted cells at once (unstable: at least 1; turned over 1 s: none, "
     "004-twist-inverted)", .unit = "cells", .paper = 1, .relation = SL_CLAIM_AT_LEAST, .reference_tol_abs = 0.5,
     .quick = 0, READING, REMEASURE, .run = run_grid_claim, .ctx = &twist_sudden},
};
const int sl_claims_seed004_count = (int)(sizeof sl_claims_seed004 / sizeof sl_claims_seed004[0]);
