/* softlab renderer (render.h): WebGL2 / GLES 3.0, read-only view of a world.
 * Geometry is computed in double relative to the framing centre and converted to
 * float only when it is written into the vertex buffers. */
#include "render.h"

#include <GLES3/gl3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FOV_Y (40.0 * 3.14159265358979323846 / 180.0) /* vertical field of view, rad */

struct sl_render {
    GLuint mesh_prog, line_prog, point_prog, bg_prog;
    GLuint vao, vbo;
    float *buf;        /* scratch vertex data */
    size_t buf_cap;    /* floats */
    float color[3];    /* surface colour */
    int grab_node;     /* node pulled by the mouse, -1 if none */
    double grab_target[3]; /* m */
    int view;              /* SL_VIEW_* flags */
    double *field;         /* per-node values of the colour map, NULL: plain colour */
    int field_n, field_diverging;
    double field_lo, field_hi;
    /* uniform locations */
    GLint m_mvp, m_light, m_shadow, m_floor, m_alpha, m_shadow_color;
    GLint l_mvp, l_color, l_fade;
    GLint p_mvp, p_size, p_fill, p_ring, p_alpha;
    GLint b_top, b_bottom;
};

/* Where the camera looks and how big the scene is: the bounding box of the rest
 * positions; a body hanging from one pin can swing below and around it, so then the
 * box also holds its mirror image through the pin and the lowest point it can reach. */
typedef struct framing {
    double center[3]; /* m */
    double radius;    /* m, half the diagonal of the box */
    double floor_y;   /* m, height of the ground grid */
} framing;

/* ---- shaders -------------------------------------------------------------------- */

static const char *mesh_vs =
    "#version 300 es\n"
    "layout(location=0) in vec3 a_pos;\n"
    "layout(location=1) in vec3 a_normal;\n"
    "layout(location=2) in vec3 a_color;\n"
    "uniform mat4 u_mvp;\n"
    "uniform vec3 u_light;   // direction the light travels, unit\n"
    "uniform float u_shadow; // 1: flatten onto the floor along u_light\n"
    "uniform float u_floor;\n"
    "flat out vec3 v_normal;\n"
    "out vec3 v_color;\n"
    "void main() {\n"
    "  vec3 p = a_pos;\n"
    "  if (u_shadow > 0.5) p += u_light * (max(p.y - u_floor, 0.0) / -u_light.y);\n"
    "  v_normal = a_normal;\n"
    "  v_color = a_color;\n"
    "  gl_Position = u_mvp * vec4(p, 1.0);\n"
    "}\n";

static const char *mesh_fs =
    "#version 300 es\n"
    "precision highp float;\n"
    "flat in vec3 v_normal;\n"
    "in vec3 v_color;\n"
    "uniform vec3 u_light;\n"
    "uniform float u_shadow;\n"
    "uniform float u_alpha;\n"
    "uniform vec4 u_shadow_color;\n"
    "out vec4 o_color;\n"
    "void main() {\n"
    "  if (u_shadow > 0.5) { o_color = u_shadow_color; return; }\n"
    "  vec3 n = normalize(gl_FrontFacing ? v_normal : -v_normal);\n"
    "  float diffuse = max(dot(n, -u_light), 0.0);\n"
    "  vec3 sky = mix(vec3(0.60, 0.57, 0.55), vec3(0.85, 0.90, 1.0), 0.5 + 0.5 * n.y);\n"
    "  o_color = vec4(v_color * (0.62 * sky + 0.50 * diffuse), u_alpha);\n"
    "}\n";

static const char *line_vs =
    "#version 300 es\n"
    "layout(location=0) in vec3 a_pos;\n"
    "uniform mat4 u_mvp;\n"
    "out vec3 v_pos;\n"
    "void main() { v_pos = a_pos; gl_Position = u_mvp * vec4(a_pos, 1.0); }\n";

static const char *line_fs =
    "#version 300 es\n"
    "precision highp float;\n"
    "in vec3 v_pos;\n"
    "uniform vec4 u_color;\n"
    "uniform vec2 u_fade; // fade out between these horizontal radii\n"
    "out vec4 o_color;\n"
    "void main() {\n"
    "  float a = 1.0 - smoothstep(u_fade.x, u_fade.y, length(v_pos.xz));\n"
    "  o_color = vec4(u_color.rgb, u_color.a * a);\n"
    "}\n";

static const char *point_vs =
    "#version 300 es\n"
    "layout(location=0) in vec3 a_pos;\n"
    "uniform mat4 u_mvp;\n"
    "uniform float u_size;\n"
    "void main() { gl_Position = u_mvp * vec4(a_pos, 1.0); gl_PointSize = u_size; }\n";

static const char *point_fs =
    "#version 300 es\n"
    "precision highp float;\n"
    "uniform vec3 u_fill;\n"
    "uniform vec3 u_ring;\n"
    "uniform float u_alpha;\n"
    "out vec4 o_color;\n"
    "void main() {\n"
    "  float d = 2.0 * length(gl_PointCoord - vec2(0.5));\n"
    "  if (d > 1.0) discard;\n"
    "  vec3 c = mix(u_fill, u_ring, smoothstep(0.58, 0.70, d));\n"
    "  o_color = vec4(c, u_alpha * (1.0 - smoothstep(0.86, 1.0, d)));\n"
    "}\n";

static const char *bg_vs =
    "#version 300 es\n"
    "out float v_y;\n"
    "void main() {\n"
    "  vec2 p = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);\n"
    "  v_y = 0.5 + 0.5 * p.y;\n"
    "  gl_Position = vec4(p, 0.0, 1.0);\n"
    "}\n";

static const char *bg_fs =
    "#version 300 es\n"
    "precision highp float;\n"
    "in float v_y;\n"
    "uniform vec3 u_top;\n"
    "uniform vec3 u_bottom;\n"
    "out vec4 o_color;\n"
    "void main() { o_color = vec4(mix(u_bottom, u_top, v_y), 1.0); }\n";

static GLuint compile(GLenum type, const char *src) {
    GLuint s = glCreateShader(type);
    GLint ok = 0;
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[1024];
        glGetShaderInfoLog(s, sizeof log, NULL, log);
        fprintf(stderr, "softlab render: shader: %s\n", log);
        glDeleteShader(s);
        return 0;
    }
    return s;
}

static GLuint program(const char *vs_src, const char *fs_src) {
    GLuint vs = compile(GL_VERTEX_SHADER, vs_src), fs = compile(GL_FRAGMENT_SHADER, fs_src);
    GLuint p = 0;
    GLint ok = 0;
    if (vs && fs) {
        p = glCreateProgram();
        glAttachShader(p, vs);
        glAttachShader(p, fs);
        glLinkProgram(p);
        glGetProgramiv(p, GL_LINK_STATUS, &ok);
        if (!ok) {
            char log[1024];
            glGetProgramInfoLog(p, sizeof log, NULL, log);
            fprintf(stderr, "softlab render: link: %s\n", log);
            glDeleteProgram(p);
            p = 0;
        }
    }
    if (vs) glDeleteShader(vs);
    if (fs) glDeleteShader(fs);
    return p;
}

/* ---- life cycle ----------------------------------------------------------------- */

sl_render *sl_render_create(void) {
    sl_render *r = calloc(1, sizeof *r);
    if (!r) return NULL;
    r->mesh_prog = program(mesh_vs, mesh_fs);
    r->line_prog = program(line_vs, line_fs);
    r->point_prog = program(point_vs, point_fs);
    r->bg_prog = program(bg_vs, bg_fs);
    if (!r->mesh_prog || !r->line_prog || !r->point_prog || !r->bg_prog) {
        sl_render_destroy(r);
        return NULL;
    }
    glGenVertexArrays(1, &r->vao);
    glGenBuffers(1, &r->vbo);
    sl_render_set_color(r, 0.33, 0.56, 0.85);
    r->grab_node = -1;
    r->view = SL_VIEW_SHADED;

    r->m_mvp = glGetUniformLocation(r->mesh_prog, "u_mvp");
    r->m_light = glGetUniformLocation(r->mesh_prog, "u_light");
    r->m_shadow = glGetUniformLocation(r->mesh_prog, "u_shadow");
    r->m_floor = glGetUniformLocation(r->mesh_prog, "u_floor");
    r->m_alpha = glGetUniformLocation(r->mesh_prog, "u_alpha");
    r->m_shadow_color = glGetUniformLocation(r->mesh_prog, "u_shadow_color");
    r->l_mvp = glGetUniformLocation(r->line_prog, "u_mvp");
    r->l_color = glGetUniformLocation(r->line_prog, "u_color");
    r->l_fade = glGetUniformLocation(r->line_prog, "u_fade");
    r->p_mvp = glGetUniformLocation(r->point_prog, "u_mvp");
    r->p_size = glGetUniformLocation(r->point_prog, "u_size");
    r->p_fill = glGetUniformLocation(r->point_prog, "u_fill");
    r->p_ring = glGetUniformLocation(r->point_prog, "u_ring");
    r->p_alpha = glGetUniformLocation(r->point_prog, "u_alpha");
    r->b_top = glGetUniformLocation(r->bg_prog, "u_top");
    r->b_bottom = glGetUniformLocation(r->bg_prog, "u_bottom");
    return r;
}

void sl_render_destroy(sl_render *r) {
    if (!r) return;
    if (r->mesh_prog) glDeleteProgram(r->mesh_prog);
    if (r->line_prog) glDeleteProgram(r->line_prog);
    if (r->point_prog) glDeleteProgram(r->point_prog);
    if (r->bg_prog) glDeleteProgram(r->bg_prog);
    if (r->vbo) glDeleteBuffers(1, &r->vbo);
    if (r->vao) glDeleteVertexArrays(1, &r->vao);
    free(r->buf);
    free(r->field);
    free(r);
}

static float clamp01(double v) { return (float)(v < 0 ? 0 : v > 1 ? 1 : v); }

void sl_render_set_color(sl_render *r, double red, double green, double blue) {
    if (!r) return;
    r->color[0] = clamp01(red);
    r->color[1] = clamp01(green);
    r->color[2] = clamp01(blue);
}

void sl_render_set_view(sl_render *r, int flags) {
    if (r) r->view = flags;
}

int sl_render_set_field(sl_render *r, const double *values, int n, double lo, double hi,
                        int diverging) {
    if (!r) return 0;
    if (!values || n < 1) {
        free(r->field);
        r->field = NULL;
        r->field_n = 0;
        return 1;
    }
    if (n != r->field_n) {
        double *f = realloc(r->field, sizeof(double) * (size_t)n);
        if (!f) return 0;
        r->field = f;
        r->field_n = n;
    }
    memcpy(r->field, values, sizeof(double) * (size_t)n);
    r->field_lo = lo, r->field_hi = hi, r->field_diverging = diverging;
    return 1;
}

/* Colour of value t in [0, 1]: viridis (sequential) or blue-white-red (diverging), by
 * linear interpolation between 5 stops; NaN: grey. */
static void colormap(double t, int diverging, float out[3]) {
    static const float viridis[5][3] = {{0.267f, 0.005f, 0.329f}, {0.230f, 0.322f, 0.546f},
                                        {0.128f, 0.567f, 0.551f}, {0.369f, 0.789f, 0.383f},
                                        {0.993f, 0.906f, 0.144f}};
    static const float bwr[5][3] = {{0.130f, 0.300f, 0.700f}, {0.530f, 0.680f, 0.900f},
                                    {0.970f, 0.970f, 0.970f}, {0.940f, 0.560f, 0.480f},
                                    {0.720f, 0.100f, 0.120f}};
    if (isnan(t)) {
        out[0] = out[1] = out[2] = 0.6f;
        return;
    }
    const float(*stops)[3] = diverging ? bwr : viridis;
    double u = (t < 0 ? 0 : t > 1 ? 1 : t) * 4;
    int k = u >= 4 ? 3 : (int)u;
    double f = u - k;
    for (int c = 0; c < 3; c++) out[c] = (float)((1 - f) * stops[k][c] + f * stops[k + 1][c]);
}

/* ---- framing and camera ----------------------------------------------------------- */

static int frame_scene(const sl_world *w, framing *f) {
    int n = sl_world_node_count(w);
    const double *x0 = sl_world_rest_positions(w);
    if (n < 1 || !x0) return 0;
    double lo[3], hi[3];
    for (int c = 0; c < 3; c++) lo[c] = hi[c] = x0[c];
    for (int i = 1; i < n; i++)
        for (int c = 0; c < 3; c++) {
            lo[c] = fmin(lo[c], x0[3 * i + c]);
            hi[c] = fmax(hi[c], x0[3 * i + c]);
        }
    double diag = sqrt((hi[0] - lo[0]) * (hi[0] - lo[0]) + (hi[1] - lo[1]) * (hi[1] - lo[1]) +
                       (hi[2] - lo[2]) * (hi[2] - lo[2]));
    if (!(diag > 0)) diag = 1;
    int pins = 0, pin = -1;
    for (int i = 0; i < n; i++)
        if (sl_world_is_pinned(w, i)) pins++, pin = i;
    double floor_y = lo[1] - 0.05 * diag;
    if (pins == 1) { /* a pendulum: mirror image through the pin, lowest reachable point */
        const double *p = x0 + 3 * pin;
        double reach = 0;
        for (int i = 0; i < n; i++) {
            double d2 = 0;
            for (int c = 0; c < 3; c++) d2 += (x0[3 * i + c] - p[c]) * (x0[3 * i + c] - p[c]);
            reach = fmax(reach, sqrt(d2));
        }
        for (int c = 0; c < 3; c += 2) {
            double mirror_lo = 2 * p[c] - hi[c], mirror_hi = 2 * p[c] - lo[c];
            lo[c] = fmin(lo[c], mirror_lo);
            hi[c] = fmax(hi[c], mirror_hi);
        }
        floor_y = fmin(lo[1], p[1] - reach) - 0.02 * diag;
    }
    double ground;
    if (sl_world_ground(w, &ground)) floor_y = ground; /* the body lands there: show it */
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

/* frame_scene with the orbit centre moved by pan (m; NULL: none). */
static int frame_view(const sl_world *w, const double *pan, framing *f) {
    if (!frame_scene(w, f)) return 0;
    if (pan && isfinite(pan[0]) && isfinite(pan[1]) && isfinite(pan[2]))
        for (int c = 0; c < 3; c++) f->center[c] += pan[c];
    return 1;
}

double sl_render_default_distance(const sl_world *w) {
    framing f;
    if (!w || !frame_scene(w, &f)) return 0;
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

/* The camera of one frame, in the centred frame (world minus framing centre). */
typedef struct camera {
    double eye[3], fwd[3], side[3], up[3]; /* position (m) and unit axes */
    double tan_half, aspect;               /* tan(FOV_Y / 2), width / height */
    double mvp[16];                        /* projection * view, column-major */
} camera;

/* An eye orbiting the origin (the framing centre) at distance (m; <= 0 or not finite:
 * the default), yaw and pitch (rad, pitch clamped to +-1.55), y up. */
static void camera_make(const framing *f, double yaw, double pitch, double distance,
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

int sl_render_project(const sl_world *w, int width, int height, double yaw, double pitch,
                      double distance, const double pan[3], const double x[3], double out[3]) {
    framing f;
    camera cam;
    if (!w || !x || !out || width < 1 || height < 1 || !frame_view(w, pan, &f)) return 0;
    camera_make(&f, yaw, pitch, distance, width, height, &cam);
    return camera_project(&cam, &f, x, width, height, out);
}

int sl_render_pick(const sl_world *w, int width, int height, double yaw, double pitch,
                   double distance, const double pan[3], double px, double py, double radius) {
    framing f;
    camera cam;
    if (!w || width < 1 || height < 1 || !frame_view(w, pan, &f)) return -1;
    camera_make(&f, yaw, pitch, distance, width, height, &cam);
    const double *x = sl_world_positions(w);
    int best = -1;
    double best_d2 = radius * radius, best_depth = INFINITY;
    for (int i = 0; i < sl_world_node_count(w); i++) {
        double s[3];
        if (sl_world_is_pinned(w, i) || !camera_project(&cam, &f, x + 3 * i, width, height, s))
            continue;
        double d2 = (s[0] - px) * (s[0] - px) + (s[1] - py) * (s[1] - py);
        /* within the radius, the nearest to the cursor; near-ties go to the front one */
        if (d2 <= radius * radius && (d2 < 0.25 * best_d2 || (d2 <= 4 * best_d2 && s[2] < best_depth) || best < 0)) {
            best = i;
            best_d2 = fmax(d2, 1.0);
            best_depth = s[2];
        }
    }
    return best;
}

int sl_render_unproject(const sl_world *w, int width, int height, double yaw, double pitch,
                        double distance, const double pan[3], double px, double py,
                        const double through[3], double out[3]) {
    framing f;
    camera cam;
    if (!w || !through || !out || width < 1 || height < 1 || !frame_view(w, pan, &f)) return 0;
    camera_make(&f, yaw, pitch, distance, width, height, &cam);
    double nx = 2 * px / width - 1, ny = 1 - 2 * py / height, dir[3], q[3];
    for (int c = 0; c < 3; c++) {
        dir[c] = cam.fwd[c] + cam.side[c] * nx * cam.tan_half * cam.aspect +
                 cam.up[c] * ny * cam.tan_half;
        q[c] = through[c] - f.center[c];
    }
    double denom = dir[0] * cam.fwd[0] + dir[1] * cam.fwd[1] + dir[2] * cam.fwd[2];
    double num = (q[0] - cam.eye[0]) * cam.fwd[0] + (q[1] - cam.eye[1]) * cam.fwd[1] +
                 (q[2] - cam.eye[2]) * cam.fwd[2];
    if (!(denom > 1e-12) || !(num > 0)) return 0;
    for (int c = 0; c < 3; c++) out[c] = cam.eye[c] + num / denom * dir[c] + f.center[c];
    return 1;
}

void sl_render_set_grab(sl_render *r, int node, const double target[3]) {
    if (!r) return;
    r->grab_node = target ? node : -1;
    if (target)
        for (int c = 0; c < 3; c++) r->grab_target[c] = target[c];
}

/* ---- vertex data ------------------------------------------------------------------ */

static float *reserve(sl_render *r, size_t floats) {
    if (floats > r->buf_cap) {
        size_t cap = floats + floats / 2 + 64;
        float *b = realloc(r->buf, cap * sizeof *b);
        if (!b) return NULL;
        r->buf = b;
        r->buf_cap = cap;
    }
    return r->buf;
}

/* Uploads count vertices of `stride` floats and points attribute 0 (position) and,
 * for stride 9, attributes 1 (normal) and 2 (colour) at them. */
static void upload(sl_render *r, const float *data, int count, int stride) {
    glBindBuffer(GL_ARRAY_BUFFER, r->vbo);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)count * stride * (GLsizeiptr)sizeof(float), data,
                 GL_STREAM_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride * (GLsizei)sizeof(float), (void *)0);
    if (stride == 9) {
        glEnableVertexAttribArray(1);
        glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, 9 * sizeof(float),
                              (void *)(3 * sizeof(float)));
        glEnableVertexAttribArray(2);
        glVertexAttribPointer(2, 3, GL_FLOAT, GL_FALSE, 9 * sizeof(float),
                              (void *)(6 * sizeof(float)));
    } else {
        glDisableVertexAttribArray(1);
        glDisableVertexAttribArray(2);
    }
}

static void put3(float *dst, const double *p, const double *center) {
    for (int c = 0; c < 3; c++) dst[c] = (float)(p[c] - center[c]);
}

/* Surface triangles at positions x, 3 vertices each: centred position, flat unit normal,
 * colour (the colour map's where one is set and use_field, else rgb). */
static int build_faces(sl_render *r, const sl_world *w, const double *x, const double *center,
                       int use_field, const float *rgb) {
    int nt = sl_world_triangle_count(w);
    const int *tri = sl_world_triangles(w);
    if (nt < 1 || !tri) return 0;
    float *v = reserve(r, (size_t)nt * 27);
    if (!v) return 0;
    use_field = use_field && r->field && r->field_n == sl_world_node_count(w);
    double span = r->field_hi - r->field_lo;
    for (int t = 0; t < nt; t++) {
        const double *a = x + 3 * tri[3 * t], *b = x + 3 * tri[3 * t + 1], *c = x + 3 * tri[3 * t + 2];
        const double e1[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]};
        const double e2[3] = {c[0] - a[0], c[1] - a[1], c[2] - a[2]};
        double nrm[3] = {e1[1] * e2[2] - e1[2] * e2[1], e1[2] * e2[0] - e1[0] * e2[2],
                         e1[0] * e2[1] - e1[1] * e2[0]};
        double len = sqrt(nrm[0] * nrm[0] + nrm[1] * nrm[1] + nrm[2] * nrm[2]);
        if (len > 0) nrm[0] /= len, nrm[1] /= len, nrm[2] /= len;
        const double *corner[3] = {a, b, c};
        for (int k = 0; k < 3; k++) {
            float *d = v + 27 * t + 9 * k;
            put3(d, corner[k], center);
            for (int i = 0; i < 3; i++) d[3 + i] = (float)nrm[i];
            if (use_field) {
                double value = r->field[tri[3 * t + k]];
                colormap(span > 0 ? (value - r->field_lo) / span : 0.5, r->field_diverging, d + 6);
            } else {
                for (int i = 0; i < 3; i++) d[6 + i] = rgb[i];
            }
        }
    }
    upload(r, v, 3 * nt, 9);
    return 3 * nt;
}

static int build_edges(sl_render *r, const sl_world *w, const double *center) {
    int ne = sl_world_edge_count(w);
    const int *e = sl_world_edges(w);
    const double *x = sl_world_positions(w);
    if (ne < 1 || !e) return 0;
    float *v = reserve(r, (size_t)ne * 6);
    if (!v) return 0;
    for (int i = 0; i < ne; i++) {
        put3(v + 6 * i, x + 3 * e[2 * i], center);
        put3(v + 6 * i + 3, x + 3 * e[2 * i + 1], center);
    }
    upload(r, v, 2 * ne, 3);
    return 2 * ne;
}

/* Nodes selected by kind: 0 pinned, 1 tracked, 2 all. */
static int build_nodes(sl_render *r, const sl_world *w, const double *center, int kind) {
    int n = sl_world_node_count(w), tracked = sl_world_tracked_node(w), count = 0;
    const double *x = sl_world_positions(w);
    float *v = reserve(r, (size_t)n * 3);
    if (!v) return 0;
    for (int i = 0; i < n; i++) {
        int take = kind == 2 || (kind == 0 && sl_world_is_pinned(w, i)) ||
                   (kind == 1 && i == tracked);
        if (take) put3(v + 3 * count++, x + 3 * i, center);
    }
    if (count) upload(r, v, count, 3);
    return count;
}

/* Small bracket above a pinned node (a vertical rod and a bar): "held by the world". */
static int build_pin_rods(sl_render *r, const sl_world *w, const double *center, double size) {
    int n = sl_world_node_count(w), count = 0;
    const double *x = sl_world_positions(w);
    float *v = reserve(r, (size_t)n * 12);
    if (!v) return 0;
    for (int i = 0; i < n; i++) {
        if (!sl_world_is_pinned(w, i)) continue;
        const double *p = x + 3 * i;
        double top[3] = {p[0], p[1] + size, p[2]};
        double l[3] = {p[0] - 0.5 * size, p[1] + size, p[2]}, rr[3] = {p[0] + 0.5 * size, p[1] + size, p[2]};
        put3(v + 3 * count++, p, center);
        put3(v + 3 * count++, top, center);
        put3(v + 3 * count++, l, center);
        put3(v + 3 * count++, rr, center);
    }
    if (count) upload(r, v, count, 3);
    return count;
}

/* A "nice" grid spacing (1, 2 or 5 times a power of ten) near s. */
static double nice_step(double s) {
    double p = pow(10, floor(log10(s))), m = s / p;
    return p * (m < 1.5 ? 1 : m < 3.5 ? 2 : m < 7.5 ? 5 : 10);
}

/* Grid lines at world multiples of the spacing, on the floor, around the centre. */
static int build_grid(sl_render *r, const framing *f) {
    double step = nice_step(f->radius / 3), half = 4 * f->radius;
    int k0x = (int)floor((f->center[0] - half) / step), k1x = (int)ceil((f->center[0] + half) / step);
    int k0z = (int)floor((f->center[2] - half) / step), k1z = (int)ceil((f->center[2] + half) / step);
    int lines = (k1x - k0x + 1) + (k1z - k0z + 1);
    float *v = reserve(r, (size_t)lines * 6);
    if (!v || lines > 4000) return 0;
    float y = (float)(f->floor_y - f->center[1]);
    int count = 0;
    for (int k = k0x; k <= k1x; k++) {
        float xc = (float)(k * step - f->center[0]);
        float a[6] = {xc, y, (float)-half, xc, y, (float)half};
        memcpy(v + 3 * count, a, sizeof a);
        count += 2;
    }
    for (int k = k0z; k <= k1z; k++) {
        float zc = (float)(k * step - f->center[2]);
        float a[6] = {(float)-half, y, zc, (float)half, y, zc};
        memcpy(v + 3 * count, a, sizeof a);
        count += 2;
    }
    upload(r, v, count, 3);
    return count;
}

/* ---- drawing ----------------------------------------------------------------------- */

static void line_pass(const sl_render *r, const float *mvp, const float *rgba, double fade0,
                      double fade1) {
    glUseProgram(r->line_prog);
    glUniformMatrix4fv(r->l_mvp, 1, GL_FALSE, mvp);
    glUniform4fv(r->l_color, 1, rgba);
    glUniform2f(r->l_fade, (float)fade0, (float)fade1);
}

static void draw_markers(const sl_render *r, const float *mvp, int count, float size,
                         const float *fill) {
    static const float ring[3] = {0.10f, 0.12f, 0.16f};
    glUseProgram(r->point_prog);
    glUniformMatrix4fv(r->p_mvp, 1, GL_FALSE, mvp);
    glUniform1f(r->p_size, size);
    glUniform3fv(r->p_fill, 1, fill);
    glUniform3fv(r->p_ring, 1, ring);
    glDisable(GL_DEPTH_TEST); /* hidden part: dimmed, so a marker is never lost */
    glUniform1f(r->p_alpha, 0.35f);
    glDrawArrays(GL_POINTS, 0, count);
    glEnable(GL_DEPTH_TEST);
    glUniform1f(r->p_alpha, 1.0f);
    glDrawArrays(GL_POINTS, 0, count);
}

void sl_render_draw(sl_render *r, const sl_world *w, int width, int height, double yaw,
                    double pitch, double distance, const double pan[3]) {
    framing f;
    if (!r || !w || width < 1 || height < 1 || !frame_view(w, pan, &f)) return;
    const int wire = r->view & SL_VIEW_WIREFRAME;
    camera cam;
    camera_make(&f, yaw, pitch, distance, width, height, &cam);
    float mvp[16];
    for (int i = 0; i < 16; i++) mvp[i] = (float)cam.mvp[i];
    const double *center = f.center;

    glViewport(0, 0, width, height);
    glBindVertexArray(r->vao);
    glClearColor(0.93f, 0.95f, 0.97f, 1.0f);
    glClearStencil(0);
    glStencilMask(0xff);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    glDisable(GL_CULL_FACE);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);

    /* background gradient */
    glDisable(GL_DEPTH_TEST);
    glDepthMask(GL_FALSE);
    glDisableVertexAttribArray(0);
    glDisableVertexAttribArray(1);
    glUseProgram(r->bg_prog);
    glUniform3f(r->b_top, 0.97f, 0.98f, 0.99f);
    glUniform3f(r->b_bottom, 0.85f, 0.88f, 0.92f);
    glDrawArrays(GL_TRIANGLES, 0, 3);

    /* ground grid (no depth writes) */
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);
    int count = build_grid(r, &f);
    if (count) {
        static const float grid_color[4] = {0.30f, 0.38f, 0.48f, 0.30f};
        line_pass(r, mvp, grid_color, 2.0 * f.radius, 4.0 * f.radius);
        glDrawArrays(GL_LINES, 0, count);
    }

    /* shadow and surface; in wireframe the surface is a faint veil over every edge */
    int faces = build_faces(r, w, sl_world_positions(w), center, 1, r->color);
    if (faces) {
        glUseProgram(r->mesh_prog);
        glUniformMatrix4fv(r->m_mvp, 1, GL_FALSE, mvp);
        const double light[3] = {-0.35, -0.85, -0.40}; /* direction the light travels */
        double ll = sqrt(light[0] * light[0] + light[1] * light[1] + light[2] * light[2]);
        glUniform3f(r->m_light, (float)(light[0] / ll), (float)(light[1] / ll), (float)(light[2] / ll));
        glUniform1f(r->m_floor, (float)(f.floor_y - center[1]));
        glUniform4f(r->m_shadow_color, 0.12f, 0.16f, 0.22f, 0.18f);
        /* the stencil lets overlapping shadow triangles darken each pixel once */
        glEnable(GL_STENCIL_TEST);
        glStencilFunc(GL_EQUAL, 0, 0xff);
        glStencilOp(GL_KEEP, GL_KEEP, GL_INCR);
        glUniform1f(r->m_shadow, 1.0f);
        glDrawArrays(GL_TRIANGLES, 0, faces);
        glDisable(GL_STENCIL_TEST);
        glUniform1f(r->m_shadow, 0.0f);
        glDepthFunc(GL_LESS);
        if (wire) {
            glUniform1f(r->m_alpha, 0.22f);
            glDrawArrays(GL_TRIANGLES, 0, faces);
        } else {
            glDepthMask(GL_TRUE);
            glDisable(GL_BLEND);
            glUniform1f(r->m_alpha, 1.0f);
            glEnable(GL_POLYGON_OFFSET_FILL); /* push faces back so edges stay on top */
            glPolygonOffset(1.0f, 1.0f);
            glDrawArrays(GL_TRIANGLES, 0, faces);
            glDisable(GL_POLYGON_OFFSET_FILL);
            glEnable(GL_BLEND);
        }
    }

    /* edges: on the surface, or all of them (inner ones too) in wireframe */
    glDepthFunc(GL_LEQUAL);
    glDepthMask(GL_FALSE);
    count = build_edges(r, w, center);
    if (count) {
        static const float edge_color[4] = {0.09f, 0.11f, 0.15f, 0.9f};
        static const float wire_color[4] = {0.09f, 0.11f, 0.15f, 0.55f};
        line_pass(r, mvp, wire ? wire_color : edge_color, 1e30, 2e30);
        if (wire) glDisable(GL_DEPTH_TEST);
        glDrawArrays(GL_LINES, 0, count);
        glEnable(GL_DEPTH_TEST);
    }

    /* the rest shape as a translucent grey ghost */
    if ((r->view & SL_VIEW_GHOST) && faces) {
        static const float ghost_rgb[3] = {0.55f, 0.58f, 0.62f};
        faces = build_faces(r, w, sl_world_rest_positions(w), center, 0, ghost_rgb);
        glUseProgram(r->mesh_prog);
        glUniform1f(r->m_alpha, 0.28f);
        glDrawArrays(GL_TRIANGLES, 0, faces);
    }
    count = build_pin_rods(r, w, center, 0.12 * f.radius);
    if (count && count <= 16) {
        static const float rod_color[4] = {0.55f, 0.10f, 0.10f, 0.9f};
        line_pass(r, mvp, rod_color, 1e30, 2e30);
        glDrawArrays(GL_LINES, 0, count);
    }

    /* the mouse spring: a line from the grabbed node to its target */
    int gn = r->grab_node;
    if (gn >= 0 && gn < sl_world_node_count(w)) {
        float *v = reserve(r, 6);
        if (v) {
            put3(v, sl_world_positions(w) + 3 * gn, center);
            put3(v + 3, r->grab_target, center);
            upload(r, v, 2, 3);
            static const float spring_color[4] = {0.95f, 0.45f, 0.05f, 1.0f};
            glDisable(GL_DEPTH_TEST);
            line_pass(r, mvp, spring_color, 1e30, 2e30);
            glDrawArrays(GL_LINES, 0, 2);
            static const float target_fill[3] = {1.0f, 1.0f, 1.0f};
            upload(r, v + 3, 1, 3);
            draw_markers(r, mvp, 1, 0.7f * fmin(fmax(height / 26.0f, 8.0f), 26.0f), target_fill);
        }
    }

    /* nodes: all of them only when there is nothing else to see */
    float size = (float)fmin(fmax(height / 26.0, 8.0), 26.0);
    if (!faces && sl_world_edge_count(w) < 1 && (count = build_nodes(r, w, center, 2))) {
        static const float node_fill[3] = {0.33f, 0.56f, 0.85f};
        draw_markers(r, mvp, count, 0.6f * size, node_fill);
    }
    if ((count = build_nodes(r, w, center, 0))) {
        static const float pin_fill[3] = {0.86f, 0.16f, 0.16f};
        draw_markers(r, mvp, count, size, pin_fill);
    }
    if ((count = build_nodes(r, w, center, 1))) {
        static const float tracked_fill[3] = {1.0f, 0.74f, 0.10f};
        draw_markers(r, mvp, count, size, tracked_fill);
    }

    glDepthMask(GL_TRUE);
    glBindVertexArray(0);
}
