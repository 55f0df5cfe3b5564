/* softlab's wasm API, view part: a *view* is a WebGL2 canvas with a renderer, a colour
 * map and its legend range, and copies of the arrays it draws (rest and current
 * positions, triangles, edges, pins, spheres, ground, a per-node field). It holds no
 * world: the page copies the arrays from a simulation (api_sim.c), which may live in
 * another wasm instance. Picking and unprojection use the same copies, so a node is
 * picked where it is drawn. See api.c for the conventions. */
#include <emscripten/html5.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "api_internal.h"
#include "render.h"
#include "softlab/world.h"

typedef struct view {
    int used;
    EMSCRIPTEN_WEBGL_CONTEXT_HANDLE gl;
    sl_render *render;
    /* the body as last sent (sl_api_view_set_body, _positions, _pins); owned copies */
    int n, nt, ne, ns, tracked, has_ground, np;
    double *rest, *x, *spheres, ground_y;
    double plates[2 * SL_WORLD_MAX_PLATES]; /* np plates: height (m), facing, now */
    int *triangles, *edges, *pinned;
    /* the colour map */
    int field;                 /* sl_field shown (0 none) */
    double field_lo, field_hi; /* its range as asked (NaN: automatic) */
    double *values;            /* double[n], the field as last sent, NULL: none yet */
    double values_time;        /* s, the simulation time of those values */
    double range[2];           /* the colour range in use (NaN: none) */
    double auto_range[2];      /* union of the robust ranges since the last restart */
    double *rotations;         /* double[9n], the rotation field as last sent, NULL: none */
    int auto_valid;            /* 0: auto_range restarts at the next evaluation */
} view;

static view views[MAX_HANDLES];
static double vec_out[3]; /* result of sl_api_view_project / sl_api_view_unproject */

/* The view of handle v, or NULL (and sets the error). */
static view *get(int v) {
    if (v < 1 || v > MAX_HANDLES || !views[v - 1].used) {
        set_error("no view with handle %d", v);
        return NULL;
    }
    return &views[v - 1];
}

/* The renderer's picture of what the view holds (pointers into the view's copies). */
static sl_render_scene scene_of(const view *w) {
    sl_render_scene s = {w->n, w->x, w->rest, w->pinned, w->tracked, w->nt, w->triangles,
                         w->ne, w->edges, w->ns, w->spheres, w->has_ground, w->ground_y,
                         w->np, w->plates, w->rotations};
    return s;
}

/* A copy of count elements of size bytes each from src into *dst (freed first). */
static int copy_into(void *dst_ptr, const void *src, int count, size_t size) {
    void **dst = dst_ptr;
    free(*dst);
    *dst = NULL;
    if (count < 1 || !src) return 1;
    *dst = malloc(size * (size_t)count);
    if (!*dst) return 0;
    memcpy(*dst, src, size * (size_t)count);
    return 1;
}

/* ---- life cycle ------------------------------------------------------------------ */

/* A view on the canvas found by the CSS selector (e.g. "#view-1"): a WebGL2 context and
 * a renderer in it. preserve_drawing_buffer: 1 keeps the last frame readable after it
 * is shown (costs the compositor a copy a frame; the page passes 0 and its tests read a
 * canvas in the task that drew it). Returns a handle >= 1 or -status: SL_ERR_RANGE (no canvas, or no
 * WebGL2), SL_ERR_NOMEM (shaders failed, or all MAX_HANDLES in use); see
 * sl_api_last_error(). */
API int sl_api_view_create(const char *selector, int preserve_drawing_buffer) {
    int slot = -1;
    for (int i = 0; i < MAX_HANDLES && slot < 0; i++)
        if (!views[i].used) slot = i;
    if (slot < 0) return set_error("at most %d views", MAX_HANDLES), -SL_ERR_NOMEM;
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
    /* the renderer uses WebGL2 core only; enabling every extension cost ~170 ms of
     * start-up per context under SwiftShader (a CPU profile of the page) */
    attrs.enableExtensionsByDefault = 0;
    EMSCRIPTEN_WEBGL_CONTEXT_HANDLE ctx = emscripten_webgl_create_context(selector, &attrs);
    if (ctx <= 0) {
        set_error("could not create a WebGL2 context on '%s' (error %d)", selector, (int)ctx);
        return -SL_ERR_RANGE;
    }
    emscripten_webgl_make_context_current(ctx);
    sl_render *r = sl_render_create();
    if (!r) {
        emscripten_webgl_destroy_context(ctx);
        set_error("WebGL2 shaders failed to compile (see the console)");
        return -SL_ERR_NOMEM;
    }
    view *w = &views[slot];
    memset(w, 0, sizeof *w);
    w->used = 1, w->gl = ctx, w->render = r, w->tracked = -1;
    w->range[0] = w->range[1] = NAN;
    return slot + 1;
}

/* Frees the view's copies, renderer and GL context. Unknown handles are ignored. */
API void sl_api_view_destroy(int v) {
    view *w = get(v);
    if (!w) return;
    emscripten_webgl_make_context_current(w->gl);
    sl_render_destroy(w->render);
    emscripten_webgl_make_context_current(0);
    emscripten_webgl_destroy_context(w->gl);
    free(w->rest), free(w->x), free(w->spheres), free(w->triangles), free(w->edges);
    free(w->pinned), free(w->values), free(w->rotations);
    memset(w, 0, sizeof *w);
}

/* ---- what is drawn: copies of a simulation's arrays -------------------------------- */

/* The body: n nodes at rest (rest: double[3n], m), nt surface triangles (int[3 nt]),
 * ne element edges (int[2 ne]), ns static spheres (double[4 ns]: centre, radius, m), the
 * ground's height (m, NaN: none) and the tracked node (-1: none). Copied. The current
 * positions start at rest, no node is pinned, and the colour map's automatic range
 * starts again (a new body). Errors: SL_ERR_NULL, SL_ERR_RANGE (negative counts or
 * indices out of range), SL_ERR_NOMEM. */
API int sl_api_view_set_body(int v, int n, const double *rest, int nt, const int *triangles, int ne,
                             const int *edges, int ns, const double *spheres, double ground_y,
                             int tracked) {
    view *w = get(v);
    if (!w) return SL_ERR_NULL;
    if (n < 0 || nt < 0 || ne < 0 || ns < 0 || (n > 0 && !rest) || (nt > 0 && !triangles) ||
        (ne > 0 && !edges) || (ns > 0 && !spheres))
        return set_error("bad body counts"), SL_ERR_RANGE;
    for (int i = 0; i < 3 * nt; i++)
        if (triangles[i] < 0 || triangles[i] >= n) return set_error("triangle node %d", triangles[i]), SL_ERR_RANGE;
    for (int i = 0; i < 2 * ne; i++)
        if (edges[i] < 0 || edges[i] >= n) return set_error("edge node %d", edges[i]), SL_ERR_RANGE;
    int ok = copy_into(&w->rest, rest, 3 * n, sizeof(double)) && copy_into(&w->x, rest, 3 * n, sizeof(double)) &&
             copy_into(&w->triangles, triangles, 3 * nt, sizeof(int)) &&
             copy_into(&w->edges, edges, 2 * ne, sizeof(int)) &&
             copy_into(&w->spheres, spheres, 4 * ns, sizeof(double)) && copy_into(&w->pinned, NULL, 0, sizeof(int)) &&
             copy_into(&w->values, NULL, 0, sizeof(double)) && copy_into(&w->rotations, NULL, 0, sizeof(double));
    w->n = ok ? n : 0, w->nt = ok ? nt : 0, w->ne = ok ? ne : 0, w->ns = ok ? ns : 0;
    w->has_ground = !isnan(ground_y), w->ground_y = ground_y;
    w->tracked = tracked >= 0 && tracked < n ? tracked : -1;
    w->np = 0; /* a new body: its plates come with its frames */
    w->auto_valid = 0;
    w->range[0] = w->range[1] = NAN;
    sl_render_set_field(w->render, NULL, 0, 0, 0, 0);
    sl_render_set_grab(w->render, -1, NULL);
    return ok ? SL_OK : SL_ERR_NOMEM;
}

/* The current positions (double[3n], m; n as in the body). Copied. Errors: SL_ERR_NULL,
 * SL_ERR_RANGE (n is not the body's node count). */
API int sl_api_view_set_positions(int v, const double *x, int n) {
    view *w = get(v);
    if (!w) return SL_ERR_NULL;
    if (n != w->n || !x) return set_error("%d positions for a body of %d nodes", n, w->n), SL_ERR_RANGE;
    memcpy(w->x, x, sizeof(double) * 3 * (size_t)n);
    return SL_OK;
}

/* The moving plates where they are now: np plates (0 to SL_WORLD_MAX_PLATES), plates
 * double[2 np]: height (m) and facing (+1: the body is above, -1: below) of each, as
 * sl_api_plates gives them. Copied. Errors: SL_ERR_NULL, SL_ERR_RANGE (np out of range,
 * a height not finite or a facing not +-1). */
API int sl_api_view_set_plates(int v, int np, const double *plates) {
    view *w = get(v);
    if (!w) return SL_ERR_NULL;
    if (np < 0 || np > SL_WORLD_MAX_PLATES || (np > 0 && !plates))
        return set_error("%d plates (at most %d)", np, SL_WORLD_MAX_PLATES), SL_ERR_RANGE;
    for (int i = 0; i < np; i++)
        if (!isfinite(plates[2 * i]) || fabs(plates[2 * i + 1]) != 1)
            return set_error("plate %d: height %g m, facing %g", i, plates[2 * i], plates[2 * i + 1]), SL_ERR_RANGE;
    memcpy(w->plates, plates, sizeof(double) * 2 * (size_t)np);
    w->np = np;
    return SL_OK;
}

/* The rotation field (double[9n], row-major 3 x 3 per node; sl_api_rotation_field of the
 * simulation) drawn as axis triads in the mode with bit 16; R NULL or n = 0: none. Copied.
 * Errors: SL_ERR_NULL, SL_ERR_RANGE (n is neither 0 nor the body's node count),
 * SL_ERR_NOMEM. */
API int sl_api_view_set_rotations(int v, const double *R, int n) {
    view *w = get(v);
    if (!w) return SL_ERR_NULL;
    if (n != 0 && n != w->n) return set_error("%d rotations for a body of %d nodes", n, w->n), SL_ERR_RANGE;
    return copy_into(&w->rotations, R, 9 * n, sizeof(double)) ? SL_OK : SL_ERR_NOMEM;
}

/* Which nodes are pinned (int[n], 1 pinned; red markers, framing). Copied. Errors as
 * sl_api_view_set_positions, SL_ERR_NOMEM. */
API int sl_api_view_set_pins(int v, const int *pinned, int n) {
    view *w = get(v);
    if (!w) return SL_ERR_NULL;
    if (n != w->n) return set_error("%d pins for a body of %d nodes", n, w->n), SL_ERR_RANGE;
    return copy_into(&w->pinned, pinned, n, sizeof(int)) ? SL_OK : SL_ERR_NOMEM;
}

/* Draws a mouse spring from node to (x, y, z) (m); node -1: none. */
API void sl_api_view_set_grab(int v, int node, double x, double y, double z) {
    view *w = get(v);
    const double target[3] = {x, y, z};
    if (w) sl_render_set_grab(w->render, node, node >= 0 ? target : NULL);
}

/* ---- the colour map -------------------------------------------------------------- */

/* Evaluates the colour range from the values held and hands them to the renderer. The
 * automatic range is the union of the robust ranges (sl_field_range) of every
 * evaluation since it restarted: it only widens, so a colour means one value over time,
 * until the field or the body changes or the simulation's time goes back (reset, new
 * stepper, rebuild). */
static void evaluate(view *w) {
    w->range[0] = w->range[1] = NAN;
    if (!w->field || !w->values || w->n < 1) {
        sl_render_set_field(w->render, NULL, 0, 0, 0, 0);
        return;
    }
    double r[2];
    if (sl_field_range(w->field, w->values, w->n, &r[0], &r[1]) == SL_OK) {
        if (w->auto_valid)
            r[0] = fmin(r[0], w->auto_range[0]), r[1] = fmax(r[1], w->auto_range[1]);
        w->auto_range[0] = r[0], w->auto_range[1] = r[1], w->auto_valid = 1;
    }
    if (w->auto_valid) w->range[0] = w->auto_range[0], w->range[1] = w->auto_range[1];
    if (!isnan(w->field_lo)) w->range[0] = w->field_lo;
    if (!isnan(w->field_hi)) w->range[1] = w->field_hi;
    sl_render_set_field(w->render, w->values, w->n, w->range[0], w->range[1],
                        w->field == SL_FIELD_VOLUME_CHANGE);
}

/* Colours the surface by a per-node field (shown while the mode has bit 8): field 0
 * none, 1 strain energy density (J/m^3, viridis), 2 volume change V/V0 - 1
 * (blue-white-red centred at 0), 3 pressure (Pa, viridis), mapped from [lo, hi] in the field's unit; lo or hi NaN:
 * automatic (see evaluate). The page passes one range to every view so that colours
 * compare. A new field waits for its values (sl_api_view_set_field); the same field is
 * evaluated again at once, so sl_api_view_color_range_* answer before the next draw.
 * Errors: SL_ERR_NULL, SL_ERR_RANGE (unknown field, or lo >= hi). */
API int sl_api_view_set_color_field(int v, int field, double lo, double hi) {
    view *w = get(v);
    if (!w) return SL_ERR_NULL;
    if (field < SL_FIELD_NONE || field >= SL_FIELD_COUNT)
        return set_error("unknown colour field %d", field), SL_ERR_RANGE;
    if (!isnan(lo) && !isnan(hi) && !(lo < hi))
        return set_error("colour range [%g, %g] is empty", lo, hi), SL_ERR_RANGE;
    if (field != w->field) {
        w->auto_valid = 0;
        copy_into(&w->values, NULL, 0, sizeof(double));
    }
    w->field = field;
    w->field_lo = lo, w->field_hi = hi;
    evaluate(w);
    return SL_OK;
}

/* The field the view colours by (sl_field; 0 none): the one whose values it wants. */
API int sl_api_view_color_field(int v) {
    view *w = get(v);
    return w ? w->field : 0;
}

/* The values of the colour field (double[n]; sl_api_node_field of the simulation) at
 * simulation time t (s): copied and evaluated. A t earlier than the last one restarts
 * the automatic range. Errors: SL_ERR_NULL, SL_ERR_RANGE (n is not the body's count). */
API int sl_api_view_set_field(int v, const double *values, int n, double t) {
    view *w = get(v);
    if (!w) return SL_ERR_NULL;
    if (n != w->n || !values) return set_error("%d values for a body of %d nodes", n, w->n), SL_ERR_RANGE;
    if (t < w->values_time) w->auto_valid = 0;
    w->values_time = t;
    if (!copy_into(&w->values, values, n, sizeof(double))) return SL_ERR_NOMEM;
    evaluate(w);
    return SL_OK;
}

/* The colour range in use (field units): what the legend shows. NaN with no field, or
 * when the field has no finite value (e.g. no closed surface). */
API double sl_api_view_color_range_lo(int v) { view *w = get(v); return w && w->field ? w->range[0] : NAN; }
API double sl_api_view_color_range_hi(int v) { view *w = get(v); return w && w->field ? w->range[1] : NAN; }

/* The view's own automatic range (see evaluate), kept up to date also while an explicit
 * range is in use: the page widens one shared range over these. NaN with no field or no
 * finite value. */
static double auto_end(int v, int k) {
    view *w = get(v);
    return w && w->field && w->auto_valid ? w->auto_range[k] : NAN;
}
API double sl_api_view_field_auto_lo(int v) { return auto_end(v, 0); }
API double sl_api_view_field_auto_hi(int v) { return auto_end(v, 1); }

/* ---- drawing, the camera, picking --------------------------------------------------- */

/* Surface colour, components in [0, 1]. */
API void sl_api_view_set_color(int v, double r, double g, double b) {
    view *w = get(v);
    if (w) sl_render_set_color(w->render, r, g, b);
}

/* Shows the body as a combination of SL_VIEW_* bits (src/render/render.h; VIEW in
 * web/core/lab-api.js): 1 shaded surface, 2 wireframe (every element edge, the surface
 * translucent or, without 1, hidden), 4 rest-shape ghost, 8 colour map (the field of
 * sl_api_view_set_color_field), 16 the rotation field's triads (sl_api_view_set_rotations).
 * Default 1 | 8. Unknown bits are ignored. */
API void sl_api_view_set_mode(int v, int flags) {
    view *w = get(v);
    if (w) sl_render_set_view(w->render, flags);
}

/* The view's SL_VIEW_* bits (0 for a bad handle). */
API int sl_api_view_mode(int v) {
    view *w = get(v);
    return w ? sl_render_view(w->render) : 0;
}

/* A camera distance (m) that frames the body (0 before a body is set). */
API double sl_api_view_distance(int v) {
    view *w = get(v);
    if (!w) return 0;
    sl_render_scene s = scene_of(w);
    return sl_render_default_distance(&s);
}

/* Draws into the canvas (drawing-buffer size) from camera yaw, pitch (rad), distance (m;
 * <= 0 means sl_api_view_distance) and pan (m, world axes: moves the point the camera
 * orbits away from the scene's framing centre; pass the same camera to
 * sl_api_view_project, _pick and _unproject so they agree with the picture). Makes the
 * view's context current first. Errors: SL_ERR_NULL (bad handle or lost context). */
API int sl_api_view_draw(int v, double yaw, double pitch, double distance, double pan_x, double pan_y,
                         double pan_z) {
    view *w = get(v);
    if (!w || emscripten_webgl_make_context_current(w->gl) != EMSCRIPTEN_RESULT_SUCCESS)
        return SL_ERR_NULL;
    int width = 0, height = 0;
    emscripten_webgl_get_drawing_buffer_size(w->gl, &width, &height);
    const double pan[3] = {pan_x, pan_y, pan_z};
    sl_render_scene s = scene_of(w);
    sl_render_draw(w->render, &s, width, height, yaw, pitch, distance, pan);
    return SL_OK;
}

static int buffer_size(const view *w, int *width, int *height) {
    *width = *height = 0;
    emscripten_webgl_get_drawing_buffer_size(w->gl, width, height);
    return *width > 0 && *height > 0;
}

/* Drawing-buffer pixel (x, y from the top-left) and view depth (m) of node i as last
 * sent, with the camera of sl_api_view_draw: a pointer to double[3], or 0 (bad node, or
 * behind the camera). Read it before the next call. */
API const double *sl_api_view_project(int v, int node, double yaw, double pitch, double distance,
                                      double pan_x, double pan_y, double pan_z) {
    view *w = get(v);
    const double pan[3] = {pan_x, pan_y, pan_z};
    int width, height;
    if (!w || !buffer_size(w, &width, &height) || node < 0 || node >= w->n) return NULL;
    sl_render_scene s = scene_of(w);
    return sl_render_project(&s, width, height, yaw, pitch, distance, pan, w->x + 3 * node, vec_out)
               ? vec_out
               : NULL;
}

/* The free node drawn within radius pixels of (px, py) (drawing-buffer pixels from the
 * top-left), or -1; only a node the view's mode shows: not one hidden behind an opaque
 * surface, nor an inner one unless the elements are drawn (sl_render_pick). */
API int sl_api_view_pick(int v, double px, double py, double yaw, double pitch, double distance,
                         double pan_x, double pan_y, double pan_z, double radius) {
    view *w = get(v);
    int width, height;
    const double pan[3] = {pan_x, pan_y, pan_z};
    if (!w || !buffer_size(w, &width, &height)) return -1;
    sl_render_scene s = scene_of(w);
    return sl_render_pick(&s, width, height, yaw, pitch, distance, pan, px, py, radius, sl_render_view(w->render));
}

/* The world point (m) under pixel (px, py) on the plane through (tx, ty, tz) facing
 * the camera: a pointer to double[3], or 0. Read it before the next call. */
API const double *sl_api_view_unproject(int v, double px, double py, double yaw, double pitch,
                                        double distance, double pan_x, double pan_y, double pan_z,
                                        double tx, double ty, double tz) {
    view *w = get(v);
    int width, height;
    const double through[3] = {tx, ty, tz}, pan[3] = {pan_x, pan_y, pan_z};
    if (!w || !buffer_size(w, &width, &height)) return NULL;
    sl_render_scene s = scene_of(w);
    return sl_render_unproject(&s, width, height, yaw, pitch, distance, pan, px, py, through, vec_out)
               ? vec_out
               : NULL;
}
