#include "test_util.h"

#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

sl_world *make_cube(const char *method, double dt) {
    sl_scene_params p = sl_scene_params_default();
    sl_world *w = NULL;
    if (sl_scene_build(sl_scene_find("swinging-cube"), &p, &w) != SL_OK) return NULL;
    if (sl_world_set_stepper(w, sl_stepper_find(method), dt, 0.0) != SL_OK) {
        sl_world_destroy(w);
        return NULL;
    }
    return w;
}

sl_world *make_free_cube(void) {
    sl_scene_params p = sl_scene_params_default();
    p.value[SL_PARAM_GRAVITY] = 0;
    sl_world *w = NULL;
    if (sl_scene_build(sl_scene_find("swinging-cube"), &p, &w) != SL_OK) return NULL;
    sl_world_pin(w, 2, 0);
    return w;
}

double first_minimum_time(sl_world *w, double t_end) {
    int node = sl_world_tracked_node(w);
    double y0 = sl_world_positions(w)[3 * node + 1], y1 = y0, t1 = 0;
    int steps = (int)lround(t_end / sl_world_dt(w));
    for (int s = 0; s < steps; s++) {
        if (sl_world_step(w) != SL_OK) return NAN;
        double y2 = sl_world_positions(w)[3 * node + 1];
        if (s > 0 && y1 < y0 && y1 <= y2) {
            double h = sl_world_dt(w), d = y0 - 2 * y1 + y2;
            return t1 + (d != 0 ? 0.5 * h * (y0 - y2) / d : 0);
        }
        y0 = y1, y1 = y2, t1 = sl_world_time(w);
    }
    return NAN;
}

int step_n(sl_world *w, int n) {
    for (int s = 0; s < n; s++)
        if (sl_world_step(w) != SL_OK) return s;
    return n;
}

double fd_jacobian_error(const sl_model *m, double *x, int max_blocks, double h) {
    int rows = sl_model_block_row_count(m), nd = 3 * m->block_nodes, r = m->block_rows;
    double *J = malloc(sizeof(double) * (size_t)(m->block_count * r * nd));
    double *pp = malloc(sizeof(double) * (size_t)rows), *pm = malloc(sizeof(double) * (size_t)rows), worst = 0;
    m->cls->evaluate(m, x, NULL, J);
    for (int b = 0; b < m->block_count && b < max_blocks; b++)
        for (int col = 0; col < nd; col++) {
            double *xd = x + 3 * m->block_node[b * m->block_nodes + col / 3] + col % 3, keep = *xd;
            *xd = keep + h;
            m->cls->evaluate(m, x, pp, NULL);
            *xd = keep - h;
            m->cls->evaluate(m, x, pm, NULL);
            *xd = keep;
            for (int k = 0; k < r; k++)
                worst = fmax(worst, fabs((pp[b * r + k] - pm[b * r + k]) / (2 * h) - J[(b * r + k) * nd + col]));
        }
    free(J), free(pp), free(pm);
    return worst;
}

double fd_geometric_error(const sl_model *m, double *x, const double *w, double h) {
    int nd = 3 * m->block_nodes, r = m->block_rows;
    double *H = malloc(sizeof(double) * (size_t)(m->block_count * nd * nd));
    double *Jp = malloc(sizeof(double) * (size_t)(m->block_count * r * nd));
    double *Jm = malloc(sizeof(double) * (size_t)(m->block_count * r * nd)), worst = 0;
    m->cls->geometric_stiffness(m, x, w, H);
    for (int b = 0; b < m->block_count; b++)
        for (int col = 0; col < nd; col++) {
            double *xd = x + 3 * m->block_node[b * m->block_nodes + col / 3] + col % 3, keep = *xd;
            *xd = keep + h;
            m->cls->evaluate(m, x, NULL, Jp);
            *xd = keep - h;
            m->cls->evaluate(m, x, NULL, Jm);
            *xd = keep;
            for (int i = 0; i < nd; i++) { /* d/dx_col of (J^T w)_i */
                double fd = 0;
                for (int k = 0; k < r; k++) fd += w[b * r + k] * (Jp[(b * r + k) * nd + i] - Jm[(b * r + k) * nd + i]) / (2 * h);
                worst = fmax(worst, fabs(fd - H[b * nd * nd + i * nd + col]));
            }
        }
    free(H), free(Jp), free(Jm);
    return worst;
}

double claim_extra_value(const sl_claim_result *r, const char *name) {
    for (int i = 0; i < r->extra_count; i++)
        if (!strcmp(r->extra[i].name, name)) return r->extra[i].value;
    return NAN;
}

double spun_energy_growth(sl_world *w, int steps) {
    int n = sl_world_node_count(w);
    const double *x = sl_world_positions(w);
    double *v = malloc(sizeof(double) * 3 * (size_t)n), grown = 0;
    if (!v) return NAN;
    for (int i = 0; i < n; i++)
        v[3 * i] = x[3 * i + 2] + x[3 * i + 1] - 1, v[3 * i + 1] = 0, v[3 * i + 2] = -x[3 * i];
    sl_status st = sl_world_set_velocities(w, v);
    free(v);
    if (st != SL_OK) return NAN;
    double e0 = sl_world_energy(w).total;
    for (int s = 0; s < steps && sl_world_step(w) == SL_OK; s++) grown = fmax(grown, sl_world_energy(w).total / e0);
    return sl_world_diverged(w, NULL, NULL) ? INFINITY : grown;
}
