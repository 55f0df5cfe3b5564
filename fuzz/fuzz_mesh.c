/* libFuzzer harness for the mesh readers (softlab/mesh.h): every input, in every format,
 * must return a status without crashing, leaking or reading out of bounds (run under
 * ASan/UBSan by fuzz/run_fuzz.sh). The first byte picks the format (0 .msh, 1 .mesh,
 * 2 TetGen); TetGen input is split in two at the first NUL byte into .node and .ele
 * text. On error the output must come back zeroed; on success every tet must name
 * existing nodes and be positively oriented. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "softlab/mesh.h"
#include "softlab/tet_fem.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    static const char *const names[] = {"fuzz.msh", "fuzz.mesh", "fuzz"};
    int format = data[0] % 3;
    const char *text = (const char *)data + 1;
    size_t length = size - 1;
    sl_tet_mesh mesh;
    sl_error err;
    int *ids = NULL;
    sl_status st;
    if (format < 2) {
        st = sl_mesh_parse(names[format], text, length, &mesh, &ids, &err);
    } else {
        const char *split = memchr(text, 0, length);
        size_t node_length = split ? (size_t)(split - text) : length;
        const char *ele = split ? split + 1 : "";
        size_t ele_length = split ? length - node_length - 1 : 0;
        st = sl_mesh_parse_tetgen(names[2], text, node_length, ele, ele_length, &mesh, &ids, &err);
    }
    if (strlen(err.message) >= sizeof err.message || err.status != st) abort();
    if (st != SL_OK) {
        if (mesh.positions || mesh.tets || mesh.node_count || mesh.tet_count || ids) abort();
        return 0;
    }
    for (int t = 0; t < 4 * mesh.tet_count; t++)
        if (mesh.tets[t] < 0 || mesh.tets[t] >= mesh.node_count) abort(); /* must never happen */
    for (int t = 0; t < mesh.tet_count; t++)
        if (!(sl_tet_volume(mesh.positions, mesh.tets[4 * t], mesh.tets[4 * t + 1], mesh.tets[4 * t + 2],
                            mesh.tets[4 * t + 3]) > 0))
            abort();
    sl_tet_mesh_free(&mesh);
    free(ids);
    return 0;
}
