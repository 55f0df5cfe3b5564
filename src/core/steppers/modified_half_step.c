/* Modified half step (seed 003 §6, as softlab defines it):
 *     v_m = v + dt/2 a(x, v),  x_m = x + dt/2 v_m;   x' = x + dt v_m,  v' = v + dt a(x_m, v_m).
 * Second order. On x'' = -omega^2 x (z = omega dt) its step matrix
 * [[1 - z^2/2, z], [-z + z^3/4, 1 - z^2/2]] (on x, v/omega) has determinant 1 and
 * trace 2 - z^2: stable for omega dt < 2. */
#include "steppers/stages.h"

static sl_status init(sl_world *w, void **state) {
    sl_stages *s = NULL;
    sl_status st = sl_stages_create(w, 3, &s);
    *state = s;
    return st;
}

static sl_status step(sl_world *w, void *state) {
    sl_stages *s = state;
    double *x = sl_stepper_x(w), *v = sl_stepper_v(w);
    double dt = sl_world_dt(w), *a = s->buf[0], *xm = s->buf[1], *vm = s->buf[2];
    sl_stages_begin(w, s);
    sl_stages_copy(w, xm, x);
    sl_stages_copy(w, vm, v);
    sl_stages_acceleration(w, s, x, v, a);
    sl_stages_axpy(w, vm, v, 0.5 * dt, a);     /* v_m = v + dt/2 a(x, v) */
    sl_stages_axpy(w, xm, x, 0.5 * dt, vm);    /* x_m = x + dt/2 v_m     */
    sl_stages_acceleration(w, s, xm, vm, a);
    sl_stages_axpy(w, x, x, dt, vm);        /* x' = x + dt v_m        */
    sl_stages_axpy(w, v, v, dt, a);         /* v' = v + dt a(x_m, v_m) */
    sl_stages_end(w, s);
    return SL_OK;
}

const sl_stepper_class sl_stepper_modified_half_step = {
    .name = "modified-half-step",
    .title = "Modified half step",
    .citation = "seed 003 §6; v_m = v + dt/2 a(x), x_m = x + dt/2 v_m",
    .flags = SL_STEPPER_NEEDS_STIFFNESS,
    .force_evaluations = 2,
    .stability_bound = 2,
    .init = init,
    .step = step,
    .destroy = sl_stages_destroy,
};
