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

/* The most elements algorithm ALGO (NULL = the default) accepts for type T;
 * 0 when ALGO is not a CUDA scan algorithm. */
size_t scan_cuda_max_elements(const char *algo, scan_type t);

/* *BYTES = the temp storage scan_cuda_device needs for D at N elements (may be 0).
 * TUNE: the production kernel's row (NULL: the current device's, tune.h). */
int scan_cuda_temp_bytes(const scan_desc *d, const scan_tune *tune, size_t n, size_t *bytes, sw_error *err);

/* Scans N elements of device memory D_IN into D_OUT (D_OUT == D_IN allowed) on STREAM
 * (a cudaStream_t; NULL = the default stream), with TEMP_BYTES (at least
 * scan_cuda_temp_bytes) of device memory at TEMP (16-byte aligned), untouched until the
 * scan is done. Asynchronous. 16-byte aligned data takes the vector path. */
int scan_cuda_device(const scan_desc *d, const scan_tune *tune, const void *d_in, void *d_out, size_t n,
                     void *temp, size_t temp_bytes, void *stream, sw_error *err);

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
