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
static int grab_record(const sl_world *w, double *g, int fill) {
    for (int i = 0; i < w->grab.count; i++) {
        double r[5] = {w->grab.node[i], w->grab.weight[i], w->grab.offset[3 * i], w->grab.offset[3 * i + 1],
                       w->grab.offset[3 * i + 2]};
        if (fill) memcpy(g + 5 * i, r, sizeof r);
        else if (memcmp(g + 5 * i, r, sizeof r)) return 0;
    }
    return 1;
}

static int same_grab(const sl_world *w, double *g) { return grab_record(w, g, 0); }

/* 1 if the cached a_n is a at the world's present state and force field. */
static int cache_holds(const sl_world *w, const verlet_state *s) {
    const sl_stages *g = s->stages;
    int n3 = 3 * w->n;
    return s->valid && s->version == w->assembly.version && s->m == w->m &&
           same(g->buf[1], w->x, n3) && same(g->buf[2], w->v, n3) &&
           same(s->gravity, w->gravity, 3) && s->damping == w->mass_damping &&
           same(s->alpha, w->assembly.alpha, w->m) && s->has_load == (w->load != NULL) &&
           (!w->load || same(s->load, w->load, n3)) && s->grab_count == w->grab.count &&
           s->grab_k == w->grab.k && same(s->grab_target, w->grab.target, 3) && same_grab(w, s->grab);
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
static int cache_store(const sl_world *w, verlet_state *s) {
    size_t n3 = 3 * (size_t)w->n;
    s->valid = 0;
    if (!reserve(&s->alpha, &s->alpha_capacity, w->m) || (w->load && !reserve(&s->load, &s->load_capacity, 3 * w->n)) ||
        !reserve(&s->grab, &s->grab_capacity, 5 * w->grab.count))
        return 0;
    if (w->m) memcpy(s->alpha, w->assembly.alpha, sizeof(double) * (size_t)w->m);
    if (w->load) memcpy(s->load, w->load, sizeof(double) * n3);
    grab_record(w, s->grab, 1);
    s->has_load = w->load != NULL;
    sl_stages_copy(w, s->stages->buf[1], w->x);
    sl_stages_copy(w, s->stages->buf[2], w->v);
    s->version = w->assembly.version, s->m = w->m;
    memcpy(s->gravity, w->gravity, sizeof s->gravity);
    s->damping = w->mass_damping;
    s->grab_count = w->grab.count, s->grab_k = w->grab.k;
    memcpy(s->grab_target, w->grab.target, sizeof s->grab_target);
    s->valid = 1;
    return 1;
}

static sl_status step(sl_world *w, void *state) {
    verlet_state *s = state;
    sl_stages *g = s->stages;
    double dt = w->dt, *a = g->buf[0], *v_pred = g->buf[2];
    sl_stages_begin(w, g);
    if (!cache_holds(w, s)) sl_stages_acceleration(w, g, w->x, w->v, a); /* a_n */
    s->valid = 0;
    sl_stages_axpy(w, w->v, w->v, 0.5 * dt, a);     /* v_h = v + dt/2 a_n              */
    sl_stages_axpy(w, w->x, w->x, dt, w->v);        /* x' = x + dt v_h                 */
    sl_stages_copy(w, v_pred, w->v);
    sl_stages_axpy(w, v_pred, w->v, 0.5 * dt, a);   /* v + dt a_n, for the damping     */
    sl_stages_acceleration(w, g, w->x, v_pred, a);  /* a_{n+1}                         */
    sl_stages_axpy(w, w->v, w->v, 0.5 * dt, a);     /* v' = v_h + dt/2 a_{n+1}         */
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
