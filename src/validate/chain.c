/* The hanging chain the rows of papers 005 and 006 share (claims.h): softlab's run of it
 * (sl_chain_world hanging straight down, any stepper), and the same chain stepped by XPBD
 * written out again in one dimension, the row's second implementation.
 *
 * Hanging straight down, the chain moves only vertically: with s_i the depth of node i
 * below the pin, link j (node j-1 to j) has C_j = (s_j - s_{j-1} - L)/L, linear in s while
 * the chain stays ordered, so XPBD's update (paper 005 §4.1 eq. 17-18: dlambda = (-C - at lambda) /
 * (grad C M^-1 grad C^T + at), x += M^-1 grad C^T dlambda, at = alpha/h^2) is exact per
 * row, and a Gauss-Seidel sweep in link order from the pin is the same whether C is
 * evaluated afresh at each row (the paper) or linearized at the sweep's start (softlab's
 * sweep, src/core/world/projection.c). The reference shares nothing with the library but
 * the chain's numbers. */
#include <math.h>
#include <stdlib.h>

#include "claims.h"
#include "softlab/build.h"
#include "softlab/stepper.h"
#include "softlab/xpbd.h"

const claim_chain claim_scene_chain = {.links = CLAIM_SCENE_CHAIN_LINKS, .L = 0.05, .m = 0.01, .k = 10, .g = 9.81, .c = 5};

double claim_chain_hooke(const claim_chain *ch) {
    int N = ch->links;
    return ch->m * ch->g * ch->L * ch->L / ch->k * N * (N + 1) / 2.0; /* sum over links of (N + 1 - j) m g L^2 / k */
}

sl_status claim_chain_hang(const claim_chain *ch, const char *method, double dt, int iterations, double t_end,
                           double *stretch, double *top_force, double *max_stretch, sl_claim_result *out) {
    *stretch = *top_force = NAN;
    if (max_stretch) *max_stretch = -INFINITY;
    sl_chain_def def = {.links = ch->links, .link_length = ch->L, .node_mass = ch->m, .spring_stiffness = ch->k,
                        .gravity = ch->g, .angle = 0, .mass_damping = ch->c, .last_node_mass = ch->last_m};
    sl_world *w = NULL;
    sl_status st = sl_chain_world(&def, &w);
    if (st == SL_OK) st = sl_world_set_iterations(w, iterations);
    if (st == SL_OK) st = sl_world_set_stepper(w, sl_stepper_find(method), dt, 0);
    if (st != SL_OK) {
        CLAIM_SAY(out->note, "the chain under %s at dt %g s: %s", method, dt, sl_status_message(st));
        sl_world_destroy(w);
        return st;
    }
    long steps = lround(t_end / dt);
    const double *x = sl_world_positions(w);
    for (long i = 0; i < steps && st == SL_OK; i++) {
        st = claim_step(w, i, steps, out);
        if (max_stretch) *max_stretch = fmax(*max_stretch, -x[3 * ch->links + 1] - ch->links * ch->L);
    }
    if (st == SL_OK) {
        *stretch = -x[3 * ch->links + 1] - ch->links * ch->L; /* the last node's depth minus N L */
        double *mu = malloc(sizeof(double) * ch->links); /* one per row */
        if (mu && sl_xpbd_row_forces(w, mu) == SL_OK) *top_force = fabs(mu[0]) / ch->L; /* |J_0 mu_0| on node 1: |grad C| = 1/L */
        free(mu);
    }
    sl_world_destroy(w);
    return st;
}

double claim_chain_hang_ref(const claim_chain *ch, double dt, int substeps, int sweeps, int compliant, double t_end,
                            double *top_force, double *max_stretch) {
    int N = ch->links;
    double *s = calloc((size_t)N + 1, sizeof(double)), *v = calloc((size_t)N + 1, sizeof(double));
    double *s0 = calloc((size_t)N + 1, sizeof(double)), *lambda = calloc((size_t)N + 1, sizeof(double));
    double result = NAN, h = dt / substeps, L = ch->L, peak = -INFINITY;
    double at = compliant ? 1 / (ch->k * h * h) : 0; /* alpha tilde = alpha/h^2, alpha = 1/k */
    if (s && v && s0 && lambda) {
        for (int i = 0; i <= N; i++) s[i] = i * L; /* at rest length, at rest */
#define INV_MASS(i) (i == 0 ? 0 : 1 / (i == N && ch->last_m > 0 ? ch->last_m : ch->m)) /* node 0 is pinned */
        long steps = lround(t_end / dt) * substeps;
        for (long n = 0; n < steps; n++) {
            for (int i = 1; i <= N; i++) {
                s0[i] = s[i];
                v[i] += h * (ch->g - ch->c * v[i]); /* gravity and the mass damping at v^n */
                s[i] += h * v[i];                   /* the prediction */
                lambda[i] = 0;
            }
            for (int it = 0; it < sweeps; it++)
                for (int j = 1; j <= N; j++) {
                    double C = (s[j] - s[j - 1] - L) / L, w = INV_MASS(j), wp = INV_MASS(j - 1);
                    double dl = (-C - at * lambda[j]) / ((w + wp) / (L * L) + at);
                    s[j] += w * dl / L, s[j - 1] -= wp * dl / L, lambda[j] += dl;
                }
            for (int i = 1; i <= N; i++) v[i] = (s[i] - s0[i]) / h;
            if ((n + 1) % substeps == 0) peak = fmax(peak, s[N] - N * L); /* the end of a step of dt */
        }
#undef INV_MASS
        result = s[N] - N * L;
        if (top_force) *top_force = fabs(lambda[1]) / (h * h * L);
        if (max_stretch) *max_stretch = peak;
    }
    free(s), free(v), free(s0), free(lambda);
    return result;
}
