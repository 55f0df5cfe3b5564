/* Messages keyed by id with parameters (issue 45 item 5): what the core reports to a
 * person (a divergence's reason, the verdict on a run) kept as an id of the one message
 * table (messages/en.json) and its parameters, beside the English text rendered from it.
 * The C core's English table is generated from messages/en.json at build time
 * (tools/messages.py -> BUILD/gen/messages_en.inc); the page formats the same ids and
 * parameters in the reader's language (web/ui/messages.js), so a verdict is decided here
 * once and only its words change.
 *
 * A template's parameter is {name} or {name:spec}: spec is a printf conversion the core
 * formats a number with (d, g, .3g, .3f, .2f), s for a text (a stepper's name, a solver's
 * detail), m for "the parts after this one" (a verdict that wraps the world's reason), i for
 * the id of another message of the table, its text rendered in place (a status's words). */
#ifndef SL_MESSAGE_H
#define SL_MESSAGE_H

#include <stdarg.h>
#include <stddef.h>

#define SL_MESSAGE_PARAMS 6 /* parameters of one message, at most */
#define SL_MESSAGE_PARTS 4  /* messages of one list, at most */
#define SL_MESSAGE_TEXT 200 /* bytes of a parameter's text, with its NUL (a longer one is cut) */

/* One parameter: its name (the table's static string), its number in the unit the template
 * names (NaN for a text parameter) and its text as the English table formats it. */
typedef struct sl_message_param {
    const char *name;
    double value;
    char text[SL_MESSAGE_TEXT];
} sl_message_param;

/* One message: the table's id (static string; NULL: none) and its parameters in the
 * template's order (an m parameter has none here: it is the parts after it). */
typedef struct sl_message {
    const char *id;
    int count;
    sl_message_param param[SL_MESSAGE_PARAMS];
} sl_message;

/* A text in parts, read in order: a part whose template has an m parameter takes the parts
 * after it there (e.g. verdict.diverged, then the world's reason in one or two parts). */
typedef struct sl_message_list {
    int count;
    sl_message part[SL_MESSAGE_PARTS];
} sl_message_list;

/* softlab/status.h after the types: its sl_error holds a message list, and these functions
 * return an sl_status (either header may be included first). */
#include "softlab/status.h"

/* Empties l (NULL: no-op). */
void sl_message_list_clear(sl_message_list *l);

/* Appends message `id` to l with its parameters as name/value pairs in the template's
 * order, ended by NULL: a double for a numeric parameter, a const char * for an s or i
 * parameter (i: an id of the table), nothing for an m parameter, e.g.
 *   sl_message_add(l, "verdict.growing", "t", 0.26, "growth", 132.0, "relative", 0.84, NULL).
 * Errors (l unchanged): SL_ERR_NULL, SL_ERR_INDEX (unknown id), SL_ERR_RANGE (a name not the
 * template's next parameter, or one missing; or l full). */
sl_status sl_message_add(sl_message_list *l, const char *id, ...);

/* sl_message_add with the name/value pairs in a va_list. */
sl_status sl_message_vadd(sl_message_list *l, const char *id, va_list pairs);

/* Appends the parts of `from` to l (as many as fit). Errors: SL_ERR_NULL, SL_ERR_RANGE
 * (l full: the parts that fit are appended). */
sl_status sl_message_list_append(sl_message_list *l, const sl_message_list *from);

/* Writes l's English text into out[size] (truncated to fit, always NUL-terminated when
 * size >= 1). Returns the length the whole text has (as snprintf). */
size_t sl_message_list_render(const sl_message_list *l, char *out, size_t size);

/* The English template of `id` with its specs ("node {node:d} ..."), NULL if unknown. */
const char *sl_message_template(const char *id);

/* The number of ids in the table and the i-th id (NULL out of range), for tests. */
int sl_message_count(void);
const char *sl_message_id(int i);

#endif
