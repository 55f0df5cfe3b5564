/* The `find-dt` and `score` commands of the softlab CLI (see score.c; seed 003 Table 1). */
#ifndef SOFTLAB_SCORE_H
#define SOFTLAB_SCORE_H
int softlab_find_dt(int argc, char **argv);
int softlab_score(int argc, char **argv);
#endif
