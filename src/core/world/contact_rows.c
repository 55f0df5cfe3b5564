/* Contact as constraints inside the Gauss-Seidel sweep of the position-based steppers
 * (xpbd, xpbd-substeps, pbd; world/stepper_api.h): the ground, the plates and the static
 * spheres as inequality rows C >= 0 of compliance 0, projected as XPBD projects a hard row
 * (Macklin, Mueller, Chentanez 2016, paper 005 §4.1 eq. 17-18) with the multiplier held
 * non-negative, a contact that can push and never pull, as "Small Steps in Physics
 * Simulation" (Macklin et al. 2019, paper 006) treats contact inside each substep. Every
 * other stepper keeps the projection after the step (world/contact.c). */
#define SL_WORLD_INTERNAL /* world/world_internal.h: the world's own files */
#include <math.h>

#include "world/world_internal.h"

/* Surface k of node at p: writes its outward normal n and returns C = the signed distance
 * (m, negative inside), or returns INFINITY when k is no surface of w. */
static double surface(const sl_world *w, const sl_wall *walls, int nw, int k, const double *p, double n[3]) {
    if (k < nw) {
        n[0] = 0, n[1] = walls[k].facing, n[2] = 0;
        return walls[k].facing * (p[1] - walls[k].height);
    }
    k -= 1 + SL_WORLD_MAX_PLATES;
    if (k < 0 || k >= w->contact.sphere_count) return INFINITY;
    const double *s = w->contact.sphere[k];
    double d[3] = {p[0] - s[0], p[1] - s[1], p[2] - s[2]}, r = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
    if (r == 0) return INFINITY; /* at the centre: no direction out (as world/contact.c) */
    for (int c = 0; c < 3; c++) n[c] = d[c] / r;
    return r - s[3];
}

/* The slots of w's surfaces: walls 0..nw-1, spheres from 1 + SL_WORLD_MAX_PLATES on. */
static int slot_end(const sl_world *w) { return 1 + SL_WORLD_MAX_PLATES + w->contact.sphere_count; }

void sl_stepper_contact_rows(const sl_world *w, const double *x, double t, double *lambda, double *dx) {
    sl_wall walls[1 + SL_WORLD_MAX_PLATES];
    int nw = sl_world_walls(w, t, walls), end = slot_end(w);
    if (nw == 0 && w->contact.sphere_count == 0) return;
    for (int i = 0; i < w->n; i++) {
        if (w->pinned[i]) continue;
        double p[3], n[3];
        for (int k = 0; k < end; k++) {
            if (k >= nw && k < 1 + SL_WORLD_MAX_PLATES) continue; /* no such wall */
            for (int c = 0; c < 3; c++) p[c] = x[3 * i + c] + dx[3 * i + c];
            double C = surface(w, walls, nw, k, p, n), *l = &lambda[(size_t)i * SL_CONTACT_SLOTS + k];
            if (!isfinite(C) || (C >= 0 && *l == 0)) continue; /* apart and never pushed: inactive */
            double dl = fmax(-C * w->mass[i], -*l); /* eq. 18 with alpha = 0, w_i = 1/m_i, |n| = 1; lambda >= 0 */
            for (int c = 0; c < 3; c++) dx[3 * i + c] += n[c] * dl / w->mass[i]; /* eq. 17 */
            *l += dl;
        }
    }
}

void sl_stepper_contact_friction(const sl_world *w, double t, double h, const double *lambda, double *v) {
    sl_wall walls[1 + SL_WORLD_MAX_PLATES];
    int nw = sl_world_walls(w, t, walls), end = slot_end(w);
    for (int i = 0; i < w->n; i++) {
        if (w->pinned[i]) continue;
        for (int k = 0; k < end; k++) {
            double l = lambda[(size_t)i * SL_CONTACT_SLOTS + k], mu, n[3], p[3];
            if (!(l > 0)) continue;
            /* the surfaces move only along their normal: the tangential velocity is the relative one */
            mu = k < nw ? walls[k].friction : w->contact.sphere[k - 1 - SL_WORLD_MAX_PLATES][4];
            if (mu == 0) continue;
            for (int c = 0; c < 3; c++) p[c] = w->x[3 * i + c];
            if (!isfinite(surface(w, walls, nw, k, p, n))) continue;
            double *vi = v + 3 * i, vn = vi[0] * n[0] + vi[1] * n[1] + vi[2] * n[2], vt[3], vt_len = 0;
            for (int c = 0; c < 3; c++) vt[c] = vi[c] - vn * n[c], vt_len += vt[c] * vt[c];
            vt_len = sqrt(vt_len);
            if (vt_len == 0) continue;
            double keep = fmax(0.0, 1.0 - mu * (l / (w->mass[i] * h)) / vt_len); /* Coulomb: the removed normal speed */
            for (int c = 0; c < 3; c++) vi[c] = keep * vt[c] + vn * n[c];
        }
    }
}

void sl_stepper_contact_force(const sl_world *w, const double *x, double t, double h, const double *lambda,
                              double out[3]) {
    sl_wall walls[1 + SL_WORLD_MAX_PLATES];
    int nw = sl_world_walls(w, t, walls), end = slot_end(w);
    out[0] = out[1] = out[2] = 0;
    for (int i = 0; i < w->n; i++)
        for (int k = 0; k < end; k++) {
            double l = lambda[(size_t)i * SL_CONTACT_SLOTS + k], n[3];
            if (!(l > 0) || !isfinite(surface(w, walls, nw, k, x + 3 * i, n))) continue;
            for (int c = 0; c < 3; c++) out[c] += n[c] * l / (h * h); /* eq. 6-7: grad C^T lambda / h^2 */
        }
}
