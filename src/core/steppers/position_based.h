/* The step shared by the position-based steppers xpbd, xpbd-substeps and pbd (one file
 * each in src/core/steppers/, the step itself in xpbd.c; softlab/xpbd.h reads their
 * multipliers). Internal to the steppers. */
#ifndef SL_POSITION_BASED_H
#define SL_POSITION_BASED_H

#include "world/stepper_api.h"

typedef struct sl_pb_state {
    double *moved;   /* double[3n], m: the sum of the (sub)step's sweep corrections */
    double *force;   /* double[3n], N: the external force of the (sub)step */
    double *dx;      /* double[3n], m: a sweep's correction */
    double *lambda;  /* double[m]: XPBD's multipliers, accumulated over one (sub)step */
    double *x_n;     /* double[3n], m: the positions at the (sub)step's start (damping, eq. 26) */
    double *contact; /* double[n SL_CONTACT_SLOTS], kg m: the contact rows' multipliers */
    double t_end;    /* s: the end of the last (sub)step (the walls' heights then) */
    int m;
    double h;        /* s: the size of the last (sub)step, 0 before one (or after reset) */
} sl_pb_state;

sl_status sl_pb_init(sl_world *w, void **state);
void sl_pb_destroy(void *state);
void sl_pb_reset(void *state);

/* Advances w by dt in `substeps` substeps of h = dt/substeps, each of `sweeps` Gauss-Seidel
 * sweeps with alpha tilde = alpha/h^2 (compliant = 1, XPBD) or 0 (compliant = 0, PBD).
 * Errors: SL_ERR_NOMEM (the world restores the state before the step). */
sl_status sl_pb_step(sl_world *w, sl_pb_state *s, int substeps, int sweeps, int compliant);

#endif
