/* Terzopoulos grid solids (seed 004): the grid of particles, its cells and which metric
 * terms it gets, as a world (softlab/build.h). The terms themselves are models
 * (sl_grid_terms_create, src/core/models/grid_terms.c). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/build.h"

typedef struct {
    const sl_grid_def *def;
    int *node;   /* grid index -> world node, or -1 */
    double *x;   /* world node positions */
    int n;       /* world nodes */
    int *cells;  /* kept cells: int[8] corners each (world nodes) */
    int cell_count;
} grid_build;

static int gid(const sl_grid_def *d, int i, int j, int k) { return i + d->count[0] * (j + d->count[1] * k); }

/* A term under construction: nodes, weight (m^3 share of volume), rest data. */
typedef struct { int node[3]; double volume; } term;
typedef struct { term *t; int n, cap; } term_list;

static int push(term_list *l, term t) {
    if (l->n == l->cap) {
        int cap = l->cap ? 2 * l->cap : 256;
        term *g = realloc(l->t, sizeof(term) * (size_t)cap);
        if (!g) return 0;
        l->t = g, l->cap = cap;
    }
    l->t[l->n++] = t;
    return 1;
}

static int cmp_term(const void *a, const void *b) {
    const term *x = a, *y = b;
    for (int i = 0; i < 3; i++)
        if (x->node[i] != y->node[i]) return (x->node[i] > y->node[i]) - (x->node[i] < y->node[i]);
    return 0;
}

/* Sorts and merges duplicate terms, adding their volume shares. */
static void merge(term_list *l) {
    if (l->n == 0) return;
    qsort(l->t, (size_t)l->n, sizeof(term), cmp_term);
    int u = 0;
    for (int i = 1; i < l->n; i++) {
        if (cmp_term(&l->t[i], &l->t[u]) == 0) l->t[u].volume += l->t[i].volume;
        else l->t[++u] = l->t[i];
    }
    l->n = u + 1;
}

static int add_length(term_list *l, int a, int b, double volume) {
    term t = {{a < b ? a : b, a < b ? b : a, -1}, volume};
    return push(l, t);
}

/* Cell corners (c = dx + 2 dy + 4 dz) as world nodes. */
static void corners(const grid_build *g, int i, int j, int k, int out[8]) {
    for (int c = 0; c < 8; c++) out[c] = g->node[gid(g->def, i + (c & 1), j + ((c >> 1) & 1), k + (c >> 2))];
}

static int keep_cell(const sl_grid_def *d, int i, int j, int k) {
    if (!d->ellipsoid) return 1;
    double q = 0;
    int idx[3] = {i, j, k};
    for (int c = 0; c < 3; c++) {
        double half = 0.5 * (d->count[c] - 1), u = (idx[c] + 0.5 - half) / half;
        q += u * u;
    }
    return q <= 1.0;
}

static sl_status place_nodes(grid_build *g) {
    const sl_grid_def *d = g->def;
    int total = d->count[0] * d->count[1] * d->count[2];
    g->node = malloc(sizeof(int) * (size_t)total);
    g->x = malloc(sizeof(double) * 3 * (size_t)total);
    g->cells = malloc(sizeof(int) * 8 * (size_t)total);
    if (!g->node || !g->x || !g->cells) return SL_ERR_NOMEM;
    for (int p = 0; p < total; p++) g->node[p] = -1;
    for (int k = 0; k + 1 < d->count[2]; k++)
        for (int j = 0; j + 1 < d->count[1]; j++)
            for (int i = 0; i + 1 < d->count[0]; i++) {
                if (!keep_cell(d, i, j, k)) continue;
                for (int c = 0; c < 8; c++) {
                    int p = gid(d, i + (c & 1), j + ((c >> 1) & 1), k + (c >> 2));
                    if (g->node[p] >= 0) continue;
                    int q[3] = {i + (c & 1), j + ((c >> 1) & 1), k + (c >> 2)};
                    for (int a = 0; a < 3; a++) g->x[3 * g->n + a] = d->origin[a] + d->spacing[a] * q[a];
                    g->node[p] = g->n++;
                }
                corners(g, i, j, k, g->cells + 8 * g->cell_count++);
            }
    return g->cell_count > 0 ? SL_OK : SL_ERR_RANGE;
}

/* Collects the terms of every kept cell, with volume shares (an edge is shared by 4
 * cells, a face by 2, a space diagonal by 1). */
static int collect_terms(const grid_build *g, term_list *len, term_list *area, term_list *vol,
                         term_list *angle) {
    const sl_grid_def *d = g->def;
    double V = d->spacing[0] * d->spacing[1] * d->spacing[2];
    static const int edges[12][2] = {{0, 1}, {2, 3}, {4, 5}, {6, 7}, {0, 2}, {1, 3}, {4, 6}, {5, 7}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
    /* faces as (corner, along i, along j, opposite): quads 0-1-3-2 (z), 0-1-5-4 (y), 0-2-6-4 (x) and their opposites */
    static const int faces[6][4] = {{0, 1, 2, 3}, {4, 5, 6, 7}, {0, 1, 4, 5}, {2, 3, 6, 7}, {0, 2, 4, 6}, {1, 3, 5, 7}};
    static const int diagonals[4][2] = {{0, 7}, {1, 6}, {2, 5}, {3, 4}};
    int ok = 1;
    for (int c = 0; c < g->cell_count && ok; c++) {
        const int *n = g->cells + 8 * c;
        for (int e = 0; e < 12; e++) ok &= add_length(len, n[edges[e][0]], n[edges[e][1]], V / 4);
        for (int f = 0; f < 6; f++) {
            const int *q = faces[f]; /* q[0] corner, q[1] along i, q[2] along j, q[3] opposite */
            if (d->terms & SL_GRID_AREA) {
                ok &= add_length(area, n[q[0]], n[q[3]], V / 2);
                ok &= add_length(area, n[q[1]], n[q[2]], V / 2);
            }
            if (d->terms & SL_GRID_ANGLES) { /* the angle at every corner of the face */
                int quad[4] = {n[q[0]], n[q[1]], n[q[3]], n[q[2]]};
                for (int a = 0; a < 4; a++) {
                    int b0 = quad[(a + 1) % 4], b1 = quad[(a + 3) % 4];
                    term t = {{quad[a], b0 < b1 ? b0 : b1, b0 < b1 ? b1 : b0}, V / 8};
                    ok &= push(angle, t);
                }
            }
        }
        for (int v = 0; v < 4 && (d->terms & SL_GRID_VOLUME); v++)
            ok &= add_length(vol, n[diagonals[v][0]], n[diagonals[v][1]], V);
    }
    return ok;
}

/* Pillar terms: x[p-e_i] to x[p+e_i] wherever both neighbours exist (eq. 15-16). */
static int collect_pillars(const grid_build *g, term_list *pil) {
    const sl_grid_def *d = g->def;
    double V = d->spacing[0] * d->spacing[1] * d->spacing[2];
    int ok = 1;
    for (int k = 0; k < d->count[2]; k++)
        for (int j = 0; j < d->count[1]; j++)
            for (int i = 0; i < d->count[0]; i++) {
                int q[3] = {i, j, k};
                for (int a = 0; a < 3 && ok; a++) {
                    if (q[a] == 0 || q[a] + 1 == d->count[a]) continue;
                    int lo[3] = {i, j, k}, hi[3] = {i, j, k};
                    lo[a]--, hi[a]++;
                    int m0 = g->node[gid(d, lo[0], lo[1], lo[2])], m1 = g->node[gid(d, hi[0], hi[1], hi[2])];
                    if (m0 >= 0 && m1 >= 0 && g->node[gid(d, i, j, k)] >= 0) ok &= add_length(pil, m0, m1, V);
                }
            }
    return ok;
}

/* A model of the merged terms with weight eta (Pa); *m stays NULL for no terms. */
static sl_status make_model(term_list *l, double eta, int angles, const grid_build *g, sl_model **m) {
    *m = NULL;
    merge(l);
    if (l->n == 0 || !(eta > 0)) return SL_OK;
    int width = angles ? 3 : 2;
    int *nodes = malloc(sizeof(int) * (size_t)(width * l->n));
    double *volume = malloc(sizeof(double) * (size_t)l->n);
    sl_status st = nodes && volume ? SL_OK : SL_ERR_NOMEM;
    for (int t = 0; st == SL_OK && t < l->n; t++) {
        for (int a = 0; a < width; a++) nodes[width * t + a] = l->t[t].node[a];
        volume[t] = l->t[t].volume;
    }
    if (st == SL_OK) st = sl_grid_terms_create(g->x, g->n, nodes, width, volume, l->n, eta, m);
    free(nodes), free(volume);
    return st;
}

sl_grid_def sl_grid_def_default(void) {
    sl_grid_def d = {{4, 4, 4}, {0.1, 0.1, 0.1}, {0, 0, 0}, 0, 500.0, 1e4, 1e4, 4e4, 1e4, SL_GRID_IMPROVED, 9.81};
    return d;
}

static sl_status check_def(const sl_grid_def *d, sl_error *err) {
    for (int c = 0; c < 3; c++)
        if (d->count[c] < 2 || d->count[c] > 200 || !(d->spacing[c] > 0) || !isfinite(d->origin[c]))
            return sl_error_set(err, SL_ERR_RANGE, c, "each grid count must be in [2, 200] and each spacing > 0");
    if (!(d->density > 0) || !(d->eta_length > 0) || !(d->eta_angle >= 0) || !(d->eta_volume >= 0) ||
        !(d->eta_pillar >= 0) || !(d->gravity >= 0) || !isfinite(d->gravity))
        return sl_error_set(err, SL_ERR_RANGE, -1, "density and eta_length must be > 0, the other weights and gravity >= 0");
    if ((d->terms & SL_GRID_AREA) && 2 * d->eta_angle < 2 * d->eta_length)
        return sl_error_set(err, SL_ERR_RANGE, -1, "area restoration needs eta_12 + eta_21 >= eta_11 + eta_22 (seed 004 §4.1)");
    return SL_OK;
}

/* Lumped masses (a cell's rho V to its 8 corners), the world, and its body: the cells split
 * into 6 Kuhn tets each (one cell each for the measures), their boundary, the grid edges. */
static sl_status make_world(const grid_build *g, const term_list *len, sl_world **out) {
    const sl_grid_def *d = g->def;
    double V = d->spacing[0] * d->spacing[1] * d->spacing[2];
    double *mass = calloc((size_t)g->n, sizeof(double));
    int *tets = malloc(sizeof(int) * 24 * (size_t)g->cell_count), *edges = malloc(sizeof(int) * 2 * (size_t)(len->n + 1));
    const int (*kuhn)[4] = NULL;
    sl_cube_split(SL_SPLIT_6, &kuhn);
    sl_status st = mass && tets && edges ? SL_OK : SL_ERR_NOMEM;
    for (int c = 0; st == SL_OK && c < g->cell_count; c++)
        for (int a = 0; a < 8; a++) mass[g->cells[8 * c + a]] += d->density * V / 8;
    for (int c = 0; st == SL_OK && c < g->cell_count; c++)
        for (int t = 0; t < 6; t++)
            for (int a = 0; a < 4; a++) tets[24 * c + 4 * t + a] = g->cells[8 * c + kuhn[t][a]];
    for (int e = 0; st == SL_OK && e < len->n; e++) edges[2 * e] = len->t[e].node[0], edges[2 * e + 1] = len->t[e].node[1];
    int *tris = NULL, tri_count = 0;
    if (st == SL_OK) st = sl_tets_boundary(g->x, tets, 6 * g->cell_count, &tris, &tri_count);
    sl_world_def wd = sl_world_def_default();
    wd.node_count = g->n, wd.positions = g->x, wd.masses = mass;
    wd.gravity[1] = -d->gravity;
    if (st == SL_OK) st = sl_world_create(&wd, out);
    sl_body_def body = {.tets = tets, .tet_count = 6 * g->cell_count, .tets_per_cell = 6,
                        .tris = tris, .tri_count = tri_count, .edges = edges, .edge_count = len->n};
    if (st == SL_OK) st = sl_world_set_body(*out, &body);
    free(mass), free(tets), free(edges), free(tris);
    return st;
}

sl_status sl_grid_world(const sl_grid_def *def, sl_world **out, sl_error *err) {
    if (!out || !def) return sl_error_set(err, SL_ERR_NULL, -1, "no grid definition or output pointer");
    *out = NULL;
    sl_status st = check_def(def, err);
    if (st != SL_OK) return st;
    grid_build g = {def, NULL, NULL, 0, NULL, 0};
    term_list len = {0}, area = {0}, vol = {0}, ang = {0}, pil = {0};
    st = place_nodes(&g);
    if (st == SL_OK && !(collect_terms(&g, &len, &area, &vol, &ang) &&
                         (!(def->terms & SL_GRID_PILLAR) || collect_pillars(&g, &pil))))
        st = SL_ERR_NOMEM;
    sl_model *lengths = NULL;
    if (st == SL_OK) st = make_model(&len, def->eta_length, 0, &g, &lengths); /* merges len: the edges */
    if (st == SL_OK) st = make_world(&g, &len, out);
    if (st == SL_OK) st = sl_world_add_model(*out, lengths);
    lengths = NULL; /* owned by the world now, also on error */
    struct { term_list *l; double eta; int angles; } extra[4] = {
        {&area, def->eta_angle, 0}, {&vol, def->eta_volume, 0}, {&ang, 2 * def->eta_angle, 1}, {&pil, def->eta_pillar, 0}};
    for (int k = 0; k < 4 && st == SL_OK; k++) {
        sl_model *m = NULL;
        st = make_model(extra[k].l, extra[k].eta, extra[k].angles, &g, &m);
        if (st == SL_OK && m) st = sl_world_add_model(*out, m);
    }
    sl_model_destroy(lengths);
    free(g.node), free(g.x), free(g.cells);
    free(len.t), free(area.t), free(vol.t), free(ang.t), free(pil.t);
    if (st != SL_OK) {
        sl_world_destroy(*out), *out = NULL;
        sl_error_set(err, st, -1, "grid solid: %s", sl_status_message(st)); /* check_def returned before */
    }
    return st;
}

