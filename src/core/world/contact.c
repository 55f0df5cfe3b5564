/* Contact with a ground plane and static spheres, as a projection after each step. */
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

/* Node at x with velocity v touches a surface with outward unit normal n, penetrating
 * by depth: move it out, remove the inward normal velocity, apply Coulomb friction. */
static void resolve(double *x, double *v, const double n[3], double depth, double friction) {
    double vn = v[0] * n[0] + v[1] * n[1] + v[2] * n[2];
    for (int c = 0; c < 3; c++) x[c] += depth * n[c];
    if (vn >= 0) return;
    double vt[3], vt_len = 0;
    for (int c = 0; c < 3; c++) vt[c] = v[c] - vn * n[c], vt_len += vt[c] * vt[c];
    vt_len = sqrt(vt_len);
    double keep = vt_len > 0 ? fmax(0.0, 1.0 - friction * (-vn) / vt_len) : 0;
    for (int c = 0; c < 3; c++) v[c] = keep * vt[c]; /* normal part removed */
}

void sl_world_resolve_contacts(sl_world *w) {
    if (!w->contact.ground && w->contact.sphere_count == 0) return;
    for (int i = 0; i < w->n; i++) {
        if (w->pinned[i]) continue;
        double *x = w->x + 3 * i, *v = w->v + 3 * i;
        if (w->contact.ground && x[1] < w->contact.height) {
            const double up[3] = {0, 1, 0};
            resolve(x, v, up, w->contact.height - x[1], w->contact.ground_friction);
        }
        for (int k = 0; k < w->contact.sphere_count; k++) {
            const double *s = w->contact.sphere[k];
            double d[3] = {x[0] - s[0], x[1] - s[1], x[2] - s[2]};
            double r = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
            if (r >= s[3] || r == 0) continue;
            double n[3] = {d[0] / r, d[1] / r, d[2] / r};
            resolve(x, v, n, s[3] - r, s[4]);
        }
    }
}
