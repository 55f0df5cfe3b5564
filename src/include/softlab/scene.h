/* Scenes: the seeds' experiments, built by C functions registered in one table so
 * that the browser, the CLI, lessons, tests and benchmarks run the same scene. */
#ifndef SL_SCENE_H
#define SL_SCENE_H

#include "softlab/world.h"

/* Overrides of a scene's physical parameters. NaN (or -1 for counts) keeps the
 * scene's default; sl_scene_params_default() sets all to "keep". */
typedef struct sl_scene_params {
    double spring_stiffness; /* k of distance springs, N m (phi dimensionless), > 0 */
    double young_modulus;    /* Pa, > 0 */
    double poisson_ratio;    /* [0, 0.5] */
    double density;          /* kg/m^3, > 0 */
    double gravity;          /* m/s^2 along -y, >= 0 */
    int resolution;          /* mesh refinement level, >= 1 */
    int grid_variant;        /* grid solids (seed 004): 0 original, 1 improved (all three
                              * improvements), 2 area restoration alone (face diagonals
                              * instead of angles), 3 original + volume restoration,
                              * 4 original + pillars */
} sl_scene_params;

/* Which sl_scene_params fields a scene reads (sl_scene_class.params): front-ends show
 * only these controls. */
enum {
    SL_PARAM_SPRING_STIFFNESS = 1 << 0,
    SL_PARAM_YOUNG_MODULUS = 1 << 1,
    SL_PARAM_POISSON_RATIO = 1 << 2,
    SL_PARAM_DENSITY = 1 << 3,
    SL_PARAM_GRAVITY = 1 << 4,
    SL_PARAM_RESOLUTION = 1 << 5,
    SL_PARAM_GRID_VARIANT = 1 << 6,
};

/* Valid range [min, max] and unit of each parameter, for front-ends and checks. */
typedef struct sl_param_info {
    int flag;           /* SL_PARAM_* */
    const char *name;   /* id, e.g. "young_modulus" (URL and CLI spelling) */
    const char *label;  /* e.g. "Young's modulus" */
    const char *unit;   /* SI unit, e.g. "Pa" */
    double min, max;    /* inclusive */
    int log_scale;      /* 1 if a slider should be logarithmic */
} sl_param_info;

extern const sl_param_info sl_param_infos[];
extern const int sl_param_info_count;

/* Reads parameter `flag` of p (NaN or -1 = keep the scene's default). */
double sl_scene_params_get(const sl_scene_params *p, int flag);
/* Sets parameter `flag` of p. Errors: SL_ERR_NULL, SL_ERR_INDEX (unknown flag),
 * SL_ERR_RANGE (outside sl_param_infos' range). */
sl_status sl_scene_params_set(sl_scene_params *p, int flag, double value);

typedef struct sl_scene_class {
    const char *name;           /* id, e.g. "swinging-cube" */
    const char *title;          /* human name */
    const char *citation;       /* seed file, section, figure */
    const char *description;    /* a few sentences for the student: what to watch */
    int params;                 /* SL_PARAM_* flags of the parameters it reads */
    const char *default_method; /* stepper name */
    double default_dt;          /* s */
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

/* params with every field that scene sc reads and params keeps (NaN / -1) replaced by
 * sc's default. */
sl_scene_params sl_scene_params_resolve(const sl_scene_class *sc, const sl_scene_params *params);

/* Builds scene sc with params (NULL: all defaults), resolved by sl_scene_params_resolve.
 * Errors: SL_ERR_NULL, SL_ERR_UNKNOWN_SCENE (sc has no build: the user-mesh scene), and
 * those of sc->build. */
sl_status sl_scene_build(const sl_scene_class *sc, const sl_scene_params *params, sl_world **out);

/* The scene named name, or NULL. */
const sl_scene_class *sl_scene_find(const char *name);

#endif
