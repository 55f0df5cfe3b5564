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

/* Keeps the error: the status's words and detail as last_error's English text and as ids. */
static sl_status keep_error(sl_world *w, sl_status status, const char *detail, const sl_message_list *parts) {
    snprintf(w->last_error, sizeof w->last_error, "%s: %s", sl_status_message(status), detail);
    snprintf(w->fail_detail, sizeof w->fail_detail, "%.*s", (int)sizeof w->fail_detail - 1, detail);
    sl_message_list_clear(&w->error_message);
    sl_message_add(&w->error_message, "error.world", "status", sl_status_id(status), NULL);
    if (parts) sl_message_list_append(&w->error_message, parts);
    else sl_message_add(&w->error_message, "error.text", "text", detail, NULL);
    w->fail_count++;
    return status;
}

sl_status sl_world_fail(sl_world *w, sl_status status, const char *fmt, ...) {
    if (!w) return status;
    va_list args;
    va_start(args, fmt);
    char detail[900]; /* a divergence's reason is up to 720 (world_internal.h) */
    vsnprintf(detail, sizeof detail, fmt, args);
    va_end(args);
    return keep_error(w, status, detail, NULL);
}

sl_status sl_world_fail_message(sl_world *w, sl_status status, const char *id, ...) {
    if (!w) return status;
    sl_message_list parts = {0};
    va_list args;
    va_start(args, id);
    sl_status st = sl_message_vadd(&parts, id, args);
    va_end(args);
    char detail[900];
    if (st != SL_OK) /* a programming error (the id or its parameters): say which */
        return sl_world_fail(w, status, "message %s: %s", id ? id : "(null)", sl_status_message(st));
    sl_message_list_render(&parts, detail, sizeof detail);
    return keep_error(w, status, detail, &parts);
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
