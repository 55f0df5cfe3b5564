/* Scenes: the seeds' experiments, built by C functions registered in one table so
 * that the browser, the CLI, lessons, tests and benchmarks run the same scene. */
#ifndef SL_SCENE_H
#define SL_SCENE_H

#include "softlab/world.h"

/* The physical parameters a scene may read, as indices into sl_scene_params.value and
 * sl_param_infos (the only table of their names, units, ranges and choices). */
typedef enum sl_param {
    SL_PARAM_SPRING_STIFFNESS, /* k of distance springs, N m (phi is a strain), > 0 */
    SL_PARAM_YOUNG_MODULUS,    /* Pa, > 0 */
    SL_PARAM_POISSON_RATIO,    /* [0, 0.5] */
    SL_PARAM_DENSITY,          /* kg/m^3, > 0 */
    SL_PARAM_GRAVITY,          /* m/s^2 along -y, >= 0 */
    SL_PARAM_RESOLUTION,       /* mesh refinement level (cells across the short side) */
    SL_PARAM_GRID_VARIANT,     /* grid solids (seed 004): sl_param_infos' choices */
    SL_PARAM_PBD_ITERATIONS,   /* position-correction sweeps after each explicit step, 0..50
                                  (seed 003 §5; sl_world_set_pbd_iterations), 0 = off */
    SL_PARAM_ONERING,          /* incompressibility of the seed 001 scenes: 1 one-ring volumes
                                  (deviatoric tets + one row per node, alpha = 0), 0 per-tet
                                  (Green-strain tets at the Poisson ratio; alpha = 0 at 0.5) */
    SL_PARAM_EXPERIMENT,       /* what a loaded mesh does (sl_user_mesh_world): 0 hang, 1 drop,
                                  2 squeeze, 3 cantilever (SL_MESH_HANG ...) */
    SL_PARAM_SQUEEZE_GAP,      /* onering-squeeze: the gap the plates stop at, as a fraction of
                                  the ball's height (seed 001 Fig. 6 squeezes to 0.011) */
    SL_PARAM_COUNT
} sl_param;

/* The bit of parameter p in sl_scene_class.params. */
#define SL_PARAM_BIT(p) (1 << (p))

/* Values of a scene's parameters, SI units; NaN keeps the scene's default
 * (sl_scene_params_default sets all to "keep"). */
typedef struct sl_scene_params {
    double value[SL_PARAM_COUNT];
} sl_scene_params;

/* Name, unit, valid range and choices of a parameter: the one table front-ends and
 * checks read (the wasm API hands it to the page, the CLI to its options). */
typedef struct sl_param_info {
    const char *name;   /* id, e.g. "young_modulus" (URL and CLI spelling) */
    const char *label;  /* e.g. "Young's modulus" */
    const char *unit;   /* SI unit, e.g. "Pa" ("" for dimensionless) */
    double min, max;    /* inclusive */
    int integer;        /* 1 if only whole numbers are valid */
    int log_scale;      /* 1 if a slider should be logarithmic */
    const char *const *choices; /* names of the values min..max (integer parameters), or NULL */
    const char *const *choice_labels; /* what each of those values is, in words for a menu
                                         (e.g. "original (Terzopoulos 1987)"), or NULL: the names */
} sl_param_info;

extern const sl_param_info sl_param_infos[SL_PARAM_COUNT];

/* The parameter named name (sl_param_info.name), or -1. */
int sl_param_find(const char *name);

/* The value of choice `name` of parameter p (e.g. "improved" of SL_PARAM_GRID_VARIANT),
 * or -1. */
int sl_param_choice(sl_param p, const char *name);

/* 1 if value is valid for parameter p (in its range; whole for an integer one), else 0. */
int sl_param_valid(sl_param p, double value);

/* Reads parameter p of params (NaN = keep the scene's default; NaN for a bad p). */
double sl_scene_params_get(const sl_scene_params *params, sl_param p);
/* Sets parameter p of params. Errors: SL_ERR_NULL, SL_ERR_INDEX (unknown p),
 * SL_ERR_RANGE (outside its range, or not whole for an integer parameter). */
sl_status sl_scene_params_set(sl_scene_params *params, sl_param p, double value);

typedef struct sl_scene_class {
    const char *name;           /* id, e.g. "swinging-cube" */
    const char *title;          /* human name */
    const char *citation;       /* seed file, section, figure */
    const char *description;    /* a few sentences for the student: what to watch */
    /* The comparison the page opens with when its URL names no steppers, in the page's
     * URL syntax (web/settings/params.js), e.g. "methods=regularized,regularized&grid_variant=0,1&
     * plot=volume_ratio"; NULL: symplectic Euler, linearly implicit Euler and the
     * regularized stepper (seed 000 Fig. 2), plotting the tracked height. */
    const char *default_view;
    /* Bit i set: panel i of that comparison is meant to blow up (a stability demo, e.g. the
     * swinging cube's symplectic Euler at 0.05 s, 14 times its bound 2/omega_max); every
     * other panel holds for SL_SCENE_CHECK_SECONDS at its settings: no divergence and no
     * energy-growth warning (sl_world_energy_growth). `softlab check-defaults` runs every
     * panel of every scene and expects this; the page reads the bits
     * (sl_api_scene_unstable_panels). */
    unsigned unstable_panels;
    /* How the page deals that comparison's panels over its simulation Workers: a group per
     * panel, "0,0,1,1" (integers in [0, panels)); panels of a group share a Worker, the
     * groups go to the Workers in turn (web/sim/sim-client.js dealWorkers). For a comparison
     * whose Workers' loads the page's own deal (panels paired end to end) leaves uneven; the
     * measurement that says so is stated beside it. NULL: the page's deal. The page reads it
     * (sl_api_scene_worker_groups). */
    const char *worker_groups;
    int params;                 /* SL_PARAM_BIT of each parameter it reads */
    const char *default_method; /* stepper name */
    double default_dt;          /* s */
    double default_beta;        /* 1/s, >= 0: beta of the regularized stepper (seed 000
                                   eq. 20) when the caller keeps the default; 0 unless the
                                   scene needs damping to stay bounded at its defaults */
    double default_t_end;       /* s */
    /* The value of each parameter in `params` when the caller keeps the default (what
     * the front-ends show, and what build receives). */
    sl_scene_params defaults;
    /* Builds the world (no stepper set) from params whose fields named in `params` are
     * all set (sl_scene_build fills them from `defaults`). Errors: SL_ERR_RANGE for bad
     * params, SL_ERR_NOMEM; *out is NULL on error. */
    sl_status (*build)(const sl_scene_params *params, sl_world **out);
    /* The coordinate of the tracked node its phase portrait plots against its rate (the
     * page's plot "phase"): "angle" (about the first pinned node, from the downward
     * vertical in the x-y plane: a pendulum), "x", "y" or "z"; NULL: "y", the height. */
    const char *phase;
    /* A mesh loaded while this scene is shown runs the user-mesh scene's experiment
     * `mesh_experiment` (sl_mesh_experiment in softlab/build.h: 1 drop, 2 squeeze,
     * 3 cantilever) with this scene's panels, Δt and material (seed 001's scenes); 0: the
     * user-mesh scene's own defaults. */
    int mesh_experiment;
} sl_scene_class;

/* Simulated time (s) every panel of a scene's opening comparison holds for unless flagged
 * in unstable_panels (`softlab check-defaults`, issue 26). */
#define SL_SCENE_CHECK_SECONDS 30.0

/* At most this many panels side by side (web/settings/params.js MAX_PANELS). */
#define SL_SCENE_MAX_PANELS 4

/* One panel of a scene's opening comparison. */
typedef struct sl_scene_panel {
    const sl_stepper_class *stepper;
    double dt, beta;         /* s, 1/s */
    sl_scene_params params;  /* the view's values; NaN keeps the scene's default */
    int unstable;            /* 1: meant to blow up (sl_scene_class.unstable_panels) */
    int group;               /* its Worker group (sl_scene_class.worker_groups), -1: none given */
} sl_scene_panel;

/* The panels (*count of them, at most SL_SCENE_MAX_PANELS) of sc's opening comparison:
 * default_view read as the page reads it (web/settings/params.js parseParams): its methods (none:
 * symplectic Euler, linearly implicit Euler and the regularized stepper), each at the
 * view's dt, beta and scene parameters (one value for all panels or one per panel) or
 * else the scene's defaults; keys that only change the view (plot, camera, ...) are
 * skipped. Errors: SL_ERR_NULL, SL_ERR_RANGE (an unknown stepper or key, a value out of
 * range, a list of the wrong length, more than SL_SCENE_MAX_PANELS panels, or a bit of
 * unstable_panels beyond the last panel, worker_groups not one integer in [0, count) per
 * panel). */
sl_status sl_scene_default_panels(const sl_scene_class *sc, sl_scene_panel *panels, int *count);

/* The lab's "explicit integrator race" preset (web/settings/presets.js; the one place of its
 * rule, which the page reads through the wasm API and `softlab check-defaults --race` runs)
 * runs SL_RACE_STEPPER_COUNT explicit integrators, sl_scene_race_steppers (symplectic Euler,
 * Verlet, Forest-Ruth and RK4: seed 003's race, lesson 003), at dt = SL_RACE_OMEGA_DT /
 * omega_max of panel 1 at rest: a third of Forest-Ruth's bound 1.5734, the smallest of the
 * four, so that all four run and their energy errors differ by their orders, leaving room for
 * a body that stiffens as it moves (the lifted grid box's energy grows at omega dt = 1). At
 * a scene's own dt the race died: the swinging cube's 0.05 s is omega dt = 28. */
#define SL_RACE_OMEGA_DT 0.5
#define SL_RACE_STEPPER_COUNT 4
extern const char *const sl_scene_race_steppers[SL_RACE_STEPPER_COUNT];

/* The race preset's dt (s): SL_RACE_OMEGA_DT / omega_max rounded down to two significant
 * digits, or dt_default (the scene's dt, s) if that is smaller or omega_max (rad/s) is not
 * a positive number. */
double sl_scene_race_dt(double omega_max, double dt_default);

/* The lab's "make it explode" preset runs panel 1 under explicit Euler at dt =
 * SL_EXPLODE_OMEGA_DT / omega_max, 1.5 times the bound 2 the stability meter marks
 * (symplectic Euler's). Explicit Euler is unstable at every dt on an undamped body
 * (|1 + i omega dt| > 1); at omega dt = 3 its fastest mode grows by sqrt(10) a step, so the
 * run diverges within a few steps instead of creeping for seconds. */
#define SL_EXPLODE_OMEGA_DT 3.0

/* The explode preset's dt (s) for omega_max (rad/s) of the body at rest: SL_EXPLODE_OMEGA_DT
 * / omega_max rounded up to three significant digits (so omega dt lands in [3, 3.03)),
 * clamped to the page's dt range [SL_DT_MIN_PAGE, SL_DT_MAX]; NaN if omega_max is not a
 * positive finite number. */
double sl_scene_explode_dt(double omega_max);

extern const sl_scene_class *const sl_scenes[];
extern const int sl_scene_count;

/* All parameters set to "keep the scene's default". */
sl_scene_params sl_scene_params_default(void);

/* params with every parameter that scene sc reads and params keeps (NaN) replaced by
 * sc's default. */
sl_scene_params sl_scene_params_resolve(const sl_scene_class *sc, const sl_scene_params *params);

/* Builds scene sc with params (NULL: all defaults), resolved by sl_scene_params_resolve.
 * Errors: SL_ERR_NULL, SL_ERR_UNKNOWN_SCENE (sc has no build: the user-mesh scene), and
 * those of sc->build. */
sl_status sl_scene_build(const sl_scene_class *sc, const sl_scene_params *params, sl_world **out);

/* The scene named name, or NULL. */
const sl_scene_class *sl_scene_find(const char *name);

/* Fewest periods 2 pi/omega_max of the scene's fastest mode that a sl_scene_find_dt run
 * covers, whatever t_end: instability at a small dt grows per period (explicit Euler's
 * energy by exp(2 pi omega dt) a period), so a run short in periods cannot show it. */
#define SL_FIND_DT_PERIODS 200

/* Default t_end (s) of sl_scene_find_dt's runs: `softlab find-dt`'s --t-end and the
 * page's "find" (through sl_api_find_dt_run_seconds). */
#define SL_FIND_DT_T_END 1.0

/* Seconds of every trial run of sl_scene_find_dt on world w as built (its stepper set, if
 * any: sl_world_omega_max leaves out the rows that stepper projects):
 * max(t_end, SL_FIND_DT_PERIODS 2 pi/omega_max), omega_max of w (sl_world_omega_max, 20000
 * iterations), or 2/default_dt (s) if w has none; *omega_max (rad/s, may be NULL) gets the
 * omega_max used. NaN (and *omega_max NaN) for w NULL, default_dt <= 0 or t_end outside
 * (0, 1e4] s. The page's "find" runs its trials with this and sl_scene_find_dt_run_steps,
 * so that it and the library judge the same runs. */
double sl_scene_find_dt_run_seconds(sl_world *w, double default_dt, double t_end, double *omega_max);

/* Fewest steps of a trial run: four of the verdict's windows (SL_VERDICT_WINDOW_STEPS,
 * softlab/world.h), what its trend needs (three rising windows after the first) and more
 * than the two a gain that stays needs. A run of fewer steps is judged on divergence only:
 * with 8, the hanging cantilever under the regularized stepper passed at 50 ms and 0.1 s. */
#define SL_FIND_DT_MIN_STEPS (4 * SL_VERDICT_WINDOW_STEPS)

/* Steps of a trial run of run_seconds (s) at dt (s): round(run_seconds/dt), at least
 * SL_FIND_DT_MIN_STEPS;
 * 0 if either is not positive. */
long sl_scene_find_dt_run_steps(double run_seconds, double dt);

/* The largest time step dt_max (s) at which `stepper` runs scene sc stably (seed 003
 * Table 1, "Max dt"): the bisection of `softlab find-dt` and `softlab score`.
 * Stable at dt: a run of the scene built from params (NULL: its defaults), starting as
 * built, of max(t_end, SL_FIND_DT_PERIODS 2 pi/omega_max) seconds (at least SL_FIND_DT_MIN_STEPS steps;
 * sl_scene_find_dt_run_seconds and _run_steps) in
 * which every step succeeds and the core's verdict on the run (sl_world_judge, judged
 * after every step; criteria and numbers in softlab/world.h) is never 'growing' or
 * 'diverged' (the run stops at the first such verdict, so a 'growing' that the verdict
 * later clears still fails it).
 * It is the one rule of the CLI, the page's "find" and the lessons: a bounded
 * oscillation passes however far its energy swings within a period, a growth fails once
 * its trend passes half the run's energy scale. 'artifact' (a linearized model's volume
 * growth under rotation) passes: it is the model's error, present at every dt however
 * small, so it says nothing about the step (counting it would give dt_max = 0 to linear
 * FEM on any rotating scene), and it never hides a growth (growing outranks it). Under a
 * SL_STEPPER_LINEARIZED stepper the verdict does not judge energy, so only divergence
 * fails; nor while a driver, a grab or a moving plate does work on the body.
 * omega_max is the scene's as built under the stepper (sl_world_omega_max; 2/default_dt
 * if it has none).
 * dt is bisected geometrically between dt_lo = 1e-3 * 2/omega_max and the first unstable
 * doubling of 4 * 2/omega_max to a relative width of 1e-4, a doubling past SL_DT_MAX (1 s,
 * the largest dt a world takes) tried at SL_DT_MAX instead; stable there, that is
 * returned (and the result's dt_hi is INFINITY: no unstable dt). *dt_max = 0: unstable already at dt_lo, or the
 * stepper refuses the scene. A finite run cannot show instability at EVERY dt: a scheme
 * whose growth per step vanishes fast as dt -> 0 (half step: energy x (1 + (omega dt)^4/4)
 * a step) gets the dt at which its growth over the run reaches the verdict's margin (on
 * the undamped oscillator: the energy doubles), which shrinks as the run grows
 * (tests/c/test_integrators.c). Errors: SL_ERR_NULL, SL_ERR_RANGE (t_end not in (0, 1e4]
 * s), SL_ERR_UNKNOWN_SCENE (sc has no build) and those of sc->build. */
sl_status sl_scene_find_dt(const sl_scene_class *sc, const sl_scene_params *params,
                           const sl_stepper_class *stepper, double t_end, double *dt_max);

/* sl_scene_find_dt starting the search at dt_lo (s, in (0, 1); 0: at 1e-3 * 2/omega_max)
 * instead of far below the explicit bound: the first run is at dt_lo (dt_max = 0 if it is
 * unstable), the doublings start at max(4 * 2/omega_max, 2 dt_lo). For implicit steppers on
 * stiff meshes, whose default first run would take millions of steps (seed 002's tube:
 * `softlab find-dt --dt-lo 5e-4`). Errors as sl_scene_find_dt, SL_ERR_RANGE for dt_lo
 * outside [0, 1). */
sl_status sl_scene_find_dt_from(const sl_scene_class *sc, const sl_scene_params *params,
                                const sl_stepper_class *stepper, double t_end, double dt_lo,
                                double *dt_max);

/* Bits of sl_find_dt_result.gave_up. */
#define SL_FIND_DT_STEP_CAP 1 /* a run at the first dt would exceed max_steps: the search
                                 started at t_run / max_steps instead (smaller dt untried) */
#define SL_FIND_DT_TIME_CAP 2 /* the clock passed max_seconds: the search stopped there */

/* Seconds of clock between progress reports within one trial run. */
#define SL_FIND_DT_REPORT_SECONDS 5.0

/* Limits and progress of sl_scene_find_dt_limited (all 0 / NULL: none, as find_dt_from). */
typedef struct sl_find_dt_limits {
    long max_steps;     /* steps one trial run may take (0: no cap) */
    double max_seconds; /* processor seconds the whole search may take (0: no cap) */
    /* Called after every trial run, and every SL_FIND_DT_REPORT_SECONDS of clock within
     * one, or NULL: the dt tried (s), 1 stable, 0 unstable, -1 stopped by max_seconds, 2
     * still running; steps run and clock seconds spent by the search so far. */
    void (*progress)(void *ctx, double dt, int stable, long steps, double seconds);
    void *ctx;
} sl_find_dt_limits;

/* What sl_scene_find_dt_limited found, or a search so far (sl_find_dt_search_result). */
typedef struct sl_find_dt_result {
    double dt_max;   /* s: the largest dt found stable (0: none was, or none yet) */
    int gave_up;     /* SL_FIND_DT_STEP_CAP | SL_FIND_DT_TIME_CAP, 0 if the search finished */
    double dt_lo;    /* s: the first dt tried (raised by the step cap) */
    double dt_hi;    /* s: the smallest dt found unstable (INFINITY: none) */
    long steps;      /* steps run over all trials */
    double dt_trial; /* s: the dt of the trial running or next (NaN once done) */
    double t_run;    /* s: simulated length of every trial run */
    int done;        /* 1 once the search has ended */
} sl_find_dt_result;

/* sl_scene_find_dt_from with limits: each trial run takes at most lim->max_steps steps
 * (the first dt is raised to t_run / max_steps when it would take more, and gave_up gets
 * SL_FIND_DT_STEP_CAP: dt_max is then the largest stable dt at or above that start), and
 * the search stops once it has spent lim->max_seconds of processor time (clock of
 * sl_scene_time_per_step; gave_up gets SL_FIND_DT_TIME_CAP, dt_max is the largest dt
 * found stable before, 0 if none). lim->progress hears of every trial (the CLI's
 * progress lines). lim NULL: no limits. Errors as sl_scene_find_dt_from, SL_ERR_NULL
 * for out, SL_ERR_RANGE for negative limits. */
sl_status sl_scene_find_dt_limited(const sl_scene_class *sc, const sl_scene_params *params,
                                   const sl_stepper_class *stepper, double t_end, double dt_lo,
                                   const sl_find_dt_limits *lim, sl_find_dt_result *out);

/* The same search one slice at a time, for a caller that must not block (the page's
 * "find", in its Worker, between messages) or builds its trial worlds its own way (a
 * panel's scene with the user's mesh, parameters and pins). sl_scene_find_dt_limited is
 * this search run to its end; both follow the rule and the sequence of trials of
 * sl_scene_find_dt_from, so the page and `softlab find-dt` try the same dts. */
typedef struct sl_find_dt_search sl_find_dt_search;

/* A fresh world as built, its stepper set at time step dt (s), for one trial run; NULL if
 * it cannot be built (the trial counts as unstable). The search destroys it. */
typedef sl_world *(*sl_find_dt_builder)(void *ctx, double dt);

/* Starts a search with trials from build(ctx, dt): the run length from the world built at
 * default_dt (s, in (0, 1); sl_scene_find_dt_run_seconds with t_end, s), the first trial at
 * dt_lo (s, in [0, 1); 0: 1e-3 * 2/omega_max), raised as sl_scene_find_dt_limited's
 * max_steps does (max_steps >= 0, 0: no cap). *out: the search (free it with
 * sl_find_dt_search_destroy), NULL on error. No step is run yet. Errors: SL_ERR_NULL
 * (build or out), SL_ERR_RANGE (an argument outside its range), SL_ERR_NOMEM. */
sl_status sl_find_dt_search_start(sl_find_dt_builder build, void *ctx, double default_dt, double t_end,
                                  double dt_lo, long max_steps, sl_find_dt_search **out);

/* Runs at most max_steps steps (0: no limit) of the current trial run, building its world
 * first if it starts now. Returns 2 if the trial runs on, 1 if it ended stable, 0 if it
 * ended unstable (the search then chooses the next dt, or ends), -1 if the search has
 * ended (or s is NULL). */
int sl_find_dt_search_advance(sl_find_dt_search *s, long max_steps);

/* Ends the search now, as a time limit does: gave_up gets SL_FIND_DT_TIME_CAP, dt_max is
 * the largest dt found stable so far (0: none), dt_hi the smallest found unstable. */
void sl_find_dt_search_stop(sl_find_dt_search *s);

/* The search's result so far (done = 1 once it has ended); all zero, dt_hi INFINITY and
 * dt_trial NaN for s NULL. */
sl_find_dt_result sl_find_dt_search_result(const sl_find_dt_search *s);

/* Frees the search and the world of a trial it was running. NULL is ignored. */
void sl_find_dt_search_destroy(sl_find_dt_search *s);

/* Trials of sl_scene_time_per_step: the best of this many, each of at least
 * SL_TIME_MIN_SECONDS of clock, so that a clock of coarse resolution (a browser's
 * performance.now(): 5-100 us) still measures steps of a fraction of a microsecond. */
#define SL_TIME_RUNS 3
#define SL_TIME_MIN_SECONDS 0.02

/* The time one step of `stepper` takes on scene sc (built from params, NULL: defaults) at
 * dt (s), in seconds (seed 003 Table 1, "Time"; the score is dt_max / *seconds): the best
 * of SL_TIME_RUNS trials. A trial builds the scene and runs it from its start for the
 * steps of t_end (s) of simulated time (round(t_end/dt), at least 50, at most 20,000: the
 * run sl_scene_find_dt checked, so no step past it diverges), then again from the start
 * (sl_world_reset) until at least SL_TIME_MIN_SECONDS of clock have passed; a step that
 * fails resets the world. *seconds = clock time / steps run, resets included (one per
 * 50 steps or more). The clock is the process's processor time
 * (CLOCK_PROCESS_CPUTIME_ID), so other work on the machine does not enter, where the
 * system has one (natively); else monotonic wall time (CLOCK_MONOTONIC: WebAssembly,
 * where the browser's performance.now() stands behind it). `softlab score` and the
 * browser's score card (sl_api_time_per_step) both time with it. Errors: SL_ERR_NULL,
 * SL_ERR_RANGE (dt not in (0, 1) s or t_end not in (0, 1e4] s), SL_ERR_UNKNOWN_SCENE,
 * those of sc->build and of sl_world_set_stepper (the stepper refuses the scene). */
sl_status sl_scene_time_per_step(const sl_scene_class *sc, const sl_scene_params *params,
                                 const sl_stepper_class *stepper, double dt, double t_end,
                                 double *seconds);

#endif
