/* Issue 12: the largest stable dt of the seed's regularized stepper on the hanging
 * cantilever (1 m x 0.1 m x 0.1 m, 20 x 2 x 2 cubes of 5 tets, Y = 1 MPa, nu = 0.3,
 * 1000 kg/m^3, g = 9.81, clamped at x = 0) against beta, density, gravity, length,
 * thickness and Young's modulus, beside 2/omega_H of the geometric stiffness at rest.
 * `make check-tools` builds it on the library (build/tools/cantilever_stability), runs it and
 * compares its output with tools/cantilever_stability.out.txt, the copy the README and lessons quote.
 * Stable: the verdict (sl_world_judge) never growing and no divergence over T_RUN
 * seconds (at least find-dt's SL_FIND_DT_MIN_STEPS steps, what the verdict needs to judge) from the straight beam at rest; the largest stable dt is bisected in log dt. */
#include <math.h>
#include <stdio.h>

#include "softlab/build.h"
#include "softlab/scene.h"
#include "softlab/stepper.h"

#define T_RUN 5.0

typedef struct { double length, thickness, young, density, gravity, beta; } setup;

static sl_world *cantilever(const setup *s) {
    sl_tet_mesh mesh;
    double size[3] = {s->length, s->thickness, s->thickness}, lo[3] = {-1, -1, -1}, hi[3] = {1e-9, 9, 9};
    if (sl_tet_mesh_beam(20, 2, 2, size, &mesh) != SL_OK) return NULL;
    sl_material mat = {s->young, 0.3, s->density};
    sl_world *w = NULL;
    sl_tet_mesh_world(&mesh, &mat, SL_STRAIN_GREEN, s->gravity, &w);
    sl_tet_mesh_free(&mesh);
    if (w) sl_world_pin_box(w, lo, hi, NULL);
    return w;
}

/* 1 if the regularized stepper at dt stays bounded over T_RUN. */
static int stable(const setup *s, double dt) {
    sl_world *w = cantilever(s);
    sl_world_set_stepper(w, sl_stepper_find("regularized"), dt, s->beta);
    sl_verdict verdict;
    sl_verdict_reset(&verdict);
    sl_world_judge(w, &verdict);
    int ok = 1;
    for (long k = 0, n = sl_scene_find_dt_run_steps(T_RUN, dt); ok && k < n; k++) /* >= 64 steps */
        ok = sl_world_step(w) == SL_OK && sl_world_judge(w, &verdict) < SL_VERDICT_GROWING;
    sl_world_destroy(w);
    return ok;
}

/* omega_H at the static rest state (linearly implicit Euler, dt = 0.5 s, 400 steps). */
static double omega_h(const setup *s) {
    sl_world *w = cantilever(s);
    sl_world_set_stepper(w, sl_stepper_find("implicit-euler"), 0.5, 0);
    for (int k = 0; k < 400; k++) sl_world_step(w);
    double om = 0;
    sl_world_omega_geometric(w, 5000, &om);
    sl_world_destroy(w);
    return om;
}

/* The first unstable dt from below, as find-dt searches: doublings from 0.5 ms (stable at
 * every row) up to 0.1 s, then 6 bisections. Stability is not monotonic in dt here: with
 * damping, large steps are stable again (beta = 1/s: unstable at 6-50 ms, stable at 0.1 s,
 * where the beam settles at its true rest, 10.9 J elastic); the last column says how 0.1 s
 * runs. */
static void row(const char *what, setup s) {
    double lo = 5e-4, hi = 2 * lo;
    while (hi <= 0.1 && stable(&s, hi)) lo = hi, hi *= 2;
    for (int it = 0; it < 6 && hi <= 0.1; it++) {
        double mid = sqrt(lo * hi);
        if (stable(&s, mid)) lo = mid;
        else hi = mid;
    }
    double om = omega_h(&s);
    printf("%-22s L %.2f h %.3f Y %.0e rho %6.0f g %5.2f beta %4.1f | dt_max %.4f s (+-%2.0f%%) | "
           "2/omega_H %.4f s | ratio %.2f | at 0.1 s %s\n", what, s.length, s.thickness, s.young, s.density,
           s.gravity, s.beta, lo, hi <= 0.1 ? 100 * (hi / lo - 1) / 2 : 0, 2 / om, lo / (2 / om),
           stable(&s, 0.1) ? "stable" : "unstable");
    fflush(stdout);
}

int main(int argc, char **argv) {
    const setup base = {1.0, 0.1, 1e6, 1000, 9.81, 0};
    setup s;
    row("base", base);
    for (double b = 1; b <= 20; b *= 4.5) s = base, s.beta = b, row("beta", s);
    for (double r = 250; r <= 4000; r *= 4) if (r != 1000) s = base, s.density = r, row("density", s);
    for (double g = 2.4525; g <= 40; g *= 4) if (fabs(g - 9.81) > 1e-9) s = base, s.gravity = g, row("gravity", s);
    for (double L = 0.5; L <= 2; L *= 2) if (L != 1) s = base, s.length = L, row("length", s);
    for (double h = 0.05; h <= 0.2; h *= 2) if (h != 0.1) s = base, s.thickness = h, row("thickness", s);
    for (double Y = 1e5; Y <= 1e8; Y *= 10) if (Y != 1e6) s = base, s.young = Y, row("young", s);
    return 0;
}
