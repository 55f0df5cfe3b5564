/* The linear solvers of the steppers (src/core/linalg/linsolve.h, issue 11): every
 * solver's trajectory after 100 steps stays within 1e-6 m of a direct sparse Cholesky
 * solve, on issue 11's shapes at about 2,500 tets (the slender beam, the harder case for
 * the tolerance, and the compact block); and a Cholesky or LU factorization that runs
 * out of memory says so (issue 14), not "not positive definite" or "singular". */
#define _XOPEN_SOURCE 700 /* getrlimit, setrlimit */
#include <stdlib.h>
#include <string.h>

#include "softlab/build.h"
#include "softlab/mesh.h"
#include "softlab/scene.h"
#include "softlab/springs.h"
#include "test.h"
#include "test_util.h"

/* The out-of-memory test limits the address space of the process: Linux only, and not
 * under AddressSanitizer, whose allocator aborts instead of returning NULL. */
#if defined(__SANITIZE_ADDRESS__)
#define SL_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SL_ASAN 1
#endif
#endif
#if defined(__linux__) && !defined(__EMSCRIPTEN__) && !defined(SL_ASAN)
#define SL_LIMIT_MEMORY 1
#include <sys/resource.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#endif

/* Issue 11's shapes at about 2,500 tets (the scenes perf-beam and perf-block at resolution
 * 8 that `softlab bench --shapes` times: the beam 32 x 4 x 4 cubes over 2 m x 0.2 m x
 * 0.2 m, the block 8^3 cubes over a 0.5 m cube, 2,560 tets each; E = 1 MPa, nu = 0.3,
 * 1000 kg/m^3, Green strain, clamped at x = 0) at the scenes' defaults: regularized
 * stepper, dt = 0.01 s, beta = 20/s; with the given linear solver. */
static sl_world *shape_world(int beam, sl_linear_solver solver) {
    const sl_scene_class *sc = sl_scene_find(beam ? "perf-beam" : "perf-block");
    sl_scene_params p = sl_scene_params_default();
    p.value[SL_PARAM_RESOLUTION] = 8;
    sl_world *w = NULL;
    sl_status st = sc ? sl_scene_build(sc, &p, &w) : SL_ERR_UNKNOWN_SCENE;
    if (st == SL_OK) st = sl_world_set_stepper(w, sl_stepper_find(sc->default_method), sc->default_dt, sc->default_beta);
    if (st == SL_OK) st = sl_world_set_linear_solver(w, solver);
    if (st != SL_OK) sl_world_destroy(w), w = NULL;
    return w;
}

/* Largest node distance (m) between two worlds of the same mesh. */
static double max_distance(const sl_world *a, const sl_world *b) {
    const double *xa = sl_world_positions(a), *xb = sl_world_positions(b);
    double worst = 0;
    for (int i = 0; i < sl_world_node_count(a); i++)
        worst = fmax(worst, hypot(hypot(xa[3 * i] - xb[3 * i], xa[3 * i + 1] - xb[3 * i + 1]),
                                  xa[3 * i + 2] - xb[3 * i + 2]));
    return worst;
}

TEST_LONG(linsolve_trajectory_within_1e6_of_cholesky) {
    static const char *const names[] = {"default", "factor-pcg", "cholesky", "block-jacobi", "ic0"};
    for (int beam = 1; beam >= 0; beam--) {
        sl_world *ref = shape_world(beam, SL_LINEAR_CHOLESKY);
        ENSURE(ref && step_n(ref, 100) == 100);
        if (!ref) return;
        double sag = sl_world_rest_positions(ref)[1] - sl_world_positions(ref)[1];
        for (int i = 0; i < 3 * sl_world_node_count(ref); i += 3)
            sag = fmax(sag, sl_world_rest_positions(ref)[i + 1] - sl_world_positions(ref)[i + 1]);
        ENSURE(sag > 1e-3); /* the body has moved: the comparison means something */
        sl_linear_solver solvers[] = {SL_LINEAR_DEFAULT, SL_LINEAR_FACTOR_PCG, SL_LINEAR_IC0,
                                      SL_LINEAR_BLOCK_JACOBI};
        for (int k = 0; k < 4; k++) {
            sl_world *w = shape_world(beam, solvers[k]);
            ENSURE(w && step_n(w, 100) == 100);
            if (!w) continue;
            double d = max_distance(w, ref);
            printf("  %s, %s: after 100 steps %.2e m from the direct Cholesky solve (sag %.3f m)\n",
                   beam ? "beam 2560 tets" : "block 2560 tets", names[solvers[k]], d, sag);
            ENSURE(d <= 1e-6);
            sl_world_destroy(w);
        }
        sl_world_destroy(ref);
    }
}

/* DEFAULT switches between FACTOR_PCG and IC0 along a run, by their measured work
 * (linsolve.h SL_AUTO_WINDOW): on two scenes where it does (the grid box lifted and the
 * grid ball dropped, their defaults: regularized, dt = 5 ms, 200 steps = 1 s through the
 * lift and the bounce), its trajectory stays within 1e-6 m of direct Cholesky solves, as
 * each method's alone does (linsolve_trajectory_within_1e6_of_cholesky). */
TEST(linsolve_default_switching_stays_within_1e6_of_cholesky) {
    static const char *const scenes[] = {"grid-lifted-box", "grid-rubber-ball"};
    for (int k = 0; k < 2; k++) {
        const sl_scene_class *sc = sl_scene_find(scenes[k]);
        sl_world *w[2] = {NULL, NULL};
        for (int j = 0; j < 2; j++) {
            sl_status st = sc ? sl_scene_build(sc, NULL, &w[j]) : SL_ERR_UNKNOWN_SCENE;
            if (st == SL_OK) st = sl_world_set_stepper(w[j], sl_stepper_find(sc->default_method), sc->default_dt, sc->default_beta);
            if (st == SL_OK) st = sl_world_set_linear_solver(w[j], j ? SL_LINEAR_CHOLESKY : SL_LINEAR_DEFAULT);
            ENSURE(st == SL_OK && step_n(w[j], 200) == 200);
        }
        if (w[0] && w[1]) {
            double moved = 0, d = max_distance(w[0], w[1]);
            for (int i = 0; i < 3 * sl_world_node_count(w[1]); i++)
                moved = fmax(moved, fabs(sl_world_positions(w[1])[i] - sl_world_rest_positions(w[1])[i]));
            printf("  %s: default after 200 steps %.2e m from direct Cholesky solves (moved %.3f m)\n", scenes[k], d, moved);
            ENSURE(moved > 1e-3 && d <= 1e-6);
        }
        sl_world_destroy(w[0]), sl_world_destroy(w[1]);
    }
}

/* A unit cube of 8 nodes of 1 kg with a spring (k = 1e4 J) between every pair of nodes
 * (the 12 edges, 12 face and 4 body diagonals), no gravity; NULL on failure. */
static sl_world *complete_cube(void) {
    double x[24];
    double m[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    int edges[56], e = 0;
    for (int i = 0; i < 8; i++) {
        x[3 * i] = i & 1, x[3 * i + 1] = (i >> 1) & 1, x[3 * i + 2] = (i >> 2) & 1;
        for (int j = i + 1; j < 8; j++) edges[e++] = i, edges[e++] = j;
    }
    sl_world_def def = sl_world_def_default();
    def.node_count = 8, def.positions = x, def.masses = m;
    def.gravity[0] = def.gravity[1] = def.gravity[2] = 0;
    sl_world *w = NULL;
    sl_model *springs = NULL;
    if (sl_world_create(&def, &w) != SL_OK) return NULL;
    if (sl_springs_create(x, 8, edges, 28, 1e4, &springs) != SL_OK || sl_world_add_model(w, springs) != SL_OK)
        sl_world_destroy(w), w = NULL;
    return w;
}

/* IC0 by node blocks (src/core/linalg/block_sym.c) against an exact answer: on a cube
 * whose 8 nodes are all joined pairwise the system's pattern is dense, so IC0 on it is
 * the complete Cholesky factor and preconditioned CG must converge in one iteration, to
 * the direct solve. A block stored in the wrong place, a wrong product or a wrong
 * triangular solve costs iterations (or the answer). */
TEST(block_ic0_on_a_dense_pattern_is_the_exact_factor) {
    sl_world *w[2] = {complete_cube(), complete_cube()};
    sl_linear_solver solver[2] = {SL_LINEAR_IC0, SL_LINEAR_CHOLESKY};
    for (int k = 0; k < 2; k++) {
        ENSURE(w[k] != NULL);
        if (!w[k]) return;
        ENSURE(sl_world_set_stepper(w[k], sl_stepper_find("regularized"), 0.01, 0) == SL_OK);
        ENSURE(sl_world_set_linear_solver(w[k], solver[k]) == SL_OK);
        double x[24], v[24]; /* stretched along x, spinning about y: springs at work */
        for (int i = 0; i < 24; i++) x[i] = sl_world_rest_positions(w[k])[i] * (i % 3 == 0 ? 1.2 : 1);
        for (int i = 0; i < 8; i++) v[3 * i] = x[3 * i + 2], v[3 * i + 1] = 0, v[3 * i + 2] = -x[3 * i];
        ENSURE(sl_world_node_count(w[k]) == 8 && sl_world_set_positions(w[k], x) == SL_OK &&
               sl_world_set_velocities(w[k], v) == SL_OK);
    }
    int most = 0;
    double x0 = sl_world_positions(w[0])[0];
    for (int s = 0; s < 20; s++) {
        ENSURE(sl_world_step(w[0]) == SL_OK && sl_world_step(w[1]) == SL_OK);
        int it = sl_world_last_timing(w[0]).iterations;
        most = it > most ? it : most;
    }
    double d = max_distance(w[0], w[1]);
    printf("  free cube, IC0 by node blocks: at most %d CG iteration(s) a step, after 20 steps "
           "%.2e m from the direct solve\n", most, d);
    ENSURE(most == 1);
    ENSURE(d < 1e-12);
    ENSURE(fabs(sl_world_positions(w[0])[0] - x0) > 1e-3); /* and it moved */
    sl_world_destroy(w[0]), sl_world_destroy(w[1]);
}

#ifdef SL_LIMIT_MEMORY
/* Virtual memory of this process (bytes), from /proc/self/statm; 0 if unreadable. */
static size_t address_space_bytes(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    unsigned long pages = 0;
    if (f && fscanf(f, "%lu", &pages) != 1) pages = 0;
    if (f) fclose(f);
    return (size_t)pages * (size_t)sysconf(_SC_PAGESIZE);
}

/* Takes one step of w with the process's address space capped at `room_mb` MB above what
 * it uses now; prints the outcome. Returns the step's status (SL_ERR_RANGE, with a test
 * failure, if the cap could not be set). */
static sl_status step_capped(sl_world *w, size_t room_mb) {
    struct rlimit old, cap;
#ifdef __GLIBC__
    /* glibc raises its mmap threshold (up to 32 MB) each time a large mmapped block is
     * freed, so after the earlier tests large blocks come from holes in the heap, which
     * count as "in use" below and let the step allocate beyond the room (seen: 91 MB in
     * use after every scene ran, 46 MB alone, and the LU succeeded). Pin the threshold
     * at its default, so that large blocks need new address space. */
    mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
    size_t used = address_space_bytes();
    ENSURE(used > 0 && getrlimit(RLIMIT_AS, &old) == 0);
    if (!(used > 0)) return SL_ERR_RANGE;
    cap = old;
    cap.rlim_cur = (rlim_t)(used + (room_mb << 20));
    if (old.rlim_cur != RLIM_INFINITY && old.rlim_cur < cap.rlim_cur) cap.rlim_cur = old.rlim_cur;
    ENSURE(setrlimit(RLIMIT_AS, &cap) == 0);
    sl_status st = sl_world_step(w);
    ENSURE(setrlimit(RLIMIT_AS, &old) == 0); /* before anything else allocates */
    printf("  step with the address space capped at %zu MB (%zu MB in use): %s: %s\n",
           (size_t)cap.rlim_cur >> 20, used >> 20, sl_status_name(st), sl_world_last_error(w));
    return st;
}

/* Issue 14: cs_chol returns NULL both when the matrix is not positive definite and when
 * it runs out of memory, and both were told "not positive definite". Here memory really
 * runs out (the process's address space is capped; nothing in softlab or CSparse is
 * changed) while the matrix is positive definite (M + c J^T K J, M > 0): the step must
 * say "out of memory", leave the world undiverged at its last good state, and not say
 * "not positive definite". The world: 4,000 nodes each joined by springs to random
 * partners (a random graph, whose Cholesky factor fills in almost completely: 10.8 M
 * entries, 175 MB, from a matrix of 132 k entries; measured), regularized stepper with
 * a direct Cholesky solve. The cap leaves 32 MB, room for the assembly and the symbolic
 * analysis (about 6 MB, measured) but not for the factor. Checked: with the memory
 * probe in sl_cholesky_factor removed, this test fails with "diverged ... (linear
 * system not positive definite)". */
TEST(cholesky_out_of_memory_is_not_called_not_positive_definite) {
    enum { N = 4000, PARTNERS = 3 };
    double *x = malloc(sizeof(double) * 3 * N), *mass = malloc(sizeof(double) * N);
    int *edges = malloc(sizeof(int) * 2 * N * PARTNERS);
    ENSURE(x && mass && edges);
    if (!x || !mass || !edges) return;
    unsigned seed = 1;
    for (int i = 0; i < 3 * N; i++) {
        seed = seed * 1664525u + 1013904223u;
        x[i] = (double)(seed >> 8) / (1u << 24); /* a unit cube, m */
    }
    for (int k = 0; k < N * PARTNERS; k++) {
        int i = k % N, j;
        do {
            seed = seed * 1664525u + 1013904223u;
            j = (int)((seed >> 8) % N);
        } while (j == i);
        edges[2 * k] = i, edges[2 * k + 1] = j;
    }
    for (int i = 0; i < N; i++) mass[i] = 1;
    sl_world_def def = sl_world_def_default();
    def.node_count = N, def.positions = x, def.masses = mass;
    sl_world *w = NULL;
    sl_model *springs = NULL;
    sl_status st = sl_world_create(&def, &w);
    if (st == SL_OK) st = sl_springs_create(x, N, edges, N * PARTNERS, 1e3, &springs);
    if (st == SL_OK) st = sl_world_add_model(w, springs);
    if (st == SL_OK) st = sl_world_set_stepper(w, sl_stepper_find("regularized"), 0.01, 0);
    if (st == SL_OK) st = sl_world_set_linear_solver(w, SL_LINEAR_CHOLESKY);
    ENSURE(st == SL_OK);
    if (st == SL_OK) {
        st = step_capped(w, 32);
        const char *why = sl_world_last_error(w);
        ENSURE(st == SL_ERR_NOMEM && strstr(why, "out of memory") && !strstr(why, "positive definite"));
        ENSURE(!sl_world_diverged(w, NULL, NULL) && sl_world_time(w) == 0);
        ENSURE(memcmp(sl_world_positions(w), x, sizeof(double) * 3 * N) == 0); /* the last good state */
    }
    sl_world_destroy(w);
    free(x);
    free(mass);
    free(edges);
}

/* The same for the LU factorization of per-vertex stiffness warping (sl_lu_factor): cs_lu
 * too returns NULL both for a singular matrix and when memory runs out, and the step said
 * "linear system not positive definite" for either. The world: the compact block
 * perf-block at resolution 12 (8,640 tets, 6,084 free dofs; a compact 3D mesh fills in
 * the most), stepper stiffness-warping (per vertex: LU). Its first LU starts with L and U
 * of 854 k entries each (CSparse's guess 4 nnz(A) + n, nnz(A) = 212 k: 27 MB) and ends
 * at 817 k each; everything else the first step allocates takes about 5 MB (measured).
 * The cap leaves LU_ROOM_MB. Checked: without the memory probes in sl_lu_factor this
 * test fails with "diverged ... (linear system not positive definite)". */
#define LU_ROOM_MB 16
TEST(lu_out_of_memory_is_not_called_singular) {
    const sl_scene_class *sc = sl_scene_find("perf-block");
    sl_scene_params p = sl_scene_params_default();
    p.value[SL_PARAM_RESOLUTION] = 12;
    sl_world *w = NULL;
    sl_status st = sc ? sl_scene_build(sc, &p, &w) : SL_ERR_UNKNOWN_SCENE;
    if (st == SL_OK) st = sl_world_set_stepper(w, sl_stepper_find("stiffness-warping"), 0.01, 0);
    ENSURE(st == SL_OK);
    if (st == SL_OK) {
        double *x0 = malloc(sizeof(double) * 3 * (size_t)sl_world_node_count(w));
        ENSURE(x0 != NULL);
        if (x0) memcpy(x0, sl_world_positions(w), sizeof(double) * 3 * (size_t)sl_world_node_count(w));
        st = step_capped(w, LU_ROOM_MB);
        const char *why = sl_world_last_error(w);
        ENSURE(st == SL_ERR_NOMEM && strstr(why, "out of memory") && !strstr(why, "singular") &&
               !strstr(why, "positive definite"));
        ENSURE(!sl_world_diverged(w, NULL, NULL) && sl_world_time(w) == 0);
        ENSURE(x0 && memcmp(sl_world_positions(w), x0, sizeof(double) * 3 * (size_t)sl_world_node_count(w)) == 0);
        ENSURE(sl_world_step(w) == SL_OK); /* with the memory back, the same step succeeds */
        free(x0);
    }
    sl_world_destroy(w);
}
#endif
