/* Small steps: Macklin, Storey, Lu, Terdiman, Chentanez, Jeschke, Mueller, "Small Steps in
 * Physics Simulation", SCA 2019, paper 006 (Algorithm 1, §4 eq. 4-7): XPBD (steppers/xpbd.c) with the step dt
 * cut into n = sl_world_iterations substeps of h = dt/n, each predicted from the last and
 * given ONE sweep, alpha tilde = alpha/h^2 and v = (x - x^n)/h per substep. The cost per dt
 * is xpbd's with n iterations (n evaluations of every model); the paper's claim is that the
 * small steps buy more accuracy than the iterations. Identical, bit for bit, to n steps of
 * xpbd at dt/n with one iteration, except that drivers move pins once per dt. Contact rows
 * and damping (eq. 26, gamma = tau/h) act in every substep, as in xpbd.c. The multipliers
 * softlab/xpbd.h reads are the last substep's, for h. */
#include <math.h>
#include "steppers/position_based.h"

static sl_status step(sl_world *w, void *state) { return sl_pb_step(w, state, sl_world_iterations(w), 1, 1); }

const sl_stepper_class sl_stepper_xpbd_substeps = {
    .name = "xpbd-substeps",
    .title = "XPBD with small steps (Macklin et al.)",
    .citation = "Macklin et al. 2019 (Small Steps) Algorithm 1, §4 eq. 4-7; XPBD §4.1 eq. 17-18",
    .flags = SL_STEPPER_POSITION_BASED | SL_STEPPER_USES_ITERATIONS | SL_STEPPER_USES_XPBD_DAMPING,
    .force_evaluations = 1, /* per substep */
    .stability_bound = INFINITY,
    .init = sl_pb_init,
    .step = step,
    .destroy = sl_pb_destroy,
    .reset = sl_pb_reset,
};
