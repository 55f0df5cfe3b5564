#include "sl_status.h"

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
