/* softlab renderer: colour maps for per-node fields (render_internal.h). */
#include <math.h>

#include "render_internal.h"

/* 9 evenly spaced stops (sRGB bytes) of matplotlib's viridis (perceptually uniform,
 * readable in grey and by colour-blind viewers) and of ColorBrewer's RdBu, reversed so
 * that blue is negative (shrinking) and red positive (swelling), white at the centre. */
static const unsigned char viridis[9][3] = {{68, 1, 84},    {71, 45, 123},  {59, 82, 139},
                                            {44, 114, 142}, {33, 145, 140}, {40, 174, 128},
                                            {94, 201, 98},  {173, 220, 48}, {253, 231, 37}};
static const unsigned char blue_red[9][3] = {{33, 102, 172},  {67, 147, 195},  {146, 197, 222},
                                             {209, 229, 240}, {247, 247, 247}, {253, 219, 199},
                                             {244, 165, 130}, {214, 96, 77},   {178, 24, 43}};

void colormap(double t, int diverging, float out[3]) {
    if (isnan(t)) {
        out[0] = out[1] = out[2] = 0.6f;
        return;
    }
    const unsigned char(*stops)[3] = diverging ? blue_red : viridis;
    double u = (t < 0 ? 0 : t > 1 ? 1 : t) * 8;
    int k = u >= 8 ? 7 : (int)u;
    double f = u - k;
    for (int c = 0; c < 3; c++)
        out[c] = (float)(((1 - f) * stops[k][c] + f * stops[k + 1][c]) / 255.0);
}
