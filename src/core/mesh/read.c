/* Tetrahedral mesh readers (softlab/mesh.h). Every format here is line-oriented, so
 * one tokenizer reads a line at a time and knows its number for messages. */
#define _POSIX_C_SOURCE 200112L /* stat: regular files only */
#include "softlab/mesh.h"

#include "softlab/tet_fem.h"

#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const char *p, *end, *name;
    int line;                  /* number of the line last read, 1-based */
    char comment;              /* comment character, or 0 */
    char *buf;                 /* the current line, NUL-terminated, comments cut; sized
                                  for the longest line of the text, so nothing is cut */
    char **tok;                /* its tokens; room for every token of the longest line */
    int ntok;
    sl_error *err;             /* where messages go; may be NULL */
} lexer;

/* The mesh being read: nodes with file ids, tets with file node ids. */
typedef struct {
    long *id;
    double *x;
    int n, cap;
    long *tet;   /* 4 file node ids per tet */
    int *tet_line;
    int nt, tcap;
    int skipped, reoriented, unused_nodes; /* what the note on success tells */
} raw_mesh;

/* Sets the error "name:line: why" with the index of the offending tetrahedron (or -1): why is
 * message `id` of messages/en.json with its name/value pairs ended by NULL (sl_message_add),
 * kept as ids after mesh.at_line (softlab/status.h: sl_error.detail) for the page to word. */
static sl_status vfail(lexer *L, sl_status st, int tet, const char *id, va_list pairs) {
    sl_error *err = L->err;
    if (!err) return st;
    sl_message_list why = {0};
    if (sl_message_vadd(&why, id, pairs) != SL_OK) /* a programming error: say which id */
        sl_message_add(&why, "error.text", "text", id, NULL);
    char text[200];
    sl_message_list_render(&why, text, sizeof text);
    sl_error_set(err, st, tet, "%s:%d: %s", L->name, L->line, text); /* the whole path: no 200-byte cut */
    sl_message_list_clear(&err->detail);
    sl_message_add(&err->detail, "mesh.at_line", "file", L->name, "line", (double)L->line, NULL);
    sl_message_list_append(&err->detail, &why);
    return st;
}

static sl_status fail(lexer *L, sl_status st, const char *id, ...) {
    va_list args;
    va_start(args, id);
    st = vfail(L, st, -1, id, args);
    va_end(args);
    return st;
}

/* s cut to 40 bytes (the reader quotes at most that much of a file's token) in buf. */
static const char *cut(char buf[48], const char *s) {
    snprintf(buf, 48, "%.40s", s);
    return buf;
}

/* A long as text (a count or id can exceed what a double holds exactly). */
static const char *long_text(char buf[24], long v) {
    snprintf(buf, 24, "%ld", v);
    return buf;
}

/* Largest |coordinate| (m) of the four nodes q of a tet. */
static double largest_coordinate(const double *x, const int *q) {
    double m = 0;
    for (int k = 0; k < 12; k++) m = fmax(m, fabs(x[3 * q[k / 3] + k % 3]));
    return m;
}

static sl_status fail_tet(lexer *L, sl_status st, int tet, const char *id, ...) {
    va_list args;
    va_start(args, id);
    st = vfail(L, st, tet, id, args);
    va_end(args);
    return st;
}

/* A lexer over text[0, length) with buffers for its longest line (lines of any length
 * are read whole). SL_ERR_NOMEM, or SL_ERR_RANGE for a line beyond INT_MAX bytes. */
static sl_status lexer_open(lexer *L, const char *name, const char *text, size_t length,
                            char comment, sl_error *err) {
    memset(L, 0, sizeof *L);
    L->p = text, L->end = text + length, L->name = name, L->comment = comment, L->err = err;
    size_t longest = 0, run = 0;
    for (size_t i = 0; i < length; i++) {
        if (text[i] == '\n') run = 0;
        else if (++run > longest) longest = run;
    }
    if (longest > INT_MAX) return sl_error_set(err, SL_ERR_RANGE, -1, "%s: a line of %zu bytes", name, longest);
    L->buf = malloc(longest + 1);
    L->tok = malloc(sizeof(char *) * (longest / 2 + 1));
    if (!L->buf || !L->tok) return sl_error_set(err, SL_ERR_NOMEM, -1, "%s: out of memory", name);
    return SL_OK;
}

static void lexer_close(lexer *L) {
    free(L->buf);
    free(L->tok);
    L->buf = NULL;
    L->tok = NULL;
}

/* Reads the next non-empty line into tokens; 0 at the end of the text. */
static int next_line(lexer *L) {
    while (L->p < L->end) {
        const char *start = L->p;
        while (L->p < L->end && *L->p != '\n') L->p++;
        size_t len = (size_t)(L->p - start);
        if (L->p < L->end) L->p++;
        L->line++;
        memcpy(L->buf, start, len);
        L->buf[len] = 0;
        for (size_t i = 0; i < len; i++)
            if (L->buf[i] == 0 || (L->comment && L->buf[i] == L->comment)) {
                L->buf[i] = 0;
                break;
            }
        L->ntok = 0;
        for (char *s = L->buf; *s;) { /* at most (len + 1) / 2 tokens: room for all */
            while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\f' || *s == '\v') s++;
            if (!*s) break;
            L->tok[L->ntok++] = s;
            while (*s && *s != ' ' && *s != '\t' && *s != '\r' && *s != '\f' && *s != '\v') s++;
            if (*s) *s++ = 0;
        }
        if (L->ntok > 0) return 1;
    }
    return 0;
}

/* An integer token; values beyond the range of long (32 bits in wasm) saturate, so that
 * a huge count is refused by its limit, the same on every platform. */
static int to_long(const char *s, long *v) {
    char *end;
    errno = 0;
    long long t = strtoll(s, &end, 10);
    if (end == s || *end != 0) return 0;
    *v = t > LONG_MAX || (errno == ERANGE && t > 0) ? LONG_MAX : t < LONG_MIN || errno == ERANGE ? LONG_MIN : (long)t;
    return 1;
}

static int to_double(const char *s, double *v) {
    char *end;
    errno = 0;
    *v = strtod(s, &end);
    return !errno && end != s && *end == 0 && isfinite(*v);
}

/* Token i as a node id: an integer in the range of int (ids are kept as int), else an
 * error naming the file and line; never wrapped or saturated. */
static sl_status tok_id(lexer *L, int i, const char *what, long *v) {
    if (i >= L->ntok) return fail(L, SL_ERR_PARSE, "mesh.missing", "what", what, NULL);
    char *end, b[48];
    errno = 0;
    long long t = strtoll(L->tok[i], &end, 10);
    if (end == L->tok[i] || *end != 0)
        return fail(L, SL_ERR_PARSE, "mesh.not_integer", "what", what, "token", cut(b, L->tok[i]), NULL);
    if (errno == ERANGE || t < INT_MIN || t > INT_MAX)
        return fail(L, SL_ERR_RANGE, "mesh.id_range", "what", what, "token", cut(b, L->tok[i]), "min", (double)INT_MIN,
                    "max", (double)INT_MAX, NULL);
    *v = (long)t;
    return SL_OK;
}

/* Token i of the current line as an integer / a finite number; sets the message. */
static sl_status tok_long(lexer *L, int i, const char *what, long *v) {
    char b[48];
    if (i >= L->ntok) return fail(L, SL_ERR_PARSE, "mesh.missing", "what", what, NULL);
    if (!to_long(L->tok[i], v))
        return fail(L, SL_ERR_PARSE, "mesh.not_integer", "what", what, "token", cut(b, L->tok[i]), NULL);
    return SL_OK;
}

static sl_status tok_double(lexer *L, int i, const char *what, double *v) {
    char b[48];
    if (i >= L->ntok) return fail(L, SL_ERR_PARSE, "mesh.missing", "what", what, NULL);
    if (!to_double(L->tok[i], v))
        return fail(L, SL_ERR_PARSE, "mesh.not_number", "what", what, "token", cut(b, L->tok[i]), NULL);
    return SL_OK;
}

/* A count from a header, checked against limit. */
static sl_status tok_count(lexer *L, int i, const char *what, long limit, long *v) {
    sl_status st = tok_long(L, i, what, v);
    if (st != SL_OK) return st;
    char b[24], c[24];
    if (*v < 0) return fail(L, SL_ERR_PARSE, "mesh.negative", "what", what, "value", long_text(b, *v), NULL);
    if (*v > limit)
        return fail(L, SL_ERR_RANGE, "mesh.over_limit", "what", what, "value", long_text(b, *v), "limit",
                    long_text(c, limit), NULL);
    return SL_OK;
}

static sl_status need_line(lexer *L, const char *what) {
    return next_line(L) ? SL_OK : fail(L, SL_ERR_PARSE, "mesh.end_of_file", "what", what, NULL);
}

static sl_status add_node(lexer *L, raw_mesh *m, long id, const double xyz[3]) {
    if (m->n == m->cap) {
        int cap = m->cap ? 2 * m->cap : 256;
        long *id2 = realloc(m->id, sizeof(long) * (size_t)cap);
        if (id2) m->id = id2;
        double *x2 = id2 ? realloc(m->x, sizeof(double) * 3 * (size_t)cap) : NULL;
        char b[24];
        if (!x2) return fail(L, SL_ERR_NOMEM, "mesh.nomem_node", "node", long_text(b, id), NULL);
        m->x = x2;
        m->cap = cap;
    }
    m->id[m->n] = id;
    memcpy(m->x + 3 * m->n++, xyz, 3 * sizeof(double));
    return SL_OK;
}

static sl_status add_tet(lexer *L, raw_mesh *m, const long ids[4]) {
    if (m->nt == m->tcap) {
        int cap = m->tcap ? 2 * m->tcap : 256;
        long *t2 = realloc(m->tet, sizeof(long) * 4 * (size_t)cap);
        if (t2) m->tet = t2;
        int *l2 = t2 ? realloc(m->tet_line, sizeof(int) * (size_t)cap) : NULL;
        if (!l2) return fail(L, SL_ERR_NOMEM, "mesh.nomem_element", "element", (double)(m->nt + 1), NULL);
        m->tet_line = l2;
        m->tcap = cap;
    }
    memcpy(m->tet + 4 * m->nt, ids, 4 * sizeof(long));
    m->tet_line[m->nt++] = L->line;
    return SL_OK;
}

/* A node line "id x y z ..." starting at token first. */
static sl_status node_line(lexer *L, raw_mesh *m, int first, long id) {
    double xyz[3];
    sl_status st = SL_OK;
    for (int c = 0; c < 3 && st == SL_OK; c++) st = tok_double(L, first + c, "mesh.what.coordinate", &xyz[c]);
    return st == SL_OK ? add_node(L, m, id, xyz) : st;
}

/* Four node ids from tokens first..first+3. */
static sl_status tet_line(lexer *L, raw_mesh *m, int first) {
    long ids[4];
    sl_status st = SL_OK;
    if (L->ntok < first + 4) { /* name the element: its id in the file, else its ordinal */
        char label[48];
        if (first > 0) snprintf(label, sizeof label, "%.40s", L->tok[0]);
        else snprintf(label, sizeof label, "%d", m->nt + 1);
        return fail(L, SL_ERR_PARSE, "mesh.tet_ids", "element", label, "found",
                    (double)(L->ntok > first ? L->ntok - first : 0), NULL);
    }
    for (int a = 0; a < 4 && st == SL_OK; a++) st = tok_id(L, first + a, "mesh.what.node_id_of_a_tetrahedron", &ids[a]);
    return st == SL_OK ? add_tet(L, m, ids) : st;
}

/* ---- Gmsh ------------------------------------------------------------------------- */

static sl_status skip_section(lexer *L, const char *section) {
    char end[64];
    snprintf(end, sizeof end, "$End%s", section + 1);
    while (next_line(L))
        if (!strcmp(L->tok[0], end)) return SL_OK;
    char b[48], c[48];
    return fail(L, SL_ERR_PARSE, "mesh.section_end", "section", cut(b, section), "end", cut(c, end), NULL);
}

static sl_status gmsh2_nodes(lexer *L, raw_mesh *m) {
    long count = 0, id = 0;
    sl_status st = need_line(L, "mesh.what.the_node_count");
    if (st == SL_OK) st = tok_count(L, 0, "mesh.what.node_count", SL_MESH_MAX_NODES, &count);
    for (long k = 0; k < count && st == SL_OK; k++) {
        st = need_line(L, "mesh.what.a_node");
        if (st == SL_OK) st = tok_id(L, 0, "mesh.what.node_id", &id);
        if (st == SL_OK) st = node_line(L, m, 1, id);
    }
    return st == SL_OK ? skip_section(L, "$Nodes") : st;
}

static sl_status gmsh2_elements(lexer *L, raw_mesh *m) {
    char b[24], c[24]; /* numbers of an error message (long_text) */
    long count = 0, id = 0, type = 0, ntags = 0;
    sl_status st = need_line(L, "mesh.what.the_element_count");
    if (st == SL_OK) st = tok_count(L, 0, "mesh.what.element_count", SL_MESH_MAX_ELEMENTS, &count);
    for (long k = 0; k < count && st == SL_OK; k++) {
        st = need_line(L, "mesh.what.an_element");
        if (st == SL_OK) st = tok_long(L, 0, "mesh.what.element_id", &id);
        if (st == SL_OK) st = tok_long(L, 1, "mesh.what.element_type", &type);
        if (st == SL_OK) st = tok_long(L, 2, "mesh.what.tag_count", &ntags);
        if (st == SL_OK && (ntags < 0 || ntags > L->ntok))
            st = fail(L, SL_ERR_PARSE, "mesh.tag_count", "tags", long_text(b, ntags), "element", long_text(c, id), NULL);
        if (st != SL_OK) break;
        if (type == 4) st = tet_line(L, m, 3 + (int)ntags);
        else m->skipped++;
    }
    return st == SL_OK ? skip_section(L, "$Elements") : st;
}

static sl_status gmsh4_nodes(lexer *L, raw_mesh *m) {
    long blocks = 0, total = 0, dim = 0, tag = 0, parametric = 0, in_block = 0, id = 0;
    sl_status st = need_line(L, "mesh.what.the_node_header");
    if (st == SL_OK) st = tok_count(L, 0, "mesh.what.entity_block_count", SL_MESH_MAX_NODES, &blocks);
    if (st == SL_OK) st = tok_count(L, 1, "mesh.what.node_count", SL_MESH_MAX_NODES, &total);
    for (long b = 0; b < blocks && st == SL_OK; b++) {
        st = need_line(L, "mesh.what.a_node_block_header");
        if (st == SL_OK) st = tok_long(L, 0, "mesh.what.entity_dimension", &dim);
        if (st == SL_OK) st = tok_long(L, 1, "mesh.what.entity_tag", &tag);
        if (st == SL_OK) st = tok_long(L, 2, "mesh.what.parametric_flag", &parametric);
        if (st == SL_OK) st = tok_count(L, 3, "mesh.what.nodes_in_block", total, &in_block);
        long *ids = st == SL_OK ? malloc(sizeof(long) * (size_t)(in_block + 1)) : NULL;
        if (st == SL_OK && !ids) st = fail(L, SL_ERR_NOMEM, "mesh.nomem", NULL);
        for (long k = 0; k < in_block && st == SL_OK; k++) {
            st = need_line(L, "mesh.what.a_node_tag");
            if (st == SL_OK) st = tok_id(L, 0, "mesh.what.node_tag", &ids[k]);
        }
        for (long k = 0; k < in_block && st == SL_OK; k++) {
            st = need_line(L, "mesh.what.node_coordinates");
            if (st == SL_OK) st = node_line(L, m, 0, ids[k]);
        }
        free(ids);
        (void)id;
    }
    return st == SL_OK ? skip_section(L, "$Nodes") : st;
}

static sl_status gmsh4_elements(lexer *L, raw_mesh *m) {
    long blocks = 0, total = 0, dim = 0, tag = 0, type = 0, in_block = 0;
    sl_status st = need_line(L, "mesh.what.the_element_header");
    if (st == SL_OK) st = tok_count(L, 0, "mesh.what.entity_block_count", SL_MESH_MAX_ELEMENTS, &blocks);
    if (st == SL_OK) st = tok_count(L, 1, "mesh.what.element_count", SL_MESH_MAX_ELEMENTS, &total);
    for (long b = 0; b < blocks && st == SL_OK; b++) {
        st = need_line(L, "mesh.what.an_element_block_header");
        if (st == SL_OK) st = tok_long(L, 0, "mesh.what.entity_dimension", &dim);
        if (st == SL_OK) st = tok_long(L, 1, "mesh.what.entity_tag", &tag);
        if (st == SL_OK) st = tok_long(L, 2, "mesh.what.element_type", &type);
        if (st == SL_OK) st = tok_count(L, 3, "mesh.what.elements_in_block", total, &in_block);
        for (long k = 0; k < in_block && st == SL_OK; k++) {
            st = need_line(L, "mesh.what.an_element");
            if (st != SL_OK) break;
            if (type == 4) st = tet_line(L, m, 1);
            else m->skipped++;
        }
    }
    return st == SL_OK ? skip_section(L, "$Elements") : st;
}

static sl_status parse_gmsh(lexer *L, raw_mesh *m) {
    int version = 0;
    sl_status st = SL_OK;
    while (st == SL_OK && next_line(L)) {
        const char *t = L->tok[0];
        if (!strcmp(t, "$MeshFormat")) {
            double v = 0;
            int binary = 1;
            st = need_line(L, "mesh.what.the_format_version");
            if (st == SL_OK) st = tok_double(L, 0, "mesh.what.format_version", &v);
            if (st == SL_OK && L->ntok > 1) binary = strcmp(L->tok[1], "0") != 0;
            if (st == SL_OK && binary) st = fail(L, SL_ERR_PARSE, "mesh.msh_binary", NULL);
            if (st == SL_OK && !(v >= 2.0 && v < 3.0) && !(v >= 4.1 && v < 5.0))
                st = fail(L, SL_ERR_PARSE, "mesh.msh_version", "version", v, NULL);
            version = v >= 4 ? 4 : 2;
            if (st == SL_OK) st = skip_section(L, "$MeshFormat");
        } else if (!strcmp(t, "$Nodes") || !strcmp(t, "$Elements")) {
            if (!version) return fail(L, SL_ERR_PARSE, "mesh.before_format", "section", t, NULL);
            int nodes = !strcmp(t, "$Nodes");
            st = version == 2 ? (nodes ? gmsh2_nodes(L, m) : gmsh2_elements(L, m))
                              : (nodes ? gmsh4_nodes(L, m) : gmsh4_elements(L, m));
        } else if (t[0] == '$' && strncmp(t, "$End", 4)) {
            char section[64];
            snprintf(section, sizeof section, "%.60s", t);
            st = skip_section(L, section);
        } else {
            char b[48];
            st = fail(L, SL_ERR_PARSE, "mesh.outside_section", "token", cut(b, t), NULL);
        }
    }
    if (st == SL_OK && !version) st = fail(L, SL_ERR_PARSE, "mesh.no_format", NULL);
    return st;
}

/* ---- Medit -------------------------------------------------------------------------- */

static sl_status parse_medit(lexer *L, raw_mesh *m) {
    char b[24]; /* a number of an error message (long_text) */
    long count = 0;
    sl_status st = SL_OK;
    int has_version = 0;
    while (st == SL_OK && next_line(L)) {
        const char *k = L->tok[0];
        if (!strcmp(k, "End")) break;
        if (!strcmp(k, "MeshVersionFormatted") || !strcmp(k, "Dimension")) {
            long v;
            if (L->ntok < 2) st = need_line(L, k);
            if (st == SL_OK) st = tok_long(L, L->ntok < 2 ? 0 : 1, k, &v);
            if (st == SL_OK && !strcmp(k, "Dimension") && v != 3) st = fail(L, SL_ERR_PARSE, "mesh.medit_dimension", "dimension", long_text(b, v), NULL);
            has_version = 1;
            continue;
        }
        int vertices = !strcmp(k, "Vertices"), tets = !strcmp(k, "Tetrahedra");
        if (L->ntok >= 2) st = tok_count(L, 1, "mesh.what.count", SL_MESH_MAX_ELEMENTS, &count);
        else if ((st = need_line(L, "mesh.what.a_count")) == SL_OK) st = tok_count(L, 0, "count", SL_MESH_MAX_ELEMENTS, &count);
        if (st == SL_OK && vertices && count > SL_MESH_MAX_NODES)
            st = fail(L, SL_ERR_RANGE, "mesh.vertex_limit", "count", long_text(b, count), NULL);
        for (long i = 0; i < count && st == SL_OK; i++) {
            st = need_line(L, k);
            if (st != SL_OK) break;
            if (vertices) st = node_line(L, m, 0, i + 1); /* Medit ids are 1-based positions */
            else if (tets) st = tet_line(L, m, 0);
        }
        if (st == SL_OK && !vertices && !tets) m->skipped += (int)count;
    }
    if (st == SL_OK && !has_version) st = fail(L, SL_ERR_PARSE, "mesh.no_medit_version", NULL);
    return st;
}

/* ---- TetGen ------------------------------------------------------------------------- */

static sl_status parse_tetgen_nodes(lexer *L, raw_mesh *m) {
    char b[24]; /* a number of an error message (long_text) */
    long count = 0, dim = 0, id = 0;
    sl_status st = need_line(L, "mesh.what.the_node_header");
    if (st == SL_OK) st = tok_count(L, 0, "mesh.what.point_count", SL_MESH_MAX_NODES, &count);
    if (st == SL_OK && L->ntok > 1 && (st = tok_long(L, 1, "mesh.what.dimension", &dim)) == SL_OK && dim != 3)
        st = fail(L, SL_ERR_PARSE, "mesh.point_dimension", "dimension", long_text(b, dim), NULL);
    for (long k = 0; k < count && st == SL_OK; k++) {
        st = need_line(L, "mesh.what.a_point");
        if (st == SL_OK) st = tok_id(L, 0, "mesh.what.point_id", &id);
        if (st == SL_OK) st = node_line(L, m, 1, id);
    }
    return st;
}

static sl_status parse_tetgen_ele(lexer *L, raw_mesh *m) {
    char b[24]; /* a number of an error message (long_text) */
    long count = 0, per = 0;
    sl_status st = need_line(L, "mesh.what.the_ele_header");
    if (st == SL_OK) st = tok_count(L, 0, "mesh.what.tetrahedron_count", SL_MESH_MAX_ELEMENTS, &count);
    if (st == SL_OK && L->ntok > 1 && (st = tok_long(L, 1, "mesh.what.nodes_per_tetrahedron", &per)) == SL_OK &&
        per != 4 && per != 10)
        st = fail(L, SL_ERR_PARSE, "mesh.nodes_per_tet", "count", long_text(b, per), NULL);
    for (long k = 0; k < count && st == SL_OK; k++) {
        st = need_line(L, "mesh.what.a_tetrahedron");
        if (st == SL_OK) st = tet_line(L, m, 1); /* the 4 corners come first */
    }
    return st;
}

/* ---- common: ids to indices, unused nodes, orientation -------------------------------- */

static int cmp_id(const void *a, const void *b) {
    const long *x = *(long *const *)a, *y = *(long *const *)b;
    return (*x > *y) - (*x < *y);
}

/* Builds out from raw: maps file ids to indices, drops unused nodes, orients tets. */
static sl_status finish(lexer *L, raw_mesh *m, sl_tet_mesh *out, int **node_ids) {
    char b[24]; /* a number of an error message (long_text) */
    if (m->nt == 0) return fail(L, SL_ERR_PARSE, "mesh.no_tets", NULL);
    long **order = malloc(sizeof(long *) * (size_t)(m->n + 1));
    int *index = malloc(sizeof(int) * (size_t)(m->n + 1)), *used = calloc((size_t)m->n + 1, sizeof(int));
    sl_status st = order && index && used ? SL_OK : fail(L, SL_ERR_NOMEM, "mesh.nomem", NULL);
    for (int i = 0; st == SL_OK && i < m->n; i++) order[i] = &m->id[i];
    if (st == SL_OK) qsort(order, (size_t)m->n, sizeof *order, cmp_id);
    for (int i = 1; st == SL_OK && i < m->n; i++)
        if (*order[i] == *order[i - 1]) st = fail(L, SL_ERR_PARSE, "mesh.node_twice", "node", long_text(b, *order[i]), NULL);
    out->tets = st == SL_OK ? malloc(sizeof(int) * 4 * (size_t)m->nt) : NULL;
    if (st == SL_OK && !out->tets) st = fail(L, SL_ERR_NOMEM, "mesh.nomem", NULL);
    for (int t = 0; st == SL_OK && t < 4 * m->nt; t++) { /* file id -> raw index */
        long key = m->tet[t], *kp = &key;
        long **hit = m->n ? bsearch(&kp, order, (size_t)m->n, sizeof *order, cmp_id) : NULL;
        if (!hit) {
            L->line = m->tet_line[t / 4];
            st = fail_tet(L, SL_ERR_PARSE, t / 4, "mesh.undefined_node", "tet", (double)(t / 4 + 1), "node", long_text(b, key), NULL);
        } else {
            out->tets[t] = (int)(*hit - m->id);
            used[out->tets[t]] = 1;
        }
    }
    int n = 0;
    for (int i = 0; st == SL_OK && i < m->n; i++) index[i] = used[i] ? n++ : -1;
    m->unused_nodes = m->n - n;
    out->positions = st == SL_OK ? malloc(sizeof(double) * 3 * (size_t)n) : NULL;
    int *ids = st == SL_OK ? malloc(sizeof(int) * (size_t)(n + 1)) : NULL;
    if (st == SL_OK && (!out->positions || !ids)) st = fail(L, SL_ERR_NOMEM, "mesh.nomem", NULL);
    for (int i = 0; st == SL_OK && i < m->n; i++)
        if (index[i] >= 0) {
            memcpy(out->positions + 3 * index[i], m->x + 3 * i, 3 * sizeof(double));
            ids[index[i]] = (int)m->id[i];
        }
    for (int t = 0; st == SL_OK && t < 4 * m->nt; t++) out->tets[t] = index[out->tets[t]];
    out->node_count = n;
    out->tet_count = m->nt;
    if (st == SL_OK) {
        sl_error bad; /* the index of a degenerate tet, to name its line */
        st = sl_tets_orient(out->positions, n, out->tets, m->nt, &m->reoriented, &bad);
        if (st == SL_ERR_DEGENERATE) {
            L->line = m->tet_line[bad.index];
            const int *q = out->tets + 4 * bad.index;
            double c = largest_coordinate(out->positions, q); /* edges up to 2c: (2c)^3 must be finite */
            if (!isfinite(sl_tet_volume(out->positions, q[0], q[1], q[2], q[3])) || !isfinite(8 * c * c * c))
                st = fail_tet(L, SL_ERR_RANGE, bad.index, "mesh.tet_too_large", "tet", (double)(bad.index + 1), "coordinate", c, NULL);
            else fail_tet(L, st, bad.index, "mesh.tet_degenerate", "tet", (double)(bad.index + 1), NULL);
        }
    }
    free(order);
    free(index);
    free(used);
    if (st == SL_OK && node_ids) *node_ids = ids;
    else free(ids);
    return st;
}

/* The note of a successful read: what was skipped, reoriented or dropped ("" if nothing). */
static void note(sl_error *err, const raw_mesh *m) {
    if (m->skipped || m->reoriented || m->unused_nodes)
        sl_error_set(err, SL_OK, -1,
                     "note: %d elements of other types skipped, %d inverted tetrahedra reoriented, "
                     "%d unused nodes dropped", m->skipped, m->reoriented, m->unused_nodes);
}

static void raw_free(raw_mesh *m) {
    free(m->id);
    free(m->x);
    free(m->tet);
    free(m->tet_line);
}

static const char *extension(const char *name) {
    const char *dot = name ? strrchr(name, '.') : NULL;
    return dot ? dot : "";
}

static sl_status begin(sl_tet_mesh *out, int **node_ids, sl_error *err) {
    sl_error_set(err, SL_OK, -1, "%s", "");
    if (!out) return sl_error_set(err, SL_ERR_NULL, -1, "no output mesh");
    memset(out, 0, sizeof *out);
    if (node_ids) *node_ids = NULL;
    return SL_OK;
}

static sl_status end(sl_status st, lexer *L, raw_mesh *raw, sl_tet_mesh *out, int **node_ids) {
    if (st == SL_OK) st = finish(L, raw, out, node_ids);
    raw_free(raw);
    if (st != SL_OK) sl_tet_mesh_free(out);
    else note(L->err, raw);
    return st;
}

sl_status sl_mesh_parse(const char *name, const char *text, size_t length, sl_tet_mesh *out,
                        int **node_ids, sl_error *err) {
    sl_status st = begin(out, node_ids, err);
    if (st != SL_OK) return st;
    if (!name || !text) return sl_error_set(err, SL_ERR_NULL, -1, "no name or text");
    lexer L;
    raw_mesh raw = {0};
    const char *ext = extension(name);
    st = lexer_open(&L, name, text, length, !strcmp(ext, ".mesh") ? '#' : 0, err);
    if (st != SL_OK) ;
    else if (!strcmp(ext, ".msh")) st = parse_gmsh(&L, &raw);
    else if (!strcmp(ext, ".mesh")) st = parse_medit(&L, &raw);
    else st = fail(&L, SL_ERR_PARSE, "mesh.unknown_format", "extension", ext, NULL);
    st = end(st, &L, &raw, out, node_ids);
    lexer_close(&L);
    return st;
}

sl_status sl_mesh_parse_tetgen(const char *name, const char *node_text, size_t node_length,
                               const char *ele_text, size_t ele_length, sl_tet_mesh *out,
                               int **node_ids, sl_error *err) {
    sl_status st = begin(out, node_ids, err);
    if (st != SL_OK) return st;
    if (!name || !node_text || !ele_text) return sl_error_set(err, SL_ERR_NULL, -1, "no name or text");
    size_t stem = strlen(name); /* the names whole, whatever their length */
    char *node_name = malloc(2 * stem + 11), *ele_name = node_name ? node_name + stem + 6 : NULL;
    if (!node_name) return sl_error_set(err, SL_ERR_NOMEM, -1, "out of memory");
    memcpy(node_name, name, stem), memcpy(node_name + stem, ".node", 6);
    memcpy(ele_name, name, stem), memcpy(ele_name + stem, ".ele", 5);
    lexer L;
    raw_mesh raw = {0};
    st = lexer_open(&L, node_name, node_text, node_length, '#', err);
    if (st == SL_OK) st = parse_tetgen_nodes(&L, &raw);
    if (st == SL_OK) {
        lexer_close(&L);
        st = lexer_open(&L, ele_name, ele_text, ele_length, '#', err);
        if (st == SL_OK) st = parse_tetgen_ele(&L, &raw);
    }
    st = end(st, &L, &raw, out, node_ids);
    lexer_close(&L);
    free(node_name);
    return st;
}

/* Reads a whole regular file of at most SL_MESH_MAX_FILE_BYTES into a malloc'ed buffer.
 * Anything else (a directory, a device such as /dev/zero, a FIFO) is refused before a
 * byte is read, so nothing blocks or reads without end. Errors name the path and reason:
 * SL_ERR_IO (cannot open or read, not a regular file), SL_ERR_RANGE (too large),
 * SL_ERR_NOMEM. */
static sl_status slurp(const char *path, char **text, size_t *length, sl_error *err) {
    struct stat info;
    *text = NULL;
    if (stat(path, &info) != 0)
        return sl_error_set(err, SL_ERR_IO, -1, "%s: cannot read: %s", path, strerror(errno));
    if (!S_ISREG(info.st_mode))
        return sl_error_set(err, SL_ERR_IO, -1, "%s: not a regular file (a directory, device or pipe)", path);
    if ((unsigned long long)info.st_size > SL_MESH_MAX_FILE_BYTES)
        return sl_error_set(err, SL_ERR_RANGE, -1, "%s: %lld bytes exceeds the limit of %llu bytes", path,
                            (long long)info.st_size, (unsigned long long)SL_MESH_MAX_FILE_BYTES);
    FILE *f = fopen(path, "rb");
    if (!f) return sl_error_set(err, SL_ERR_IO, -1, "%s: cannot read: %s", path, strerror(errno));
    /* read at most the limit + 1 bytes, in case the file grew since stat */
    size_t size = (size_t)info.st_size, n = 0, got;
    char *buf = malloc(size + 1);
    if (!buf) {
        fclose(f);
        return sl_error_set(err, SL_ERR_NOMEM, -1, "%s: out of memory for %zu bytes", path, size + 1);
    }
    while ((got = fread(buf + n, 1, size + 1 - n, f)) > 0 && n + got <= size) n += got;
    int bad = ferror(f), grew = n + got > size;
    fclose(f);
    if (bad || grew) {
        free(buf);
        return sl_error_set(err, SL_ERR_IO, -1, "%s: %s", path,
                            bad ? "read error" : "the file changed while being read");
    }
    *text = buf;
    *length = n;
    return SL_OK;
}

sl_status sl_mesh_read_file(const char *path, sl_tet_mesh *out, int **node_ids,
                            sl_error *err) {
    sl_status st = begin(out, node_ids, err);
    if (st != SL_OK) return st;
    if (!path) return sl_error_set(err, SL_ERR_NULL, -1, "no path");
    const char *ext = extension(path);
    if (!strcmp(ext, ".node") || !strcmp(ext, ".ele")) {
        size_t stem = (size_t)(ext - path); /* any length: a cut path would be reported missing */
        char *base = malloc(3 * (stem + 6));
        if (!base) return sl_error_set(err, SL_ERR_NOMEM, -1, "out of memory");
        char *node_path = base + stem + 6, *ele_path = node_path + stem + 6;
        memcpy(base, path, stem), base[stem] = 0;
        memcpy(node_path, path, stem), memcpy(node_path + stem, ".node", 6);
        memcpy(ele_path, path, stem), memcpy(ele_path + stem, ".ele", 5);
        size_t nl = 0, el = 0;
        char *nt = NULL, *et = NULL;
        st = slurp(node_path, &nt, &nl, err);
        if (st == SL_OK) st = slurp(ele_path, &et, &el, err);
        if (st == SL_OK) st = sl_mesh_parse_tetgen(base, nt, nl, et, el, out, node_ids, err);
        free(nt);
        free(et);
        free(base);
        return st;
    }
    size_t length = 0;
    char *text = NULL;
    st = slurp(path, &text, &length, err);
    if (st != SL_OK) return st;
    st = sl_mesh_parse(path, text, length, out, node_ids, err);
    free(text);
    return st;
}
