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
} sl_scene_class;

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

#endif
