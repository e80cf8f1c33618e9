/* CUDA scan launchers, callable from C. Algorithms (scan_cuda_algorithms, production
 * first): "lookback", the production kernel (scan_lookback.cuh, tuned by tune.h); then
 * chapter 39's ladder: "tuned" (eight elements a thread), "large" (block sums, uniform
 * add), "blelloch-cf", "blelloch" and "naive" (one block each). No state is kept between
 * calls: the caller gives the temp storage, so calls on different streams with different
 * temp buffers may run at once. The checks and sizes are in src/prim/scan_plan_cuda.c,
 * the kernels and their launch in scan.cu. */
#ifndef SCANWORKS_KERNELS_SCAN_H
#define SCANWORKS_KERNELS_SCAN_H

#include <stddef.h>
#include "prim/scan.h"
#include "tune.h"
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Indices into scan_cuda_algorithms (src/prim/scan_cuda.c), production first. */
enum { SCAN_K_LOOKBACK, SCAN_K_TUNED, SCAN_K_LARGE, SCAN_K_BLELLOCH_CF, SCAN_K_BLELLOCH, SCAN_K_NAIVE, SCAN_K_COUNT };
#define SCAN_K_TILE_THREADS 256   /* "tuned": 256 threads, two 16-byte vectors each */
#define SCAN_K_TUNED_NV 2
#define SCAN_K_LARGE_THREADS 256  /* "large": 512-element tiles */

/* The tile of the ladder's multi-level scans and of the production kernel, in elements. */
static inline size_t scan_k_ladder_tile(int algo, size_t esize)
{
    return algo == SCAN_K_TUNED ? (size_t)SCAN_K_TILE_THREADS * SCAN_K_TUNED_NV * (16 / esize) : 2 * SCAN_K_LARGE_THREADS;
}
static inline size_t scan_k_lookback_tile(const scan_tune *tu, size_t esize)
{
    return (size_t)tu->threads * tu->items / 4 * (16 / esize);
}

/* scan.cu: queues ALGO for D over N > 0 elements, the request and TEMP already checked
 * (for lookback: its status words zeroed, a 16-byte counter first). TU: lookback's row. */
int scan_kernel_run(int algo, const scan_desc *d, const scan_tune *tu, const void *in, void *out, size_t n,
                    void *temp, void *stream, sw_error *err);

/* scan_plan_cuda.c: the grid of the persistent lookback KERNEL, as many blocks as the
 * device holds at once (at most TILES, and TU's cap), cached per device in *CACHE. */
long long scan_lookback_grid(const void *kernel, int threads, size_t smem, size_t tiles, const scan_tune *tu,
                             unsigned long long *cache, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
