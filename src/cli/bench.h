/* The `bench` command of the softlab CLI (see bench.c). */
#ifndef SOFTLAB_BENCH_H
#define SOFTLAB_BENCH_H
int softlab_bench(int argc, char **argv);
#endif
