/* Forest-Ruth (Forest & Ruth 1990; Yoshida's triple jump of the leapfrog; Hairer, Lubich
 * & Wanner, Geometric Numerical Integration, §II.4), theta = 1/(2 - 2^(1/3)):
 *     drift theta/2, kick theta, drift (1-theta)/2, kick 1-2 theta, drift (1-theta)/2,
 *     kick theta, drift theta/2
 * where drift c is x += c dt v and kick c is v += c dt a(x, v). Fourth order (seed 003
 * says third), symplectic; three force evaluations. On x'' = -omega^2 x the step matrix
 * has determinant 1 and trace 2 - z^2 + c4 z^4 - c6 z^6 (z = omega dt), which first
 * reaches -2 at z = 1.5734019 (scripted with sympy): the stability bound. */
#include <math.h>

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
    const double theta = 1.0 / (2.0 - cbrt(2.0));
    const double drift[4] = {theta / 2, (1 - theta) / 2, (1 - theta) / 2, theta / 2};
    const double kick[3] = {theta, 1 - 2 * theta, theta};
    double dt = sl_world_dt(w), *a = s->buf[0];
    sl_stages_begin(w, s);
    for (int k = 0; k < 3; k++) {
        sl_stages_axpy(w, x, x, drift[k] * dt, v); /* drift */
        sl_stages_acceleration(w, s, x, v, a);
        sl_stages_axpy(w, v, v, kick[k] * dt, a);     /* kick  */
    }
    sl_stages_axpy(w, x, x, drift[3] * dt, v);
    sl_stages_end(w, s);
    return SL_OK;
}

const sl_stepper_class sl_stepper_forest_ruth = {
    .name = "forest-ruth",
    .title = "Forest-Ruth (fourth order symplectic)",
    .citation = "seed 003 §6; Forest & Ruth 1990; Hairer-Lubich-Wanner §II.4",
    .flags = SL_STEPPER_NEEDS_STIFFNESS,
    .force_evaluations = 3,
    .stability_bound = 1.5734019474,
    .init = init,
    .step = step,
    .destroy = sl_stages_destroy,
};
