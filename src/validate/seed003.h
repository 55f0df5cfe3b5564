/* What seed 003's validation files share (src/validate/ only): the nine schemes of the
 * paper's Table 1, their closed-form bounds, and the rows run in seed003_bodies.c and
 * seed003_paper.c. */
#ifndef SOFTLAB_VALIDATE_SEED003_H
#define SOFTLAB_VALIDATE_SEED003_H

#include "claims.h"

/* One of the nine schemes: the softlab stepper, its force evaluations a step, its
 * classical order, and its row of the paper's Table 1 (seed 003 §6): max dt (s), time a
 * step (ms, the authors' machine) and score (max dt / time). */
typedef struct seed003_scheme {
    const char *name;
    int evals, order;
    double paper_dt, paper_ms, paper_score;
} seed003_scheme;

/* Table 1's rows, in the paper's order; seed003_scheme_named: the one of that stepper, or NULL. */
extern const seed003_scheme seed003_schemes[];
#define SEED003_SCHEMES 9
const seed003_scheme *seed003_scheme_named(const char *name);

/* The largest h = omega dt at which scheme `name`'s 2 x 2 amplification matrix on x'' = -x
 * keeps a spectral radius <= 1 (the scheme written again in seed003.c); 0 for a scheme
 * that grows at every h. */
double seed003_bound2(const char *name);
/* Fills out->measured and ->reference for a body's dt_max (s) of scheme `name`: symplectic
 * Euler's against its bound 2/omega (omega: the body's omega_max at rest, rad/s; `body` names
 * it in the text), any other's over symplectic Euler's dt_max `base` (s) against the ratio of
 * the two bounds. */
void seed003_bound_against_symplectic(const char *name, double dt, double base, double omega, const char *body,
                                      sl_claim_result *out);
/* Table 1's ratios on the swinging cube and on the thread without the correction
 * (seed003_bodies.c; ctx: the stepper's name). */
sl_status seed003_run_cube_score(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out);
sl_status seed003_run_thread_score(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out);

/* Table 1 on the thread with §5's correction (ctx: the stepper's name): its largest
 * stable dt over symplectic Euler's (symplectic Euler itself: its dt, s). */
sl_status seed003_run_table1(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out);
/* Table 1's score ranking on the same runs: Spearman correlation of the measured scores
 * (dt_max / processor time a step) with the paper's; machine-timed. */
sl_status seed003_run_table1_ranking(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out);
/* Midpoint's global order in position (ctx "x") or velocity (ctx "v") on the oscillator. */
sl_status seed003_run_midpoint_order(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out);
/* RK4's energy change per period on the oscillator (%), against |R(i omega dt)|^2. */
sl_status seed003_run_rk4_energy(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out);
/* Explicit Euler's phase-space area growth over the midpoint scheme's (log ratio). */
sl_status seed003_run_phase_area(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out);

#endif
