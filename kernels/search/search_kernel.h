/* Lower-bound search kernels: for each query, the first index i of the sorted KEYS with
 * !(keys[i] < query) (numpy.searchsorted side='left'); float32 orders NaN last. */
#ifndef SCANWORKS_KERNELS_SEARCH_H
#define SCANWORKS_KERNELS_SEARCH_H

#include <stddef.h>
#include <stdint.h>
#include "tune.h"
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The ladder (binary: one thread a query; single-key: the course report's 32 lanes a
 * query; pary: a block a query), then the production tree (search_tree.cu, tune.h). */
enum { SEARCH_K_BINARY = 0, SEARCH_K_SINGLE_KEY = 1, SEARCH_K_PARY = 2, SEARCH_K_TREE = 3, SEARCH_K_COUNT = 4 };

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

/* kernels/search/search_tree.cu; KEYS and TEMP 16-byte aligned (cudaMalloc'ed). */
size_t search_tree_temp_bytes(int algo, size_t n);
int search_tree_build(int algo, int mode, const uint32_t *keys, size_t n, void *temp, void *stream, sw_error *err);
int search_tree_query(int algo, int mode, const uint32_t *keys, size_t n, const uint32_t *queries, size_t q,
                      int64_t *out, const void *temp, int one_block, void *stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
