/* The seed papers' citations (softlab/papers.h): one table for the validation tables, the
 * page and the CLI. */
#include "softlab/papers.h"

#include <string.h>

static const char *const short_cite[SL_PAPER_COUNT] = {
    "Servin et al. 2006", "Irving et al. 2007", "Müller et al. 2002", "Cioaca et al.", "Kelager et al. 2005",
};

static const char *const reference[SL_PAPER_COUNT] = {
    "Servin, Lacoursière, Melin 2006, Interactive simulation of elastic deformable materials",
    "Irving, Schroeder, Fedkiw 2007, Volume conserving finite element simulations of deformable models",
    "Müller, Dorsey, McMillan, Jagnow, Cutler 2002, Stable real-time deformations",
    /* the paper carries no date; it cites work of 2013 */
    ("Cioaca et al. (2013 or later), On the impact of explicit or semi-implicit integration methods over "
     "the stability of real-time numerical simulations"),
    "Kelager, Fleron, Erleben 2005, Area and volume restoration in elastically deformable solids",
};

const char *sl_paper_short(int seed) { return seed >= 0 && seed < SL_PAPER_COUNT ? short_cite[seed] : NULL; }

const char *sl_paper_reference(int seed) { return seed >= 0 && seed < SL_PAPER_COUNT ? reference[seed] : NULL; }

char *sl_paper_reader_text(const char *text, char *out, int size) {
    if (!out || size < 1) return NULL;
    int n = 0;
    for (const char *p = text ? text : ""; *p && n < size - 1;) {
        /* "seed 00N" followed by a non-digit */
        if (strncmp(p, "seed 00", 7) == 0 && p[7] >= '0' && p[7] < '0' + SL_PAPER_COUNT &&
            !(p[8] >= '0' && p[8] <= '9')) {
            const char *c = short_cite[p[7] - '0'];
            size_t len = strlen(c);
            if (len > (size_t)(size - 1 - n)) { /* cut, but not inside a UTF-8 character */
                len = (size_t)(size - 1 - n);
                while (len > 0 && ((unsigned char)c[len] & 0xC0) == 0x80) len--;
            }
            memcpy(out + n, c, len);
            n += (int)len;
            p += 8;
        } else {
            out[n++] = *p++;
        }
    }
    out[n] = 0;
    return out;
}
