/* Seed 002's energy rows (lessons/002 §3: why per-vertex warping is not in the bar's lab):
 * eq. 12's per-vertex forces are the gradient of no energy, and on the clamped bar of §4.1
 * they feed it. Undamped, linearly implicit Euler damps the release swing first; then the
 * total energy climbs until the core's verdict says 'growing' and the bar diverges. At a
 * smaller step the growth comes later, not never. With the paper's lumped damping (§4.1;
 * the row's ctx gives c) the bar comes to rest and stays there. */
#include <math.h>

#include "claims.h"
#include "softlab/world.h"

/* Runs warp-bar under per-vertex warping at dt, with mass damping c = damping (1/s), for at
 * most t_max (s), judging every step
 * (sl_world_judge). Sets *growing to the time the verdict first says 'growing' (NaN: never)
 * and, when stop_at_growing is 0, runs on to the divergence: *diverged (NaN: never). The
 * smallest total energy and its time go to *lowest and *lowest_t, the first state's to
 * *start, the last state's to *end. Returns SL_ERR_RANGE when the world cannot be built. */
static sl_status bar_vertex_run(double dt, double damping, double t_max, int stop_at_growing, double *start,
                                double *lowest, double *lowest_t, double *growing, double *diverged, double *end,
                                sl_claim_result *out) {
    sl_world *w = claim_world("warp-bar", "stiffness-warping", dt, NULL, NULL, 0, out);
    if (!w) return SL_ERR_RANGE;
    if (sl_world_set_mass_damping(w, damping) != SL_OK) {
        sl_world_destroy(w);
        return SL_ERR_RANGE;
    }
    sl_verdict v;
    sl_verdict_reset(&v);
    sl_world_judge(w, &v);
    *start = *lowest = sl_world_energy(w).total, *lowest_t = 0, *growing = *diverged = NAN;
    for (long s = 0, n = lround(t_max / dt); s < n; s++) {
        if (sl_world_step(w) != SL_OK) {
            *diverged = sl_world_time(w);
            break;
        }
        int state = sl_world_judge(w, &v);
        if (state == SL_VERDICT_DIVERGED) {
            *diverged = v.since;
            break;
        }
        if (state == SL_VERDICT_GROWING && isnan(*growing)) {
            *growing = v.since;
            if (stop_at_growing) break;
        }
        double e = sl_world_energy(w).total;
        if (e < *lowest) *lowest = e, *lowest_t = sl_world_time(w);
    }
    *end = sl_world_energy(w).total;
    sl_world_destroy(w);
    return SL_OK;
}

sl_status claim_run_bar_vertex_energy(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    (void)env;
    double damping = *(const double *)c->ctx, start, lowest, lowest_t, growing, diverged, end, s5, l5, lt5, g5, d5, e5;
    sl_status st = bar_vertex_run(0.01, damping, 30, 0, &start, &lowest, &lowest_t, &growing, &diverged, &end, out);
    if (st == SL_OK && damping == 0) st = bar_vertex_run(0.005, 0, 30, 1, &s5, &l5, &lt5, &g5, &d5, &e5, out);
    if (st != SL_OK) return st;
    out->measured = isnan(growing) ? 30 : growing;
    claim_extra(out, "energy_start", start), claim_extra(out, "energy_lowest", lowest);
    claim_extra(out, "energy_lowest_t", lowest_t), claim_extra(out, "growing_t", growing);
    claim_extra(out, "diverged_t", diverged);
    if (damping > 0) {
        claim_extra(out, "energy_end", end);
        CLAIM_SAY(out->note, "10 ms, c = %g/s: %.4g J at the start, lowest %.4g J at %.2f s, %.4g J at the end%s", damping,
                  start, lowest, lowest_t, end, isnan(growing) ? ", held 30 s" : "");
        return SL_OK;
    }
    claim_extra(out, "growing_t_5ms", g5);
    CLAIM_SAY(out->note, "10 ms: %.4g J at the start, lowest %.4g J at %.2f s, growing from %.2f s, diverged at %.2f s; "
                         "5 ms: growing from %.2f s", start, lowest, lowest_t, growing, diverged, g5);
    return SL_OK;
}
