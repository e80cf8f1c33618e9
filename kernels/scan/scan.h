/* The CUDA scans' kernels (scan.cu) by type and operator: "lookback", the production kernel
 * (scan_lookback.cuh, tuned by tune.h), then chapter 39's ladder: "tuned" (eight elements a
 * thread, scan_tile.cuh), "large" (block sums, uniform add), "blelloch-cf", "blelloch" and
 * "naive" (one block each; scan_blelloch.cuh). They keep no state: the caller's temp storage
 * lets calls on several streams run at once. src/prim/scan_plan_cuda.c checks and launches. */
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

/* The Blelloch kernels' padding (the host sizes their shared memory with it), one word per
 * 32: indices 32k apart land in different banks (the chapter's second term is not needed). */
#define LOG_NUM_BANKS 5
#define CONFLICT_FREE_OFFSET(i) ((i) >> LOG_NUM_BANKS)

/* The production kernel's compiled shapes: X(threads, 4-byte items a thread, ring
 * stages, blocks an SM the registers are bounded for). tune.h's rows name them. */
#define SCAN_SHAPES(X) X(256, 16, 3, 4) X(256, 16, 4, 3) X(256, 32, 3, 2)
#define SCAN_K_SHAPES 3

/* The production kernel's look-back settings (its lb_opts argument), tune.h's fields. */
typedef struct lb_opts {
    int window, cs, spread;
} scan_lb_opts;

/* The kernels of one type and operator and their launch shapes: naive, one block of n
 * rounded up to 32 threads, 2 x threads elements of shared memory; blelloch(_cf), n2 / 2
 * threads a block of n2 elements, n2 (padded) of shared memory; tuned and uniform_add,
 * SCAN_K_TILE_THREADS; lookback[i] (SCAN_SHAPES' row i), threads + 32, a ring of stages x
 * threads x items x 4 bytes. */
typedef struct scan_kernels {
    const void *naive, *blelloch, *blelloch_cf, *tuned, *uniform_add, *lookback[SCAN_K_SHAPES];
} scan_kernels;
int scan_kernels_for(scan_type type, scan_op op, scan_kernels *k);   /* -1: type or operator out of range */

#ifdef __cplusplus
}
#endif

#endif
