/* `softlab check-defaults` (issue 26): every panel of every scene's opening comparison
 * (sl_scene_default_panels, the panels the page opens with), and the lab's "explicit
 * integrator race" preset (web/settings/presets.js) on every scene where it is feasible, each run for
 * SL_SCENE_CHECK_SECONDS of simulated time as `softlab run` runs it: no divergence
 * (sl_world_step) and the core's verdict never 'growing' (sl_world_judge) is "bounded". A
 * panel flagged in the scene's unstable_panels must blow up (diverge or warn); every other
 * panel must stay bounded. One line per panel; exit 0 if every line is "ok", 1 if not, 2 on
 * bad arguments.
 *
 *   softlab check-defaults [--scene NAME] [--panel I] [--race] [--t-end S]
 *   softlab check-defaults --list
 *
 * --panel I runs panel I (0-based) only, --race the race preset instead of the opening
 * comparison (tools/check_defaults.sh runs them in parallel; `make check-defaults`). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "text.h"
#include "softlab/scene.h"
#include "softlab/stepper.h"

/* The race is skipped where a 30 s run would take more steps than this (stiff meshes:
 * hours natively; the page runs them, slowly). */
#define RACE_MAX_STEPS 100000L

typedef struct {
    int diverged, grew, refused; /* outcome */
    double time;                 /* s: when it diverged or first warned */
    char why[160];
} outcome;

/* Runs scene sc with params at stepper/dt/beta for t_end seconds as `softlab run` does. */
static void run_panel(const sl_scene_class *sc, const sl_scene_params *params, const sl_stepper_class *stepper,
                      double dt, double beta, double t_end, outcome *o) {
    memset(o, 0, sizeof *o);
    o->time = NAN;
    sl_world *w = NULL;
    sl_status st = sl_scene_build(sc, params, &w);
    if (st == SL_OK) st = sl_world_set_stepper(w, stepper, dt, beta);
    if (st != SL_OK) {
        o->refused = 1;
        snprintf(o->why, sizeof o->why, "%s", w ? sl_world_last_error(w) : sl_status_message(st));
        sl_world_destroy(w);
        return;
    }
    sl_verdict verdict;
    sl_verdict_reset(&verdict);
    sl_world_judge(w, &verdict);
    long steps = lround(t_end / dt);
    for (long s = 0; s < steps; s++) {
        if (sl_world_step(w) != SL_OK) {
            const char *reason = NULL;
            o->diverged = 1;
            if (!sl_world_diverged(w, &o->time, &reason)) o->time = sl_world_time(w);
            snprintf(o->why, sizeof o->why, "%s", sl_world_last_error(w));
            break;
        }
        if (!o->grew && sl_world_judge(w, &verdict) == SL_VERDICT_GROWING) {
            o->grew = 1;
            if (isnan(o->time)) o->time = verdict.since;
        }
    }
    sl_world_destroy(w);
}

/* Prints one line; returns 1 if it is as expected. */
static int report(const char *scene, const char *what, int panel, const sl_stepper_class *stepper, double dt,
                  double beta, int unstable, const outcome *o) {
    char result[96];
    int bounded = !o->diverged && !o->grew && !o->refused;
    if (o->refused) snprintf(result, sizeof result, "refused the scene");
    else if (o->diverged) snprintf(result, sizeof result, "diverged at %.3f s%s", o->time, o->grew ? " (warned)" : "");
    else if (o->grew) snprintf(result, sizeof result, "energy warning at %.3f s", o->time);
    else snprintf(result, sizeof result, "bounded");
    /* a race panel that refuses the scene (rows of compliance 0: the explicit steppers run
     * none) is not a run; an opening panel must run */
    int ok = unstable ? !bounded && !o->refused : bounded || (o->refused && !strcmp(what, "race"));
    printf("%-24s %-8s %d %-26s dt %-8.3g beta %-4g expect %-8s %-34s %s\n", scene, what, panel, stepper->name, dt,
           beta, unstable ? "blow-up" : "bounded", result, ok ? "ok" : "FAIL");
    if (o->refused && strcmp(what, "race")) printf("    (%s)\n", o->why);
    fflush(stdout);
    return ok;
}

static int check_scene(const sl_scene_class *sc, int only_panel, int race, double t_end) {
    sl_scene_panel panels[SL_SCENE_MAX_PANELS];
    int count = 0, ok = 1;
    if (sl_scene_default_panels(sc, panels, &count) != SL_OK) {
        printf("%-24s %-8s - cannot read its default_view '%s' or unstable_panels %#x  FAIL\n", sc->name, "view",
               sc->default_view ? sc->default_view : "", sc->unstable_panels);
        return 0;
    }
    if (!race) {
        for (int i = 0; i < count; i++) {
            if (only_panel >= 0 && i != only_panel) continue;
            outcome o;
            run_panel(sc, &panels[i].params, panels[i].stepper, panels[i].dt, panels[i].beta, t_end, &o);
            ok &= report(sc->name, "default", i, panels[i].stepper, panels[i].dt, panels[i].beta, panels[i].unstable, &o);
        }
        return ok;
    }
    /* the race: panel 1's parameters, omega_max of panel 1 at rest (as the page's preset) */
    sl_world *w = NULL;
    double omega = NAN;
    if (sl_scene_build(sc, &panels[0].params, &w) == SL_OK &&
        sl_world_set_stepper(w, panels[0].stepper, panels[0].dt, panels[0].beta) == SL_OK &&
        sl_world_omega_max(w, 2000, &omega) != SL_OK)
        omega = NAN;
    sl_world_destroy(w);
    if (!(omega > 0) || !isfinite(omega)) { /* alpha = 0 rows: the explicit steppers refuse them */
        printf("%-24s %-8s - no race: panel 1 has no finite omega_max (rows of compliance 0, which the "
               "explicit steppers refuse)\n", sc->name, "race");
        return 1;
    }
    double dt = sl_scene_race_dt(omega, sc->default_dt);
    if (t_end / dt > RACE_MAX_STEPS) {
        printf("%-24s %-8s - race dt %.3g s (omega_max %.4g rad/s): %.0f steps a panel, skipped (over %ld)\n", sc->name,
               "race", dt, omega, t_end / dt, RACE_MAX_STEPS);
        return 1;
    }
    for (int i = 0; i < SL_RACE_STEPPER_COUNT; i++) {
        if (only_panel >= 0 && i != only_panel) continue;
        outcome o;
        const sl_stepper_class *st = sl_stepper_find(sl_scene_race_steppers[i]);
        run_panel(sc, &panels[0].params, st, dt, 0, t_end, &o);
        ok &= report(sc->name, "race", i, st, dt, 0, 0, &o);
    }
    return ok;
}

/* --list: one line per run, "NAME I" (panel I of the opening comparison) and "NAME I race"
 * (panel I of the race preset), for tools/check_defaults.sh to run in parallel. */
static int list_runs(void) {
    for (int i = 0; i < sl_scene_count; i++) {
        sl_scene_panel panels[SL_SCENE_MAX_PANELS];
        int count = 0;
        if (sl_scene_default_panels(sl_scenes[i], panels, &count) != SL_OK) count = 1; /* reports it */
        for (int k = 0; k < count; k++) printf("%s %d\n", sl_scenes[i]->name, k);
        for (int k = 0; k < 4; k++) printf("%s %d race\n", sl_scenes[i]->name, k);
    }
    return 0;
}

int softlab_check_defaults(int argc, char **argv) {
    const char *scene = NULL;
    int panel = -1, race = 0;
    if (argc == 3 && !strcmp(argv[2], "--list")) return list_runs();
    double t_end = SL_SCENE_CHECK_SECONDS;
    for (int i = 2; i < argc; i++) {
        if (!strcmp(argv[i], "--race")) race = 1;
        else if (i + 1 < argc && !strcmp(argv[i], "--scene")) scene = argv[++i];
        else if (i + 1 < argc && !strcmp(argv[i], "--panel")) panel = atoi(argv[++i]);
        else if (i + 1 < argc && !strcmp(argv[i], "--t-end")) t_end = strtod(argv[++i], NULL);
        else {
            fprintf(stderr, "usage: softlab check-defaults [--scene NAME] [--panel I] [--race] [--t-end S]\n");
            return 2;
        }
    }
    if (!(t_end > 0 && t_end <= 1e4) || panel < -1 || panel >= SL_SCENE_MAX_PANELS) {
        fprintf(stderr, "softlab: check-defaults: --t-end in (0, 1e4] s, --panel 0..%d\n", SL_SCENE_MAX_PANELS - 1);
        return 2;
    }
    if (scene && !sl_scene_find(scene)) {
        fprintf(stderr, "softlab: unknown scene '%s' (see 'softlab scenes')\n", cli_shown(scene));
        return 2;
    }
    int ok = 1;
    for (int i = 0; i < sl_scene_count; i++)
        if (!scene || !strcmp(scene, sl_scenes[i]->name)) ok &= check_scene(sl_scenes[i], panel, race, t_end);
    return ok ? 0 : 1;
}
