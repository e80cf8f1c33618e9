/* Radix sort kernels: ascending and stable, 32-bit keys (uint32, int32 or float32 through
 * an order-preserving bit map), optional uint32 values. Device pointers; launched by
 * src/prim/radix_sort_plan_cuda.c. */
#ifndef SCANWORKS_KERNELS_RADIX_SORT_H
#define SCANWORKS_KERNELS_RADIX_SORT_H

#include <stddef.h>
#include <stdint.h>
#include "tune.h"
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { RADIX_K_SPLIT = 0, RADIX_K_ONESWEEP = 1 };   /* the ladder (radix_sort.cu), the production (onesweep.cu) */
#define RADIX_K_ONESWEEP_MAX ((size_t)1 << 30)   /* onesweep's status words hold 30-bit counts */

/* The split sort's kernels (radix_sort.cu, grid-stride loops), NULL for an unknown one:
 * 0 maps keys to ordered bits and back, 1 flags a pass's zeros, 2 scatters. */
const void *radix_split_kernel(int which);
#define RADIX_K_BINS 256
#define RADIX_K_MIN_TILE (256 * 16)
#define RADIX_K_HEAD_BYTES (4 * RADIX_K_BINS * 4 + 4 * 4)
/* Onesweep's kernels (onesweep.cu): the compiled tiles (threads, keys a thread; at most
 * MAX written to SHAPES, returns how many); the pass for a THREADS x ITEMS tile (NULL if
 * not compiled), a block a tile, *SMEM bytes of dynamic shared memory; the histogram
 * (RADIX_K_HIST_THREADS a block, a block an SM at most, 4 KB x COPIES of dynamic shared
 * memory, COPIES 32 or 8); the digits' starts (4 blocks of 256). */
#define RADIX_K_HIST_THREADS 1024
int radix_onesweep_shapes(int with_values, int (*shapes)[2], int max);
const void *radix_onesweep_pass(int with_values, int threads, int items, size_t *smem);
const void *radix_onesweep_histogram(int copies);
const void *radix_onesweep_digit_starts(void);

#ifdef __cplusplus
}
#endif

#endif
