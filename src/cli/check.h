/* The `check-defaults` command of the softlab CLI (see check.c; issue 26). */
#ifndef SOFTLAB_CHECK_H
#define SOFTLAB_CHECK_H
int softlab_check_defaults(int argc, char **argv);
#endif
