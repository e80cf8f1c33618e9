/* Summed-area tables of float data (float32 or float64 arrays), as float64:
 * S[y][x][k] = sum of in[0..y][0..x][k], every addition in double. The cpu backend
 * sums each row left to right, then each column top to bottom; the cuda backend
 * (kernels/sat/sat_float.cu) does the same additions in the same order, so the two
 * tables are bit-identical.
 *
 * Error: each entry is at most x + y + 1 double additions away from the inputs, so
 * |S[y][x] - exact| <= (x + y + 1) * 2^-53 / (1 - (x + y + 1) * 2^-53) * sum of |in| over
 * the rectangle (float32 inputs are exact in double). SAT_FLOAT_BOUND_TEXT says it
 * for --help; sat_float_error_bound computes it. */
#ifndef SCANWORKS_PRIM_SAT_FLOAT_H
#define SCANWORKS_PRIM_SAT_FLOAT_H

#include <stdbool.h>
#include "prim/backend.h"
#include "util/error.h"

#define SAT_FLOAT_BOUND_TEXT                                                                       \
    "|S[y][x] - exact| <= g(x+y+1) * sum of |in| over the rectangle, g(k) = k*2^-53/(1 - k*2^-53)"

/* True when backend B builds float tables (cpu, and cuda where this build has it). */
bool sat_float_supported(prim_backend b);
/* IN: w*h*c float32 (IN_IS_DOUBLE false) or float64 values, rows first, channels
 * interleaved; OUT: w*h*c doubles. */
int sat_float_host(prim_backend b, const void *in, bool in_is_double, int w, int h, int c, double *out,
                   sw_error *err);
/* The bound above for entry (x, y), given the sum of |in| over its rectangle. */
double sat_float_error_bound(int x, int y, double abs_sum);

#if SCANWORKS_HAVE_CUDA
int sat_float_cuda_host(const void *in, bool in_is_double, int w, int h, int c, double *out, sw_error *err);
#endif

#endif
