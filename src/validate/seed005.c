/* Paper 005's claims (softlab/validate.h): Macklin, Müller, Chentanez 2016, "XPBD:
 * Position-Based Simulation of Compliant Constrained Dynamics". Its abstract and §1 claim
 * that XPBD removes PBD's iteration-count and time-step dependent stiffness (§6.1 Fig. 2: a
 * spring; §6.4 Fig. 6: a cloth at 20 to 160 iterations), solves the compliant implicit system
 * (§4 eq. 8-9) up to its approximations (§4, §7), and provides constraint force estimates
 * (eq. 6-7, §4.1: f = grad C^T lambda / dt^2; §6.2: 6 %, 2 % and 0.5 % error at the top of a
 * falling chain against a Newton solver at 50, 100 and 1000 iterations); §7 grants that
 * iterations stopped before convergence leave artificial compliance. The figures plot curves
 * and print no number for these claims; each is stated here as softlab reads it and measured
 * on a chain of springs hanging at rest (chain.c), where Hooke's law gives the answer in
 * closed form:
 *
 *   the soft chain: 5 links of 0.2 m, 0.1 kg nodes, k = 7.2 J (180 N/m a link), 8.2 cm of
 *   stretch at rest: alpha tilde = alpha/dt^2 equals grad C M^-1 grad C^T at dt = 1/60 s,
 *   the regime XPBD's compliance term is written for;
 *   the stiff chain of the scene xpbd-hanging-chain: 30 links of 5 cm, 10 g nodes, k = 10 J
 *   (4000 N/m a link), 11.4 mm at rest: alpha tilde is 1/900 of grad C M^-1 grad C^T at
 *   1/60 s, close to PBD, and Gauss-Seidel needs many sweeps to carry the load up 30 links.
 *
 * Each run starts at rest length, at rest, with mass damping 5/s, and is read after 5 s
 * (the chain at rest to 1e-8 of its stretch: the same run for 10 and 20 s agrees to that,
 * measured with the reference below).
 *
 * Why XPBD's chain comes to rest at Hooke's stretch only where the iterations converge:
 * at rest (x^{n+1} = x^n, v = 0) the step's total correction is M^-1 grad C^T lambda = -dt^2
 * g, so lambda is the exact static force whatever the iterations (the force estimate is
 * exact at rest: 005-force-estimate); and C + alpha tilde lambda is minus the Gauss-Seidel
 * residual left after the sweeps, so the stretch is Hooke's plus that residual. The
 * reference of each row is the chain stepped again by the row's own one-dimensional XPBD
 * (claim_chain_hang_ref) or a closed form. */
#include <math.h>

#include "claims.h"
#include "softlab/build.h"
#include "softlab/stepper.h"
#include "softlab/world.h"

#define G 9.81
#define REST_TIME 5.0 /* s of damped hanging before a chain is read */
static const claim_chain soft_chain = {.links = 5, .L = 0.2, .m = 0.1, .k = 7.2, .g = G, .c = 5};
static const claim_chain *const stiff = &claim_scene_chain;

/* XPBD's hanging stretch over Hooke's, iterations 5, 10, 20, 50, 100 at dt = 1/60 and 1/240
 * s: the largest |stretch/Hooke - 1| (%); the reference the same from the row's own XPBD. */
static sl_status run_stiffness_iterations(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    static const int iterations[] = {5, 10, 20, 50, 100};
    static const double dts[] = {1.0 / 60, 1.0 / 240};
    double H = claim_chain_hooke(&soft_chain), worst = 0, worst_ref = 0;
    for (int d = 0; d < 2; d++)
        for (int i = 0; i < 5; i++) {
            double stretch, force;
            sl_status st = claim_chain_hang(&soft_chain, "xpbd", dts[d], iterations[i], REST_TIME, &stretch, &force, NULL, out);
            if (st != SL_OK) return st;
            double ref = claim_chain_hang_ref(&soft_chain, dts[d], 1, iterations[i], 1, REST_TIME, NULL, NULL);
            worst = fmax(worst, 100 * fabs(stretch / H - 1)), worst_ref = fmax(worst_ref, 100 * fabs(ref / H - 1));
            if (i == 0) claim_extra(out, d ? "ratio_5_iterations_240hz" : "ratio_5_iterations_60hz", stretch / H);
        }
    out->measured = worst, out->reference = worst_ref;
    claim_extra(out, "hooke_stretch_m", H);
    CLAIM_SAY(out->reference_how, "the same ten runs stepped by the row's own one-dimensional XPBD (chain.c); Hooke's "
              "stretch m g L^2 N (N + 1) / (2 k) = %.4f m", H);
    return SL_OK;
}

/* PBD's hanging stretch: at 5 iterations over that at 50 (dt = 1/60 s); extras: at 10
 * iterations, dt = 1/60 over 1/240 s, and each stretch over Hooke's. */
static sl_status run_pbd_depends(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    double H = claim_chain_hooke(&soft_chain), s5, s50, s10, s10_fine, f;
    sl_status st = claim_chain_hang(&soft_chain, "pbd", 1.0 / 60, 5, REST_TIME, &s5, &f, NULL, out);
    if (st == SL_OK) st = claim_chain_hang(&soft_chain, "pbd", 1.0 / 60, 50, REST_TIME, &s50, &f, NULL, out);
    if (st == SL_OK) st = claim_chain_hang(&soft_chain, "pbd", 1.0 / 60, 10, REST_TIME, &s10, &f, NULL, out);
    if (st == SL_OK) st = claim_chain_hang(&soft_chain, "pbd", 1.0 / 240, 10, REST_TIME, &s10_fine, &f, NULL, out);
    if (st != SL_OK) return st;
    out->measured = s5 / s50;
    out->reference = claim_chain_hang_ref(&soft_chain, 1.0 / 60, 1, 5, 0, REST_TIME, NULL, NULL) /
                     claim_chain_hang_ref(&soft_chain, 1.0 / 60, 1, 50, 0, REST_TIME, NULL, NULL);
    claim_extra(out, "stretch_over_hooke_5_it", s5 / H);
    claim_extra(out, "stretch_over_hooke_50_it", s50 / H);
    claim_extra(out, "dt_ratio_10_it_60_over_240hz", s10 / s10_fine);
    CLAIM_SAY(out->reference_how, "the same two runs stepped by the row's own one-dimensional PBD (chain.c)");
    return SL_OK;
}

/* The force estimate |grad C^T lambda| / dt^2 of the top link, on node 1, at rest: over N m g. */
static sl_status run_force_estimate(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    double stretch, force, stiff_force;
    const claim_chain *ch = &soft_chain;
    sl_status st = claim_chain_hang(ch, "xpbd", 1.0 / 60, 10, REST_TIME, &stretch, &force, NULL, out);
    if (st == SL_OK) st = claim_chain_hang(stiff, "xpbd", 1.0 / 60, 10, REST_TIME, &stretch, &stiff_force, NULL, out);
    if (st != SL_OK) return st;
    out->measured = force;
    out->reference = ch->links * ch->m * ch->g;
    claim_extra(out, "stiff_chain_force_over_weight", stiff_force / (stiff->links * stiff->m * stiff->g));
    claim_extra(out, "stiff_chain_stretch_over_hooke", stretch / claim_chain_hooke(stiff));
    CLAIM_SAY(out->reference_how, "the weight the top link holds, N m g = %d x %g kg x %g m/s^2", ch->links, ch->m, ch->g);
    return SL_OK;
}

/* The stiff chain, 10 iterations at dt = 1/60 s: stretch over Hooke's. Extras: at the
 * scene's 1/240 s, and implicit Euler's (the same compliance solved directly). */
static sl_status run_soft_long_chain(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    double H = claim_chain_hooke(stiff), s, s_fine, s_ie, f;
    sl_status st = claim_chain_hang(stiff, "xpbd", 1.0 / 60, 10, REST_TIME, &s, &f, NULL, out);
    if (st == SL_OK) st = claim_chain_hang(stiff, "xpbd", 1.0 / 240, 10, REST_TIME, &s_fine, &f, NULL, out);
    if (st == SL_OK) st = claim_chain_hang(stiff, "implicit-euler", 1.0 / 60, 10, REST_TIME, &s_ie, &f, NULL, out);
    if (st != SL_OK) return st;
    out->measured = s / H;
    out->reference = claim_chain_hang_ref(stiff, 1.0 / 60, 1, 10, 1, REST_TIME, NULL, NULL) / H;
    claim_extra(out, "stretch_over_hooke_240hz", s_fine / H);
    claim_extra(out, "implicit_euler_over_hooke", s_ie / H);
    claim_extra(out, "hooke_stretch_m", H);
    CLAIM_SAY(out->reference_how, "the same run stepped by the row's own one-dimensional XPBD (chain.c), over Hooke's "
              "%.4g m", H);
    return SL_OK;
}

/* The stiff chain released hanging at rest length, 10 steps of dt = 1/60 s (it falls and
 * stretches straight down): the last node's depth (m) under XPBD with 1000 iterations,
 * against softlab's implicit-euler, which on this chain solves the same backward Euler
 * system (forces linear in the depths while the chain stays straight). Extras: the largest
 * node distance (m) at 1, 10, 100 and 1000 iterations. */
static sl_status run_converges_implicit(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    static const int iterations[] = {1, 10, 100, 1000};
    static const char *const names[] = {"distance_1_it_m", "distance_10_it_m", "distance_100_it_m", "distance_1000_it_m"};
    const claim_chain *ch = stiff;
    const int steps = 10, n = ch->links + 1;
    double x_ie[3 * (CLAIM_SCENE_CHAIN_LINKS + 1)], last = NAN;
    sl_chain_def def = {.links = ch->links, .link_length = ch->L, .node_mass = ch->m, .spring_stiffness = ch->k,
                        .gravity = ch->g};
    for (int r = -1; r < 4; r++) { /* r = -1: implicit Euler */
        sl_world *w = NULL;
        sl_status st = sl_chain_world(&def, &w);
        if (st == SL_OK) st = sl_world_set_iterations(w, r < 0 ? 1 : iterations[r]);
        if (st == SL_OK) st = sl_world_set_stepper(w, sl_stepper_find(r < 0 ? "implicit-euler" : "xpbd"), 1.0 / 60, 0);
        for (int s = 0; st == SL_OK && s < steps; s++) st = claim_step(w, s, steps, out);
        if (st != SL_OK) return sl_world_destroy(w), st;
        const double *x = sl_world_positions(w);
        if (r < 0) {
            for (int i = 0; i < 3 * n; i++) x_ie[i] = x[i];
        } else {
            double d = 0;
            for (int i = 0; i < n; i++)
                d = fmax(d, hypot(hypot(x[3 * i] - x_ie[3 * i], x[3 * i + 1] - x_ie[3 * i + 1]), x[3 * i + 2] - x_ie[3 * i + 2]));
            claim_extra(out, names[r], d);
            last = -x[3 * ch->links + 1];
        }
        sl_world_destroy(w);
    }
    out->measured = last;
    out->reference = -x_ie[3 * ch->links + 1];
    if (out->extra_count == 4 && out->extra[2].value > 0) /* Gauss-Seidel's contraction a sweep, from 100 to 1000 */
        claim_extra(out, "contraction_per_iteration", pow(out->extra[3].value / out->extra[2].value, 1.0 / 900));
    CLAIM_SAY(out->reference_how, "softlab's implicit-euler (seed 000 eq. 18-19: one linear solve a step) on the same "
              "chain and steps");
    return SL_OK;
}

#define READING .paper_kind = SL_PAPER_READING
#define SOFT "a chain of 5 springs (0.2 m, 0.1 kg nodes, k = 7.2 N m: 180 N/m a link) hanging from a pin, released at " \
             "rest length, mass damping 5/s, read at rest after 5 s"

const sl_claim sl_claims_seed005[] = {
    {.id = "005-xpbd-stiffness-iterations", .seed = 5, .source = "abstract, §1, §6.1 Fig. 2, §6.4 Fig. 6",
     .claim = "XPBD's constraint stiffness does not depend on the iteration count or the time step, as PBD's does",
     .setup = SOFT "; XPBD with 5, 10, 20, 50 and 100 iterations, each at dt = 1/60 and 1/240 s",
     .lab = "scene=xpbd-hanging-chain&methods=xpbd,xpbd&dt=0.016667,0.0041667",
     .quantity = "largest deviation of the stretch at rest from Hooke's over the ten runs", .unit = "%",
     .paper = 1, .relation = SL_CLAIM_AT_MOST, .reference_tol_abs = 1e-6, READING,
     .reference_kind = SL_REF_SECOND_IMPLEMENTATION, .quick = 1, .run = run_stiffness_iterations},
    {.id = "005-pbd-stiffness-depends", .seed = 5, .source = "§1, §3 eq. 1-2, §6.1 Fig. 2, §6.4 Fig. 6",
     .claim = "PBD's stiffness depends on the iteration count and the time step (the problem XPBD addresses)",
     .setup = SOFT "; PBD (alpha = 0 in XPBD's update) with 5 and with 50 iterations at dt = 1/60 s",
     .lab = "scene=xpbd-hanging-chain&methods=pbd,xpbd",
     .quantity = "stretch at rest with 5 iterations over that with 50 (depends: at least 2)", .unit = "1",
     .paper = 2, .relation = SL_CLAIM_AT_LEAST, .reference_tol_rel = 1e-6, READING,
     .reference_kind = SL_REF_SECOND_IMPLEMENTATION, .quick = 1, .run = run_pbd_depends},
    {.id = "005-force-estimate", .seed = 5, .source = "abstract, eq. 6-7, §4.1, §6.2",
     .claim = "XPBD provides constraint force estimates, f = grad C^T lambda / dt^2",
     .setup = SOFT "; XPBD, 10 iterations, dt = 1/60 s; the stiff chain of xpbd-hanging-chain beside (extras)",
     .lab = "scene=xpbd-hanging-chain&methods=xpbd", .quantity = "force estimate of the top link on the node below it",
     .unit = "N", .paper = NAN, .reference_tol_rel = 1e-6, .reference_kind = SL_REF_CLOSED_FORM, .quick = 1,
     .run = run_force_estimate},
    {.id = "005-xpbd-converges-implicit", .seed = 5, .source = "§4 eq. 8-9, 15-17, §6.3 Fig. 3b, §7",
     .claim = "XPBD's iterations solve the implicit (backward Euler) step of the compliant system; more iterations "
              "bring it closer to that solution",
     .setup = "the chain of xpbd-hanging-chain (30 springs, k = 10 N m) released hanging at rest length, no damping, "
              "10 steps of dt = 1/60 s; XPBD with 1, 10, 100 and 1000 iterations beside softlab's implicit-euler",
     .lab = "scene=xpbd-hanging-chain&methods=implicit-euler,xpbd&dt=0.016667",
     .quantity = "depth of the chain's last node after 10 steps, XPBD with 1000 iterations", .unit = "m",
     /* 1e-6 m of the 1.5 m chain: the sweeps contract the distance by about 0.987 each here
      * (extra contraction_per_iteration), so 1000 of them leave about 1e-7 m */
     .paper = NAN, .reference_tol_abs = 1e-6, .reference_kind = SL_REF_SECOND_IMPLEMENTATION, .quick = 1,
     .run = run_converges_implicit},
    {.id = "005-xpbd-soft-long-chain", .seed = 5, .source = "§7",
     .claim = "low iteration counts that terminate before convergence result in artificial compliance (§7): on a long "
              "stiff chain the Gauss-Seidel sweeps do not converge, and the chain hangs longer than its compliance says",
     .setup = CLAIM_SCENE_CHAIN_SETUP "; XPBD, 10 iterations, dt = 1/60 s",
     .lab = "scene=xpbd-hanging-chain&methods=implicit-euler,xpbd&dt=0.016667",
     .quantity = "stretch at rest over Hooke's", .unit = "1", .paper = NAN, .reference_tol_rel = 1e-6,
     .reference_kind = SL_REF_SECOND_IMPLEMENTATION, .quick = 1, .run = run_soft_long_chain},
};
const int sl_claims_seed005_count = (int)(sizeof sl_claims_seed005 / sizeof sl_claims_seed005[0]);
