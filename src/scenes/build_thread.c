/* The world of seed 003's suture thread (softlab/build.h): mesh, springs on every tet edge,
 * volume barrier, torsion. */
#include <math.h>
#include <stdlib.h>

#include "softlab/build.h"
#include "softlab/springs.h"
#include "softlab/thread.h"

static int positive(double v) { return v > 0 && isfinite(v); }

sl_status sl_thread_world(const sl_thread_def *def, sl_world **out) {
    if (!out) return SL_ERR_NULL;
    *out = NULL;
    if (!def || !def->curve) return SL_ERR_NULL;
    if (def->station_count < 2 || def->station_count > 1000 || !positive(def->density) ||
        !positive(def->spring_stiffness) || !positive(def->volume_stiffness) || !(def->barrier >= 0) ||
        !isfinite(def->barrier) || !(def->torsion_stiffness >= 0) || !isfinite(def->torsion_stiffness) ||
        !(def->gravity >= 0) || !isfinite(def->gravity))
        return SL_ERR_RANGE;
    sl_tet_mesh mesh;
    sl_status st = sl_tet_mesh_thread(def->curve, def->station_count, def->radius, &mesh);
    if (st != SL_OK) return st;
    int n = mesh.node_count, *edges = NULL, *tris = NULL, *stations = NULL, edge_count = 0, tri_count = 0;
    double *mass = malloc(sizeof(double) * (size_t)n);
    stations = malloc(sizeof(int) * (size_t)n);
    if (!mass || !stations) st = SL_ERR_NOMEM;
    for (int i = 0; stations && i < n; i++) stations[i] = i; /* station s: nodes 3s, 3s+1, 3s+2 */
    if (st == SL_OK) st = sl_tets_lumped_mass(mesh.positions, n, mesh.tets, mesh.tet_count, def->density, mass);
    sl_world_def wd = sl_world_def_default();
    wd.node_count = n, wd.positions = mesh.positions, wd.masses = mass, wd.gravity[1] = -def->gravity;
    sl_world *w = NULL;
    sl_model *springs = NULL, *volume = NULL, *torsion = NULL;
    if (st == SL_OK) st = sl_world_create(&wd, &w);
    if (st == SL_OK) st = sl_tets_edges(mesh.tets, mesh.tet_count, &edges, &edge_count);
    if (st == SL_OK) st = sl_springs_create(mesh.positions, n, edges, edge_count, def->spring_stiffness, &springs);
    if (st == SL_OK) st = sl_world_add_model(w, springs);
    if (st == SL_OK)
        st = sl_volume_barrier_create(mesh.positions, n, mesh.tets, mesh.tet_count, def->volume_stiffness,
                                      def->barrier, &volume, NULL);
    if (st == SL_OK) st = sl_world_add_model(w, volume);
    if (st == SL_OK && def->torsion_stiffness > 0) {
        st = sl_torsion_create(mesh.positions, n, stations, def->station_count, def->torsion_stiffness, &torsion, NULL);
        if (st == SL_OK) st = sl_world_add_model(w, torsion);
    }
    if (st == SL_OK) st = sl_tets_boundary(mesh.positions, mesh.tets, mesh.tet_count, &tris, &tri_count);
    sl_body_def body = {.tets = mesh.tets, .tet_count = mesh.tet_count, .tris = tris, .tri_count = tri_count,
                        .edges = edges, .edge_count = edge_count};
    if (st == SL_OK) st = sl_world_set_body(w, &body);
    if (st == SL_OK) st = sl_world_set_tracked_node(w, n - 3);
    free(mass), free(stations), free(edges), free(tris);
    sl_tet_mesh_free(&mesh);
    if (st != SL_OK) sl_world_destroy(w), w = NULL;
    *out = w;
    return st;
}
