/* Stage machinery of the explicit steppers (stages.h). */
#include <stdlib.h>
#include <string.h>

#include "steppers/stages.h"

sl_status sl_stages_create(const sl_world *w, int buf_count, sl_stages **state) {
    if (buf_count < 0 || buf_count > SL_STAGES_MAX) return SL_ERR_RANGE;
    sl_stages *s = calloc(1, sizeof *s);
    if (!s) return SL_ERR_NOMEM;
    size_t n3 = 3 * (size_t)sl_world_node_count(w);
    s->buf_count = buf_count;
    int ok = (s->force = calloc(n3, sizeof(double))) != NULL;
    for (int k = 0; ok && k < buf_count; k++) ok = (s->buf[k] = calloc(n3, sizeof(double))) != NULL;
    if (!ok) {
        sl_stages_destroy(s);
        return SL_ERR_NOMEM;
    }
    *state = s;
    return SL_OK;
}

void sl_stages_destroy(void *state) {
    sl_stages *s = state;
    if (!s) return;
    free(s->force);
    for (int k = 0; k < s->buf_count; k++) free(s->buf[k]);
    free(s);
}

void sl_stages_begin(sl_world *w, sl_stages *s) {
    s->t_begin = sl_clock_seconds();
    s->t_assembly = 0;
}

void sl_stages_end(sl_world *w, sl_stages *s) {
    sl_step_timing *timing = sl_stepper_timing(w);
    timing->assembly = s->t_assembly;
    timing->solve = sl_clock_seconds() - s->t_begin - s->t_assembly;
}

void sl_stages_acceleration(sl_world *w, sl_stages *s, const double *x, const double *v, double *a) {
    double t0 = sl_clock_seconds();
    const int n_free = sl_stepper_free_count(w), *free_dof = sl_stepper_free_dofs(w);
    const double *mass = sl_world_masses(w);
    sl_assembly_evaluate(w, x);
    sl_assembly_forces_at(w, x, v, s->force);
    memset(a, 0, 3 * (size_t)sl_world_node_count(w) * sizeof(double));
    for (int k = 0; k < n_free; k++) {
        int d = free_dof[k];
        a[d] = s->force[d] / mass[d / 3]; /* a = M^-1 F */
    }
    s->t_assembly += sl_clock_seconds() - t0;
}

void sl_stages_axpy(const sl_world *w, double *y, const double *x, double c, const double *z) {
    const int n_free = sl_stepper_free_count(w), *free_dof = sl_stepper_free_dofs(w);
    for (int k = 0; k < n_free; k++) {
        int d = free_dof[k];
        y[d] = x[d] + c * z[d];
    }
}

void sl_stages_copy(const sl_world *w, double *y, const double *x) {
    memcpy(y, x, 3 * (size_t)sl_world_node_count(w) * sizeof(double));
}
