/* A tiny test harness: TEST(name) registers a test; ENSURE and ENSURE_NEAR check;
 * the runner takes an optional name filter and ends with "N passed, N failed". */
#ifndef SL_TEST_H
#define SL_TEST_H

#include <math.h>
#include <stdio.h>

typedef void (*test_fn)(void);
void test_register(const char *name, test_fn fn);
void test_fail(const char *file, int line, const char *fmt, ...);

#define TEST(name)                                                             \
    static void name(void);                                                    \
    __attribute__((constructor)) static void register_##name(void) {          \
        test_register(#name, name);                                            \
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
