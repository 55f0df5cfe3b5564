/* softlab renderer: draws a read-only world with WebGL2 / OpenGL ES 3.0.
 *
 * Uses only the getters of sl_world.h (positions, rest positions, triangles, edges,
 * pins, tracked node) and <GLES3/gl3.h>: no emscripten.h, so it can be reused by a
 * native GLES3 front-end. All GL objects belong to the GL context that was current
 * when sl_render_create was called; make that context current before every call.
 *
 * What it draws (in this order): a vertical gradient background; a ground grid
 * below the lowest point the scene can reach; a soft shadow of the surface on the
 * grid (evenly dark if the framebuffer has a stencil buffer); the surface triangles
 * with flat per-triangle normals (computed on the CPU in double) under one
 * directional light, in the panel colour or a colour map; the edges, dark, on top
 * (see SL_VIEW_* for wireframe and the rest-shape ghost); the pinned nodes
 * (red markers) and the tracked node (gold marker), dimmed where hidden; the
 * mouse spring of a grab (orange line to a white target marker).
 *
 * Camera: orbits the framing centre (the bounding box of the REST positions,
 * extended down to the lowest point a pinned body can swing to), y up. yaw and
 * pitch in radians (yaw 0 looks along -z, pitch > 0 looks down from above);
 * distance in m from the centre.
 */
#ifndef SL_RENDER_H
#define SL_RENDER_H

#include "sl_world.h"

typedef struct sl_render sl_render;

/* Compiles shaders and makes buffers in the current GL context. Returns NULL if a
 * shader fails to compile or link, or out of memory. */
sl_render *sl_render_create(void);

/* Frees the GL objects (its context must be current) and r. NULL is a no-op. */
void sl_render_destroy(sl_render *r);

/* Surface colour, sRGB components in [0, 1] (clamped). Default a soft blue. */
void sl_render_set_color(sl_render *r, double red, double green, double blue);

/* A distance (m) that frames the whole scene of w for a vertical field of view of
 * 40 degrees; 0 if w is NULL or has no nodes. */
double sl_render_default_distance(const sl_world *w);

/* What sl_render_draw shows (flags): */
enum {
    SL_VIEW_SHADED = 0,    /* opaque shaded surface, its edges on top (default) */
    SL_VIEW_WIREFRAME = 1, /* every element edge (inner ones too) through a faint surface */
    SL_VIEW_GHOST = 2,     /* also the rest shape, as a translucent grey surface */
};
void sl_render_set_view(sl_render *r, int flags);

/* Colours the surface by a per-node field: values (double[n], n = the world's node
 * count; copied) mapped linearly from [lo, hi] onto viridis, or with diverging = 1 onto
 * blue-white-red (centre at (lo+hi)/2); NaN values grey. values NULL: the plain colour
 * again. Returns 0 if out of memory (the old field stays). */
int sl_render_set_field(sl_render *r, const double *values, int n, double lo, double hi,
                        int diverging);

/* Draws w into the current framebuffer of width x height pixels. A distance <= 0
 * (or not finite) means sl_render_default_distance(w); pan (m, NULL: none) moves the
 * point the camera orbits. Does nothing if r or w is NULL or the size is not positive. */
void sl_render_draw(sl_render *r, const sl_world *w, int width, int height, double yaw,
                    double pitch, double distance, const double pan[3]);

/* Mouse picking and dragging, with the camera sl_render_draw would use for the same
 * width, height, yaw, pitch, distance and pan. Pixels are drawing-buffer pixels from
 * the top-left corner. */

/* Pixel (out[0], out[1]) and depth along the view (out[2], m) of the world point x
 * (m). Returns 1, or 0 if x is behind the camera or an argument is bad. */
int sl_render_project(const sl_world *w, int width, int height, double yaw, double pitch,
                      double distance, const double pan[3], const double x[3], double out[3]);

/* The free (unpinned) node drawn within radius pixels of (px, py), nearest to it
 * (near-ties go to the node in front); -1 if none. */
int sl_render_pick(const sl_world *w, int width, int height, double yaw, double pitch,
                   double distance, const double pan[3], double px, double py, double radius);

/* The point (out, m) under pixel (px, py) on the plane through `through` (m) facing the
 * camera: where a dragged point goes. Returns 1, or 0 if that plane is behind. */
int sl_render_unproject(const sl_world *w, int width, int height, double yaw, double pitch,
                        double distance, const double pan[3], double px, double py,
                        const double through[3], double out[3]);

/* Draws a mouse spring from node to target (m) from now on; node -1 or target NULL:
 * none. */
void sl_render_set_grab(sl_render *r, int node, const double target[3]);

#endif
