/* Plain position-based dynamics, for contrast with XPBD: Mueller, Heidelberger, Hennix,
 * Ratcliff, "Position Based Dynamics", 2007, as XPBD writes it (Macklin, Mueller, Chentanez
 * 2016, paper 005 §4.1: with alpha_j = 0, eq. 18 is PBD's scaling factor s_j, eq. 2): xpbd's step (steppers/xpbd.c) with alpha tilde = 0 for
 * every row, whatever the model's compliance, so that every sweep projects each row toward
 * C = 0 and the stiffness the body shows depends on the iteration count
 * (sl_world_set_iterations) and dt rather than on the material. Its multipliers
 * (softlab/xpbd.h) are those of the hard constraints. */
#include <math.h>
#include "steppers/position_based.h"

static sl_status step(sl_world *w, void *state) { return sl_pb_step(w, state, 1, sl_world_iterations(w), 0); }

const sl_stepper_class sl_stepper_pbd = {
    .name = "pbd",
    .title = "PBD (alpha = 0)",
    .citation = "XPBD (Macklin, Müller, Chentanez 2016) §4.1 eq. 18 with alpha = 0 (PBD eq. 1-2, k = 1)",
    .flags = SL_STEPPER_POSITION_BASED | SL_STEPPER_USES_ITERATIONS,
    .force_evaluations = 1, /* per sweep */
    .stability_bound = INFINITY,
    .init = sl_pb_init,
    .step = step,
    .destroy = sl_pb_destroy,
    .reset = sl_pb_reset,
};
