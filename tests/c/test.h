/* A tiny test harness: TEST(name) registers a test; ENSURE and ENSURE_NEAR check;
 * the runner takes [--quick] [FILTER] and ends with "N passed, N failed". */
#ifndef SL_TEST_H
#define SL_TEST_H

#include <math.h>
#include <stdio.h>

typedef void (*test_fn)(void);
void test_register(const char *name, test_fn fn, int long_run);
void test_fail(const char *file, int line, const char *fmt, ...);

#define TEST(name) TEST_REGISTERED(name, 0)

/* A test of long simulated runs (over about 5 s natively): the runner's --quick leaves it
 * out (tests/web/wasm_c_tests.test.js runs the suite compiled to wasm that way, since the
 * native run has checked the same physics). */
#define TEST_LONG(name) TEST_REGISTERED(name, 1)

#define TEST_REGISTERED(name, long_run)                                        \
    static void name(void);                                                    \
    __attribute__((constructor)) static void register_##name(void) {          \
        test_register(#name, name, long_run);                                  \
    }                                                                          \
    static void name(void)

#define ENSURE(cond)                                                           \
    do {                                                                       \
        if (!(cond)) test_fail(__FILE__, __LINE__, "ENSURE(%s)", #cond);      \
    } while (0)

/* |a - b| <= tol, with both values printed on failure. */
#define ENSURE_NEAR(a, b, tol)                                                 \
    do {                                                                       \
        double a_ = (a), b_ = (b), t_ = (tol);                                 \
        if (!(fabs(a_ - b_) <= t_))                                            \
            test_fail(__FILE__, __LINE__, "%s = %.10g, %s = %.10g, |diff| = %.3g > %.3g", \
                      #a, a_, #b, b_, fabs(a_ - b_), t_);                      \
    } while (0)

#endif
