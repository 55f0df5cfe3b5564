/* Paper 006's hanging cloth as a row (Macklin et al. 2019, "Small Steps in Physics
 * Simulation", Fig. 1: a cloth with 1 substep of 30 XPBD iterations "shows visible
 * stretching", with 30 substeps of 1 iteration "significantly less stretching"; §6.2 Fig. 5
 * plots a hanging cloth's constraint error): the scene xpbd-hanging-cloth hung to rest, its
 * constraint error the springs' mean strain, under both at equal cost. The reference is the
 * same two runs written out here over the cloth's springs (softlab's sweep as
 * steppers/xpbd.c describes it: phi and grad phi evaluated once per sweep, each row seeing
 * the earlier rows' moves through its linearization), without the library's stepper. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "claims.h"
#include "softlab/stepper.h"
#include "softlab/world.h"

#define FRAME (1.0 / 60)
#define N_EQUAL 30  /* Fig. 1's 30 iterations against 30 substeps */
#define C_DAMP 5.0  /* 1/s: mass damping, so that 4 s reach rest */
#define T_REST 4.0  /* s */
#define CELLS 12    /* the scene's default cloth: 169 nodes, 600 springs, 1 m, 0.5 kg, k = 10 N m */

/* The cloth's springs (the scene's edges: along x, along z, two diagonals a cell, node k side + i at
 * (i h, 0, k h)) and its mean strain at x. */
static int cloth_edges(int *e) {
    int side = CELLS + 1, k2 = 0;
    for (int k = 0; k < side; k++)
        for (int i = 0; i < side; i++) {
            int v = k * side + i;
            if (i < CELLS) e[2 * k2] = v, e[2 * k2 + 1] = v + 1, k2++;
            if (k < CELLS) e[2 * k2] = v, e[2 * k2 + 1] = v + side, k2++;
            if (i < CELLS && k < CELLS) {
                e[2 * k2] = v, e[2 * k2 + 1] = v + side + 1, k2++;
                e[2 * k2] = v + 1, e[2 * k2 + 1] = v + side, k2++;
            }
        }
    return k2;
}

static double mean_strain(const double *x, const double *rest, const int *e, int springs) {
    double sum = 0;
    for (int j = 0; j < springs; j++) {
        const double *a = x + 3 * e[2 * j], *b = x + 3 * e[2 * j + 1], *ra = rest + 3 * e[2 * j], *rb = rest + 3 * e[2 * j + 1];
        double L = sqrt((rb[0] - ra[0]) * (rb[0] - ra[0]) + (rb[1] - ra[1]) * (rb[1] - ra[1]) + (rb[2] - ra[2]) * (rb[2] - ra[2]));
        double l = sqrt((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1]) + (b[2] - a[2]) * (b[2] - a[2]));
        sum += (l - L) / L;
    }
    return sum / springs;
}

/* The cloth written out: `substeps` substeps of FRAME/substeps, each of `sweeps` sweeps,
 * for T_REST; returns the mean strain at the end (NaN: no memory). The springs are softlab's
 * (phi = (l - L)/L, alpha = 1/k), nodes 0 and CELLS pinned, gravity 9.81 m/s^2, mass damping
 * C_DAMP taken at x^n, v^n into the prediction. */
static double cloth_ref(int substeps, int sweeps) {
    const int side = CELLS + 1, n = side * side;
    const double k = 10, m = 0.5 / n, g = 9.81, h = FRAME / substeps, at = 1 / (k * h * h);
    int *e = malloc(sizeof(int) * 2 * 4 * n);
    double *x = calloc(3 * (size_t)n, sizeof(double)), *v = calloc(3 * (size_t)n, sizeof(double));
    double *rest = calloc(3 * (size_t)n, sizeof(double)), *dx = calloc(3 * (size_t)n, sizeof(double));
    double *moved = calloc(3 * (size_t)n, sizeof(double)), *wi = calloc((size_t)n, sizeof(double));
    double *lam = NULL, *phi = NULL, *nrm = NULL, *L = NULL, result = NAN;
    int springs = e ? cloth_edges(e) : 0;
    lam = calloc((size_t)springs + 1, sizeof(double)), phi = calloc((size_t)springs + 1, sizeof(double));
    nrm = calloc(3 * (size_t)springs + 1, sizeof(double)), L = calloc((size_t)springs + 1, sizeof(double));
    if (!e || !x || !v || !rest || !dx || !moved || !wi || !lam || !phi || !nrm || !L) goto done;
    for (int r = 0; r < side; r++)
        for (int i = 0; i < side; i++) rest[3 * (r * side + i)] = 1.0 * i / CELLS, rest[3 * (r * side + i) + 2] = 1.0 * r / CELLS;
    memcpy(x, rest, 3 * (size_t)n * sizeof(double));
    for (int i = 0; i < n; i++) wi[i] = (i == 0 || i == CELLS) ? 0 : 1 / m;
    for (int j = 0; j < springs; j++) {
        const double *a = rest + 3 * e[2 * j], *b = rest + 3 * e[2 * j + 1];
        L[j] = sqrt((b[0] - a[0]) * (b[0] - a[0]) + (b[1] - a[1]) * (b[1] - a[1]) + (b[2] - a[2]) * (b[2] - a[2]));
    }
    long steps = lround(T_REST / FRAME) * substeps;
    for (long s = 0; s < steps; s++) {
        for (int i = 0; i < n; i++) {
            if (wi[i] == 0) continue;
            for (int c = 0; c < 3; c++) {
                double f = (c == 1 ? -m * g : 0) - C_DAMP * m * v[3 * i + c];
                v[3 * i + c] += h * f / m, x[3 * i + c] += h * v[3 * i + c], moved[3 * i + c] = 0;
            }
        }
        memset(lam, 0, (size_t)springs * sizeof(double));
        for (int it = 0; it < sweeps; it++) {
            memset(dx, 0, 3 * (size_t)n * sizeof(double));
            for (int j = 0; j < springs; j++) { /* phi and grad phi once per sweep */
                const double *a = x + 3 * e[2 * j], *b = x + 3 * e[2 * j + 1];
                double d[3] = {b[0] - a[0], b[1] - a[1], b[2] - a[2]}, l = sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]);
                phi[j] = (l - L[j]) / L[j];
                for (int c = 0; c < 3; c++) nrm[3 * j + c] = d[c] / (l * L[j]); /* grad phi on b; -it on a */
            }
            for (int j = 0; j < springs; j++) {
                int a = e[2 * j], b = e[2 * j + 1];
                double cj = phi[j], den = 0;
                for (int c = 0; c < 3; c++) {
                    if (wi[a] > 0) cj -= nrm[3 * j + c] * dx[3 * a + c], den += nrm[3 * j + c] * nrm[3 * j + c] * wi[a];
                    if (wi[b] > 0) cj += nrm[3 * j + c] * dx[3 * b + c], den += nrm[3 * j + c] * nrm[3 * j + c] * wi[b];
                }
                double dl = (-cj - at * lam[j]) / (den + at); /* paper 005 eq. 18 */
                for (int c = 0; c < 3; c++) {
                    dx[3 * a + c] -= dl * nrm[3 * j + c] * wi[a];
                    dx[3 * b + c] += dl * nrm[3 * j + c] * wi[b];
                }
                lam[j] += dl;
            }
            for (int d = 0; d < 3 * n; d++) x[d] += dx[d], moved[d] += dx[d];
        }
        for (int d = 0; d < 3 * n; d++) v[d] += moved[d] / h;
    }
    result = mean_strain(x, rest, e, springs);
done:
    free(e), free(x), free(v), free(rest), free(dx), free(moved), free(wi), free(lam), free(phi), free(nrm), free(L);
    return result;
}

/* softlab's run of the scene under `method` with `iterations`, damped C_DAMP, for T_REST:
 * the mean strain of its springs at the end. */
static sl_status cloth_strain(const char *method, int iterations, double *strain, sl_claim_result *out) {
    sl_world *w = claim_world("xpbd-hanging-cloth", method, FRAME, NULL, NULL, 0, out);
    if (!w) return SL_ERR_RANGE;
    int e[2 * 4 * (CELLS + 1) * (CELLS + 1)], springs = cloth_edges(e);
    sl_status st = sl_world_set_iterations(w, iterations);
    if (st == SL_OK) st = sl_world_set_mass_damping(w, C_DAMP);
    if (st == SL_OK) st = claim_run_for(w, T_REST, out);
    if (st == SL_OK) *strain = mean_strain(sl_world_positions(w), sl_world_rest_positions(w), e, springs);
    sl_world_destroy(w);
    return st;
}

sl_status claim_run_cloth_substeps(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    double it, sub, ie;
    sl_status st = cloth_strain("xpbd", N_EQUAL, &it, out);
    if (st == SL_OK) st = cloth_strain("xpbd-substeps", N_EQUAL, &sub, out);
    if (st == SL_OK) st = cloth_strain("implicit-euler", 1, &ie, out);
    if (st != SL_OK) return st;
    out->measured = it / sub;
    out->reference = cloth_ref(1, N_EQUAL) / cloth_ref(N_EQUAL, 1);
    claim_extra(out, "iterations_mean_strain", it);
    claim_extra(out, "substeps_mean_strain", sub);
    claim_extra(out, "implicit_euler_mean_strain", ie); /* the same compliance solved directly: the springs' own */
    CLAIM_SAY(out->reference_how, "the same two runs of the cloth written out over its 600 springs (XPBD's sweeps, "
              "without the library's stepper)");
    return SL_OK;
}
