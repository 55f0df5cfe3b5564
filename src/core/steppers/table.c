/* The stepper table. Adding a stepper is one file and one line here. */
#include <string.h>

#include "world/world_internal.h"

extern const sl_stepper_class sl_stepper_explicit_euler;
extern const sl_stepper_class sl_stepper_symplectic_euler;
extern const sl_stepper_class sl_stepper_implicit_euler;
extern const sl_stepper_class sl_stepper_regularized;
extern const sl_stepper_class sl_stepper_terzopoulos;
extern const sl_stepper_class sl_stepper_incompressible;

const sl_stepper_class *const sl_steppers[] = {
    &sl_stepper_explicit_euler,
    &sl_stepper_symplectic_euler,
    &sl_stepper_implicit_euler,
    &sl_stepper_regularized,
    &sl_stepper_terzopoulos,
    &sl_stepper_incompressible,
};
const int sl_stepper_count = (int)(sizeof sl_steppers / sizeof sl_steppers[0]);

const sl_stepper_class *sl_stepper_find(const char *name) {
    if (!name) return NULL;
    for (int i = 0; i < sl_stepper_count; i++)
        if (strcmp(sl_steppers[i]->name, name) == 0) return sl_steppers[i];
    return NULL;
}

sl_status sl_world_set_solve_form(sl_world *w, sl_solve_form form) {
    if (!w) return SL_ERR_NULL;
    if (form < SL_SOLVE_AUTO || form > SL_SOLVE_SCHUR) return SL_ERR_RANGE;
    w->solve_form = form;
    return SL_OK;
}
