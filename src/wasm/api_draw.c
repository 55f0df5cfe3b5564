/* softlab's wasm API, drawing part: a WebGL2 canvas per panel, the camera, picking
 * and the mouse spring. See api.c for the conventions (handles, statuses, strings). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"
#include "softlab/world.h"

/* ---- drawing ------------------------------------------------------------------------ */

/* Creates a WebGL2 context on the canvas found by the CSS selector (e.g. "#view-1")
 * and a renderer in it. preserve_drawing_buffer: 1 keeps the last frame readable
 * (tests, screenshots). Errors: SL_ERR_NULL (bad handle), SL_ERR_RANGE (no canvas, or
 * no WebGL2), SL_ERR_NOMEM (shaders failed); see sl_api_last_error(0). */
API int sl_api_attach_canvas(int h, const char *selector, int preserve_drawing_buffer) {
    panel *p = get(h);
    if (!p) return SL_ERR_NULL;
    if (p->gl) return SL_OK;
    EmscriptenWebGLContextAttributes attrs;
    emscripten_webgl_init_context_attributes(&attrs);
    attrs.majorVersion = 2;
    attrs.minorVersion = 0;
    attrs.alpha = 0;
    attrs.depth = 1;
    attrs.stencil = 1;
    attrs.antialias = 1;
    attrs.premultipliedAlpha = 0;
    attrs.preserveDrawingBuffer = preserve_drawing_buffer ? 1 : 0;
    EMSCRIPTEN_WEBGL_CONTEXT_HANDLE ctx = emscripten_webgl_create_context(selector, &attrs);
    if (ctx <= 0) {
        set_error("could not create a WebGL2 context on '%s' (error %d)", selector, (int)ctx);
        return SL_ERR_RANGE;
    }
    emscripten_webgl_make_context_current(ctx);
    p->render = sl_render_create();
    if (!p->render) {
        emscripten_webgl_destroy_context(ctx);
        set_error("WebGL2 shaders failed to compile (see the console)");
        return SL_ERR_NOMEM;
    }
    p->gl = ctx;
    sl_render_set_color(p->render, p->color[0], p->color[1], p->color[2]);
    return SL_OK;
}

/* Surface colour of the panel, components in [0, 1]. */
API void sl_api_set_color(int h, double r, double g, double b) {
    panel *p = get(h);
    if (!p) return;
    p->color[0] = r, p->color[1] = g, p->color[2] = b;
    if (p->render) sl_render_set_color(p->render, r, g, b);
}

/* A camera distance (m) that frames the panel's scene. */
API double sl_api_view_distance(int h) { return sl_render_default_distance(world_of(h)); }

/* Shows the panel as a combination of SL_VIEW_* bits (src/render/render.h; VIEW in
 * web/lab-api.js): 1 shaded surface, 2 wireframe (every element edge, the surface
 * translucent or, without 1, hidden), 4 rest-shape ghost, 8 colour map (the field of
 * sl_api_set_color_field). Default 1 | 8. Unknown bits are ignored; so is a panel
 * without a canvas (attach one first; sl_api_view then reads 0). */
API void sl_api_set_view(int h, int flags) {
    panel *p = get(h);
    if (p && p->render) sl_render_set_view(p->render, flags);
}

/* The panel's SL_VIEW_* bits (0 for a bad handle or no canvas). */
API int sl_api_view(int h) {
    panel *p = get(h);
    return p ? sl_render_view(p->render) : 0;
}

/* Evaluates the panel's colour field now: its extent, its colour range, and (with a
 * canvas) the colours of the next draw. The automatic range is the union of the robust
 * ranges (sl_field_range) of every evaluation since it restarted: it only widens, so a
 * colour means one value over time, until the field changes or the panel's time goes
 * back (reset, new stepper, rebuild). */
static void update_field(panel *p) {
    int n = sl_world_node_count(p->world);
    p->range[0] = p->range[1] = NAN;
    double t = sl_world_time(p->world);
    if (p->auto_world != p->world || t < p->auto_time) p->auto_valid = 0;
    p->auto_world = p->world, p->auto_time = t;
    if (!p->field || n < 1) {
        if (p->render) sl_render_set_field(p->render, NULL, 0, 0, 0, 0);
        return;
    }
    double *v = malloc(sizeof(double) * (size_t)n);
    if (!v) return;
    if (sl_world_node_field(p->world, p->field, v) != SL_OK)
        for (int i = 0; i < n; i++) v[i] = NAN; /* drawn grey, range NaN */
    double r[2];
    if (sl_field_range(p->field, v, n, &r[0], &r[1]) == SL_OK) {
        if (p->auto_valid)
            r[0] = fmin(r[0], p->auto_range[0]), r[1] = fmax(r[1], p->auto_range[1]);
        p->auto_range[0] = r[0], p->auto_range[1] = r[1], p->auto_valid = 1;
    }
    if (p->auto_valid) p->range[0] = p->auto_range[0], p->range[1] = p->auto_range[1];
    if (!isnan(p->field_lo)) p->range[0] = p->field_lo;
    if (!isnan(p->field_hi)) p->range[1] = p->field_hi;
    if (p->render)
        sl_render_set_field(p->render, v, n, p->range[0], p->range[1], p->field == SL_FIELD_VOLUME_CHANGE);
    free(v);
}

/* Colours the panel's surface by a per-node field (shown while the view has bit 8):
 * field 0 none, 1 strain energy density (J/m^3, viridis), 2 volume change V/V0 - 1
 * (blue-white-red centred at 0), mapped from [lo, hi] in the field's unit; lo or hi NaN:
 * automatic, a robust range of the panel's values kept until reset (see update_field).
 * The page passes one range to every panel so that colours compare. Evaluated at once,
 * so sl_api_color_range_* answer before the next draw. Errors: SL_ERR_NULL, SL_ERR_RANGE
 * (unknown field, or lo >= hi). */
API int sl_api_set_color_field(int h, int field, double lo, double hi) {
    panel *p = get(h);
    if (!p) return SL_ERR_NULL;
    if (field < SL_FIELD_NONE || field >= SL_FIELD_COUNT)
        return set_error("unknown colour field %d", field), SL_ERR_RANGE;
    if (!isnan(lo) && !isnan(hi) && !(lo < hi))
        return set_error("colour range [%g, %g] is empty", lo, hi), SL_ERR_RANGE;
    if (field != p->field) p->auto_valid = 0;
    p->field = field;
    p->field_lo = lo, p->field_hi = hi;
    update_field(p);
    return SL_OK;
}

/* The colour range in use (field units): what the legend shows, from the last
 * evaluation (sl_api_set_color_field or a draw). NaN with no field, or when the field
 * has no finite value (e.g. no closed surface). */
API double sl_api_color_range_lo(int h) { panel *p = get(h); return p && p->field ? p->range[0] : NAN; }
API double sl_api_color_range_hi(int h) { panel *p = get(h); return p && p->field ? p->range[1] : NAN; }

/* The panel's own automatic range (see update_field), kept up to date also while an
 * explicit range is in use: the page widens one shared range over these. NaN with no
 * field or no finite value. */
static double auto_end(int h, int k) {
    panel *p = get(h);
    return p && p->field && p->auto_valid ? p->auto_range[k] : NAN;
}
API double sl_api_field_auto_lo(int h) { return auto_end(h, 0); }
API double sl_api_field_auto_hi(int h) { return auto_end(h, 1); }

/* Draws the panel into its canvas (drawing-buffer size) from camera yaw, pitch (rad),
 * distance (m; <= 0 means sl_api_view_distance) and pan (m, world axes: moves the point
 * the camera orbits away from the scene's framing centre; pass the same pan to
 * sl_api_project, sl_api_pick and sl_api_unproject so they agree with the picture).
 * Makes the panel's context current first. Errors: SL_ERR_NULL (bad handle or no canvas
 * attached). */
API int sl_api_draw(int h, double yaw, double pitch, double distance, double pan_x, double pan_y,
                    double pan_z) {
    panel *p = get(h);
    if (!p || !p->gl) return SL_ERR_NULL;
    if (emscripten_webgl_make_context_current(p->gl) != EMSCRIPTEN_RESULT_SUCCESS)
        return SL_ERR_NULL;
    int width = 0, height = 0;
    emscripten_webgl_get_drawing_buffer_size(p->gl, &width, &height);
    update_field(p);
    const double pan[3] = {pan_x, pan_y, pan_z};
    sl_render_draw(p->render, p->world, width, height, yaw, pitch, distance, pan);
    return SL_OK;
}

/* ---- mouse: picking and grabbing ---------------------------------------------------- */

static double vec_out[3]; /* result of sl_api_project / sl_api_unproject */

static int buffer_size(const panel *p, int *width, int *height) {
    *width = *height = 0;
    if (p->gl) emscripten_webgl_get_drawing_buffer_size(p->gl, width, height);
    return *width > 0 && *height > 0;
}

/* Drawing-buffer pixel (x, y from the top-left) and view depth (m) of node i of the
 * panel, with the camera (yaw, pitch, distance, pan) of sl_api_draw: a pointer to double[3], or 0 (no canvas, bad
 * node, or behind the camera). Read it before the next call. */
API const double *sl_api_project(int h, int node, double yaw, double pitch, double distance,
                                 double pan_x, double pan_y, double pan_z) {
    panel *p = get(h);
    const double pan[3] = {pan_x, pan_y, pan_z};
    int width, height;
    if (!p || !buffer_size(p, &width, &height) || node < 0 || node >= sl_world_node_count(p->world))
        return NULL;
    const double *x = sl_world_positions(p->world) + 3 * node;
    return sl_render_project(p->world, width, height, yaw, pitch, distance, pan, x, vec_out) ? vec_out
                                                                                       : NULL;
}

/* The free node drawn within radius pixels of (px, py) (drawing-buffer pixels from
 * the top-left), or -1. */
API int sl_api_pick(int h, double px, double py, double yaw, double pitch, double distance,
                    double pan_x, double pan_y, double pan_z, double radius) {
    panel *p = get(h);
    int width, height;
    const double pan[3] = {pan_x, pan_y, pan_z};
    if (!p || !buffer_size(p, &width, &height)) return -1;
    return sl_render_pick(p->world, width, height, yaw, pitch, distance, pan, px, py, radius);
}

/* The world point (m) under pixel (px, py) on the plane through (tx, ty, tz) facing
 * the camera: a pointer to double[3], or 0. Read it before the next call. */
API const double *sl_api_unproject(int h, double px, double py, double yaw, double pitch,
                                   double distance, double pan_x, double pan_y, double pan_z,
                                   double tx, double ty, double tz) {
    panel *p = get(h);
    int width, height;
    const double through[3] = {tx, ty, tz}, pan[3] = {pan_x, pan_y, pan_z};
    if (!p || !buffer_size(p, &width, &height)) return NULL;
    return sl_render_unproject(p->world, width, height, yaw, pitch, distance, pan, px, py, through,
                               vec_out)
               ? vec_out
               : NULL;
}

/* Total mass of the panel's nodes, kg (to scale a mouse spring). */
API double sl_api_total_mass(int h) {
    sl_world *w = world_of(h);
    const double *m = sl_world_masses(w);
    double total = 0;
    for (int i = 0; i < sl_world_node_count(w) && m; i++) total += m[i];
    return total;
}

/* Pulls node toward (x, y, z) (m) with springs of total stiffness k (N/m) spread over
 * the nodes within radius (m) of it: node i gets weight w_i = 1 - (d_i/radius)^2 and
 * is pulled toward the target plus its present offset from node, so the patch moves
 * as one piece; the spring constant is k / sum(w). radius <= 0 grabs node alone.
 * Replaces any previous grab. Errors as sl_world_grab, SL_ERR_NOMEM. */
API int sl_api_grab(int h, int node, double x, double y, double z, double k, double radius) {
    panel *p = get(h);
    if (!p) return SL_ERR_NULL;
    sl_world *w = p->world;
    int n = sl_world_node_count(w);
    if (node < 0 || node >= n) return set_error("no node %d", node), SL_ERR_INDEX;
    const double *pos = sl_world_positions(w), *c = pos + 3 * node;
    int *nodes = malloc(sizeof(int) * (size_t)n);
    double *weights = malloc(sizeof(double) * (size_t)n), *offsets = malloc(sizeof(double) * 3 * (size_t)n);
    if (!nodes || !weights || !offsets) {
        free(nodes), free(weights), free(offsets);
        return SL_ERR_NOMEM;
    }
    int count = 0;
    double sum = 0;
    for (int i = 0; i < n; i++) {
        double d[3] = {pos[3 * i] - c[0], pos[3 * i + 1] - c[1], pos[3 * i + 2] - c[2]};
        double r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
        if (i != node && (sl_world_is_pinned(w, i) || !(radius > 0) || r2 >= radius * radius)) continue;
        nodes[count] = i;
        weights[count] = i == node ? 1.0 : 1.0 - r2 / (radius * radius);
        memcpy(offsets + 3 * count, d, sizeof d);
        sum += weights[count++];
    }
    const double target[3] = {x, y, z};
    sl_status s = sl_world_grab(w, nodes, weights, offsets, count, target, k / sum);
    free(nodes), free(weights), free(offsets);
    p->grab_node = s == SL_OK ? node : -1;
    if (p->render) sl_render_set_grab(p->render, p->grab_node, target);
    return s;
}

/* Moves the target of the current grab (m). Errors as sl_world_grab_move. */
API int sl_api_grab_move(int h, double x, double y, double z) {
    panel *p = get(h);
    if (!p) return SL_ERR_NULL;
    const double target[3] = {x, y, z};
    sl_status s = sl_world_grab_move(p->world, target);
    if (s == SL_OK && p->render) sl_render_set_grab(p->render, p->grab_node, target);
    return s;
}

/* Lets go of the grabbed node (no-op without a grab). */
API void sl_api_release(int h) {
    panel *p = get(h);
    if (!p) return;
    sl_world_release(p->world);
    p->grab_node = -1;
    if (p->render) sl_render_set_grab(p->render, -1, NULL);
}

/* The node pulled by the mouse, -1 if none. */
API int sl_api_grabbed_node(int h) {
    panel *p = get(h);
    return p && sl_world_grab_count(p->world) > 0 ? p->grab_node : -1;
}
