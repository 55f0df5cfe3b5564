/* Velocity Verlet (seed 003 §6; Hairer, Lubich & Wanner, Geometric Numerical
 * Integration, §I.1.4), kick-drift-kick with the end acceleration cached:
 *     v_h = v + dt/2 a_n;  x' = x + dt v_h;  a_{n+1} = a(x', v_h + dt/2 a_n);
 *     v' = v_h + dt/2 a_{n+1}
 * One force evaluation per step while the cache holds. The damping term of a_{n+1} reads
 * the predicted velocity v + dt a_n (second order); without damping this is exactly the
 * textbook scheme. On x'' = -omega^2 x: determinant 1, trace 2 - (omega dt)^2, stable for
 * omega dt < 2.
 *
 * The cache is used only when everything a depends on is as the last step left it: x and
 * v (reset, set_positions, move_pinned, drivers, contact projection all change them), the
 * assembly's pattern version (pins, models), every compliance (strength), gravity, mass
 * damping, loads and the grab (nodes, weights, offsets, target, k). Otherwise a_n is evaluated
 * afresh, so the cache never changes the trajectory, only the cost. */
#include <stdlib.h>
#include <string.h>

#include "steppers/stages.h"

typedef struct {
    sl_stages *stages; /* buf[0] a_n, buf[1] x at the cache, buf[2] v at the cache */
    int valid;
    int version, m, grab_count;
    double gravity[3], damping, grab_k, grab_target[3];
    double *alpha, *load, *grab; /* copies: double[m], double[3n], and per grabbed node
                                  * (node, weight, offset xyz): double[5 grab_count] */
    int alpha_capacity, load_capacity, grab_capacity, has_load;
} verlet_state;

static void destroy(void *state) {
    verlet_state *s = state;
    if (!s) return;
    sl_stages_destroy(s->stages);
    free(s->alpha);
    free(s->load);
    free(s->grab);
    free(s);
}

static sl_status init(sl_world *w, void **state) {
    verlet_state *s = calloc(1, sizeof *s);
    if (!s) return SL_ERR_NOMEM;
    sl_status st = sl_stages_create(w, 3, &s->stages);
    if (st != SL_OK) {
        destroy(s);
        return st;
    }
    *state = s;
    return SL_OK;
}

static void reset(void *state) { ((verlet_state *)state)->valid = 0; }

static int same(const double *a, const double *b, int count) {
    if (count == 0) return 1;
    if (!a || !b) return a == b;
    return memcmp(a, b, sizeof(double) * (size_t)count) == 0;
}

/* The grab's nodes, weights and offsets as g (double[5 count]) holds them; with fill,
 * writes them there instead. */
static int grab_record(const sl_force_inputs *f, double *g, int fill) {
    for (int i = 0; i < f->grab_count; i++) {
        double r[5] = {f->grab_node[i], f->grab_weight[i], f->grab_offset[3 * i], f->grab_offset[3 * i + 1],
                       f->grab_offset[3 * i + 2]};
        if (fill) memcpy(g + 5 * i, r, sizeof r);
        else if (memcmp(g + 5 * i, r, sizeof r)) return 0;
    }
    return 1;
}

static int same_grab(const sl_force_inputs *f, double *g) { return grab_record(f, g, 0); }

/* 1 if the cached a_n is a at the world's present state and force field. */
static int cache_holds(sl_world *w, const verlet_state *s) {
    const sl_stages *g = s->stages;
    sl_force_inputs f = sl_stepper_force_inputs(w);
    int n3 = 3 * sl_world_node_count(w), m = sl_world_constraint_count(w);
    return s->valid && s->version == sl_stepper_pattern_version(w) && s->m == m &&
           same(g->buf[1], sl_stepper_x(w), n3) && same(g->buf[2], sl_stepper_v(w), n3) &&
           same(s->gravity, f.gravity, 3) && s->damping == f.mass_damping &&
           same(s->alpha, sl_stepper_alpha(w), m) && s->has_load == (f.load != NULL) &&
           (!f.load || same(s->load, f.load, n3)) && s->grab_count == f.grab_count &&
           s->grab_k == f.grab_k && same(s->grab_target, f.grab_target, 3) && same_grab(&f, s->grab);
}

/* Grows *p to hold count doubles (kept between steps); 0 when out of memory. */
static int reserve(double **p, int *capacity, int count) {
    if (count <= *capacity) return 1;
    double *q = realloc(*p, sizeof(double) * (size_t)count);
    if (!q) return 0;
    *p = q, *capacity = count;
    return 1;
}

/* Records what the cached a_{n+1} was computed under. Returns 0 when out of memory
 * (the cache then stays invalid: correct, only slower). */
static int cache_store(sl_world *w, verlet_state *s) {
    sl_force_inputs f = sl_stepper_force_inputs(w);
    int n = sl_world_node_count(w), m = sl_world_constraint_count(w);
    size_t n3 = 3 * (size_t)n;
    s->valid = 0;
    if (!reserve(&s->alpha, &s->alpha_capacity, m) || (f.load && !reserve(&s->load, &s->load_capacity, 3 * n)) ||
        !reserve(&s->grab, &s->grab_capacity, 5 * f.grab_count))
        return 0;
    if (m) memcpy(s->alpha, sl_stepper_alpha(w), sizeof(double) * (size_t)m);
    if (f.load) memcpy(s->load, f.load, sizeof(double) * n3);
    grab_record(&f, s->grab, 1);
    s->has_load = f.load != NULL;
    sl_stages_copy(w, s->stages->buf[1], sl_stepper_x(w));
    sl_stages_copy(w, s->stages->buf[2], sl_stepper_v(w));
    s->version = sl_stepper_pattern_version(w), s->m = m;
    memcpy(s->gravity, f.gravity, sizeof s->gravity);
    s->damping = f.mass_damping;
    s->grab_count = f.grab_count, s->grab_k = f.grab_k;
    memcpy(s->grab_target, f.grab_target, sizeof s->grab_target);
    s->valid = 1;
    return 1;
}

static sl_status step(sl_world *w, void *state) {
    verlet_state *s = state;
    sl_stages *g = s->stages;
    double *x = sl_stepper_x(w), *v = sl_stepper_v(w);
    double dt = sl_world_dt(w), *a = g->buf[0], *v_pred = g->buf[2];
    sl_stages_begin(w, g);
    if (!cache_holds(w, s)) sl_stages_acceleration(w, g, x, v, a); /* a_n */
    s->valid = 0;
    sl_stages_axpy(w, v, v, 0.5 * dt, a);        /* v_h = v + dt/2 a_n          */
    sl_stages_axpy(w, x, x, dt, v);              /* x' = x + dt v_h             */
    sl_stages_copy(w, v_pred, v);
    sl_stages_axpy(w, v_pred, v, 0.5 * dt, a);   /* v + dt a_n, for the damping */
    sl_stages_acceleration(w, g, x, v_pred, a);  /* a_{n+1}                     */
    sl_stages_axpy(w, v, v, 0.5 * dt, a);        /* v' = v_h + dt/2 a_{n+1}     */
    cache_store(w, s);
    sl_stages_end(w, g);
    return SL_OK;
}

const sl_stepper_class sl_stepper_verlet = {
    .name = "verlet",
    .title = "Velocity Verlet",
    .citation = "seed 003 §6; Hairer-Lubich-Wanner §I.1.4",
    .flags = SL_STEPPER_NEEDS_STIFFNESS,
    .force_evaluations = 1,
    .stability_bound = 2,
    .init = init,
    .step = step,
    .destroy = destroy,
    .reset = reset,
};
