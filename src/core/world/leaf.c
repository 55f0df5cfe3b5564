/* The world's leaf: what every file of world/ and every stepper calls (the error note,
 * the clock, the hard-constraint test), calling nothing of world/ in turn. Kept out of
 * world.c so that the files of world/ and the steppers depend on world.c's lifetime and
 * stepping only where they use them, not for these three (issue 44: world/ was one
 * circle of seven files through them). It needs only the world's layout
 * (world_internal.h), the status messages (status.c) and the model language (model.h). */
#define _POSIX_C_SOURCE 199309L /* clock_gettime for stage timings */
#define SL_WORLD_INTERNAL        /* world/world_internal.h: the world's own files */
#include "world/world_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <time.h>

sl_status sl_world_fail(sl_world *w, sl_status status, const char *fmt, ...) {
    if (!w) return status;
    va_list args;
    va_start(args, fmt);
    char detail[900]; /* a divergence's reason is up to 720 (world_internal.h) */
    vsnprintf(detail, sizeof detail, fmt, args);
    va_end(args);
    snprintf(w->last_error, sizeof w->last_error, "%s: %s", sl_status_message(status), detail);
    snprintf(w->fail_detail, sizeof w->fail_detail, "%.*s", (int)sizeof w->fail_detail - 1, detail);
    w->fail_count++;
    return status;
}

double sl_clock_seconds(void) { /* monotonic, microsecond-resolution also under Emscripten */
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int sl_world_has_zero_compliance(const sl_world *w) {
    for (int k = 0; k < w->model_count; k++) {
        const sl_model *m = w->models[k];
        for (int i = 0; i < sl_model_constraint_count(m); i++)
            if (m->compliance[i] == 0) return 1;
    }
    return 0;
}
