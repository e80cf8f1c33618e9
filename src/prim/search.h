/* Search in a sorted array: for each query its lower bound, the first index i with
 * !(keys[i] < query), as numpy.searchsorted(keys, queries, side='left'); int64 results.
 * Keys uint32, int32 or float32 (float order: NaN after everything, -0.0 == +0.0).
 * Unsorted keys are refused, naming the first pair out of order. */
#ifndef SCANWORKS_PRIM_SEARCH_H
#define SCANWORKS_PRIM_SEARCH_H

#include <stddef.h>
#include <stdint.h>
#include "prim/backend.h"
#include "prim/key_type.h"
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SEARCH_MAX_ELEMENTS (((size_t)1 << 40))

typedef struct search_desc {
    key_type type;
    const char *algo;   /* from search_algorithms(backend); NULL = best */
} search_desc;

const char *const *search_algorithms(prim_backend b);

/* 0 when KEYS[0..n) is sorted; else -1 and a message naming WHAT and the first i with
 * keys[i+1] < keys[i]. */
int search_check_sorted(key_type t, const void *keys, size_t n, const char *what, sw_error *err);

/* Lower bounds of Q host queries in N sorted host keys, into OUT (Q int64). Checks
 * that the keys are sorted first. */
int search_host(prim_backend b, const search_desc *d, const void *keys, size_t n, const void *queries, size_t q,
                int64_t *out, sw_error *err);

/* The CPU lower bound of one query; the panel and the tests use it. */
size_t search_lower_bound_cpu(key_type t, const uint32_t *keys, size_t n, uint32_t query);

int search_cpu_host(const search_desc *d, const void *keys, size_t n, const void *queries, size_t q, int64_t *out,
                    sw_error *err);
int search_cuda_host(const search_desc *d, const void *keys, size_t n, const void *queries, size_t q, int64_t *out,
                     sw_error *err);
extern const char *const search_cpu_algorithms[];
extern const char *const search_cuda_algorithms[];

#ifdef __cplusplus
}
#endif

#endif
