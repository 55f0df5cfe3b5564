/* Midpoint (seed 003 §6, as softlab defines it: the seed's formulas were lost):
 *     v' = v + dt a(x, v);   x' = x + dt (v + v')/2 = x + dt v + dt^2/2 a(x, v).
 * First order. On x'' = -omega^2 x its step matrix has determinant 1 + (omega dt)^2/2,
 * so it is unstable at every dt without damping (stability bound 0). */
#include "steppers/stages.h"

static sl_status init(sl_world *w, void **state) {
    sl_stages *s = NULL;
    sl_status st = sl_stages_create(w, 1, &s);
    *state = s;
    return st;
}

static sl_status step(sl_world *w, void *state) {
    sl_stages *s = state;
    double *x = sl_stepper_x(w), *v = sl_stepper_v(w);
    double dt = sl_world_dt(w), *a = s->buf[0];
    sl_stages_begin(w, s);
    sl_stages_acceleration(w, s, x, v, a);
    sl_stages_axpy(w, x, x, dt, v);           /* x + dt v          */
    sl_stages_axpy(w, x, x, 0.5 * dt * dt, a);   /*   + dt^2/2 a(x)   */
    sl_stages_axpy(w, v, v, dt, a);              /* v' = v + dt a(x) */
    sl_stages_end(w, s);
    return SL_OK;
}

const sl_stepper_class sl_stepper_midpoint = {
    .name = "midpoint",
    .title = "Midpoint",
    .citation = "seed 003 §6; v' = v + dt a(x), x' = x + dt (v + v')/2",
    .flags = SL_STEPPER_NEEDS_STIFFNESS,
    .force_evaluations = 1,
    .stability_bound = 0,
    .init = init,
    .step = step,
    .destroy = sl_stages_destroy,
};
