/* softlab renderer: framing, camera, projection, picking and unprojection (render.h).
 * No GL: the same camera serves drawing (render.c) and the mouse, so what is picked is
 * what is drawn, with or without a pan. */
#include <math.h>
#include <string.h>

#include "render_internal.h"

/* The bounding box of the rest positions, grown where the body can go: a body hanging
 * from one pin can swing below and around it (the box also holds its mirror image
 * through the pin and the lowest point it can reach); a body held at a small patch (the
 * pins' box under half the body's size, e.g. a beam clamped at one end) can bend down
 * below it by its reach, unless it stands on them (all pins at its lowest level: then it
 * can bend sideways by half its height); a body over a ground shows the ground and a
 * quarter of its height above it (the default distance frames the box's sphere at 0.9,
 * and seen from above the top of seed 002's dropped tube, 0.95 m up, was cut off). */
static int frame_scene(const sl_render_scene *s, framing *f) {
    int n = s->node_count;
    const double *x0 = s->rest_positions;
    if (n < 1 || !x0) return 0;
    double lo[3], hi[3], pin_lo[3] = {INFINITY, INFINITY, INFINITY};
    double pin_hi[3] = {-INFINITY, -INFINITY, -INFINITY};
    for (int c = 0; c < 3; c++) lo[c] = hi[c] = x0[c];
    int pins = 0;
    for (int i = 0; i < n; i++) {
        int pinned = scene_pinned(s, i);
        pins += pinned;
        for (int c = 0; c < 3; c++) {
            lo[c] = fmin(lo[c], x0[3 * i + c]);
            hi[c] = fmax(hi[c], x0[3 * i + c]);
            if (pinned) pin_lo[c] = fmin(pin_lo[c], x0[3 * i + c]), pin_hi[c] = fmax(pin_hi[c], x0[3 * i + c]);
        }
    }
    double diag = 0, pin_diag = 0, p[3];
    for (int c = 0; c < 3; c++) {
        diag += (hi[c] - lo[c]) * (hi[c] - lo[c]);
        if (pins) pin_diag += (pin_hi[c] - pin_lo[c]) * (pin_hi[c] - pin_lo[c]);
        p[c] = 0.5 * (pin_lo[c] + pin_hi[c]); /* centre of the pins */
    }
    diag = sqrt(diag), pin_diag = sqrt(pin_diag);
    if (!(diag > 0)) diag = 1;
    double floor_y = lo[1] - 0.05 * diag, ground = s->ground_y;
    int has_ground = s->has_ground;
    /* pins along the body's bottom: it stands on them (seed 002's tube) and bends to the
     * side, never below them, so the box is not grown down by its reach */
    int standing = pins > 1 && pin_hi[1] <= lo[1] + 1e-3 * diag;
    if (pins && !has_ground && !standing && (pins == 1 || pin_diag < 0.5 * diag)) {
        double reach = 0; /* farthest node from the pins' centre */
        for (int i = 0; i < n; i++) {
            double d2 = 0;
            for (int c = 0; c < 3; c++) d2 += (x0[3 * i + c] - p[c]) * (x0[3 * i + c] - p[c]);
            reach = fmax(reach, sqrt(d2));
        }
        for (int c = 0; c < 3 && pins == 1; c += 2) { /* a pendulum swings around */
            double mirror_lo = 2 * p[c] - hi[c], mirror_hi = 2 * p[c] - lo[c];
            lo[c] = fmin(lo[c], mirror_lo);
            hi[c] = fmax(hi[c], mirror_hi);
        }
        floor_y = fmin(lo[1], p[1] - reach) - 0.02 * diag;
    }
    if (standing) /* it bends to any side, its top by up to half its height */
        for (int c = 0; c < 3; c += 2) lo[c] -= 0.5 * (hi[1] - lo[1]), hi[c] += 0.5 * (hi[1] - lo[1]);
    if (has_ground) { /* the body lands there: show it, and room above the top to bounce */
        floor_y = ground;
        hi[1] += 0.25 * fmax(hi[1] - ground, 0);
    }
    lo[1] = fmin(lo[1], floor_y);
    double d2 = 0;
    for (int c = 0; c < 3; c++) {
        f->center[c] = 0.5 * (lo[c] + hi[c]);
        d2 += (hi[c] - lo[c]) * (hi[c] - lo[c]);
    }
    f->radius = fmax(0.5 * sqrt(d2), 1e-6);
    f->floor_y = floor_y;
    return 1;
}

int frame_view(const sl_render_scene *s, const double *pan, framing *f) {
    if (!frame_scene(s, f)) return 0;
    if (pan && isfinite(pan[0]) && isfinite(pan[1]) && isfinite(pan[2]))
        for (int c = 0; c < 3; c++) f->center[c] += pan[c];
    return 1;
}

double sl_render_default_distance(const sl_render_scene *s) {
    framing f;
    if (!s || !frame_scene(s, &f)) return 0;
    return 0.9 * f.radius / sin(0.5 * FOV_Y);
}

/* out = a * b, column-major 4x4. */
static void mat4_mul(const double *a, const double *b, double *out) {
    double t[16];
    for (int col = 0; col < 4; col++)
        for (int row = 0; row < 4; row++) {
            double s = 0;
            for (int k = 0; k < 4; k++) s += a[4 * k + row] * b[4 * col + k];
            t[4 * col + row] = s;
        }
    memcpy(out, t, sizeof t);
}

/* An eye orbiting the origin (the framing centre) at distance (m; <= 0 or not finite:
 * the default), yaw and pitch (rad, pitch clamped to +-1.55), y up. */
void camera_make(const framing *f, double yaw, double pitch, double distance,
                        int width, int height, camera *cam) {
    if (!(distance > 0) || !isfinite(distance)) distance = 0.9 * f->radius / sin(0.5 * FOV_Y);
    pitch = pitch > 1.55 ? 1.55 : pitch < -1.55 ? -1.55 : pitch;
    const double eye[3] = {distance * cos(pitch) * sin(yaw), distance * sin(pitch),
                           distance * cos(pitch) * cos(yaw)};
    double side[3] = {eye[2], 0, -eye[0]}; /* fwd x (0,1,0) with fwd = -eye */
    double sl = sqrt(side[0] * side[0] + side[2] * side[2]);
    if (!(sl > 0)) side[0] = 1, sl = 1;
    for (int c = 0; c < 3; c++) {
        cam->eye[c] = eye[c];
        cam->fwd[c] = -eye[c] / distance;
        cam->side[c] = side[c] / sl;
    }
    const double *fw = cam->fwd, *sd = cam->side;
    cam->up[0] = sd[1] * fw[2] - sd[2] * fw[1];
    cam->up[1] = sd[2] * fw[0] - sd[0] * fw[2];
    cam->up[2] = sd[0] * fw[1] - sd[1] * fw[0];
    cam->tan_half = tan(0.5 * FOV_Y);
    cam->aspect = (double)width / height;

    double view[16] = {sd[0], cam->up[0], -fw[0], 0, sd[1], cam->up[1], -fw[1], 0,
                       sd[2], cam->up[2], -fw[2], 0, 0,     0,          0,      1};
    for (int c = 0; c < 3; c++) { /* translation: -R eye */
        view[12] -= view[c * 4 + 0] * eye[c];
        view[13] -= view[c * 4 + 1] * eye[c];
        view[14] -= view[c * 4 + 2] * eye[c];
    }
    double nearz = fmax(0.02 * distance, distance - 6 * f->radius);
    double farz = distance + 8 * f->radius;
    double proj[16] = {0};
    proj[0] = 1.0 / (cam->tan_half * cam->aspect);
    proj[5] = 1.0 / cam->tan_half;
    proj[10] = (farz + nearz) / (nearz - farz);
    proj[11] = -1;
    proj[14] = 2 * farz * nearz / (nearz - farz);
    mat4_mul(proj, view, cam->mvp);
}

/* Pixel (from the top-left) and depth along the view of world point x; 0 if behind. */
static int camera_project(const camera *cam, const framing *f, const double *x, int width,
                          int height, double out[3]) {
    double p[4] = {x[0] - f->center[0], x[1] - f->center[1], x[2] - f->center[2], 1}, clip[4];
    for (int row = 0; row < 4; row++) {
        clip[row] = 0;
        for (int k = 0; k < 4; k++) clip[row] += cam->mvp[4 * k + row] * p[k];
    }
    if (!(clip[3] > 1e-12)) return 0;
    out[0] = (0.5 + 0.5 * clip[0] / clip[3]) * width;
    out[1] = (0.5 - 0.5 * clip[1] / clip[3]) * height;
    out[2] = clip[3];
    return 1;
}

int sl_render_project(const sl_render_scene *s, int width, int height, double yaw, double pitch,
                      double distance, const double pan[3], const double x[3], double out[3]) {
    framing f;
    camera cam;
    if (!s || !x || !out || width < 1 || height < 1 || !frame_view(s, pan, &f)) return 0;
    camera_make(&f, yaw, pitch, distance, width, height, &cam);
    return camera_project(&cam, &f, x, width, height, out);
}

/* The ray from the eye through pixel (px, py): dir has unit component along fwd, so the
 * parameter t of a point eye + t dir is its depth along the view. */
static void camera_ray(const camera *cam, int width, int height, double px, double py, double dir[3]) {
    double nx = 2 * px / width - 1, ny = 1 - 2 * py / height;
    for (int c = 0; c < 3; c++)
        dir[c] = cam->fwd[c] + cam->side[c] * nx * cam->tan_half * cam->aspect + cam->up[c] * ny * cam->tan_half;
}

/* Depth along the view of the nearest surface triangle of s on the ray (eye, dir) (both
 * in the centred frame), and the longest edge (m) of that triangle; INFINITY if none is
 * hit. Moller-Trumbore, either face. */
static double surface_depth(const sl_render_scene *s, const framing *f, const camera *cam,
                            const double dir[3], double *edge) {
    double best = INFINITY;
    for (int k = 0; k < s->triangle_count; k++) {
        const int *t = s->triangles + 3 * k;
        double v[3][3];
        for (int a = 0; a < 3; a++)
            for (int c = 0; c < 3; c++) v[a][c] = s->positions[3 * t[a] + c] - f->center[c];
        double e1[3], e2[3], o[3];
        for (int c = 0; c < 3; c++) e1[c] = v[1][c] - v[0][c], e2[c] = v[2][c] - v[0][c], o[c] = cam->eye[c] - v[0][c];
        double h[3] = {dir[1] * e2[2] - dir[2] * e2[1], dir[2] * e2[0] - dir[0] * e2[2], dir[0] * e2[1] - dir[1] * e2[0]};
        double det = e1[0] * h[0] + e1[1] * h[1] + e1[2] * h[2];
        if (fabs(det) < 1e-300) continue;
        double u = (o[0] * h[0] + o[1] * h[1] + o[2] * h[2]) / det;
        if (u < 0 || u > 1) continue;
        double q[3] = {o[1] * e1[2] - o[2] * e1[1], o[2] * e1[0] - o[0] * e1[2], o[0] * e1[1] - o[1] * e1[0]};
        double w = (dir[0] * q[0] + dir[1] * q[1] + dir[2] * q[2]) / det;
        if (w < 0 || u + w > 1) continue;
        double depth = (e2[0] * q[0] + e2[1] * q[1] + e2[2] * q[2]) / det;
        if (!(depth > 0) || depth >= best) continue;
        best = depth;
        double l2 = 0;
        for (int a = 0; a < 3; a++) {
            double d2 = 0;
            for (int c = 0; c < 3; c++) d2 += (v[(a + 1) % 3][c] - v[a][c]) * (v[(a + 1) % 3][c] - v[a][c]);
            l2 = fmax(l2, d2);
        }
        *edge = sqrt(l2);
    }
    return best;
}

/* Whether node i is a corner of a surface triangle of s (a scan: called only for the few
 * nodes near the cursor). */
static int on_surface(const sl_render_scene *s, int i) {
    for (int k = 0; k < 3 * s->triangle_count; k++)
        if (s->triangles[k] == i) return 1;
    return 0;
}

int sl_render_pick(const sl_render_scene *s, int width, int height, double yaw, double pitch,
                   double distance, const double pan[3], double px, double py, double radius,
                   int view) {
    framing f;
    camera cam;
    if (!s || !s->positions || width < 1 || height < 1 || !frame_view(s, pan, &f)) return -1;
    camera_make(&f, yaw, pitch, distance, width, height, &cam);
    const double *x = s->positions;
    /* what the view shows: every node through a wireframe, else the surface's, and of an
     * opaque surface the side facing the eye */
    int surface_only = !(view & SL_VIEW_WIREFRAME) && s->triangles && s->triangle_count > 0;
    double max_depth = INFINITY;
    if (surface_only && (view & SL_VIEW_SHADED)) {
        double dir[3], edge = 0;
        camera_ray(&cam, width, height, px, py, dir);
        max_depth = surface_depth(s, &f, &cam, dir, &edge) + edge;
    }
    int best = -1;
    double best_d2 = radius * radius, best_depth = INFINITY;
    for (int i = 0; i < s->node_count; i++) {
        double q[3];
        if (scene_pinned(s, i) || !camera_project(&cam, &f, x + 3 * i, width, height, q) || q[2] > max_depth)
            continue;
        double d2 = (q[0] - px) * (q[0] - px) + (q[1] - py) * (q[1] - py);
        /* within the radius, the nearest to the cursor; near-ties go to the front one */
        if (d2 <= radius * radius && (d2 < 0.25 * best_d2 || (d2 <= 4 * best_d2 && q[2] < best_depth) || best < 0)) {
            if (surface_only && !on_surface(s, i)) continue;
            best = i;
            best_d2 = fmax(d2, 1.0);
            best_depth = q[2];
        }
    }
    return best;
}

int sl_render_unproject(const sl_render_scene *s, int width, int height, double yaw, double pitch,
                        double distance, const double pan[3], double px, double py,
                        const double through[3], double out[3]) {
    framing f;
    camera cam;
    if (!s || !through || !out || width < 1 || height < 1 || !frame_view(s, pan, &f)) return 0;
    camera_make(&f, yaw, pitch, distance, width, height, &cam);
    double dir[3], q[3];
    camera_ray(&cam, width, height, px, py, dir);
    for (int c = 0; c < 3; c++) q[c] = through[c] - f.center[c];
    double denom = dir[0] * cam.fwd[0] + dir[1] * cam.fwd[1] + dir[2] * cam.fwd[2];
    double num = (q[0] - cam.eye[0]) * cam.fwd[0] + (q[1] - cam.eye[1]) * cam.fwd[1] +
                 (q[2] - cam.eye[2]) * cam.fwd[2];
    if (!(denom > 1e-12) || !(num > 0)) return 0;
    for (int c = 0; c < 3; c++) out[c] = cam.eye[c] + num / denom * dir[c] + f.center[c];
    return 1;
}
