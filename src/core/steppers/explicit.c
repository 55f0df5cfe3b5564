/* Explicit Euler and symplectic Euler: seed 000 eq. 16-17 with n_v = 0 and
 * n_x = 0 (explicit) or n_x = 1 (symplectic). No linear solve; both need finite
 * stiffness. Symplectic Euler is stable for dt < 2/omega_max (seed 000 §2.4);
 * explicit Euler is unstable for every dt on an undamped oscillator. */
#include <stdlib.h>

#include "world/stepper_api.h"

typedef struct { double *force; } explicit_state;

static sl_status explicit_init(sl_world *w, void **state) {
    explicit_state *s = calloc(1, sizeof *s);
    if (!s) return SL_ERR_NOMEM;
    s->force = calloc(3 * (size_t)sl_world_node_count(w), sizeof(double));
    if (!s->force) {
        free(s);
        return SL_ERR_NOMEM;
    }
    *state = s;
    return SL_OK;
}

static void explicit_destroy(void *state) {
    explicit_state *s = state;
    if (s) free(s->force);
    free(s);
}

/* x_{n+1} = x_n + dt v_{n+n_x};  v_{n+1} = v_n + dt M^-1 F_n   (eq. 16-17) */
static sl_status explicit_step_nx(sl_world *w, explicit_state *s, int n_x) {
    double *x = sl_stepper_x(w), *v = sl_stepper_v(w), dt = sl_world_dt(w);
    const double *mass = sl_world_masses(w);
    int n = sl_world_node_count(w);
    double t0 = sl_clock_seconds();
    sl_assembly_evaluate(w, x);
    sl_assembly_forces(w, s->force);
    double t1 = sl_clock_seconds();
    for (int i = 0; i < n; i++) {
        if (sl_world_is_pinned(w, i)) continue;
        for (int c = 0; c < 3; c++) {
            int d = 3 * i + c;
            double v_new = v[d] + dt * s->force[d] / mass[i]; /* eq. 17 */
            x[d] += dt * (n_x ? v_new : v[d]);               /* eq. 16 */
            v[d] = v_new;
        }
    }
    sl_step_timing *timing = sl_stepper_timing(w);
    timing->assembly = t1 - t0;
    timing->solve = sl_clock_seconds() - t1;
    return SL_OK;
}

static sl_status explicit_step(sl_world *w, void *state) { return explicit_step_nx(w, state, 0); }
static sl_status symplectic_step(sl_world *w, void *state) { return explicit_step_nx(w, state, 1); }

const sl_stepper_class sl_stepper_explicit_euler = {
    .name = "explicit-euler",
    .title = "Explicit Euler",
    .citation = "seed 000 eq. 16-17, n_x = n_v = 0",
    .flags = SL_STEPPER_NEEDS_STIFFNESS,
    .force_evaluations = 1,
    .stability_bound = 0,
    .init = explicit_init,
    .step = explicit_step,
    .destroy = explicit_destroy,
};

const sl_stepper_class sl_stepper_symplectic_euler = {
    .name = "symplectic-euler",
    .title = "Symplectic Euler",
    .citation = "seed 000 eq. 16-17, n_x = 1, n_v = 0",
    .flags = SL_STEPPER_NEEDS_STIFFNESS,
    .force_evaluations = 1,
    .stability_bound = 2,
    .init = explicit_init,
    .step = symplectic_step,
    .destroy = explicit_destroy,
};
