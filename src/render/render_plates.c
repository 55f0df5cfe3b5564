/* softlab renderer: the moving plates of sl_world_add_plate (seed 001 Fig. 6) as boxes.
 * A plate is the infinite plane y = height; it is drawn as a square slab under the body
 * (1.25 times the body's larger horizontal half-extent at rest on each side of its rest
 * centre, so the slab holds the body however it spreads when squeezed) whose face
 * touching the body lies in the plane and whose thickness (a tenth of that half-width)
 * lies on the side away from the body. No GL: render.c uploads and draws the vertices. */
#include <math.h>

#include "render_internal.h"

/* The slab of plate i: corners lo, hi (m, world frame). */
static void plate_box(const sl_render_scene *s, const double mid[2], double half, int i,
                      double lo[3], double hi[3]) {
    double y = s->plates[2 * i], facing = s->plates[2 * i + 1] < 0 ? -1 : 1;
    double y_out = y - facing * 0.1 * half; /* the side away from the body */
    lo[0] = mid[0] - half, hi[0] = mid[0] + half;
    lo[2] = mid[1] - half, hi[2] = mid[1] + half;
    lo[1] = fmin(y, y_out), hi[1] = fmax(y, y_out);
}

/* The rest shape's horizontal centre (x, z) and the slabs' half-width (m); 0 if there
 * is nothing to draw. */
static int plate_extent(const sl_render_scene *s, double mid[2], double *half) {
    if (s->plate_count < 1 || !s->plates || s->node_count < 1 || !s->rest_positions) return 0;
    const double *x0 = s->rest_positions;
    double lo[2] = {x0[0], x0[2]}, hi[2] = {x0[0], x0[2]};
    for (int i = 1; i < s->node_count; i++)
        for (int c = 0; c < 2; c++) {
            lo[c] = fmin(lo[c], x0[3 * i + 2 * c]);
            hi[c] = fmax(hi[c], x0[3 * i + 2 * c]);
        }
    for (int c = 0; c < 2; c++) mid[c] = 0.5 * (lo[c] + hi[c]);
    *half = 1.25 * 0.5 * fmax(hi[0] - lo[0], hi[1] - lo[1]);
    if (!(*half > 0)) *half = 1;
    return 1;
}

/* Corner k (bits: x, y, z) of the box lo..hi, relative to the framing centre. */
static void corner(const double lo[3], const double hi[3], int k, const double *center, float *out) {
    out[0] = (float)((k & 1 ? hi[0] : lo[0]) - center[0]);
    out[1] = (float)((k & 2 ? hi[1] : lo[1]) - center[1]);
    out[2] = (float)((k & 4 ? hi[2] : lo[2]) - center[2]);
}

int plate_vertices(const sl_render_scene *s, const framing *f, float *out) {
    /* the six faces: four corners each (counter-clockwise seen from outside), normal */
    static const int face[6][4] = {{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4},
                                   {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}};
    static const float normal[6][3] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 0},
                                       {0, 1, 0},  {0, 0, -1}, {0, 0, 1}};
    static const float steel[3] = {0.56f, 0.62f, 0.70f};
    static const int tri[6] = {0, 1, 2, 0, 2, 3};
    double mid[2], half;
    if (!plate_extent(s, mid, &half)) return 0;
    int count = 0;
    for (int i = 0; i < s->plate_count; i++) {
        double lo[3], hi[3];
        plate_box(s, mid, half, i, lo, hi);
        for (int q = 0; q < 6; q++)
            for (int t = 0; t < 6; t++) {
                float *d = out + 9 * count++;
                corner(lo, hi, face[q][tri[t]], f->center, d);
                for (int c = 0; c < 3; c++) d[3 + c] = normal[q][c], d[6 + c] = steel[c];
            }
    }
    return count;
}

int plate_edge_vertices(const sl_render_scene *s, const framing *f, float *out) {
    double mid[2], half;
    if (!plate_extent(s, mid, &half)) return 0;
    int count = 0;
    for (int i = 0; i < s->plate_count; i++) {
        double lo[3], hi[3];
        plate_box(s, mid, half, i, lo, hi);
        for (int a = 0; a < 8; a++) /* corner pairs that differ in one bit */
            for (int bit = 1; bit < 8; bit <<= 1)
                if (!(a & bit)) {
                    corner(lo, hi, a, f->center, out + 3 * count++);
                    corner(lo, hi, a | bit, f->center, out + 3 * count++);
                }
    }
    return count;
}
