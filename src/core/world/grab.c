/* Grab: a user's drag as a spring force toward a moving target (softlab/world.h). */
#define SL_WORLD_INTERNAL /* world/world_internal.h: the world's own files */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "world/world_internal.h"

void sl_world_release(sl_world *w) {
    if (!w) return;
    free(w->grab.node);
    free(w->grab.weight);
    free(w->grab.offset);
    memset(&w->grab, 0, sizeof w->grab);
}

static sl_status check_grab(const sl_world *w, const int *nodes, const double *weights,
                            const double *offsets, int count, const double target[3], double k) {
    if (!nodes || !weights || !target) return SL_ERR_NULL;
    if (count < 1 || !(k >= 0)) return SL_ERR_RANGE;
    if (!isfinite(k)) return SL_ERR_NOT_FINITE;
    for (int i = 0; i < count; i++) {
        if (nodes[i] < 0 || nodes[i] >= w->n) return SL_ERR_INDEX;
        if (!(weights[i] >= 0 && weights[i] <= 1)) return SL_ERR_RANGE;
    }
    for (int c = 0; c < 3; c++)
        if (!isfinite(target[c])) return SL_ERR_NOT_FINITE;
    for (int i = 0; offsets && i < 3 * count; i++)
        if (!isfinite(offsets[i])) return SL_ERR_NOT_FINITE;
    return SL_OK;
}

sl_status sl_world_grab(sl_world *w, const int *nodes, const double *weights,
                        const double *offsets, int count, const double target[3], double k) {
    if (!w) return SL_ERR_NULL;
    sl_status st = check_grab(w, nodes, weights, offsets, count, target, k);
    if (st != SL_OK) return sl_world_fail(w, st, "grab of %d nodes with k = %g N/m", count, k);
    sl_world_release(w);
    w->grab.node = malloc(sizeof(int) * (size_t)count);
    w->grab.weight = malloc(sizeof(double) * (size_t)count);
    w->grab.offset = calloc(3 * (size_t)count, sizeof(double));
    if (!w->grab.node || !w->grab.weight || !w->grab.offset) {
        sl_world_release(w);
        return SL_ERR_NOMEM;
    }
    memcpy(w->grab.node, nodes, sizeof(int) * (size_t)count);
    memcpy(w->grab.weight, weights, sizeof(double) * (size_t)count);
    if (offsets) memcpy(w->grab.offset, offsets, sizeof(double) * 3 * (size_t)count);
    memcpy(w->grab.target, target, sizeof w->grab.target);
    w->grab.k = k;
    w->grab.count = count;
    return SL_OK;
}

sl_status sl_world_grab_move(sl_world *w, const double target[3]) {
    if (!w || !target) return SL_ERR_NULL;
    for (int c = 0; c < 3; c++)
        if (!isfinite(target[c])) return sl_world_fail(w, SL_ERR_NOT_FINITE, "grab target");
    memcpy(w->grab.target, target, sizeof w->grab.target);
    return SL_OK;
}

int sl_world_grab_count(const sl_world *w) { return w ? w->grab.count : 0; }

void sl_world_add_grab_force(const sl_world *w, const double *x, double *force) {
    for (int i = 0; i < w->grab.count; i++) {
        int node = w->grab.node[i];
        double kw = w->grab.k * w->grab.weight[i];
        for (int c = 0; c < 3; c++) /* F = k w (target + offset - x) */
            force[3 * node + c] +=
                kw * (w->grab.target[c] + w->grab.offset[3 * i + c] - x[3 * node + c]);
    }
}
