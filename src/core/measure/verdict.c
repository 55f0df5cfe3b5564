/* The verdict on a run (issue 26): sl_world_judge. The criteria and their numbers are in
 * one place, the docstring of SL_VERDICT_WINDOW_STEPS in softlab/world.h. */
#define SL_WORLD_INTERNAL /* world/world_internal.h: the world's own files */
#include <math.h>
#include <stddef.h>
#include <stdio.h>

#include "softlab/stepper.h"
#include "world/world_internal.h"

/* Forgets the energy windows (not the state): the judgement of growth starts afresh. */
static void restart_windows(sl_verdict *v) {
    v->steps = v->windows = v->rises = v->rising_steps = 0;
    v->peak = v->last_peak = v->last_energy = v->rise_start = v->record = -INFINITY;
    v->lowest_peak = v->low = v->last_low = INFINITY;
    v->start_energy = v->start_scale = v->yardstick = NAN;
    v->scale = v->growth = v->relative = 0;
}

void sl_verdict_reset(sl_verdict *v) {
    if (!v) return;
    v->state = v->worst = SL_VERDICT_RUNNING;
    v->since = v->cleared = NAN;
    v->calm_windows = 0;
    v->kept = 0;
    v->volume_extreme = NAN;
    v->reason[0] = 0;
    sl_message_list_clear(&v->message);
    restart_windows(v);
    v->evaluated = 0;
    v->elastic = v->violation = NAN;
}

const char *sl_verdict_name(int state) {
    switch (state) {
    case SL_VERDICT_RUNNING: return "running";
    case SL_VERDICT_ARTIFACT: return "artifact";
    case SL_VERDICT_GROWING: return "growing";
    case SL_VERDICT_DIVERGED: return "diverged";
    default: return NULL;
    }
}

/* Total energy with the potential -f . x of the constant loads (conservative forces). */
static double accounted_energy(const sl_world *w, sl_energy e) {
    double total = e.total;
    for (int d = 0; w->load && d < 3 * w->n; d++) total -= w->load[d] * w->x[d];
    return total;
}

/* 1 if something does work on the body that the accounted energy does not count. */
static int external_work(const sl_world *w) {
    for (int i = 0; i < sl_world_plate_count(w); i++) {
        double v = 0;
        sl_world_plate(w, i, w->t, NULL, &v, NULL);
        if (v != 0) return 1;
    }
    return w->driver || w->grab.count > 0;
}

/* 1 if w runs a model linearized at rest: a linearized stepper, or a model linear in x. */
static int linearized(const sl_world *w) {
    if (w->stepper && (w->stepper->flags & SL_STEPPER_LINEARIZED)) return 1;
    for (int k = 0; k < w->model_count; k++)
        if (!w->models[k]->cls->geometric_stiffness) return 1;
    return 0;
}

static void decide(const sl_world *w, sl_verdict *v, sl_verdict_state state) {
    if (v->state == state) return;
    v->state = state;
    v->since = w->t;
    if (state > v->worst) v->worst = state;
    v->calm_windows = 0;
}

/* 'growing' no longer holds (softlab/world.h): for SL_VERDICT_CLEAR_WINDOWS windows the
 * energy was back down: a trend's window maximum near the run's lowest, a kept gain's lows
 * (kept, J, over the last two windows) within half its margin (J). Then the judgement of growth
 * starts afresh. Called at a window's end while growing. */
static void clear_if_back_down(const sl_world *w, sl_verdict *v, double kept, double margin) {
    /* half the margins that decide 'growing': a run near a margin does not flip back and forth */
    int down = v->kept ? kept <= 0.5 * margin : v->last_peak - v->lowest_peak <= 0.5 * SL_VERDICT_GROWTH_MARGIN * v->scale;
    v->calm_windows = down ? v->calm_windows + 1 : 0;
    if (v->calm_windows < SL_VERDICT_CLEAR_WINDOWS) return;
    v->state = SL_VERDICT_RUNNING; /* artifact is decided again at once where the volume says so */
    v->since = NAN;
    v->cleared = w->t;
    v->kept = v->calm_windows = 0;
    v->reason[0] = 0;
    sl_message_list_clear(&v->message);
    restart_windows(v);
}

/* The energy windows: one state into the current window; at its end, the trend. */
static void judge_energy(sl_world *w, sl_verdict *v) {
    if (external_work(w)) {
        restart_windows(v);
        return;
    }
    sl_energy e = sl_world_energy_evaluated(w, &v->violation);
    v->elastic = e.elastic, v->evaluated = 1;
    double total = accounted_energy(w, e), moving = e.kinetic + e.elastic;
    if (!isfinite(total) || !isfinite(moving)) return;
    v->scale = fmax(v->scale, moving);
    v->peak = fmax(v->peak, total);
    v->low = fmin(v->low, total);
    if (isnan(v->start_energy)) {
        v->start_energy = total;
        /* the start's K + U counts only where it is more than noise beside what gravity and
         * the constant loads do to the body over its own size (a body at rest holds 1e-26 J) */
        double weight = 0, g = sqrt(w->gravity[0] * w->gravity[0] + w->gravity[1] * w->gravity[1] + w->gravity[2] * w->gravity[2]);
        for (int i = 0; i < w->n; i++) weight += w->mass[i] * g;
        for (int d = 0; w->load && d < 3 * w->n; d++) weight += fabs(w->load[d]);
        v->yardstick = weight * w->body_radius;
        v->start_scale = moving > SL_VERDICT_START_SCALE * v->yardstick ? moving : 0;
    }
    /* a blow-up faster than the windows: E rose at every one of the last steps, above the
     * largest E of every state before the rise (after a whole window: a bounded swing has
     * shown its top by then) */
    if (total > v->last_energy && isfinite(v->last_energy)) {
        if (v->rising_steps++ == 0) v->rise_start = v->record;
    } else {
        v->rising_steps = 0;
    }
    v->last_energy = total;
    v->record = fmax(v->record, total);
    if (v->state < SL_VERDICT_GROWING && v->windows >= 1 && v->rising_steps >= SL_VERDICT_RISING_STEPS &&
        v->scale > 0 && total - v->rise_start > SL_VERDICT_GROWTH_MARGIN * v->scale) {
        v->growth = total - v->rise_start;
        v->relative = v->growth / v->scale;
        decide(w, v, SL_VERDICT_GROWING);
    }
    if (++v->steps < SL_VERDICT_WINDOW_STEPS) return;
    /* a window ends */
    v->rises = v->windows > 0 && v->peak > v->last_peak ? v->rises + 1 : 0;
    v->lowest_peak = fmin(v->lowest_peak, v->peak);
    v->last_peak = v->peak;
    v->windows++;
    v->steps = 0;
    v->peak = -INFINITY;
    double growth = v->last_peak - v->lowest_peak, relative = v->scale > 0 ? growth / v->scale : 0;
    if (v->state < SL_VERDICT_GROWING || (relative > v->relative && !v->kept)) /* growing: the largest seen */
        v->growth = growth, v->relative = relative;
    if (v->state < SL_VERDICT_GROWING && v->rises >= SL_VERDICT_RISES &&
        v->growth > SL_VERDICT_GROWTH_MARGIN * v->scale && v->scale > 0)
        decide(w, v, SL_VERDICT_GROWING);
    /* a gain that stays: over the last two windows E never came back down to within
     * SL_VERDICT_KEPT_GAIN times the start's K + U of where the run started or, from rest,
     * within SL_VERDICT_REST_GAIN times the yardstick (a passive body at rest can only lose) */
    double kept = fmin(v->low, v->last_low) - v->start_energy;
    double margin = v->start_scale > 0 ? SL_VERDICT_KEPT_GAIN * v->start_scale : SL_VERDICT_REST_GAIN * v->yardstick;
    v->last_low = v->low;
    v->low = INFINITY;
    if (v->state < SL_VERDICT_GROWING && v->windows >= 2 && margin > 0 && kept > margin) {
        v->growth = kept, v->relative = v->scale > 0 ? kept / v->scale : 0;
        v->kept = 1;
        decide(w, v, SL_VERDICT_GROWING);
    } else if (v->state == SL_VERDICT_GROWING) {
        clear_if_back_down(w, v, kept, margin);
    }
}

int sl_world_judge(sl_world *w, sl_verdict *v) {
    if (!w || !v) return -1;
    v->evaluated = 0;
    double at;
    if (sl_world_diverged(w, &at, NULL)) {
        if (v->state != SL_VERDICT_DIVERGED) {
            v->state = v->worst = SL_VERDICT_DIVERGED, v->since = at;
            sl_message_list_clear(&v->message);
            sl_message_add(&v->message, "verdict.diverged", "t", at, NULL);
            const sl_message_list *parts = sl_world_diverged_message(w);
            if (parts) sl_message_list_append(&v->message, parts);
            sl_message_list_render(&v->message, v->reason, sizeof v->reason); /* its English text */
        }
        return v->state;
    }
    int lin = linearized(w);
    if (!(w->stepper && (w->stepper->flags & SL_STEPPER_LINEARIZED))) judge_energy(w, v);
    else if (++v->steps >= SL_VERDICT_WINDOW_STEPS) v->steps = 0, v->windows++;
    if (lin && v->steps == 0 && w->body.rest_volume > 0) { /* at a window's end */
        double r = sl_world_volume_ratio(w);
        if (isfinite(r) && (!isfinite(v->volume_extreme) || fabs(r - 1) > fabs(v->volume_extreme - 1)))
            v->volume_extreme = r;
        if (v->state < SL_VERDICT_ARTIFACT && isfinite(r) && fabs(r - 1) > SL_VERDICT_ARTIFACT_VOLUME)
            decide(w, v, SL_VERDICT_ARTIFACT);
    }
    int said = 1;
    sl_message_list_clear(&v->message);
    if (v->state == SL_VERDICT_GROWING && v->kept)
        sl_message_add(&v->message, "verdict.growing_kept", "t", v->since, "growth", v->growth, NULL);
    else if (v->state == SL_VERDICT_GROWING)
        sl_message_add(&v->message, "verdict.growing", "t", v->since, "growth", v->growth, "relative", v->relative, NULL);
    else if (v->state == SL_VERDICT_ARTIFACT)
        sl_message_add(&v->message, "verdict.artifact", "volume_ratio", v->volume_extreme, "source", "seed 002 §4.1", NULL);
    else
        said = 0; /* running: the reason stays as it was (reset: "") */
    if (said) sl_message_list_render(&v->message, v->reason, sizeof v->reason);
    return v->state;
}
