/* softlab renderer (render.h): WebGL2 / GLES 3.0, drawing from plain arrays (sl_render_scene).
 * Geometry is computed in double relative to the framing centre and converted to
 * float only when it is written into the vertex buffers. */
#include "render_internal.h"

#include <GLES3/gl3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


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
    GLint m_mvp, m_light, m_shadow, m_floor, m_alpha, m_shadow_color, m_flat;
    GLint l_mvp, l_color, l_fade;
    GLint p_mvp, p_size, p_fill, p_ring, p_alpha;
    GLint b_top, b_bottom;
};


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
    "uniform float u_flat;   // 1: keep the colours (a colour map), 0: full lighting\n"
    "out vec4 o_color;\n"
    "void main() {\n"
    "  if (u_shadow > 0.5) { o_color = u_shadow_color; return; }\n"
    "  vec3 n = normalize(gl_FrontFacing ? v_normal : -v_normal);\n"
    "  float diffuse = max(dot(n, -u_light), 0.0);\n"
    "  vec3 sky = mix(vec3(0.60, 0.57, 0.55), vec3(0.85, 0.90, 1.0), 0.5 + 0.5 * n.y);\n"
    "  vec3 lit = v_color * (0.62 * sky + 0.50 * diffuse);\n"
    "  vec3 kept = v_color * (0.80 + 0.25 * diffuse);\n"
    "  o_color = vec4(mix(lit, kept, u_flat), u_alpha);\n"
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
    r->view = SL_VIEW_DEFAULT;

    r->m_mvp = glGetUniformLocation(r->mesh_prog, "u_mvp");
    r->m_light = glGetUniformLocation(r->mesh_prog, "u_light");
    r->m_shadow = glGetUniformLocation(r->mesh_prog, "u_shadow");
    r->m_floor = glGetUniformLocation(r->mesh_prog, "u_floor");
    r->m_alpha = glGetUniformLocation(r->mesh_prog, "u_alpha");
    r->m_shadow_color = glGetUniformLocation(r->mesh_prog, "u_shadow_color");
    r->m_flat = glGetUniformLocation(r->mesh_prog, "u_flat");
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
    if (r) r->view = flags & SL_VIEW_ALL;
}

int sl_render_view(const sl_render *r) { return r ? r->view : 0; }

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
static int build_faces(sl_render *r, const sl_render_scene *s, const double *x, const double *center,
                       int use_field, const float *rgb) {
    int nt = s->triangle_count;
    const int *tri = s->triangles;
    if (nt < 1 || !tri) return 0;
    float *v = reserve(r, (size_t)nt * 27);
    if (!v) return 0;
    use_field = use_field && r->field && r->field_n == s->node_count;
    double span = r->field_hi - r->field_lo; /* NaN: no range, grey */
    double flat_t = r->field_diverging ? 0.5 : 0; /* a range of one value: white, or the low end */
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
                double u = !isfinite(span) ? NAN
                           : span > 0      ? (value - r->field_lo) / span
                           : isnan(value)  ? NAN
                                           : flat_t;
                colormap(u, r->field_diverging, d + 6);
            } else {
                for (int i = 0; i < 3; i++) d[6 + i] = rgb[i];
            }
        }
    }
    upload(r, v, 3 * nt, 9);
    return 3 * nt;
}

static int build_edges(sl_render *r, const sl_render_scene *s, const double *center) {
    int ne = s->edge_count;
    const int *e = s->edges;
    const double *x = s->positions;
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

/* The edges of the surface triangles (shared ones twice): the outline of the body. */
static int build_surface_edges(sl_render *r, const sl_render_scene *s, const double *center) {
    int nt = s->triangle_count;
    const int *tri = s->triangles;
    const double *x = s->positions;
    if (nt < 1 || !tri) return 0;
    float *v = reserve(r, (size_t)nt * 18);
    if (!v) return 0;
    for (int t = 0; t < nt; t++)
        for (int k = 0; k < 3; k++) {
            put3(v + 18 * t + 6 * k, x + 3 * tri[3 * t + k], center);
            put3(v + 18 * t + 6 * k + 3, x + 3 * tri[3 * t + (k + 1) % 3], center);
        }
    upload(r, v, 6 * nt, 3);
    return 6 * nt;
}

/* Nodes selected by kind: 0 pinned, 1 tracked, 2 all. */
static int build_nodes(sl_render *r, const sl_render_scene *s, const double *center, int kind) {
    int n = s->node_count, tracked = s->tracked_node, count = 0;
    const double *x = s->positions;
    float *v = reserve(r, (size_t)n * 3);
    if (!v) return 0;
    for (int i = 0; i < n; i++) {
        int take = kind == 2 || (kind == 0 && scene_pinned(s, i)) ||
                   (kind == 1 && i == tracked);
        if (take) put3(v + 3 * count++, x + 3 * i, center);
    }
    if (count) upload(r, v, count, 3);
    return count;
}

/* Small bracket above a pinned node (a vertical rod and a bar): "held by the world". */
static int build_pin_rods(sl_render *r, const sl_render_scene *s, const double *center, double size) {
    int n = s->node_count, count = 0;
    const double *x = s->positions;
    float *v = reserve(r, (size_t)n * 12);
    if (!v) return 0;
    for (int i = 0; i < n; i++) {
        if (!scene_pinned(s, i)) continue;
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

/* The world's static spheres as pearl-white UV spheres (stride 9, flat normals): the
 * vertex count, 0 if none. */
static int build_spheres(sl_render *r, const sl_render_scene *sc, const double *center) {
    enum { SLICES = 20, STACKS = 12 };
    int ns = sc->sphere_count;
    if (ns < 1 || !sc->spheres) return 0;
    float *v = reserve(r, (size_t)ns * SLICES * STACKS * 6 * 9);
    if (!v) return 0;
    static const float pearl[3] = {0.93f, 0.91f, 0.86f};
    const double pi = 3.14159265358979323846;
    int count = 0;
    for (int s = 0; s < ns; s++) {
        const double *c = sc->spheres + 4 * s; /* centre */
        double rad = c[3];
        for (int i = 0; i < STACKS; i++)
            for (int j = 0; j < SLICES; j++) {
                double p[4][3]; /* the quad's corners on the unit sphere */
                for (int k = 0; k < 4; k++) {
                    double th = pi * (i + (k >> 1)) / STACKS, ph = 2 * pi * (j + (k & 1)) / SLICES;
                    p[k][0] = sin(th) * cos(ph), p[k][1] = cos(th), p[k][2] = sin(th) * sin(ph);
                }
                static const int tri[6] = {0, 2, 1, 1, 2, 3};
                for (int t = 0; t < 6; t++) {
                    const double *u = p[tri[t]], *m = p[tri[3 * (t / 3)]];
                    double x[3] = {c[0] + rad * u[0], c[1] + rad * u[1], c[2] + rad * u[2]};
                    float *d = v + 9 * count++;
                    put3(d, x, center);
                    for (int q = 0; q < 3; q++) d[3 + q] = (float)m[q], d[6 + q] = pearl[q];
                }
            }
    }
    upload(r, v, count, 9);
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

/* Translucent triangles without depth writes: the back faces first, then the front
 * ones (for a closed, outward-oriented surface this blends in depth order). */
static void draw_translucent(int faces) {
    glEnable(GL_CULL_FACE);
    glCullFace(GL_FRONT);
    glDrawArrays(GL_TRIANGLES, 0, faces);
    glCullFace(GL_BACK);
    glDrawArrays(GL_TRIANGLES, 0, faces);
    glDisable(GL_CULL_FACE);
}

/* The moving plates (render_plates.c): translucent steel slabs over what is drawn, so
 * the body shows through the upper one, with dark edges. */
static void draw_plates(sl_render *r, const sl_render_scene *s, const framing *f, const float *mvp) {
    if (s->plate_count < 1) return;
    float *v = reserve(r, (size_t)s->plate_count * PLATE_FLOATS);
    int count = v ? plate_vertices(s, f, v) : 0;
    if (!count) return;
    upload(r, v, count, 9);
    glUseProgram(r->mesh_prog);
    glUniformMatrix4fv(r->m_mvp, 1, GL_FALSE, mvp);
    glUniform3f(r->m_light, -0.33f, -0.81f, -0.38f);
    glUniform1f(r->m_flat, 0.0f);
    glUniform1f(r->m_shadow, 0.0f);
    glUniform1f(r->m_alpha, 0.45f);
    glDepthMask(GL_FALSE);
    draw_translucent(count);
    count = plate_edge_vertices(s, f, v); /* PLATE_EDGE_FLOATS < PLATE_FLOATS: fits */
    upload(r, v, count, 3);
    static const float plate_edge[4] = {0.20f, 0.25f, 0.32f, 0.9f};
    line_pass(r, mvp, plate_edge, 1e30, 2e30);
    glDrawArrays(GL_LINES, 0, count);
}

/* What every pass of one frame reads: the scene, its framing and camera, and the view
 * flags resolved (render.h): a surface when SHADED or a colour map is shown, translucent
 * over every element edge in WIREFRAME. */
typedef struct {
    sl_render *r;
    const sl_render_scene *s;
    framing f;
    float mvp[16];
    const double *center; /* f.center: positions are drawn relative to it */
    int height;           /* px: the markers' size follows it */
    int wire, colored, surface;
    float surface_alpha;
} frame;

/* Viewport, clear, blending; then the background gradient (no depth). */
static void draw_background(const sl_render *r, int width, int height) {
    glViewport(0, 0, width, height);
    glBindVertexArray(r->vao);
    glClearColor(0.93f, 0.95f, 0.97f, 1.0f);
    glClearStencil(0);
    glStencilMask(0xff);
    glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
    glDisable(GL_CULL_FACE);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_DEPTH_TEST);
    glDepthMask(GL_FALSE);
    glDisableVertexAttribArray(0);
    glDisableVertexAttribArray(1);
    glUseProgram(r->bg_prog);
    glUniform3f(r->b_top, 0.97f, 0.98f, 0.99f);
    glUniform3f(r->b_bottom, 0.85f, 0.88f, 0.92f);
    glDrawArrays(GL_TRIANGLES, 0, 3);
}

/* The ground grid (depth test on from here, no depth writes). */
static void draw_grid(const frame *fr) {
    glEnable(GL_DEPTH_TEST);
    glDepthFunc(GL_LEQUAL);
    int count = build_grid(fr->r, &fr->f);
    if (count) {
        static const float grid_color[4] = {0.30f, 0.38f, 0.48f, 0.30f};
        line_pass(fr->r, fr->mvp, grid_color, 2.0 * fr->f.radius, 4.0 * fr->f.radius);
        glDrawArrays(GL_LINES, 0, count);
    }
}

/* The static spheres (pearls) the body can rest on, opaque. */
static void draw_spheres(const frame *fr) {
    sl_render *r = fr->r;
    int balls = build_spheres(r, fr->s, fr->center);
    if (!balls) return;
    glUseProgram(r->mesh_prog);
    glUniformMatrix4fv(r->m_mvp, 1, GL_FALSE, fr->mvp);
    glUniform3f(r->m_light, -0.33f, -0.81f, -0.38f);
    glUniform1f(r->m_shadow, 0.0f);
    glUniform1f(r->m_flat, 0.0f);
    glUniform1f(r->m_alpha, 1.0f);
    glDepthMask(GL_TRUE);
    glDisable(GL_BLEND);
    glDrawArrays(GL_TRIANGLES, 0, balls);
    glEnable(GL_BLEND);
    glDepthMask(GL_FALSE);
}

/* The body's shadow on the floor, then its surface (if shown). Returns the surface's
 * triangle count (0: the body has none). */
static int draw_body(const frame *fr) {
    sl_render *r = fr->r;
    int faces = build_faces(r, fr->s, fr->s->positions, fr->center, fr->colored, r->color);
    if (!faces) return 0;
    glUseProgram(r->mesh_prog);
    glUniformMatrix4fv(r->m_mvp, 1, GL_FALSE, fr->mvp);
    const double light[3] = {-0.35, -0.85, -0.40}; /* direction the light travels */
    double ll = sqrt(light[0] * light[0] + light[1] * light[1] + light[2] * light[2]);
    glUniform3f(r->m_light, (float)(light[0] / ll), (float)(light[1] / ll), (float)(light[2] / ll));
    glUniform1f(r->m_floor, (float)(fr->f.floor_y - fr->center[1]));
    glUniform4f(r->m_shadow_color, 0.12f, 0.16f, 0.22f, 0.18f);
    glUniform1f(r->m_flat, fr->colored ? 1.0f : 0.0f);
    /* the stencil lets overlapping shadow triangles darken each pixel once */
    glEnable(GL_STENCIL_TEST);
    glStencilFunc(GL_EQUAL, 0, 0xff);
    glStencilOp(GL_KEEP, GL_KEEP, GL_INCR);
    glUniform1f(r->m_shadow, 1.0f);
    glDrawArrays(GL_TRIANGLES, 0, faces);
    glDisable(GL_STENCIL_TEST);
    glUniform1f(r->m_shadow, 0.0f);
    glDepthFunc(GL_LESS);
    if (fr->surface && fr->surface_alpha < 1) {
        glUniform1f(r->m_alpha, fr->surface_alpha);
        draw_translucent(faces);
    } else if (fr->surface) {
        glDepthMask(GL_TRUE);
        glDisable(GL_BLEND);
        glUniform1f(r->m_alpha, 1.0f);
        glEnable(GL_POLYGON_OFFSET_FILL); /* push faces back so edges stay on top */
        glPolygonOffset(1.0f, 1.0f);
        glDrawArrays(GL_TRIANGLES, 0, faces);
        glDisable(GL_POLYGON_OFFSET_FILL);
        glEnable(GL_BLEND);
    }
    return faces;
}

/* Edges: every element edge in wireframe (through the surface), else the surface's edges
 * (hidden ones hidden by the opaque surface; all of them as an outline). */
static void draw_edges(const frame *fr) {
    sl_render *r = fr->r;
    const sl_render_scene *s = fr->s;
    glDepthFunc(GL_LEQUAL);
    glDepthMask(GL_FALSE);
    int count = fr->wire || fr->surface ? build_edges(r, s, fr->center) : build_surface_edges(r, s, fr->center);
    if (!count && !fr->wire && !fr->surface) count = build_edges(r, s, fr->center); /* no triangles */
    if (!count) return;
    static const float edge_color[4] = {0.09f, 0.11f, 0.15f, 0.9f};
    static const float wire_color[4] = {0.09f, 0.11f, 0.15f, 0.55f};
    static const float light_color[4] = {0.09f, 0.11f, 0.15f, 0.35f}; /* over a colour map */
    line_pass(r, fr->mvp, fr->wire ? wire_color : fr->colored ? light_color : edge_color, 1e30, 2e30);
    if (fr->wire) glDisable(GL_DEPTH_TEST);
    glDrawArrays(GL_LINES, 0, count);
    glEnable(GL_DEPTH_TEST);
}

/* The rest shape as a translucent grey ghost (a body with a surface only). */
static void draw_ghost(const frame *fr) {
    sl_render *r = fr->r;
    static const float ghost_rgb[3] = {0.55f, 0.58f, 0.62f};
    int faces = build_faces(r, fr->s, fr->s->rest_positions, fr->center, 0, ghost_rgb);
    glUseProgram(r->mesh_prog);
    glUniform1f(r->m_flat, 0.0f);
    glUniform1f(r->m_alpha, 0.28f);
    draw_translucent(faces);
}

/* A short rod under each pinned node (at most 16 pins: more are a clamped face). */
static void draw_pin_rods(const frame *fr) {
    int count = build_pin_rods(fr->r, fr->s, fr->center, 0.12 * fr->f.radius);
    if (!count || count > 16) return;
    static const float rod_color[4] = {0.55f, 0.10f, 0.10f, 0.9f};
    line_pass(fr->r, fr->mvp, rod_color, 1e30, 2e30);
    glDrawArrays(GL_LINES, 0, count);
}

/* The mouse spring: a line from the grabbed node to its target, and the target. */
static void draw_grab(const frame *fr) {
    sl_render *r = fr->r;
    const sl_render_scene *s = fr->s;
    int gn = r->grab_node;
    if (gn < 0 || gn >= s->node_count) return;
    float *v = reserve(r, 6);
    if (!v) return;
    put3(v, s->positions + 3 * gn, fr->center);
    put3(v + 3, r->grab_target, fr->center);
    upload(r, v, 2, 3);
    static const float spring_color[4] = {0.95f, 0.45f, 0.05f, 1.0f};
    glDisable(GL_DEPTH_TEST);
    line_pass(r, fr->mvp, spring_color, 1e30, 2e30);
    glDrawArrays(GL_LINES, 0, 2);
    static const float target_fill[3] = {1.0f, 1.0f, 1.0f};
    upload(r, v + 3, 1, 3);
    draw_markers(r, fr->mvp, 1, 0.7f * fmin(fmax(fr->height / 26.0f, 8.0f), 26.0f), target_fill);
}

/* The rotation field: an RGB axis triad per node, over everything but the markers. */
static void draw_rotations(const frame *fr) {
    sl_render *r = fr->r;
    const sl_render_scene *s = fr->s;
    static const float axis_color[3][4] = {{0.90f, 0.10f, 0.10f, 1}, {0.05f, 0.65f, 0.10f, 1}, {0.10f, 0.25f, 0.95f, 1}};
    float *v = reserve(r, 6 * (size_t)s->node_count);
    double length = frame_axis_length(s, fr->f.radius);
    glDisable(GL_DEPTH_TEST);
    for (int axis = 0, count; v && axis < 3; axis++) {
        if (!(count = build_frame_axis(s, fr->center, length, axis, v))) continue;
        upload(r, v, count, 3);
        line_pass(r, fr->mvp, axis_color[axis], 1e30, 2e30);
        glDrawArrays(GL_LINES, 0, count);
    }
    glEnable(GL_DEPTH_TEST);
}

/* Node markers: every node only when there is nothing else to see (no surface, no
 * edges); the pinned nodes; the tracked node. */
static void draw_node_markers(const frame *fr, int faces) {
    sl_render *r = fr->r;
    const sl_render_scene *s = fr->s;
    float size = (float)fmin(fmax(fr->height / 26.0, 8.0), 26.0);
    int count;
    if (!faces && s->edge_count < 1 && (count = build_nodes(r, s, fr->center, 2))) {
        static const float node_fill[3] = {0.33f, 0.56f, 0.85f};
        draw_markers(r, fr->mvp, count, 0.6f * size, node_fill);
    }
    if ((count = build_nodes(r, s, fr->center, 0))) {
        static const float pin_fill[3] = {0.86f, 0.16f, 0.16f};
        draw_markers(r, fr->mvp, count, size, pin_fill);
    }
    if ((count = build_nodes(r, s, fr->center, 1))) {
        static const float tracked_fill[3] = {1.0f, 0.74f, 0.10f};
        draw_markers(r, fr->mvp, count, size, tracked_fill);
    }
}

void sl_render_draw(sl_render *r, const sl_render_scene *s, int width, int height, double yaw,
                    double pitch, double distance, const double pan[3]) {
    frame fr = {.r = r, .s = s, .height = height};
    if (!r || !s || !s->positions || width < 1 || height < 1 || !frame_view(s, pan, &fr.f)) return;
    camera cam;
    camera_make(&fr.f, yaw, pitch, distance, width, height, &cam);
    for (int i = 0; i < 16; i++) fr.mvp[i] = (float)cam.mvp[i];
    fr.center = fr.f.center;
    fr.wire = r->view & SL_VIEW_WIREFRAME;
    fr.colored = (r->view & SL_VIEW_COLOR_MAP) && r->field && r->field_n == s->node_count;
    fr.surface = (r->view & SL_VIEW_SHADED) || fr.colored;
    fr.surface_alpha = !fr.wire ? 1.0f : fr.colored ? 0.55f : 0.22f;

    /* back to front: what is drawn later lies over what is drawn before */
    draw_background(r, width, height);
    draw_grid(&fr);
    draw_spheres(&fr);
    int faces = draw_body(&fr);
    draw_edges(&fr);
    if ((r->view & SL_VIEW_GHOST) && faces) draw_ghost(&fr);
    draw_plates(r, s, &fr.f, fr.mvp);
    draw_pin_rods(&fr);
    draw_grab(&fr);
    if ((r->view & SL_VIEW_FRAMES) && s->rotations) draw_rotations(&fr);
    draw_node_markers(&fr, faces);
    glDepthMask(GL_TRUE);
    glBindVertexArray(0);
}
