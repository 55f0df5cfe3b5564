/* Status texts and the constructors' error record (softlab/status.h). */
#include <stdarg.h>
#include <stdio.h>

#include "softlab/status.h"

sl_status sl_error_set(sl_error *err, sl_status status, int index, const char *fmt, ...) {
    if (!err) return status;
    err->status = status;
    err->index = index;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    return status;
}

const char *sl_status_message(sl_status status) {
    static const char *const text[] = {
#define SL_STATUS_TEXT(code, message) message,
        SL_STATUS_LIST(SL_STATUS_TEXT)
#undef SL_STATUS_TEXT
    };
    if ((int)status < 0 || status >= SL_STATUS_COUNT) return "unknown status";
    return text[status];
}

const char *sl_status_name(sl_status status) {
    static const char *const names[] = {
#define SL_STATUS_NAME(code, message) #code,
        SL_STATUS_LIST(SL_STATUS_NAME)
#undef SL_STATUS_NAME
    };
    if ((int)status < 0 || status >= SL_STATUS_COUNT) return "SL_UNKNOWN";
    return names[status];
}
