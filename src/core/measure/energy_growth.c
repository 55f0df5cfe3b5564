/* Energy growth of a run that should not gain energy (issue 12): sl_world_energy_growth. */
#include <math.h>
#include <stddef.h>

#include "world/world_internal.h"

void sl_energy_watch_reset(sl_energy_watch *watch) {
    if (!watch) return;
    watch->started = 0;
    watch->lowest = watch->scale = watch->growth = 0;
    watch->grew = 0;
    watch->time = NAN;
}

/* Total energy with the potential -f . x of the constant loads (conservative forces). */
static double accounted_energy(const sl_world *w, sl_energy e) {
    double total = e.total;
    for (int d = 0; w->load && d < 3 * w->n; d++) total -= w->load[d] * w->x[d];
    return total;
}

int sl_world_energy_growth(const sl_world *w, sl_energy_watch *watch) {
    if (!w || !watch) return -1;
    /* Linear FEM's forces derive from 1/2 u^T K0 u, not from the model's (Green-strain)
     * energy that sl_world_energy reports: a swinging linear bar swells and its Green
     * energy grows without any instability (warp-bar: V/V0 up to 2.85), so it is not watched. */
    if (w->stepper && (w->stepper->flags & SL_STEPPER_LINEARIZED)) {
        sl_energy_watch_reset(watch);
        return -1;
    }
    int plates_moving = 0; /* a moving plate does work on the body (sl_world_add_plate) */
    for (int i = 0; i < sl_world_plate_count(w); i++) {
        double v = 0;
        sl_world_plate(w, i, w->t, NULL, &v, NULL);
        plates_moving |= v != 0;
    }
    if (w->driver || w->grab.count > 0 || plates_moving) { /* external work not accounted: start afresh after */
        sl_energy_watch_reset(watch);
        return -1;
    }
    sl_energy e = sl_world_energy(w);
    double total = accounted_energy(w, e), moving = e.kinetic + e.elastic;
    if (!isfinite(total)) return watch->grew;
    if (!watch->started) {
        watch->started = 1;
        watch->lowest = total;
        watch->scale = moving;
    }
    watch->lowest = fmin(watch->lowest, total);
    watch->scale = fmax(watch->scale, moving);
    watch->growth = total - watch->lowest;
    int growing = watch->scale > 0 && watch->growth > SL_ENERGY_GROWTH_MARGIN * watch->scale;
    if (growing && !watch->grew) watch->grew = 1, watch->time = w->t;
    return growing;
}
