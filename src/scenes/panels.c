/* The panels of a scene's opening comparison: sl_scene_class.default_view read as the
 * page reads it (web/settings/params.js parseParams), so that the CLI and the C tests run the panels
 * a student sees (`softlab check-defaults`). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/scene.h"
#include "softlab/stepper.h"

/* The steppers the page opens with when a view names none (web/settings/params.js
 * DEFAULT_METHODS): seed 000 Fig. 2. */
static const char *const DEFAULT_METHODS[] = {"symplectic-euler", "implicit-euler", "regularized"};

/* Keys of the URL syntax that do not change what a panel simulates. */
static const char *const VIEW_ONLY_KEYS[] = {"scene", "camera", "paused", "plot", "view",
                                             "ghost", "frames", "color", "embed"};

#define MAX_VIEW 512

/* Splits text (a comma list) into values; the count, or -1 if one is not a number or there
 * are more than max. */
static int parse_numbers(const char *text, double *out, int max) {
    int k = 0;
    const char *s = text;
    for (;;) {
        if (k == max) return -1;
        char *end = NULL;
        out[k] = strtod(s, &end);
        if (end == s || !isfinite(out[k]) || (*end != ',' && *end != 0)) return -1;
        k++;
        if (*end == 0) return k;
        s = end + 1;
    }
}

/* Reads worker_groups ("0,0,1,1") into the n panels' group; 0 unless it is one integer in
 * [0, n) per panel. */
static int read_groups(const char *text, sl_scene_panel *panels, int n) {
    double g[SL_SCENE_MAX_PANELS];
    if (parse_numbers(text, g, SL_SCENE_MAX_PANELS) != n) return 0;
    for (int i = 0; i < n; i++) {
        if (g[i] != floor(g[i]) || g[i] < 0 || g[i] >= n) return 0;
        panels[i].group = (int)g[i];
    }
    return 1;
}

/* Spreads values (one, or one per panel) over count panels; 0 if their number fits neither. */
static int spread(const double *values, int n, int count, double *out) {
    if (n != 1 && n != count) return 0;
    for (int i = 0; i < count; i++) out[i] = values[n == 1 ? 0 : i];
    return 1;
}

sl_status sl_scene_default_panels(const sl_scene_class *sc, sl_scene_panel *panels, int *count) {
    if (count) *count = 0;
    if (!sc || !panels || !count) return SL_ERR_NULL;
    char view[MAX_VIEW];
    const char *text = sc->default_view ? sc->default_view : "";
    if (strlen(text) >= sizeof view) return SL_ERR_RANGE;
    strcpy(view, text);
    /* pass 1: the methods */
    int n = 0;
    const char *methods = NULL;
    for (char *s = view; *s;) {
        char *amp = strchr(s, '&');
        if (!strncmp(s, "methods=", 8)) methods = s + 8;
        if (!amp) break;
        *amp = 0, s = amp + 1;
    }
    /* view now holds NUL-separated key=value items */
    const sl_stepper_class *stepper[SL_SCENE_MAX_PANELS];
    if (methods && *methods) {
        char list[MAX_VIEW];
        strcpy(list, methods);
        for (char *name = strtok(list, ","); name; name = strtok(NULL, ",")) {
            if (n == SL_SCENE_MAX_PANELS || !(stepper[n] = sl_stepper_find(name))) return SL_ERR_RANGE;
            n++;
        }
    } else {
        for (int k = 0; k < 3; k++) stepper[n++] = sl_stepper_find(DEFAULT_METHODS[k]);
    }
    if (n == 0) return SL_ERR_RANGE;
    for (int i = 0; i < n; i++) {
        panels[i].stepper = stepper[i];
        panels[i].dt = sc->default_dt;
        panels[i].beta = sc->default_beta;
        panels[i].params = sl_scene_params_default();
        panels[i].unstable = (sc->unstable_panels >> i) & 1;
        panels[i].group = -1;
    }
    if (sc->unstable_panels >> n) return SL_ERR_RANGE; /* a flag on a panel that is not there */
    if (sc->worker_groups && !read_groups(sc->worker_groups, panels, n)) return SL_ERR_RANGE;
    /* pass 2: dt, beta and the scene parameters */
    size_t len = strlen(text);
    for (size_t at = 0; at < len; at += strlen(view + at) + 1) {
        char *item = view + at, *eq = strchr(item, '=');
        if (!eq) return SL_ERR_RANGE;
        *eq = 0;
        const char *key = item, *value = eq + 1;
        int ignored = !strcmp(key, "methods");
        for (size_t k = 0; k < sizeof VIEW_ONLY_KEYS / sizeof VIEW_ONLY_KEYS[0]; k++)
            ignored |= !strcmp(key, VIEW_ONLY_KEYS[k]);
        if (ignored) {
            *eq = '=';
            continue;
        }
        double v[SL_SCENE_MAX_PANELS], per[SL_SCENE_MAX_PANELS];
        int m = parse_numbers(value, v, SL_SCENE_MAX_PANELS);
        if (m < 0 || !spread(v, m, n, per)) return SL_ERR_RANGE;
        int p = sl_param_find(key);
        for (int i = 0; i < n; i++) {
            if (!strcmp(key, "dt")) {
                if (!(per[i] > 0 && per[i] <= 1)) return SL_ERR_RANGE;
                panels[i].dt = per[i];
            } else if (!strcmp(key, "beta")) {
                if (!(per[i] >= 0)) return SL_ERR_RANGE;
                panels[i].beta = per[i];
            } else if (p >= 0 && (sc->params & SL_PARAM_BIT(p))) {
                if (sl_scene_params_set(&panels[i].params, (sl_param)p, per[i]) != SL_OK) return SL_ERR_RANGE;
            } else {
                return SL_ERR_RANGE; /* unknown key, or a parameter the scene does not read */
            }
        }
        *eq = '=';
    }
    *count = n;
    return SL_OK;
}

const char *const sl_scene_race_steppers[SL_RACE_STEPPER_COUNT] = {"symplectic-euler", "verlet", "forest-ruth", "rk4"};

/* x rounded to `digits` significant digits exactly as printed (the page's URL has them so) */
static double printed(double x, int digits) {
    char text[32];
    snprintf(text, sizeof text, "%.*g", digits, x);
    return strtod(text, NULL);
}

double sl_scene_explode_dt(double omega_max) {
    if (!(omega_max > 0) || !isfinite(omega_max)) return NAN;
    double dt = SL_EXPLODE_OMEGA_DT / omega_max, unit = pow(10, floor(log10(dt)) - 2);
    dt = printed(ceil(dt / unit - 1e-9) * unit, 3);
    return dt < SL_DT_MIN_PAGE ? SL_DT_MIN_PAGE : dt > SL_DT_MAX ? SL_DT_MAX : dt;
}

double sl_scene_race_dt(double omega_max, double dt_default) {
    if (!(omega_max > 0) || !isfinite(omega_max)) return dt_default;
    double dt = SL_RACE_OMEGA_DT / omega_max, unit = pow(10, floor(log10(dt)) - 1);
    dt = printed(floor(dt / unit + 1e-9) * unit, 2);
    return dt < dt_default ? dt : dt_default;
}
