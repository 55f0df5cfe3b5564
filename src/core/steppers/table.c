/* The stepper table. Adding a stepper is one file and one line here. */
#include <string.h>

#include "softlab/stepper.h"

extern const sl_stepper_class sl_stepper_explicit_euler;
extern const sl_stepper_class sl_stepper_symplectic_euler;
extern const sl_stepper_class sl_stepper_midpoint;
extern const sl_stepper_class sl_stepper_half_step;
extern const sl_stepper_class sl_stepper_modified_half_step;
extern const sl_stepper_class sl_stepper_verlet;
extern const sl_stepper_class sl_stepper_symplectic_midpoint;
extern const sl_stepper_class sl_stepper_forest_ruth;
extern const sl_stepper_class sl_stepper_rk4;
extern const sl_stepper_class sl_stepper_implicit_euler;
extern const sl_stepper_class sl_stepper_regularized;
extern const sl_stepper_class sl_stepper_regularized_geometric;
extern const sl_stepper_class sl_stepper_terzopoulos;
extern const sl_stepper_class sl_stepper_stiffness_warping, sl_stepper_stiffness_warping_element, sl_stepper_linear_fem;
extern const sl_stepper_class sl_stepper_incompressible;
extern const sl_stepper_class sl_stepper_xpbd, sl_stepper_xpbd_substeps, sl_stepper_pbd;

const sl_stepper_class *const sl_steppers[] = {
    &sl_stepper_explicit_euler,
    &sl_stepper_symplectic_euler,
    &sl_stepper_midpoint,
    &sl_stepper_half_step,
    &sl_stepper_modified_half_step,
    &sl_stepper_verlet,
    &sl_stepper_symplectic_midpoint,
    &sl_stepper_forest_ruth,
    &sl_stepper_rk4,
    &sl_stepper_implicit_euler,
    &sl_stepper_regularized,
    &sl_stepper_regularized_geometric,
    &sl_stepper_terzopoulos,
    &sl_stepper_linear_fem, &sl_stepper_stiffness_warping, &sl_stepper_stiffness_warping_element,
    &sl_stepper_incompressible,
    &sl_stepper_xpbd, &sl_stepper_xpbd_substeps, &sl_stepper_pbd,
};
const int sl_stepper_count = (int)(sizeof sl_steppers / sizeof sl_steppers[0]);

const sl_stepper_class *sl_stepper_find(const char *name) {
    if (!name) return NULL;
    for (int i = 0; i < sl_stepper_count; i++)
        if (strcmp(sl_steppers[i]->name, name) == 0) return sl_steppers[i];
    return NULL;
}
