/* The shared stage machinery of the explicit steppers of seed 003 (midpoint, half step,
 * Verlet, leapfrog, Forest-Ruth, RK4, ...): the acceleration
 *     a(x, v) = M^-1 (-J^T alpha^-1 phi(x) + f_ext(x, v))
 * at any stage state, and stage updates that touch only the free dofs, so that a pinned
 * node keeps the position and velocity the world (or its driver) gave it in every stage.
 * Time enters the forces only through the driver, which the world applies once per step
 * (at its end time), so a does not take t. */
#ifndef SL_STAGES_H
#define SL_STAGES_H

#include <stddef.h>

#include "world/stepper_api.h"

#define SL_STAGES_MAX 6

typedef struct sl_stages {
    double *force;                /* double[3n] N: scratch for F */
    double *buf[SL_STAGES_MAX];   /* double[3n] each: stage states and accelerations */
    int buf_count;
    double t_begin, t_assembly;   /* s: clock at the step's start, time in a() so far */
} sl_stages;

/* Allocates an sl_stages with buf_count zeroed buffers of 3n doubles into *state.
 * Errors: SL_ERR_NOMEM, SL_ERR_RANGE (buf_count > SL_STAGES_MAX). */
sl_status sl_stages_create(const sl_world *w, int buf_count, sl_stages **state);
void sl_stages_destroy(void *state);

/* Starts and ends the timing of a step: a() goes to timing.assembly, the rest to solve. */
void sl_stages_begin(sl_world *w, sl_stages *s);
void sl_stages_end(sl_world *w, sl_stages *s);

/* a (double[3n], m/s^2) = M^-1 F(x, v) on the free dofs, 0 on the pinned ones. */
void sl_stages_acceleration(sl_world *w, sl_stages *s, const double *x, const double *v, double *a);

/* y = x + c z on the free dofs only (y may be x); pinned entries of y are left as they are. */
void sl_stages_axpy(const sl_world *w, double *y, const double *x, double c, const double *z);

/* y = x on every dof (double[3n]). */
void sl_stages_copy(const sl_world *w, double *y, const double *x);

#endif
