/* The summed-area table of float data on the GPU, in double precision: a row pass
 * (one thread a row and channel, left to right) then a column pass (one thread a
 * column and channel, top to bottom), each summing in double. The additions are those
 * of the CPU's loop in the same order, so the table is bit-identical to the cpu
 * backend's (src/prim/sat_float.c). Kept simple: a reference for float input, not the
 * frame's fast path. */
#ifndef SCANWORKS_KERNELS_SAT_FLOAT_H
#define SCANWORKS_KERNELS_SAT_FLOAT_H

#ifdef __cplusplus
extern "C" {
#endif

/* The row pass (const void *in, int is_double, int w, int h, int c, double *out), a
 * thread a (row, channel), or COLUMNS, the column pass in place (int w, int h, int c,
 * double *out), a thread a (column, channel); blocks of SAT_FLOAT_BLOCK. IN: w*h*c
 * float32 (IS_DOUBLE 0) or float64 values, rows first, channels interleaved; OUT: w*h*c
 * doubles, S[y][x][k] = sum of in[0..y][0..x][k] (src/prim/sat_float_cuda.c queues them). */
enum { SAT_FLOAT_BLOCK = 128 };
const void *sat_float_kernel(int columns);

#ifdef __cplusplus
}
#endif

#endif
