#include "export.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

/* SL_OK, or SL_ERR_IO with errno saying why if a write to f failed. */
static sl_status checked(FILE *f) {
    if (!ferror(f)) return SL_OK;
    if (!errno) errno = EIO;
    return SL_ERR_IO;
}

sl_status softlab_write_positions_csv(FILE *f, const sl_world *w, const int *ids) {
    if (!f || !w) return SL_ERR_NULL;
    const double *x = sl_world_positions(w);
    fprintf(f, "id,x,y,z\n");
    for (int i = 0; i < sl_world_node_count(w); i++)
        fprintf(f, "%d,%.12g,%.12g,%.12g\n", ids ? ids[i] : i, x[3 * i], x[3 * i + 1], x[3 * i + 2]);
    return checked(f);
}

static void write_cells(FILE *f, const sl_world *w, int tets) {
    if (tets > 0) {
        fprintf(f, "CELLS %d %d\n", tets, 5 * tets);
        const int *n = sl_world_tets(w); /* the body's tets (softlab/world.h) */
        for (int k = 0; k < tets; k++, n += 4) fprintf(f, "4 %d %d %d %d\n", n[0], n[1], n[2], n[3]);
        fprintf(f, "CELL_TYPES %d\n", tets);
        for (int t = 0; t < tets; t++) fprintf(f, "10\n");
        return;
    }
    int tris = sl_world_triangle_count(w);
    const int *t = sl_world_triangles(w);
    fprintf(f, "CELLS %d %d\n", tris, 4 * tris);
    for (int i = 0; i < tris; i++) fprintf(f, "3 %d %d %d\n", t[3 * i], t[3 * i + 1], t[3 * i + 2]);
    fprintf(f, "CELL_TYPES %d\n", tris);
    for (int i = 0; i < tris; i++) fprintf(f, "5\n");
}

sl_status softlab_write_vtk(FILE *f, const sl_world *w) {
    if (!f || !w) return SL_ERR_NULL;
    int n = sl_world_node_count(w);
    double *energy = malloc(sizeof(double) * (size_t)n);
    if (!energy || sl_world_node_energy(w, energy) != SL_OK) {
        free(energy);
        return SL_ERR_NOMEM;
    }
    const double *x = sl_world_positions(w);
    fprintf(f, "# vtk DataFile Version 3.0\nsoftlab state at t = %.9g s\nASCII\n"
               "DATASET UNSTRUCTURED_GRID\nPOINTS %d double\n", sl_world_time(w), n);
    for (int i = 0; i < n; i++) fprintf(f, "%.12g %.12g %.12g\n", x[3 * i], x[3 * i + 1], x[3 * i + 2]);
    write_cells(f, w, sl_world_tet_count(w));
    fprintf(f, "POINT_DATA %d\nSCALARS elastic_energy_J double 1\nLOOKUP_TABLE default\n", n);
    for (int i = 0; i < n; i++) fprintf(f, "%.9g\n", energy[i]);
    free(energy);
    return checked(f);
}
