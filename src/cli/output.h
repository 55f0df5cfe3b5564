/* Output files of the softlab CLI, written whole or not at all (issue 43): each is
 * written to a temporary file beside its target and renamed over it only once complete
 * and flushed without error, so a killed or failed run leaves the previous file as it was
 * (or none), never a partial one. Devices (/dev/null, /dev/full) are written in place.
 * Before a run the CLI checks every output: writable (its temporary file is created
 * then), and not one of the run's inputs nor another output. */
#ifndef SOFTLAB_CLI_OUTPUT_H
#define SOFTLAB_CLI_OUTPUT_H

#include <stdio.h>

/* One output file of a command. */
typedef struct cli_output {
    const char *option; /* the option that names it, e.g. "--csv" (messages) */
    const char *path;   /* as given on the command line */
    char *target;       /* the file to replace (symlinks followed), malloc'ed; NULL until opened */
    char *temp;         /* the temporary file beside it, malloc'ed; NULL when written in place */
    FILE *f;            /* open for writing between cli_output_open and _commit / _discard */
} cli_output;

/* An input file of a command, e.g. {"--mesh", "torus.1.node"}. */
typedef struct cli_input {
    const char *option, *path;
} cli_input;

/* The file that path names, malloc'ed: realpath(path) if it exists (symlinks followed,
 * so a link to a file is that file), else realpath of its directory + "/" + its last
 * component ("./o.csv" and "o.csv" are one name). NULL (errno set) if its directory does
 * not exist or path names no file (empty, or ending in '/', "." or ".."). */
char *cli_resolve_path(const char *path);

/* 1 if paths a and b (either may not exist yet) name one file: the same resolved name,
 * or the same existing file (device and inode: hard links); 0 otherwise. */
int cli_same_file(const char *a, const char *b);

/* The files of the TetGen pair that a mesh path names: for "x.node" or "x.ele" both
 * "x.node" and "x.ele" (malloc'ed, into pair[0], pair[1]; returns 2), else path itself
 * copied into pair[0] (returns 1); 0 if out of memory. Free each with free(). */
int cli_mesh_inputs(const char *path, char *pair[2]);

/* Refuses, before a run, n outputs (NULL paths skipped) of which one names one of the
 * ni inputs (NULL paths skipped) or two name one regular file (devices such as /dev/null
 * may take several): prints which on stderr and returns 0; 1 if none does. */
int cli_outputs_distinct(const cli_output *out, int n, const cli_input *in, int ni);

/* Opens o for writing: the temporary file beside o->path's target (mode that of the file
 * it replaces, or 0666 less the umask), or the device itself. 0 with the path and reason
 * on stderr if it cannot be written (its directory missing or read-only, a directory,
 * a read-only file); 1 ok. o->option and o->path must be set, the rest zero. */
int cli_output_open(cli_output *o);

/* Completes o: flushes and syncs its file, closes it and renames it over the target.
 * 1 ok; 0 with the path and reason on stderr if a write, the flush, the close or the
 * rename failed (the temporary file is removed; the target is untouched). */
int cli_output_commit(cli_output *o);

/* Drops o: closes and removes its temporary file (the target is untouched). */
void cli_output_discard(cli_output *o);

#endif
