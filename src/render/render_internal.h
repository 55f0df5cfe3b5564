/* Shared by the files of the renderer (render.c: GL drawing; render_camera.c: framing,
 * camera, projection and picking, no GL; render_colormap.c: colour maps). Not public. */
#ifndef SL_RENDER_INTERNAL_H
#define SL_RENDER_INTERNAL_H

#include "render.h"

/* Node i of s is pinned. */
static inline int scene_pinned(const sl_render_scene *s, int i) { return s->pinned && s->pinned[i]; }

#define FOV_Y (40.0 * 3.14159265358979323846 / 180.0) /* vertical field of view, rad */

/* Where the camera looks and how big the scene is: the bounding box of the rest
 * positions, grown to hold where a hanging body can go (see frame_scene) and the ground,
 * its centre moved by the pan. */
typedef struct framing {
    double center[3]; /* m: the orbit centre; geometry is drawn relative to it */
    double radius;    /* m, half the diagonal of the box */
    double floor_y;   /* m, height of the ground grid */
} framing;

/* The camera of one frame, in the centred frame (world minus framing centre). */
typedef struct camera {
    double eye[3], fwd[3], side[3], up[3]; /* position (m) and unit axes */
    double tan_half, aspect;               /* tan(FOV_Y / 2), width / height */
    double mvp[16];                        /* projection * view, column-major */
} camera;

/* The framing of s with the orbit centre moved by pan (m; NULL or not finite: none).
 * Returns 0 if s has no nodes. */
int frame_view(const sl_render_scene *s, const double *pan, framing *f);

/* An eye orbiting the framing centre at distance (m; <= 0 or not finite: the default),
 * yaw and pitch (rad, pitch clamped to +-1.55), y up, for a width x height viewport. */
void camera_make(const framing *f, double yaw, double pitch, double distance, int width,
                 int height, camera *cam);

/* Colour (linear in sRGB components, [0, 1]) of t in [0, 1] (clamped): viridis, or with
 * diverging = 1 blue-white-red (white at 0.5); NaN: mid grey. */
void colormap(double t, int diverging, float out[3]);

/* Floats plate_vertices writes for each plate: 36 vertices of 9 floats (a box). */
#define PLATE_FLOATS (36 * 9)
/* Floats plate_edge_vertices writes for each plate: 12 box edges, 2 vertices of 3. */
#define PLATE_EDGE_FLOATS (12 * 2 * 3)

/* The plates of s as boxes (render_plates.c): triangles with vertices of stride 9
 * (position relative to f's centre, outward face normal, colour), PLATE_FLOATS floats
 * a plate into out; returns the vertex count (0: no plates). */
int plate_vertices(const sl_render_scene *s, const framing *f, float *out);

/* The same boxes' 12 edges as line vertices (stride 3), PLATE_EDGE_FLOATS a plate;
 * returns the vertex count. */
int plate_edge_vertices(const sl_render_scene *s, const framing *f, float *out);
/* render_frames.c: the length (m) of a rotation-field triad's axes, 0.45 times the mean
 * rest edge length (0.04 radius without edges). */
double frame_axis_length(const sl_render_scene *s, double radius);
/* Line vertices (2 per node, 3 floats each, centred by `center`) of axis 0, 1 or 2 (column
 * of s->rotations) of every node's triad, `length` m long, into v (float[6n]); returns
 * the vertex count (0 without rotations). Nodes with a NaN rotation are skipped. */
int build_frame_axis(const sl_render_scene *s, const double *center, double length, int axis, float *v);

#endif
