/* The summed-area table of float data on the GPU, in double: a row pass, then a column
 * pass, adding in the CPU loop's order, so the table is bit-identical to the cpu
 * backend's (src/prim/sat_float.c). A reference for float input, not the frame's path. */
#ifndef SCANWORKS_KERNELS_SAT_FLOAT_H
#define SCANWORKS_KERNELS_SAT_FLOAT_H

/* The row pass (a thread a row and channel) or, COLUMNS, the column pass in place (a thread a
 * column and channel), blocks of SAT_FLOAT_BLOCK. IN: w*h*c float32 or float64, channels
 * interleaved; OUT: w*h*c doubles, S[y][x][k] = sum of in[0..y][0..x][k] (sat_float_cuda.c). */
enum { SAT_FLOAT_BLOCK = 128 };
#ifdef __cplusplus
extern "C"
#endif
const void *sat_float_kernel(int columns);

#endif
