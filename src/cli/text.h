/* Text of the softlab CLI's messages: what a file or the command line gave is shown,
 * never obeyed by the terminal (issue 43). */
#ifndef SOFTLAB_CLI_TEXT_H
#define SOFTLAB_CLI_TEXT_H

#include <stdio.h>

/* Writes s to f with every byte that could drive a terminal as \xNN: C0 controls
 * (newline included), DEL, C1 controls both raw (0x80-0x9f, e.g. 0x9b, the one-byte CSI)
 * and UTF-8 encoded (c2 80 - c2 9f), and any byte not part of valid UTF-8. Valid UTF-8
 * text (é, α, ₀) is written as it is. s NULL writes "(null)". */
void cli_put_printable(FILE *f, const char *s);

/* s made printable as cli_put_printable writes it, for a "%s" in a message about a value
 * the user or a file gave (an option's value, a path). The string lives until 8 more
 * calls (a message may show several); "(out of memory)" if none could be made. */
const char *cli_shown(const char *s);

#endif
