/* Helpers shared by the C tests: scene set-up and trajectory measurements. */
#ifndef SL_TEST_UTIL_H
#define SL_TEST_UTIL_H

#include "softlab/scene.h"
#include "softlab/stepper.h"
#include "softlab/validate.h"

/* The swinging cube (seed 000 §3) with the named stepper; NULL on failure. */
sl_world *make_cube(const char *method, double dt);

/* The cube without gravity and without its pin (no stepper set); NULL on failure. */
sl_world *make_free_cube(void);

/* Steps w until t_end (s) and returns the time (s) of the first local minimum of
 * the tracked node's height, refined by a parabola through the three samples
 * around it; NAN if none or on divergence. */
double first_minimum_time(sl_world *w, double t_end);

/* Steps w n times; returns the number of steps done before an error. */
int step_n(sl_world *w, int n);

/* Largest |J - central difference of phi| over the first max_blocks blocks of model m at
 * x (double[3n], perturbed and restored in place), step h. */
double fd_jacobian_error(const sl_model *m, double *x, int max_blocks, double h);

/* Largest |H(w) - central difference of J^T w| over the blocks of m (<= 8 nodes each) at
 * x (double[3n]), step h, for weights w (double[constraint_count]). */
double fd_geometric_error(const sl_model *m, double *x, const double *w, double h);

/* The extra number `name` a validation row's run reported (sl_claim_result.extra); NaN
 * when it reported none of that name. */
double claim_extra_value(const sl_claim_result *r, const char *name);

/* Sets a spin about y and a shear on w's nodes (v = (z + y - 1, 0, -x) m/s: 0.1 m/s at
 * the surface of the unit-centred balls of the incompressible tests) and steps w up to
 * `steps` times: the largest total energy over the start, INFINITY if w diverged, NAN
 * when out of memory or the velocities were refused. */
double spun_energy_growth(sl_world *w, int steps);

#endif
