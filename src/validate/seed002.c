/* Seed 002's claims (softlab/validate.h): Müller, Dorsey, McMillan, Jagnow, Cutler 2002.
 *
 * The bar of §4.1 (scene warp-bar: 1 m x 0.1 m x 0.1 m, 450 tets, E = 1 MPa, nu = 0.33,
 * 1000 kg/m^3, clamped, released under gravity, dt = 10 ms): linear FEM's volume growth
 * against a dense linear FEM written again in the row (its own element stiffness
 * V B^T D B, lumped masses, implicit Euler with a Cholesky factor); the warped models' volume;
 * the ghost forces of eq. 12 and the asymmetry of the warped stiffness against the warped
 * force and stiffness written again here (own K0, own rotations: the polar factor of
 * A_i = sum_j (x_j - x_i)(x0_j - x0_i)^T by Higham's iteration); per-vertex warping's
 * energy over 30 s (seed002_energy.c). The tube of §4.2: its volume released from a bend
 * (scene warp-tube); the table of stable dt, by divergence on a grid of steps (scene
 * warp-tube-drop), whose runs also give lesson 002's numbers about the impact. Timing
 * ratios. Lesson 002 quotes the rows' measured values and extras (claim_extra). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "claims.h"
#include "softlab/stepper.h"
#include "softlab/tet_fem.h"
#include "softlab/warping.h"
#include "softlab/world.h"

#define BAR_E 1e6
#define BAR_NU 0.33
#define BAR_RHO 1000.0
#define BAR_G 9.81

/* ---- linear tetrahedral FEM written again -------------------------------------------- */

static double det3(const double *a) {
    return a[0] * (a[4] * a[8] - a[5] * a[7]) - a[1] * (a[3] * a[8] - a[5] * a[6]) + a[2] * (a[3] * a[7] - a[4] * a[6]);
}

static void inv3(const double *a, double *r) {
    double d = det3(a);
    r[0] = (a[4] * a[8] - a[5] * a[7]) / d, r[1] = (a[2] * a[7] - a[1] * a[8]) / d, r[2] = (a[1] * a[5] - a[2] * a[4]) / d;
    r[3] = (a[5] * a[6] - a[3] * a[8]) / d, r[4] = (a[0] * a[8] - a[2] * a[6]) / d, r[5] = (a[2] * a[3] - a[0] * a[5]) / d;
    r[6] = (a[3] * a[7] - a[4] * a[6]) / d, r[7] = (a[1] * a[6] - a[0] * a[7]) / d, r[8] = (a[0] * a[4] - a[1] * a[3]) / d;
}

/* The 12 x 12 stiffness of the linear isotropic tet (nodes t[0..3]) at rest positions x0:
 * K_ab,ij = V (lambda g_a,i g_b,j + mu g_a,j g_b,i + mu delta_ij g_a . g_b), g_a the gradient
 * of node a's linear shape function. Returns the rest volume V. */
static double tet_stiffness(const double *x0, const int *t, double young, double nu, double *K) {
    double Dm[9], Di[9], g[4][3];
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++) Dm[3 * r + c] = x0[3 * t[c + 1] + r] - x0[3 * t[0] + r];
    double V = det3(Dm) / 6;
    inv3(Dm, Di);
    for (int i = 0; i < 3; i++) {
        g[0][i] = 0;
        for (int a = 1; a < 4; a++) g[a][i] = Di[3 * (a - 1) + i], g[0][i] -= g[a][i];
    }
    double lambda = young * nu / ((1 + nu) * (1 - 2 * nu)), mu = young / (2 * (1 + nu));
    for (int a = 0; a < 4; a++)
        for (int b = 0; b < 4; b++) {
            double gg = g[a][0] * g[b][0] + g[a][1] * g[b][1] + g[a][2] * g[b][2];
            for (int i = 0; i < 3; i++)
                for (int j = 0; j < 3; j++)
                    K[(3 * a + i) * 12 + 3 * b + j] = V * (lambda * g[a][i] * g[b][j] + mu * g[a][j] * g[b][i] + mu * (i == j) * gg);
        }
    return V;
}

/* Total signed volume of the tets at x. */
static double volume(const double *x, const int *tets, int nt) {
    double v = 0;
    for (int k = 0; k < nt; k++) {
        const int *t = tets + 4 * k;
        double D[9];
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 3; c++) D[3 * r + c] = x[3 * t[c + 1] + r] - x[3 * t[0] + r];
        v += det3(D) / 6;
    }
    return v;
}

/* In-place dense Cholesky of the n x n SPD matrix A (lower triangle); 0 if not SPD. */
static int cholesky(int n, double *A) {
    for (int j = 0; j < n; j++) {
        double s = A[j * n + j];
        for (int k = 0; k < j; k++) s -= A[j * n + k] * A[j * n + k];
        if (s <= 0) return 0;
        A[j * n + j] = sqrt(s);
        for (int i = j + 1; i < n; i++) {
            double t = A[i * n + j];
            for (int k = 0; k < j; k++) t -= A[i * n + k] * A[j * n + k];
            A[i * n + j] = t / A[j * n + j];
        }
    }
    return 1;
}

static void cholesky_solve(int n, const double *L, double *b) {
    for (int i = 0; i < n; i++) {
        double s = b[i];
        for (int k = 0; k < i; k++) s -= L[i * n + k] * b[k];
        b[i] = s / L[i * n + i];
    }
    for (int i = n - 1; i >= 0; i--) {
        double s = b[i];
        for (int k = i + 1; k < n; k++) s -= L[k * n + i] * b[k];
        b[i] = s / L[i * n + i];
    }
}

/* Linear FEM on w's mesh written again: K0 from tet_stiffness, lumped masses rho V/4, gravity,
 * w's pinned nodes held, implicit Euler (M + dt^2 K0) v' = M v + dt (f_g - K0 (x - x0)),
 * x' = x + dt v', for t_end; returns the largest V/V0 seen (NaN on failure). */
static double own_linear_fem_max_volume(const sl_world *w, double dt, double t_end) {
    int n = sl_world_node_count(w), nt = sl_world_tet_count(w), N = 3 * n;
    const double *x0 = sl_world_rest_positions(w);
    const int *tets = sl_world_tets(w);
    int *free_of = malloc(sizeof(int) * (size_t)N), nf = 0;
    for (int i = 0; i < N; i++) free_of[i] = sl_world_is_pinned(w, i / 3) ? -1 : nf++;
    double *K = calloc((size_t)N * N, sizeof(double)), *A = calloc((size_t)nf * nf, sizeof(double));
    double *m = calloc((size_t)n, sizeof(double)), *x = malloc(sizeof(double) * N), *v = calloc((size_t)N, sizeof(double));
    double *b = malloc(sizeof(double) * (size_t)nf), Ke[144];
    double best = NAN;
    if (!free_of || !K || !A || !m || !x || !v || !b) goto done;
    for (int e = 0; e < nt; e++) {
        const int *t = tets + 4 * e;
        double V = tet_stiffness(x0, t, BAR_E, BAR_NU, Ke);
        for (int a = 0; a < 4; a++) {
            m[t[a]] += BAR_RHO * V / 4;
            for (int b2 = 0; b2 < 4; b2++)
                for (int i = 0; i < 3; i++)
                    for (int j = 0; j < 3; j++) K[(size_t)(3 * t[a] + i) * N + 3 * t[b2] + j] += Ke[(3 * a + i) * 12 + 3 * b2 + j];
        }
    }
    for (int r = 0; r < N; r++)
        for (int c = 0; c < N; c++)
            if (free_of[r] >= 0 && free_of[c] >= 0)
                A[(size_t)free_of[r] * nf + free_of[c]] = dt * dt * K[(size_t)r * N + c] + (r == c) * m[r / 3];
    if (!cholesky(nf, A)) goto done;
    memcpy(x, x0, sizeof(double) * N);
    double V0 = volume(x0, tets, nt);
    best = 1;
    for (long s = 0, steps = lround(t_end / dt); s < steps; s++) {
        for (int r = 0; r < N; r++) {
            if (free_of[r] < 0) continue;
            double f = (r % 3 == 1) ? -BAR_G * m[r / 3] : 0;
            for (int c = 0; c < N; c++) f -= K[(size_t)r * N + c] * (x[c] - x0[c]);
            b[free_of[r]] = m[r / 3] * v[r] + dt * f;
        }
        cholesky_solve(nf, A, b);
        for (int r = 0; r < N; r++)
            if (free_of[r] >= 0) v[r] = b[free_of[r]], x[r] += dt * v[r];
        best = fmax(best, volume(x, tets, nt) / V0);
    }
done:
    free(free_of), free(K), free(A), free(m), free(x), free(v), free(b);
    return best;
}

/* The rotation R (row-major) of the polar decomposition of A (det A > 0): Higham's iteration
 * R <- (R + R^-T)/2. */
static void polar_rotation(const double *A, double *R) {
    memcpy(R, A, 9 * sizeof(double));
    for (int it = 0; it < 100; it++) {
        double Ri[9], diff = 0;
        inv3(R, Ri);
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 3; c++) {
                double nr = (R[3 * r + c] + Ri[3 * c + r]) / 2;
                diff = fmax(diff, fabs(nr - R[3 * r + c]));
                R[3 * r + c] = nr;
            }
        if (diff < 1e-15) break;
    }
}

/* Per-vertex rotations of seed 002 eq. 14-15 at x, written again: R_i, the polar factor of
 * A_i = sum over the mesh edges (i, j) of (x_j - x_i)(x0_j - x0_i)^T. R: double[9n]. */
static void own_rotations(const sl_world *w, const double *x, double *R) {
    int n = sl_world_node_count(w), ne = sl_world_edge_count(w);
    const int *e = sl_world_edges(w);
    const double *x0 = sl_world_rest_positions(w);
    double *A = calloc((size_t)9 * n, sizeof(double));
    for (int k = 0; k < ne; k++) {
        int i = e[2 * k], j = e[2 * k + 1];
        for (int r = 0; r < 3; r++)
            for (int c = 0; c < 3; c++) {
                double a = (x[3 * j + r] - x[3 * i + r]) * (x0[3 * j + c] - x0[3 * i + c]);
                A[9 * i + 3 * r + c] += a, A[9 * j + 3 * r + c] += a; /* (-d)(-d0)^T = d d0^T */
            }
    }
    for (int i = 0; i < n; i++) polar_rotation(A + 9 * i, R + 9 * i);
    free(A);
}

/* The element rotation: polar factor of F = Ds Dm^-1 of tet t. */
static void element_rotation(const double *x0, const double *x, const int *t, double *R) {
    double Dm[9], Ds[9], Di[9], F[9];
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++)
            Dm[3 * r + c] = x0[3 * t[c + 1] + r] - x0[3 * t[0] + r], Ds[3 * r + c] = x[3 * t[c + 1] + r] - x[3 * t[0] + r];
    inv3(Dm, Di);
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 3; c++) F[3 * r + c] = Ds[3 * r] * Di[c] + Ds[3 * r + 1] * Di[3 + c] + Ds[3 * r + 2] * Di[6 + c];
    polar_rotation(F, R);
}

/* The warped elastic force f_w (double[3n], sign of K (x - x0)) at x written again:
 * per vertex (element = 0) f_i = R_i sum_j K0_ij (R_i^T x_j - x0_j), or per element
 * f_e = R_e K_e (R_e^T x_e - x0_e), K from tet_stiffness (or Kall: double[144 nt], the
 * tets' K0 computed before). */
static void own_warped_force(const sl_world *w, const double *x, int element, const double *Kall, double *f) {
    int n = sl_world_node_count(w), nt = sl_world_tet_count(w);
    const double *x0 = sl_world_rest_positions(w);
    const int *tets = sl_world_tets(w);
    double *R = malloc(sizeof(double) * 9 * (size_t)n), Ke[144];
    if (!element) own_rotations(w, x, R);
    memset(f, 0, sizeof(double) * 3 * (size_t)n);
    for (int e = 0; e < nt; e++) {
        const int *t = tets + 4 * e;
        double Re[9];
        if (Kall) memcpy(Ke, Kall + 144 * e, sizeof Ke);
        else tet_stiffness(x0, t, BAR_E, BAR_NU, Ke);
        if (element) element_rotation(x0, x, t, Re);
        for (int a = 0; a < 4; a++) {
            const double *Ra = element ? Re : R + 9 * t[a];
            double s[3] = {0, 0, 0};
            for (int b = 0; b < 4; b++) {
                double u[3]; /* R^T x_b - x0_b */
                for (int i = 0; i < 3; i++)
                    u[i] = Ra[i] * x[3 * t[b]] + Ra[3 + i] * x[3 * t[b] + 1] + Ra[6 + i] * x[3 * t[b] + 2] - x0[3 * t[b] + i];
                for (int i = 0; i < 3; i++)
                    for (int j = 0; j < 3; j++) s[i] += Ke[(3 * a + i) * 12 + 3 * b + j] * u[j];
            }
            for (int i = 0; i < 3; i++) f[3 * t[a] + i] += Ra[3 * i] * s[0] + Ra[3 * i + 1] * s[1] + Ra[3 * i + 2] * s[2];
        }
    }
    free(R);
}

/* The warped stiffness at x written again (dense, double[3n x 3n], row-major) from the
 * row's own K0: per vertex (element = 0) K_w,ij = R_i K0_ij R_i^T with the own rotations
 * (R: double[9n], left holding them; x NULL: the rotations R as given), or per element
 * (element = 1) the sum of R_e K_e R_e^T, R_e the polar factor of each tet's F (R unused). */
static void own_warped_stiffness(const sl_world *w, const double *x, int element, double *R, double *Kw) {
    int n = sl_world_node_count(w), N = 3 * n, nt = sl_world_tet_count(w);
    const double *x0 = sl_world_rest_positions(w);
    const int *tets = sl_world_tets(w);
    double Ke[144], Re[9];
    memset(Kw, 0, sizeof(double) * (size_t)N * N);
    if (x && !element) own_rotations(w, x, R);
    for (int e = 0; e < nt; e++) {
        const int *t = tets + 4 * e;
        tet_stiffness(x0, t, BAR_E, BAR_NU, Ke);
        if (element) element_rotation(x0, x, t, Re);
        for (int a = 0; a < 4; a++)
            for (int b = 0; b < 4; b++) {
                const double *Ri = element ? Re : R + 9 * t[a];
                for (int i = 0; i < 3; i++)
                    for (int j = 0; j < 3; j++) {
                        double B = 0;
                        for (int k = 0; k < 3; k++)
                            for (int l = 0; l < 3; l++) B += Ri[3 * i + k] * Ke[(3 * a + k) * 12 + 3 * b + l] * Ri[3 * j + l];
                        Kw[(size_t)(3 * t[a] + i) * N + 3 * t[b] + j] += B;
                    }
            }
    }
}

/* Dense LU with partial pivoting of the n x n row-major A in place (piv: int[n]); 0 if a
 * pivot is zero. lu_dense_solve solves A x = b in place with it. */
static int lu_dense(int n, double *A, int *piv) {
    for (int k = 0; k < n; k++) {
        int p = k;
        for (int i = k + 1; i < n; i++)
            if (fabs(A[(size_t)i * n + k]) > fabs(A[(size_t)p * n + k])) p = i;
        piv[k] = p;
        if (A[(size_t)p * n + k] == 0) return 0;
        for (int j = 0; p != k && j < n; j++) {
            double t = A[(size_t)k * n + j];
            A[(size_t)k * n + j] = A[(size_t)p * n + j], A[(size_t)p * n + j] = t;
        }
        for (int i = k + 1; i < n; i++) {
            double l = A[(size_t)i * n + k] /= A[(size_t)k * n + k];
            for (int j = k + 1; j < n; j++) A[(size_t)i * n + j] -= l * A[(size_t)k * n + j];
        }
    }
    return 1;
}

static void lu_dense_solve(int n, const double *A, const int *piv, double *b) {
    for (int k = 0; k < n; k++) { /* the row swaps first: they moved L's rows too */
        double t = b[k];
        b[k] = b[piv[k]], b[piv[k]] = t;
    }
    for (int k = 0; k < n; k++)
        for (int i = k + 1; i < n; i++) b[i] -= A[(size_t)i * n + k] * b[k];
    for (int i = n - 1; i >= 0; i--) {
        for (int j = i + 1; j < n; j++) b[i] -= A[(size_t)i * n + j] * b[j];
        b[i] /= A[(size_t)i * n + i];
    }
}

/* The static problem of own_static_rest: its free dofs, gravity on the lumped masses, the
 * tets' K0 and scratch. */
typedef struct static_problem {
    const sl_world *w;
    int N, nf, *free_of, *piv;
    double *fg, *Kall, *J, *f, *f2, *xt, *b;
} static_problem;

/* The out-of-balance force lambda f_g - f_w(x) over the free dofs into b; returns max |b|. */
static double static_residual(const static_problem *P, const double *x, double lambda, double *b) {
    double size = 0;
    own_warped_force(P->w, x, 0, P->Kall, P->f);
    for (int r = 0; r < P->N; r++)
        if (P->free_of[r] >= 0) b[P->free_of[r]] = lambda * P->fg[r] - P->f[r], size = fmax(size, fabs(b[P->free_of[r]]));
    return size;
}

/* J = d f_w / dx over the free dofs at x by forward differences (step 1e-7 m), LU-factored
 * in place; 0 if singular. */
static int static_jacobian(static_problem *P, const double *x) {
    own_warped_force(P->w, x, 0, P->Kall, P->f2);
    memcpy(P->xt, x, sizeof(double) * (size_t)P->N);
    for (int c = 0; c < P->N; c++) {
        if (P->free_of[c] < 0) continue;
        P->xt[c] += 1e-7;
        own_warped_force(P->w, P->xt, 0, P->Kall, P->f);
        P->xt[c] = x[c];
        for (int r = 0; r < P->N; r++)
            if (P->free_of[r] >= 0) P->J[(size_t)P->free_of[r] * P->nf + P->free_of[c]] = (P->f[r] - P->f2[r]) / 1e-7;
    }
    return lu_dense(P->nf, P->J, P->piv);
}

/* The bar's rest shape under per-vertex warping written again: the static equilibrium
 * f_w(x) = f_g of eq. 12's forces (own_warped_force) and gravity on the lumped masses
 * rho V / 4, w's pinned nodes held, by Newton's method on a finite-difference Jacobian
 * (dense LU, refreshed every 8 iterations), the load raised in 4 steps, each iterated until
 * the step is below 1e-9 m. The result goes to x (double[3n]); returns the iterations
 * taken, or -1 when they do not converge (40 at most a load) or memory runs out. With
 * linear = 1: linear FEM's K0 u = f_g instead (one solve with J = K0). */
static int own_static_rest(const sl_world *w, int linear, double *x) {
    int n = sl_world_node_count(w), N = 3 * n, nt = sl_world_tet_count(w), total = 0;
    const double *x0 = sl_world_rest_positions(w);
    const int *tets = sl_world_tets(w);
    static_problem P = {.w = w, .N = N};
    P.free_of = malloc(sizeof(int) * (size_t)N), P.piv = malloc(sizeof(int) * (size_t)N);
    P.fg = calloc((size_t)N, sizeof(double)), P.Kall = malloc(sizeof(double) * 144 * (size_t)nt);
    P.J = malloc(sizeof(double) * (size_t)N * N), P.f = malloc(sizeof(double) * (size_t)N);
    P.f2 = malloc(sizeof(double) * (size_t)N), P.xt = malloc(sizeof(double) * (size_t)N);
    P.b = malloc(sizeof(double) * (size_t)N);
    if (!P.free_of || !P.piv || !P.fg || !P.Kall || !P.J || !P.f || !P.f2 || !P.xt || !P.b) total = -1;
    for (int i = 0; total == 0 && i < N; i++) P.free_of[i] = sl_world_is_pinned(w, i / 3) ? -1 : P.nf++;
    for (int e = 0; total == 0 && e < nt; e++) {
        double V = tet_stiffness(x0, tets + 4 * e, BAR_E, BAR_NU, P.Kall + 144 * e);
        for (int a = 0; a < 4; a++) P.fg[3 * tets[4 * e + a] + 1] -= BAR_RHO * V / 4 * BAR_G;
    }
    if (total == 0) memcpy(x, x0, sizeof(double) * (size_t)N);
    for (int load = 1, loads = linear ? 1 : 4; total >= 0 && load <= loads; load++)
        for (int it = 0;; it++, total++) {
            if (it == 40 || !static_jacobian(&P, x)) {
                total = -1;
                break;
            }
            static_residual(&P, x, (double)load / loads, P.b);
            lu_dense_solve(P.nf, P.J, P.piv, P.b);
            double step = 0;
            for (int r = 0; r < N; r++)
                if (P.free_of[r] >= 0) x[r] += P.b[P.free_of[r]], step = fmax(step, fabs(P.b[P.free_of[r]]));
            if (!isfinite(step)) total = -1;
            if (!isfinite(step) || linear || step < 1e-9) break;
        }
    free(P.free_of), free(P.piv), free(P.fg), free(P.Kall), free(P.J), free(P.f), free(P.f2), free(P.xt), free(P.b);
    return total;
}

/* ---- the paper's damping, moduli and solver ---------------------------------------------- */

/* The lumped damping matrix of §4.1 ("lumped inertia and damping matrices"), C = c M. The
 * paper gives no value; c = 1/s is the smallest round value with which per-vertex warping
 * holds the bar of §4.1 at 10 ms: 0.1, 0.3 and 0.5/s still grow and diverge at 20.2, 27.1
 * and 41.8 s, 1/s holds 60 s at rest (softlab run --mass-damping, 2026-11-28). It is a
 * damping ratio c / (2 omega_1) of about 0.16 in the bar's first bending mode (beam theory:
 * omega_1 = 1.875^2 sqrt(E I / (rho A L^4)) = 3.2 rad/s). */
#define PAPER_DAMPING 1.0

/* What a row runs: the stepper, the damping c (1/s), Young's modulus (Pa; 0: the scene's
 * 1 MPa) and whether the linear solve falls back to sparse LU where the tangent is
 * indefinite (SL_LINEAR_DEFAULT_LU). */
typedef struct run002 {
    const char *method;
    double damping;
    double young;
    int lu;
} run002;

/* Builds `scene` for run r at dt (claim_world), then sets r's damping and solver; NULL on
 * any error, with the reason in out->note. */
static sl_world *world002(const char *scene, const run002 *r, double dt, sl_claim_result *out) {
    sl_param p = SL_PARAM_YOUNG_MODULUS;
    sl_world *w = claim_world(scene, r->method, dt, &p, &r->young, r->young > 0, out);
    if (!w) return NULL;
    sl_status st = sl_world_set_mass_damping(w, r->damping);
    if (st == SL_OK && r->lu) st = sl_world_set_linear_solver(w, SL_LINEAR_DEFAULT_LU);
    if (st != SL_OK) {
        CLAIM_SAY(out->note, "%s: damping %g 1/s or the solver refused: %s", scene, r->damping, sl_status_message(st));
        sl_world_destroy(w);
        return NULL;
    }
    return w;
}

/* ---- rows -------------------------------------------------------------------------------- */

/* Runs w for t_end, returning the largest |V/V0 - 1| seen (V/V0 in *extreme); the run's
 * largest, smallest and last V/V0 and the tracked node's (the bar's tip) lowest y and its
 * time go to out's extras (lesson 002's bar table). */
static sl_status volume_extreme(sl_world *w, double t_end, double *extreme, sl_claim_result *out) {
    *extreme = 1;
    double hi = 1, lo = 1, r = 1, low_y = INFINITY, low_t = 0;
    int tip = sl_world_tracked_node(w);
    sl_status st = SL_OK;
    for (long s = 0, n = lround(t_end / sl_world_dt(w)); s < n; s++) {
        if ((st = claim_step(w, s, n, out)) != SL_OK) break;
        r = sl_world_volume_ratio(w);
        if (fabs(r - 1) > fabs(*extreme - 1)) *extreme = r;
        hi = fmax(hi, r), lo = fmin(lo, r);
        if (tip >= 0 && sl_world_positions(w)[3 * tip + 1] < low_y) low_y = sl_world_positions(w)[3 * tip + 1], low_t = sl_world_time(w);
    }
    claim_extra(out, "max_ratio", hi), claim_extra(out, "min_ratio", lo), claim_extra(out, "end_ratio", r);
    claim_extra(out, "tip_lowest_y", tip >= 0 ? low_y : NAN), claim_extra(out, "tip_lowest_t", tip >= 0 ? low_t : NAN);
    return st;
}

/* §4.1, Fig. 6: the bar's extreme V/V0 over 3 s at 10 ms under stepper ctx. */
static sl_status run_bar_volume(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    const char *method = c->ctx;
    sl_world *w = claim_world("warp-bar", method, 0.01, NULL, NULL, 0, out);
    if (!w) return SL_ERR_RANGE;
    double ext;
    sl_status st = volume_extreme(w, 3.0, &ext, out);
    out->measured = ext;
    if (!strcmp(method, "linear-fem")) {
        out->reference = own_linear_fem_max_volume(w, 0.01, 3.0);
        CLAIM_SAY(out->reference_how, "linear FEM written again in the row on the same mesh: element stiffness V B^T D B, "
                                      "lumped masses rho V/4, implicit Euler with a dense Cholesky factor of M + dt^2 K0");
    }
    sl_world_destroy(w);
    return st;
}

/* The total energy of warp-tube under stepper `method` at dt (s) after `steps` steps (0: at
 * the start); NaN on any error. */
static double tube_energy_after(const char *method, double dt, int steps, sl_claim_result *out) {
    sl_world *w = claim_world("warp-tube", method, dt, NULL, NULL, 0, out);
    if (!w) return NAN;
    double e = NAN;
    if (claim_run_for(w, steps * dt, out) == SL_OK) e = sl_world_energy(w).total;
    sl_world_destroy(w);
    return e;
}

/* §4.2, Fig. 8: the tube released from its 60 deg bend: the extreme V/V0 over 1 s at 10 ms
 * under stepper ctx (volume_extreme's extras), and the total energy at the start and after
 * the first step at 10 ms and at 5 ms (lesson 002 §4: why the lab runs Green strain at 5 ms). */
static sl_status run_tube_volume(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    sl_world *w = claim_world("warp-tube", c->ctx, 0.01, NULL, NULL, 0, out);
    if (!w) return SL_ERR_RANGE;
    double ext;
    sl_status st = volume_extreme(w, 1.0, &ext, out);
    out->measured = ext;
    sl_world_destroy(w);
    claim_extra(out, "energy_start", tube_energy_after(c->ctx, 0.01, 0, out));
    claim_extra(out, "energy_step1", tube_energy_after(c->ctx, 0.01, 1, out));
    claim_extra(out, "energy_step1_5ms", tube_energy_after(c->ctx, 0.005, 1, out));
    return st;
}

/* §3: the ghost forces: |sum f_i| / sum |f_i| of the warped elastic forces on the bar after
 * 0.5 s (sagged and turned) under stepper ctx, against eq. 12 written again (per vertex) or
 * zero (per element; linear FEM, whose K0 has the translations in its null space). The net
 * force, the sum of |f_i| and the net torque go to the extras (lesson 002 §6). */
static sl_status run_ghost(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    const char *method = c->ctx;
    int element = !strcmp(method, "stiffness-warping-element"), vertex = !strcmp(method, "stiffness-warping");
    sl_world *w = claim_world("warp-bar", method, 0.01, NULL, NULL, 0, out);
    if (!w) return SL_ERR_RANGE;
    sl_status st = claim_run_for(w, 0.5, out);
    int n = sl_world_node_count(w);
    double *f = malloc(sizeof(double) * 6 * (size_t)n), *g = f + 3 * n, F[3], T[3], sum = 0, own[3] = {0, 0, 0};
    const double *x = sl_world_positions(w);
    if (st == SL_OK) st = sl_world_warping_ghost(w, F, T);
    if (st == SL_OK) st = sl_world_warping_force(w, x, x, f);
    if (st == SL_OK) {
        if (vertex || element) own_warped_force(w, x, element, NULL, g);
        else memcpy(g, f, sizeof(double) * 3 * (size_t)n); /* linear FEM: no second force here */
        double diff = 0, size = 0;
        for (int i = 0; i < n; i++) {
            sum += sqrt(f[3 * i] * f[3 * i] + f[3 * i + 1] * f[3 * i + 1] + f[3 * i + 2] * f[3 * i + 2]);
            for (int k = 0; k < 3; k++) own[k] += g[3 * i + k], diff = fmax(diff, fabs(f[3 * i + k] - g[3 * i + k])),
                                                       size = fmax(size, fabs(f[3 * i + k]));
        }
        out->measured = sqrt(F[0] * F[0] + F[1] * F[1] + F[2] * F[2]) / sum;
        out->reference = !vertex ? 0 : sqrt(own[0] * own[0] + own[1] * own[1] + own[2] * own[2]) / sum;
        double torque = sqrt(T[0] * T[0] + T[1] * T[1] + T[2] * T[2]);
        claim_extra(out, "net_force", out->measured * sum), claim_extra(out, "force_sum", sum);
        claim_extra(out, "net_torque", torque);
        if (vertex)
            CLAIM_SAY(out->note, "net force %.3g N over sum |f_i| = %.4g N; net torque %.3g N m; largest difference of a "
                                 "force component from the row's own eq. 12: %.2g N (of %.3g N)",
                      out->measured * sum, sum, torque, diff, size);
        else
            CLAIM_SAY(out->note, "net force %.3g N over sum |f_i| = %.4g N; net torque %.3g N m", out->measured * sum, sum,
                      torque);
        if (!vertex && !element)
            CLAIM_SAY(out->reference_how, "zero: K0 (x - x0) sums to zero over the nodes (K0's block rows sum to zero: "
                                          "translations are in its null space); the torque is zero only to first order");
        else if (element)
            CLAIM_SAY(out->reference_how, "zero: each element's force R_e K_e (R_e^T x - x0) sums to zero over its nodes "
                                          "(K_e's block rows sum to zero: translations are in its null space)");
        else
            CLAIM_SAY(out->reference_how, "eq. 12 written again: own K0 (V B^T D B per tet), own rotations (polar factor "
                                          "of A_i over the mesh edges, Higham's iteration), |sum f_i| / sum |f_i|");
    }
    free(f);
    sl_world_destroy(w);
    return st;
}

/* §4.1: the warped stiffness K_w of per-vertex warping on the bar after 0.5 s (the row's
 * run002: the paper's damping): largest
 * |K_ij - K_ji| over the largest |K_ij|. */
static sl_status run_asymmetry(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    sl_world *w = world002("warp-bar", c->ctx, 0.01, out);
    if (!w) return SL_ERR_RANGE;
    sl_status st = claim_run_for(w, 0.5, out);
    int n = sl_world_node_count(w), N = 3 * n;
    double *K = malloc(sizeof(double) * (size_t)N * N), *R = malloc(sizeof(double) * 9 * (size_t)n);
    double *Kw = malloc(sizeof(double) * (size_t)N * N);
    const double *x = sl_world_positions(w);
    if (st == SL_OK) st = sl_world_warping_stiffness(w, x, K);
    if (st == SL_OK) {
        own_warped_stiffness(w, x, 0, R, Kw);
        double am = 0, mm = 0, ao = 0, mo = 0;
        for (int r = 0; r < N; r++)
            for (int q = 0; q < N; q++) {
                am = fmax(am, fabs(K[(size_t)r * N + q] - K[(size_t)q * N + r])), mm = fmax(mm, fabs(K[(size_t)r * N + q]));
                ao = fmax(ao, fabs(Kw[(size_t)r * N + q] - Kw[(size_t)q * N + r])), mo = fmax(mo, fabs(Kw[(size_t)r * N + q]));
            }
        out->measured = am / mm, out->reference = ao / mo;
        CLAIM_SAY(out->reference_how, "the same measure of $K_{w,ij} = R_i K^0_{ij} R_i^T$ assembled in the row from its own $K^0$ "
                                      "and own rotations (polar factors of A_i)");
        CLAIM_SAY(out->note, "largest asymmetry %.3g N/m in entries up to %.3g N/m", am, mm);
        claim_extra(out, "asymmetry_max", am), claim_extra(out, "entry_max", mm);
    }
    free(K), free(R), free(Kw);
    sl_world_destroy(w);
    return st;
}

/* §4.1: seconds the 2 m bar (warp-bar-long) runs at 10 ms under the row's run002 before it
 * diverges or the core's verdict says growing; 3 when it holds 3 s. */
static sl_status run_long_bar(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    sl_world *w = world002("warp-bar-long", c->ctx, 0.01, out);
    if (!w) return SL_ERR_RANGE;
    sl_verdict v;
    sl_verdict_reset(&v);
    sl_world_judge(w, &v);
    double t = 3.0;
    for (long s = 0; s < 300; s++) {
        if (sl_world_step(w) != SL_OK) {
            t = sl_world_time(w);
            CLAIM_SAY(out->note, "step failed at t = %.2f s: %s", t, sl_world_last_error(w));
            break;
        }
        if (sl_world_judge(w, &v) >= SL_VERDICT_GROWING) {
            t = v.since;
            CLAIM_SAY(out->note, "%s", v.reason);
            break;
        }
    }
    out->measured = t;
    sl_world_destroy(w);
    return SL_OK;
}

/* §4.2's table at E = 1 MPa: the largest dt of the grid 1, 2, 3, 5, 7, 10, 15, 20, 30 ms up
 * to which every 1 s run of warp-tube-drop under stepper ctx ends without a failed step
 * (divergence, or a factorization that is not positive definite). The same runs give the
 * numbers lesson 002 §4 quotes about them, as extras: the failed step's time (fail_t); the
 * total energy at the start, the 1 ms and 2 ms runs' largest, the 1 ms run's most inverted
 * tets at once; at 2 ms the time the core's verdict says 'growing', the net elastic force
 * and V/V0 at the end (warping steppers); at 10 ms the smallest and the last V/V0 and the
 * elastic energy at the end. NaN where a run did not get there. */
static sl_status run_tube_dt(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    static const double grid[] = {0.001, 0.002, 0.003, 0.005, 0.007, 0.01, 0.015, 0.02, 0.03};
    double best = 0, fail_t = NAN, e_start = NAN, peak1 = NAN, peak2 = NAN, grow2 = NAN, ghost2 = NAN;
    double inverted = NAN, min10 = NAN, end10 = NAN, elastic10 = NAN, end2 = NAN;
    for (int k = 0; k < (int)(sizeof grid / sizeof grid[0]); k++) {
        sl_world *w = world002("warp-tube-drop", c->ctx, grid[k], out);
        if (!w) return SL_ERR_RANGE;
        int ms = (int)lround(1e3 * grid[k]), ok = 1;
        sl_verdict v;
        sl_verdict_reset(&v);
        sl_world_judge(w, &v);
        double e = sl_world_energy(w).total, peak = e, lo = 1;
        if (ms == 1) inverted = 0;
        if (k == 0) e_start = e;
        for (long s = 0, n = lround(1.0 / grid[k]); s < n && ok; s++) {
            if (sl_world_step(w) != SL_OK) {
                ok = 0, fail_t = sl_world_time(w);
                CLAIM_SAY(out->note, "at %g ms: step failed at t = %.3f s (%s)", 1e3 * grid[k], fail_t, sl_world_last_error(w));
                break;
            }
            if (ms == 1) inverted = fmax(inverted, sl_world_inverted_cells(w)); /* a tet mesh: one tet a cell */
            if (ms == 2 && sl_world_judge(w, &v) == SL_VERDICT_GROWING && isnan(grow2)) grow2 = v.since;
            e = sl_world_energy(w).total, peak = fmax(peak, e), lo = fmin(lo, sl_world_volume_ratio(w));
        }
        if (ms == 1) peak1 = peak;
        if (ms == 2 && ok) {
            double F[3], T[3];
            peak2 = peak, end2 = sl_world_volume_ratio(w);
            if (sl_world_warping_ghost(w, F, T) == SL_OK) ghost2 = sqrt(F[0] * F[0] + F[1] * F[1] + F[2] * F[2]);
        }
        if (ms == 10 && ok) min10 = lo, end10 = sl_world_volume_ratio(w), elastic10 = sl_world_energy(w).elastic;
        sl_world_destroy(w);
        if (!ok) break;
        best = grid[k];
    }
    if (best == grid[8]) CLAIM_SAY(out->note, "every dt of the grid held, up to 30 ms");
    out->measured = best;
    claim_extra(out, "fail_t", fail_t), claim_extra(out, "energy_start", e_start);
    claim_extra(out, "energy_peak_1ms", peak1), claim_extra(out, "energy_peak_2ms", peak2);
    claim_extra(out, "inverted_max_1ms", inverted), claim_extra(out, "growing_t_2ms", grow2);
    claim_extra(out, "ghost_end_2ms", ghost2), claim_extra(out, "ratio_end_2ms", end2);
    claim_extra(out, "ratio_min_10ms", min10), claim_extra(out, "ratio_end_10ms", end10);
    claim_extra(out, "elastic_end_10ms", elastic10);
    return SL_OK;
}

/* The steps of the paper's table (§4.2), largest first. */
static const double paper_grid[] = {0.03, 0.02, 0.01, 0.005, 0.002, 0.001};
#define PAPER_GRID_COUNT ((int)(sizeof paper_grid / sizeof paper_grid[0]))

/* A search of tube_largest_held, remembered: the search is deterministic (no timing), so
 * the trend rows reuse the column rows' searches run before them in the same process. */
typedef struct held_memo {
    run002 run;
    double held, fail_t;
} held_memo;
static held_memo memo[16];
static int memo_count;

/* The largest step of paper_grid whose 1 s drop of warp-tube-drop under r ends without a
 * failed step (divergence, or a solve that fails), searched from the largest down (a run
 * that fails stops there, so the large steps cost little); 0 when even 1 ms fails. *fail_t:
 * when the run at the next larger step of the grid failed (NaN: none failed). SL_ERR_RANGE
 * when a world cannot be built. */
static sl_status tube_largest_held(const run002 *r, double *held, double *fail_t, sl_claim_result *out) {
    for (int k = 0; k < memo_count; k++)
        if (!strcmp(memo[k].run.method, r->method) && memo[k].run.damping == r->damping &&
            memo[k].run.young == r->young && memo[k].run.lu == r->lu) {
            *held = memo[k].held, *fail_t = memo[k].fail_t;
            return SL_OK;
        }
    *held = 0, *fail_t = NAN;
    for (int k = 0; k < PAPER_GRID_COUNT && *held == 0; k++) {
        sl_world *w = world002("warp-tube-drop", r, paper_grid[k], out);
        if (!w) return SL_ERR_RANGE;
        int ok = 1;
        for (long s = 0, n = lround(1.0 / paper_grid[k]); s < n && ok; s++)
            if (sl_world_step(w) != SL_OK) {
                ok = 0, *fail_t = sl_world_time(w);
                CLAIM_SAY(out->note, "at %g ms: step failed at t = %.3f s (%s)", 1e3 * paper_grid[k], *fail_t,
                          sl_world_last_error(w));
            }
        if (ok) *held = paper_grid[k];
        sl_world_destroy(w);
    }
    if (memo_count < (int)(sizeof memo / sizeof memo[0])) memo[memo_count++] = (held_memo){*r, *held, *fail_t};
    return SL_OK;
}

/* §4.2's table, one cell: the largest step of the paper's grid (30, 20, 10, 5, 2, 1 ms) whose
 * 1 s drop holds, under the row's run002 (a modulus other than 1 MPa, the paper's damping);
 * the failed run's time as an extra. */
static sl_status run_tube_cell(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    double held, fail_t;
    sl_status st = tube_largest_held(c->ctx, &held, &fail_t, out);
    out->measured = held;
    claim_extra(out, "fail_t", fail_t);
    return st;
}

/* §4.2: "smaller elastic moduli ... smaller time steps need to be taken": the largest held
 * step of the grid at 0.1 MPa over that at 2 MPa (ctx: two run002, stiff first). */
static sl_status run_tube_trend(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    const run002 *r = c->ctx;
    double stiff, soft, f1, f2;
    sl_status st = tube_largest_held(&r[0], &stiff, &f1, out);
    if (st == SL_OK) st = tube_largest_held(&r[1], &soft, &f2, out);
    if (st != SL_OK) return st;
    out->measured = stiff > 0 ? soft / stiff : NAN;
    claim_extra(out, "dt_stiff", stiff), claim_extra(out, "dt_soft", soft);
    CLAIM_SAY(out->note, "largest held step %g ms at E = %g MPa, %g ms at E = %g MPa", 1e3 * stiff, 1e-6 * r[0].young,
              1e3 * soft, 1e-6 * r[1].young);
    return SL_OK;
}

/* §4.1: time per step of per-vertex warping over linear FEM on the bar at 10 ms. The
 * extras time the four models of lesson 002 §5 on warp-bar and warp-tube at 10 ms (ms a
 * step, and each over linear FEM's on the same scene): this machine's processor time, best
 * of 3 runs of 1 s of simulated time each (sl_scene_time_per_step). */
static sl_status run_timing(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    static const char *const scenes[2] = {"bar", "tube"};
    static const char *const methods[4] = {"linear-fem", "stiffness-warping", "stiffness-warping-element", "implicit-euler"};
    static const char *const names[4] = {"linear", "vertex", "element", "green"};
    double t[2][4];
    sl_status st = SL_OK;
    for (int s = 0; s < 2; s++)
        for (int k = 0; k < 4; k++) {
            char scene[16], name[32];
            snprintf(scene, sizeof scene, "warp-%s", scenes[s]);
            t[s][k] = NAN;
            sl_status sk = sl_scene_time_per_step(sl_scene_find(scene), NULL, sl_stepper_find(methods[k]), 0.01, 1.0, &t[s][k]);
            if (sk != SL_OK && st == SL_OK) st = sk;
            snprintf(name, sizeof name, "%s_%s_ms", scenes[s], names[k]);
            claim_extra(out, name, 1e3 * t[s][k]);
        }
    for (int s = 0; s < 2; s++)
        for (int k = 1; k < 4; k++) {
            char name[32];
            snprintf(name, sizeof name, "%s_%s_ratio", scenes[s], names[k]);
            claim_extra(out, name, t[s][k] / t[s][0]);
        }
    out->measured = t[0][1] / t[0][0];
    CLAIM_SAY(out->note, "%.3g ms (warped) and %.3g ms (linear) a step, processor time", 1e3 * t[0][1], 1e3 * t[0][0]);
    return st;
}

static const run002 BAR_VERTEX_DAMPED = {"stiffness-warping", PAPER_DAMPING, 0, 0};

/* §4.1, Fig. 7: the tip (the tracked node) of the bar at rest under gravity, per-vertex
 * warping with the paper's damping: its y after 10 s at 10 ms (at rest from about 5 s: the
 * total energy is then within 1e-3 J of its value at 60 s), against the static equilibrium
 * of eq. 12 written again (own_static_rest). Extras: the tip's x, the kinetic energy left,
 * the iterations, linear FEM's static tip (K0 u = f_g, the same own K0) and beam theory's
 * small-deflection sag q L^4 / (8 E I). */
static sl_status run_bar_tip(const sl_claim *c, const sl_validate_env *env, sl_claim_result *out) {
    sl_world *w = world002("warp-bar", &BAR_VERTEX_DAMPED, 0.01, out);
    if (!w) return SL_ERR_RANGE;
    sl_status st = claim_run_for(w, 10.0, out);
    int tip = sl_world_tracked_node(w), n = sl_world_node_count(w);
    double *xs = malloc(sizeof(double) * 3 * (size_t)n);
    if (st == SL_OK && (tip < 0 || !xs)) st = SL_ERR_RANGE;
    if (st == SL_OK) {
        const double *x = sl_world_positions(w);
        out->measured = x[3 * tip + 1];
        claim_extra(out, "tip_x", x[3 * tip]), claim_extra(out, "kinetic_end", sl_world_energy(w).kinetic);
        int it = own_static_rest(w, 0, xs);
        out->reference = it >= 0 ? xs[3 * tip + 1] : NAN;
        claim_extra(out, "reference_tip_x", it >= 0 ? xs[3 * tip] : NAN), claim_extra(out, "iterations", it);
        claim_extra(out, "linear_static_y", own_static_rest(w, 1, xs) >= 0 ? xs[3 * tip + 1] : NAN);
        double area = 0.1 * 0.1, inertia = 0.1 * 0.1 * 0.1 * 0.1 / 12;
        claim_extra(out, "beam_theory_y", -BAR_RHO * BAR_G * area / (8 * BAR_E * inertia));
        CLAIM_SAY(out->reference_how, "the rest shape of eq. 12 written again: the static equilibrium of the own "
                                      "warped forces (own K0, own rotations) with gravity on the lumped masses, by "
                                      "Newton's method on a finite-difference Jacobian (dense LU), the load raised in 4 "
                                      "steps (%d iterations)", it);
    }
    free(xs);
    sl_world_destroy(w);
    return st;
}

#define BAR "warp-bar: 1 m x 0.1 m x 0.1 m, 10 x 3 x 3 cubes (450 tets), E = 1 MPa, nu = 0.33, 1000 kg/m^3, clamped at x = 0, released under gravity; "
#define TUBE "warp-tube-drop: tube 0.5 m x 0.13 m, 2 cm wall, 960 tets, nu = 0.33, tilted 45 deg, 0.5 m above a ground of friction 0.5; "
#define TUBE_1MPA TUBE "E = 1 MPa; 1 s runs at dt = 1, 2, 3, 5, 7, 10, 15, 20, 30 ms, "
#define TUBE_CELL "1 s runs at the paper's steps 30, 20, 10, 5, 2, 1 ms from the largest down; the paper's damping c = 1/s; "
#define TUBE_BEND "warp-tube: tube 0.5 m x 0.13 m, 2 cm wall, 960 tets, E = 1 MPa, nu = 0.33, base pinned, released from a 60 deg bend; "
#define DAMPED "lumped damping C = c M with c = 1/s (the paper gives no value: the smallest round one that holds the bar 30 s; 0.5/s diverges at 41.8 s)"
#define UNDAMPED "undamped, where the paper damps (§4.1: lumped inertia and damping matrices)"
#define PER_ELEMENT "per-element warping (Müller and Gross 2004), not the paper's per-vertex warping"
#define TUBE_BEND_DIFFERS "released from a 60 deg bend, where the paper's user drags the tube by a vertex; undamped"
#define NO_ENERGY                                                                                              \
    "Per-vertex warping's forces (eq. 12) use $R_i$ for the whole row of node $i$: they are the gradient of "  \
    "no energy, do net work around closed paths and here feed the motion (lessons/002 §3, §6)."
#define TABLE_WHERE(col, row) "§4.2, table, E = " col " MPa, row " row

static const double NO_DAMPING = 0, WITH_DAMPING = PAPER_DAMPING;
static const run002 LONG_VERTEX = {"stiffness-warping", PAPER_DAMPING, 0, 0},
                    LONG_VERTEX_UNDAMPED = {"stiffness-warping", 0, 0, 0},
                    LONG_ELEMENT = {"stiffness-warping-element", PAPER_DAMPING, 0, 0},
                    LONG_GREEN = {"implicit-euler", PAPER_DAMPING, 0, 0},
                    TUBE_VERTEX = {"stiffness-warping", PAPER_DAMPING, 0, 0},
                    TUBE_VERTEX_UNDAMPED = {"stiffness-warping", 0, 0, 0},
                    TUBE_ELEMENT_UNDAMPED = {"stiffness-warping-element", 0, 0, 0},
                    TUBE_GREEN = {"implicit-euler", PAPER_DAMPING, 0, 1},
                    TUBE_GREEN_CHOLESKY = {"implicit-euler", 0, 0, 0},
                    CELL_VERTEX[4] = {{"stiffness-warping", PAPER_DAMPING, 2e6, 0}, {"stiffness-warping", PAPER_DAMPING, 5e5, 0},
                                      {"stiffness-warping", PAPER_DAMPING, 2e5, 0}, {"stiffness-warping", PAPER_DAMPING, 1e5, 0}},
                    CELL_GREEN[4] = {{"implicit-euler", PAPER_DAMPING, 2e6, 1}, {"implicit-euler", PAPER_DAMPING, 5e5, 1},
                                     {"implicit-euler", PAPER_DAMPING, 2e5, 1}, {"implicit-euler", PAPER_DAMPING, 1e5, 1}},
                    TREND_VERTEX[2] = {{"stiffness-warping", PAPER_DAMPING, 2e6, 0}, {"stiffness-warping", PAPER_DAMPING, 1e5, 0}},
                    TREND_GREEN[2] = {{"implicit-euler", PAPER_DAMPING, 2e6, 1}, {"implicit-euler", PAPER_DAMPING, 1e5, 1}};

/* A column of the paper's table other than 1 MPa: one row per model (Warp, the paper's
 * per-vertex warping; Non-Linear, Green strain with the LU fallback). */
#define CELL_ROW(ID, MPA, METHOD, RUN, PAPER_DT, ROWNAME, WHY)                                                  \
    {.id = ID, .seed = 2, .source = "§4.2, table",                                                            \
     .claim = "the " ROWNAME " model stays stable up to the table's step for E = " MPA " MPa (tube dropped on the ground)", \
     .setup = TUBE "E = " MPA " MPa; " TUBE_CELL METHOD, .lab = "scene=warp-tube-drop&methods=" METHOD,          \
     .quantity = "largest of the paper's steps whose 1 s drop holds (0: none)", .unit = "s", .paper = PAPER_DT,  \
     .relation = SL_CLAIM_AT_LEAST, .paper_kind = SL_PAPER_PRINTED, .paper_where = TABLE_WHERE(MPA, ROWNAME),  \
     .why = WHY, .quick = 0, .run = run_tube_cell, .ctx = &(RUN)}

#define WHY_CELL_VERTEX "Per-vertex warping diverges at the impact: its forces (eq. 12) derive from no energy and the " \
    "impact feeds them. softlab's contact projects nodes out of the ground after the step and squeezes the 2 cm wall (the " \
    "paper's wall thickness and contact are not given)."
#define WHY_CELL_GREEN "The Green-strain tube fails at the impact, where the compressed tets make linearly implicit " \
    "Euler's system indefinite; softlab solves that system by sparse LU there, so what fails is the step itself, which " \
    "one Newton step a time step cannot keep stable (the paper does not say how its non-linear solve differed)."

const sl_claim sl_claims_seed002[] = {
    {.id = "002-bar-linear-volume", .seed = 2, .source = "§4.1, Fig. 6",
     .claim = "the linear model shows the typical growth artifact under deformation",
     .setup = BAR "linear FEM (K0 at rest), dt = 10 ms, 3 s", .lab = "scene=warp-bar&methods=linear-fem&dt=0.01&plot=volume_ratio",
     .quantity = "largest V/V0 over 3 s", .unit = "1", .paper = 1.1, .relation = SL_CLAIM_AT_LEAST,
     .reference_tol_rel = 0.01, .paper_kind = SL_PAPER_READING, .reference_kind = SL_REF_SECOND_IMPLEMENTATION,
     .setup_differs = UNDAMPED, .quick = 1, .run = run_bar_volume, .ctx = "linear-fem"},
    {.id = "002-bar-vertex-volume", .seed = 2, .source = "§4.1, Fig. 6",
     .claim = "stiffness warping (per vertex, the paper's) does not exhibit the volume growth (read here: V/V0 within 2 % of 1)",
     .setup = BAR "stiffness-warping (per vertex), dt = 10 ms, 3 s",
     .lab = "scene=warp-bar&methods=linear-fem,stiffness-warping&dt=0.01&plot=volume_ratio",
     .quantity = "V/V0 farthest from 1 over 3 s", .unit = "1", .paper = 1, .paper_tol_abs = 0.02,
     .paper_kind = SL_PAPER_READING, .setup_differs = UNDAMPED, .quick = 1, .run = run_bar_volume, .ctx = "stiffness-warping"},
    {.id = "002-bar-element-volume", .seed = 2, .source = "§4.1, Fig. 6",
     .claim = "stiffness warping (per element, Müller and Gross 2004) does not exhibit the volume growth (read here: V/V0 within 2 % of 1)",
     .setup = BAR "stiffness-warping-element, dt = 10 ms, 3 s",
     .lab = "scene=warp-bar&methods=linear-fem,stiffness-warping-element,implicit-euler&dt=0.01&plot=volume_ratio",
     .quantity = "V/V0 farthest from 1 over 3 s", .unit = "1", .paper = 1, .paper_tol_abs = 0.02,
     .paper_kind = SL_PAPER_READING, .setup_differs = PER_ELEMENT "; " UNDAMPED, .quick = 1, .run = run_bar_volume,
     .ctx = "stiffness-warping-element"},
    {.id = "002-bar-green-volume", .seed = 2, .source = "§4.1, Fig. 6",
     .claim = "the non-linear (Green-strain) model does not exhibit the volume growth (read here: V/V0 within 2 % of 1)",
     .setup = BAR "implicit-euler on the Green-strain tets (the paper's non-linear model), dt = 10 ms, 3 s",
     .lab = "scene=warp-bar&methods=linear-fem,stiffness-warping-element,implicit-euler&dt=0.01&plot=volume_ratio",
     .quantity = "V/V0 farthest from 1 over 3 s", .unit = "1", .paper = 1, .paper_tol_abs = 0.02,
     .paper_kind = SL_PAPER_READING, .setup_differs = UNDAMPED, .quick = 1, .run = run_bar_volume, .ctx = "implicit-euler"},
    {.id = "002-bar-vertex-tip", .seed = 2, .source = "§4.1, Fig. 7",
     .claim = "the warped bar (per vertex) bends under gravity to a rest shape: its tip comes to rest where eq. 12's forces "
              "balance gravity",
     .setup = BAR "stiffness-warping (per vertex), " DAMPED ", dt = 10 ms, the tip after 10 s",
     .lab = "scene=warp-bar&methods=stiffness-warping,stiffness-warping-element&dt=0.01",
     .quantity = "the tip's height at rest, y (m)", .unit = "m", .paper = NAN, .reference_tol_abs = 1e-4,
     .reference_kind = SL_REF_SECOND_IMPLEMENTATION, .quick = 0, .run = run_bar_tip},
    {.id = "002-ghost-vertex", .seed = 2, .source = "§3, eq. 12",
     .claim = "eq. 12's forces do not sum to zero: their sum acts as a ghost force (the errors at single vertices are tiny)",
     .setup = BAR "stiffness-warping (per vertex), dt = 10 ms, state at 0.5 s (sagged and turned); all nodes, pinned included",
     .lab = "scene=warp-bar&methods=stiffness-warping,stiffness-warping-element&dt=0.01&plot=ghost_force",
     .quantity = "|sum f_i| / sum |f_i|", .unit = "1", .paper = NAN, .reference_tol_rel = 0.01, .reference_tol_abs = 1e-9,
     .reference_kind = SL_REF_SECOND_IMPLEMENTATION, .quick = 1, .run = run_ghost, .ctx = "stiffness-warping"},
    {.id = "002-ghost-element", .seed = 2, .source = "§3",
     .claim = "elastic forces should yield zero total momentum (per-element warping does)",
     .setup = BAR "stiffness-warping-element, dt = 10 ms, state at 0.5 s; all nodes, pinned included",
     .lab = "scene=warp-bar&methods=stiffness-warping,stiffness-warping-element&dt=0.01&plot=ghost_force",
     .quantity = "|sum f_i| / sum |f_i|", .unit = "1", .paper = 0, .paper_tol_abs = 1e-9, .reference_tol_abs = 1e-9,
     .paper_kind = SL_PAPER_READING, .reference_kind = SL_REF_CLOSED_FORM, .setup_differs = PER_ELEMENT,
     .quick = 1, .run = run_ghost, .ctx = "stiffness-warping-element"},
    {.id = "002-ghost-linear", .seed = 2, .source = "§3",
     .claim = "elastic forces should yield zero total momentum (linear FEM's net force does; its net torque is zero only "
              "to first order)",
     .setup = BAR "linear-fem, dt = 10 ms, state at 0.5 s; all nodes, pinned included",
     .lab = "scene=warp-bar&methods=linear-fem,stiffness-warping-element&dt=0.01&plot=ghost_force",
     .quantity = "|sum f_i| / sum |f_i|", .unit = "1", .paper = 0, .paper_tol_abs = 1e-9, .reference_tol_abs = 1e-9,
     .paper_kind = SL_PAPER_READING, .reference_kind = SL_REF_CLOSED_FORM, .quick = 1, .run = run_ghost,
     .ctx = "linear-fem"},
    {.id = "002-vertex-stiffness-symmetric", .seed = 2, .source = "§4.1, eq. 4, eq. 12",
     .claim = "a Conjugate Gradients solver is used for the implicit step (read here: the system it solves is symmetric, "
              "as CG needs)",
     .setup = BAR "stiffness-warping (per vertex), " DAMPED ", dt = 10 ms, K_w at the state at 0.5 s",
     .lab = "scene=warp-bar&methods=stiffness-warping&dt=0.01", .quantity = "max |K_ij - K_ji| / max |K_ij|",
     .unit = "1", .paper = 0, .relation = SL_CLAIM_AT_MOST, .paper_tol_abs = 1e-9, .reference_tol_rel = 0.01,
     .paper_kind = SL_PAPER_READING, .reference_kind = SL_REF_SECOND_IMPLEMENTATION,
     .why = "The paper solves its step with Conjugate Gradients, a method made for symmetric matrices, but per-vertex "
            "warping's stiffness is not symmetric. Block $(i, j)$ of $K_w$ is $R_i K^0_{ij} R_i^T$ and block $(j, i)$ "
            "is $R_j K^0_{ji} R_j^T$: transposes of each other only where $R_i = R_j$. CG is not guaranteed to "
            "converge on it; softlab solves it with BiCGSTAB. Per-element warping is symmetric.",
     .quick = 1, .run = run_asymmetry, .ctx = &BAR_VERTEX_DAMPED},
    {.id = "002-bar-vertex-energy", .seed = 2, .source = "§4.1, Fig. 6",
     .claim = "stiffness warping (per vertex) yields stable simulations of the bar at 10 ms (read here: the core's "
              "verdict stays 'running' for 30 s, as every panel a scene opens with must)",
     .setup = BAR "stiffness-warping (per vertex), " DAMPED ", dt = 10 ms, up to 30 s, the core's verdict after every step",
     .lab = "scene=warp-bar&methods=linear-fem,stiffness-warping,stiffness-warping-element,implicit-euler&dt=0.01&plot=total",
     .quantity = "seconds before the verdict says growing (30: held)", .unit = "s", .paper = 30,
     .relation = SL_CLAIM_AT_LEAST, .paper_tol_abs = 1e-9, .paper_kind = SL_PAPER_READING,
     .quick = 0, .run = claim_run_bar_vertex_energy, .ctx = &WITH_DAMPING},
    {.id = "002-bar-vertex-energy-undamped", .seed = 2, .source = "§4.1, Fig. 6",
     .claim = "stiffness warping (per vertex) yields stable simulations of the bar at 10 ms (read here: the core's "
              "verdict stays 'running' for 30 s)",
     .setup = BAR "stiffness-warping (per vertex), undamped, dt = 10 ms, up to 30 s, the core's verdict after every "
                  "step; again at 5 ms up to 'growing'",
     .lab = "scene=warp-bar&methods=linear-fem,stiffness-warping,stiffness-warping-element,implicit-euler&dt=0.01&plot=total",
     .quantity = "seconds before the verdict says growing (30: held)", .unit = "s", .paper = 30,
     .relation = SL_CLAIM_AT_LEAST, .paper_tol_abs = 1e-9, .paper_kind = SL_PAPER_READING, .setup_differs = UNDAMPED,
     .why = "Without damping the per-vertex bar does not stay at rest: its energy climbs until it diverges. "
            NO_ENERGY " The step's numerical damping first brings the bar to rest; then the energy climbs. A smaller "
            "step delays the growth, it does not remove it; the paper's damping (002-bar-vertex-energy) holds it.",
     .quick = 0, .run = claim_run_bar_vertex_energy, .ctx = &NO_DAMPING},
    {.id = "002-long-bar-vertex", .seed = 2, .source = "§4.1, Fig. 7",
     .claim = "with a longer bar the warped stiffness method still yields stable simulations at 10 ms",
     .setup = "warp-bar-long: 2 m x 0.1 m x 0.1 m, 900 tets, E = 1 MPa, nu = 0.33, clamped; stiffness-warping (per "
              "vertex), " DAMPED ", dt = 10 ms, 3 s, the core's verdict",
     .lab = "scene=warp-bar-long&methods=stiffness-warping,stiffness-warping-element,implicit-euler&dt=0.01",
     .quantity = "seconds before divergence or energy growth (3: held)", .unit = "s", .paper = 3,
     .relation = SL_CLAIM_AT_LEAST, .paper_tol_abs = 1e-9, .paper_kind = SL_PAPER_READING,
     .why = "The damped long bar still gains energy under per-vertex warping. " NO_ENERGY,
     .quick = 1, .run = run_long_bar, .ctx = &LONG_VERTEX},
    {.id = "002-long-bar-vertex-undamped", .seed = 2, .source = "§4.1, Fig. 7",
     .claim = "with a longer bar the warped stiffness method still yields stable simulations at 10 ms",
     .setup = "warp-bar-long (900 tets); stiffness-warping (per vertex), undamped, dt = 10 ms, 3 s, the core's verdict",
     .lab = "scene=warp-bar-long&methods=stiffness-warping,stiffness-warping-element,implicit-euler&dt=0.01",
     .quantity = "seconds before divergence or energy growth (3: held)", .unit = "s", .paper = 3,
     .relation = SL_CLAIM_AT_LEAST, .paper_tol_abs = 1e-9, .paper_kind = SL_PAPER_READING, .setup_differs = UNDAMPED,
     .why = "Without damping the long bar's energy grows under per-vertex warping. " NO_ENERGY,
     .quick = 1, .run = run_long_bar, .ctx = &LONG_VERTEX_UNDAMPED},
    {.id = "002-long-bar-element", .seed = 2, .source = "§4.1, Fig. 7",
     .claim = "with a longer bar warping still yields stable simulations at 10 ms (per element)",
     .setup = "warp-bar-long (900 tets); stiffness-warping-element, " DAMPED ", dt = 10 ms, 3 s, the core's verdict",
     .lab = "scene=warp-bar-long&methods=stiffness-warping,stiffness-warping-element,implicit-euler&dt=0.01",
     .quantity = "seconds before divergence or energy growth (3: held)", .unit = "s", .paper = 3,
     .relation = SL_CLAIM_AT_LEAST, .paper_tol_abs = 1e-9, .paper_kind = SL_PAPER_READING, .setup_differs = PER_ELEMENT,
     .quick = 1, .run = run_long_bar, .ctx = &LONG_ELEMENT},
    {.id = "002-long-bar-green", .seed = 2, .source = "§4.1",
     .claim = "the non-linear technique diverges with bars slightly longer than the first (read here: before 3 s)",
     .setup = "warp-bar-long (900 tets); implicit-euler on Green-strain tets, " DAMPED ", dt = 10 ms, 3 s, the core's verdict",
     .lab = "scene=warp-bar-long&methods=stiffness-warping,stiffness-warping-element,implicit-euler&dt=0.01",
     .quantity = "seconds before divergence or energy growth (3: held)", .unit = "s", .paper = 2.99,
     .relation = SL_CLAIM_AT_MOST, .paper_kind = SL_PAPER_READING,
     .why = "softlab's Green-strain bar does not diverge where the paper's did. It is linearly implicit Euler with the "
            "full tangent stiffness (geometric term included), which holds the 2 m bar at 10 ms; the paper does not "
            "describe its non-linear solve well enough to say why theirs diverged.",
     .quick = 1, .run = run_long_bar, .ctx = &LONG_GREEN},
    {.id = "002-tube-linear-volume", .seed = 2, .source = "§4.2, Fig. 8",
     .claim = "the linear model shows the growth artifact on the tube released from a bend (read here: V/V0 at least 1.1)",
     .setup = TUBE_BEND "linear-fem, dt = 10 ms, 1 s", .lab = "scene=warp-tube&methods=linear-fem&dt=0.01&plot=volume_ratio",
     .quantity = "V/V0 farthest from 1 over 1 s", .unit = "1", .paper = 1.1, .relation = SL_CLAIM_AT_LEAST,
     .paper_kind = SL_PAPER_READING, .setup_differs = TUBE_BEND_DIFFERS, .quick = 0, .run = run_tube_volume,
     .ctx = "linear-fem"},
    {.id = "002-tube-vertex-volume", .seed = 2, .source = "§4.2, Fig. 8",
     .claim = "the warped tube (per vertex, the paper's) keeps its volume (read here: V/V0 within 2 % of 1)",
     .setup = TUBE_BEND "stiffness-warping (per vertex), dt = 10 ms, 1 s",
     .lab = "scene=warp-tube&methods=linear-fem,stiffness-warping&dt=0.01&plot=volume_ratio",
     .quantity = "V/V0 farthest from 1 over 1 s", .unit = "1", .paper = 1, .paper_tol_abs = 0.02,
     .paper_kind = SL_PAPER_READING, .setup_differs = TUBE_BEND_DIFFERS, .quick = 0, .run = run_tube_volume,
     .ctx = "stiffness-warping"},
    {.id = "002-tube-element-volume", .seed = 2, .source = "§4.2, Fig. 8",
     .claim = "the warped tube (per element) keeps its volume (read here: V/V0 within 2 % of 1)",
     .setup = TUBE_BEND "stiffness-warping-element, dt = 10 ms, 1 s",
     .lab = "scene=warp-tube&methods=linear-fem,stiffness-warping-element&dt=0.01&plot=volume_ratio",
     .quantity = "V/V0 farthest from 1 over 1 s", .unit = "1", .paper = 1, .paper_tol_abs = 0.02,
     .paper_kind = SL_PAPER_READING, .setup_differs = PER_ELEMENT "; " TUBE_BEND_DIFFERS, .quick = 0,
     .run = run_tube_volume, .ctx = "stiffness-warping-element"},
    {.id = "002-tube-green-volume", .seed = 2, .source = "§4.2, Fig. 8",
     .claim = "the non-linear (Green-strain) tube keeps its volume (read here: V/V0 within 2 % of 1)",
     .setup = TUBE_BEND "implicit-euler on the Green-strain tets, dt = 10 ms, 1 s",
     .lab = "scene=warp-tube&methods=linear-fem,implicit-euler&dt=0.01&plot=volume_ratio",
     .quantity = "V/V0 farthest from 1 over 1 s", .unit = "1", .paper = 1, .paper_tol_abs = 0.02,
     .paper_kind = SL_PAPER_READING, .setup_differs = TUBE_BEND_DIFFERS,
     .why = "The Green-strain tube overshoots in its first step from the strong bend, and its volume swings with it. "
            "Linearly implicit Euler takes one Newton step a time step: from the strongly bent start at 10 ms that "
            "step overshoots (the total energy rises in it, see energy_step1). At 5 ms the first step lowers the "
            "energy; the lab runs this panel at 5 ms.",
     .quick = 0, .run = run_tube_volume, .ctx = "implicit-euler"},
    {.id = "002-tube-dt-vertex", .seed = 2, .source = "§4.2, table",
     .claim = "warped (the paper's per-vertex method) stays stable up to 20 ms for E = 1 MPa (tube dropped on the ground)",
     .setup = TUBE "E = 1 MPa; " TUBE_CELL "stiffness-warping (per vertex)",
     .lab = "scene=warp-tube-drop&methods=stiffness-warping&dt=0.005",
     .quantity = "largest of the paper's steps whose 1 s drop holds (0: none)", .unit = "s", .paper = 0.02,
     .relation = SL_CLAIM_AT_LEAST, .paper_kind = SL_PAPER_PRINTED, .paper_where = TABLE_WHERE("1.0", "Warp"),
     .why = WHY_CELL_VERTEX, .quick = 0, .run = run_tube_cell, .ctx = &TUBE_VERTEX},
    {.id = "002-tube-dt-vertex-undamped", .seed = 2, .source = "§4.2, table",
     .claim = "warped (the paper's per-vertex method) stays stable up to 20 ms for E = 1 MPa (tube dropped on the ground)",
     .setup = TUBE_1MPA "stiffness-warping (per vertex), undamped (the lab's view)",
     .lab = "scene=warp-tube-drop&methods=stiffness-warping&dt=0.005",
     .quantity = "largest dt of the grid up to which no run fails", .unit = "s", .paper = 0.02,
     .relation = SL_CLAIM_AT_LEAST, .paper_kind = SL_PAPER_PRINTED, .paper_where = TABLE_WHERE("1.0", "Warp"),
     .setup_differs = UNDAMPED,
     .why = "Without damping, the per-vertex tube diverges at the impact already at a few milliseconds. " NO_ENERGY
            " The paper damps; 002-tube-dt-vertex runs the same search with its damping.",
     .quick = 0, .run = run_tube_dt, .ctx = &TUBE_VERTEX_UNDAMPED},
    CELL_ROW("002-tube-dt-vertex-2mpa", "2.0", "stiffness-warping", CELL_VERTEX[0], 0.03, "Warp", WHY_CELL_VERTEX),
    CELL_ROW("002-tube-dt-vertex-500kpa", "0.5", "stiffness-warping", CELL_VERTEX[1], 0.01, "Warp", WHY_CELL_VERTEX),
    CELL_ROW("002-tube-dt-vertex-200kpa", "0.2", "stiffness-warping", CELL_VERTEX[2], 0.01, "Warp", WHY_CELL_VERTEX),
    CELL_ROW("002-tube-dt-vertex-100kpa", "0.1", "stiffness-warping", CELL_VERTEX[3], 0.01, "Warp", WHY_CELL_VERTEX),
    {.id = "002-tube-dt-element", .seed = 2, .source = "§4.2, table",
     .claim = "warping stays stable up to 20 ms for E = 1 MPa (per element)",
     .setup = TUBE_1MPA "stiffness-warping-element, undamped",
     .lab = "scene=warp-tube-drop&methods=stiffness-warping-element&dt=0.02",
     .quantity = "largest dt of the grid up to which no run fails", .unit = "s", .paper = 0.02,
     .relation = SL_CLAIM_AT_LEAST, .paper_kind = SL_PAPER_PRINTED, .paper_where = TABLE_WHERE("1.0", "Warp"),
     .setup_differs = PER_ELEMENT "; " UNDAMPED, .quick = 0, .run = run_tube_dt, .ctx = &TUBE_ELEMENT_UNDAMPED},
    {.id = "002-tube-dt-green", .seed = 2, .source = "§4.2, table",
     .claim = "the non-linear model stays stable up to 5 ms for E = 1 MPa",
     .setup = TUBE "E = 1 MPa; " TUBE_CELL "implicit-euler on Green-strain tets; where the system is indefinite (the "
              "impact) it is solved by sparse LU (CSparse), not Cholesky",
     .lab = "scene=warp-tube-drop&methods=implicit-euler&dt=0.002",
     .quantity = "largest of the paper's steps whose 1 s drop holds (0: none)", .unit = "s", .paper = 0.005,
     .relation = SL_CLAIM_AT_LEAST, .paper_kind = SL_PAPER_PRINTED, .paper_where = TABLE_WHERE("1.0", "Non-Linear"),
     .why = WHY_CELL_GREEN, .quick = 0, .run = run_tube_cell, .ctx = &TUBE_GREEN},
    {.id = "002-tube-dt-green-cholesky", .seed = 2, .source = "§4.2, table",
     .claim = "the non-linear model stays stable up to 5 ms for E = 1 MPa",
     .setup = TUBE_1MPA "implicit-euler on Green-strain tets, undamped, the lab's solver (Cholesky-based: it stops "
              "where the system is not positive definite)",
     .lab = "scene=warp-tube-drop&methods=implicit-euler&dt=0.002",
     .quantity = "largest dt of the grid up to which no run fails (0: none)", .unit = "s", .paper = 0.005,
     .relation = SL_CLAIM_AT_LEAST, .paper_kind = SL_PAPER_PRINTED, .paper_where = TABLE_WHERE("1.0", "Non-Linear"),
     .setup_differs = "a linear solve that stops on an indefinite system, so the solver, not the model, ends the run; "
                      "undamped",
     .why = "This run is stopped by the linear solver, not by the model. At the impact the compression makes "
            "$M + \\Delta t^2 K$ indefinite (the geometric term of the compressed tets) and its Cholesky factorization "
            "fails already at 1 ms; 002-tube-dt-green solves that system by LU instead.",
     .quick = 0, .run = run_tube_dt, .ctx = &TUBE_GREEN_CHOLESKY},
    CELL_ROW("002-tube-dt-green-2mpa", "2.0", "implicit-euler", CELL_GREEN[0], 0.005, "Non-Linear", WHY_CELL_GREEN),
    CELL_ROW("002-tube-dt-green-500kpa", "0.5", "implicit-euler", CELL_GREEN[1], 0.002, "Non-Linear", WHY_CELL_GREEN),
    CELL_ROW("002-tube-dt-green-200kpa", "0.2", "implicit-euler", CELL_GREEN[2], 0.001, "Non-Linear", WHY_CELL_GREEN),
    CELL_ROW("002-tube-dt-green-100kpa", "0.1", "implicit-euler", CELL_GREEN[3], 0.001, "Non-Linear", WHY_CELL_GREEN),
    {.id = "002-tube-dt-trend-vertex", .seed = 2, .source = "§4.2",
     .claim = "smaller elastic moduli cause larger deformations after the impact and smaller time steps need to be "
              "taken (read here: the softest tube's largest stable step at most half the stiffest's; the table's Warp "
              "row gives a third)",
     .setup = TUBE TUBE_CELL "stiffness-warping (per vertex), E = 2 MPa and 0.1 MPa",
     .lab = "scene=warp-tube-drop&methods=stiffness-warping", .quantity = "largest held step at 0.1 MPa / at 2 MPa",
     .unit = "1", .paper = 0.5, .relation = SL_CLAIM_AT_MOST, .paper_kind = SL_PAPER_READING,
     .why = "softlab's per-vertex tube does not need a smaller step when softer. Its runs fail at the impact, where "
            "eq. 12's forces, which derive from no energy, feed the motion, and the edge is ragged: a step can fail "
            "while a larger one holds, so this ratio of two searches is coarse.",
     .quick = 0, .run = run_tube_trend, .ctx = TREND_VERTEX},
    {.id = "002-tube-dt-trend-green", .seed = 2, .source = "§4.2",
     .claim = "smaller elastic moduli cause larger deformations after the impact and smaller time steps need to be "
              "taken (read here: the softest tube's largest stable step at most half the stiffest's; the table's "
              "Non-Linear row gives a fifth)",
     .setup = TUBE TUBE_CELL "implicit-euler on Green-strain tets, sparse LU where indefinite, E = 2 MPa and 0.1 MPa",
     .lab = "scene=warp-tube-drop&methods=implicit-euler", .quantity = "largest held step at 0.1 MPa / at 2 MPa",
     .unit = "1", .paper = 0.5, .relation = SL_CLAIM_AT_MOST, .paper_kind = SL_PAPER_READING,
     .why = "softlab's Green-strain tube does not need a smaller step when softer. With the paper's damping and the "
            "indefinite systems solved by LU, the softest tube holds a larger step than the stiffest; the paper does "
            "not describe its non-linear solve well enough to say why its soft tubes needed smaller steps.",
     .quick = 0, .run = run_tube_trend, .ctx = TREND_GREEN},
    {.id = "002-time-ratio-vertex", .seed = 2, .source = "§4.1",
     .claim = "a step takes 5 ms linear, 6 ms warped: warping is nearly as fast as the linear model",
     .setup = BAR "time per step of stiffness-warping over linear-fem at dt = 10 ms (best of 3 timed runs, processor time)",
     .lab = "scene=warp-bar&methods=linear-fem,stiffness-warping&dt=0.01", .quantity = "time per step, warped / linear",
     .unit = "1", .paper = 1.2, .paper_tol_rel = 0.25, .paper_kind = SL_PAPER_PRINTED,
     .paper_where = "§4.1: 6 ms warped over 5 ms linear",
     .setup_differs = "softlab's linear FEM keeps one Cholesky factor of its constant matrix (the paper ran CG every "
                      "step); undamped",
     .why = "softlab's linear step does much less work than the paper's, so the ratio is larger. Its linear FEM keeps "
            "its constant matrix and Cholesky factor (one CG iteration a step); per-vertex warping turns K's block of "
            "every pair of neighbouring nodes by the rotations each step and solves by BiCGSTAB preconditioned by the "
            "rest system's Cholesky factor turned by the vertex rotations (several iterations).",
     .quick = 0, .machine_timed = 1, .run = run_timing, .ctx = "stiffness-warping"},
};
const int sl_claims_seed002_count = (int)(sizeof sl_claims_seed002 / sizeof sl_claims_seed002[0]);
