/* The seed papers' citations (softlab/papers.h): one table for the validation tables, the
 * page and the CLI. */
#include "softlab/papers.h"

#include <string.h>

static const char *const short_cite[SL_PAPER_COUNT] = {
    "Servin et al. 2006", "Irving et al. 2007", "Müller et al. 2002", "Cioaca et al.", "Kelager et al. 2005",
    "Macklin et al. 2016", "Macklin et al. 2019",
};

static const char *const reference[SL_PAPER_COUNT] = {
    "Servin, Lacoursière, Melin 2006, Interactive simulation of elastic deformable materials",
    "Irving, Schroeder, Fedkiw 2007, Volume conserving finite element simulations of deformable models",
    "Müller, Dorsey, McMillan, Jagnow, Cutler 2002, Stable real-time deformations",
    /* the paper carries no date; it cites work of 2013 */
    ("Cioaca et al. (2013 or later), On the impact of explicit or semi-implicit integration methods over "
     "the stability of real-time numerical simulations"),
    "Kelager, Fleron, Erleben 2005, Area and volume restoration in elastically deformable solids",
    "Macklin, Müller, Chentanez 2016, XPBD: Position-Based Simulation of Compliant Constrained Dynamics",
    "Macklin, Storey, Lu, Terdiman, Chentanez, Jeschke, Müller 2019, Small Steps in Physics Simulation",
};

const char *sl_paper_short(int seed) { return seed >= 0 && seed < SL_PAPER_COUNT ? short_cite[seed] : NULL; }

const char *sl_paper_reference(int seed) { return seed >= 0 && seed < SL_PAPER_COUNT ? reference[seed] : NULL; }

/* Appends c to out (n used of size) and returns the new n, cut if it does not fit but
 * never inside a UTF-8 character. */
static int append(char *out, int n, int size, const char *c) {
    size_t len = strlen(c);
    if (len > (size_t)(size - 1 - n)) {
        len = (size_t)(size - 1 - n);
        while (len > 0 && ((unsigned char)c[len] & 0xC0) == 0x80) len--;
    }
    memcpy(out + n, c, len);
    return n + (int)len;
}

static int is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static int is_digit(char c) { return c >= '0' && c <= '9'; }

char *sl_paper_reader_text(const char *text, char *out, int size) {
    if (!out || size < 1) return NULL;
    int n = 0;
    const char *start = text ? text : "";
    for (const char *p = start; *p && n < size - 1;) {
        int word = (p == start || !is_letter(p[-1])) && (strncmp(p, "seed", 4) == 0 || strncmp(p, "Seed", 4) == 0);
        if (word && strncmp(p + 4, " 00", 3) == 0 && p[7] >= '0' && p[7] < '0' + SL_PAPER_COUNT && !is_digit(p[8])) {
            n = append(out, n, size, short_cite[p[7] - '0']); /* "seed 00N" followed by a non-digit */
            p += 8;
        } else if (word && !is_letter(p[4 + (p[4] == 's')]) && !(p[4 + (p[4] == 's')] == ' ' && is_digit(p[5 + (p[4] == 's')]))) {
            /* the word seed or seeds, not numbered: softlab's word for the paper */
            n = append(out, n, size, p[0] == 'S' ? (p[4] == 's' ? "Papers" : "Paper") : (p[4] == 's' ? "papers" : "paper"));
            p += 4 + (p[4] == 's');
        } else {
            out[n++] = *p++;
        }
    }
    out[n] = 0;
    return out;
}
