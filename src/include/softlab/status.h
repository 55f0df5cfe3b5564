/* softlab status codes: one X-macro list makes both the enum and its messages,
 * so no status lacks text (sokol's pattern). Public functions that can fail
 * return an sl_status; results come back through out-pointers. */
#ifndef SL_STATUS_H
#define SL_STATUS_H

#define SL_STATUS_LIST(X)                                                        \
    X(SL_OK, "ok")                                                               \
    X(SL_ERR_NULL, "a required pointer argument is null")                        \
    X(SL_ERR_RANGE, "a parameter is out of its valid range")                     \
    X(SL_ERR_NOMEM, "out of memory")                                             \
    X(SL_ERR_INDEX, "an index is out of range")                                  \
    X(SL_ERR_NOT_FINITE, "a value is NaN or infinite")                           \
    X(SL_ERR_DEGENERATE, "degenerate element (zero rest length or volume)")      \
    X(SL_ERR_DIVERGED, "the world has diverged; reset it before stepping")       \
    X(SL_ERR_NO_STEPPER, "no stepper is set")                                    \
    X(SL_ERR_STIFF_LIMIT, "this stepper needs finite stiffness (compliance > 0)") \
    X(SL_ERR_FACTOR, "the linear system could not be factorized")                \
    X(SL_ERR_UNKNOWN_SCENE, "unknown scene name")                                \
    X(SL_ERR_UNKNOWN_METHOD, "unknown stepper name")                             \
    X(SL_ERR_PARSE, "malformed input file")                                      \
    X(SL_ERR_IO, "file could not be read or written")                         \
    X(SL_ERR_INCOMPATIBLE, "this stepper cannot run this kind of model")         \
    X(SL_ERR_SINGULAR, "the linear system is singular")                           \
    X(SL_ERR_NO_CONVERGENCE, "an iterative solve stopped short of its tolerance (at its iteration cap, or at a least-squares answer far from it)")

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

typedef struct sl_error {
    sl_status status;
    int index;
    char message[SL_ERROR_MESSAGE_BYTES];
} sl_error;

/* Fills err (if not NULL) with status, index and a printf-style message; returns status. */
sl_status sl_error_set(sl_error *err, sl_status status, int index, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Text of a status code; never NULL ("unknown status" for out-of-range codes). */
const char *sl_status_message(sl_status status);

/* Name of a status code as written in the source, e.g. "SL_ERR_RANGE". */
const char *sl_status_name(sl_status status);

#endif
