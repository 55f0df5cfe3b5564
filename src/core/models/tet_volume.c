/* Tet volume derivatives (tet_volume.h). */
#include "models/tet_volume.h"

#include <string.h>

void sl_tet_edges(const double *x, const int *n, double e[3][3]) {
    for (int k = 0; k < 3; k++)
        for (int i = 0; i < 3; i++) e[k][i] = x[3 * n[k + 1] + i] - x[3 * n[0] + i];
}

static void cross(const double *u, const double *v, double *out) {
    out[0] = u[1] * v[2] - u[2] * v[1];
    out[1] = u[2] * v[0] - u[0] * v[2];
    out[2] = u[0] * v[1] - u[1] * v[0];
}

double sl_tet_edge_volume(const double e[3][3]) {
    double c[3];
    cross(e[1], e[2], c);
    return (e[0][0] * c[0] + e[0][1] * c[1] + e[0][2] * c[2]) / 6;
}

void sl_tet_volume_gradient(const double e[3][3], double g[12]) {
    cross(e[1], e[2], g + 3);
    cross(e[2], e[0], g + 6);
    cross(e[0], e[1], g + 9);
    for (int i = 0; i < 3; i++) {
        g[3 + i] /= 6, g[6 + i] /= 6, g[9 + i] /= 6;
        g[i] = -(g[3 + i] + g[6 + i] + g[9 + i]);
    }
}

/* [v]x, the matrix of u -> v x u, scaled by s, added into the 3x3 block at (row, col) of
 * the 12x12 H. */
static void add_skew(double *H, int row, int col, const double *v, double s) {
    double *B = H + 12 * (3 * row) + 3 * col;
    B[1] -= s * v[2], B[2] += s * v[1];
    B[12] += s * v[2], B[14] -= s * v[0];
    B[24] -= s * v[1], B[25] += s * v[0];
}

/* With d(u x v)/du = -[v]x and d(u x v)/dv = [u]x:
 * d g_b/d e2 = -[e3]x/6, d g_b/d e3 = [e2]x/6; d g_c/d e3 = -[e1]x/6, d g_c/d e1 = [e3]x/6;
 * d g_d/d e1 = -[e2]x/6, d g_d/d e2 = [e1]x/6; d/dx_a = -(d/de1 + d/de2 + d/de3), and the
 * rows of node a are minus the sum of the others. */
void sl_tet_volume_hessian(const double e[3][3], double s, double *H) {
    s /= 6;
    memset(H, 0, 144 * sizeof(double));
    for (int p = 0; p < 3; p++) {                /* block (node 1+p, node 1+q), p, q in {0,1,2} */
        int q1 = (p + 1) % 3, q2 = (p + 2) % 3; /* g_p = e_q1 x e_q2 / 6 */
        add_skew(H, 1 + p, 1 + q1, e[q2], -s);  /* d/de_q1 = -[e_q2]x */
        add_skew(H, 1 + p, 1 + q2, e[q1], s);   /* d/de_q2 = [e_q1]x */
    }
    for (int i = 3; i < 12; i++) /* column node a = -(sum of columns of b, c, d) */
        for (int c = 0; c < 3; c++) H[12 * i + c] = -(H[12 * i + 3 + c] + H[12 * i + 6 + c] + H[12 * i + 9 + c]);
    for (int c = 0; c < 12; c++) /* row node a = -(sum of rows of b, c, d) */
        for (int r = 0; r < 3; r++) H[12 * r + c] = -(H[12 * (3 + r) + c] + H[12 * (6 + r) + c] + H[12 * (9 + r) + c]);
}
