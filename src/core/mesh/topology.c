#include "softlab/mesh.h"

#include <stdlib.h>
#include <string.h>

typedef struct { int v[3]; int key[3]; int opposite; } face;

static int cmp_int2(const void *a, const void *b) {
    const int *x = a, *y = b;
    return x[0] != y[0] ? (x[0] > y[0]) - (x[0] < y[0]) : (x[1] > y[1]) - (x[1] < y[1]);
}

static int cmp_face(const void *a, const void *b) {
    const face *x = a, *y = b;
    for (int i = 0; i < 3; i++)
        if (x->key[i] != y->key[i]) return (x->key[i] > y->key[i]) - (x->key[i] < y->key[i]);
    return 0;
}

sl_status sl_tets_edges(const int *tets, int tet_count, int **edges, int *edge_count) {
    if (!tets || !edges || !edge_count) return SL_ERR_NULL;
    int *e = malloc(sizeof(int) * 12 * (size_t)(tet_count > 0 ? tet_count : 1));
    if (!e) return SL_ERR_NOMEM;
    int n = 0;
    for (int t = 0; t < tet_count; t++)
        for (int a = 0; a < 4; a++)
            for (int b = a + 1; b < 4; b++) {
                int i = tets[4 * t + a], j = tets[4 * t + b];
                e[2 * n] = i < j ? i : j;
                e[2 * n + 1] = i < j ? j : i;
                n++;
            }
    qsort(e, (size_t)n, 2 * sizeof(int), cmp_int2);
    int u = 0;
    for (int k = 0; k < n; k++)
        if (u == 0 || e[2 * k] != e[2 * (u - 1)] || e[2 * k + 1] != e[2 * (u - 1) + 1]) {
            e[2 * u] = e[2 * k];
            e[2 * u + 1] = e[2 * k + 1];
            u++;
        }
    *edges = e;
    *edge_count = u;
    return SL_OK;
}

static void sort3(int k[3]) {
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2 - i; j++)
            if (k[j] > k[j + 1]) { int t = k[j]; k[j] = k[j + 1]; k[j + 1] = t; }
}

/* Orients f counter-clockwise seen from outside: its normal points away from the opposite node. */
static void orient(const double *x, face *f) {
    const double *a = x + 3 * f->v[0], *b = x + 3 * f->v[1], *c = x + 3 * f->v[2];
    const double *o = x + 3 * f->opposite;
    double u[3], v[3], d[3], n[3];
    for (int i = 0; i < 3; i++) u[i] = b[i] - a[i], v[i] = c[i] - a[i], d[i] = o[i] - a[i];
    n[0] = u[1] * v[2] - u[2] * v[1];
    n[1] = u[2] * v[0] - u[0] * v[2];
    n[2] = u[0] * v[1] - u[1] * v[0];
    if (n[0] * d[0] + n[1] * d[1] + n[2] * d[2] > 0) {
        int t = f->v[1];
        f->v[1] = f->v[2];
        f->v[2] = t;
    }
}

sl_status sl_tets_boundary(const double *x, const int *tets, int tet_count, int **tris,
                           int *tri_count) {
    if (!x || !tets || !tris || !tri_count) return SL_ERR_NULL;
    face *f = malloc(sizeof(face) * 4 * (size_t)(tet_count > 0 ? tet_count : 1));
    int *out = malloc(sizeof(int) * 12 * (size_t)(tet_count > 0 ? tet_count : 1));
    if (!f || !out) {
        free(f);
        free(out);
        return SL_ERR_NOMEM;
    }
    int nf = 0;
    for (int t = 0; t < tet_count; t++)
        for (int skip = 0; skip < 4; skip++, nf++) {
            for (int i = 0, k = 0; i < 4; i++)
                if (i != skip) f[nf].v[k] = f[nf].key[k] = tets[4 * t + i], k++;
            f[nf].opposite = tets[4 * t + skip];
            sort3(f[nf].key);
        }
    qsort(f, (size_t)nf, sizeof(face), cmp_face);
    int nt = 0;
    for (int i = 0; i < nf;) {
        int j = i + 1;
        while (j < nf && cmp_face(&f[i], &f[j]) == 0) j++;
        if (j - i == 1) {
            orient(x, &f[i]);
            memcpy(out + 3 * nt++, f[i].v, sizeof f[i].v);
        }
        i = j;
    }
    free(f);
    *tris = out;
    *tri_count = nt;
    return SL_OK;
}
