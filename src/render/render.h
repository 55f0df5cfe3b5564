/* softlab renderer: draws a read-only world with WebGL2 / OpenGL ES 3.0.
 *
 * Draws from plain arrays (sl_render_scene below: positions, rest positions, triangles,
 * edges, pins, tracked node, spheres, ground), never from a world, so whatever holds
 * the simulation (another wasm instance in a Worker, a file) only has to hand over
 * arrays. Uses <GLES3/gl3.h> alone: no emscripten.h, so it can be reused by a native
 * GLES3 front-end. All GL objects belong to the GL context that was current
 * when sl_render_create was called; make that context current before every call.
 *
 * What it draws (in this order): a vertical gradient background; a ground grid
 * below the lowest point the scene can reach; a soft shadow of the surface on the
 * grid (evenly dark if the framebuffer has a stencil buffer); the surface triangles
 * with flat per-triangle normals (computed on the CPU in double) under one
 * directional light, in the panel colour or a colour map; the edges, dark, on top
 * (SL_VIEW_* below: wireframe, rest-shape ghost, colour map); the pinned nodes
 * (red markers) and the tracked node (gold marker), dimmed where hidden; the
 * mouse spring of a grab (orange line to a white target marker); the moving plates as
 * translucent steel slabs (render_plates.c) last, so the body shows through them.
 *
 * Camera: orbits the framing centre plus a pan (m, world axes), y up. The framing is
 * the bounding box of the REST positions, grown to where a body hanging from one pin or
 * a small clamped patch can go, and down to the ground. yaw and pitch in radians (yaw 0
 * looks along -z, pitch > 0 looks down from above); distance in m from the orbit
 * centre. Drawing, projection, picking and unprojection share this camera: with the
 * same (width, height, yaw, pitch, distance, pan) a node is picked where it is drawn.
 */
#ifndef SL_RENDER_H
#define SL_RENDER_H

/* What is drawn: plain arrays that the caller owns and keeps unchanged during a call
 * (the renderer keeps no pointer). n = node_count. */
typedef struct sl_render_scene {
    int node_count;               /* n */
    const double *positions;      /* double[3n], m, xyz interleaved: the current shape */
    const double *rest_positions; /* double[3n], m: the rest shape (framing, ghost) */
    const int *pinned;            /* int[n], 1 = pinned (red marker), or NULL: none */
    int tracked_node;             /* the gold marker, -1 for none */
    int triangle_count;           /* nt */
    const int *triangles;         /* int[3 nt], surface triangles, outward, or NULL */
    int edge_count;               /* ne */
    const int *edges;             /* int[2 ne], element edges, or NULL */
    int sphere_count;             /* ns */
    const double *spheres;        /* double[4 ns]: centre (m) and radius (m) of each */
    int has_ground;               /* 1: a ground plane at ground_y */
    double ground_y;              /* m */
    int plate_count;              /* np: moving plates (sl_world_add_plate), 0: none */
    const double *plates;         /* double[2 np]: height y (m) of each horizontal plate at
                                     the time drawn, and its facing (+1: the body is above
                                     it, -1: below); drawn as translucent slabs */
    const double *rotations;      /* double[9n], row-major 3 x 3 per node: the rotation field
                                     drawn by SL_VIEW_FRAMES, or NULL: none */
} sl_render_scene;

typedef struct sl_render sl_render;

/* Compiles shaders and makes buffers in the current GL context. Returns NULL if a
 * shader fails to compile or link, or out of memory. */
sl_render *sl_render_create(void);

/* Frees the GL objects (its context must be current) and r. NULL is a no-op. */
void sl_render_destroy(sl_render *r);

/* Surface colour, sRGB components in [0, 1] (clamped). Default a soft blue. */
void sl_render_set_color(sl_render *r, double red, double green, double blue);

/* A distance (m) that frames the whole scene s for a vertical field of view of
 * 40 degrees; 0 if s is NULL or has no nodes. */
double sl_render_default_distance(const sl_render_scene *s);

/* What sl_render_draw shows: a combination of these bits (sl_render_set_view).
 *   SHADED             the surface, opaque and lit, with its edges on top (default)
 *   WIREFRAME          every element edge, inner ones too (the tetrahedra, or the grid's
 *                      metric edges), drawn through the surface: with SHADED the surface
 *                      turns translucent; without it, only the edges are drawn
 *   neither            the surface's edges alone (an outline that keeps the shape)
 *   GHOST              also the rest shape (rest positions as at t = 0, unmoved) as a
 *                      faint translucent grey surface
 *   COLOR_MAP          the surface coloured by the field of sl_render_set_field (when one
 *                      is set) instead of the panel colour; drawn even without SHADED
 *   FRAMES             the rotation field (sl_render_scene.rotations) as a small axis
 *                      triad per node, x red, y green, z blue, through the surface
 *                      (render_frames.c)
 * Pinned and tracked markers, the grab spring, the ground and shadow are always drawn. */
enum {
    SL_VIEW_SHADED = 1,
    SL_VIEW_WIREFRAME = 2,
    SL_VIEW_GHOST = 4,
    SL_VIEW_COLOR_MAP = 8,
    SL_VIEW_FRAMES = 16,
    SL_VIEW_ALL = 31,                                    /* every known bit */
    SL_VIEW_DEFAULT = SL_VIEW_SHADED | SL_VIEW_COLOR_MAP /* a field, once set, shows */
};
/* Sets the SL_VIEW_* bits (others are ignored) for the next draws. */
void sl_render_set_view(sl_render *r, int flags);
/* The current SL_VIEW_* bits (0 if r is NULL). */
int sl_render_view(const sl_render *r);

/* Colours the surface by a per-node field: values (double[n], n = the world's node
 * count of the scene drawn; copied) mapped linearly from [lo, hi] (clamped outside) onto viridis, or with
 * diverging = 1 onto blue-white-red (ColorBrewer RdBu, white at (lo+hi)/2), interpolated
 * across each triangle; NaN values and a NaN or empty range give grey. values NULL: the
 * plain colour again. Shown while SL_VIEW_COLOR_MAP is set. Returns 0 if out of memory
 * (the old field stays). */
int sl_render_set_field(sl_render *r, const double *values, int n, double lo, double hi,
                        int diverging);

/* Draws s into the current framebuffer of width x height pixels. A distance <= 0
 * (or not finite) means sl_render_default_distance(s); pan (m, NULL: none) moves the
 * point the camera orbits. Does nothing if r or s is NULL or the size is not positive. */
void sl_render_draw(sl_render *r, const sl_render_scene *s, int width, int height, double yaw,
                    double pitch, double distance, const double pan[3]);

/* Mouse picking and dragging, with the camera sl_render_draw would use for the same
 * width, height, yaw, pitch, distance and pan. Pixels are drawing-buffer pixels from
 * the top-left corner. */

/* Pixel (out[0], out[1]) and depth along the view (out[2], m) of the world point x
 * (m). Returns 1, or 0 if x is behind the camera or an argument is bad. */
int sl_render_project(const sl_render_scene *s, int width, int height, double yaw, double pitch,
                      double distance, const double pan[3], const double x[3], double out[3]);

/* The free (unpinned) node drawn within radius pixels of (px, py), nearest to it
 * (near-ties go to the node in front); -1 if none. Only nodes the view shows can be
 * picked: with SL_VIEW_WIREFRAME in view (the SL_VIEW_* bits) every node; without it
 * only the surface's (a corner of a triangle of s; all nodes if s has none), and with
 * SL_VIEW_SHADED, whose surface is opaque, only those not hidden behind it: no deeper
 * than the surface under the cursor by more than the longest edge of the triangle hit
 * there, so the node clicked is on the side of the body seen. */
int sl_render_pick(const sl_render_scene *s, int width, int height, double yaw, double pitch,
                   double distance, const double pan[3], double px, double py, double radius,
                   int view);

/* The point (out, m) under pixel (px, py) on the plane through `through` (m) facing the
 * camera: where a dragged point goes. Returns 1, or 0 if that plane is behind. */
int sl_render_unproject(const sl_render_scene *s, int width, int height, double yaw, double pitch,
                        double distance, const double pan[3], double px, double py,
                        const double through[3], double out[3]);

/* Draws a mouse spring from node to target (m) from now on; node -1 or target NULL:
 * none. */
void sl_render_set_grab(sl_render *r, int node, const double target[3]);

#endif
