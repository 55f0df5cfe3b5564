#include "test_util.h"

#include <math.h>
#include <stddef.h>

sl_world *make_cube(const char *method, double dt) {
    sl_scene_params p = sl_scene_params_default();
    sl_world *w = NULL;
    if (sl_scene_find("swinging-cube")->build(&p, &w) != SL_OK) return NULL;
    if (sl_world_set_stepper(w, sl_stepper_find(method), dt, 0.0) != SL_OK) {
        sl_world_destroy(w);
        return NULL;
    }
    return w;
}

sl_world *make_free_cube(void) {
    sl_scene_params p = sl_scene_params_default();
    p.gravity = 0;
    sl_world *w = NULL;
    if (sl_scene_find("swinging-cube")->build(&p, &w) != SL_OK) return NULL;
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
