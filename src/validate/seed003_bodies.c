/* Seed 003's rows on two bodies that are not the paper's set-up (seed003.c's table): the
 * swinging cube, and the suture thread without §5's position correction. Each scheme's
 * largest stable dt (the core's verdict) over symplectic Euler's, against the ratio of the
 * schemes' closed-form bounds (seed003_bound2), with the time a step and the score as
 * extras for lesson 003's score cards. */
#include <math.h>
#include <string.h>

#include "seed003.h"
#include "softlab/stepper.h"
#include "softlab/world.h"

/* The symplectic Euler's largest stable dt on the swinging cube (s), found once per
 * process: every cube row divides by it (the search is deterministic, and it costs a few
 * seconds). */
static sl_status cube_base_dt(double *dt, sl_claim_result *out) {
    static double base = 0;
    sl_status st = SL_OK;
    if (base <= 0)
        st = sl_scene_find_dt(sl_scene_find("swinging-cube"), NULL, sl_stepper_find("symplectic-euler"),
                              SL_FIND_DT_T_END, &base);
    if (st != SL_OK) CLAIM_SAY(out->note, "symplectic Euler's find-dt on the cube failed");
    *dt = base;
    return st;
}

/* Table 1's columns on the swinging cube (lesson 003's score table): the scheme's largest
 * stable dt over symplectic Euler's, against the ratio of the closed-form bounds (on a
 * body whose fastest mode is linear, the ratio of the schemes' omega dt bounds). Extras:
 * dt_max (ms), the time a step at dt_max (us, processor time of this machine: never
 * judged), the score dt_max / time (s/s) and the score per force evaluation. */
sl_status seed003_run_cube_score(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    const seed003_scheme *s = seed003_scheme_named(c->ctx);
    const sl_scene_class *sc = sl_scene_find("swinging-cube");
    double dt = 0, base = 0, seconds = NAN;
    sl_status st = sl_scene_find_dt(sc, NULL, sl_stepper_find(s->name), SL_FIND_DT_T_END, &dt);
    if (st == SL_OK) st = cube_base_dt(&base, out);
    if (st == SL_OK && dt > 0) st = sl_scene_time_per_step(sc, NULL, sl_stepper_find(s->name), dt, 1.0, &seconds);
    if (st != SL_OK) return st;
    double omega = NAN; /* rad/s, the cube's at rest: symplectic Euler's row measures it */
    if (!strcmp(s->name, "symplectic-euler")) { /* the base: its dt_max against its own bound 2/omega_max */
        sl_world *w = claim_world("swinging-cube", s->name, 1e-3, NULL, NULL, 0, out);
        if (!w) return SL_ERR_RANGE;
        st = sl_world_omega_max(w, 20000, &omega);
        double run_s = sl_scene_find_dt_run_seconds(w, sc->default_dt, SL_FIND_DT_T_END, NULL);
        sl_world_destroy(w);
        if (st != SL_OK) return st;
        claim_extra(out, "run_s", run_s); /* the length of every find-dt trial (s) */
        /* lesson 003 §3: the cube's omega_max and the bounds it gives (ms) */
        claim_extra(out, "omega_max", omega);
        claim_extra(out, "bound_ms", 1e3 * 2 / omega);
        claim_extra(out, "bound_forest_ruth_ms", 1e3 * seed003_bound2("forest-ruth") / omega);
        claim_extra(out, "bound_rk4_ms", 1e3 * seed003_bound2("rk4") / omega);
    }
    seed003_bound_against_symplectic(s->name, dt, base, omega, "cube", out);
    claim_extra(out, "dt_ms", 1e3 * dt);
    claim_extra(out, "us_per_step", 1e6 * seconds);
    claim_extra(out, "score", dt / seconds);
    claim_extra(out, "score_per_eval", dt / seconds / s->evals);
    CLAIM_SAY(out->note, "dt_max %.4g ms (symplectic Euler %.4g ms), %.3g us a step (processor time, this machine)",
              1e3 * dt, 1e3 * base, 1e6 * seconds);
    return SL_OK;
}

/* Where the thread's searches start (s): a quarter of the scheme's closed-form bound over
 * the thread's omega_max at rest, well below the answer; for a scheme with no bound
 * (explicit Euler, midpoint, half step) at THREAD_DT_LO, as `softlab score --scene
 * thread-hang --dt-lo 1e-5`. From the library's default start (1e-3 of 2/omega_max) the
 * first 1 s trial would take millions of steps; from 1e-5 a scheme with a bound spends
 * most of its search in that first trial of 10^5 steps. */
#define THREAD_DT_LO 1e-5
#define THREAD_START_FRACTION 0.25

/* omega_max (rad/s) of the thread at rest (the library's Lanczos estimate, at most 20000
 * products with A), found once per process. */
static sl_status thread_omega(double *omega, sl_claim_result *out) {
    static double omega_max = 0;
    sl_status st = SL_OK;
    if (omega_max <= 0) {
        sl_world *w = claim_world("thread-hang", "symplectic-euler", 1e-4, NULL, NULL, 0, out);
        if (!w) return SL_ERR_RANGE;
        st = sl_world_omega_max(w, 20000, &omega_max);
        sl_world_destroy(w);
    }
    *omega = omega_max;
    return st;
}

/* The largest stable dt (s) of `name` on the thread (correction off) in trials of
 * SL_FIND_DT_T_END, from the start above; kept per scheme for the process (the searches
 * are deterministic): every row divides by symplectic Euler's. */
static sl_status thread_dt(const char *name, double *dt, sl_claim_result *out) {
    static double found[SEED003_SCHEMES];
    const seed003_scheme *s = seed003_scheme_named(name);
    int i = (int)(s - seed003_schemes);
    if (found[i] > 0) return *dt = found[i], SL_OK;
    double omega = 0, bound = seed003_bound2(name);
    sl_status st = thread_omega(&omega, out);
    double dt_lo = bound > 0.1 ? THREAD_START_FRACTION * bound / omega : THREAD_DT_LO;
    if (st == SL_OK)
        st = sl_scene_find_dt_from(sl_scene_find("thread-hang"), NULL, sl_stepper_find(name), SL_FIND_DT_T_END, dt_lo, dt);
    if (st != SL_OK) CLAIM_SAY(out->note, "%s's find-dt on the thread failed", name);
    else if (*dt > 0) found[i] = *dt;
    return st;
}

/* The thread without §5's correction (thread-hang as built; lesson 003's thread card):
 * the scheme's largest stable dt (the core's verdict, 1 s trials) over symplectic Euler's,
 * against the ratio of the closed-form bounds, as the cube rows. Extras: dt_max (ms),
 * omega_max dt_max (omega_max at rest), the time a step at dt_max (us, processor time of
 * this machine: never judged), the score (s/s) and the score per evaluation; symplectic
 * Euler's row adds omega_max (rad/s) and its bound 2/omega_max (ms). ctx: the stepper. */
sl_status seed003_run_thread_score(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    const seed003_scheme *s = seed003_scheme_named(c->ctx);
    double dt = 0, base = 0, omega = NAN, seconds = NAN;
    sl_status st = thread_omega(&omega, out);
    if (st == SL_OK) st = thread_dt("symplectic-euler", &base, out);
    if (st == SL_OK) st = thread_dt(s->name, &dt, out);
    if (st == SL_OK && dt > 0)
        st = sl_scene_time_per_step(sl_scene_find("thread-hang"), NULL, sl_stepper_find(s->name), dt, 1.0, &seconds);
    if (st != SL_OK) return st;
    seed003_bound_against_symplectic(s->name, dt, base, omega, "thread", out);
    claim_extra(out, "dt_ms", 1e3 * dt);
    claim_extra(out, "omega_dt", omega * dt);
    claim_extra(out, "us_per_step", 1e6 * seconds);
    claim_extra(out, "score", dt / seconds); /* NaN with no stable dt ('-' in the lesson) */
    claim_extra(out, "score_per_eval", dt / seconds / s->evals);
    if (!strcmp(s->name, "symplectic-euler")) {
        claim_extra(out, "omega_max", omega);
        claim_extra(out, "bound_ms", 1e3 * 2 / omega);
    }
    CLAIM_SAY(out->note, "dt_max %.4g ms (symplectic Euler %.4g ms), omega_max dt_max %.3g, %.3g us a step "
              "(processor time, this machine)", 1e3 * dt, 1e3 * base, omega * dt, 1e6 * seconds);
    return SL_OK;
}

