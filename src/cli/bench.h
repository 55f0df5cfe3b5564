/* The `bench` command of the softlab CLI (see bench.c). */
#ifndef SOFTLAB_BENCH_H
#define SOFTLAB_BENCH_H
int softlab_bench(int argc, char **argv);
/* bench --squeeze (bench_squeeze.c): exit status 0, or 2 if the scene cannot be built. */
int softlab_bench_squeeze(int cells, double cfl);
#endif
