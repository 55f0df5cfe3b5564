/* The rotation field drawn as small frames (seed 002 eq. 14-15: the rotation R_i that
 * stiffness warping gives node i): at each node an axis triad, the columns of R_i (where
 * the body's local x, y and z axes turned to), as three line segments coloured red,
 * green and blue by render.c. Vertex data only, no GL. */
#include <math.h>

#include "render_internal.h"

double frame_axis_length(const sl_render_scene *s, double radius) {
    double sum = 0;
    int count = 0;
    for (int e = 0; s->edges && e < s->edge_count; e++) {
        const double *a = s->rest_positions + 3 * s->edges[2 * e], *b = s->rest_positions + 3 * s->edges[2 * e + 1];
        sum += sqrt((a[0] - b[0]) * (a[0] - b[0]) + (a[1] - b[1]) * (a[1] - b[1]) + (a[2] - b[2]) * (a[2] - b[2]));
        count++;
    }
    return count ? 0.45 * sum / count : 0.04 * radius; /* under half an edge: triads do not touch */
}

int build_frame_axis(const sl_render_scene *s, const double *center, double length, int axis, float *v) {
    if (!s->rotations || axis < 0 || axis > 2) return 0;
    int count = 0;
    for (int i = 0; i < s->node_count; i++) {
        const double *x = s->positions + 3 * i, *R = s->rotations + 9 * i;
        if (!(R[axis] == R[axis]) || !(R[3 + axis] == R[3 + axis]) || !(R[6 + axis] == R[6 + axis])) continue;
        for (int c = 0; c < 3; c++) { /* from x_i along column `axis` of R_i */
            v[6 * count + c] = (float)(x[c] - center[c]);
            v[6 * count + 3 + c] = (float)(x[c] - center[c] + length * R[3 * c + axis]);
        }
        count++;
    }
    return 2 * count;
}
