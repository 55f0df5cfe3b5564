/* Seed 000's cost claims (§5.3, Fig. 11; abstract): "linear complexity in the number of
 * elements", the matrix of eq. 21 being banded; "most time is consumed on factorizing the
 * Schur complement rather than solving it"; real time (a 15 ms step) for a beam of about
 * 200 tets on the paper's 2.4 GHz Pentium 4.
 *
 * Machine time never decides a quick row. The quick rows count: the nonzeros of the
 * Cholesky factor of eq. 21's matrix S = J M^-1 J^T + (gamma/dt^2) alpha on beams of
 * growing length, and the floating-point operations of factorizing it against solving
 * with it, from the mesh's tets alone (two tets couple in S when they share a node; 6
 * strain rows a tet), in the beam's own lengthwise order, where S is banded and its factor
 * fills exactly the envelope (the profile). The timed rows (full set only) run softlab's
 * regularized stepper in its Schur form (eq. 21) and report this machine's processor time. */
#include <math.h>
#include <stdlib.h>
#include <time.h>

#include "claims.h"
#include "softlab/build.h"
#include "softlab/stepper.h"
#include "softlab/world.h"

#define ROWS_PER_TET 6 /* Green strain: 6 constraint rows a tet (seed 000 §4) */

/* The beam of n cubes of 0.1 m along x (0.1 x 0.1 m cross-section, 5 tets a cube). */
static sl_status beam_mesh(int n, sl_tet_mesh *mesh, sl_claim_result *out) {
    const double size[3] = {0.1 * n, 0.1, 0.1};
    sl_status st = sl_tet_mesh_beam(n, 1, 1, size, mesh);
    if (st != SL_OK) CLAIM_SAY(out->note, "beam of %d cubes: %s", n, sl_status_message(st));
    return st;
}

/* The factor of S in tet order (the mesh's cubes run along x): per block row i, the first
 * block column coupled with it (a shared node) bounds the envelope; Cholesky fills the
 * envelope of a profile matrix, so nnz(L) = sum over rows of the envelope's width. Gives
 * nnz(L) (scalars), and the flops of the factorization (column heights squared) and of
 * one forward and back solve (4 nnz(L)). */
typedef struct factor_count {
    int tets;
    double nnz, factor_flops, solve_flops;
} factor_count;

static sl_status count_factor(int n, factor_count *fc, sl_claim_result *out) {
    sl_tet_mesh mesh;
    sl_status st = beam_mesh(n, &mesh, out);
    if (st != SL_OK) return st;
    int T = mesh.tet_count, *first_of_node = malloc(sizeof(int) * (size_t)mesh.node_count);
    double *height = calloc((size_t)T * ROWS_PER_TET, sizeof(double));
    if (!first_of_node || !height) {
        free(first_of_node), free(height), sl_tet_mesh_free(&mesh);
        return SL_ERR_NOMEM;
    }
    for (int i = 0; i < mesh.node_count; i++) first_of_node[i] = T; /* the first tet using node i */
    for (int e = 0; e < T; e++)
        for (int a = 0; a < 4; a++)
            if (first_of_node[mesh.tets[4 * e + a]] > e) first_of_node[mesh.tets[4 * e + a]] = e;
    double nnz = 0, fflops = 0;
    for (int e = 0; e < T; e++) {
        int first = e; /* the first tet sharing a node with e */
        for (int a = 0; a < 4; a++)
            if (first_of_node[mesh.tets[4 * e + a]] < first) first = first_of_node[mesh.tets[4 * e + a]];
        for (int r = 0; r < ROWS_PER_TET; r++) {
            int row = ROWS_PER_TET * e + r, col0 = ROWS_PER_TET * first;
            nnz += row - col0 + 1;
            for (int c = col0; c < row; c++) height[c] += 1; /* L(row, c) != 0: column c one longer */
        }
    }
    for (int c = 0; c < T * ROWS_PER_TET; c++) fflops += (height[c] + 1) * (height[c] + 1);
    *fc = (factor_count){T, nnz, fflops, 4 * nnz};
    free(first_of_node), free(height), sl_tet_mesh_free(&mesh);
    return SL_OK;
}

sl_status claim_run_cost_fill(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    factor_count a, b;
    sl_status st = count_factor(10, &a, out);
    if (st == SL_OK) st = count_factor(40, &b, out);
    if (st != SL_OK) return st;
    out->measured = log(b.nnz / a.nnz) / log((double)b.tets / a.tets);
    claim_extra(out, "nnz_per_tet_50", a.nnz / a.tets), claim_extra(out, "nnz_per_tet_200", b.nnz / b.tets);
    CLAIM_SAY(out->note, "nonzeros of the factor: %.0f at %d tets (%.1f a tet), %.0f at %d tets (%.1f a tet)", a.nnz,
              a.tets, a.nnz / a.tets, b.nnz, b.tets, b.nnz / b.tets);
    return SL_OK;
}

sl_status claim_run_cost_share(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    factor_count b;
    sl_status st = count_factor(40, &b, out);
    if (st != SL_OK) return st;
    out->measured = b.factor_flops / (b.factor_flops + b.solve_flops);
    CLAIM_SAY(out->note, "%d tets: factorization %.3g flops, forward and back solve %.3g flops", b.tets,
              b.factor_flops, b.solve_flops);
    return SL_OK;
}

/* Processor seconds a step (and the factorization's share of the step's stages, from
 * sl_world_last_timing, whose stages are timed by the monotonic clock) of the regularized stepper, Schur form, dt = 15 ms, on the beam of
 * n cubes (Y = 1 MPa, nu = 0.3, 1000 kg/m^3, falling freely under gravity): the best of
 * 3 runs of 20 steps. */
static sl_status time_beam(int n, double *seconds, double *factor_share, sl_claim_result *out) {
    sl_tet_mesh mesh;
    sl_status st = beam_mesh(n, &mesh, out);
    if (st != SL_OK) return st;
    const sl_material mat = {1e6, 0.3, 1000};
    *seconds = INFINITY, *factor_share = NAN;
    for (int run = 0; run < 3 && st == SL_OK; run++) {
        sl_world *w = NULL;
        st = sl_tet_mesh_world(&mesh, &mat, SL_STRAIN_GREEN, 9.81, &w);
        if (st == SL_OK) st = sl_world_set_stepper(w, sl_stepper_find("regularized"), 0.015, 0);
        if (st == SL_OK) st = sl_world_set_solve_form(w, SL_SOLVE_SCHUR);
        clock_t t0 = clock(); /* processor time: a loaded machine's wall clock would count others' work */
        double f = 0, all = 0;
        for (long i = 0; i < 20 && st == SL_OK; i++) {
            if ((st = claim_step(w, i, 20, out)) != SL_OK) break;
            sl_step_timing tm = sl_world_last_timing(w);
            f += tm.factorization, all += tm.assembly + tm.factorization + tm.solve;
        }
        double s = (double)(clock() - t0) / CLOCKS_PER_SEC / 20;
        if (st == SL_OK && s < *seconds) *seconds = s, *factor_share = all > 0 ? f / all : NAN;
        sl_world_destroy(w);
    }
    sl_tet_mesh_free(&mesh);
    return st;
}

/* ctx NULL: the time's growth exponent from 50 to 200 tets; else the time a step (ms) at
 * 200 tets. */
sl_status claim_run_cost_time(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    double s50, s200, f50, f200;
    sl_status st = time_beam(10, &s50, &f50, out);
    if (st == SL_OK) st = time_beam(40, &s200, &f200, out);
    if (st != SL_OK) return st;
    out->measured = c->ctx ? 1e3 * s200 : log(s200 / s50) / log(4.0);
    claim_extra(out, "ms_50", 1e3 * s50), claim_extra(out, "ms_200", 1e3 * s200);
    claim_extra(out, "factor_share_200", f200);
    CLAIM_SAY(out->note, "processor time a step on this machine: %.3g ms at 50 tets, %.3g ms at 200 tets; the "
                         "factorization's share of the timed stages at 200 tets %.2f", 1e3 * s50, 1e3 * s200, f200);
    return SL_OK;
}
