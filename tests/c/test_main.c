/* Test runner: `softlab_tests [FILTER]` runs the tests whose name contains FILTER. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "test.h"

#define MAX_TESTS 512
static struct { const char *name; test_fn fn; } tests[MAX_TESTS];
static int test_count, current_failed;

void test_register(const char *name, test_fn fn) {
    if (test_count < MAX_TESTS) tests[test_count].name = name, tests[test_count++].fn = fn;
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
    const char *filter = argc > 1 ? argv[1] : "";
    qsort(tests, (size_t)test_count, sizeof tests[0], by_name);
    int passed = 0, failed = 0;
    for (int i = 0; i < test_count; i++) {
        if (!strstr(tests[i].name, filter)) continue;
        current_failed = 0;
        tests[i].fn();
        printf("%s %s\n", current_failed ? "not ok" : "ok", tests[i].name);
        fflush(stdout);
        if (current_failed) failed++;
        else passed++;
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
