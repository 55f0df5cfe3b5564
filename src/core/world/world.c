/* World lifetime, state access, pins (by node and by box), stepping with divergence
 * detection. The error note, the clock and the hard-constraint test are in leaf.c. */
#define SL_WORLD_INTERNAL /* world/world_internal.h: the world's own files */
#include "world/world_internal.h"
#include "softlab/tet_fem.h"
#include "softlab/warping.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "linalg/mat3.h"

sl_world_def sl_world_def_default(void) {
    sl_world_def d;
    memset(&d, 0, sizeof d);
    d.gravity[1] = -9.81;
    d.divergence_stretch = 20;
    return d;
}

static sl_status check_def(const sl_world_def *def) {
    if (!def->positions || !def->masses) return SL_ERR_NULL;
    if (def->node_count < 1 || !(def->divergence_stretch > 0)) return SL_ERR_RANGE;
    for (int i = 0; i < 3 * def->node_count; i++)
        if (!isfinite(def->positions[i])) return SL_ERR_NOT_FINITE;
    for (int i = 0; i < def->node_count; i++) {
        if (!isfinite(def->masses[i])) return SL_ERR_NOT_FINITE;
        if (!(def->masses[i] > 0)) return SL_ERR_RANGE;
    }
    for (int c = 0; c < 3; c++)
        if (!isfinite(def->gravity[c])) return SL_ERR_NOT_FINITE;
    if (!isfinite(def->divergence_stretch) || !isfinite(def->mass_damping)) return SL_ERR_NOT_FINITE;
    if (def->mass_damping < 0) return SL_ERR_RANGE;
    return SL_OK;
}

/* Mass-weighted centre of the nodes, m. */
static void centre_of_mass(const sl_world *w, double c[3]) {
    double total = 0;
    c[0] = c[1] = c[2] = 0;
    for (int i = 0; i < w->n; i++) {
        total += w->mass[i];
        for (int k = 0; k < 3; k++) c[k] += w->mass[i] * w->x[3 * i + k];
    }
    for (int k = 0; k < 3; k++) c[k] /= total;
}

/* Largest distance of a node from c, m; its node in *which when non-NULL. */
static double spread(const sl_world *w, const double c[3], int *which) {
    double r2 = 0;
    for (int i = 0; i < w->n; i++) {
        double d2 = 0;
        for (int k = 0; k < 3; k++) d2 += (w->x[3 * i + k] - c[k]) * (w->x[3 * i + k] - c[k]);
        if (d2 > r2) {
            r2 = d2;
            if (which) *which = i;
        }
    }
    return sqrt(r2);
}

sl_status sl_world_create(const sl_world_def *def, sl_world **out) {
    if (!out) return SL_ERR_NULL;
    *out = NULL;
    if (!def) return SL_ERR_NULL;
    sl_status st = check_def(def);
    if (st != SL_OK) return st;
    sl_world *w = calloc(1, sizeof *w);
    if (!w) return SL_ERR_NOMEM;
    int n = def->node_count;
    size_t n3 = 3 * (size_t)n;
    w->n = n;
    w->x = malloc(n3 * sizeof(double));
    w->v = calloc(n3, sizeof(double));
    w->x0 = malloc(n3 * sizeof(double));
    w->v0 = calloc(n3, sizeof(double));
    w->x_prev = malloc(n3 * sizeof(double));
    w->v_prev = malloc(n3 * sizeof(double));
    w->mass = malloc((size_t)n * sizeof(double));
    w->pinned = calloc((size_t)n, 1);
    if (!w->x || !w->v || !w->x0 || !w->v0 || !w->x_prev || !w->v_prev || !w->mass ||
        !w->pinned) {
        sl_world_destroy(w);
        return SL_ERR_NOMEM;
    }
    memcpy(w->x, def->positions, n3 * sizeof(double));
    memcpy(w->x0, def->positions, n3 * sizeof(double));
    memcpy(w->mass, def->masses, (size_t)n * sizeof(double));
    memcpy(w->gravity, def->gravity, sizeof w->gravity);
    w->divergence_stretch = def->divergence_stretch;
    { /* the body's size R0: largest distance of a node from the initial centre of mass */
        double c[3];
        centre_of_mass(w, c);
        w->body_radius = spread(w, c, NULL);
    }
    w->mass_damping = def->mass_damping;
    w->tracked_node = -1;
    w->strength = 1;
    w->iterations = SL_WORLD_ITERATIONS_DEFAULT;
    w->dt = 0.01;
    *out = w;
    return SL_OK;
}

static void drop_stepper(sl_world *w) {
    if (w->stepper && w->stepper->destroy) w->stepper->destroy(w->stepper_state);
    w->stepper_state = NULL;
}

void sl_world_destroy(sl_world *w) {
    if (!w) return;
    sl_world_set_driver(w, NULL, NULL, NULL);
    drop_stepper(w);
    sl_world_release(w);
    for (int i = 0; i < w->model_count; i++) sl_model_destroy(w->models[i]);
    free(w->models);
    sl_assembly_free(&w->assembly);
    free(w->x);
    free(w->v);
    free(w->x0);
    free(w->v0);
    free(w->x_prev);
    free(w->v_prev);
    free(w->mass);
    free(w->pinned);
    free(w->load);
    sl_body_free(&w->body);
    free(w);
}

static sl_status check_model(const sl_world *w, const sl_model *m) {
    if (!m->cls || !m->cls->evaluate || !m->block_node || !m->compliance) return SL_ERR_NULL;
    for (int i = 0; i < m->block_count * m->block_nodes; i++)
        if (m->block_node[i] < 0 || m->block_node[i] >= w->n) return SL_ERR_INDEX;
    if (m->block_row && m->row_count < 1) return SL_ERR_RANGE;
    for (int i = 0; m->block_row && i < sl_model_block_row_count(m); i++)
        if (m->block_row[i] < 0 || m->block_row[i] >= m->row_count) return SL_ERR_INDEX;
    for (int i = 0; i < sl_model_constraint_count(m); i++) {
        if (!isfinite(m->compliance[i])) return SL_ERR_NOT_FINITE;
        if (m->compliance[i] < 0) return SL_ERR_RANGE;
    }
    return SL_OK;
}

sl_status sl_world_add_model(sl_world *w, sl_model *model) {
    if (!w || !model) {
        sl_model_destroy(model);
        return SL_ERR_NULL;
    }
    sl_status st = check_model(w, model);
    if (st != SL_OK) {
        sl_model_destroy(model);
        return sl_world_fail(w, st, "model '%s' rejected",
                             model->cls ? model->cls->name : "?");
    }
    if (w->model_count == w->model_capacity) {
        int cap = w->model_capacity ? 2 * w->model_capacity : 4;
        sl_model **grown = realloc(w->models, (size_t)cap * sizeof *grown);
        if (!grown) {
            sl_model_destroy(model);
            return SL_ERR_NOMEM;
        }
        w->models = grown;
        w->model_capacity = cap;
    }
    w->models[w->model_count++] = model;
    w->m += sl_model_constraint_count(model);
    w->assembly.valid = 0;
    if (w->stepper) drop_stepper(w), w->stepper = NULL; /* state sized for old models */
    return SL_OK;
}

sl_status sl_world_pin(sl_world *w, int node, int pinned) {
    if (!w) return SL_ERR_NULL;
    if (node < 0 || node >= w->n)
        return sl_world_fail_message(w, SL_ERR_INDEX, "error.node_range", "node", (double)node, "n", (double)w->n, NULL);
    w->pinned[node] = pinned ? 1 : 0;
    if (pinned)
        for (int c = 0; c < 3; c++) w->v[3 * node + c] = w->v0[3 * node + c] = 0;
    w->assembly.valid = 0;
    return SL_OK;
}

sl_status sl_world_pin_box(sl_world *w, const double lo[3], const double hi[3], int *count) {
    if (count) *count = 0;
    if (!w || !lo || !hi) return SL_ERR_NULL;
    int pinned = 0;
    for (int p = 0; p < w->n; p++) {
        int inside = 1;
        for (int c = 0; c < 3; c++) inside &= w->x0[3 * p + c] >= lo[c] && w->x0[3 * p + c] <= hi[c];
        if (inside) sl_world_pin(w, p, 1), pinned++;
    }
    if (count) *count = pinned;
    if (!pinned)
        return sl_world_fail_message(w, SL_ERR_RANGE, "error.pin_box_empty", "x0", lo[0], "y0", lo[1], "z0", lo[2],
                                     "x1", hi[0], "y1", hi[1], "z1", hi[2], NULL);
    return SL_OK;
}

/* 1 if the state is not acceptable, with why in `why` (ids of messages/en.json), else 0
 * and `why` empty (the criterion is stated in world.h):
 * a non-finite position, velocity or energy, or a node farther from the current centre of
 * mass than divergence_stretch times the body's size R0; with_models: also a non-finite
 * elastic energy or constraint value. That costs an evaluation of every model, so only the
 * state a stepper starts from is checked with it (sl_world_set_stepper). After a step it
 * would add as much as a force evaluation again to an explicit step (symplectic Euler on
 * thread-hang: 16 -> 11 us), and it cannot fail there: every model's phi is finite at
 * finite positions (the test every_model_is_finite_at_any_finite_positions), and these are
 * within a few body sizes of each other. */
static int divergence_reason(const sl_world *w, sl_message_list *why, int with_models) {
    sl_message_list_clear(why);
    for (int i = 0; i < 3 * w->n; i++)
        if (!isfinite(w->x[i]) || !isfinite(w->v[i]))
            return sl_message_add(why, isfinite(w->x[i]) ? "diverged.velocity_not_finite" : "diverged.position_not_finite",
                                  "node", (double)(i / 3), NULL) == SL_OK;
    double c[3];
    int far = -1;
    centre_of_mass(w, c);
    /* what gravity and the constant loads alone move a node from the others in t: a body
     * whose free nodes fall away from its pins is physics, not a blow-up */
    double t = w->t + w->dt, g = sqrt(sl_vec3_dot(w->gravity, w->gravity)), a = g;
    for (int i = 0; w->load && i < w->n; i++) a = fmax(a, g + sqrt(sl_vec3_dot(w->load + 3 * i, w->load + 3 * i)) / w->mass[i]);
    double fall = 0.5 * a * t * t;
    double r = spread(w, c, &far), bound = w->divergence_stretch * w->body_radius + fall;
    if (r > bound) {
        if (fall > 0)
            return sl_message_add(why, "diverged.flew_apart_falling", "node", (double)far, "distance", r, "stretch",
                                  w->divergence_stretch, "size", w->body_radius, "fall", fall, "t", t, NULL) == SL_OK;
        return sl_message_add(why, "diverged.flew_apart", "node", (double)far, "distance", r, "stretch",
                              w->divergence_stretch, "size", w->body_radius, NULL) == SL_OK;
    }
    double kinetic, potential;
    sl_world_motion_energy(w, &kinetic, &potential);
    if (!isfinite(kinetic) || !isfinite(potential))
        return sl_message_add(why, isfinite(kinetic) ? "diverged.potential_not_finite" : "diverged.kinetic_not_finite",
                              NULL) == SL_OK;
    if (!with_models || w->m == 0) return 0;
    sl_energy e = sl_world_energy(w);
    if (!isfinite(e.elastic)) /* NaN also when phi could not be evaluated */
        return sl_message_add(why, "diverged.shape_not_finite", NULL) == SL_OK;
    return 0;
}

/* 1 if a model of w is tetrahedral FEM (what SL_STEPPER_NEEDS_FEM steppers run). */
static int has_tet_fem(const sl_world *w) {
    for (int k = 0; k < w->model_count; k++)
        if (sl_tet_fem_is(w->models[k])) return 1;
    return 0;
}

sl_status sl_world_set_stepper(sl_world *w, const sl_stepper_class *stepper, double dt,
                               double beta) {
    if (!w || !stepper) return SL_ERR_NULL;
    if (!isfinite(dt) || !(dt > 0) || dt > SL_DT_MAX)
        return sl_world_fail_message(w, SL_ERR_RANGE, "error.dt_range", "dt", dt, "max", SL_DT_MAX, NULL);
    if (!isfinite(beta) || beta < 0 || beta > SL_BETA_MAX)
        return sl_world_fail_message(w, SL_ERR_RANGE, "error.beta_range", "beta", beta, "max", SL_BETA_MAX, NULL);
    if ((stepper->flags & SL_STEPPER_NEEDS_STIFFNESS) && sl_world_has_zero_compliance(w))
        return sl_world_fail_message(w, SL_ERR_STIFF_LIMIT, "error.needs_compliance", "stepper", stepper->name, NULL);
    for (int k = 0; (stepper->flags & SL_STEPPER_QUADRATIC_ONLY) && k < w->model_count; k++)
        if (!w->models[k]->cls->quadratic)
            return sl_world_fail_message(w, SL_ERR_INCOMPATIBLE, "error.quadratic_only", "stepper", stepper->name,
                                         "model", w->models[k]->cls->name, NULL);
    if ((stepper->flags & SL_STEPPER_NEEDS_FEM) && !has_tet_fem(w))
        return sl_world_fail_message(w, SL_ERR_INCOMPATIBLE, "error.fem_only", "stepper", stepper->name, "model",
                                     w->model_count ? w->models[0]->cls->name : "(no model)", NULL);
    sl_message_list why;
    if (divergence_reason(w, &why, 1)) { /* e.g. a mesh so large that its energy overflows: refuse before a step */
        char reason[400];
        sl_message_list_render(&why, reason, sizeof reason);
        return sl_world_fail(w, SL_ERR_NOT_FINITE, "the state at t = %g s cannot be stepped: %s", w->t, reason);
    }
    drop_stepper(w);
    w->stepper = stepper;
    w->dt = dt;
    w->beta = beta;
    w->diverged = 0;
    w->timing.dt = 0; /* the step size in use is the new dt until a step */
    sl_status st = sl_assembly_prepare(w);
    if (st == SL_OK && stepper->init) st = stepper->init(w, &w->stepper_state);
    if (st != SL_OK) {
        drop_stepper(w);
        w->stepper = NULL;
        return sl_world_fail(w, st, "could not set up stepper '%s'", stepper->name);
    }
    return SL_OK;
}

/* Appends to the divergence reason of an explicit stepper how stiff the body was in the
 * state kept (the one before the failed step) when omega_max dt there is beyond the
 * stepper's stability bound: a time step too large for the body as it then was. Found on
 * thread-suture under drags (issue 43): the scene has no damping, so each drag leaves the
 * thread vibrating and symplectic steppers keep that energy (Verlet: 0.002 J before the
 * first drag, 0.058 J before the 19th); a fast-moving end squeezes a tet, its volume
 * barrier stiffens (phi'(r) = 1 + kappa (1/r^2 - 1), softlab/thread.h), and Forest-Ruth
 * went from omega_max dt = 0.54 to 1.79 > 1.57 in four steps, then inverted the tet.
 * Costs one Lanczos run, once, when a run diverges. */
static void add_stiffness(sl_world *w) {
    double bound = w->stepper->stability_bound, omega = NAN;
    if (!(bound > 0) || !isfinite(bound) || sl_world_omega_max(w, 200, &omega) != SL_OK) return;
    if (!(omega * w->dt > bound)) return;
    if (sl_message_add(&w->diverged_message, "diverged.too_stiff", "omega_dt", omega * w->dt, "stepper",
                       w->stepper->name, "bound", bound, NULL) == SL_OK)
        sl_message_list_render(&w->diverged_message, w->diverged_reason, sizeof w->diverged_reason);
}

sl_status sl_world_step(sl_world *w) {
    if (!w) return SL_ERR_NULL;
    if (!w->stepper) return sl_world_fail(w, SL_ERR_NO_STEPPER, "call sl_world_set_stepper");
    if (w->diverged)
        return sl_world_fail(w, SL_ERR_DIVERGED, "diverged at t = %g s (%s)", w->diverged_time,
                             w->diverged_reason);
    size_t n3 = 3 * (size_t)w->n;
    memcpy(w->x_prev, w->x, n3 * sizeof(double)); /* the state at t, kept if the step fails */
    memcpy(w->v_prev, w->v, n3 * sizeof(double));
    sl_status st = w->driver ? w->driver(w, w->t + w->dt, w->driver_ctx) : SL_OK; /* the schedule at the step's end */
    const char *stage = "driver";
    if (st == SL_OK) st = sl_assembly_prepare(w), stage = "assembly";
    if (st != SL_OK) {
        memcpy(w->x, w->x_prev, n3 * sizeof(double));
        memcpy(w->v, w->v_prev, n3 * sizeof(double));
        return sl_world_fail(w, st, "%s: %s", stage, sl_status_message(st));
    }
    memset(&w->timing, 0, sizeof w->timing);
    unsigned fails = w->fail_count; /* a message the stepper leaves is its reason */

    st = w->stepper->step(w, w->stepper_state);
    if (w->timing.dt == 0) w->timing.dt = w->dt, w->timing.substeps = 1;
    /* seed 003 §5: integrate, correct positions, then resolve collisions */
    if (st == SL_OK && sl_stepper_is_explicit(w->stepper)) st = sl_world_project_constraints(w);
    /* a position-based step has its contact rows in its sweeps (world/contact_rows.c) */
    if (st == SL_OK && !(w->stepper->flags & SL_STEPPER_POSITION_BASED)) sl_world_resolve_contacts(w);

    sl_message_list *why = &w->diverged_message;
    int reason = st == SL_OK ? divergence_reason(w, why, 0) : (sl_message_list_clear(why), 0);
    /* the student's words first, the solver's detail after */
    if (st == SL_ERR_FACTOR)
        reason = sl_message_add(why, "diverged.not_positive_definite", NULL) == SL_OK, st = SL_ERR_DIVERGED;
    if (st == SL_ERR_SINGULAR) reason = sl_message_add(why, "diverged.singular", NULL) == SL_OK, st = SL_ERR_DIVERGED;
    if (st == SL_ERR_NO_CONVERGENCE && w->fail_count != fails) /* the stepper said why */
        reason = sl_message_add(why, "diverged.step_failed", "detail", w->fail_detail, NULL) == SL_OK,
        st = SL_ERR_DIVERGED;
    else if (st == SL_ERR_NO_CONVERGENCE) /* its half-solved correction would inject energy */
        reason = sl_message_add(why, "diverged.no_convergence", NULL) == SL_OK, st = SL_ERR_DIVERGED;
    if (st == SL_OK && !reason) {
        w->t += w->dt;
        return SL_OK;
    }
    /* Back to the state before this step: finite and within the criterion, so nothing shows
     * NaN, but not necessarily sound (explicit Euler on swinging-cube keeps V/V0 = -0.52
     * at 0.2 s); the page says "shown as it was before that step", not "last good". */
    memcpy(w->x, w->x_prev, n3 * sizeof(double));
    memcpy(w->v, w->v_prev, n3 * sizeof(double));
    if (!reason) return sl_world_fail(w, st, "stepper '%s' failed at t = %g s; the state is the last good one",
                                      w->stepper->name, w->t);
    w->diverged = 1;
    w->diverged_time = w->t;
    sl_message_list_render(why, w->diverged_reason, sizeof w->diverged_reason);
    add_stiffness(w);
    return sl_world_fail(w, SL_ERR_DIVERGED, "diverged at t = %g s (%s)", w->t, w->diverged_reason);
}

void sl_world_reset(sl_world *w) {
    if (!w) return;
    size_t n3 = 3 * (size_t)w->n;
    memcpy(w->x, w->x0, n3 * sizeof(double));
    memcpy(w->v, w->v0, n3 * sizeof(double));
    w->t = 0;
    w->diverged = 0;
    w->diverged_reason[0] = 0;
    sl_message_list_clear(&w->diverged_message);
    w->timing.dt = 0, w->timing.substeps = 0; /* the step size in use is the world's again */
    if (w->stepper && w->stepper->reset && w->stepper_state) w->stepper->reset(w->stepper_state);
    w->last_error[0] = 0;
    sl_message_list_clear(&w->error_message);
    sl_status st = w->driver ? w->driver(w, 0.0, w->driver_ctx) : SL_OK;
    if (st != SL_OK) sl_world_fail(w, st, "driver at reset: %s", sl_status_message(st));
}

sl_status sl_world_set_driver(sl_world *w, sl_world_driver drive, void *ctx, void (*free_ctx)(void *)) {
    if (!w) return SL_ERR_NULL;
    if (w->driver_free) w->driver_free(w->driver_ctx);
    w->driver = drive, w->driver_ctx = ctx, w->driver_free = free_ctx;
    return drive ? drive(w, w->t, ctx) : SL_OK;
}

sl_status sl_world_move_pinned(sl_world *w, int node, const double x[3]) {
    if (!w || !x) return SL_ERR_NULL;
    if (node < 0 || node >= w->n)
        return sl_world_fail_message(w, SL_ERR_INDEX, "error.node_range", "node", (double)node, "n", (double)w->n, NULL);
    if (!w->pinned[node]) return sl_world_fail_message(w, SL_ERR_RANGE, "error.not_pinned", "node", (double)node, NULL);
    if (!isfinite(x[0]) || !isfinite(x[1]) || !isfinite(x[2])) return sl_world_fail(w, SL_ERR_NOT_FINITE, "position");
    for (int c = 0; c < 3; c++) {
        w->v[3 * node + c] = (x[c] - w->x[3 * node + c]) / w->dt; /* x_{n+1} = x_n + dt v_{n+1} */
        w->x[3 * node + c] = x[c];
    }
    return SL_OK;
}


int sl_world_node_count(const sl_world *w) { return w ? w->n : 0; }
const double *sl_world_positions(const sl_world *w) { return w ? w->x : NULL; }
const double *sl_world_velocities(const sl_world *w) { return w ? w->v : NULL; }
const double *sl_world_rest_positions(const sl_world *w) { return w ? w->x0 : NULL; }
const double *sl_world_masses(const sl_world *w) { return w ? w->mass : NULL; }
double sl_world_time(const sl_world *w) { return w ? w->t : 0; }
double sl_world_dt(const sl_world *w) { return w ? w->dt : 0; }
double sl_world_beta(const sl_world *w) { return w ? w->beta : 0; }
const sl_stepper_class *sl_world_stepper(const sl_world *w) { return w ? w->stepper : NULL; }
int sl_world_model_count(const sl_world *w) { return w ? w->model_count : 0; }
int sl_world_constraint_count(const sl_world *w) { return w ? w->m : 0; }
const char *sl_world_last_error(const sl_world *w) { return w ? w->last_error : ""; }
const sl_message_list *sl_world_error_message(const sl_world *w) { return w ? &w->error_message : NULL; }
int sl_world_tracked_node(const sl_world *w) { return w ? w->tracked_node : -1; }

double sl_world_step_size(const sl_world *w) {
    if (!w) return NAN;
    return w->timing.dt > 0 ? w->timing.dt : w->dt;
}

sl_step_timing sl_world_last_timing(const sl_world *w) {
    sl_step_timing zero = {0};
    return w ? w->timing : zero;
}

const sl_model *sl_world_model(const sl_world *w, int index) {
    if (!w || index < 0 || index >= w->model_count) return NULL;
    return w->models[index];
}

int sl_world_is_pinned(const sl_world *w, int node) {
    if (!w || node < 0 || node >= w->n) return 0;
    return w->pinned[node];
}

int sl_world_diverged(const sl_world *w, double *time, const char **reason) {
    if (!w || !w->diverged) return 0;
    if (time) *time = w->diverged_time;
    if (reason) *reason = w->diverged_reason;
    return 1;
}

const sl_message_list *sl_world_diverged_message(const sl_world *w) {
    return w && w->diverged ? &w->diverged_message : NULL;
}

sl_status sl_world_set_positions(sl_world *w, const double *x) {
    if (!w || !x) return SL_ERR_NULL;
    for (int i = 0; i < 3 * w->n; i++)
        if (!isfinite(x[i])) return sl_world_fail(w, SL_ERR_NOT_FINITE, "position %d", i);
    memcpy(w->x, x, 3 * (size_t)w->n * sizeof(double));
    return SL_OK;
}

sl_status sl_world_set_mass_damping(sl_world *w, double c) {
    if (!w) return SL_ERR_NULL;
    if (!(c >= 0) || !isfinite(c)) return sl_world_fail_message(w, SL_ERR_RANGE, "error.mass_damping", "c", c, NULL);
    w->mass_damping = c;
    return SL_OK;
}

double sl_world_mass_damping(const sl_world *w) { return w ? w->mass_damping : 0; }

sl_status sl_world_set_solve_form(sl_world *w, sl_solve_form form) {
    if (!w) return SL_ERR_NULL;
    if (form < SL_SOLVE_AUTO || form > SL_SOLVE_SCHUR) return SL_ERR_RANGE;
    w->solve_form = form;
    return SL_OK;
}

sl_status sl_world_set_linear_solver(sl_world *w, sl_linear_solver solver) {
    if (!w) return SL_ERR_NULL;
    if (solver < SL_LINEAR_DEFAULT || solver >= SL_LINEAR_SOLVER_COUNT) return SL_ERR_RANGE;
    w->linear_solver = solver;
    return SL_OK;
}

/* Declared with the warping steppers it serves (softlab/warping.h). */
sl_status sl_world_set_momentum_correction(sl_world *w, int on) {
    if (!w) return SL_ERR_NULL;
    w->momentum_correction = on != 0;
    return SL_OK;
}

sl_status sl_world_set_velocities(sl_world *w, const double *v) {
    if (!w || !v) return SL_ERR_NULL;
    for (int i = 0; i < 3 * w->n; i++)
        if (!isfinite(v[i])) return sl_world_fail(w, SL_ERR_NOT_FINITE, "velocity %d", i);
    for (int i = 0; i < 3 * w->n; i++) w->v[i] = w->pinned[i / 3] ? 0 : v[i];
    return SL_OK;
}

void sl_world_restart_history(sl_world *w) {
    if (!w) return;
    w->timing.dt = 0, w->timing.substeps = 0; /* the step size in use is the world's again */
    if (w->stepper && w->stepper->reset && w->stepper_state) w->stepper->reset(w->stepper_state);
}

sl_status sl_world_restore(sl_world *w, double t, const double *x, const double *v) {
    if (!w || !x || !v) return SL_ERR_NULL;
    if (!isfinite(t) || t < 0) return sl_world_fail(w, SL_ERR_RANGE, "restored time t = %g s is not a time >= 0", t);
    for (int i = 0; i < 3 * w->n; i++) {
        if (!isfinite(x[i])) return sl_world_fail(w, SL_ERR_NOT_FINITE, "restored position %d", i);
        if (!isfinite(v[i])) return sl_world_fail(w, SL_ERR_NOT_FINITE, "restored velocity %d", i);
    }
    memcpy(w->x, x, 3 * (size_t)w->n * sizeof(double));
    for (int i = 0; i < 3 * w->n; i++) w->v[i] = w->pinned[i / 3] ? 0 : v[i];
    w->t = t;
    w->diverged = 0;
    sl_message_list_clear(&w->diverged_message);
    w->diverged_reason[0] = 0;
    w->last_error[0] = 0;
    sl_message_list_clear(&w->error_message);
    sl_world_restart_history(w);
    sl_status st = w->driver ? w->driver(w, t, w->driver_ctx) : SL_OK; /* the schedule at t */
    return st == SL_OK ? SL_OK : sl_world_fail(w, st, "driver at restore: %s", sl_status_message(st));
}

sl_status sl_world_set_tracked_node(sl_world *w, int node) {
    if (!w) return SL_ERR_NULL;
    if (node < -1 || node >= w->n)
        return sl_world_fail_message(w, SL_ERR_INDEX, "error.tracked_range", "node", (double)node, "n", (double)w->n, NULL);
    w->tracked_node = node;
    return SL_OK;
}

sl_status sl_world_set_load(sl_world *w, int node, const double f[3]) {
    if (!w || !f) return SL_ERR_NULL;
    if (node < 0 || node >= w->n) return sl_world_fail(w, SL_ERR_INDEX, "load on node %d", node);
    for (int c = 0; c < 3; c++)
        if (!isfinite(f[c])) return sl_world_fail(w, SL_ERR_NOT_FINITE, "load on node %d", node);
    if (!w->load && !(w->load = calloc(3 * (size_t)w->n, sizeof(double)))) return SL_ERR_NOMEM;
    for (int c = 0; c < 3; c++) w->load[3 * node + c] = f[c];
    return SL_OK;
}

void sl_world_clear_loads(sl_world *w) {
    if (!w) return;
    free(w->load);
    w->load = NULL;
}
