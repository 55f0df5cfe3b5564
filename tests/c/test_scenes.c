/* The scene table: every scene states a default for each parameter it reads, inside
 * the parameter table's range, and builds from it; an override reaches the world. */
#include <math.h>
#include <string.h>

#include "softlab/model.h"
#include "softlab/build.h"
#include "softlab/papers.h"
#include "softlab/scene.h"
#include "softlab/stepper.h"
#include "test.h"

TEST(scene_defaults_are_complete_and_in_range) {
    for (int s = 0; s < sl_scene_count; s++) {
        const sl_scene_class *sc = sl_scenes[s];
        sl_scene_params r = sl_scene_params_resolve(sc, NULL);
        for (int i = 0; i < SL_PARAM_COUNT; i++) {
            const sl_param_info *info = &sl_param_infos[i];
            if (!(sc->params & SL_PARAM_BIT(i))) continue;
            double v = sl_scene_params_get(&r, (sl_param)i);
            if (!sl_param_valid((sl_param)i, v))
                test_fail(__FILE__, __LINE__, "%s: default %s = %g not in [%g, %g]", sc->name,
                          info->name, v, info->min, info->max);
        }
        sl_world *w = NULL;
        ENSURE(sl_scene_build(sc, NULL, &w) == SL_OK);
        sl_world_destroy(w);
    }
}

/* The parameter table: names found back, choices of the grid variant by name. */
TEST(scene_parameter_table_names_and_choices) {
    for (int i = 0; i < SL_PARAM_COUNT; i++) ENSURE(sl_param_find(sl_param_infos[i].name) == i);
    ENSURE(sl_param_find("youngs") == -1 && sl_param_find(NULL) == -1);
    ENSURE(sl_param_choice(SL_PARAM_GRID_VARIANT, "improved") == 1);
    ENSURE(sl_param_choice(SL_PARAM_GRID_VARIANT, "pillars") == 4);
    ENSURE(sl_param_choice(SL_PARAM_GRID_VARIANT, "squishy") == -1);
    ENSURE(sl_param_choice(SL_PARAM_DENSITY, "improved") == -1);
    ENSURE(sl_param_valid(SL_PARAM_RESOLUTION, 16) && !sl_param_valid(SL_PARAM_RESOLUTION, 17));
}

/* Swinging cube (seed 000 §3) with k = 2e5 N m: a spring's compliance is 1/k. */
TEST(scene_override_reaches_the_world) {
    const sl_scene_class *sc = sl_scene_find("swinging-cube");
    sl_scene_params p = sl_scene_params_default();
    ENSURE(sl_scene_params_set(&p, SL_PARAM_SPRING_STIFFNESS, 2e5) == SL_OK);
    sl_world *w = NULL;
    ENSURE(sl_scene_build(sc, &p, &w) == SL_OK);
    ENSURE_NEAR(sl_world_model(w, 0)->compliance[0], 1.0 / 2e5, 1e-18);
    sl_world_destroy(w);
    ENSURE(sl_scene_build(sc, NULL, &w) == SL_OK);
    ENSURE_NEAR(sl_world_model(w, 0)->compliance[0], 1.0 / 1e5, 1e-18);
    sl_world_destroy(w);
}

/* The default run of a scene: its stepper and dt, until t_end (s); NULL on failure. */
static sl_world *default_run(const char *name) {
    const sl_scene_class *sc = sl_scene_find(name);
    sl_world *w = NULL;
    if (!sc || sl_scene_build(sc, NULL, &w) != SL_OK) return NULL;
    if (sl_world_set_stepper(w, sl_stepper_find(sc->default_method), sc->default_dt, 0) != SL_OK)
        sl_world_destroy(w), w = NULL;
    return w;
}

/* The oscillator (seed 003) for 30 s at its defaults (symplectic Euler, dt = 0.01 s,
 * omega dt = z = 0.1): bounded, and exactly as the scheme predicts: it keeps
 * v^2 + omega^2 u^2 - z omega u v (u = x - 1), so from rest at u = 0.1 m the true energy
 * stays in [E0/(1 + z/2), E0/(1 - z/2)] with E0 = 0.5 J. */
TEST(scene_oscillator_bounded_30_s_at_defaults) {
    sl_world *w = default_run("oscillator");
    ENSURE(w != NULL);
    if (!w) return;
    double e0 = sl_world_energy(w).total, lo = INFINITY, hi = -INFINITY;
    ENSURE_NEAR(e0, 0.5, 1e-15);
    for (int s = 0; s < 3000; s++) {
        ENSURE(sl_world_step(w) == SL_OK);
        double e = sl_world_energy(w).total;
        lo = fmin(lo, e), hi = fmax(hi, e);
    }
    printf("  oscillator: energy in [%.9f, %.9f] J over 30 s, bounds [%.9f, %.9f]\n", lo, hi, e0 / 1.05, e0 / 0.95);
    ENSURE(lo >= e0 / 1.05 - 1e-12 && hi <= e0 / 0.95 + 1e-12);
    ENSURE(lo < e0 / 1.05 + 1e-4 && hi > e0 / 0.95 - 1e-4); /* and it swings through them */
    sl_world_destroy(w);
}

/* The pendulum (seed 003 Fig. 4-5) for 30 s at its defaults (symplectic Euler, dt = 5 ms):
 * bounded energy (within 0.1 J of E0, the swing carries m g L/2 = 4.9 J), the rod within
 * 1 % of its length, and the period of a rigid 1 m pendulum released at 60 degrees,
 * T = 4 sqrt(L/g) K(sin 30 deg) = 2.1529 s, within 0.5 % (the rod stretches by up to
 * 0.25 % under the swing's tension). Period from the bob's crossings of x = 0 toward -x. */
TEST(scene_pendulum_bounded_30_s_at_defaults) {
    sl_world *w = default_run("pendulum");
    ENSURE(w != NULL);
    if (!w) return;
    double e0 = sl_world_energy(w).total, worst = 0, rod_lo = INFINITY, rod_hi = 0;
    double x_prev = sl_world_positions(w)[3], first = NAN, last = NAN;
    int crossings = 0;
    for (int s = 0; s < 6000; s++) {
        ENSURE(sl_world_step(w) == SL_OK);
        const double *x = sl_world_positions(w);
        double r = sqrt(x[3] * x[3] + x[4] * x[4] + x[5] * x[5]), t = sl_world_time(w);
        worst = fmax(worst, fabs(sl_world_energy(w).total - e0));
        rod_lo = fmin(rod_lo, r), rod_hi = fmax(rod_hi, r);
        if (x_prev > 0 && x[3] <= 0) { /* interpolated crossing time */
            double tc = t - sl_world_dt(w) * x[3] / (x[3] - x_prev);
            if (crossings++ == 0) first = tc;
            last = tc;
        }
        x_prev = x[3];
    }
    double k = sin(3.14159265358979323846 / 6), a = 1, b = sqrt(1 - k * k);
    for (int i = 0; i < 20; i++) { /* K(k) = pi / (2 AGM(1, sqrt(1 - k^2))) */
        double m = 0.5 * (a + b);
        b = sqrt(a * b), a = m;
    }
    double T_rigid = 4 * sqrt(1 / 9.81) * 3.14159265358979323846 / (2 * a), T = (last - first) / (crossings - 1);
    printf("  pendulum: period %.5f s (rigid rod %.5f s), |E - E0| <= %.4f J, rod in [%.5f, %.5f] m\n", T,
           T_rigid, worst, rod_lo, rod_hi);
    ENSURE(crossings >= 13);
    ENSURE_NEAR(T / T_rigid, 1.0, 0.005);
    ENSURE(worst < 0.1 && rod_lo > 0.99 && rod_hi < 1.01);
    sl_world_destroy(w);
}

/* Every scene opens on a plot that moves (issue 26 item 5: the oscillator opened on the
 * tracked node's height, 0 throughout; it moves along x). The plot is default_view's
 * plot= (the page's chart quantity; none: height). Checked here: the tracked node's plots,
 * height and position ('position' is its x on the oscillator, its y elsewhere, as
 * web/core/phase.js takes it), sampled each step for 0.5 s of the scene's default stepper, Δt
 * and β: the node must move by more than 1 mm. (Volume ratios and energies are the
 * comparisons' point; an incompressible panel's flat V/V0 is what it shows.) */
TEST(scene_opens_on_a_plot_that_moves) {
    for (int s = 0; s < sl_scene_count; s++) {
        const sl_scene_class *sc = sl_scenes[s];
        const char *view = sc->default_view ? strstr(sc->default_view, "plot=") : NULL;
        char plot[32] = "height";
        if (view) sscanf(view + 5, "%31[a-z_]", plot);
        if (!sc->build || (strcmp(plot, "height") && strcmp(plot, "position"))) continue;
        sl_world *w = NULL;
        ENSURE(sl_scene_build(sc, NULL, &w) == SL_OK);
        if (!w) continue;
        double beta = isnan(sc->default_beta) ? 0 : sc->default_beta;
        ENSURE(sl_world_set_stepper(w, sl_stepper_find(sc->default_method), sc->default_dt, beta) == SL_OK);
        int axis = !strcmp(plot, "position") && !strcmp(sc->name, "oscillator") ? 0 : 1;
        int tracked = sl_world_tracked_node(w), steps = (int)ceil(fmin(0.5, sc->default_t_end) / sc->default_dt);
        double lo = INFINITY, hi = -INFINITY;
        for (int k = 0; k <= steps; k++) {
            if (k > 0 && sl_world_step(w) != SL_OK) break;
            double q = sl_world_positions(w)[3 * tracked + axis];
            lo = fmin(lo, q), hi = fmax(hi, q);
        }
        if (!(hi - lo > 1e-3))
            test_fail(__FILE__, __LINE__, "%s opens on %s, which does not move (%g .. %g m over %d steps of %s)",
                      sc->name, plot, lo, hi, steps, sc->default_method);
        sl_world_destroy(w);
    }
}

/* A page cites the paper, never softlab's seed number (softlab/papers.h): "seed NNN" becomes
 * the paper's short citation, the bare word seed "paper", nothing else changes, the output is truncated to fit, and no
 * scene's or stepper's citation or description keeps a "seed 00N" once rendered. */
TEST(paper_reader_text_names_the_papers) {
    char out[256];
    ENSURE(strcmp(sl_paper_reader_text("seed 000 eq. 16-17", out, sizeof out), "Servin et al. 2006 eq. 16-17") == 0);
    ENSURE(strcmp(sl_paper_reader_text("as seed 001's body (seed 004 §6)", out, sizeof out),
                  "as Irving et al. 2007's body (Kelager et al. 2005 §6)") == 0);
    ENSURE(strcmp(sl_paper_reader_text("seed 007, seed 0001, seeds 000", out, sizeof out), "seed 007, seed 0001, seeds 000") == 0);
    ENSURE(strcmp(sl_paper_reader_text("the seed's pile (the seed: 0.5 %); beyond the seed. Seeds, seeded, linseed",
                                       out, sizeof out),
                  "the paper's pile (the paper: 0.5 %); beyond the paper. Papers, seeded, linseed") == 0);
    ENSURE(strcmp(sl_paper_reader_text("seed 002", out, 10), "Müller e") == 0);
    ENSURE(strcmp(sl_paper_reader_text("seed 002", out, 3), "M") == 0); /* not half of the ü */
    ENSURE(strcmp(sl_paper_reader_text(NULL, out, sizeof out), "") == 0);
    ENSURE(sl_paper_reader_text("x", out, 0) == NULL);
    ENSURE(sl_paper_short(SL_PAPER_COUNT) == NULL && sl_paper_reference(-1) == NULL);
    for (int i = 0; i < sl_scene_count; i++) {
        char d[4096];
        ENSURE(strstr(sl_paper_reader_text(sl_scenes[i]->citation, out, sizeof out), "seed 00") == NULL);
        ENSURE(strstr(sl_paper_reader_text(sl_scenes[i]->description, d, sizeof d), "seed") == NULL);
    }
    for (int i = 0; i < sl_stepper_count; i++)
        ENSURE(strstr(sl_paper_reader_text(sl_steppers[i]->citation, out, sizeof out), "seed 00") == NULL);
    ENSURE(strstr(sl_paper_reader_text(sl_scene_user_mesh.description, out, sizeof out), "seed 00") == NULL);
}
