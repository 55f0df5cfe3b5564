/* Scenes: the seeds' experiments, built by C functions registered in one table so
 * that the browser, the CLI, lessons, tests and benchmarks run the same scene. */
#ifndef SL_SCENE_H
#define SL_SCENE_H

#include "sl_world.h"

/* Overrides of a scene's physical parameters. NaN (or -1 for counts) keeps the
 * scene's default; sl_scene_params_default() sets all to "keep". */
typedef struct sl_scene_params {
    double spring_stiffness; /* k of distance springs, N m (phi dimensionless), > 0 */
    double young_modulus;    /* Pa, > 0 */
    double poisson_ratio;    /* [0, 0.5] */
    double density;          /* kg/m^3, > 0 */
    double gravity;          /* m/s^2 along -y, >= 0 */
    int resolution;          /* mesh refinement level, >= 1 */
} sl_scene_params;

typedef struct sl_scene_class {
    const char *name;           /* id, e.g. "swinging-cube" */
    const char *title;          /* human name */
    const char *citation;       /* seed file, section, figure */
    const char *description;    /* a few sentences for the student: what to watch */
    const char *default_method; /* stepper name */
    double default_dt;          /* s */
    double default_t_end;       /* s */
    /* Builds the world (no stepper set). Errors: SL_ERR_RANGE for bad params,
     * SL_ERR_NOMEM; *out is NULL on error. */
    sl_status (*build)(const sl_scene_params *params, sl_world **out);
} sl_scene_class;

extern const sl_scene_class *const sl_scenes[];
extern const int sl_scene_count;

/* All parameters set to "keep the scene's default". */
sl_scene_params sl_scene_params_default(void);

/* The scene named name, or NULL. */
const sl_scene_class *sl_scene_find(const char *name);

#endif
