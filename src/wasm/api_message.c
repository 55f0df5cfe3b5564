/* A message list (softlab/message.h) as JSON for the page (web/ui/messages.js), which
 * formats the same ids in the reader's language: [{"id": ID, "params": {NAME: {"value":
 * number or null, "text": the English table's formatting}}}, ...]. Text parameters (a
 * stepper's name, a solver's detail, a source) are passed through reader_text, as every text
 * the page shows is: "seed 002" becomes the paper's citation. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "api_internal.h"

/* Appends s to out as a JSON string (quotes, backslashes and control characters escaped). */
static size_t put_string(char *out, size_t size, size_t n, const char *s) {
    if (n < size) out[n] = '"';
    n++;
    for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
        char esc[8] = {0};
        if (*c == '"' || *c == '\\') esc[0] = '\\', esc[1] = (char)*c;
        else if (*c < 0x20) snprintf(esc, sizeof esc, "\\u%04x", *c);
        else esc[0] = (char)*c;
        for (const char *e = esc; *e; e++, n++)
            if (n < size) out[n] = *e;
    }
    if (n < size) out[n] = '"';
    return n + 1;
}

static size_t put_text(char *out, size_t size, size_t n, const char *s) {
    for (; *s; s++, n++)
        if (n < size) out[n] = *s;
    return n;
}

const char *message_json(const sl_message_list *l) {
    static char buffers[2][8192];
    static int next;
    next = (next + 1) % 2;
    char *out = buffers[next];
    size_t size = sizeof buffers[next] - 1, n = 0;
    n = put_text(out, size, n, "[");
    for (int k = 0; l && k < l->count; k++) {
        const sl_message *m = &l->part[k];
        n = put_text(out, size, n, k ? ",{\"id\":" : "{\"id\":");
        n = put_string(out, size, n, m->id ? m->id : "");
        n = put_text(out, size, n, ",\"params\":{");
        for (int i = 0; i < m->count; i++) {
            const sl_message_param *p = &m->param[i];
            char number[40] = "null";
            if (isfinite(p->value)) snprintf(number, sizeof number, "%.17g", p->value);
            n = put_text(out, size, n, i ? "," : "");
            n = put_string(out, size, n, p->name);
            n = put_text(out, size, n, ":{\"value\":");
            n = put_text(out, size, n, number);
            n = put_text(out, size, n, ",\"text\":");
            n = put_string(out, size, n, isfinite(p->value) ? p->text : reader_text(p->text));
            n = put_text(out, size, n, "}");
        }
        n = put_text(out, size, n, "}}");
    }
    n = put_text(out, size, n, "]");
    if (n > size) return "[]"; /* cannot happen: 4 parts of 6 parameters of 200 bytes */
    out[n] = 0;
    return out;
}
