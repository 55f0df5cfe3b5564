/* softlab's wasm API, drawing part: a WebGL2 canvas per panel, the camera, picking
 * and the mouse spring. See api.c for the conventions (handles, statuses, strings). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"
#include "sl_fields.h"

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

/* Shows the panel as SL_VIEW_* flags (render.h): 0 shaded, 1 wireframe, 2 rest-shape
 * ghost (may be combined). */
API void sl_api_set_view(int h, int flags) {
    panel *p = get(h);
    if (p && p->render) sl_render_set_view(p->render, flags);
}

/* Colours the surface by a per-node field from the next draw on: field 0 none, 1 strain
 * energy density (J/m^3, viridis), 2 volume change det F - 1 (blue-white-red), mapped from
 * [lo, hi]; lo or hi NaN: this panel's current extent (see sl_api_field_extent_*). The
 * page passes one range to every panel so that colours compare. Errors: SL_ERR_NULL,
 * SL_ERR_RANGE (unknown field). */
API int sl_api_set_color_field(int h, int field, double lo, double hi) {
    panel *p = get(h);
    if (!p) return SL_ERR_NULL;
    if (field < 0 || field > 2) return set_error("unknown colour field %d", field), SL_ERR_RANGE;
    p->field = field;
    p->field_lo = lo, p->field_hi = hi;
    if (!field && p->render) sl_render_set_field(p->render, NULL, 0, 0, 0, 0);
    return SL_OK;
}

/* Smallest and largest finite value of the panel's colour field at the last draw (NaN
 * before the first draw with a field). */
API double sl_api_field_extent_lo(int h) { panel *p = get(h); return p ? p->extent[0] : NAN; }
API double sl_api_field_extent_hi(int h) { panel *p = get(h); return p ? p->extent[1] : NAN; }

/* Evaluates the panel's colour field and hands it to the renderer. */
static void update_field(panel *p) {
    int n = sl_world_node_count(p->world);
    p->extent[0] = p->extent[1] = NAN;
    if (!p->field || n < 1) return;
    double *v = malloc(sizeof(double) * (size_t)n);
    if (!v) return;
    sl_status s = p->field == 1 ? sl_world_node_energy_density(p->world, v)
                                : sl_world_node_volume_change(p->world, v);
    if (s != SL_OK)
        for (int i = 0; i < n; i++) v[i] = NAN;
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < n; i++)
        if (isfinite(v[i])) lo = fmin(lo, v[i]), hi = fmax(hi, v[i]);
    if (lo <= hi) p->extent[0] = lo, p->extent[1] = hi;
    double from = isnan(p->field_lo) ? p->extent[0] : p->field_lo;
    double to = isnan(p->field_hi) ? p->extent[1] : p->field_hi;
    sl_render_set_field(p->render, v, n, from, to, p->field == 2);
    free(v);
}

/* Draws the panel into its canvas (drawing-buffer size) from camera yaw, pitch (rad),
 * distance (m; <= 0 means sl_api_view_distance) and pan (m: where the camera orbits,
 * relative to the scene's centre). Makes the panel's context current first. Errors:
 * SL_ERR_NULL (bad handle or no canvas attached). */
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
