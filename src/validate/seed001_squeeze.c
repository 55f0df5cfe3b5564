/* Seed 001's squeeze past the lab's 25 % and its cost ordering (rows of seed001.c):
 * 001_5399c40425ead7b4.txt §5, "lower than 0.1%, 0.5%, and 1% until the sphere reached 13%,
 * 2.3%, and 1.4% of its original thickness", and "18 s/frame for our method, 25 s/frame
 * with Poisson's ratio .45, and 3.4 min/frame with Poisson's ratio .499". */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "claims.h"
#include "softlab/build.h"
#include "softlab/incompressible.h"
#include "softlab/world.h"

/* The thicknesses (fraction of the ball's height) the seed gives the volume error at. */
static const double SQUEEZE_MARKS[SL_SQUEEZE_DEEP_MARKS] = {0.13, 0.023, 0.014};
/* The plates' final gap: the seed's sphere reached 1.1 % before its time step went to zero. */
#define DEEP_GAP 0.011
#define DEEP_CELLS 4
#define DEEP_DT 1e-4

/* What one deep squeeze measured. Its rows (one a mark) share one run: the first row
 * to ask runs it, the others read it (the run is deterministic, so a row run alone by
 * `--id` gets the same numbers at the cost of the run). */
typedef struct deep_squeeze {
    int done;                           /* 1 once run in this process */
    double error[SL_SQUEEZE_DEEP_MARKS]; /* %: largest |V/V0 - 1| (sl_world_volume_ratio) until the thickness
                                           reached the mark; NaN: not reached */
    double direct[SL_SQUEEZE_DEEP_MARKS]; /* the same, the volume summed in the row from the tets */
    double thinnest;                    /* the thinnest the ball was squeezed (plates' gap over its height) */
    double stop_time;                   /* s: when a step failed (NaN: none did) */
    double mean_iterations;             /* MINRES iterations a pressure solve over the run */
    int most_iterations, tets;
    int inverted;                       /* inverted tets at the end of the run */
    char *stop_reason;                  /* the failed step's error (heap), or NULL */
} deep_squeeze;

static deep_squeeze deep_cache;

/* Signed volume of the body's tets from the positions and the connectivity (m^3). */
static double summed_volume(const sl_world *w) {
    const double *x = sl_world_positions(w);
    const int *t = sl_world_tets(w);
    double v = 0;
    for (int e = 0; e < sl_world_tet_count(w); e++) v += claim_tet_volume(x, t + 4 * e);
    return v;
}

/* The plates' gap at time t over the gap at t = 0. */
static double plate_gap(const sl_world *w, double t, double h0) {
    double lo = 0, hi = 0;
    sl_world_plate(w, 0, t, &lo, NULL, NULL), sl_world_plate(w, 1, t, &hi, NULL, NULL);
    return (hi - lo) / h0;
}

/* Steps the squeeze until the plates stop or a step fails, keeping the largest volume
 * error at each mark it passes. */
static void deep_squeeze_steps(sl_world *w, deep_squeeze *d) {
    double h0 = plate_gap(w, 0, 1), v0 = summed_volume(w), lab = 0, ref = 0;
    long steps = lround((1 - DEEP_GAP) * SL_SQUEEZE_TIME / DEEP_DT);
    int mark = 0;
    for (long i = 0; i < steps; i++) {
        if (sl_world_step(w) != SL_OK) {
            d->stop_time = sl_world_time(w);
            d->stop_reason = malloc(strlen(sl_world_last_error(w)) + 1);
            if (d->stop_reason) strcpy(d->stop_reason, sl_world_last_error(w));
            break;
        }
        double gap = plate_gap(w, sl_world_time(w), h0);
        lab = fmax(lab, fabs(sl_world_volume_ratio(w) - 1)), ref = fmax(ref, fabs(summed_volume(w) / v0 - 1));
        d->thinnest = gap;
        for (; mark < SL_SQUEEZE_DEEP_MARKS && gap <= SQUEEZE_MARKS[mark] + 1e-9; mark++)
            d->error[mark] = 100 * lab, d->direct[mark] = 100 * ref;
    }
}

/* Runs the deep squeeze once (onering-squeeze, one-ring, 4 cells, dt = 0.1 ms, the plates
 * stopping at 1.1 %) into deep_cache; SL_OK unless the world cannot be built. */
static sl_status deep_squeeze_run(sl_claim_result *out) {
    deep_squeeze *d = &deep_cache;
    if (d->done) return SL_OK;
    const sl_param p[3] = {SL_PARAM_RESOLUTION, SL_PARAM_ONERING, SL_PARAM_SQUEEZE_GAP};
    const double v[3] = {DEEP_CELLS, 1, DEEP_GAP};
    sl_world *w = claim_world("onering-squeeze", "incompressible", DEEP_DT, p, v, 3, out);
    if (!w) return SL_ERR_RANGE;
    for (int k = 0; k < SL_SQUEEZE_DEEP_MARKS; k++) d->error[k] = d->direct[k] = NAN;
    d->thinnest = 1, d->stop_time = NAN, d->tets = sl_world_tet_count(w);
    deep_squeeze_steps(w, d);
    sl_pressure_stats ps;
    if (sl_incompressible_stats(w, &ps) == SL_OK && ps.solves > 0)
        d->mean_iterations = (double)ps.iterations / ps.solves, d->most_iterations = ps.max_iterations;
    d->inverted = sl_world_inverted_cells(w);
    sl_world_destroy(w);
    d->done = 1;
    return SL_OK;
}

sl_status claim_run_squeeze_deep(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    int k = *(const int *)c->ctx;
    if (k < 0 || k >= SL_SQUEEZE_DEEP_MARKS) return SL_ERR_INDEX;
    sl_status st = deep_squeeze_run(out);
    if (st != SL_OK) return st;
    const deep_squeeze *d = &deep_cache;
    out->measured = d->error[k], out->reference = d->direct[k];
    claim_extra(out, "thinnest", d->thinnest);
    for (int j = 0; j < SL_SQUEEZE_DEEP_MARKS; j++) {
        char name[24];
        snprintf(name, sizeof name, "error_at_%d", j); /* 0: 13 %, 1: 2.3 %, 2: 1.4 % */
        claim_extra(out, name, d->error[j]);
    }
    claim_extra(out, "minres_mean", d->mean_iterations), claim_extra(out, "minres_most", d->most_iterations);
    claim_extra(out, "inverted_at_end", d->inverted);
    CLAIM_SAY(out->reference_how, "the body's volume summed in the row from the positions and the tets (signed "
                                  "det/6 of each of the %d tets), against its value at t = 0", d->tets);
    CLAIM_SAY(out->note, "largest volume error until 13 %%, 2.3 %% and 1.4 %% of the thickness: %.3g %%, %.3g %%, "
                         "%.3g %%; squeezed down to %.2f %% with %d inverted tets; MINRES %.1f iterations a solve (largest %d)",
              d->error[0], d->error[1], d->error[2], 100 * d->thinnest, d->inverted, d->mean_iterations,
              d->most_iterations);
    if (isfinite(d->stop_time))
        CLAIM_SAY(out->note, "%s; the step ending at t = %.4f s (%.2f %% of the thickness) failed: %s", out->note,
                  d->stop_time, 100 * d->thinnest, d->stop_reason ? d->stop_reason : "(no message)");
    if (!isfinite(out->measured))
        CLAIM_SAY(out->note, "%s; the ball never reached %.3g %% of its thickness", out->note, 100 * SQUEEZE_MARKS[k]);
    return SL_OK;
}

/* omega_max (rad/s) of the drop's ball at rest, `cells` across, under the incompressible
 * stepper (the seed's Newmark scheme; per-tet tets have no projected rows): one-ring
 * (onering = 1: its deviatoric tets set the limit, the projected rows do not) or per-tet at nu. */
static sl_status ball_omega(int cells, int onering, double nu, double *omega, sl_claim_result *out) {
    const sl_param p[3] = {SL_PARAM_RESOLUTION, SL_PARAM_ONERING, SL_PARAM_POISSON_RATIO};
    const double v[3] = {cells, onering, nu};
    sl_world *w = claim_world("onering-sphere-drop", "incompressible", 1e-4, p, v, 3, out);
    if (!w) return SL_ERR_RANGE;
    sl_status st = sl_world_omega_max(w, 500, omega);
    if (st != SL_OK) CLAIM_SAY(out->note, "omega_max (onering %d, nu %g): %s", onering, nu, sl_status_message(st));
    sl_world_destroy(w);
    return st;
}

sl_status claim_run_cost_steps(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    int onering_row = *(const int *)c->ctx; /* 1: one-ring over 0.45; 0: 0.499 over 0.45 */
    double ring, soft, stiff;
    sl_status st = ball_omega(6, 1, 0.45, &ring, out);
    if (st == SL_OK) st = ball_omega(6, 0, 0.45, &soft, out);
    if (st == SL_OK) st = ball_omega(6, 0, 0.499, &stiff, out);
    if (st != SL_OK) return st;
    out->measured = onering_row ? ring / soft : stiff / soft;
    claim_extra(out, "omega_onering", ring), claim_extra(out, "omega_045", soft), claim_extra(out, "omega_0499", stiff);
    CLAIM_SAY(out->note, "largest stable explicit step (2 over the highest angular frequency): one-ring %.3g ms, per-tet 0.45 %.3g ms, per-tet 0.499 "
                         "%.3g ms (%.0f, %.0f and %.0f steps a simulated second)",
              2e3 / ring, 2e3 / soft, 2e3 / stiff, ring / 2, soft / 2, stiff / 2);
    return SL_OK;
}
