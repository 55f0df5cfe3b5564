/* softlab's wasm API, the element inspector (issue 13 item 9): one tet's deformation and
 * stress, or one grid cell's metric, for the card the page pins to an element
 * (web/panel/inspector.js). */
#include <stddef.h>

#include "api_internal.h"
#include "softlab/grid.h"
#include "softlab/tet_fem.h"

/* The layout of sl_api_inspect_tet's array (web/panel/inspector.js reads it). */
enum {
    INSPECT_TET, INSPECT_J, INSPECT_REST_VOLUME, INSPECT_ENERGY_DENSITY, INSPECT_VON_MISES,
    INSPECT_HARD_ROWS, INSPECT_STRAIN, INSPECT_NODES = 7, INSPECT_STRETCHES = 11,
    INSPECT_F = 14, INSPECT_GREEN = 23, INSPECT_CAUCHY = 32, INSPECT_SIZE = 41
};

static double inspected[INSPECT_SIZE];

/* The tet of node `node` (sl_world_fem_tet_at_node) of simulation h, inspected at the
 * current positions (sl_tet_fem_inspect): a pointer to double[41] =
 *   [0] its block index, [1] J = det F, [2] rest volume (m^3), [3] strain energy density
 *   (J/m^3), [4] von Mises stress (Pa), [5] rows of compliance 0 left out, [6] sl_strain,
 *   [7..10] its nodes, [11..13] principal stretches (ascending), [14..22] F, [23..31] Green
 *   strain E, [32..40] Cauchy stress (Pa), each 3x3 row-major;
 * or 0 when h has no world or node is no corner of a tet (the error says which). Read it
 * before the next call. */
API const double *sl_api_inspect_tet(int h, int node) {
    sl_world *w = api_sim_world(h);
    if (!w) return NULL;
    int model = -1, t = sl_world_fem_tet_at_node(w, node, &model);
    if (t < 0) {
        set_error("node %d is no corner of a finite-element tetrahedron", node);
        return NULL;
    }
    sl_tet_inspection in;
    sl_status st = sl_tet_fem_inspect(sl_world_model(w, model), t, sl_world_positions(w), &in);
    if (st != SL_OK) {
        set_error("%s", sl_status_message(st));
        return NULL;
    }
    double *o = inspected;
    o[INSPECT_TET] = t, o[INSPECT_J] = in.J, o[INSPECT_REST_VOLUME] = in.rest_volume;
    o[INSPECT_ENERGY_DENSITY] = in.energy_density, o[INSPECT_VON_MISES] = in.von_mises;
    o[INSPECT_HARD_ROWS] = in.hard_rows, o[INSPECT_STRAIN] = in.strain;
    for (int k = 0; k < 4; k++) o[INSPECT_NODES + k] = in.nodes[k];
    for (int k = 0; k < 3; k++) o[INSPECT_STRETCHES + k] = in.stretches[k];
    for (int k = 0; k < 9; k++) {
        o[INSPECT_F + k] = in.F[k];
        o[INSPECT_GREEN + k] = in.green_strain[k];
        o[INSPECT_CAUCHY + k] = in.cauchy[k];
    }
    return o;
}

/* The layout of sl_api_inspect_cell's array (web/core/sim.js readInspection reads it). */
enum {
    CELL_INDEX, CELL_J, CELL_REST_VOLUME, CELL_ENERGY_DENSITY, CELL_ENERGY, CELL_NODES = 5,
    CELL_STRETCHES = 13, CELL_G = 16, CELL_G0 = 25, CELL_DG = 34, CELL_SIZE = 43
};

static double cell_inspected[CELL_SIZE];

/* The grid cell of node `node` of simulation h (sl_world_grid_cell_inspect) at the
 * current positions: a pointer to double[43] =
 *   [0] its cell index, [1] J = sqrt(det G / det G0), [2] rest volume (m^3), [3] strain
 *   energy density (J/m^3), [4] its energy (J), [5..12] its corners (c = dx + 2 dy +
 *   4 dz), [13..15] principal stretches (ascending), [16..24] metric G, [25..33] rest
 *   metric G0, [34..42] G - G0, each 3x3 row-major, dimensionless;
 * or 0 when h has no world or node is no corner of a grid cell (the error says which).
 * Read it before the next call. */
API const double *sl_api_inspect_cell(int h, int node) {
    sl_world *w = api_sim_world(h);
    if (!w) return NULL;
    sl_grid_cell_inspection in;
    sl_status st = sl_world_grid_cell_inspect(w, node, &in);
    if (st == SL_ERR_RANGE) {
        set_error("node %d is no corner of a grid cell", node);
        return NULL;
    }
    if (st != SL_OK) {
        set_error("%s", sl_status_message(st));
        return NULL;
    }
    double *o = cell_inspected;
    o[CELL_INDEX] = sl_world_grid_cell_at_node(w, node, NULL), o[CELL_J] = in.J;
    o[CELL_REST_VOLUME] = in.rest_volume, o[CELL_ENERGY_DENSITY] = in.energy_density, o[CELL_ENERGY] = in.energy;
    for (int k = 0; k < 8; k++) o[CELL_NODES + k] = in.nodes[k];
    for (int k = 0; k < 3; k++) o[CELL_STRETCHES + k] = in.stretches[k];
    for (int k = 0; k < 9; k++) {
        o[CELL_G + k] = in.metric[k];
        o[CELL_G0 + k] = in.rest_metric[k];
        o[CELL_DG + k] = in.metric_change[k];
    }
    return o;
}
