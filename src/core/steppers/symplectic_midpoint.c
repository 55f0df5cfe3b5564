/* Symplectic midpoint: the drift-kick-drift leapfrog (Stormer-Verlet in position form;
 * Hairer, Lubich & Wanner, Geometric Numerical Integration, §I.1.4):
 *     x_h = x + dt/2 v;   v' = v + dt a(x_h, v);   x' = x_h + dt/2 v'.
 * Second order, symplectic, time-reversible without damping. The mass damping in a reads
 * v_n (no extra evaluation), which makes the damped scheme first order in c. On
 * x'' = -omega^2 x: determinant 1, trace 2 - (omega dt)^2, stable for omega dt < 2. */
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
    sl_stages_axpy(w, x, x, 0.5 * dt, v); /* x_h = x + dt/2 v    */
    sl_stages_acceleration(w, s, x, v, a);
    sl_stages_axpy(w, v, v, dt, a);          /* v' = v + dt a(x_h)  */
    sl_stages_axpy(w, x, x, 0.5 * dt, v); /* x' = x_h + dt/2 v'  */
    sl_stages_end(w, s);
    return SL_OK;
}

const sl_stepper_class sl_stepper_symplectic_midpoint = {
    .name = "symplectic-midpoint",
    .title = "Symplectic midpoint (leapfrog, drift-kick-drift)",
    .citation = "seed 003 §6; Hairer-Lubich-Wanner §I.1.4",
    .flags = SL_STEPPER_NEEDS_STIFFNESS,
    .force_evaluations = 1,
    .stability_bound = 2,
    .init = init,
    .step = step,
    .destroy = sl_stages_destroy,
};
