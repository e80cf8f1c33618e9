/* The CUDA searches' host side (search_plan_cuda.c): the checks, the temp size, the
 * runs. The kernels' launch: kernels/search/search_kernel.h. */
#ifndef SCANWORKS_PRIM_SEARCH_PLAN_CUDA_H
#define SCANWORKS_PRIM_SEARCH_PLAN_CUDA_H

#include <stddef.h>
#include <stdint.h>
#include "kernels/search/search_kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* MODE: 0 uint32, 1 int32, 2 float32. OUT: int64 indices. TEMP: search_kernel_temp_bytes.
 * ONE_BLOCK != 0 runs everything in a single block (one thread, warp or block works on
 * the queries one after another): the latency measurement. */
size_t search_kernel_temp_bytes(int algo, size_t n);
int search_kernel_run(int algo, int mode, const uint32_t *keys, size_t n, const uint32_t *queries, size_t q,
                      int64_t *out, void *temp, int one_block, void *stream, sw_error *err);

/* search_kernel_run in two parts, for callers that search the same keys many times:
 * build fills TEMP with the index of the keys (only the tree algorithms have one; for
 * the others it does nothing), query answers queries against it (for the others it
 * is search_kernel_run). */
int search_kernel_build(int algo, int mode, const uint32_t *keys, size_t n, void *temp, void *stream, sw_error *err);
int search_kernel_query(int algo, int mode, const uint32_t *keys, size_t n, const uint32_t *queries, size_t q,
                        int64_t *out, void *temp, int one_block, void *stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
