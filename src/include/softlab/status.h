/* softlab status codes: one X-macro list makes both the enum and its messages' ids in the
 * message table (messages/en.json holds the English text, softlab/message.h), so no status
 * lacks text (sokol's pattern). Public functions that can fail
 * return an sl_status; results come back through out-pointers. */
#ifndef SL_STATUS_H
#define SL_STATUS_H

#define SL_STATUS_LIST(X)                              \
    X(SL_OK, "status.ok")                              \
    X(SL_ERR_NULL, "status.null")                      \
    X(SL_ERR_RANGE, "status.range")                    \
    X(SL_ERR_NOMEM, "status.nomem")                    \
    X(SL_ERR_INDEX, "status.index")                    \
    X(SL_ERR_NOT_FINITE, "status.not_finite")          \
    X(SL_ERR_DEGENERATE, "status.degenerate")          \
    X(SL_ERR_DIVERGED, "status.diverged")              \
    X(SL_ERR_NO_STEPPER, "status.no_stepper")          \
    X(SL_ERR_STIFF_LIMIT, "status.stiff_limit")        \
    X(SL_ERR_FACTOR, "status.factor")                  \
    X(SL_ERR_UNKNOWN_SCENE, "status.unknown_scene")    \
    X(SL_ERR_UNKNOWN_METHOD, "status.unknown_method")  \
    X(SL_ERR_PARSE, "status.parse")                    \
    X(SL_ERR_IO, "status.io")                          \
    X(SL_ERR_INCOMPATIBLE, "status.incompatible")      \
    X(SL_ERR_SINGULAR, "status.singular")              \
    X(SL_ERR_NO_CONVERGENCE, "status.no_convergence")

typedef enum sl_status {
#define SL_STATUS_ENUM(code, text) code,
    SL_STATUS_LIST(SL_STATUS_ENUM)
#undef SL_STATUS_ENUM
    SL_STATUS_COUNT
} sl_status;

/* The error record of constructors (functions that make a world, a model or a mesh and
 * have no world to keep their last error in): the status, the index of the offending
 * item (element, term, box; -1 if none) and a message with context. Pass NULL when the
 * status is enough. The message is set on error; a function whose docstring says so also
 * leaves a note there on success (status SL_OK), e.g. the mesh readers' tets reoriented. */
/* Bytes of sl_error.message: a path of PATH_MAX (4096) bytes and its reason fit whole
 * (a TetGen path of 575 bytes was cut at 200, its .node/.ele lost). */
#define SL_ERROR_MESSAGE_BYTES 4608

/* after the enum: softlab/message.h's list of messages, which returns sl_status */
#include "softlab/message.h"

typedef struct sl_error {
    sl_status status;
    int index;
    char message[SL_ERROR_MESSAGE_BYTES];
    /* message as ids and parameters of messages/en.json (softlab/message.h), for the page to
     * word in its reader's language; a message set by sl_error_set is one part "error.text"
     * holding the English (sl_error_set_message gives one of the table's own ids) */
    sl_message_list detail;
} sl_error;

/* Fills err (if not NULL) with status, index and message `id` of messages/en.json with its
 * parameters as name/value pairs ended by NULL (sl_message_add); message is its English
 * text. Returns status (SL_ERR_RANGE if id or its parameters do not fit the table: a
 * programming error, message then names the id). */
sl_status sl_error_set_message(sl_error *err, sl_status status, int index, const char *id, ...);

/* Fills err (if not NULL) with status, index and a printf-style message; returns status. */
sl_status sl_error_set(sl_error *err, sl_status status, int index, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* The message-table id of a status code ("status.range"), NULL for out-of-range codes. */
const char *sl_status_id(sl_status status);

/* Text of a status code: its English in messages/en.json; never NULL ("unknown status" for
 * out-of-range codes). */
const char *sl_status_message(sl_status status);

/* Name of a status code as written in the source, e.g. "SL_ERR_RANGE". */
const char *sl_status_name(sl_status status);

#endif
