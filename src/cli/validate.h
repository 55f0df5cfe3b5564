/* The `validate` command of the softlab CLI (see validate.c; softlab/validate.h). */
#ifndef SOFTLAB_CLI_VALIDATE_H
#define SOFTLAB_CLI_VALIDATE_H
/* `softlab validate [--seed N] [--quick] [--id ID[,ID...]] [--json FILE] [--expect FILE]
 * [--verdicts]` with argv as main's (argv[1] = "validate"): runs the claims of the seed
 * papers (all, one seed's, the quick set, or those of a comma-separated --id list) and prints one table per seed; --json
 * writes every row to FILE; --expect compares each verdict with FILE's (lines
 * "id<TAB>verdict", '#' comments) and fails on any change or any row FILE lacks;
 * --verdicts prints only those lines (to commit as the expected file). Returns 0, 1 if a
 * verdict changed (--expect) or a run failed, 2 on bad arguments or an unwritable file;
 * 0 with the usage for --help. */
int softlab_validate(int argc, char **argv);
#endif
