/* The claims of each seed (seed000.c ... seed004.c), gathered by validate.c, and what the
 * rows share. Only src/validate/ includes this. */
#ifndef SOFTLAB_VALIDATE_CLAIMS_H
#define SOFTLAB_VALIDATE_CLAIMS_H

#include <stdarg.h>

#include "softlab/scene.h"
#include "softlab/validate.h"

extern const sl_claim sl_claims_seed000[], sl_claims_seed001[], sl_claims_seed002[],
    sl_claims_seed003[], sl_claims_seed004[];
extern const int sl_claims_seed000_count, sl_claims_seed001_count, sl_claims_seed002_count,
    sl_claims_seed003_count, sl_claims_seed004_count;

/* snprintf into a result's text field, truncating. */
void claim_say(char *field, int size, const char *fmt, ...);
#define CLAIM_SAY(field, ...) claim_say(field, (int)sizeof(field), __VA_ARGS__)

/* Builds scene `scene` with its defaults, each (param, value) pair of `set` applied
 * (count pairs), and stepper `method` at dt (s); NULL on any error, with the reason in
 * out->note. */
sl_world *claim_world(const char *scene, const char *method, double dt, const sl_param *set_p,
                      const double *set_v, int set_count, sl_claim_result *out);

/* Runs w for t_end (s) of simulated time; SL_OK, or the step's error (note says so). */
sl_status claim_run_for(sl_world *w, double t_end, sl_claim_result *out);

#endif
