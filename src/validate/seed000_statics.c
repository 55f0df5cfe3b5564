/* Seed 000's statics rows beside seed000.c's (Servin, Lacoursière, Melin 2006):
 *
 * - a cantilever's tip at rest under gravity, with the Green strain (St. Venant-Kirchhoff)
 *   and with the linearized strain, against CalculiX on the very same tets, loads and clamp
 *   (*STATIC with NLGEOM for the Green strain, linear for the linearized one): §5.1's beams
 *   bending under gravity, on softlab's fem-hanging-cantilever beam;
 * - Fig. 5: the beam held twisted with the nonlinear terms of the Green strain (eq. 13)
 *   omitted shows "an unrealistic volume deformation"; the Green strain's volume beside it.
 *
 * Static states by claim_relax (Newton steps of linearly implicit Euler at dt = 1 s). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "claims.h"
#include "softlab/build.h"
#include "softlab/mesh.h"
#include "softlab/world.h"

/* The cantilever: fem-hanging-cantilever's beam (1 m x 0.1 m x 0.1 m, 20 x 2 x 2 cubes of 5
 * tets: 400 tets, nu = 0.3, 1000 kg/m^3, clamped at x = 0) at CANTILEVER_Y, stiff enough
 * that the tip sags about a tenth of the length (beam theory: 0.147 m), so the Green and
 * the linearized strain part visibly. */
#define CANTILEVER_Y 1e7 /* Pa */
#define CANTILEVER_G 9.81

static sl_world *cantilever(sl_strain strain, const sl_material *mat) {
    sl_tet_mesh mesh;
    const double size[3] = {1, 0.1, 0.1}, lo[3] = {-1, -1, -1}, hi[3] = {1e-9, 1, 1};
    sl_world *w = NULL;
    if (sl_tet_mesh_beam(20, 2, 2, size, &mesh) != SL_OK) return NULL;
    sl_tet_mesh_world(&mesh, mat, strain, CANTILEVER_G, &w);
    sl_tet_mesh_free(&mesh);
    if (w && sl_world_pin_box(w, lo, hi, NULL) != SL_OK) sl_world_destroy(w), w = NULL;
    return w;
}

/* The tip's sag (m, positive down): the end face's (x = 1 m) area-weighted mean downward
 * displacement u (double[3n]). */
static double tip_sag(const double *u, const double *area, int n) {
    double s = 0, a = 0;
    for (int i = 0; i < n; i++) s -= area[i] * u[3 * i + 1], a += area[i];
    return s / a;
}

sl_status claim_run_cantilever_ccx(const sl_claim *cl, const sl_validate_env *env, sl_claim_result *out) {
    int green = !strcmp(cl->ctx, "green");
    const sl_material mat = {CANTILEVER_Y, 0.3, 1000};
    sl_world *w = cantilever(green ? SL_STRAIN_GREEN : SL_STRAIN_LINEAR, &mat);
    if (!w) return CLAIM_SAY(out->note, "cannot build the cantilever"), SL_ERR_RANGE;
    int n = sl_world_node_count(w);
    double *area = malloc(sizeof(double) * 7 * (size_t)n), *f = area + n, *u = f + 3 * n;
    if (!area) return sl_world_destroy(w), SL_ERR_NOMEM;
    sl_status st = sl_world_face_areas(w, 0, 1.0, area);
    if (st == SL_OK) st = claim_relax(w, 40, out);
    for (int i = 0; i < 3 * n; i++) u[i] = sl_world_positions(w)[i] - sl_world_rest_positions(w)[i];
    out->measured = tip_sag(u, area, n);
    /* Euler-Bernoulli q L^4/(8 E I): q = rho g A, I = a^4/12 (a = 0.1 m), L = 1 m */
    claim_extra(out, "beam_theory", 1000 * CANTILEVER_G * 0.01 / (8 * CANTILEVER_Y * 1e-4 / 12));
    if (st == SL_OK) {
        claim_gravity_loads(w, CANTILEVER_G, f);
        st = claim_ccx_static(env, w, &mat, f, green, u, out);
    }
    if (st == SL_OK && !out->skipped) {
        out->reference = tip_sag(u, area, n);
        CLAIM_SAY(out->reference_how, "CalculiX ccx, *STATIC%s, C3D4 on the same %d tets and nodes, the same lumped "
                                      "gravity loads (*CLOAD) and clamp; the same end-face mean", green ?
                                      " with NLGEOM (St. Venant-Kirchhoff, the Green strain's energy)" : " (linear)",
                  sl_world_tet_count(w));
    }
    CLAIM_SAY(out->note, "tip sag %.4f m; beam theory %.4f m", out->measured, out->extra[0].value);
    free(area);
    sl_world_destroy(w);
    return st;
}

/* |V/V0 - 1| (%) of fem-twist-beam (the Green strain) or fem-twist-beam-linear at its
 * defaults, held twisted by 90 degrees, at rest; and the same summed again here from the
 * tets (claim_tet_volume) against the untwisted beam's TWIST_BEAM_VOLUME (the world's
 * initial positions are already twisted, so they are not the rest volume). */
#define TWIST_BEAM_VOLUME 4.0 /* m^3: 4 m x 1 m x 1 m */
static sl_status twist_volume(const char *scene, double *change, double *again, sl_claim_result *out) {
    sl_world *w = claim_world(scene, "implicit-euler", 1.0, NULL, NULL, 0, out);
    if (!w) return SL_ERR_RANGE;
    sl_status st = claim_relax(w, 40, out);
    const int *t = sl_world_tets(w);
    double v = 0;
    for (int k = 0; k < sl_world_tet_count(w); k++) v += claim_tet_volume(sl_world_positions(w), t + 4 * k);
    *change = 100 * fabs(sl_world_volume_ratio(w) - 1);
    *again = 100 * fabs(v / TWIST_BEAM_VOLUME - 1);
    sl_world_destroy(w);
    return st;
}

sl_status claim_run_twist_volume(const sl_claim *cl, const sl_validate_env *env, sl_claim_result *out) {
    double linear = NAN, linear_again = NAN, green = NAN, green_again = NAN;
    sl_status st = twist_volume("fem-twist-beam-linear", &linear, &linear_again, out);
    if (st == SL_OK) st = twist_volume("fem-twist-beam", &green, &green_again, out);
    out->measured = linear, out->reference = linear_again;
    claim_extra(out, "green_volume_change", green);
    CLAIM_SAY(out->reference_how, "the same volume summed again in the row from the tets' positions "
                                  "(det[x1 - x0, x2 - x0, x3 - x0]/6 each) over the untwisted beam's 4 m^3");
    CLAIM_SAY(out->note, "volume change at rest: %.2f %% with the linearized strain, %.3f %% with the Green strain",
              linear, green);
    return st;
}
