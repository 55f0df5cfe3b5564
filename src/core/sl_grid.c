/* Terzopoulos grid solids with area and volume restoration (see sl_grid.h, seed 004). */
#include "sl_grid.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sl_tet_fem.h"
#include "sl_topology.h"
#include "sl_world_internal.h"

/* ---- the two kinds of difference-metric constraints ------------------------------- */

typedef struct {
    double *rest;  /* per block: L^2 (lengths) or (L1 L2, cos0) (angles) */
    int *cells;    /* lengths model only: int[cell_count][8] corners, c = x + 2y + 4z */
    int cell_count;
    double rest_volume; /* m^3, of all cells */
    double strength;    /* eta scale (sl_grid_set_strength); compliances hold 1/strength */
} grid_data;

static void grid_destroy(sl_model *m) {
    grid_data *d = m->data;
    if (d) free(d->rest), free(d->cells);
    free(d);
}

/* phi = |x_a - x_b|^2 / L^2 - 1; J = +-2 d / L^2; H = w 2/L^2 [I -I; -I I]. */
static void length_evaluate(const sl_model *m, const double *x, double *phi, double *J) {
    const grid_data *g = m->data;
    for (int b = 0; b < m->block_count; b++) {
        const double *xa = x + 3 * m->block_node[2 * b], *xb = x + 3 * m->block_node[2 * b + 1];
        double d[3] = {xa[0] - xb[0], xa[1] - xb[1], xa[2] - xb[2]}, L2 = g->rest[b];
        if (phi) phi[b] = (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]) / L2 - 1;
        for (int c = 0; J && c < 3; c++) J[6 * b + c] = 2 * d[c] / L2, J[6 * b + 3 + c] = -2 * d[c] / L2;
    }
}

static void length_geometric(const sl_model *m, const double *x, const double *w, double *H) {
    const grid_data *g = m->data;
    for (int b = 0; b < m->block_count; b++, H += 36) {
        double s = 2 * w[b] / g->rest[b];
        memset(H, 0, 36 * sizeof(double));
        for (int c = 0; c < 3; c++) {
            H[6 * c + c] = H[6 * (c + 3) + c + 3] = s;
            H[6 * c + c + 3] = H[6 * (c + 3) + c] = -s;
        }
    }
}

/* phi = (x_b - x_a).(x_c - x_a) / (L1 L2) - cos0 over nodes (a, b, c). */
static void angle_evaluate(const sl_model *m, const double *x, double *phi, double *J) {
    const grid_data *g = m->data;
    for (int k = 0; k < m->block_count; k++) {
        const int *n = m->block_node + 3 * k;
        double u[3], v[3], s = 1 / g->rest[2 * k];
        for (int c = 0; c < 3; c++) u[c] = x[3 * n[1] + c] - x[3 * n[0] + c], v[c] = x[3 * n[2] + c] - x[3 * n[0] + c];
        if (phi) phi[k] = s * (u[0] * v[0] + u[1] * v[1] + u[2] * v[2]) - g->rest[2 * k + 1];
        for (int c = 0; J && c < 3; c++) {
            J[9 * k + c] = -s * (u[c] + v[c]);
            J[9 * k + 3 + c] = s * v[c];
            J[9 * k + 6 + c] = s * u[c];
        }
    }
}

static void angle_geometric(const sl_model *m, const double *x, const double *w, double *H) {
    const grid_data *g = m->data;
    static const double pattern[3][3] = {{2, -1, -1}, {-1, 0, 1}, {-1, 1, 0}};
    for (int k = 0; k < m->block_count; k++, H += 81) {
        double s = w[k] / g->rest[2 * k];
        memset(H, 0, 81 * sizeof(double));
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++)
                for (int c = 0; c < 3; c++) H[9 * (3 * a + c) + 3 * b + c] = s * pattern[a][b];
    }
}

static const sl_model_class length_class = {
    .name = "grid-lengths",
    .citation = "seed 004 eq. 2-6, 10-16 (squared lengths)",
    .evaluate = length_evaluate,
    .geometric_stiffness = length_geometric,
    .destroy = grid_destroy,
    .quadratic = 1,
};

static const sl_model_class angle_class = {
    .name = "grid-angles",
    .citation = "seed 004 eq. 2-6 (off-diagonal metric)",
    .evaluate = angle_evaluate,
    .geometric_stiffness = angle_geometric,
    .destroy = grid_destroy,
    .quadratic = 1,
};

/* ---- building the grid ---------------------------------------------------------------- */

/* A cell (corners c = dx + 2 dy + 4 dz) as 6 positively oriented tets around its main
 * diagonal 0-7 (Kuhn's split): for drawing and for the volume measures. */
static const int kuhn[6][4] = {{0, 1, 3, 7}, {0, 5, 1, 7}, {0, 3, 2, 7}, {0, 2, 6, 7}, {0, 4, 5, 7}, {0, 6, 4, 7}};

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
typedef struct { int node[3]; double volume, rest[2]; } term;
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

static double dist2(const double *x, int a, int b) {
    double s = 0;
    for (int c = 0; c < 3; c++) s += (x[3 * a + c] - x[3 * b + c]) * (x[3 * a + c] - x[3 * b + c]);
    return s;
}

static int add_length(term_list *l, const double *x, int a, int b, double volume) {
    term t = {{a < b ? a : b, a < b ? b : a, -1}, volume, {dist2(x, a, b), 0}};
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
        for (int e = 0; e < 12; e++) ok &= add_length(len, g->x, n[edges[e][0]], n[edges[e][1]], V / 4);
        for (int f = 0; f < 6; f++) {
            const int *q = faces[f]; /* q[0] corner, q[1] along i, q[2] along j, q[3] opposite */
            if (d->terms & SL_GRID_AREA) {
                ok &= add_length(area, g->x, n[q[0]], n[q[3]], V / 2);
                ok &= add_length(area, g->x, n[q[1]], n[q[2]], V / 2);
            }
            if (d->terms & SL_GRID_ANGLES) { /* the angle at every corner of the face */
                int quad[4] = {n[q[0]], n[q[1]], n[q[3]], n[q[2]]};
                for (int a = 0; a < 4; a++) {
                    int b0 = quad[(a + 1) % 4], b1 = quad[(a + 3) % 4];
                    term t = {{quad[a], b0 < b1 ? b0 : b1, b0 < b1 ? b1 : b0}, V / 8, {0, 0}};
                    t.rest[0] = sqrt(dist2(g->x, quad[a], b0) * dist2(g->x, quad[a], b1));
                    ok &= push(angle, t);
                }
            }
        }
        for (int v = 0; v < 4 && (d->terms & SL_GRID_VOLUME); v++)
            ok &= add_length(vol, g->x, n[diagonals[v][0]], n[diagonals[v][1]], V);
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
                    if (m0 >= 0 && m1 >= 0 && g->node[gid(d, i, j, k)] >= 0) ok &= add_length(pil, g->x, m0, m1, V);
                }
            }
    return ok;
}

/* A model of the merged terms with weight eta (Pa): alpha = 1/(2 eta V). */
static sl_model *make_model(term_list *l, double eta, int angles, const grid_build *g) {
    merge(l);
    if (l->n == 0 || !(eta > 0)) return NULL;
    sl_model *m = sl_model_alloc(angles ? &angle_class : &length_class, l->n, 1, angles ? 3 : 2);
    grid_data *d = calloc(1, sizeof *d);
    if (d) d->strength = 1;
    if (m) m->data = d;
    if (!m || !d || !(d->rest = malloc(sizeof(double) * 2 * (size_t)l->n))) {
        if (!m) free(d);
        sl_model_destroy(m);
        return NULL;
    }
    for (int b = 0; b < l->n; b++) {
        const term *t = &l->t[b];
        for (int a = 0; a < (angles ? 3 : 2); a++) m->block_node[(angles ? 3 : 2) * b + a] = t->node[a];
        m->compliance[b] = 1.0 / (2 * eta * t->volume);
        if (angles) {
            double u[3], v[3], dot = 0;
            for (int c = 0; c < 3; c++) {
                u[c] = g->x[3 * t->node[1] + c] - g->x[3 * t->node[0] + c];
                v[c] = g->x[3 * t->node[2] + c] - g->x[3 * t->node[0] + c];
                dot += u[c] * v[c];
            }
            d->rest[2 * b] = t->rest[0];
            d->rest[2 * b + 1] = dot / t->rest[0];
        } else {
            d->rest[b] = t->rest[0];
        }
    }
    return m;
}

sl_grid_def sl_grid_def_default(void) {
    sl_grid_def d = {{4, 4, 4}, {0.1, 0.1, 0.1}, {0, 0, 0}, 0, 500.0, 1e4, 1e4, 4e4, 1e4, SL_GRID_IMPROVED, 9.81};
    return d;
}

static sl_status check_def(const sl_grid_def *d, const char **why) {
    const char *reason = NULL;
    for (int c = 0; c < 3; c++)
        if (d->count[c] < 2 || d->count[c] > 200 || !(d->spacing[c] > 0) || !isfinite(d->origin[c]))
            reason = "each grid count must be in [2, 200] and each spacing > 0";
    if (!(d->density > 0) || !(d->eta_length > 0) || !(d->eta_angle >= 0) || !(d->eta_volume >= 0) ||
        !(d->eta_pillar >= 0) || !(d->gravity >= 0) || !isfinite(d->gravity))
        reason = "density and eta_length must be > 0, the other weights and gravity >= 0";
    if ((d->terms & SL_GRID_AREA) && 2 * d->eta_angle < 2 * d->eta_length)
        reason = "area restoration needs eta_12 + eta_21 >= eta_11 + eta_22 (seed 004 §4.1)";
    if (why) *why = reason;
    return reason ? SL_ERR_RANGE : SL_OK;
}

/* Lumped masses (a cell's rho V to its 8 corners), topology (boundary of the cells split
 * into 6 tets each, grid edges), then the world. */
static sl_status make_world(const grid_build *g, const term_list *len, sl_world **out) {
    const sl_grid_def *d = g->def;
    double V = d->spacing[0] * d->spacing[1] * d->spacing[2];
    double *mass = calloc((size_t)g->n, sizeof(double));
    int *tets = malloc(sizeof(int) * 24 * (size_t)g->cell_count), *edges = malloc(sizeof(int) * 2 * (size_t)(len->n + 1));
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
    wd.divergence_distance = 100 * (d->count[0] * d->spacing[0] + d->count[1] * d->spacing[1] + d->count[2] * d->spacing[2]);
    if (st == SL_OK) st = sl_world_create(&wd, out);
    if (st == SL_OK) st = sl_world_set_topology(*out, tris, tri_count, edges, len->n);
    free(mass), free(tets), free(edges), free(tris);
    return st;
}

sl_status sl_grid_world(const sl_grid_def *def, sl_world **out, const char **why) {
    if (why) *why = NULL;
    if (!out) return SL_ERR_NULL;
    *out = NULL;
    if (!def) return SL_ERR_NULL;
    sl_status st = check_def(def, why);
    if (st != SL_OK) return st;
    grid_build g = {def, NULL, NULL, 0, NULL, 0};
    term_list len = {0}, area = {0}, vol = {0}, ang = {0}, pil = {0};
    st = place_nodes(&g);
    if (st == SL_OK && !(collect_terms(&g, &len, &area, &vol, &ang) &&
                         (!(def->terms & SL_GRID_PILLAR) || collect_pillars(&g, &pil))))
        st = SL_ERR_NOMEM;
    sl_model *lengths = st == SL_OK ? make_model(&len, def->eta_length, 0, &g) : NULL;
    if (st == SL_OK && !lengths) st = SL_ERR_NOMEM;
    if (st == SL_OK) st = make_world(&g, &len, out);
    if (st == SL_OK) { /* the cells ride along in the lengths model, for the measures */
        grid_data *gd = lengths->data;
        gd->cells = g.cells, gd->cell_count = g.cell_count, g.cells = NULL;
        st = sl_world_add_model(*out, lengths);
        lengths = NULL;
        gd->rest_volume = sl_grid_volume_ratio(*out); /* rest positions: absolute volume */
    }
    struct { term_list *l; double eta; int angles; } extra[4] = {
        {&area, def->eta_angle, 0}, {&vol, def->eta_volume, 0}, {&ang, 2 * def->eta_angle, 1}, {&pil, def->eta_pillar, 0}};
    for (int k = 0; k < 4 && st == SL_OK; k++) {
        if (extra[k].l->n == 0 || !(extra[k].eta > 0)) continue;
        sl_model *m = make_model(extra[k].l, extra[k].eta, extra[k].angles, &g);
        st = m ? sl_world_add_model(*out, m) : SL_ERR_NOMEM;
    }
    sl_model_destroy(lengths);
    free(g.node), free(g.x), free(g.cells);
    free(len.t), free(area.t), free(vol.t), free(ang.t), free(pil.t);
    if (st != SL_OK) sl_world_destroy(*out), *out = NULL;
    return st;
}

/* ---- strength ------------------------------------------------------------------------- */

static int is_grid_model(const sl_model *m) { return m->cls == &length_class || m->cls == &angle_class; }

sl_status sl_grid_set_strength(sl_world *w, double scale) {
    if (!w) return SL_ERR_NULL;
    if (!isfinite(scale) || !(scale > 0)) return sl_world_fail(w, SL_ERR_RANGE, "grid strength %g must be > 0", scale);
    int found = 0;
    for (int k = 0; k < w->model_count; k++) {
        sl_model *m = w->models[k];
        if (!is_grid_model(m)) continue;
        grid_data *d = m->data;
        double f = d->strength / scale;
        for (int i = 0; i < sl_model_constraint_count(m); i++) m->compliance[i] *= f;
        d->strength = scale;
        found = 1;
    }
    if (!found) return sl_world_fail(w, SL_ERR_INCOMPATIBLE, "not a grid solid");
    sl_assembly_refresh_compliance(w);
    return SL_OK;
}

double sl_grid_strength(const sl_world *w) {
    for (int k = 0; w && k < w->model_count; k++)
        if (is_grid_model(w->models[k])) return ((const grid_data *)w->models[k]->data)->strength;
    return NAN;
}

/* ---- measures -------------------------------------------------------------------------- */

static const grid_data *grid_cells(const sl_world *w) {
    for (int k = 0; k < sl_world_model_count(w); k++) {
        const sl_model *m = sl_world_model(w, k);
        if (m->cls == &length_class && ((const grid_data *)m->data)->cells) return m->data;
    }
    return NULL;
}

/* Volume of a cell (6 Kuhn tets) and whether any of its tets is not positive. */
static double cell_volume(const double *x, const int *n, int *inverted) {
    double v = 0;
    *inverted = 0;
    for (int t = 0; t < 6; t++) {
        double vt = sl_tet_volume(x, n[kuhn[t][0]], n[kuhn[t][1]], n[kuhn[t][2]], n[kuhn[t][3]]);
        v += vt;
        if (!(vt > 0)) *inverted = 1;
    }
    return v;
}

double sl_grid_volume_ratio(const sl_world *w) {
    const grid_data *g = w ? grid_cells(w) : NULL;
    if (!g) return NAN;
    double v = 0;
    int inv;
    for (int c = 0; c < g->cell_count; c++) v += cell_volume(sl_world_positions(w), g->cells + 8 * c, &inv);
    return g->rest_volume > 0 ? v / g->rest_volume : v;
}

int sl_grid_inverted_cells(const sl_world *w) {
    const grid_data *g = w ? grid_cells(w) : NULL;
    if (!g) return -1;
    int count = 0, inv;
    for (int c = 0; c < g->cell_count; c++) {
        cell_volume(sl_world_positions(w), g->cells + 8 * c, &inv);
        count += inv;
    }
    return count;
}

/* Rotation R of the polar decomposition A = R S (Higham's iteration R <- (R + R^-T)/2). */
static void polar_rotation(const double A[9], double R[9]) {
    memcpy(R, A, 9 * sizeof(double));
    for (int it = 0; it < 60; it++) {
        double det = R[0] * (R[4] * R[8] - R[5] * R[7]) - R[1] * (R[3] * R[8] - R[5] * R[6]) + R[2] * (R[3] * R[7] - R[4] * R[6]);
        if (fabs(det) < 1e-300) return;
        double inv_t[9] = {(R[4] * R[8] - R[5] * R[7]) / det, (R[5] * R[6] - R[3] * R[8]) / det, (R[3] * R[7] - R[4] * R[6]) / det,
                           (R[2] * R[7] - R[1] * R[8]) / det, (R[0] * R[8] - R[2] * R[6]) / det, (R[1] * R[6] - R[0] * R[7]) / det,
                           (R[1] * R[5] - R[2] * R[4]) / det, (R[2] * R[3] - R[0] * R[5]) / det, (R[0] * R[4] - R[1] * R[3]) / det};
        double change = 0;
        for (int i = 0; i < 9; i++) {
            double r = 0.5 * (R[i] + inv_t[i]);
            change = fmax(change, fabs(r - R[i]));
            R[i] = r;
        }
        if (change < 1e-14) return;
    }
}

double sl_world_shape_error(const sl_world *w) {
    if (!w) return NAN;
    int n = sl_world_node_count(w);
    const double *x = sl_world_positions(w), *x0 = sl_world_rest_positions(w), *m = sl_world_masses(w);
    double c[3] = {0, 0, 0}, c0[3] = {0, 0, 0}, M = 0, A[9] = {0}, R[9], worst = 0;
    for (int i = 0; i < n; i++, M += m[i - 1])
        for (int a = 0; a < 3; a++) c[a] += m[i] * x[3 * i + a], c0[a] += m[i] * x0[3 * i + a];
    for (int a = 0; a < 3; a++) c[a] /= M, c0[a] /= M;
    for (int i = 0; i < n; i++) /* A = sum m (x - c)(x0 - c0)^T */
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++) A[3 * a + b] += m[i] * (x[3 * i + a] - c[a]) * (x0[3 * i + b] - c0[b]);
    polar_rotation(A, R);
    for (int i = 0; i < n; i++) {
        double d2 = 0;
        for (int a = 0; a < 3; a++) {
            double y = c[a];
            for (int b = 0; b < 3; b++) y += R[3 * a + b] * (x0[3 * i + b] - c0[b]);
            d2 += (x[3 * i + a] - y) * (x[3 * i + a] - y);
        }
        worst = fmax(worst, sqrt(d2));
    }
    return worst;
}
