/* Half step, the explicit midpoint rule (RK2; seed 003 §6; Hairer, Lubich & Wanner,
 * Geometric Numerical Integration, §II.1):
 *     x_m = x + dt/2 v,  v_m = v + dt/2 a(x, v);   x' = x + dt v_m,  v' = v + dt a(x_m, v_m).
 * Second order. On x'' = -omega^2 x its eigenvalues are 1 - z^2/2 +- i z (z = omega dt),
 * |lambda|^2 = 1 + z^4/4 > 1: unstable at every dt without damping (bound 0). */
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
    sl_stages_axpy(w, xm, x, 0.5 * dt, v);  /* x_m = x + dt/2 v       */
    sl_stages_axpy(w, vm, v, 0.5 * dt, a);     /* v_m = v + dt/2 a(x, v) */
    sl_stages_acceleration(w, s, xm, vm, a);
    sl_stages_axpy(w, x, x, dt, vm);        /* x' = x + dt v_m        */
    sl_stages_axpy(w, v, v, dt, a);         /* v' = v + dt a(x_m, v_m) */
    sl_stages_end(w, s);
    return SL_OK;
}

const sl_stepper_class sl_stepper_half_step = {
    .name = "half-step",
    .title = "Half step (explicit midpoint, RK2)",
    .citation = "seed 003 §6; Hairer-Lubich-Wanner §II.1",
    .flags = SL_STEPPER_NEEDS_STIFFNESS,
    .force_evaluations = 2,
    .stability_bound = 0,
    .init = init,
    .step = step,
    .destroy = sl_stages_destroy,
};
