/* Every stepper on every scene (issue 14): the tables looped over, so a new stepper or
 * scene is covered without a line here. Each pair either is refused by
 * sl_world_set_stepper with a sensible status and message, or runs 300 steps at the
 * scene's default dt with finite energy and a sane volume ratio, or declares a
 * divergence with a reason and keeps its last good, finite state. Also: the divergence
 * criterion (sl_world_def.divergence_stretch) does not mistake free fall for divergence,
 * judges a body by its size, and catches an energy that overflows. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "softlab/build.h"
#include "softlab/mesh.h"
#include "softlab/scene.h"
#include "softlab/stepper.h"
#include "test.h"

#define EVERY_STEPS 300
/* CPU seconds a pair may take before it stops early (checked, not asserted): the Schur
 * form of the regularized stepper on the one-ring ball refactors ~4,000 rows a step */
#define EVERY_BUDGET 1.5

static int state_finite(const sl_world *w) {
    const double *x = sl_world_positions(w), *v = sl_world_velocities(w);
    for (int i = 0; i < 3 * sl_world_node_count(w); i++)
        if (!isfinite(x[i]) || !isfinite(v[i])) return 0;
    return isfinite(sl_world_energy(w).total);
}

TEST_LONG(every_stepper_on_every_scene_is_refused_runs_or_diverges_with_a_reason) {
    int ran = 0, refused = 0, diverged = 0;
    for (int s = 0; s < sl_scene_count; s++)
        for (int k = 0; k < sl_stepper_count; k++) {
            const sl_scene_class *sc = sl_scenes[s];
            const sl_stepper_class *st = sl_steppers[k];
            sl_world *w = NULL;
            ENSURE(sl_scene_build(sc, NULL, &w) == SL_OK);
            if (!w) continue;
            sl_status set = sl_world_set_stepper(w, st, sc->default_dt, sc->default_beta);
            if (set != SL_OK) { /* a refusal names the stepper and says why */
                refused++;
                if (!((set == SL_ERR_STIFF_LIMIT || set == SL_ERR_INCOMPATIBLE) &&
                      strstr(sl_world_last_error(w), st->name)))
                    test_fail(__FILE__, __LINE__, "%s/%s refused with %d: '%s'", sc->name, st->name,
                              (int)set, sl_world_last_error(w));
                sl_world_destroy(w);
                continue;
            }
            double lo = INFINITY, hi = -INFINITY;
            int n = 0;
            sl_status step = SL_OK;
            clock_t start = clock();
            for (; n < EVERY_STEPS && (double)(clock() - start) / CLOCKS_PER_SEC < EVERY_BUDGET &&
                   (step = sl_world_step(w)) == SL_OK; n++) {
                double e = sl_world_energy(w).total, r = sl_world_volume_ratio(w);
                if (!isfinite(e)) test_fail(__FILE__, __LINE__, "%s/%s: energy %g at step %d", sc->name, st->name, e, n);
                if (!isnan(r)) lo = fmin(lo, r), hi = fmax(hi, r);
            }
            double t = 0;
            const char *why = NULL;
            if (step != SL_OK) {
                diverged++;
                if (!(step == SL_ERR_DIVERGED && sl_world_diverged(w, &t, &why) && why && why[0] &&
                      state_finite(w)))
                    test_fail(__FILE__, __LINE__, "%s/%s: step %d failed with %d: '%s'", sc->name,
                              st->name, n, (int)step, sl_world_last_error(w));
            } else {
                ran++;
                if (!state_finite(w)) test_fail(__FILE__, __LINE__, "%s/%s: state not finite", sc->name, st->name);
            }
            /* volume ratio where defined, for runs that did not diverge: no collapse
             * through zero, no blow-up (the flat start of the inflation scene is
             * legitimately near 0; a run that blows up may pass anything on its way; linear
             * FEM swells under large rotations by design: 130x on warp-bar-long, seed 002) */
            if (step == SL_OK && lo <= hi && !(lo > -0.05 && hi < 2) && !(st->flags & SL_STEPPER_LINEARIZED))
                test_fail(__FILE__, __LINE__, "%s/%s: volume ratio in [%g, %g]", sc->name, st->name, lo, hi);
            printf("  %-24s %-18s %s", sc->name, st->name, step != SL_OK ? "diverged" : n < EVERY_STEPS ? "ran (CPU budget)" : "ran");
            if (step != SL_OK) printf(" at t = %g s (%s)", t, why ? why : "?");
            if (lo <= hi) printf(", volume ratio in [%.3f, %.3f]", lo, hi);
            printf("\n");
            sl_world_destroy(w);
        }
    printf("  %d ran %d steps, %d diverged with a reason, %d refused\n", ran, EVERY_STEPS, diverged, refused);
    ENSURE(ran > 0 && ran + diverged + refused == sl_scene_count * sl_stepper_count);
}

/* Why sl_world_step need not evaluate the models to check the state it reached (world.c,
 * divergence_reason): every model of every scene gives a finite phi, and so a finite
 * elastic energy, at any finite positions within the divergence criterion's reach (nodes
 * up to 1e6 body sizes apart: 20 sizes plus free fall for 100 s of a 1 cm body). Tried
 * on each scene's default world: all nodes at one point, every tet inverted (mirrored in
 * x), and pseudo-random clouds 1 and 1e6 body sizes wide. A model that divides by a
 * current length or volume (phi = (|d| - L)/|d|) fails here at the collapsed state. */
/* 1 if every phi of w is finite at the 4 position sets (see below); the first failure is reported. */
static int phi_finite_everywhere(sl_world *w, const char *label, unsigned *seed) {
    int n = sl_world_node_count(w), m = sl_world_constraint_count(w), ok = 1;
    const double *x0 = sl_world_rest_positions(w);
    double c[3] = {0, 0, 0}, R = 0;
    for (int i = 0; i < n; i++)
        for (int k = 0; k < 3; k++) c[k] += x0[3 * i + k] / n;
    for (int i = 0; i < n; i++) {
        double d[3] = {x0[3 * i] - c[0], x0[3 * i + 1] - c[1], x0[3 * i + 2] - c[2]};
        R = fmax(R, sqrt(d[0] * d[0] + d[1] * d[1] + d[2] * d[2]));
    }
    double *x = malloc(sizeof(double) * 3 * (size_t)n), *phi = malloc(sizeof(double) * ((size_t)m + 1));
    if (!x || !phi || !(R > 0)) ok = 0;
    for (int set = 0; ok && set < 4; set++) {
        for (int i = 0; i < 3 * n; i++) {
            *seed = *seed * 1103515245u + 12345u;
            double u = (double)(*seed >> 8) / (double)(1u << 24) - 0.5; /* in [-1/2, 1/2) */
            x[i] = set == 0 ? c[i % 3]                                     /* all at one point */
                 : set == 1 ? (i % 3 == 0 ? 2 * c[0] - x0[i] : x0[i])      /* mirrored: inverted */
                 : c[i % 3] + u * R * (set == 2 ? 1 : 1e6);                /* clouds */
        }
        if (sl_world_evaluate(w, x, phi, NULL) != SL_OK) ok = 0;
        for (int r = 0; ok && r < m; r++)
            if (!isfinite(phi[r])) {
                test_fail(__FILE__, __LINE__, "%s: phi[%d] = %g at position set %d", label, r, phi[r], set);
                ok = 0;
            }
    }
    free(x), free(phi);
    return ok;
}

TEST(every_model_is_finite_at_any_finite_positions) {
    unsigned seed = 2026u;
    int worlds = 0, fine = 0;
    for (int s = 0; s < sl_scene_count; s++) {
        const sl_scene_class *sc = sl_scenes[s];
        /* the scene's default, then each choice of its choice parameters (grid variants, one-ring) */
        for (int p = -1; p < SL_PARAM_COUNT; p++) {
            const sl_param_info *info = p >= 0 ? &sl_param_infos[p] : NULL;
            if (info && (!(sc->params & SL_PARAM_BIT(p)) || !info->integer || !(info->max - info->min <= 8))) continue;
            for (int v = info ? (int)info->min : 0; v <= (info ? (int)info->max : 0); v++) {
                sl_scene_params params = sl_scene_params_default();
                if (info) sl_scene_params_set(&params, (sl_param)p, v);
                sl_world *w = NULL;
                if (sl_scene_build(sc, &params, &w) != SL_OK) { /* a choice the scene refuses is not a model */
                    ENSURE(info != NULL);
                    continue;
                }
                char label[96];
                snprintf(label, sizeof label, "%s%s%s=%d", sc->name, info ? " " : "", info ? info->name : "", v);
                worlds++;
                fine += phi_finite_everywhere(w, label, &seed);
                sl_world_destroy(w);
            }
        }
    }
    printf("  %d worlds (%d scenes, their choices) x 4 position sets: phi finite in %d\n", worlds, sl_scene_count, fine);
    ENSURE(worlds >= sl_scene_count && fine == worlds);
}

/* The cube of seed 000 §3 as tets, scaled by s (m), as a world with no pins. */
static sl_world *free_cube(double s, double gravity) {
    const char *text = "$MeshFormat\n2.2 0 8\n$EndMeshFormat\n$Nodes\n8\n1 0 0 0\n2 1 0 0\n3 0 1 0\n"
                       "4 1 1 0\n5 0 0 1\n6 1 0 1\n7 0 1 1\n8 1 1 1\n$EndNodes\n$Elements\n5\n"
                       "1 4 0 1 2 4 6\n2 4 0 1 4 3 7\n3 4 0 1 6 5 7\n4 4 0 4 8 6 7\n5 4 0 1 4 6 7\n$EndElements\n";
    sl_tet_mesh mesh;
    sl_world *w = NULL;
    if (sl_mesh_parse("cube.msh", text, strlen(text), &mesh, NULL, NULL) != SL_OK) return NULL;
    for (int i = 0; i < 3 * mesh.node_count; i++) mesh.positions[i] *= s;
    sl_material mat = {1e6, 0.3, 1000};
    sl_tet_mesh_world(&mesh, &mat, SL_STRAIN_GREEN, gravity, &w);
    sl_tet_mesh_free(&mesh);
    return w;
}

/* A body falling freely for 20 s drops 1962 m, 1962 times its size: not a divergence
 * (the old fixed bound of 20 sizes declared it diverged after 2 s). */
TEST(free_fall_is_not_divergence) {
    sl_world *w = free_cube(1.0, 9.81);
    ENSURE(w && sl_world_set_stepper(w, sl_stepper_find("regularized"), 0.01, 0) == SL_OK);
    int n = 0;
    while (n < 2000 && sl_world_step(w) == SL_OK) n++;
    const double *x = sl_world_positions(w);
    printf("  free fall: %d steps, node 0 at y = %.1f m\n", n, x[1]);
    ENSURE(n == 2000 && !sl_world_diverged(w, NULL, NULL));
    ENSURE_NEAR(x[1], -0.5 * 9.81 * 20.0 * 20.0, 0.01 * 9.81 * 20.0 + 1.0); /* first-order in dt */
    sl_world_destroy(w);
}

/* The criterion scales with the body: the same blow-up (explicit Euler at dt = 0.05 s per metre of size,
 * with the same initial stretching velocity) is declared after the same number of steps
 * for a 1 mm and a 1 m cube, whose dynamics are the same in units of their size
 * (omega ~ sqrt(Y / rho) / size, so dt scales with the size). */
TEST(divergence_is_judged_relative_to_the_body_size) {
    int steps[2] = {-1, -2};
    for (int c = 0; c < 2; c++) {
        double s = c ? 1.0 : 1e-3;
        sl_world *w = free_cube(s, 0);
        ENSURE(w && sl_world_set_stepper(w, sl_stepper_find("explicit-euler"), 0.05 * s, 0) == SL_OK);
        if (!w) continue;
        int n = sl_world_node_count(w);
        double *v = malloc(sizeof(double) * 3 * (size_t)n);
        for (int i = 0; i < 3 * n; i++) v[i] = 0.1 * (sl_world_positions(w)[i] / s - 0.5); /* m/s */
        ENSURE(sl_world_set_velocities(w, v) == SL_OK);
        free(v);
        int k = 0;
        while (k < 5000 && sl_world_step(w) == SL_OK) k++;
        const char *why = "";
        ENSURE(sl_world_diverged(w, NULL, &why) && strstr(why, "times the body's size"));
        steps[c] = k;
        sl_world_destroy(w);
    }
    printf("  explicit Euler blow-up declared after %d steps (1 mm cube) and %d steps (1 m cube)\n", steps[0], steps[1]);
    ENSURE(steps[0] > 0 && abs(steps[0] - steps[1]) <= 1);
}

/* A mesh scaled by 1e80: its potential energy overflows, so the world refuses to step it
 * rather than report inf (issue 14: inf reached the CSV with exit 0). */
TEST(non_finite_energy_is_refused_before_a_step) {
    sl_world *w = free_cube(1e80, 9.81);
    ENSURE(w != NULL);
    ENSURE(sl_world_set_stepper(w, sl_stepper_find("regularized"), 0.01, 0) == SL_ERR_NOT_FINITE);
    ENSURE(strstr(sl_world_last_error(w), "energy") != NULL);
    ENSURE(sl_world_step(w) == SL_ERR_NO_STEPPER);
    sl_world_destroy(w);
}

/* Positions of scene sc (defaults) after 20 steps of stepper at its default dt and damping
 * rate beta (1/s) into x (3n doubles, n <= cap nodes); 0 if the stepper refuses it. */
static int positions_after_steps(const sl_scene_class *sc, const sl_stepper_class *stepper, double beta,
                                 double *x, int cap) {
    sl_world *w = NULL;
    int ok = sl_scene_build(sc, NULL, &w) == SL_OK && sl_world_node_count(w) <= cap &&
             sl_world_set_stepper(w, stepper, sc->default_dt, beta) == SL_OK;
    for (int s = 0; ok && s < 20; s++) ok = sl_world_step(w) == SL_OK;
    if (ok) memcpy(x, sl_world_positions(w), sizeof(double) * 3 * (size_t)sl_world_node_count(w));
    sl_world_destroy(w);
    return ok;
}

/* Issue 43: SL_STEPPER_USES_BETA says which steppers read beta, so that `softlab run
 * --beta` is refused where it would be ignored. On the first scene of the table that a
 * stepper runs for 20 steps at its default dt, beta = 5/s changes a flagged stepper's
 * positions and leaves every other stepper's equal to the bit. */
TEST(beta_changes_exactly_the_steppers_flagged_to_use_it) {
    enum { CAP = 20000 };
    double *x0 = calloc(3 * CAP, sizeof(double)), *x1 = calloc(3 * CAP, sizeof(double));
    ENSURE(x0 && x1);
    int flagged = 0, checked = 0;
    for (int k = 0; k < sl_stepper_count; k++) {
        const sl_stepper_class *c = sl_steppers[k];
        for (int i = 0; i < sl_scene_count; i++) {
            const sl_scene_class *sc = sl_scenes[i];
            if (!sc->build || !positions_after_steps(sc, c, 0, x0, CAP) || !positions_after_steps(sc, c, 5, x1, CAP))
                continue;
            int uses = (c->flags & SL_STEPPER_USES_BETA) != 0, differ = memcmp(x0, x1, sizeof(double) * 3 * CAP) != 0;
            if (uses != differ) fprintf(stderr, "  %s on %s: flag %d, beta changes the run: %d\n", c->name, sc->name, uses, differ);
            ENSURE(uses == differ);
            flagged += uses, checked++;
            break;
        }
    }
    free(x0), free(x1);
    ENSURE(flagged == 2 && checked == sl_stepper_count);
}
