/* Printable text of messages (text.h). */
#include "text.h"

#include <stdlib.h>
#include <string.h>

/* Length (2-4) of the valid UTF-8 sequence at s that is not a C1 control (U+0080-U+009F),
 * an overlong form, a surrogate or beyond U+10FFFF; 0 if there is none. */
static int utf8_length(const unsigned char *s) {
    int n = s[0] >= 0xf0 && s[0] <= 0xf4 ? 4 : s[0] >= 0xe0 ? 3 : s[0] >= 0xc2 ? 2 : 0;
    if (s[0] >= 0xf5 || n == 0) return 0;
    unsigned cp = s[0] & (0x7f >> n);
    for (int k = 1; k < n; k++) {
        if ((s[k] & 0xc0) != 0x80) return 0; /* also stops at the NUL */
        cp = cp << 6 | (s[k] & 0x3f);
    }
    if (cp < 0xa0 || (n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
        (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return n;
}

/* Writes s made printable into out (NULL: only counts); returns its length. */
static size_t printable(const char *s, char *out) {
    size_t len = 0;
    for (const unsigned char *c = (const unsigned char *)s; *c;) {
        int n = *c >= 0x80 ? utf8_length(c) : (*c >= 0x20 && *c != 0x7f);
        if (n > 0) {
            if (out) memcpy(out + len, c, (size_t)n);
            len += (size_t)n, c += n;
            continue;
        }
        if (out) snprintf(out + len, 5, "\\x%02x", *c);
        len += 4, c++;
    }
    if (out) out[len] = 0;
    return len;
}

void cli_put_printable(FILE *f, const char *s) {
    const char *shown = cli_shown(s);
    fputs(shown, f);
}

const char *cli_shown(const char *s) {
    static char *ring[8];
    static int next;
    if (!s) return "(null)";
    char *out = malloc(printable(s, NULL) + 1);
    if (!out) return "(out of memory)";
    printable(s, out);
    free(ring[next]);
    ring[next] = out;
    next = (next + 1) % 8;
    return out;
}
