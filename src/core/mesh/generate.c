/* Tetrahedral mesh generators (softlab/mesh.h): cubes split into tets, beams, balls, tubes. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/mesh.h"
#include "softlab/tet_fem.h"

static const double PI = 3.14159265358979323846; /* M_PI is not C11 */

/* The 5-tet split of a cube whose corner (x,y,z) in {0,1}^3 is c = x + 2y + 4z (the
 * swinging cube of seed 000 §3); mirrored in x (c ^ 1) for odd cells. */
static const int CUBE5[5][4] = {{1, 2, 4, 7}, {0, 1, 2, 4}, {1, 2, 3, 7}, {1, 4, 5, 7}, {2, 4, 6, 7}};
/* The 6-tet Kuhn split: one tet per path 0 -> 7 along the cube's edges, each positively
 * oriented. */
static const int CUBE6[6][4] = {{0, 1, 3, 7}, {0, 5, 1, 7}, {0, 3, 2, 7}, {0, 2, 6, 7}, {0, 4, 5, 7}, {0, 6, 4, 7}};

int sl_cube_split(sl_tet_split split, const int (**tets)[4]) {
    if (!tets) return 0;
    *tets = split == SL_SPLIT_5 ? CUBE5 : split == SL_SPLIT_6 ? CUBE6 : NULL;
    return *tets ? (split == SL_SPLIT_5 ? 5 : 6) : 0;
}

void sl_tet_mesh_free(sl_tet_mesh *mesh) {
    if (!mesh) return;
    free(mesh->positions);
    free(mesh->tets);
    memset(mesh, 0, sizeof *mesh);
}

/* Appends the tets of cell (i,j,k) to t; returns how many. */
static int split_cell(const int n[3], int i, int j, int k, sl_tet_split split, int *t) {
    int flip = split == SL_SPLIT_5 ? (i + j + k) & 1 : 0, count = split == SL_SPLIT_5 ? 5 : 6;
    for (int e = 0; e < count; e++, t += 4)
        for (int a = 0; a < 4; a++) {
            int c = (split == SL_SPLIT_5 ? CUBE5[e][a] : CUBE6[e][a]) ^ flip;
            t[a] = (i + (c & 1)) + (n[0] + 1) * ((j + ((c >> 1) & 1)) + (n[1] + 1) * (k + (c >> 2)));
        }
    return count;
}

/* Drops the nodes no tet uses, renumbering the tets. */
static sl_status drop_unused(sl_tet_mesh *m) {
    int *index = malloc(sizeof(int) * (size_t)m->node_count);
    if (!index) return SL_ERR_NOMEM;
    for (int i = 0; i < m->node_count; i++) index[i] = -1;
    for (int t = 0; t < 4 * m->tet_count; t++) index[m->tets[t]] = 0;
    int n = 0;
    for (int i = 0; i < m->node_count; i++)
        if (index[i] == 0) {
            index[i] = n;
            memmove(m->positions + 3 * n++, m->positions + 3 * i, 3 * sizeof(double));
        }
    for (int t = 0; t < 4 * m->tet_count; t++) m->tets[t] = index[m->tets[t]];
    m->node_count = n;
    free(index);
    return SL_OK;
}

sl_status sl_tet_mesh_grid(const int n[3], const double lo[3], const double size[3],
                           sl_tet_split split, int (*keep)(const double c[3], const void *ctx),
                           const void *ctx, sl_tet_mesh *out) {
    if (!out || !n || !lo || !size) return SL_ERR_NULL;
    memset(out, 0, sizeof *out);
    for (int c = 0; c < 3; c++)
        if (n[c] < 1 || n[c] > 1000 || !(size[c] > 0) || !isfinite(size[c]) || !isfinite(lo[c])) return SL_ERR_RANGE;
    out->node_count = (n[0] + 1) * (n[1] + 1) * (n[2] + 1);
    out->positions = malloc(sizeof(double) * 3 * (size_t)out->node_count);
    out->tets = malloc(sizeof(int) * 4 * 6 * (size_t)n[0] * (size_t)n[1] * (size_t)n[2]);
    if (!out->positions || !out->tets) {
        sl_tet_mesh_free(out);
        return SL_ERR_NOMEM;
    }
    for (int k = 0, p = 0; k <= n[2]; k++)
        for (int j = 0; j <= n[1]; j++)
            for (int i = 0; i <= n[0]; i++, p++) {
                out->positions[3 * p] = lo[0] + size[0] * i / n[0];
                out->positions[3 * p + 1] = lo[1] + size[1] * j / n[1];
                out->positions[3 * p + 2] = lo[2] + size[2] * k / n[2];
            }
    for (int k = 0; k < n[2]; k++)
        for (int j = 0; j < n[1]; j++)
            for (int i = 0; i < n[0]; i++) {
                double centre[3] = {lo[0] + size[0] * (i + 0.5) / n[0], lo[1] + size[1] * (j + 0.5) / n[1],
                                    lo[2] + size[2] * (k + 0.5) / n[2]};
                if (!keep || keep(centre, ctx))
                    out->tet_count += split_cell(n, i, j, k, split, out->tets + 4 * out->tet_count);
            }
    int flipped = 0;
    sl_status st = out->tet_count > 0 ? drop_unused(out) : SL_ERR_RANGE;
    if (st == SL_OK) st = sl_tets_orient(out->positions, out->node_count, out->tets, out->tet_count, &flipped, NULL);
    if (st != SL_OK) sl_tet_mesh_free(out);
    return st;
}

sl_status sl_tet_mesh_beam(int nx, int ny, int nz, const double size[3], sl_tet_mesh *out) {
    const int n[3] = {nx, ny, nz};
    const double lo[3] = {0, 0, 0};
    return sl_tet_mesh_grid(n, lo, size, SL_SPLIT_5, NULL, NULL, out);
}

static int inside_ball(const double c[3], const void *ctx) {
    double r = *(const double *)ctx;
    return c[0] * c[0] + c[1] * c[1] + c[2] * c[2] <= r * r;
}

sl_status sl_tet_mesh_ball(double radius, int n, sl_tet_mesh *out) {
    if (!out) return SL_ERR_NULL;
    if (!(radius > 0) || !isfinite(radius)) return SL_ERR_RANGE;
    const int cells[3] = {n, n, n};
    const double lo[3] = {-radius, -radius, -radius}, size[3] = {2 * radius, 2 * radius, 2 * radius};
    return sl_tet_mesh_grid(cells, lo, size, SL_SPLIT_6, inside_ball, &radius, out);
}


sl_status sl_tet_mesh_tube(double outer_radius, double inner_radius, double length, int n_around,
                           int n_wall, int n_length, sl_tet_mesh *out) {
    if (!out) return SL_ERR_NULL;
    memset(out, 0, sizeof *out);
    if (!isfinite(outer_radius) || !isfinite(length) || !(inner_radius > 0) || !(inner_radius < outer_radius) ||
        !(length > 0) || n_around < 3 || n_wall < 1 || n_length < 1 || n_around > 1000 || n_wall > 1000 ||
        n_length > 1000)
        return SL_ERR_RANGE;
    int ring = n_around * (n_wall + 1); /* nodes per height level */
    out->node_count = ring * (n_length + 1);
    out->tet_count = 6 * n_around * n_wall * n_length;
    out->positions = malloc(sizeof(double) * 3 * (size_t)out->node_count);
    out->tets = malloc(sizeof(int) * 4 * (size_t)out->tet_count);
    if (!out->positions || !out->tets) {
        sl_tet_mesh_free(out);
        return SL_ERR_NOMEM;
    }
    for (int c = 0, p = 0; c <= n_length; c++)
        for (int b = 0; b <= n_wall; b++)
            for (int a = 0; a < n_around; a++, p++) {
                double th = 2 * PI * a / n_around, rad = inner_radius + (outer_radius - inner_radius) * b / n_wall;
                out->positions[3 * p] = rad * cos(th);
                out->positions[3 * p + 1] = length * c / n_length;
                out->positions[3 * p + 2] = rad * sin(th);
            }
    const int(*kuhn)[4] = NULL;
    sl_cube_split(SL_SPLIT_6, &kuhn);
    int *t = out->tets;
    for (int c = 0; c < n_length; c++)
        for (int b = 0; b < n_wall; b++)
            for (int a = 0; a < n_around; a++)
                for (int e = 0; e < 6; e++, t += 4)
                    for (int k = 0; k < 4; k++) { /* corner bits: +1 around (wrapping), +2 out, +4 up */
                        int q = kuhn[e][k];
                        int aa = (a + (q & 1)) % n_around, bb = b + ((q >> 1) & 1), cc = c + (q >> 2);
                        t[k] = aa + n_around * bb + ring * cc;
                    }
    /* (theta, r, y) -> (x, y, z) may reverse the orientation the Kuhn table has in index
     * space; it does so for every tet alike, and sl_tets_orient turns them all. */
    int flipped = 0;
    sl_status st = sl_tets_orient(out->positions, out->node_count, out->tets, out->tet_count, &flipped, NULL);
    if (st != SL_OK) sl_tet_mesh_free(out);
    return st;
}
