/* Seed 004's claims (softlab/validate.h): Kelager, Fleron, Erleben 2005, Terzopoulos' grid
 * solids and their area and volume restoration (§6, Fig. 6-10). The figures' qualitative
 * claims are stated as numbers of the `grid-*` scenes under the original model (grid_variant
 * original) and the improved one (all three terms). The references are this file's own: the
 * body's volume summed from its tetrahedra's signed volumes and the inverted cells counted
 * from them (consecutive groups of tets_per_cell tets), from positions and connectivity
 * alone, beside the library's sl_world_volume_ratio and sl_world_inverted_cells. */
#include <math.h>
#include <string.h>

#include "claims.h"
#include "softlab/world.h"

/* Signed volume of tet t (m^3) at positions x. */
static double tet_volume(const double *x, const int *t) {
    const double *a = x + 3 * t[0], *b = x + 3 * t[1], *c = x + 3 * t[2], *d = x + 3 * t[3];
    double u[3], v[3], w[3];
    for (int k = 0; k < 3; k++) u[k] = b[k] - a[k], v[k] = c[k] - a[k], w[k] = d[k] - a[k];
    return (u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0]) + u[2] * (v[0] * w[1] - v[1] * w[0])) / 6;
}

/* The body's volume from its tets at x, and its cells with a tet of non-positive volume. */
static double tets_volume(const sl_world *w, const double *x, int *inverted) {
    const int *tets = sl_world_tets(w), n = sl_world_tet_count(w), per = sl_world_tets_per_cell(w);
    double sum = 0;
    int bad = 0;
    for (int c = 0; c < n / per; c++) {
        int cell_bad = 0;
        for (int k = 0; k < per; k++) {
            double v = tet_volume(x, tets + 4 * (c * per + k));
            sum += v, cell_bad |= v <= 0;
        }
        bad += cell_bad;
    }
    if (inverted) *inverted = bad;
    return sum;
}

/* What one run of a grid scene shows: extremes over the run and the state at its end. */
typedef struct grid_run {
    double min_volume, min_volume_ref; /* smallest V/V0: the library's, and from the tets */
    int max_inverted, max_inverted_ref;
    double end_volume, end_volume_ref, end_shape_error; /* at t_end; shape error in m */
} grid_run;

static sl_status run_grid(const char *scene, const char *variant, const char *method, double dt, double t_end,
                          grid_run *g, sl_claim_result *out) {
    const sl_param p[1] = {SL_PARAM_GRID_VARIANT};
    const double v[1] = {sl_param_choice(SL_PARAM_GRID_VARIANT, variant)};
    sl_world *w = claim_world(scene, method, dt, p, v, 1, out);
    if (!w) return SL_ERR_RANGE;
    const double v0 = tets_volume(w, sl_world_rest_positions(w), NULL);
    *g = (grid_run){.min_volume = INFINITY, .min_volume_ref = INFINITY};
    long steps = lround(t_end / dt);
    sl_status st = SL_OK;
    for (long i = 0; i <= steps; i++) {
        if (i > 0 && (st = sl_world_step(w)) != SL_OK) {
            CLAIM_SAY(out->note, "%s (%s) under %s at dt %g s: step %ld failed", scene, variant, method, dt, i);
            break;
        }
        int inv;
        double ref = tets_volume(w, sl_world_positions(w), &inv) / v0, lib = sl_world_volume_ratio(w);
        g->min_volume = fmin(g->min_volume, lib), g->min_volume_ref = fmin(g->min_volume_ref, ref);
        int lib_inv = sl_world_inverted_cells(w);
        if (lib_inv > g->max_inverted) g->max_inverted = lib_inv;
        if (inv > g->max_inverted_ref) g->max_inverted_ref = inv;
        g->end_volume = lib, g->end_volume_ref = ref;
    }
    g->end_shape_error = sl_world_shape_error(w);
    sl_world_destroy(w);
    return st;
}

/* The row's set-up, from its ctx. */
typedef struct grid_claim {
    const char *scene, *variant, *method;
    double dt, t_end;
    char what; /* 'v' smallest volume, 'i' most inverted cells, 'e' volume at the end */
} grid_claim;

static sl_status run_grid_claim(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    const grid_claim *g = c->ctx;
    grid_run r;
    sl_status st = run_grid(g->scene, g->variant, g->method, g->dt, g->t_end, &r, out);
    if (st != SL_OK) return st;
    switch (g->what) {
    case 'v': out->measured = r.min_volume, out->reference = r.min_volume_ref; break;
    case 'i': out->measured = r.max_inverted, out->reference = r.max_inverted_ref; break;
    default: out->measured = r.end_volume, out->reference = r.end_volume_ref; break;
    }
    CLAIM_SAY(out->reference_how, g->what == 'i' ? "cells with a tet of non-positive signed volume, counted from "
                                                   "positions and connectivity in the row"
                                                 : "the volume summed from the tets' signed volumes in the row, "
                                                   "over the same sum at rest");
    CLAIM_SAY(out->note, "smallest V/V0 %.4g, most inverted cells %d, V/V0 at the end %.4g, shape error at the "
                         "end %.3g mm", r.min_volume, r.max_inverted, r.end_volume, 1e3 * r.end_shape_error);
    return SL_OK;
}

/* The improved model's gain over the original: ctx's quantity, improved minus original
 * ('v': smallest volume ratio), or improved over original ('s': shape error at the end). */
static sl_status run_grid_gain(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    const grid_claim *g = c->ctx;
    grid_run o, i;
    sl_status st = run_grid(g->scene, "original", g->method, g->dt, g->t_end, &o, out);
    if (st == SL_OK) st = run_grid(g->scene, "improved", g->method, g->dt, g->t_end, &i, out);
    if (st != SL_OK) return st;
    if (g->what == 's') {
        out->measured = i.end_shape_error / o.end_shape_error;
        CLAIM_SAY(out->note, "shape error at %g s: original %.3g mm, improved %.3g mm", g->t_end,
                  1e3 * o.end_shape_error, 1e3 * i.end_shape_error);
    } else {
        out->measured = i.min_volume - o.min_volume;
        out->reference = i.min_volume_ref - o.min_volume_ref;
        CLAIM_SAY(out->reference_how, "the same difference of the volumes summed from the tets in the row");
        CLAIM_SAY(out->note, "smallest V/V0: original %.4g, improved %.4g; inverted cells %d and %d", o.min_volume,
                  i.min_volume, o.max_inverted, i.max_inverted);
    }
    return SL_OK;
}

static const grid_claim ball_o_v = {"grid-rubber-ball", "original", "regularized", 0.005, 1.5, 'v'},
                        ball_i_v = {"grid-rubber-ball", "improved", "regularized", 0.005, 1.5, 'v'},
                        ball_o_i = {"grid-rubber-ball", "original", "regularized", 0.005, 1.5, 'i'},
                        ball_i_i = {"grid-rubber-ball", "improved", "regularized", 0.005, 1.5, 'i'},
                        ball_area = {"grid-rubber-ball", "area", "regularized", 0.005, 1.5, 'v'},
                        ball_volume = {"grid-rubber-ball", "volume", "regularized", 0.005, 1.5, 'v'},
                        ball_pillars = {"grid-rubber-ball", "pillars", "regularized", 0.005, 1.5, 'v'},
                        box_shape = {"grid-lifted-box", NULL, "regularized", 0.005, 1.5, 's'},
                        buckling = {"grid-buckling", NULL, "regularized", 0.005, 3.0, 'v'},
                        infl_o = {"grid-inflation", "original", "regularized", 0.005, 4.0, 'e'},
                        infl_i = {"grid-inflation", "improved", "regularized", 0.005, 4.0, 'e'},
                        pudding = {"grid-pudding-twist", "original", "terzopoulos", 0.0005, 3.0, 'v'},
                        box_terz_i = {"grid-lifted-box", "improved", "terzopoulos", 0.001, 1.5, 'i'};

#define REF_TOL .reference_tol_rel = 1e-6, .reference_tol_abs = 1e-9, .reference_checks_measurement = 1 /* the same volumes, summed again */

const sl_claim sl_claims_seed004[] = {
    {.id = "004-ball-original-volume", .seed = 4, .source = "§6, Fig. 6",
     .claim = "Terzopoulos' original grid solid loses its volume when the ball hits the ground",
     .setup = "grid-rubber-ball (original model), regularized stepper, dt = 5 ms, 1.5 s",
     .lab = "scene=grid-rubber-ball&methods=regularized&grid_variant=0&dt=0.005&plot=volume_ratio",
     .quantity = "smallest volume ratio V/V0", .unit = "1", .paper = 0.9, .relation = SL_CLAIM_AT_MOST, REF_TOL,
     .quick = 1, .run = run_grid_claim, .ctx = &ball_o_v},
    {.id = "004-ball-improved-volume", .seed = 4, .source = "§6, Fig. 6",
     .claim = "the improved model (area, volume and pillar terms) keeps the ball's volume",
     .setup = "grid-rubber-ball (improved model), regularized stepper, dt = 5 ms, 1.5 s",
     .lab = "scene=grid-rubber-ball&methods=regularized&grid_variant=1&dt=0.005&plot=volume_ratio",
     .quantity = "smallest volume ratio V/V0", .unit = "1", .paper = 0.9, .relation = SL_CLAIM_AT_LEAST, REF_TOL,
     .quick = 1, .run = run_grid_claim, .ctx = &ball_i_v},
    {.id = "004-ball-original-inverted", .seed = 4, .source = "§6, Fig. 6",
     .claim = "the original model's cells implode (turn inside out) at the impact",
     .setup = "grid-rubber-ball (original model), regularized stepper, dt = 5 ms, 1.5 s",
     .lab = "scene=grid-rubber-ball&methods=regularized&grid_variant=0&dt=0.005&plot=inverted_cells",
     .quantity = "most inverted cells at once", .unit = "1", .paper = 1, .relation = SL_CLAIM_AT_LEAST,
     .reference_tol_abs = 0.5, .reference_checks_measurement = 1, .quick = 1, .run = run_grid_claim, .ctx = &ball_o_i},
    {.id = "004-ball-improved-inverted", .seed = 4, .source = "§6, Fig. 6",
     .claim = "the pillar tensor keeps the improved model's cells from imploding",
     .setup = "grid-rubber-ball (improved model), regularized stepper, dt = 5 ms, 1.5 s",
     .lab = "scene=grid-rubber-ball&methods=regularized&grid_variant=1&dt=0.005&plot=inverted_cells",
     .quantity = "most inverted cells at once", .unit = "1", .paper = 0, .relation = SL_CLAIM_AT_MOST,
     .reference_tol_abs = 0.5, .reference_checks_measurement = 1, .quick = 1, .run = run_grid_claim, .ctx = &ball_i_i},
    {.id = "004-ball-area-alone", .seed = 4, .source = "§4, Fig. 6",
     .claim = "area restoration alone (diagonal springs, §4): how much of the ball's volume it keeps (the paper shows only the three together)",
     .setup = "grid-rubber-ball (grid model 'area'), regularized stepper, dt = 5 ms, 1.5 s",
     .lab = "scene=grid-rubber-ball&methods=regularized&grid_variant=2&dt=0.005&plot=volume_ratio",
     .quantity = "smallest volume ratio V/V0", .unit = "1", .paper = NAN, REF_TOL,
     .quick = 1, .run = run_grid_claim, .ctx = &ball_area},
    {.id = "004-ball-volume-alone", .seed = 4, .source = "§4, Fig. 6",
     .claim = "volume restoration alone (the space diagonals' metric, §4): how much of the ball's volume it keeps (the paper shows only the three together)",
     .setup = "grid-rubber-ball (grid model 'volume'), regularized stepper, dt = 5 ms, 1.5 s",
     .lab = "scene=grid-rubber-ball&methods=regularized&grid_variant=3&dt=0.005&plot=volume_ratio",
     .quantity = "smallest volume ratio V/V0", .unit = "1", .paper = NAN, REF_TOL,
     .quick = 1, .run = run_grid_claim, .ctx = &ball_volume},
    {.id = "004-ball-pillars-alone", .seed = 4, .source = "§5, Fig. 6",
     .claim = "the pillar tensor alone (§5): how much of the ball's volume it keeps (the paper shows only the three together)",
     .setup = "grid-rubber-ball (grid model 'pillars'), regularized stepper, dt = 5 ms, 1.5 s",
     .lab = "scene=grid-rubber-ball&methods=regularized&grid_variant=4&dt=0.005&plot=volume_ratio",
     .quantity = "smallest volume ratio V/V0", .unit = "1", .paper = NAN, REF_TOL,
     .quick = 1, .run = run_grid_claim, .ctx = &ball_pillars},
    {.id = "004-box-shape-recovery", .seed = 4, .source = "§6, Fig. 7",
     .claim = "the improved box recovers its rest shape after a corner is pushed in, where the original "
             "keeps a dent",
     .setup = "grid-lifted-box: the top corner pushed 0.15 m in and released; regularized stepper, dt = 5 ms, "
              "shape error (largest distance from the rest shape after the best rigid motion) at 1.5 s",
     .lab = "scene=grid-lifted-box&methods=regularized,regularized&grid_variant=0,1&dt=0.005&ghost=1",
     .quantity = "shape error, improved over original", .unit = "1", .paper = 1, .relation = SL_CLAIM_AT_MOST,
     .quick = 1, .run = run_grid_gain, .ctx = &box_shape},
    {.id = "004-buckling-volume", .seed = 4, .source = "§6, Fig. 8",
     .claim = "the improved model buckles convincingly, keeping its volume better than the original",
     .setup = "grid-buckling: a corner pulled 0.2 m over 1 s; regularized stepper, dt = 5 ms, 3 s",
     .lab = "scene=grid-buckling&methods=regularized,regularized&grid_variant=0,1&dt=0.005&plot=volume_ratio",
     .quantity = "smallest V/V0, improved minus original", .unit = "1", .paper = 0, .relation = SL_CLAIM_AT_LEAST,
     .reference_tol_abs = 1e-6, .reference_checks_measurement = 1, .quick = 1, .run = run_grid_gain, .ctx = &buckling},
    {.id = "004-inflation-original", .seed = 4, .source = "§6, Fig. 9",
     .claim = "the original model, flattened at 1 % strength, does not come back when its strength returns",
     .setup = "grid-inflation (original): strength 1 % then back to 100 %; regularized stepper, dt = 5 ms, "
              "V/V0 at 4 s",
     .lab = "scene=grid-inflation&methods=regularized&grid_variant=0&dt=0.005&plot=volume_ratio",
     .quantity = "volume ratio V/V0 at 4 s", .unit = "1", .paper = 0.1, .relation = SL_CLAIM_AT_MOST,
     .reference_tol_rel = 1e-6, .reference_tol_abs = 1e-6, .reference_checks_measurement = 1, .quick = 1, .run = run_grid_claim, .ctx = &infl_o},
    {.id = "004-inflation-improved", .seed = 4, .source = "§6, Fig. 9",
     .claim = "the improved model inflates back to its volume: \"the true strength of the pillar tensor\"",
     .setup = "grid-inflation (improved): strength 1 % then back to 100 %; regularized stepper, dt = 5 ms, "
              "V/V0 at 4 s",
     .lab = "scene=grid-inflation&methods=regularized&grid_variant=1&dt=0.005&plot=volume_ratio",
     .quantity = "volume ratio V/V0 at 4 s", .unit = "1", .paper = 0.95, .relation = SL_CLAIM_AT_LEAST, REF_TOL,
     .quick = 1, .run = run_grid_claim, .ctx = &infl_i},
    {.id = "004-pudding-twist", .seed = 4, .source = "§6, Fig. 10",
     .claim = "the pudding twisted 45 degrees skews its sides without collapsing, in both models",
     .setup = "grid-pudding-twist: twisted 45 degrees over 1 s; Terzopoulos' semi-implicit scheme, dt = 0.5 ms, 3 s",
     .lab = "scene=grid-pudding-twist&methods=terzopoulos,terzopoulos&grid_variant=0,1&dt=0.0005&plot=volume_ratio",
     .quantity = "smallest V/V0 of the original model", .unit = "1", .paper = 0.9, .relation = SL_CLAIM_AT_LEAST,
     REF_TOL, .quick = 0, .run = run_grid_claim, .ctx = &pudding},
    {.id = "004-terzopoulos-stiff-1ms", .seed = 4, .source = "§6",
     .claim = "the stiffer improved model needs smaller steps under Terzopoulos' semi-implicit scheme: at "
              "dt = 1 ms the pushed-in box implodes",
     .setup = "grid-lifted-box (improved), Terzopoulos' semi-implicit scheme, dt = 1 ms, 1.5 s",
     .lab = "scene=grid-lifted-box&methods=terzopoulos&grid_variant=1&dt=0.001",
     .quantity = "most inverted cells at once", .unit = "1", .paper = 1, .relation = SL_CLAIM_AT_LEAST,
     .reference_tol_abs = 0.5, .reference_checks_measurement = 1, .quick = 1, .run = run_grid_claim, .ctx = &box_terz_i},
};
const int sl_claims_seed004_count = (int)(sizeof sl_claims_seed004 / sizeof sl_claims_seed004[0]);
