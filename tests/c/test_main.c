/* Test runner: `softlab_tests [--quick] [FILTER]` runs the tests whose name contains FILTER
 * (--quick: not those registered with TEST_LONG), each line "ok NAME (S s)": the seconds
 * of wall time it took, to find what makes the suite long, never checked. */
#define _POSIX_C_SOURCE 199309L
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "test.h"

#define MAX_TESTS 512
static struct { const char *name; test_fn fn; int long_run; } tests[MAX_TESTS];
static int test_count, current_failed;

void test_register(const char *name, test_fn fn, int long_run) {
    if (test_count < MAX_TESTS)
        tests[test_count].name = name, tests[test_count].fn = fn, tests[test_count++].long_run = long_run;
}

static double seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

void test_fail(const char *file, int line, const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    printf("  FAIL %s:%d: ", file, line);
    vprintf(fmt, args);
    printf("\n");
    va_end(args);
    current_failed = 1;
}

static int by_name(const void *a, const void *b) {
    return strcmp(((const char *const *)a)[0], ((const char *const *)b)[0]);
}

int main(int argc, char **argv) {
    int quick = argc > 1 && !strcmp(argv[1], "--quick");
    const char *filter = argc > 1 + quick ? argv[1 + quick] : "";
    qsort(tests, (size_t)test_count, sizeof tests[0], by_name);
    int passed = 0, failed = 0;
    for (int i = 0; i < test_count; i++) {
        if (!strstr(tests[i].name, filter) || (quick && tests[i].long_run)) continue;
        current_failed = 0;
        double start = seconds();
        tests[i].fn();
        printf("%s %s (%.1f s)\n", current_failed ? "not ok" : "ok", tests[i].name, seconds() - start);
        fflush(stdout);
        if (current_failed) failed++;
        else passed++;
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
