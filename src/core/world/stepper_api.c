/* What a stepper sees of its world (world/stepper_api.h): the accessors over the world's
 * state and assembly, and the momentum correction of the warping steppers. */
#define SL_WORLD_INTERNAL /* world/world_internal.h: the world's own files */
#include "world/world_internal.h"

#include "linalg/mat3.h"

double *sl_stepper_x(sl_world *w) { return w->x; }
double *sl_stepper_v(sl_world *w) { return w->v; }
const double *sl_stepper_rest_shape(const sl_world *w) { return w->body.rest ? w->body.rest : w->x0; }
void *sl_stepper_state(const sl_world *w) { return w->stepper_state; }
sl_step_timing *sl_stepper_timing(sl_world *w) { return &w->timing; }
sl_solve_form sl_stepper_solve_form(const sl_world *w) { return (sl_solve_form)w->solve_form; }
sl_linear_solver sl_stepper_linear_solver(const sl_world *w) { return (sl_linear_solver)w->linear_solver; }
int sl_stepper_momentum_correction(const sl_world *w) { return w->momentum_correction; }

int sl_stepper_free_count(const sl_world *w) { return w->assembly.n_free; }
const int *sl_stepper_free_dofs(const sl_world *w) { return w->assembly.free_dof; }
const int *sl_stepper_dof_map(const sl_world *w) { return w->assembly.dof; }
int sl_stepper_pattern_version(const sl_world *w) { return w->assembly.version; }

const double *sl_stepper_phi(const sl_world *w) { return w->assembly.phi; }
const double *sl_stepper_alpha(const sl_world *w) { return w->assembly.alpha; }
int sl_stepper_row_offset(const sl_world *w, int model) { return w->assembly.row_offset[model]; }
const double *sl_stepper_jacobian_blocks(const sl_world *w, int model) {
    return w->assembly.J + w->assembly.J_offset[model];
}
int sl_stepper_block_offset(const sl_world *w, int model) { return w->assembly.H_offset[model]; }
int sl_stepper_block_size(const sl_world *w) { return w->assembly.H_size; }

struct cs_sparse *sl_stepper_system_matrix(sl_world *w) { return w->assembly.A; }
const int *sl_stepper_system_diagonal(const sl_world *w) { return w->assembly.A_diag; }
const int *sl_stepper_system_slots(const sl_world *w) { return w->assembly.A_slot; }

sl_force_inputs sl_stepper_force_inputs(const sl_world *w) {
    return (sl_force_inputs){
        .gravity = w->gravity,
        .mass_damping = w->mass_damping,
        .load = w->load,
        .grab_count = w->grab.count,
        .grab_node = w->grab.node,
        .grab_weight = w->grab.weight,
        .grab_offset = w->grab.offset,
        .grab_target = w->grab.target,
        .grab_k = w->grab.k,
    };
}

/* Moved verbatim from the warping stepper (the same operations in the same order). */
void sl_stepper_correct_momentum(const sl_world *w, const double *f_ext, double *v) {
    double M = 0, c[3] = {0, 0, 0};
    for (int i = 0; i < w->n; i++) {
        M += w->mass[i];
        for (int k = 0; k < 3; k++) c[k] += w->mass[i] * w->x[3 * i + k];
    }
    if (!(M > 0)) return;
    for (int k = 0; k < 3; k++) c[k] /= M;
    double P0[3] = {0}, P1[3] = {0}, L0[3] = {0}, L1[3] = {0}, F[3] = {0}, T[3] = {0}, I[9] = {0};
    for (int i = 0; i < w->n; i++) {
        double r[3], l[3], m = w->mass[i];
        for (int k = 0; k < 3; k++) r[k] = w->x[3 * i + k] - c[k];
        for (int k = 0; k < 3; k++)
            P0[k] += m * w->v[3 * i + k], P1[k] += m * v[3 * i + k], F[k] += f_ext[3 * i + k];
        sl_vec3_cross(r, w->v + 3 * i, l);
        for (int k = 0; k < 3; k++) L0[k] += m * l[k];
        sl_vec3_cross(r, v + 3 * i, l);
        for (int k = 0; k < 3; k++) L1[k] += m * l[k];
        sl_vec3_cross(r, f_ext + 3 * i, l);
        for (int k = 0; k < 3; k++) T[k] += l[k];
        double r2 = sl_vec3_dot(r, r);
        for (int p = 0; p < 3; p++)
            for (int q = 0; q < 3; q++) I[3 * p + q] += m * ((p == q) * r2 - r[p] * r[q]);
    }
    double damp = 1 + w->dt * w->mass_damping, dL[3], shift[3], Iinv[9], omega[3] = {0, 0, 0};
    for (int k = 0; k < 3; k++) {
        shift[k] = ((P0[k] + w->dt * F[k]) / damp - P1[k]) / M;
        dL[k] = (L0[k] + w->dt * T[k]) / damp - L1[k];
    }
    if (sl_mat3_inverse(I, Iinv) != 0)
        for (int k = 0; k < 3; k++) omega[k] = Iinv[3 * k] * dL[0] + Iinv[3 * k + 1] * dL[1] + Iinv[3 * k + 2] * dL[2];
    for (int i = 0; i < w->n; i++) {
        double r[3], s[3];
        for (int k = 0; k < 3; k++) r[k] = w->x[3 * i + k] - c[k];
        sl_vec3_cross(omega, r, s);
        for (int k = 0; k < 3; k++) v[3 * i + k] += shift[k] + s[k];
    }
}
