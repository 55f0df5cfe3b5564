/* Reading tetrahedral meshes: Gmsh MSH 2.2 and 4.1 (ASCII), TetGen .node/.ele and
 * Medit .mesh. Only 4-node tetrahedra are kept; other element types are skipped with a
 * note. Inverted tets are reoriented with a warning; degenerate ones are rejected
 * naming the element. Nodes used by no tetrahedron are dropped (the ids of the others
 * are kept in node_ids for exports). Every error message names the file, the line and
 * the reason; no input crashes the readers (fuzzed: fuzz/fuzz_mesh.c). */
#ifndef SL_MESH_IO_H
#define SL_MESH_IO_H

#include <stddef.h>

#include "sl_tet_mesh.h"

/* Largest counts accepted from a file's header before anything is allocated. */
#define SL_MESH_MAX_NODES 2000000
#define SL_MESH_MAX_ELEMENTS 10000000

typedef struct sl_mesh_report {
    char message[256];  /* error, or notes and warnings ("" if none) */
    int skipped;        /* elements of other types skipped */
    int reoriented;     /* inverted tets reoriented */
    int unused_nodes;   /* nodes in no tetrahedron, dropped */
} sl_mesh_report;

/* Parses text (length bytes, need not be NUL-terminated) as the format named by name's
 * extension: ".msh" (Gmsh 2.2 or 4.1 ASCII) or ".mesh" (Medit). name is used in
 * messages. On success *out holds the mesh (free with sl_tet_mesh_free) and *node_ids
 * (int[node_count], malloc'ed; may be NULL to skip) the file's ids of its nodes.
 * Errors: SL_ERR_NULL, SL_ERR_PARSE (message: "name:line: reason"), SL_ERR_DEGENERATE,
 * SL_ERR_RANGE (counts above the limits), SL_ERR_NOMEM; out is zeroed on error. */
sl_status sl_mesh_parse(const char *name, const char *text, size_t length, sl_tet_mesh *out,
                        int **node_ids, sl_mesh_report *report);

/* Parses a TetGen pair: node_text (.node) and ele_text (.ele), 0- or 1-based ids,
 * attributes and boundary markers tolerated. Errors as sl_mesh_parse. */
sl_status sl_mesh_parse_tetgen(const char *name, const char *node_text, size_t node_length,
                               const char *ele_text, size_t ele_length, sl_tet_mesh *out,
                               int **node_ids, sl_mesh_report *report);

/* Reads a file (.msh, .mesh, or .node/.ele: either name of the TetGen pair). Errors as
 * sl_mesh_parse, and SL_ERR_IO when a file cannot be read (message names it). */
sl_status sl_mesh_read_file(const char *path, sl_tet_mesh *out, int **node_ids,
                            sl_mesh_report *report);

/* A world of a read mesh for a user's run: material from params where set (else
 * sl_mesh_world_defaults: Y = 1 MPa, nu = 0.3, 1000 kg/m^3), gravity params->gravity
 * (else 9.81 m/s^2) along -y, Green or linear strain; tracks the lowest node. No pins,
 * no stepper. Errors: SL_ERR_NULL, SL_ERR_RANGE (material), and those of
 * sl_tet_mesh_world. */
struct sl_scene_params;
/* The parameters sl_mesh_world uses where params keeps the default (a user's mesh is
 * a scene without a table entry): Young's modulus, Poisson ratio, density, gravity. */
struct sl_scene_params sl_mesh_world_defaults(void);
sl_status sl_mesh_world(const sl_tet_mesh *mesh, const struct sl_scene_params *params,
                        sl_strain strain, sl_world **out);

#endif
