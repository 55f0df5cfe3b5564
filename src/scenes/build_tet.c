/* Worlds of tetrahedral meshes (softlab/build.h): the body every FEM scene, the user-mesh
 * scene and the tests share. */
#include <math.h>
#include <stdlib.h>

#include "softlab/build.h"

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
    sl_body_def body = {.tets = mesh->tets, .tet_count = mesh->tet_count, .tris = tris, .tri_count = tri_count,
                        .edges = edges, .edge_count = edge_count, .rest_positions = mesh->positions};
    if (st == SL_OK) st = sl_world_set_body(w, &body);
    free(mass);
    free(tris);
    free(edges);
    if (st != SL_OK) sl_world_destroy(w), w = NULL;
    *out = w;
    return st;
}
