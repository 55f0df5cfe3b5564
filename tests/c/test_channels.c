/* The channel table (softlab/channels.h, issue 44 item 6): one list of measured quantities
 * for the page's chart and the command-line CSV. Each value is checked against the getter
 * it reads, computed the other way; which channels apply is checked on worlds of each kind;
 * the CSV column is the name with its SI unit. */
#include <stdlib.h>
#include <string.h>

#include "softlab/channels.h"
#include "softlab/model.h"
#include "softlab/scene.h"
#include "softlab/stepper.h"
#include "softlab/tet_fem.h"
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

/* The verdict's evaluation serves the measures of the state it judged (issue 42: the
 * Worker's sample every 2 ms): after each of 12 steps judged as the page judges them
 * (sl_world_judge), sl_world_channels_known with the verdict's elastic energy and
 * violation gives every channel bit for bit as sl_world_channels; the verdict evaluated the
 * state under the steppers that are not linearized (stiffness warping per vertex and per
 * element, implicit Euler, the regularized and incompressible steppers, symplectic Euler
 * on a grid solid and on springs) and not under linear FEM. The volume ratio and inverted
 * cells of that one pass are the tets' own, counted here (grid-rubber-ball: cells of 6
 * tets), and the elastic energy and max|phi| of sl_world_energy_and_violation's one pass
 * over phi are those of a pass for each (sl_world_evaluate's phi). */
TEST(channels_known_are_the_evaluated_ones_bit_for_bit) {
    const struct { const char *scene, *method; double dt; int evaluates; } runs[] = {
        {"warp-tube-drop", "stiffness-warping", 0.001, 1}, {"warp-tube-drop", "stiffness-warping-element", 0.002, 1},
        {"warp-tube-drop", "implicit-euler", 0.002, 1},    {"warp-tube-drop", "linear-fem", 0.002, 0},
        {"onering-torus-drop", "regularized", 0.001, 1},   {"onering-torus-drop", "incompressible", 0.001, 1},
        {"grid-rubber-ball", "symplectic-euler", 2e-4, 1}, {"swinging-cube", "regularized", 0.05, 1},
    };
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        sl_world *w = scene_world(runs[r].scene, runs[r].method, runs[r].dt);
        ENSURE(w);
        if (!w) continue;
        sl_verdict verdict;
        sl_verdict_reset(&verdict);
        sl_world_judge(w, &verdict);
        int same = 1, evaluated = 0;
        for (int s = 0; s < 12; s++) {
            ENSURE(sl_world_step(w) == SL_OK);
            sl_world_judge(w, &verdict);
            evaluated += verdict.evaluated;
            if (!verdict.evaluated) continue;
            double known[SL_CHANNEL_MAX], fresh[SL_CHANNEL_MAX];
            ENSURE(sl_world_channels_known(w, verdict.elastic, verdict.violation, known) == sl_channel_count());
            ENSURE(sl_world_channels(w, fresh) == sl_channel_count());
            same &= memcmp(known, fresh, sizeof(double) * (size_t)sl_channel_count()) == 0;
        }
        ENSURE(same && evaluated == (runs[r].evaluates ? 12 : 0));
        /* the one pass's volume and inverted cells against the tets counted here */
        const int *tet = sl_world_tets(w);
        const double *x = sl_world_positions(w), *x0 = sl_world_rest_positions(w);
        int per_cell = sl_world_tets_per_cell(w), count = 0;
        double v = 0, v0 = 0;
        for (int c = 0; c < sl_world_tet_count(w) / per_cell; c++) {
            int inverted = 0;
            for (int t = c * per_cell; t < (c + 1) * per_cell; t++) {
                const int *n = tet + 4 * t;
                inverted |= !(sl_tet_volume(x, n[0], n[1], n[2], n[3]) > 0);
            }
            count += inverted;
        }
        for (int t = 0; t < sl_world_tet_count(w); t++) {
            const int *n = tet + 4 * t;
            v += sl_tet_volume(x, n[0], n[1], n[2], n[3]), v0 += sl_tet_volume(x0, n[0], n[1], n[2], n[3]);
        }
        ENSURE(sl_world_inverted_cells(w) == count && fabs(sl_world_volume_ratio(w) - v / v0) < 1e-12);
        /* the energy's one pass over phi: its sums as two passes give them (fmax's max) */
        int m = sl_world_constraint_count(w), row = 0;
        double *phi = malloc(sizeof(double) * (size_t)(m + 1)), elastic = 0, worst = 0, violation = NAN;
        ENSURE(phi && sl_world_evaluate(w, x, phi, NULL) == SL_OK);
        for (int k = 0; phi && k < sl_world_model_count(w); k++) {
            const sl_model *md = sl_world_model(w, k);
            for (int i = 0; i < sl_model_constraint_count(md); i++, row++)
                if (md->compliance[i] > 0) elastic += 0.5 * phi[row] * phi[row] / md->compliance[i];
        }
        for (int i = 0; phi && i < m; i++) worst = fmax(worst, fabs(phi[i]));
        ENSURE(row == m && sl_world_energy_and_violation(w, &violation).elastic == elastic && violation == worst);
        free(phi);
        printf("    %s, %s: %d of 12 states evaluated by the verdict, V/V0 %.9f, %d tets in cells of %d\n", runs[r].scene,
               runs[r].method, evaluated, sl_world_volume_ratio(w), sl_world_tet_count(w), per_cell);
        sl_world_destroy(w);
    }
    double v[SL_CHANNEL_MAX];
    ENSURE(sl_world_channels_known(NULL, 0, 0, v) == 0);
}
