/* The `find-dt` and `score` commands of the softlab CLI (see score.c; seed 003 Table 1). */
#ifndef SOFTLAB_SCORE_H
#define SOFTLAB_SCORE_H
/* `softlab find-dt` with argv as main's (argv[1] = "find-dt"): the largest stable dt of a
 * scene under a stepper (sl_scene_find_dt_limited), last line `dt_max=<s>` (0: unstable
 * at every dt tried), or `gave_up=max-seconds|max-steps stable_dt=<s> unstable_dt=<s|none>`
 * for a search that did not finish; progress on stderr. Returns the exit status: 0 done,
 * 1 the search gave up (a note on stderr says where), 2 bad arguments or a stepper that
 * refuses the scene (the reason on stderr); 0 with the usage on stdout for --help. */
int softlab_find_dt(int argc, char **argv);
/* `softlab score` (argv[1] = "score"): seed 003's Table 1 for every explicit stepper on a
 * scene: dt_max, microseconds per step, force evaluations, score = dt_max / time per
 * step, relative to explicit Euler's and per evaluation ('-' where none exists); a row
 * whose search gave up reads 'gave-up' for dt_max, and the last line
 * "# gave up (...): NAME..." names them. Returns 0, 1 if a search gave up, 2 on bad
 * arguments; 0 for --help. */
int softlab_score(int argc, char **argv);
#endif
