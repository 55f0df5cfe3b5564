/* Classical Runge-Kutta of order 4 on y = (x, v), y' = (v, a(x, v)) (seed 003 §6;
 * Hairer, Norsett & Wanner, Solving ODEs I, §II.1): stages at c = 0, 1/2, 1/2, 1,
 * weights 1/6, 2/6, 2/6, 1/6. On x'' = -omega^2 x its amplification is
 * 1 + iz - z^2/2 - iz^3/6 + z^4/24 (z = omega dt), |.|^2 = 1 - z^6/72 + z^8/576,
 * at most 1 exactly for omega dt <= 2 sqrt 2: the stability bound (slightly damping
 * below it). */
#include <math.h>

#include "steppers/stages.h"

static sl_status init(sl_world *w, void **state) {
    sl_stages *s = NULL;
    sl_status st = sl_stages_create(w, 5, &s);
    *state = s;
    return st;
}

static sl_status step(sl_world *w, void *state) {
    sl_stages *s = state;
    double *x = sl_stepper_x(w), *v = sl_stepper_v(w);
    static const double c[4] = {0, 0.5, 0.5, 1}, b[4] = {1, 2, 2, 1};
    double dt = sl_world_dt(w);
    double *a = s->buf[0], *xs = s->buf[1], *vs = s->buf[2], *sum_v = s->buf[3], *sum_a = s->buf[4];
    sl_stages_begin(w, s);
    sl_stages_copy(w, xs, x);
    sl_stages_copy(w, vs, v);
    sl_stages_copy(w, sum_v, v); /* pinned entries unused; free ones set at stage 0 */
    sl_stages_copy(w, sum_a, v);
    for (int k = 0; k < 4; k++) {
        if (k > 0) {
            sl_stages_axpy(w, xs, x, c[k] * dt, vs); /* x_k = x + c_k dt v_{k-1} */
            sl_stages_axpy(w, vs, v, c[k] * dt, a);  /* v_k = v + c_k dt a_{k-1} */
        }
        sl_stages_acceleration(w, s, xs, vs, a);       /* a_k = a(x_k, v_k) */
        if (k == 0) {
            sl_stages_axpy(w, sum_v, vs, 0, vs);
            sl_stages_axpy(w, sum_a, a, 0, a);
        } else {
            sl_stages_axpy(w, sum_v, sum_v, b[k], vs);
            sl_stages_axpy(w, sum_a, sum_a, b[k], a);
        }
    }
    sl_stages_axpy(w, x, x, dt / 6, sum_v);      /* x' = x + dt/6 sum b_k v_k */
    sl_stages_axpy(w, v, v, dt / 6, sum_a);      /* v' = v + dt/6 sum b_k a_k */
    sl_stages_end(w, s);
    return SL_OK;
}

const sl_stepper_class sl_stepper_rk4 = {
    .name = "rk4",
    .title = "Runge-Kutta 4 (classical)",
    .citation = "seed 003 §6; Hairer-Norsett-Wanner §II.1",
    .flags = SL_STEPPER_NEEDS_STIFFNESS,
    .force_evaluations = 4,
    .stability_bound = 2.8284271247461903, /* 2 sqrt 2 */
    .init = init,
    .step = step,
    .destroy = sl_stages_destroy,
};
