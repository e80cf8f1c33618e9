/* Lower-bound search in a sorted array (numpy.searchsorted side='left'): for each query
 * the first index i with !(keys[i] < query); 32-bit keys and queries (float32 orders NaN
 * last), int64 results. */
#ifndef SCANWORKS_SEARCH_H
#define SCANWORKS_SEARCH_H

#include "scanworks/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Host arrays on backend B: N sorted KEYS, Q QUERIES, OUT[q] the lower bounds. The keys
 * are checked to be sorted. */
int sw_search(sw_backend b, sw_type type, const void *keys, size_t n, const void *queries, size_t q,
              int64_t *out, sw_error *err);

/* Device memory: keys and TEMP 16-byte aligned (cudaMalloc's pointers are). The index
 * built over the keys lives in TEMP. */
int sw_search_temp_bytes(size_t n, size_t *temp_bytes, sw_error *err);
int sw_search_device(sw_type type, const void *d_keys, size_t n, const void *d_queries, size_t q, int64_t *d_out,
                     void *temp, size_t temp_bytes, sw_stream stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
