/* Radix sort kernels: ascending and stable, 32-bit keys (uint32, int32 or float32 through
 * an order-preserving bit map), optional uint32 values. Device pointers. */
#ifndef SCANWORKS_KERNELS_RADIX_SORT_H
#define SCANWORKS_KERNELS_RADIX_SORT_H

#include <stddef.h>
#include <stdint.h>
#include "tune.h"
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* SPLIT: the chapter's one bit a pass (radix_sort.cu); ONESWEEP: the production sort
 * (onesweep.cu), tuned by kernels/sort/tune.h. */
enum { RADIX_K_SPLIT = 0, RADIX_K_ONESWEEP = 1 };
/* Onesweep's status words hold 30-bit counts. */
#define RADIX_K_ONESWEEP_MAX ((size_t)1 << 30)

/* The compiled onesweep tiles (threads, keys a thread) for keys alone or with values:
 * writes at most MAX of them to SHAPES, returns how many there are. */
int radix_onesweep_shapes(int with_values, int (*shapes)[2], int max);

/* The split sort's kernels (radix_sort.cu; src/prim/radix_sort_plan_cuda.c lays out the
 * temp and runs the passes), NULL for an unknown one: 0 maps the keys to their ordered
 * bits (const uint32_t *in, uint32_t *out, size_t n, int mode, int to_ordered; back
 * when 0), 1 flags a pass's zeros (const uint32_t *keys, size_t n, int bit, uint32_t
 * *flags), 2 scatters (kin, vin, flags, const uint32_t *addr, size_t n, kout, vout);
 * grid-stride loops. */
const void *radix_split_kernel(int which);
#define RADIX_K_BINS 256
#define RADIX_K_MIN_TILE (256 * 16)
#define RADIX_K_HEAD_BYTES (4 * RADIX_K_BINS * 4 + 4 * 4)
/* Onesweep's steps (src/prim/radix_sort_plan_cuda.c lays out the temp and runs them):
 * the pass for a THREADS x ITEMS tile, NULL when it is not compiled, a kernel taking
 * (kin, kout, vin, vout, unsigned n, int shift, int mode, int first, int last, const
 * unsigned *digit_start, unsigned *status, unsigned *counter, unsigned *status_next:
 * zeroed by the pass, row by row, for the next one, or NULL), a block a tile, *SMEM
 * bytes of dynamic shared memory (0 for keys alone); the histogram of all four digits of
 * N keys into HIST (4 x 256 zeroed words; (const uint32_t *keys, unsigned n, int mode,
 * unsigned *hist), RADIX_K_HIST_THREADS a block, a block an SM at most, 4 KB x COPIES of
 * dynamic shared memory, COPIES 32 or 8), then each digit's start ((hist), 4 blocks of 256). */
#define RADIX_K_HIST_THREADS 1024
const void *radix_onesweep_pass(int with_values, int threads, int items, size_t *smem);
const void *radix_onesweep_histogram(int copies);
const void *radix_onesweep_digit_starts(void);

#ifdef __cplusplus
}
#endif

#endif
