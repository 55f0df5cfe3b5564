/* Small dense symmetric matrices (row-major, n <= SL_DENSE_MAX): the per-block kernels of
 * the assembly that need more than mat3.h; and a bitwise comparison of double arrays. */
#ifndef SL_DENSE_H
#define SL_DENSE_H

#include <stddef.h>

#define SL_DENSE_MAX 12 /* dofs of a tetrahedron, the largest block */

/* Replaces the symmetric A (double[n*n]) by its positive semidefinite part V max(L, 0) V^T,
 * A = V L V^T by cyclic Jacobi rotations (until the off-diagonal mass is below 1e-28 of
 * the total; at most 50 sweeps). n outside [1, SL_DENSE_MAX]: A is left as is, returns 0.
 * Returns the number of eigenvalues clamped to 0. */
int sl_sym_psd_project(double *A, int n);

/* 1 if the n doubles at a and b are the same bits (memcmp's answer, a word at a time: the
 * wasm build's memcmp compares byte by byte): the "same state?" checks of the caches. */
int sl_same_bits(const double *a, const double *b, size_t n);

#endif
