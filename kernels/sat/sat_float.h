/* The summed-area table of float data on the GPU, in double precision: a row pass
 * (one thread a row and channel, left to right) then a column pass (one thread a
 * column and channel, top to bottom), each summing in double. The additions are those
 * of the CPU's loop in the same order, so the table is bit-identical to the cpu
 * backend's (src/prim/sat_float.c). Kept simple: a reference for float input, not the
 * frame's fast path. */
#ifndef SCANWORKS_KERNELS_SAT_FLOAT_H
#define SCANWORKS_KERNELS_SAT_FLOAT_H

#include <cuda_runtime_api.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* D_IN: w*h*c float32 (IN_IS_DOUBLE 0) or float64 values, rows first, channels
 * interleaved; D_OUT: w*h*c doubles, S[y][x][k] = sum of in[0..y][0..x][k]. Both in
 * device memory. Queues the two kernels on STREAM; checks each launch. */
int sat_float_cuda_build(const void *d_in, int in_is_double, int w, int h, int c, double *d_out,
                         cudaStream_t stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
