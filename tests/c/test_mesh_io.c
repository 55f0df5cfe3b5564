/* Mesh readers (Gmsh 2.2/4.1, Medit, TetGen): counts, volumes, and every error path
 * with its message (file, line, reason). Files: data/meshes (see its README). */
#include <stdlib.h>
#include <string.h>

#include "softlab/mesh.h"
#include "softlab/tet_fem.h"
#include "test.h"

#ifndef SOFTLAB_DATA
#define SOFTLAB_DATA "data/meshes/"
#endif

static double mesh_volume(const sl_tet_mesh *m) { return sl_tets_total_volume(m->positions, m->tets, m->tet_count); }

/* The note of a successful read that changed the mesh (softlab/mesh.h). */
static int is_note(const sl_error *rep, int skipped, int reoriented, int unused) {
    char want[sizeof rep->message];
    snprintf(want, sizeof want, "note: %d elements of other types skipped, %d inverted tetrahedra "
             "reoriented, %d unused nodes dropped", skipped, reoriented, unused);
    return rep->status == SL_OK && rep->index == -1 && !strcmp(rep->message, want);
}

/* The cube of seed 000 §3 in each format: two of its five tets are listed with negative
 * orientation and are reoriented with a note; the other elements are skipped. */
TEST(mesh_reads_the_cube_in_three_formats) {
    const char *files[3] = {"cube.msh", "cube41.msh", "cube.mesh"};
    const int skipped[3] = {2, 1, 1};
    for (int k = 0; k < 3; k++) {
        char path[256];
        snprintf(path, sizeof path, SOFTLAB_DATA "%s", files[k]);
        sl_tet_mesh m;
        sl_error rep;
        int *ids = NULL;
        ENSURE(sl_mesh_read_file(path, &m, &ids, &rep) == SL_OK);
        ENSURE(m.node_count == 8 && m.tet_count == 5);
        ENSURE_NEAR(mesh_volume(&m), 1.0, 1e-12);
        printf("  %s: %s\n", files[k], rep.message);
        ENSURE(is_note(&rep, skipped[k], 2, 0));
        ENSURE(ids && ids[0] == 1 && ids[7] == 8);
        free(ids);
        sl_tet_mesh_free(&m);
    }
}

/* TetGen torus: a tetrahedralized surface of 32 x 12 facets; its volume is a little
 * below 2 pi^2 R r^2 = 0.05922 m^3 (the 12-gon cross-section has 3/pi of the disc's
 * area): measured 0.0562. */
TEST(mesh_reads_the_tetgen_torus) {
    sl_tet_mesh m;
    sl_error rep;
    ENSURE(sl_mesh_read_file(SOFTLAB_DATA "torus.1.ele", &m, NULL, &rep) == SL_OK);
    ENSURE(m.node_count == 733 && m.tet_count == 2384);
    double exact = 2 * 9.869604401089358 * 0.3 * 0.01, v = mesh_volume(&m);
    printf("  torus volume %.5f m^3, smooth torus %.5f m^3\n", v, exact);
    ENSURE(v < exact && v > 0.9 * exact);
    sl_tet_mesh_free(&m);
}

/* Parses text as name; returns the status and leaves the message in rep. */
static sl_status parse(const char *name, const char *text, sl_error *rep) {
    sl_tet_mesh m;
    sl_status st = sl_mesh_parse(name, text, strlen(text), &m, NULL, rep);
    if (st == SL_OK) sl_tet_mesh_free(&m);
    else ENSURE(m.positions == NULL && m.tets == NULL && m.node_count == 0);
    return st;
}

#define MSH_HEAD "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n4\n1 0 0 0\n2 1 0 0\n3 0 1 0\n4 0 0 1\n$EndNodes\n"

TEST(mesh_errors_name_file_line_and_reason) {
    sl_error rep;
    ENSURE(parse("a.msh", MSH_HEAD "$Elements\n1\n1 4 0 1 2 3 9\n$EndElements\n", &rep) == SL_ERR_PARSE);
    ENSURE(strstr(rep.message, "a.msh:13:") && strstr(rep.message, "undefined node 9"));
    ENSURE(rep.status == SL_ERR_PARSE && rep.index == 0); /* the tetrahedron */
    ENSURE(parse("b.msh", "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n2\n1 0 zero 0\n", &rep) == SL_ERR_PARSE);
    ENSURE(strstr(rep.message, "b.msh:6:") && strstr(rep.message, "'zero' is not a finite number"));
    ENSURE(parse("c.msh", MSH_HEAD "$Elements\n3\n1 4 0 1 2 3 4\n", &rep) == SL_ERR_PARSE);
    ENSURE(strstr(rep.message, "unexpected end of file"));
    ENSURE(parse("d.msh", "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n999999999999\n", &rep) == SL_ERR_RANGE);
    ENSURE(strstr(rep.message, "exceeds the limit") && rep.status == SL_ERR_RANGE && rep.index == -1);
    ENSURE(parse("e.msh", "$MeshFormat\n2.2 1 8\n$EndMeshFormat\n", &rep) == SL_ERR_PARSE);
    ENSURE(strstr(rep.message, "binary"));
    ENSURE(parse("f.stl", "solid x\n", &rep) == SL_ERR_PARSE && strstr(rep.message, "unknown mesh format"));
    ENSURE(parse("g.msh", MSH_HEAD "$Elements\n1\n1 1 0 1 2\n$EndElements\n", &rep) == SL_ERR_PARSE);
    ENSURE(strstr(rep.message, "no 4-node tetrahedra"));
    ENSURE(parse("h.mesh", "Vertices\n1\n0 0 0 0\n", &rep) == SL_ERR_PARSE && strstr(rep.message, "not a Medit file"));
    ENSURE(parse("i.msh", "", &rep) == SL_ERR_PARSE && strstr(rep.message, "not a Gmsh file"));
}

TEST(mesh_degenerate_rejected_inverted_reoriented) {
    sl_error rep;
    /* nodes 1, 2, 3 and 5 lie in the plane z = 0: element 2 on line 14 is flat */
    const char *flat = "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n5\n1 0 0 0\n2 1 0 0\n3 0 1 0\n"
                       "4 0 0 1\n5 1 1 0\n$EndNodes\n$Elements\n2\n1 4 0 1 2 3 4\n2 4 0 1 2 3 5\n$EndElements\n";
    ENSURE(parse("flat.msh", flat, &rep) == SL_ERR_DEGENERATE);
    ENSURE(strstr(rep.message, "flat.msh:15:") && strstr(rep.message, "tetrahedron 2 is degenerate"));
    ENSURE(rep.status == SL_ERR_DEGENERATE && rep.index == 1);
    sl_tet_mesh m;
    const char *inv = MSH_HEAD "$Elements\n1\n1 4 0 1 3 2 4\n$EndElements\n";
    ENSURE(sl_mesh_parse("inv.msh", inv, strlen(inv), &m, NULL, &rep) == SL_OK);
    ENSURE(is_note(&rep, 0, 1, 0));
    ENSURE(mesh_volume(&m) > 0);
    sl_tet_mesh_free(&m);
}

/* TetGen: 0- or 1-based ids, attributes and boundary markers, unused nodes dropped. */
TEST(mesh_tetgen_ids_attributes_unused_nodes) {
    const char *node = "# a comment\n5 3 1 1\n1 0 0 0 7.5 1\n2 1 0 0 7.5 1\n3 0 1 0 7.5 1\n4 0 0 1 7.5 1\n5 9 9 9 7.5 0\n";
    const char *ele = "1 4 1\n1 1 2 3 4 42\n";
    sl_tet_mesh m;
    sl_error rep;
    int *ids = NULL;
    ENSURE(sl_mesh_parse_tetgen("t", node, strlen(node), ele, strlen(ele), &m, &ids, &rep) == SL_OK);
    ENSURE(m.node_count == 4 && m.tet_count == 1 && is_note(&rep, 0, 0, 1));
    ENSURE_NEAR(mesh_volume(&m), 1.0 / 6, 1e-15);
    ENSURE(ids[3] == 4);
    free(ids);
    sl_tet_mesh_free(&m);
    const char *bad_ele = "1 4 0\n1 1 2 3\n";
    ENSURE(sl_mesh_parse_tetgen("t", node, strlen(node), bad_ele, strlen(bad_ele), &m, NULL, &rep) == SL_ERR_PARSE);
    ENSURE(strstr(rep.message, "t.ele:2:") && strstr(rep.message, "expected 4 node ids for element 1, found 3"));
}

/* Issue 14: nothing read is silently changed. A node line of 502 spaces then
 * "4 0 0 1.75" (cut at 511 bytes it read z = 1.7), an element with 70 tags (tokens
 * beyond 64 were dropped), and node ids beyond int (2^32 + 1 came out as 1). */
TEST(mesh_long_lines_many_tokens_and_big_ids_are_never_changed) {
    char text[2048];
    snprintf(text, sizeof text, "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n4\n1 0 0 0\n2 1 0 0\n"
             "3 0 1 0\n%502s4 0 0 1.75\n$EndNodes\n$Elements\n1\n1 4 70", "");
    for (int k = 0; k < 70; k++) strcat(text, " 0");
    strcat(text, " 1 2 3 4\n$EndElements\n");
    sl_tet_mesh m;
    sl_error rep;
    int *ids = NULL;
    ENSURE(sl_mesh_parse("long.msh", text, strlen(text), &m, &ids, &rep) == SL_OK);
    ENSURE(rep.status == SL_OK && rep.message[0] == 0); /* nothing changed: no note */
    if (m.positions) {
        ENSURE(m.node_count == 4 && m.tet_count == 1);
        for (int i = 0; i < m.node_count; i++)
            if (ids[i] == 4) ENSURE(m.positions[3 * i + 2] == 1.75);
    }
    free(ids);
    sl_tet_mesh_free(&m);
    const char *big = "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n4\n4294967297 0 0 0\n"
                      "4294967298 1 0 0\n4294967299 0 1 0\n4294967300 0 0 1\n$EndNodes\n";
    ENSURE(sl_mesh_parse("big.msh", big, strlen(big), &m, &ids, &rep) == SL_ERR_RANGE);
    ENSURE(strstr(rep.message, "big.msh:6: node id 4294967297 is outside the supported range") != NULL);
    const char *tet = "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n1\n1 0 0 0\n$EndNodes\n"
                      "$Elements\n1\n1 4 0 1 1 1 -9999999999\n$EndElements\n";
    ENSURE(sl_mesh_parse("tet.msh", tet, strlen(tet), &m, &ids, &rep) == SL_ERR_RANGE);
    ENSURE(strstr(rep.message, "tet.msh:10: node id of a tetrahedron -9999999999 is outside") != NULL);
}

#ifndef __EMSCRIPTEN__
/* Only regular files are read: /dev/zero (2 GiB read before failing) and a directory are
 * refused before a byte is read, naming the path. */
TEST(mesh_read_file_refuses_devices_and_directories) {
    sl_tet_mesh m;
    sl_error rep;
    ENSURE(sl_mesh_read_file("/dev/zero", &m, NULL, &rep) == SL_ERR_IO);
    ENSURE(strstr(rep.message, "/dev/zero: not a regular file") != NULL);
    ENSURE(sl_mesh_read_file(SOFTLAB_DATA ".", &m, NULL, &rep) == SL_ERR_IO);
    ENSURE(strstr(rep.message, "not a regular file") != NULL);
    ENSURE(sl_mesh_read_file("no/such/file.msh", &m, NULL, &rep) == SL_ERR_IO);
    ENSURE(strstr(rep.message, "no/such/file.msh: cannot read") != NULL);
}
#endif

/* Issue 43: a message names a long path whole, with its .node/.ele (a 575-byte TetGen
 * stem was cut at 200 bytes, the suffix lost), whether the reader parses a pair it was
 * given or cannot find the file. */
TEST(mesh_messages_name_a_long_path_whole) {
    char stem[576];
    memset(stem, 'd', sizeof stem - 1), stem[sizeof stem - 1] = 0;
    for (int k = 90; k < 575; k += 91) stem[k] = '/';
    const char *node = "4 3 0 0\n1 0 0 0\n2 1 0 0\n3 0 1 0\n4 0 0 1\n", *ele = "1 4 0\n1 1 2 3 9\n";
    sl_tet_mesh m;
    sl_error rep;
    ENSURE(sl_mesh_parse_tetgen(stem, node, strlen(node), ele, strlen(ele), &m, NULL, &rep) != SL_OK);
    ENSURE(!strncmp(rep.message, stem, 575) && !strncmp(rep.message + 575, ".ele:2: ", 8));
    char path[600];
    snprintf(path, sizeof path, "/nonexistent/%s.node", stem);
    ENSURE(sl_mesh_read_file(path, &m, NULL, &rep) == SL_ERR_IO);
    ENSURE(!strncmp(rep.message, path, strlen(path)) && strlen(path) > 575 && rep.message[strlen(path)] == ':');
}
