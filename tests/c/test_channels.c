/* The channel table (softlab/channels.h, issue 44 item 6): one list of measured quantities
 * for the page's chart and the command-line CSV. Each value is checked against the getter
 * it reads, computed the other way; which channels apply is checked on worlds of each kind;
 * the CSV column is the name with its SI unit. */
#include <stdlib.h>
#include <string.h>

#include "softlab/channels.h"
#include "softlab/scene.h"
#include "softlab/stepper.h"
#include "softlab/warping.h"
#include "softlab/world.h"
#include "test.h"

static int channel_index(const char *name) {
    for (int i = 0; i < sl_channel_count(); i++)
        if (!strcmp(sl_channel_get(i)->name, name)) return i;
    return -1;
}

static sl_world *scene_world(const char *scene, const char *method, double dt) {
    sl_world *w = NULL;
    if (sl_scene_build(sl_scene_find(scene), NULL, &w) != SL_OK) return NULL;
    if (method && sl_world_set_stepper(w, sl_stepper_find(method), dt, 0) != SL_OK) sl_world_destroy(w), w = NULL;
    return w;
}

/* Replaces the first `from` in text (of size bytes) by `to`, if it fits. */
static void replace_first(char *text, size_t size, const char *from, const char *to) {
    char *at = strstr(text, from);
    size_t tail = at ? strlen(at + strlen(from)) : 0;
    if (!at || (size_t)(at - text) + strlen(to) + tail + 1 > size) return;
    memmove(at + strlen(to), at + strlen(from), tail + 1);
    memcpy(at, to, strlen(to));
}

/* Names unique; the CSV column is the name, or the name and its unit with "/" and "·"
 * written "_per_" and "_" (the page's CSV rule for its own quantities); every text set. */
TEST(channel_table_names_columns_and_units) {
    int n = sl_channel_count();
    ENSURE(n >= 15 && n <= SL_CHANNEL_MAX && sl_channel_get(n) == NULL && sl_channel_get(-1) == NULL);
    for (int i = 0; i < n; i++) {
        const sl_channel *c = sl_channel_get(i);
        char want[96];
        ENSURE(c->name && c->column && c->label && c->unit);
        if (c->unit[0]) {
            snprintf(want, sizeof want, "%s_%s", c->name, c->unit);
            replace_first(want, sizeof want, "/", "_per_"); /* m/s -> m_per_s (none of the core's today) */
            replace_first(want, sizeof want, "·", "_");     /* N·m -> N_m */
        } else snprintf(want, sizeof want, "%s", c->name);
        if (strcmp(c->column, want)) printf("    %s: column %s, want %s\n", c->name, c->column, want);
        ENSURE(!strcmp(c->column, want));
        for (int j = 0; j < i; j++) ENSURE(strcmp(sl_channel_get(j)->name, c->name) != 0);
    }
}

/* Each value is the getter's: the tracked node's coordinates, the energies (sl_world_energy
 * by another call), the volume ratio, the step size; after 10 steps of the swinging cube
 * under the regularized stepper (dt = 0.05 s); NaN iterations before the first step. */
TEST(channel_values_are_the_getters) {
    sl_world *w = scene_world("swinging-cube", "regularized", 0.05);
    ENSURE(w);
    if (!w) return;
    double v[SL_CHANNEL_MAX];
    ENSURE(sl_world_channels(w, v) == sl_channel_count());
    ENSURE(isnan(v[channel_index("solver_iterations")]));
    for (int s = 0; s < 10; s++) ENSURE(sl_world_step(w) == SL_OK);
    ENSURE(sl_world_channels(w, v) == sl_channel_count());
    sl_energy e = sl_world_energy(w);
    int node = sl_world_tracked_node(w);
    const double *x = sl_world_positions(w);
    ENSURE(node >= 0);
    ENSURE(v[channel_index("height")] == x[3 * node + 1] && v[channel_index("x")] == x[3 * node]);
    ENSURE(v[channel_index("z")] == x[3 * node + 2]);
    ENSURE(v[channel_index("total")] == e.total && v[channel_index("kinetic")] == e.kinetic);
    ENSURE(v[channel_index("elastic")] == e.elastic && v[channel_index("potential")] == e.potential);
    ENSURE(v[channel_index("volume_ratio")] == sl_world_volume_ratio(w));
    ENSURE(v[channel_index("step_size")] == 0.05 && v[channel_index("inverted_cells")] == 0);
    ENSURE(v[channel_index("solver_iterations")] == sl_world_last_timing(w).iterations);
    ENSURE(isnan(v[channel_index("ghost_force")]) && isnan(v[channel_index("thickness_ratio")]));
    printf("    swinging cube at t = %.2f s: height %.6f m, total %.6f J\n", sl_world_time(w), x[3 * node + 1], e.total);
    ENSURE(sl_world_channels(NULL, v) == 0 && sl_world_channels(w, NULL) == 0);
    sl_world_destroy(w);
}

/* Which channels apply: the oscillator (no tets) has no volume ratio or inverted cells;
 * warp-bar under stiffness warping has the ghost force, which after a step is
 * sl_world_warping_ghost's |F|, and under linear FEM too, but not under implicit Euler;
 * onering-squeeze has the thickness, and after 5 incompressible steps of 0.1 ms it is
 * sl_world_thickness_ratio's (0.9995: the plates close at 0.1 m/s each on the 0.2 m ball). */
TEST(channels_apply_by_body_and_stepper) {
    int vol = channel_index("volume_ratio"), inv = channel_index("inverted_cells"), ghost = channel_index("ghost_force");
    int thick = channel_index("thickness_ratio"), height = channel_index("height");
    sl_world *osc = scene_world("oscillator", NULL, 0);
    ENSURE(osc && !sl_channel_applies(vol, osc) && !sl_channel_applies(inv, osc) && sl_channel_applies(height, osc));
    ENSURE(!sl_channel_applies(ghost, osc) && !sl_channel_applies(thick, osc));
    ENSURE(!sl_channel_applies(-1, osc) && !sl_channel_applies(height, NULL));
    sl_world_destroy(osc);
    const char *methods[3] = {"stiffness-warping", "linear-fem", "implicit-euler"};
    for (int k = 0; k < 3; k++) {
        sl_world *w = scene_world("warp-bar", methods[k], 0.01);
        ENSURE(w && sl_channel_applies(vol, w) && sl_channel_applies(ghost, w) == (k < 2));
        if (!w) continue;
        ENSURE(sl_world_step(w) == SL_OK);
        double v[SL_CHANNEL_MAX], F[3], T[3];
        sl_world_channels(w, v);
        if (k < 2) {
            ENSURE(sl_world_warping_ghost(w, F, T) == SL_OK);
            ENSURE(v[ghost] == sqrt(F[0] * F[0] + F[1] * F[1] + F[2] * F[2]));
        } else ENSURE(isnan(v[ghost]));
        sl_world_destroy(w);
    }
    sl_world *sq = scene_world("onering-squeeze", "incompressible", 1e-4);
    ENSURE(sq && sl_channel_applies(thick, sq));
    if (!sq) return;
    for (int s = 0; s < 5; s++) ENSURE(sl_world_step(sq) == SL_OK);
    double v[SL_CHANNEL_MAX];
    sl_world_channels(sq, v);
    ENSURE(v[thick] == sl_world_thickness_ratio(sq) && fabs(v[thick] - 0.9995) < 1e-12);
    sl_world_destroy(sq);
}
