/* Diagnostics of a world: energies, constraint violation, dense J, omega_max. */
#define SL_WORLD_INTERNAL /* world/world_internal.h: the world's own files */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cs.h>

#include "linalg/dense.h"
#include "linalg/linsolve.h"
#include "world/world_internal.h"

sl_status sl_world_evaluate(const sl_world *w, const double *x, double *phi, double *J_dense) {
    if (!w || !x || !phi) return SL_ERR_NULL;
    int n3 = 3 * w->n, row = 0;
    if (J_dense) memset(J_dense, 0, sizeof(double) * (size_t)w->m * (size_t)n3);
    for (int k = 0; k < w->model_count; k++) {
        const sl_model *m = w->models[k];
        int nd = 3 * m->block_nodes, rows = m->block_rows;
        double *Jb = J_dense ? malloc(sizeof(double) * (size_t)(m->block_count * rows * nd + 1)) : NULL;
        double *pb = m->block_row ? malloc(sizeof(double) * (size_t)(sl_model_block_row_count(m) + 1)) : NULL;
        if ((J_dense && !Jb) || (m->block_row && !pb)) {
            free(Jb), free(pb);
            return SL_ERR_NOMEM;
        }
        m->cls->evaluate(m, x, pb ? pb : phi + row, Jb);
        if (pb) { /* a row map: block rows add into shared model rows */
            memset(phi + row, 0, sizeof(double) * (size_t)m->row_count);
            for (int br = 0; br < sl_model_block_row_count(m); br++) phi[row + m->block_row[br]] += pb[br];
        }
        for (int b = 0; Jb && b < m->block_count; b++)
            for (int r = 0; r < rows; r++)
                for (int c = 0; c < nd; c++) {
                    int dof = 3 * m->block_node[b * m->block_nodes + c / 3] + c % 3;
                    J_dense[(size_t)(row + sl_model_row_of(m, b * rows + r)) * (size_t)n3 + (size_t)dof] +=
                        Jb[(b * rows + r) * nd + c];
                }
        free(Jb), free(pb);
        row += sl_model_constraint_count(m);
    }
    return SL_OK;
}

/* phi at the current state into a fresh array (caller frees), or NULL. */
static double *current_phi(const sl_world *w) {
    double *phi = malloc(sizeof(double) * (size_t)(w->m + 1));
    if (phi && sl_world_evaluate(w, w->x, phi, NULL) != SL_OK) {
        free(phi);
        phi = NULL;
    }
    return phi;
}

void sl_world_motion_energy(const sl_world *w, double *kinetic, double *potential) {
    *kinetic = *potential = 0;
    for (int i = 0; i < w->n; i++)
        for (int c = 0; c < 3; c++) {
            double v = w->v[3 * i + c];
            *kinetic += 0.5 * w->mass[i] * v * v;
            *potential -= w->mass[i] * w->gravity[c] * w->x[3 * i + c];
        }
}

/* 1 if the assembly holds phi (and J) at the current positions (sl_assembly_evaluate). */
static int evaluated_now(const sl_world *w) {
    const sl_assembly *a = &w->assembly;
    return a->valid && a->eval_ok && sl_same_bits(a->eval_x, w->x, 3 * (size_t)w->n);
}

sl_energy sl_world_energy_evaluated(sl_world *w, double *violation) {
    /* only while the stepper evaluates its models through the assembly between two calls:
     * the warping steppers do not (their forces are the warped K0's), and J is wasted there */
    sl_assembly *a = w ? &w->assembly : NULL;
    if (a && w->m > 0 && a->calls != a->calls_seen && sl_assembly_prepare(w) == SL_OK) {
        sl_assembly_evaluate_phi(w, w->x);
        a->calls_seen = a->calls;
    }
    return sl_world_energy_and_violation(w, violation);
}

sl_energy sl_world_energy_and_violation(const sl_world *w, double *violation) {
    sl_energy e = {0, 0, 0, 0};
    if (violation) *violation = NAN;
    if (!w) return e;
    sl_world_motion_energy(w, &e.kinetic, &e.potential);
    int kept = w->m > 0 && evaluated_now(w); /* no evaluation: the assembly's phi is of this state */
    double *phi = kept ? w->assembly.phi : current_phi(w);
    /* one pass over phi's rows (the models' rows in turn: w->m of them) for both sums; the
     * verdict asks for them after every step (sl_world_energy_evaluated) */
    int row = 0;
    double worst = 0;
    for (int k = 0; phi && k < w->model_count; k++) {
        const sl_model *m = w->models[k];
        for (int i = 0; i < sl_model_constraint_count(m); i++, row++) {
            double p = phi[row], size = fabs(p);
            if (m->compliance[i] > 0) e.elastic += 0.5 * p * p / m->compliance[i]; /* eq. 6 */
            if (size > worst) worst = size; /* fmax's max|phi|, a NaN passed over, without its call */
        }
    }
    if (!phi) e.elastic = NAN;
    if (phi && violation) *violation = worst;
    if (!kept) free(phi);
    e.total = e.kinetic + e.potential + e.elastic;
    return e;
}

sl_energy sl_world_energy(const sl_world *w) { return sl_world_energy_and_violation(w, NULL); }

sl_status sl_world_node_energy(const sl_world *w, double *energy) {
    if (!w || !energy) return SL_ERR_NULL;
    double *phi = current_phi(w);
    if (!phi) return SL_ERR_NOMEM;
    memset(energy, 0, sizeof(double) * (size_t)w->n);
    const double *p = phi;
    for (int k = 0; k < w->model_count; k++) {
        const sl_model *m = w->models[k];
        if (m->block_row) { /* a shared row's energy: equal shares to the block rows that add
                               into it, each share equally among its block's nodes */
            int nbr = sl_model_block_row_count(m), *count = calloc((size_t)m->row_count, sizeof(int));
            if (!count) {
                free(phi);
                return SL_ERR_NOMEM;
            }
            for (int br = 0; br < nbr; br++) count[m->block_row[br]]++;
            for (int br = 0; br < nbr; br++) {
                int i = m->block_row[br];
                double a = m->compliance[i];
                if (!(a > 0)) continue;
                double e = 0.5 * p[i] * p[i] / a / count[i] / m->block_nodes; /* eq. 6 per row */
                for (int j = 0; j < m->block_nodes; j++)
                    energy[m->block_node[(br / m->block_rows) * m->block_nodes + j]] += e;
            }
            free(count);
            p += m->row_count;
            continue;
        }
        for (int b = 0; b < m->block_count; b++, p += m->block_rows) {
            double e = 0;
            for (int r = 0; r < m->block_rows; r++) {
                double a = m->compliance[b * m->block_rows + r];
                if (a > 0) e += 0.5 * p[r] * p[r] / a; /* eq. 6 per block */
            }
            for (int i = 0; i < m->block_nodes; i++)
                energy[m->block_node[b * m->block_nodes + i]] += e / m->block_nodes;
        }
    }
    free(phi);
    return SL_OK;
}

double sl_world_constraint_violation(const sl_world *w) {
    double worst = NAN;
    sl_world_energy_and_violation(w, &worst);
    return worst;
}

/* Power iteration on B = M^-1/2 A M^-1/2 with A = M + K, whose eigenvalues are 1 + omega^2. */
static double largest_eigenvalue(const sl_world *w, int max_iterations, double *u, double *y) {
    const sl_assembly *a = &w->assembly;
    int nf = a->n_free;
    unsigned seed = 12345u; /* deterministic start with components along every mode */
    for (int k = 0; k < nf; k++) {
        seed = seed * 1103515245u + 12345u;
        u[k] = 0.5 + (double)(seed >> 8) / (double)(1u << 24);
    }
    double mu = 0, mu_old = 0;
    for (int it = 0; it < max_iterations; it++) {
        double norm = 0;
        for (int k = 0; k < nf; k++) norm += u[k] * u[k];
        norm = sqrt(norm);
        for (int k = 0; k < nf; k++) u[k] /= norm * sqrt(w->mass[a->free_dof[k] / 3]);
        memset(y, 0, sizeof(double) * (size_t)nf);
        sl_sym_gaxpy(a->A, u, y);
        mu = 0;
        for (int k = 0; k < nf; k++) {
            double s = sqrt(w->mass[a->free_dof[k] / 3]);
            u[k] *= s;        /* back to the unit vector */
            y[k] /= s;        /* y = B u */
            mu += u[k] * y[k]; /* Rayleigh quotient */
        }
        memcpy(u, y, sizeof(double) * (size_t)nf);
        if (it > 10 && fabs(mu - mu_old) <= 1e-10 * fabs(mu)) break;
        mu_old = mu;
    }
    return mu;
}

/* The largest eigenvalue of the symmetric tridiagonal T (diagonal a[0..k-1], off-diagonal
 * b[0..k-2]): bisection on Sturm counts inside the Gershgorin bounds, to round-off. */
static double tridiagonal_largest(const double *a, const double *b, int k) {
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < k; i++) {
        double r = (i > 0 ? fabs(b[i - 1]) : 0) + (i < k - 1 ? fabs(b[i]) : 0);
        hi = fmax(hi, a[i] + r);
        lo = fmin(lo, a[i] - r);
    }
    for (int it = 0; it < 200 && hi - lo > 4e-16 * fmax(fabs(hi), fabs(lo)); it++) {
        double x = 0.5 * (lo + hi), d = 1;
        int below = 0; /* eigenvalues below x: negative pivots of T - x I */
        for (int i = 0; i < k; i++) {
            d = a[i] - x - (i > 0 ? b[i - 1] * b[i - 1] / d : 0);
            if (d == 0) d = -1e-300;
            below += d < 0;
        }
        if (below == k) hi = x;
        else lo = x;
    }
    return hi;
}

/* The largest eigenvalue of B = M^-1/2 A M^-1/2 (A: the assembly's system matrix over the
 * free dofs) by Lanczos: the largest Ritz value of the j-step tridiagonal, which grows with
 * j towards it, stopped once two steps in a row add at most 1e-10 of it (or after
 * max_iterations products with A). The same deterministic start as the power iteration
 * (components along every mode). On the grid bodies this takes tens of products where the
 * power iteration took hundreds to thousands (their top modes are clustered); the page asks
 * for it along every run (the stability meter), inside the Worker that steps. No
 * reorthogonalization: lost orthogonality repeats converged Ritz values, it never makes
 * one larger than the eigenvalue. q, y: scratch of n_free + 1 doubles. NaN: no memory. */
static double largest_eigenvalue_lanczos(const sl_world *w, int max_iterations, double *q, double *y) {
    const sl_assembly *a = &w->assembly;
    int nf = a->n_free, kmax = max_iterations < 1 ? 1 : max_iterations;
    double *r = calloc((size_t)nf + 1, sizeof(double)), *s = malloc(sizeof(double) * ((size_t)nf + 1));
    double *z = malloc(sizeof(double) * ((size_t)nf + 1));
    double *alpha = malloc(sizeof(double) * (size_t)kmax), *beta = malloc(sizeof(double) * (size_t)kmax);
    double theta = NAN;
    if (!r || !s || !z || !alpha || !beta) goto done;
    unsigned seed = 12345u;
    double norm = 0;
    for (int k = 0; k < nf; k++) {
        seed = seed * 1103515245u + 12345u;
        q[k] = 0.5 + (double)(seed >> 8) / (double)(1u << 24);
        norm += q[k] * q[k];
        s[k] = 1 / sqrt(w->mass[a->free_dof[k] / 3]); /* M^-1/2 */
    }
    for (int k = 0; k < nf; k++) q[k] /= sqrt(norm);
    double b_prev = 0; /* r holds q_{j-1} on entry */
    int quiet = 0;
    for (int j = 0; j < kmax; j++) {
        for (int k = 0; k < nf; k++) z[k] = s[k] * q[k];
        memset(y, 0, sizeof(double) * (size_t)nf);
        sl_sym_gaxpy(a->A, z, y);
        double al = 0, be = 0;
        for (int k = 0; k < nf; k++) { /* r = B q_j - b_{j-1} q_{j-1} */
            r[k] = s[k] * y[k] - b_prev * r[k];
            al += q[k] * r[k];
        }
        for (int k = 0; k < nf; k++) {
            r[k] -= al * q[k];
            be += r[k] * r[k];
        }
        be = sqrt(be);
        alpha[j] = al, beta[j] = be;
        double t = tridiagonal_largest(alpha, beta, j + 1);
        quiet = (j > 0 && t - theta <= 1e-10 * fabs(t)) ? quiet + 1 : 0;
        theta = t;
        if (be <= 1e-14 * fabs(theta) || (j > 10 && quiet >= 2)) break; /* invariant subspace, or converged */
        for (int k = 0; k < nf; k++) { /* q_{j+1} = r / b_j, and r <- q_j */
            double qk = q[k];
            q[k] = r[k] / be;
            r[k] = qk;
        }
        b_prev = be;
    }
done:
    free(r), free(s), free(z), free(alpha), free(beta);
    return theta;
}

sl_status sl_world_omega_max(sl_world *w, int max_iterations, double *omega_max) {
    if (!w || !omega_max) return SL_ERR_NULL;
    /* the assembly gives rows of alpha = 0 no stiffness, which is right only when the
     * stepper projects them instead of integrating them */
    int projected = w->stepper && (w->stepper->flags & SL_STEPPER_PROJECTS_HARD_ROWS);
    if (!projected && sl_world_has_zero_compliance(w))
        return sl_world_fail(w, SL_ERR_STIFF_LIMIT, "ω_max is infinite with α = 0");
    sl_status st = sl_assembly_prepare(w);
    if (st != SL_OK) return st;
    int nf = w->assembly.n_free;
    double *u = malloc(sizeof(double) * (size_t)(nf + 1));
    double *y = malloc(sizeof(double) * (size_t)(nf + 1));
    if (!u || !y) {
        free(u);
        free(y);
        return SL_ERR_NOMEM;
    }
    int evaluations = w->timing.evaluations; /* the last step's count stays the step's */
    sl_assembly_evaluate(w, w->x);
    w->timing.evaluations = evaluations;
    sl_assembly_geometric(w, w->x);
    sl_assembly_system(w, 1.0, 1.0); /* A = M + J^T alpha^-1 J + H */
    double mu = nf > 0 ? largest_eigenvalue_lanczos(w, max_iterations, u, y) : 1.0;
    free(u);
    free(y);
    *omega_max = sqrt(fmax(mu - 1.0, 0.0));
    return SL_OK;
}

sl_status sl_world_omega_geometric(sl_world *w, int max_iterations, double *omega) {
    if (!w || !omega) return SL_ERR_NULL;
    sl_status st = sl_assembly_prepare(w);
    if (st != SL_OK) return st;
    sl_assembly *a = &w->assembly;
    int nf = a->n_free;
    double *u = malloc(sizeof(double) * (size_t)(nf + 1));
    double *y = malloc(sizeof(double) * (size_t)(nf + 1));
    if (!u || !y) {
        free(u);
        free(y);
        return SL_ERR_NOMEM;
    }
    sl_assembly_evaluate(w, w->x);
    sl_assembly_geometric(w, w->x);
    sl_assembly_system(w, 0.0, 1.0); /* A = M + H: eigenvalues 1 + lambda of M^-1 H */
    double lambda = nf > 0 ? largest_eigenvalue(w, max_iterations, u, y) - 1.0 : 0.0;
    if (lambda < 0) { /* the largest in magnitude is negative: shift, A = M + H - lambda M */
        for (int k = 0; k < nf; k++) a->A->x[a->A_diag[k]] -= lambda * w->mass[a->free_dof[k] / 3];
        lambda += largest_eigenvalue(w, max_iterations, u, y) - 1.0;
    }
    free(u);
    free(y);
    *omega = sqrt(fmax(lambda, 0.0));
    return SL_OK;
}
