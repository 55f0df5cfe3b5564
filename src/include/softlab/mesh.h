/* Tetrahedral meshes (src/core/mesh/): generators for beams, boxes and balls (each cube
 * split table written once), topology (edges, boundary) and readers of mesh files.
 * Nothing here builds a world: softlab/build.h does that from a mesh. */
#ifndef SL_MESH_H
#define SL_MESH_H

#include <stddef.h>

#include "softlab/status.h"

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

/* The tets of one cube whose corner (x, y, z) in {0,1}^3 is c = x + 2y + 4z, positively
 * oriented: *tets points at int[count][4] corner numbers (static; count 5 or 6). The
 * 5-tet split is seed 000 §3's swinging cube; mirrored in x (c ^ 1) it conforms with its
 * neighbours in a grid of alternating parity. The 6-tet split (Kuhn) has one tet per
 * path 0 -> 7 along the cube's edges. Returns count, or 0 for an unknown split. */
int sl_cube_split(sl_tet_split split, const int (**tets)[4]);

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

/* A hollow cylinder (tube) standing on y = 0 with its axis along +y: outer radius R, inner
 * radius r, length L (m), cut into n_around x n_wall x n_length cells in (theta, radius, y),
 * each split into the 6 Kuhn tets (SL_SPLIT_6; conforming across the seam theta = 2 pi,
 * where the grid wraps onto itself). Node (a, b, c) at angle 2 pi a/n_around, radius
 * r + (R - r) b/n_wall, height L c/n_length is a + n_around (b + (n_wall + 1) c):
 * n_around (n_wall + 1)(n_length + 1) nodes, 6 n_around n_wall n_length tets, all positively
 * oriented. The cross-section is the ring between two regular n_around-gons, so the total
 * volume is (n_around/2) sin(2 pi/n_around) (R^2 - r^2) L, which tends to pi (R^2 - r^2) L
 * (2.5 % below it at n_around = 16). Used by the scene warp-tube (seed 002 §4.2, Fig. 8).
 * Errors: SL_ERR_NULL, SL_ERR_RANGE (r <= 0, r >= R, L <= 0, a size not finite,
 * n_around < 3, n_wall or n_length < 1, a count > 1000), SL_ERR_NOMEM. */
sl_status sl_tet_mesh_tube(double outer_radius, double inner_radius, double length, int n_around,
                           int n_wall, int n_length, sl_tet_mesh *out);

/* Most stations sl_tet_mesh_thread accepts. */
#define SL_THREAD_MAX_STATIONS 100000

/* The suture thread of seed 003 §4: a tube of tetrahedra along a curve. The curve is a
 * polyline of station_count stations (curve: double[3*station_count], m, xyz interleaved);
 * each station s carries a triangle of 3 nodes at distance radius (m) from the curve in the
 * plane normal to its tangent (the chord across its neighbours; at the ends, to its one
 * neighbour): node 3s + k sits at angle 2 pi k/3 from the normal n_s, counter-clockwise
 * about the forward tangent t_s, so the triangle's area is (3 sqrt 3/4) radius^2. The
 * frames (t_s, n_s, t_s x n_s) are parallel-transported along the curve (n_s is n_{s-1}
 * made normal to t_s), so a straight curve gives untwisted right prisms. Each segment
 * between stations s and s+1 (a triangular prism a0 a1 a2 b0 b1 b2) is split into the
 * 3 tets (a0 a1 a2 b0), (a1 a2 b0 b1), (a2 b0 b1 b2), each a third of a right prism:
 * 3 station_count nodes, 3 (station_count - 1) tets, all positively oriented (checked).
 * The seed's frames and its split of Fig. 2 were lost in extraction: these are softlab's.
 * Errors: SL_ERR_NULL, SL_ERR_RANGE (station_count < 2 or > SL_THREAD_MAX_STATIONS,
 * radius <= 0, a value not finite), SL_ERR_DEGENERATE (two neighbouring stations coincide,
 * the curve turns by about 90 degrees at a station, or a tet would not be positive: the
 * curve bends too sharply for the radius), SL_ERR_NOMEM; out is zeroed on error. */
sl_status sl_tet_mesh_thread(const double *curve, int station_count, double radius, sl_tet_mesh *out);

/* Frees the arrays of a mesh (not the struct); NULL is a no-op. */
void sl_tet_mesh_free(sl_tet_mesh *mesh);


/* ---- topology --------------------------------------------------------------------------- */

/* Unique edges of tets (int[4*tet_count]): *edges (int[2 * *edge_count], malloc'ed,
 * caller frees) with i < j, sorted. Errors: SL_ERR_NULL, SL_ERR_NOMEM. */
sl_status sl_tets_edges(const int *tets, int tet_count, int **edges, int *edge_count);

/* Boundary faces of tets (faces used by exactly one tet), oriented counter-clockwise
 * seen from outside using positions x (double[3n], m): *tris (int[3 * *tri_count],
 * malloc'ed, caller frees). Errors: SL_ERR_NULL, SL_ERR_NOMEM. */
sl_status sl_tets_boundary(const double *x, const int *tets, int tet_count, int **tris,
                           int *tri_count);

/* ---- readers ----------------------------------------------------------------------------
 * Reading tetrahedral meshes: Gmsh MSH 2.2 and 4.1 (ASCII), TetGen .node/.ele and
 * Medit .mesh. Only 4-node tetrahedra are kept; other element types are skipped with a
 * note. Inverted tets are reoriented with a warning; degenerate ones are rejected
 * naming the element. Nodes used by no tetrahedron are dropped (the ids of the others
 * are kept in node_ids for exports). Every error message names the file, the line and
 * the reason; no input crashes the readers (fuzzed: fuzz/fuzz_mesh.c). Lines of any
 * length and any number of tokens are read whole: no number is ever cut or changed.
 * Node ids must lie in the range of int (they are kept as int); others are rejected
 * with file:line, never wrapped. */

/* Largest counts accepted from a file's header before anything is allocated. */
#define SL_MESH_MAX_NODES 2000000
#define SL_MESH_MAX_ELEMENTS 10000000
/* Largest file sl_mesh_read_file reads (1 GiB: room for the node and element limits at
 * about 60 bytes a line); larger files are refused before a byte is read. */
#define SL_MESH_MAX_FILE_BYTES (1ull << 30)

/* Parses text (length bytes, need not be NUL-terminated) as the format named by name's
 * extension: ".msh" (Gmsh 2.2 or 4.1 ASCII) or ".mesh" (Medit). name is used in
 * messages. On success *out holds the mesh (free with sl_tet_mesh_free) and *node_ids
 * (int[node_count], malloc'ed; may be NULL to skip) the file's ids of its nodes.
 * Errors: SL_ERR_NULL, SL_ERR_PARSE, SL_ERR_DEGENERATE, SL_ERR_RANGE (counts above the
 * limits; a tet with coordinates so large that (2 |x|)^3 overflows), SL_ERR_NOMEM; out is zeroed on error.
 * err (may be NULL): on error the status, the message "name:line: reason" and the index
 * of the offending tetrahedron (0-based, in the order read: a degenerate one, or one
 * using an undefined node; else -1). On success the status SL_OK, index -1 and, when
 * the mesh differs from the file, a note in the message: "note: 2 elements of other
 * types skipped, 1 inverted tetrahedra reoriented, 0 unused nodes dropped" ("" if not). */
sl_status sl_mesh_parse(const char *name, const char *text, size_t length, sl_tet_mesh *out,
                        int **node_ids, sl_error *err);

/* Parses a TetGen pair: node_text (.node) and ele_text (.ele), 0- or 1-based ids,
 * attributes and boundary markers tolerated. Errors, message and note as sl_mesh_parse
 * (named name.node or name.ele). */
sl_status sl_mesh_parse_tetgen(const char *name, const char *node_text, size_t node_length,
                               const char *ele_text, size_t ele_length, sl_tet_mesh *out,
                               int **node_ids, sl_error *err);

/* Reads a file (.msh, .mesh, or .node/.ele: either name of the TetGen pair). Only regular
 * files (symlinks to them are fine) of at most SL_MESH_MAX_FILE_BYTES are read; devices,
 * pipes and directories are refused before reading. Errors as sl_mesh_parse, and SL_ERR_IO
 * when a file cannot be read or is not a regular file, SL_ERR_RANGE when it is too large
 * (the message names the path and the reason). */
sl_status sl_mesh_read_file(const char *path, sl_tet_mesh *out, int **node_ids, sl_error *err);

#endif
