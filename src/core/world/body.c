/* The body record of a world (elements, surface, edges) and the overall
 * constraint strength: what scenes say about a world beyond its models. */
#define SL_WORLD_INTERNAL /* world/world_internal.h: the world's own files */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/tet_fem.h"
#include "world/assembly.h"
#include "world/world_internal.h"

void sl_body_free(sl_body *b) {
    free(b->tets), free(b->tris), free(b->edges), free(b->rest);
    memset(b, 0, sizeof *b);
}

/* A copy of count * width ints that must all be nodes of w; NULL with *st set on error. */
static int *copy_nodes(sl_world *w, const int *a, int count, int width, const char *what, sl_status *st) {
    if (*st != SL_OK) return NULL;
    for (int i = 0; i < count * width; i++)
        if (a[i] < 0 || a[i] >= w->n) {
            *st = sl_world_fail(w, SL_ERR_INDEX, "%s %d names node %d, not in [0, %d)", what, i / width, a[i], w->n);
            return NULL;
        }
    int *c = malloc(sizeof(int) * (size_t)(count * width + 1));
    if (!c) *st = SL_ERR_NOMEM;
    else if (count) memcpy(c, a, sizeof(int) * (size_t)(count * width));
    return c;
}

sl_status sl_world_set_body(sl_world *w, const sl_body_def *d) {
    if (!w || !d) return SL_ERR_NULL;
    if ((d->tet_count > 0 && !d->tets) || (d->tri_count > 0 && !d->tris) || (d->edge_count > 0 && !d->edges))
        return sl_world_fail(w, SL_ERR_NULL, "body: an array is missing");
    int per_cell = d->tets_per_cell ? d->tets_per_cell : 1;
    if (d->tet_count < 0 || d->tri_count < 0 || d->edge_count < 0 || per_cell < 1 || d->tet_count % per_cell)
        return sl_world_fail(w, SL_ERR_RANGE, "body: counts %d, %d, %d, %d tets per cell", d->tet_count,
                             d->tri_count, d->edge_count, per_cell);
    const double *rest = d->rest_positions ? d->rest_positions : w->x0;
    sl_status st = SL_OK;
    sl_body b = {0};
    b.tets = copy_nodes(w, d->tets, d->tet_count, 4, "tet", &st);
    b.tris = copy_nodes(w, d->tris, d->tri_count, 3, "triangle", &st);
    b.edges = copy_nodes(w, d->edges, d->edge_count, 2, "edge", &st);
    if (st == SL_OK && d->rest_positions) { /* kept for the warping steppers' K0 and f_w */
        b.rest = malloc(sizeof(double) * 3 * (size_t)w->n);
        if (!b.rest) st = SL_ERR_NOMEM;
        else memcpy(b.rest, d->rest_positions, sizeof(double) * 3 * (size_t)w->n);
    }
    b.tet_count = d->tet_count, b.tets_per_cell = per_cell, b.tri_count = d->tri_count, b.edge_count = d->edge_count;
    for (int t = 0; st == SL_OK && t < b.tet_count; t++) {
        const int *n = b.tets + 4 * t;
        double v = sl_tet_volume(rest, n[0], n[1], n[2], n[3]);
        if (!(v > 0)) st = sl_world_fail(w, SL_ERR_DEGENERATE, "body: tet %d has rest volume %g m³", t, v);
        b.rest_volume += v;
    }
    if (st != SL_OK) {
        sl_body_free(&b);
        return st;
    }
    sl_body_free(&w->body);
    w->body = b;
    return SL_OK;
}

int sl_world_triangle_count(const sl_world *w) { return w ? w->body.tri_count : 0; }
const int *sl_world_triangles(const sl_world *w) { return w ? w->body.tris : NULL; }
int sl_world_edge_count(const sl_world *w) { return w ? w->body.edge_count : 0; }
const int *sl_world_edges(const sl_world *w) { return w ? w->body.edges : NULL; }
int sl_world_tet_count(const sl_world *w) { return w ? w->body.tet_count : 0; }
const int *sl_world_tets(const sl_world *w) { return w ? w->body.tets : NULL; }
int sl_world_tets_per_cell(const sl_world *w) { return w && w->body.tets_per_cell ? w->body.tets_per_cell : 1; }

sl_status sl_world_set_strength(sl_world *w, double scale) {
    if (!w) return SL_ERR_NULL;
    if (!isfinite(scale) || !(scale > 0)) return sl_world_fail(w, SL_ERR_RANGE, "strength %g must be > 0", scale);
    double f = w->strength / scale;
    for (int k = 0; k < w->model_count; k++) {
        sl_model *m = w->models[k];
        for (int i = 0; i < sl_model_constraint_count(m); i++) m->compliance[i] *= f;
    }
    w->strength = scale;
    sl_assembly_refresh_compliance(w);
    return SL_OK;
}

double sl_world_strength(const sl_world *w) { return w ? w->strength : NAN; }
