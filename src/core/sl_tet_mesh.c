#include "sl_tet_mesh.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sl_topology.h"

/* The 5-tet split of a cube whose corner (x,y,z) in {0,1}^3 is c = x + 2y + 4z (the
 * swinging cube of seed 000 §3); mirrored in x (c ^ 1) for odd cells. */
static const int CUBE5[5][4] = {{1, 2, 4, 7}, {0, 1, 2, 4}, {1, 2, 3, 7}, {1, 4, 5, 7}, {2, 4, 6, 7}};

void sl_tet_mesh_free(sl_tet_mesh *mesh) {
    if (!mesh) return;
    free(mesh->positions);
    free(mesh->tets);
    memset(mesh, 0, sizeof *mesh);
}

sl_status sl_tet_mesh_beam(int nx, int ny, int nz, const double size[3], sl_tet_mesh *out) {
    if (!out || !size) return SL_ERR_NULL;
    memset(out, 0, sizeof *out);
    int n[3] = {nx, ny, nz};
    for (int c = 0; c < 3; c++)
        if (n[c] < 1 || n[c] > 1000 || !(size[c] > 0) || !isfinite(size[c])) return SL_ERR_RANGE;
    out->node_count = (nx + 1) * (ny + 1) * (nz + 1);
    out->tet_count = 5 * nx * ny * nz;
    out->positions = malloc(sizeof(double) * 3 * (size_t)out->node_count);
    out->tets = malloc(sizeof(int) * 4 * (size_t)out->tet_count);
    if (!out->positions || !out->tets) {
        sl_tet_mesh_free(out);
        return SL_ERR_NOMEM;
    }
    for (int k = 0, p = 0; k <= nz; k++)
        for (int j = 0; j <= ny; j++)
            for (int i = 0; i <= nx; i++, p++) {
                out->positions[3 * p] = size[0] * i / nx;
                out->positions[3 * p + 1] = size[1] * j / ny;
                out->positions[3 * p + 2] = size[2] * k / nz;
            }
    int *t = out->tets;
    for (int k = 0; k < nz; k++)
        for (int j = 0; j < ny; j++)
            for (int i = 0; i < nx; i++) {
                int flip = (i + j + k) & 1;
                for (int e = 0; e < 5; e++, t += 4)
                    for (int a = 0; a < 4; a++) {
                        int c = CUBE5[e][a] ^ flip;
                        t[a] = (i + (c & 1)) + (nx + 1) * ((j + ((c >> 1) & 1)) + (ny + 1) * (k + (c >> 2)));
                    }
            }
    int flipped = 0;
    return sl_tets_orient(out->positions, out->node_count, out->tets, out->tet_count, &flipped, NULL);
}

static double largest_extent(const sl_tet_mesh *mesh) {
    double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY}, e = 0;
    for (int p = 0; p < mesh->node_count; p++)
        for (int c = 0; c < 3; c++) {
            lo[c] = fmin(lo[c], mesh->positions[3 * p + c]);
            hi[c] = fmax(hi[c], mesh->positions[3 * p + c]);
        }
    for (int c = 0; c < 3; c++) e = fmax(e, hi[c] - lo[c]);
    return e;
}

sl_status sl_tet_mesh_world(const sl_tet_mesh *mesh, const sl_material *material,
                            sl_strain strain, double gravity, sl_world **out) {
    return sl_tet_mesh_world_from(mesh, NULL, material, strain, gravity, out);
}

sl_status sl_tet_mesh_world_from(const sl_tet_mesh *mesh, const double *initial,
                                 const sl_material *material, sl_strain strain, double gravity,
                                 sl_world **out) {
    if (!out) return SL_ERR_NULL;
    *out = NULL;
    if (!mesh || !material || !mesh->positions || !mesh->tets) return SL_ERR_NULL;
    if (!(gravity >= 0) || !isfinite(gravity)) return SL_ERR_RANGE;
    double *mass = malloc(sizeof(double) * (size_t)(mesh->node_count > 0 ? mesh->node_count : 1));
    if (!mass) return SL_ERR_NOMEM;
    sl_status st = sl_tets_lumped_mass(mesh->positions, mesh->node_count, mesh->tets,
                                       mesh->tet_count, material->density, mass);
    sl_world_def def = sl_world_def_default();
    def.node_count = mesh->node_count;
    def.positions = initial ? initial : mesh->positions;
    def.masses = mass;
    def.gravity[1] = -gravity;
    def.divergence_distance = 20 * largest_extent(mesh);
    sl_world *w = NULL;
    sl_model *model = NULL;
    int *tris = NULL, *edges = NULL, tri_count = 0, edge_count = 0;
    if (st == SL_OK) st = sl_world_create(&def, &w);
    if (st == SL_OK)
        st = sl_tet_fem_create(mesh->positions, mesh->node_count, mesh->tets, mesh->tet_count,
                               material, strain, &model, NULL);
    if (st == SL_OK) st = sl_world_add_model(w, model);
    if (st == SL_OK) st = sl_tets_boundary(mesh->positions, mesh->tets, mesh->tet_count, &tris, &tri_count);
    if (st == SL_OK) st = sl_tets_edges(mesh->tets, mesh->tet_count, &edges, &edge_count);
    if (st == SL_OK) st = sl_world_set_topology(w, tris, tri_count, edges, edge_count);
    free(mass);
    free(tris);
    free(edges);
    if (st != SL_OK) sl_world_destroy(w), w = NULL;
    *out = w;
    return st;
}

sl_status sl_world_pin_box(sl_world *w, const double lo[3], const double hi[3], int *count) {
    if (!w || !lo || !hi) return SL_ERR_NULL;
    const double *x = sl_world_rest_positions(w);
    int pinned = 0;
    for (int p = 0; p < sl_world_node_count(w); p++) {
        int inside = 1;
        for (int c = 0; c < 3; c++) inside &= x[3 * p + c] >= lo[c] && x[3 * p + c] <= hi[c];
        if (inside) sl_world_pin(w, p, 1), pinned++;
    }
    if (count) *count = pinned;
    return SL_OK;
}
