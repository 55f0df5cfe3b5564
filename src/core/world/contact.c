/* Contact with a ground plane, static spheres and moving plates, as a projection after
 * each step. */
#define SL_WORLD_INTERNAL /* world/world_internal.h: the world's own files */
#include <math.h>

#include "world/world_internal.h"

int sl_world_sphere_count(const sl_world *w) { return w ? w->contact.sphere_count : 0; }

int sl_world_sphere(const sl_world *w, int i, double center[3], double *radius) {
    if (!w || i < 0 || i >= w->contact.sphere_count || !center || !radius) return 0;
    const double *s = w->contact.sphere[i];
    center[0] = s[0], center[1] = s[1], center[2] = s[2], *radius = s[3];
    return 1;
}

int sl_world_ground(const sl_world *w, double *height) {
    if (!w || !w->contact.ground) return 0;
    if (height) *height = w->contact.height;
    return 1;
}

sl_status sl_world_set_ground(sl_world *w, double height, double friction) {
    if (!w) return SL_ERR_NULL;
    if (!isfinite(height) || !isfinite(friction)) return sl_world_fail(w, SL_ERR_NOT_FINITE, "ground");
    if (friction < 0) return sl_world_fail(w, SL_ERR_RANGE, "ground friction %g < 0", friction);
    w->contact.ground = 1;
    w->contact.height = height;
    w->contact.ground_friction = friction;
    return SL_OK;
}

sl_status sl_world_add_sphere(sl_world *w, const double center[3], double radius, double friction) {
    if (!w || !center) return SL_ERR_NULL;
    if (!isfinite(center[0]) || !isfinite(center[1]) || !isfinite(center[2]) || !isfinite(radius) ||
        !isfinite(friction))
        return sl_world_fail(w, SL_ERR_NOT_FINITE, "sphere");
    if (!(radius > 0) || friction < 0 || w->contact.sphere_count == 16)
        return sl_world_fail(w, SL_ERR_RANGE, "sphere radius %g, friction %g (at most 16 spheres)", radius, friction);
    double *s = w->contact.sphere[w->contact.sphere_count++];
    s[0] = center[0], s[1] = center[1], s[2] = center[2], s[3] = radius, s[4] = friction;
    return SL_OK;
}

sl_status sl_world_add_plate(sl_world *w, double height, double velocity, double stop_time, int facing,
                             double friction) {
    if (!w) return SL_ERR_NULL;
    if (!isfinite(height) || !isfinite(velocity) || !isfinite(stop_time) || !isfinite(friction))
        return sl_world_fail(w, SL_ERR_NOT_FINITE, "plate: height %g m, velocity %g m/s, stop time %g s, friction %g",
                             height, velocity, stop_time, friction);
    if ((facing != 1 && facing != -1) || stop_time < 0 || friction < 0 || w->contact.plate_count == SL_WORLD_MAX_PLATES)
        return sl_world_fail(w, SL_ERR_RANGE, "plate: facing %d (must be +1 or -1), stop time %g s (>= 0), "
                             "friction %g (>= 0), at most %d plates", facing, stop_time, friction, SL_WORLD_MAX_PLATES);
    double *p = w->contact.plate[w->contact.plate_count++];
    p[0] = height, p[1] = velocity, p[2] = stop_time, p[3] = facing, p[4] = friction;
    return SL_OK;
}

int sl_world_plate_count(const sl_world *w) { return w ? w->contact.plate_count : 0; }

int sl_world_plate(const sl_world *w, int i, double t, double *height, double *velocity, int *facing) {
    if (!w || i < 0 || i >= w->contact.plate_count) return 0;
    const double *p = w->contact.plate[i];
    if (height) *height = p[0] + p[1] * fmin(t, p[2]);
    if (velocity) *velocity = t < p[2] ? p[1] : 0;
    if (facing) *facing = (int)p[3];
    return 1;
}

double sl_world_thickness_ratio(const sl_world *w) {
    if (!w || w->contact.plate_count < 2) return NAN;
    double lo0, hi0, lo, hi, t = w->t;
    sl_world_plate(w, 0, 0, &lo0, NULL, NULL), sl_world_plate(w, 1, 0, &hi0, NULL, NULL);
    sl_world_plate(w, 0, t, &lo, NULL, NULL), sl_world_plate(w, 1, t, &hi, NULL, NULL);
    return hi0 != lo0 ? (hi - lo) / (hi0 - lo0) : NAN;
}

int sl_world_walls(const sl_world *w, double t, sl_wall *out) {
    int k = 0;
    if (w->contact.ground) out[k++] = (sl_wall){w->contact.height, 0, 1, w->contact.ground_friction};
    for (int i = 0; i < w->contact.plate_count; i++, k++) {
        int facing = 1;
        sl_world_plate(w, i, t, &out[k].height, &out[k].velocity, &facing);
        out[k].facing = facing, out[k].friction = w->contact.plate[i][4];
    }
    return k;
}

/* Node at x with velocity v touches a surface with outward unit normal n moving at
 * normal speed un (m/s along n), penetrating by depth: move it out, remove the normal
 * velocity relative to the surface where it points inward (the node keeps un), and apply
 * Coulomb friction to the tangential velocity (the surfaces have none). */
static void resolve(double *x, double *v, const double n[3], double un, double depth, double friction) {
    double vn = v[0] * n[0] + v[1] * n[1] + v[2] * n[2];
    for (int c = 0; c < 3; c++) x[c] += depth * n[c];
    if (vn >= un) return; /* separating, or following the surface */
    double vt[3], vt_len = 0;
    for (int c = 0; c < 3; c++) vt[c] = v[c] - vn * n[c], vt_len += vt[c] * vt[c];
    vt_len = sqrt(vt_len);
    double keep = vt_len > 0 ? fmax(0.0, 1.0 - friction * (un - vn) / vt_len) : 0;
    for (int c = 0; c < 3; c++) v[c] = keep * vt[c] + un * n[c]; /* inward relative motion removed */
}

void sl_world_resolve_contacts(sl_world *w) {
    if (!w->contact.ground && w->contact.sphere_count == 0 && w->contact.plate_count == 0) return;
    sl_wall walls[1 + SL_WORLD_MAX_PLATES];
    int nw = sl_world_walls(w, w->t + w->dt, walls); /* called before the clock advances */
    for (int i = 0; i < w->n; i++) {
        if (w->pinned[i]) continue;
        double *x = w->x + 3 * i, *v = w->v + 3 * i;
        for (int k = 0; k < nw; k++) {
            const sl_wall *wall = &walls[k];
            double depth = wall->facing * (wall->height - x[1]);
            if (depth <= 0) continue;
            const double n[3] = {0, wall->facing, 0};
            resolve(x, v, n, wall->facing * wall->velocity, depth, wall->friction);
        }
        for (int k = 0; k < w->contact.sphere_count; k++) {
            const double *s = w->contact.sphere[k];
            double d[3] = {x[0] - s[0], x[1] - s[1], x[2] - s[2]};
            double r = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
            if (r >= s[3] || r == 0) continue;
            double n[3] = {d[0] / r, d[1] / r, d[2] / r};
            resolve(x, v, n, 0, s[3] - r, s[4]);
        }
    }
}
