/* Messages keyed by id (softlab/message.h): the English table generated from
 * messages/en.json (tools/messages.py), parameters formatted once when a message is made,
 * templates filled when it is rendered. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "softlab/message.h"

typedef struct entry {
    const char *id, *text;
} entry;

static const entry table[] = {
#include "messages_en.inc"
};
#define TABLE_COUNT ((int)(sizeof table / sizeof table[0]))

int sl_message_count(void) { return TABLE_COUNT; }
const char *sl_message_id(int i) { return i >= 0 && i < TABLE_COUNT ? table[i].id : NULL; }

static const entry *find(const char *id) {
    for (int i = 0; id && i < TABLE_COUNT; i++)
        if (strcmp(table[i].id, id) == 0) return &table[i];
    return NULL;
}

const char *sl_message_template(const char *id) {
    const entry *e = find(id);
    return e ? e->text : NULL;
}

/* Reads the parameter that starts at p ('{'): its name and spec as spans of the template
 * (tools/messages.py checked their form). Returns the character after its '}'. */
static const char *parameter(const char *p, const char **name, size_t *name_len, const char **spec,
                             size_t *spec_len) {
    const char *end = strchr(p, '}');
    const char *colon = memchr(p, ':', (size_t)(end - p));
    *name = p + 1;
    *name_len = (size_t)((colon ? colon : end) - *name);
    *spec = colon ? colon + 1 : end;
    *spec_len = (size_t)(end - *spec);
    return end + 1;
}

void sl_message_list_clear(sl_message_list *l) {
    if (l) l->count = 0;
}

sl_status sl_message_add(sl_message_list *l, const char *id, ...) {
    va_list ap;
    va_start(ap, id);
    sl_status st = sl_message_vadd(l, id, ap);
    va_end(ap);
    return st;
}

sl_status sl_message_vadd(sl_message_list *l, const char *id, va_list pairs) {
    if (!l || !id) return SL_ERR_NULL;
    const entry *e = find(id);
    if (!e) return SL_ERR_INDEX;
    if (l->count >= SL_MESSAGE_PARTS) return SL_ERR_RANGE;
    sl_message *m = &l->part[l->count];
    m->id = e->id, m->count = 0;
    va_list ap;
    va_copy(ap, pairs);
    sl_status st = SL_OK;
    for (const char *p = strchr(e->text, '{'); p && st == SL_OK; p = strchr(p, '{')) {
        const char *name, *spec;
        size_t nlen, slen;
        p = parameter(p, &name, &nlen, &spec, &slen);
        if (slen == 1 && spec[0] == 'm') continue; /* the parts after this one */
        const char *given = va_arg(ap, const char *);
        if (!given || strlen(given) != nlen || strncmp(given, name, nlen) != 0 || m->count >= SL_MESSAGE_PARAMS) {
            st = SL_ERR_RANGE;
            break;
        }
        sl_message_param *q = &m->param[m->count++];
        q->name = given;
        if (slen == 1 && (spec[0] == 's' || spec[0] == 'i')) {
            const char *text = va_arg(ap, const char *);
            q->value = NAN;
            snprintf(q->text, sizeof q->text, "%s", text ? text : "");
            continue;
        }
        q->value = va_arg(ap, double);
        char format[8] = "%";
        memcpy(format + 1, spec, slen < 6 ? slen : 6);
        if (slen == 1 && spec[0] == 'd') snprintf(q->text, sizeof q->text, "%d", (int)q->value);
        else snprintf(q->text, sizeof q->text, format, q->value);
    }
    if (st == SL_OK && va_arg(ap, const char *) != NULL) st = SL_ERR_RANGE; /* a name too many */
    va_end(ap);
    if (st == SL_OK) l->count++;
    return st;
}

sl_status sl_message_list_append(sl_message_list *l, const sl_message_list *from) {
    if (!l || !from) return SL_ERR_NULL;
    for (int i = 0; i < from->count; i++) {
        if (l->count >= SL_MESSAGE_PARTS) return SL_ERR_RANGE;
        l->part[l->count++] = from->part[i];
    }
    return SL_OK;
}

/* Appends text[0, n) to out at *used (as snprintf: counts what does not fit). */
static void put(char *out, size_t size, size_t *used, const char *text, size_t n) {
    if (*used < size) {
        size_t room = size - 1 - *used;
        memcpy(out + *used, text, n < room ? n : room);
        out[*used + (n < room ? n : room)] = 0;
    }
    *used += n;
}

/* Renders parts [from, count) of l onto out at *used. */
static void render(const sl_message_list *l, int from, char *out, size_t size, size_t *used) {
    for (int k = from; k < l->count; k++) {
        const sl_message *m = &l->part[k];
        const char *t = sl_message_template(m->id);
        if (!t) continue;
        for (const char *p = t;;) {
            const char *open = strchr(p, '{');
            put(out, size, used, p, open ? (size_t)(open - p) : strlen(p));
            if (!open) break;
            const char *name, *spec;
            size_t nlen, slen;
            p = parameter(open, &name, &nlen, &spec, &slen);
            if (slen == 1 && spec[0] == 'm') {
                render(l, k + 1, out, size, used);
                k = l->count; /* the rest is rendered */
                continue;
            }
            for (int i = 0; i < m->count; i++) {
                if (strlen(m->param[i].name) != nlen || strncmp(m->param[i].name, name, nlen) != 0) continue;
                /* i: another message's text (a plain template: a status's words) */
                const char *text = slen == 1 && spec[0] == 'i' ? sl_message_template(m->param[i].text) : NULL;
                if (!text) text = m->param[i].text; /* not an id (e.g. a file's keyword): as it is */
                put(out, size, used, text, strlen(text));
            }
        }
    }
}

size_t sl_message_list_render(const sl_message_list *l, char *out, size_t size) {
    size_t used = 0;
    if (out && size) out[0] = 0;
    if (l) render(l, 0, out, out ? size : 0, &used);
    return used;
}
