/* Green-strain tetrahedral FEM (softlab/tet_fem.h; seed 000 §2.3 and appendix). */
#include "linalg/dense.h"
#include "linalg/mat3.h"
#include "softlab/tet_fem.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    double *grad;     /* double[tet_count][4][3]: rest shape-function gradients b_a */
    double *sqrt_v0;  /* double[tet_count]: sqrt of the rest volume, m^1.5 */
    /* The deformation gradients of the last evaluation of the whole model without J
     * (Green strains) and the positions they are of: add_forces at the same x (the
     * assembly's forces after such an evaluation, sl_assembly_forces_at) reads them
     * instead of making each F again (issue 42: half of the incompressible torus's
     * deformation_gradient time). */
    double *F_cache;  /* double[tet_count][9] */
    double *F_x;      /* double[3 * F_nodes]: x of F_cache */
    int F_nodes;      /* 1 + the largest node index of a tet */
    int F_valid;      /* 1 once F_cache and F_x hold an evaluation */
} fem_data;

/* Rows of Q for the normal strains (seed 000 §2.3: D = Q^T alpha^-1 Q). */
static const double Q_NORMAL[3][3] = {
    {0.57735026918962576, 0.57735026918962576, 0.57735026918962576}, /* (1,1,1)/sqrt 3 */
    {0.70710678118654752, -0.70710678118654752, 0.0},                /* (1,-1,0)/sqrt 2 */
    {0.40824829046386302, 0.40824829046386302, -0.81649658092772603}, /* (1,1,-2)/sqrt 6 */
};
/* Voigt shear components (j, k): g12, g13, g23. */
static const int SHEAR[3][2] = {{0, 1}, {0, 2}, {1, 2}};

const char *sl_strain_label(int strain) {
    switch (strain) {
    case SL_STRAIN_GREEN: return "Green-strain FEM";
    case SL_STRAIN_LINEAR: return "linear FEM";
    case SL_STRAIN_GREEN_DEVIATORIC: return "deviatoric Green-strain FEM";
    default: return "";
    }
}

sl_status sl_material_lame(const sl_material *m, double *lambda, double *mu) {
    if (!m || !lambda || !mu) return SL_ERR_NULL;
    double Y = m->young_modulus, nu = m->poisson_ratio;
    if (!(Y > 0) || !isfinite(Y) || !(nu >= 0 && nu <= 0.5) || !(m->density > 0) ||
        !isfinite(m->density))
        return SL_ERR_RANGE;
    *mu = Y / (2 * (1 + nu));
    *lambda = nu == 0.5 ? INFINITY : Y * nu / ((1 + nu) * (1 - 2 * nu));
    return SL_OK;
}

double sl_tet_volume(const double *x, int a, int b, int c, int d) {
    double E[9]; /* rows: the edges b - a, c - a, d - a */
    for (int i = 0; i < 3; i++) {
        E[i] = x[3 * b + i] - x[3 * a + i];
        E[3 + i] = x[3 * c + i] - x[3 * a + i];
        E[6 + i] = x[3 * d + i] - x[3 * a + i];
    }
    return sl_mat3_det(E) / 6.0;
}

/* Deformation gradient F = sum_a x_a b_a^T (row-major 3x3), each entry summed from 0 over
 * a = 0..3 (the order of the memory-held sums this replaced: the same bits), the corners
 * read into locals first so that the 9 sums stay in registers. */
static void deformation_gradient(const double *x, const int *node, const double *b, double F[9]) {
    double p[12], bl[12];
    for (int a = 0; a < 4; a++)
        for (int i = 0; i < 3; i++) p[3 * a + i] = x[3 * node[a] + i], bl[3 * a + i] = b[3 * a + i];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            F[3 * i + j] = (((0.0 + p[i] * bl[j]) + p[3 + i] * bl[3 + j]) + p[6 + i] * bl[6 + j]) + p[9 + i] * bl[9 + j];
}

/* Voigt strain e (E11, E22, E33, g12, g13, g23) from F: Green (eq. 13) or linear. */
static void strain(const double F[9], int linear, double e[6]) {
    for (int j = 0; j < 3; j++) {
        double c = 0;
        for (int i = 0; i < 3; i++) c += F[3 * i + j] * F[3 * i + j];
        e[j] = linear ? F[4 * j] - 1 : 0.5 * (c - 1);
    }
    for (int s = 0; s < 3; s++) {
        int j = SHEAR[s][0], k = SHEAR[s][1];
        double c = 0;
        for (int i = 0; i < 3; i++) c += F[3 * i + j] * F[3 * i + k];
        e[3 + s] = linear ? F[3 * j + k] + F[3 * k + j] : c; /* g_jk = 2 E_jk */
    }
}

/* phi = sqrt(V0) Q e: rows 0-2 rotate the normal strains, rows 3-5 are the shears. */
static void rotate(const double *e, double scale, double *phi) {
    for (int r = 0; r < 3; r++)
        phi[r] = scale * (Q_NORMAL[r][0] * e[0] + Q_NORMAL[r][1] * e[1] + Q_NORMAL[r][2] * e[2]);
    for (int s = 0; s < 3; s++) phi[3 + s] = scale * e[3 + s];
}

/* phi (rows first .. 5, or NULL) and J ((6 - first) x 12, or NULL) of tet t: first = 1
 * leaves out row 0, the volumetric strain (the deviatoric model). J is built from
 * sqrt(V0) Q folded into the rest gradients: with g_ra = sqrt(V0) sum_c Q_rc b_ac e_c
 * (normal rows) the entry of row r at dof (a, i) is sum_c F_ic g_rac, and a shear row
 * (j, k) is F_ik s_aj + F_ij s_ak with s_a = sqrt(V0) b_a; the linear strain takes F = I.
 * (Rotating each of the 12 strain-gradient columns by Q, as phi is, was a quarter of an
 * incompressible torus step, profiled.) */
static void fem_evaluate_tet(const sl_model *m, int t, const double *x, double *phi, double *Jt,
                             int linear, int first, double *F_out) {
    const fem_data *d = m->data;
    static const double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    const int *node = m->block_node + 4 * t;
    const double *b = d->grad + 12 * t, scale = d->sqrt_v0[t];
    double F[9];
    deformation_gradient(x, node, b, F);
    if (F_out) memcpy(F_out, F, sizeof F);
    if (phi) {
        double e[6], p6[6];
        strain(F, linear, e);
        rotate(e, scale, p6);
        for (int r = first; r < 6; r++) phi[r - first] = p6[r];
    }
    if (!Jt) return;
    const double *G = linear ? I3 : F;
    double sb[12]; /* s_a = sqrt(V0) b_a */
    for (int q = 0; q < 12; q++) sb[q] = scale * b[q];
    for (int r = first; r < 3; r++) { /* normal rows */
        double *row = Jt + 12 * (r - first);
        for (int a = 0; a < 4; a++) {
            double g0 = Q_NORMAL[r][0] * sb[3 * a], g1 = Q_NORMAL[r][1] * sb[3 * a + 1], g2 = Q_NORMAL[r][2] * sb[3 * a + 2];
            for (int i = 0; i < 3; i++) row[3 * a + i] = G[3 * i] * g0 + G[3 * i + 1] * g1 + G[3 * i + 2] * g2;
        }
    }
    for (int sh = 0; sh < 3; sh++) { /* shear rows */
        int j = SHEAR[sh][0], k = SHEAR[sh][1];
        double *row = Jt + 12 * (3 + sh - first);
        for (int a = 0; a < 4; a++)
            for (int i = 0; i < 3; i++) row[3 * a + i] = G[3 * i + k] * sb[3 * a + j] + G[3 * i + j] * sb[3 * a + k];
    }
}

/* force -= J^T w of every tet without J: with the rows of fem_evaluate_tet, sum_r w_r J_r
 * at dof (a, i) is (G Sigma s_a)_i, Sigma the symmetric 3 x 3 with Sigma_cc = sum over
 * the normal rows r of w_r Q_rc and Sigma_jk = Sigma_kj = the weight of shear row (j, k)
 * (G = F, or I for the linear strain): about 70 products a tet against J's 180 and its 72. */
static void fem_forces_kind(const sl_model *m, const double *x, const double *w, double *force, int linear, int first) {
    const fem_data *d = m->data;
    const int rows = 6 - first;
    const double *cached = !linear && d->F_valid && sl_same_bits(x, d->F_x, 3 * (size_t)d->F_nodes)
                               ? d->F_cache : NULL; /* the same x: the same F, bit for bit */
    for (int t = 0; t < m->block_count; t++) {
        const double *wt = w + rows * t;
        int any = 0;
        for (int r = 0; r < rows; r++) any |= wt[r] != 0;
        if (!any) continue;
        const int *node = m->block_node + 4 * t;
        const double *b = d->grad + 12 * t, scale = d->sqrt_v0[t];
        double S[9] = {0}, M[9];
        for (int r = first; r < 3; r++)
            for (int c = 0; c < 3; c++) S[4 * c] += wt[r - first] * Q_NORMAL[r][c];
        for (int sh = 0; sh < 3; sh++) {
            int j = SHEAR[sh][0], k = SHEAR[sh][1];
            S[3 * j + k] = S[3 * k + j] = wt[3 + sh - first];
        }
        if (linear) memcpy(M, S, sizeof M);
        else {
            double Fl[9];
            const double *F = cached ? cached + 9 * t : (deformation_gradient(x, node, b, Fl), Fl);
            for (int i = 0; i < 3; i++)
                for (int c = 0; c < 3; c++) M[3 * i + c] = F[3 * i] * S[c] + F[3 * i + 1] * S[3 + c] + F[3 * i + 2] * S[6 + c];
        }
        for (int a = 0; a < 4; a++) {
            const double s0 = scale * b[3 * a], s1 = scale * b[3 * a + 1], s2 = scale * b[3 * a + 2];
            double *f = force + 3 * node[a];
            for (int i = 0; i < 3; i++) f[i] -= M[3 * i] * s0 + M[3 * i + 1] * s1 + M[3 * i + 2] * s2;
        }
    }
}

static void fem_forces_green(const sl_model *m, const double *x, const double *w, double *force) {
    fem_forces_kind(m, x, w, force, 0, 0);
}

static void fem_forces_deviatoric(const sl_model *m, const double *x, const double *w, double *force) {
    fem_forces_kind(m, x, w, force, 0, 1);
}

static void fem_forces_linear(const sl_model *m, const double *x, const double *w, double *force) {
    fem_forces_kind(m, x, w, force, 1, 0);
}

/* Marks F_cache as that of x (filled by the evaluation just made). Kept by the evaluations
 * without J only (the assembly's forces come from J where it has J), and not for the linear
 * strain (its forces do not read F). */
static void keep_gradients(const sl_model *m, const double *x) {
    fem_data *d = m->data;
    memcpy(d->F_x, x, sizeof(double) * 3 * (size_t)d->F_nodes);
    d->F_valid = 1;
}

static void fem_evaluate_kind(const sl_model *m, const double *x, double *phi, double *J, int linear) {
    fem_data *d = m->data;
    const int keep = !J && !linear; /* forces by add_forces: an evaluation without J */
    for (int t = 0; t < m->block_count; t++)
        fem_evaluate_tet(m, t, x, phi ? phi + 6 * t : NULL, J ? J + 72 * t : NULL, linear, 0, keep ? d->F_cache + 9 * t : NULL);
    if (keep) keep_gradients(m, x);
}

/* The deviatoric model: the Green-strain rows 1-5 (row 0, q1 . e, the volumetric strain,
 * is dropped: an incompressibility projection takes care of volume). */
static void fem_evaluate_deviatoric(const sl_model *m, const double *x, double *phi, double *J) {
    fem_data *d = m->data;
    for (int t = 0; t < m->block_count; t++)
        fem_evaluate_tet(m, t, x, phi ? phi + 5 * t : NULL, J ? J + 60 * t : NULL, 0, 1, J ? NULL : d->F_cache + 9 * t);
    if (!J) keep_gradients(m, x);
}

static void fem_evaluate_green(const sl_model *m, const double *x, double *phi, double *J) {
    fem_evaluate_kind(m, x, phi, J, 0);
}

static void fem_evaluate_linear(const sl_model *m, const double *x, double *phi, double *J) {
    fem_evaluate_kind(m, x, phi, J, 1);
}

/* H = sum_r w_r d^2 phi_r/dx^2. With s = sqrt(V0) Q^T w (Voigt) and the symmetric 3x3
 * S (S_jj = s_j, S_jk = s_(jk)), the Green-strain Hessian gives H_ab = (b_a^T S b_b) I3. */
static void fem_geometric_tet(const fem_data *d, int t, const double *wt, double *H) {
    {
        const double *b = d->grad + 12 * t;
        double s[6], S[3][3];
        for (int c = 0; c < 3; c++)
            s[c] = d->sqrt_v0[t] * (Q_NORMAL[0][c] * wt[0] + Q_NORMAL[1][c] * wt[1] + Q_NORMAL[2][c] * wt[2]);
        for (int c = 3; c < 6; c++) s[c] = d->sqrt_v0[t] * wt[c];
        for (int j = 0; j < 3; j++) S[j][j] = s[j];
        for (int c = 0; c < 3; c++) S[SHEAR[c][0]][SHEAR[c][1]] = S[SHEAR[c][1]][SHEAR[c][0]] = s[3 + c];
        memset(H, 0, 144 * sizeof(double));
        for (int a = 0; a < 4; a++)
            for (int bb = 0; bb < 4; bb++) {
                double h = 0;
                for (int j = 0; j < 3; j++)
                    for (int k = 0; k < 3; k++) h += b[3 * a + j] * S[j][k] * b[3 * bb + k];
                for (int i = 0; i < 3; i++) H[12 * (3 * a + i) + 3 * bb + i] = h;
            }
    }
}

static void fem_geometric(const sl_model *m, const double *x, const double *w, double *H) {
    for (int t = 0; t < m->block_count; t++) fem_geometric_tet(m->data, t, w + 6 * t, H + 144 * t);
}

static void fem_geometric_deviatoric(const sl_model *m, const double *x, const double *w, double *H) {
    for (int t = 0; t < m->block_count; t++) {
        double w6[6] = {0, w[5 * t], w[5 * t + 1], w[5 * t + 2], w[5 * t + 3], w[5 * t + 4]};
        fem_geometric_tet(m->data, t, w6, H + 144 * t);
    }
}

static void fem_destroy(sl_model *m) {
    fem_data *d = m->data;
    if (d) {
        free(d->grad);
        free(d->sqrt_v0);
        free(d->F_cache), free(d->F_x);
    }
    free(d);
}

static const sl_model_class fem_green_class = {
    .name = "tet-fem-green",
    .citation = "seed 000 §2.3 eq. 13-15, appendix",
    .evaluate = fem_evaluate_green,
    .geometric_stiffness = fem_geometric,
    .destroy = fem_destroy,
    .add_forces = fem_forces_green,
};

static const sl_model_class fem_deviatoric_class = {
    .name = "tet-fem-green-deviatoric",
    .citation = "seed 000 §2.3 without the volumetric row; seed 001 §5",
    .evaluate = fem_evaluate_deviatoric,
    .geometric_stiffness = fem_geometric_deviatoric,
    .destroy = fem_destroy,
    .add_forces = fem_forces_deviatoric,
};

static const sl_model_class fem_linear_class = {
    .name = "tet-fem-linear",
    .citation = "seed 000 §5.1, Fig. 5 (linearized strain)",
    .evaluate = fem_evaluate_linear,
    .geometric_stiffness = NULL, /* J is constant */
    .destroy = fem_destroy,
    .add_forces = fem_forces_linear,
};

/* Rest gradients b_a of the shape functions: rows of Dm^-1 for a = 1..3, b_0 = -sum. */
static int rest_gradients(const double *x, const int *node, double *b) {
    double Dm[9];
    for (int i = 0; i < 3; i++)
        for (int a = 0; a < 3; a++) Dm[3 * i + a] = x[3 * node[a + 1] + i] - x[3 * node[0] + i];
    double inv[9];
    if (!(sl_mat3_inverse(Dm, inv) > 0)) return 0; /* Dm^-1 */
    for (int j = 0; j < 3; j++) {
        b[j] = 0;
        for (int a = 1; a < 4; a++) b[3 * a + j] = inv[3 * (a - 1) + j], b[j] -= inv[3 * (a - 1) + j];
    }
    return 1;
}

/* SL_ERR_INDEX naming the first of tets first .. last-1 (of int[4*tet_count]) with a
 * node outside [0, node_count); SL_OK if there is none. */
static sl_status check_nodes(const int *tets, int first, int last, int node_count, sl_error *err) {
    for (int i = 4 * first; i < 4 * last; i++)
        if (tets[i] < 0 || tets[i] >= node_count)
            return sl_error_set(err, SL_ERR_INDEX, i / 4, "tet %d uses node %d, outside [0, %d)",
                                i / 4, tets[i], node_count);
    return SL_OK;
}

sl_status sl_tet_fem_create(const double *x, int node_count, const int *tets, int tet_count,
                            const sl_material *material, sl_strain kind, sl_model **out,
                            sl_error *err) {
    if (!out) return sl_error_set(err, SL_ERR_NULL, -1, "no output pointer");
    *out = NULL;
    double lambda, mu;
    if (!x || !tets || !material) return sl_error_set(err, SL_ERR_NULL, -1, "no positions, tets or material");
    sl_status st = sl_material_lame(material, &lambda, &mu);
    if (st != SL_OK) /* SL_ERR_RANGE: every pointer was checked above */
        return sl_error_set(err, st, -1, "Young's modulus %g Pa and density %g kg/m³ must be > 0, "
                            "the Poisson ratio %g in [0, 0.5]", material->young_modulus,
                            material->density, material->poisson_ratio);
    if (tet_count < 1) return sl_error_set(err, SL_ERR_RANGE, -1, "tet count %d < 1", tet_count);
    st = check_nodes(tets, 0, tet_count, node_count, err);
    if (st != SL_OK) return st;
    int deviatoric = kind == SL_STRAIN_GREEN_DEVIATORIC, rows = deviatoric ? 5 : 6;
    sl_model *m = sl_model_alloc(kind == SL_STRAIN_LINEAR ? &fem_linear_class
                                 : deviatoric           ? &fem_deviatoric_class
                                                        : &fem_green_class,
                                 tet_count, rows, 4);
    fem_data *d = calloc(1, sizeof *d);
    if (m) m->data = d;
    int nodes = 0;
    for (int i = 0; i < 4 * tet_count; i++) nodes = tets[i] + 1 > nodes ? tets[i] + 1 : nodes;
    if (d) d->F_nodes = nodes;
    if (!m || !d || !(d->grad = malloc(sizeof(double) * 12 * (size_t)tet_count)) ||
        !(d->sqrt_v0 = malloc(sizeof(double) * (size_t)tet_count)) ||
        !(d->F_cache = malloc(sizeof(double) * 9 * (size_t)tet_count)) ||
        !(d->F_x = malloc(sizeof(double) * 3 * (size_t)nodes))) {
        if (!m) free(d);
        sl_model_destroy(m);
        return sl_error_set(err, SL_ERR_NOMEM, -1, "out of memory for %d tets", tet_count);
    }
    double Y = material->young_modulus, nu = material->poisson_ratio;
    const double alpha[6] = {(1 - 2 * nu) / Y, 1 / (2 * mu), 1 / (2 * mu), 1 / mu, 1 / mu, 1 / mu};
    for (int t = 0; t < tet_count; t++) {
        const int *node = tets + 4 * t;
        memcpy(m->block_node + 4 * t, node, 4 * sizeof(int));
        memcpy(m->compliance + rows * t, alpha + 6 - rows, sizeof(double) * (size_t)rows);
        double v0 = sl_tet_volume(x, node[0], node[1], node[2], node[3]);
        if (!(v0 > 0) || !rest_gradients(x, node, d->grad + 12 * t)) {
            sl_model_destroy(m);
            if (!(v0 > 0))
                return sl_error_set(err, SL_ERR_DEGENERATE, t, "tet %d has rest volume %g m³ <= 0 "
                                    "(inverted or degenerate)", t, v0);
            return sl_error_set(err, SL_ERR_DEGENERATE, t, "tet %d has a singular rest edge matrix "
                                "(rest volume %g m³)", t, v0);
        }
        d->sqrt_v0[t] = sqrt(v0);
    }
    *out = m;
    return SL_OK;
}

static double longest_edge(const double *x, const int *n) {
    double best = 0;
    for (int a = 0; a < 4; a++)
        for (int b = a + 1; b < 4; b++) {
            double l2 = 0;
            for (int i = 0; i < 3; i++) l2 += pow(x[3 * n[a] + i] - x[3 * n[b] + i], 2);
            best = fmax(best, l2);
        }
    return sqrt(best);
}

sl_status sl_tets_orient(const double *x, int node_count, int *tets, int tet_count, int *flipped,
                         sl_error *err) {
    if (!x || !tets) return sl_error_set(err, SL_ERR_NULL, -1, "no positions or tets");
    int flips = 0;
    for (int t = 0; t < tet_count; t++) {
        int *n = tets + 4 * t;
        sl_status st = check_nodes(tets, t, t + 1, node_count, err);
        if (st != SL_OK) return st;
        double v = sl_tet_volume(x, n[0], n[1], n[2], n[3]), h = longest_edge(x, n);
        if (!(fabs(v) > 1e-12 * h * h * h))
            return sl_error_set(err, SL_ERR_DEGENERATE, t, "tet %d is degenerate: |volume %g m³| "
                                "<= 1e-12 (longest edge %g m)³", t, v, h);
        if (v < 0) {
            int tmp = n[2];
            n[2] = n[3];
            n[3] = tmp;
            flips++;
        }
    }
    if (flipped) *flipped = flips;
    return SL_OK;
}

sl_status sl_tets_lumped_mass(const double *x, int node_count, const int *tets, int tet_count,
                              double density, double *mass) {
    if (!x || !tets || !mass) return SL_ERR_NULL;
    if (!(density > 0)) return SL_ERR_RANGE;
    memset(mass, 0, sizeof(double) * (size_t)node_count);
    for (int t = 0; t < tet_count; t++) {
        const int *n = tets + 4 * t;
        double quarter = 0.25 * density * fabs(sl_tet_volume(x, n[0], n[1], n[2], n[3]));
        for (int a = 0; a < 4; a++) mass[n[a]] += quarter;
    }
    return SL_OK;
}

double sl_tets_total_volume(const double *x, const int *tets, int tet_count) {
    double v = 0;
    for (int t = 0; t < tet_count; t++)
        v += sl_tet_volume(x, tets[4 * t], tets[4 * t + 1], tets[4 * t + 2], tets[4 * t + 3]);
    return v;
}

int sl_tet_fem_is(const sl_model *m) {
    return m && (m->cls == &fem_green_class || m->cls == &fem_linear_class || m->cls == &fem_deviatoric_class);
}

/* The normal rows of Q (Q_NORMAL) as Voigt rows of 6, then the shears: row r of the
 * model's phi / sqrt(V0) is Q6[r] . e. The deviatoric model starts at row 1. */
static double q6(int r, int c) {
    if (r < 3) return c < 3 ? Q_NORMAL[r][c] : 0.0;
    return c == r ? 1.0 : 0.0;
}

sl_status sl_tet_fem_inspect(const sl_model *m, int t, const double *x, sl_tet_inspection *out) {
    if (!m || !x || !out) return SL_ERR_NULL;
    if (!sl_tet_fem_is(m) || t < 0 || t >= m->block_count) return SL_ERR_RANGE;
    const fem_data *d = m->data;
    int linear = m->cls == &fem_linear_class, first = m->cls == &fem_deviatoric_class ? 1 : 0;
    memset(out, 0, sizeof *out);
    const int *node = m->block_node + 4 * t;
    for (int a = 0; a < 4; a++) out->nodes[a] = node[a];
    out->strain = linear ? SL_STRAIN_LINEAR : first ? SL_STRAIN_GREEN_DEVIATORIC : SL_STRAIN_GREEN;
    out->rest_volume = d->sqrt_v0[t] * d->sqrt_v0[t];
    deformation_gradient(x, node, d->grad + 12 * t, out->F);
    out->J = sl_mat3_det(out->F);
    double C[9], V[9], lam[3], e[6], green[6];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double c = 0;
            for (int k = 0; k < 3; k++) c += out->F[3 * k + i] * out->F[3 * k + j];
            C[3 * i + j] = c;
        }
    sl_mat3_sym_eigen(C, lam, V); /* descending */
    for (int k = 0; k < 3; k++) out->stretches[k] = sqrt(fmax(lam[2 - k], 0.0));
    strain(out->F, 0, green);
    strain(out->F, linear, e);
    for (int j = 0; j < 3; j++) out->green_strain[4 * j] = green[j];
    for (int s = 0; s < 3; s++) {
        int j = SHEAR[s][0], k = SHEAR[s][1];
        out->green_strain[3 * j + k] = out->green_strain[3 * k + j] = 0.5 * green[3 + s];
    }
    /* W = 1/2 e^T D e with D = sum over the rows of q_r q_r^T / alpha_r (the tet's own
     * compliances, so a changed material is read as it is); Voigt stress D e. */
    double stress[6] = {0};
    for (int r = first; r < 6; r++) {
        double alpha = m->compliance[t * m->block_rows + (r - first)], qe = 0;
        if (!(alpha > 0)) {
            out->hard_rows++;
            continue;
        }
        for (int c = 0; c < 6; c++) qe += q6(r, c) * e[c];
        out->energy_density += 0.5 * qe * qe / alpha;
        for (int c = 0; c < 6; c++) stress[c] += q6(r, c) * qe / alpha;
    }
    double S[9];
    for (int j = 0; j < 3; j++) S[4 * j] = stress[j];
    for (int s = 0; s < 3; s++) { /* the shear stress is conjugate to the engineering shear */
        int j = SHEAR[s][0], k = SHEAR[s][1];
        S[3 * j + k] = S[3 * k + j] = stress[3 + s];
    }
    memcpy(out->second_piola, S, sizeof S);
    if (linear) { /* small-strain theory: one stress */
        memcpy(out->cauchy, S, sizeof S);
    } else { /* sigma = F S F^T / J */
        double FS[9];
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                double v = 0;
                for (int k = 0; k < 3; k++) v += out->F[3 * i + k] * S[3 * k + j];
                FS[3 * i + j] = v;
            }
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                double v = 0;
                for (int k = 0; k < 3; k++) v += FS[3 * i + k] * out->F[3 * j + k];
                out->cauchy[3 * i + j] = v / out->J;
            }
    }
    const double *c = out->cauchy;
    double dxy = c[0] - c[4], dyz = c[4] - c[8], dzx = c[8] - c[0];
    out->von_mises = sqrt(0.5 * (dxy * dxy + dyz * dyz + dzx * dzx) + 3 * (c[1] * c[1] + c[2] * c[2] + c[5] * c[5]));
    return SL_OK;
}
