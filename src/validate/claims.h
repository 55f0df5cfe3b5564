/* The claims of each paper (seed000.c ... seed006.c), gathered by validate.c, and what the
 * rows share. Only src/validate/ includes this. */
#ifndef SOFTLAB_VALIDATE_CLAIMS_H
#define SOFTLAB_VALIDATE_CLAIMS_H

#include <stdarg.h>

#include "softlab/scene.h"
#include "softlab/tet_fem.h"
#include "softlab/validate.h"

/* The papers with claims, in order (softlab/papers.h numbers them): each NNN defines
 * sl_claims_seedNNN[] and sl_claims_seedNNN_count in seedNNN.c. A new paper adds its
 * number here and nowhere else in this layer (validate.c checks one list a paper). */
#define SL_CLAIM_PAPERS(X) X(000) X(001) X(002) X(003) X(004) X(005) X(006)
#define SL_CLAIM_DECLARE(n) extern const sl_claim sl_claims_seed##n[]; extern const int sl_claims_seed##n##_count;
SL_CLAIM_PAPERS(SL_CLAIM_DECLARE)
/* The scene notes' claims (scenes.c, issue 41): each row's seed is its scene's paper. */
extern const sl_claim sl_claims_scenes[];
extern const int sl_claims_scenes_count;

/* Formats into a result's text field (a heap string of any length: sl_claim_result), replacing
 * its text; the arguments may include the field's old text. On allocation failure the old
 * text stays. */
void claim_say(char **field, const char *fmt, ...);
#define CLAIM_SAY(field, ...) claim_say(&(field), __VA_ARGS__)

/* Records a further measured number `name` = value in out->extra (a table cell a lesson
 * quotes; never judged); past SL_CLAIM_EXTRAS numbers it is dropped and the note says so. */
void claim_extra(sl_claim_result *out, const char *name, double value);

/* Signed volume (m^3) of the tet with node indices t[0..3] at positions x (3 per node):
 * det[x1 - x0, x2 - x0, x3 - x0] / 6, written here and not taken from the library, for the
 * rows whose reference is their own arithmetic. */
double claim_tet_volume(const double *x, const int *t);

/* Builds scene `scene` with its defaults, each (param, value) pair of `set` applied
 * (count pairs), and stepper `method` at dt (s); NULL on any error, with the reason in
 * out->note. */
sl_world *claim_world(const char *scene, const char *method, double dt, const sl_param *set_p,
                      const double *set_v, int set_count, sl_claim_result *out);

/* One step of w, the `i`-th (0-based) of `steps`; on an error the note says which step
 * failed and at what time. Returns sl_world_step's status. */
sl_status claim_step(sl_world *w, long i, long steps, sl_claim_result *out);

/* Runs w for t_end (s) of simulated time (claim_step); SL_OK, or the step's error. */
sl_status claim_run_for(sl_world *w, double t_end, sl_claim_result *out);

/* Seed 000's cost rows (seed000_cost.c): the factor's nonzeros growth on beams of 50 and
 * 200 tets, the factorization's share of the flops, and (ctx NULL: the growth exponent;
 * else ms a step at 200 tets) this machine's processor time a step. */
sl_status claim_run_cost_fill(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out);
sl_status claim_run_cost_share(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out);
sl_status claim_run_cost_time(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out);

/* Seed 000's statics (seed000.c), shared with seed000_statics.c: */
/* Runs w under linearly implicit Euler at dt = 1 s (a Newton step when dt^2 K >> M) until
 * its kinetic energy is below 1e-24 J, at most max_steps; the note says when it is not at
 * rest. Returns the step's error, or SL_OK. */
sl_status claim_relax(sl_world *w, int max_steps, sl_claim_result *out);
/* The peer: CalculiX (ccx, C3D4, *STATIC; with NLGEOM when nlgeom: its *ELASTIC is then
 * St. Venant-Kirchhoff) on w's tets and rest positions, material mat, w's pinned nodes
 * held, nodal forces f (double[3n], N); u (double[3n], m) gets its displacements. SL_OK
 * with out->skipped = 1 where ccx cannot run (no env, not installed); SL_ERR_IO or
 * SL_ERR_PARSE when its files cannot be written or read (the note says which). */
sl_status claim_ccx_static(const sl_validate_env *env, const sl_world *w, const sl_material *mat, const double *f,
                           int nlgeom, double *u, sl_claim_result *out);
/* f (double[3n], N) = w's lumped masses under gravity g (m/s^2) along -y. */
void claim_gravity_loads(const sl_world *w, double g, double *f);

/* Seed 000's rows of seed000_statics.c: a cantilever's tip at rest under gravity against
 * CalculiX (ctx: "green" or "linear", the strain); the volume of the twisted beam with the
 * linearized strain (Fig. 5; ctx NULL) beside the Green strain's. */
sl_status claim_run_cantilever_ccx(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out);
sl_status claim_run_twist_volume(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out);

/* Seed 002's energy rows (seed002_energy.c): warp-bar under per-vertex warping at 10 ms,
 * with the mass damping c (1/s) that c->ctx points to (a double), judged by the core's
 * verdict for 30 s: the time it first says 'growing' (30: never), and as extras the energy
 * at the start, its lowest and when, the divergence; undamped (c = 0) also the time of
 * 'growing' at half the step (5 ms), damped the energy at the end. */
sl_status claim_run_bar_vertex_energy(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out);

/* Seed 001's deep squeeze (seed001_squeeze.c): onering-squeeze at 4 cells with the plates
 * stopping at 1.1 % of the thickness; ctx: int, the mark (0: 13 %, 1: 2.3 %, 2: 1.4 % of
 * the thickness): the largest volume error (%) until the ball is that thin. The rows share
 * one run within a process. */
#define SL_SQUEEZE_DEEP_MARKS 3
sl_status claim_run_squeeze_deep(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out);

/* Seed 001's cost ordering (seed001_squeeze.c): the steps a simulated second the explicit
 * forces of the 6-cell drop ball allow (omega_max / 2) under the seed's Newmark scheme;
 * ctx: int, 1: one-ring over per-tet nu = 0.45, 0: per-tet 0.499 over 0.45. */
sl_status claim_run_cost_steps(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out);

/* Papers 005 and 006's hanging chain (chain.c): `links` springs of rest length L (m), nodes
 * of m (kg), stiffness k (J, phi a strain: k/L^2 N/m a link), gravity g (m/s^2), mass
 * damping c (1/s), hanging straight down from a pin, released at rest length. */
typedef struct claim_chain {
    int links;
    double L, m, k, g, c;
    double last_m; /* kg: the last node's mass, a hung load; 0: m */
} claim_chain;
/* The chain of the scene xpbd-hanging-chain (30 links of 5 cm, 10 g nodes, k = 10 J: 4000 N/m
 * a link) hanging under g = 9.81 m/s^2, damped 5/s: the stiff chain rows of 005 and 006
 * read (chain.c), and the words their set-ups say it in. */
#define CLAIM_SCENE_CHAIN_LINKS 30
extern const claim_chain claim_scene_chain;
#define CLAIM_SCENE_CHAIN_SETUP "the chain of xpbd-hanging-chain (30 springs of 5 cm, 10 g nodes, k = 10 N m: 4000 N/m " \
                                "a link) hanging from its pin, released at rest length, mass damping 5/s, read at rest after 5 s"
/* Hooke's stretch of the chain at rest (m): link j (j = 1..N from the pin) carries N + 1 - j
 * nodes, strain (N + 1 - j) m g L / k, so the chain is longer by m g L^2 N (N + 1) / (2 k). */
double claim_chain_hooke(const claim_chain *ch);
/* softlab's run: sl_chain_world hanging, stepper `method` at dt (s) with `iterations`
 * (sl_world_set_iterations), for t_end (s); *stretch (m) the last node's depth minus N L,
 * *top_force (N) the top link's force estimate |grad C^T lambda| / h^2 on node 1
 * (sl_xpbd_row_forces; NaN for a stepper that is not position-based); *max_stretch (m; may be
 * NULL) the largest stretch at the end of a step over the run. */
sl_status claim_chain_hang(const claim_chain *ch, const char *method, double dt, int iterations, double t_end,
                           double *stretch, double *top_force, double *max_stretch, sl_claim_result *out);
/* The same run written out in one dimension (the rows' second implementation): `substeps`
 * substeps of dt/substeps, each of `sweeps` Gauss-Seidel sweeps, XPBD (compliant = 1) or
 * PBD (0); returns the stretch (m), *top_force and *max_stretch (may be NULL) as above, the
 * largest stretch sampled at the end of each step of dt. NaN: no memory. */
double claim_chain_hang_ref(const claim_chain *ch, double dt, int substeps, int sweeps, int compliant, double t_end,
                            double *top_force, double *max_stretch);

/* Paper 006's hanging cloth (seed006_cloth.c): xpbd-hanging-cloth damped 5/s to rest over 4 s
 * in frames of 1/60 s, the springs' mean strain with 30 iterations over that with 30
 * substeps; the reference the same two runs written out. */
sl_status claim_run_cloth_substeps(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out);
#endif
