/* Tetrahedral meshes: a generator for beams and boxes, and the world builder shared
 * by every FEM scene (lumped masses, Green-strain model, drawing topology). */
#ifndef SL_TET_MESH_H
#define SL_TET_MESH_H

#include "sl_tet_fem.h"
#include "sl_world.h"

typedef struct sl_tet_mesh {
    int node_count;
    double *positions; /* double[3*node_count], m */
    int tet_count;
    int *tets;         /* int[4*tet_count], positively oriented */
} sl_tet_mesh;

/* The box [0,size_x] x [0,size_y] x [0,size_z] (m) cut into nx*ny*nz cubes, each split
 * into 5 tets with alternating orientation so that neighbouring faces conform:
 * (nx+1)(ny+1)(nz+1) nodes, node (i,j,k) = i + (nx+1)(j + (ny+1) k).
 * Errors: SL_ERR_NULL, SL_ERR_RANGE (a count < 1 or > 1000, a size <= 0), SL_ERR_NOMEM. */
sl_status sl_tet_mesh_beam(int nx, int ny, int nz, const double size[3], sl_tet_mesh *out);

typedef enum sl_tet_split {
    SL_SPLIT_5, /* 5 tets per cube, orientation alternating by cell parity (conforming) */
    SL_SPLIT_6, /* 6 tets per cube around its main diagonal (Kuhn; conforming as is) */
} sl_tet_split;

/* A grid of n[0] x n[1] x n[2] cubes over the box lo .. lo + size (m), each cut by split,
 * keeping only the cells whose centre c satisfies keep(c, ctx) (keep NULL: all) and the
 * nodes they use. Errors: SL_ERR_NULL, SL_ERR_RANGE (a count < 1 or > 1000, a size <= 0,
 * no cell kept), SL_ERR_NOMEM. */
sl_status sl_tet_mesh_grid(const int n[3], const double lo[3], const double size[3],
                           sl_tet_split split, int (*keep)(const double c[3], const void *ctx),
                           const void *ctx, sl_tet_mesh *out);

/* A ball of radius r (m) centred at the origin: the cells of a grid of n cubes across
 * the diameter whose centres lie inside, 6-tet split; nodes are not projected onto the
 * sphere (a staircase surface, whose volume tends to 4/3 pi r^3 as n grows).
 * Errors: as sl_tet_mesh_grid, SL_ERR_RANGE for r <= 0. */
sl_status sl_tet_mesh_ball(double radius, int n, sl_tet_mesh *out);

/* Frees the arrays of a mesh (not the struct); NULL is a no-op. */
void sl_tet_mesh_free(sl_tet_mesh *mesh);

/* A world of the mesh with lumped masses from the material's density, the FEM model
 * (rest shape = mesh positions), gravity g (m/s^2) along -y, the boundary as drawing
 * topology, and a divergence bound of 20 times the mesh's largest extent. The world
 * starts at initial (double[3n], m; NULL: the rest shape). No stepper, no pins.
 * Errors: as sl_world_create, sl_tet_fem_create and sl_tets_boundary. */
sl_status sl_tet_mesh_world_from(const sl_tet_mesh *mesh, const double *initial,
                                 const sl_material *material, sl_strain strain, double gravity,
                                 sl_world **out);

/* sl_tet_mesh_world_from starting at rest. */
sl_status sl_tet_mesh_world(const sl_tet_mesh *mesh, const sl_material *material,
                            sl_strain strain, double gravity, sl_world **out);

/* Pins every node inside the box lo..hi (double[3] each, m, inclusive) and returns how
 * many in *count. Errors: SL_ERR_NULL. */
sl_status sl_world_pin_box(sl_world *w, const double lo[3], const double hi[3], int *count);

#endif
