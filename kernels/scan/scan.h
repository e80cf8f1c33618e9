/* The CUDA scans' kernels, handed to the host by type and operator: "lookback", the
 * production kernel (scan_lookback.cuh, tuned by tune.h); then chapter 39's ladder:
 * "tuned" (eight elements a thread), "large" (block sums, uniform add), "blelloch-cf",
 * "blelloch" and "naive" (one block each). No state is kept between calls: the caller
 * gives the temp storage, so calls on different streams with different temp buffers
 * may run at once. The checks, sizes and launches are in src/prim/scan_plan_cuda.c. */
#ifndef SCANWORKS_KERNELS_SCAN_H
#define SCANWORKS_KERNELS_SCAN_H

#include <stddef.h>
#include "prim/scan.h"
#include "tune.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SCAN_K_TILE_THREADS 256   /* "tuned": 256 threads, two 16-byte vectors each */
#define SCAN_K_TUNED_NV 2
#define SCAN_K_LARGE_THREADS 256  /* "large": 512-element tiles */

/* The Blelloch kernels' padding (scan_blelloch.cuh), one word per NUM_BANKS words:
 * indices that are multiples of 32 apart land in different banks. (The chapter's
 * second term, for >= 1024 banks' strides, is not needed at these sizes.) The host
 * sizes their shared memory with it. */
#define NUM_BANKS 32
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(i) ((i) >> LOG_NUM_BANKS)

/* The production kernel's compiled shapes: X(threads, 4-byte items a thread, ring
 * stages, blocks an SM the registers are bounded for). tune.h's rows name them. */
#define SCAN_SHAPES(X) X(256, 16, 3, 4) X(256, 16, 4, 3) X(256, 32, 3, 2)
#define SCAN_K_SHAPES 3

/* The look-back's settings, the production kernel's lb_opts argument. */
typedef struct scan_lb_opts {
    int window, cs, spread;
} scan_lb_opts;

/* scan.cu's kernels for one type and operator. Arguments: naive (const T *in, T *out,
 * int n, int inclusive), one block of n rounded up to 32 threads, 2 x threads elements
 * of shared memory; blelloch and blelloch_cf (in, out, size_t n, int n2, int inclusive,
 * T *sums), n2 / 2 threads a block of n2 (the "large" tiles: sums written, else NULL),
 * n2 elements of shared memory (cf: padded); tuned (in, out, size_t n, int inclusive,
 * int aligned, T *sums) and uniform_add (T *out, const T *sums, size_t n, size_t tile,
 * int aligned), SCAN_K_TILE_THREADS; lookback[i] of SCAN_SHAPES' row i (in, out, size_t
 * n, int inclusive, int aligned, unsigned long long *status, unsigned *counter,
 * scan_lb_opts, size_t tiles), threads + 32 a block, stages x threads x items x 4 bytes
 * of shared memory. */
typedef struct scan_kernels {
    const void *naive, *blelloch, *blelloch_cf, *tuned, *uniform_add, *lookback[SCAN_K_SHAPES];
} scan_kernels;
/* -1 for a type or operator out of range. */
int scan_kernels_for(scan_type type, scan_op op, scan_kernels *k);

#ifdef __cplusplus
}
#endif

#endif
