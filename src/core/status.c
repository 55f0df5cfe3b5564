/* Status texts (messages/en.json through softlab/message.h) and the constructors' error
 * record (softlab/status.h). */
#include <stdarg.h>
#include <stdio.h>

#include "softlab/message.h"
#include "softlab/status.h"

sl_status sl_error_set(sl_error *err, sl_status status, int index, const char *fmt, ...) {
    if (!err) return status;
    err->status = status;
    err->index = index;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    /* the English as one part: a message not yet given an id of the table */
    sl_message_list_clear(&err->detail);
    if (err->message[0]) sl_message_add(&err->detail, "error.text", "text", err->message, NULL);
    return status;
}

sl_status sl_error_set_message(sl_error *err, sl_status status, int index, const char *id, ...) {
    if (!err) return status;
    err->status = status;
    err->index = index;
    sl_message_list_clear(&err->detail);
    va_list ap;
    va_start(ap, id);
    sl_status st = sl_message_vadd(&err->detail, id, ap);
    va_end(ap);
    if (st != SL_OK) {
        snprintf(err->message, sizeof err->message, "message %s: %s", id ? id : "(null)", sl_status_message(st));
        return status; /* a programming error (the id or its parameters): the message says so */
    }
    sl_message_list_render(&err->detail, err->message, sizeof err->message);
    return status;
}

const char *sl_status_id(sl_status status) {
    static const char *const ids[] = {
#define SL_STATUS_ID(code, id) id,
        SL_STATUS_LIST(SL_STATUS_ID)
#undef SL_STATUS_ID
    };
    if ((int)status < 0 || status >= SL_STATUS_COUNT) return NULL;
    return ids[status];
}

const char *sl_status_message(sl_status status) {
    const char *text = sl_message_template(sl_status_id(status)); /* plain text: no parameters */
    return text ? text : "unknown status";
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
