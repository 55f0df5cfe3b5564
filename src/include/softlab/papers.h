/* The seed papers (000-004) and the papers that joined them (005 XPBD, 006 Small Steps), and citations as a reader sees them (src/core/papers.c).
 *
 * softlab's tables cite the papers by seed number ("seed 000 eq. 16-17"), as the
 * docstrings do; a page a reader sees names the paper itself (authors, year), so every
 * text the page, the CLI's reader-facing output and the validation tables show goes
 * through sl_paper_reader_text once, here. */
#ifndef SL_PAPERS_H
#define SL_PAPERS_H

#define SL_PAPER_COUNT 7

/* Short citation of seed paper `seed` (0-6), e.g. "Servin et al. 2006"; NULL otherwise. */
const char *sl_paper_short(int seed);

/* Full reference of seed paper `seed` (0-6): authors, year, title, e.g. "Servin,
 * Lacoursière, Melin 2006, Interactive simulation of elastic deformable materials"; NULL
 * otherwise. */
const char *sl_paper_reference(int seed);

/* Copies `text` (UTF-8, NUL-terminated) into out[size] with every "seed NNN" (NNN = 000 to
 * 006) replaced by that paper's short citation ("seed 001's" -> "Irving et al. 2007's"),
 * and the word "seed" or "seeds" with no number after it by "paper(s)" ("the seed's pile"
 * -> "the paper's pile"; "seed 007" and "seeded" stay).
 * Truncates to fit (always NUL-terminated when size >= 1). Returns out; "" for a NULL text.
 * Errors: none (a NULL out or size < 1 returns NULL). */
char *sl_paper_reader_text(const char *text, char *out, int size);

#endif
