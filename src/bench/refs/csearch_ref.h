/* CUB and thrust references for the compaction, sort and search benchmarks (built
 * only with SCANWORKS_HAVE_CUB_REF). Each call reuses *TEMP (cudaMalloc'd, grown as
 * needed, *TEMP_BYTES its size); free it with cudaFree when done. Device pointers. */
#ifndef SCANWORKS_KERNELS_CSEARCH_REF_H
#define SCANWORKS_KERNELS_CSEARCH_REF_H

#include <stddef.h>
#include <stdint.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* cub::DeviceSelect::If keeping in[i] > value (int32); CUB 3 fixes its offsets at
 * 64 bits (num_items is int64_t). */
int ref_cub_select_gt(const int32_t *in, int32_t *out, size_t n, int32_t value, unsigned long long *count,
                      void **temp, size_t *temp_bytes, sw_error *err);
/* cub::DeviceRadixSort::SortKeys / SortPairs on uint32 (vals NULL: keys only), with
 * OFFSET_BITS 32 (num_items an int: n < 2^31) or 64 (num_items an int64_t). */
int ref_cub_sort_u32(const uint32_t *keys_in, uint32_t *keys_out, const uint32_t *vals_in, uint32_t *vals_out,
                     size_t n, int offset_bits, void **temp, size_t *temp_bytes, sw_error *err);
/* thrust::lower_bound of Q uint32 queries in N sorted uint32 keys, int64 results;
 * NOSYNC: with thrust::cuda::par_nosync, else thrust::device (which synchronizes). */
int ref_thrust_lower_bound_u32(const uint32_t *keys, size_t n, const uint32_t *queries, size_t q, int64_t *out,
                               int nosync, sw_error *err);
void ref_free(void *p);

#ifdef __cplusplus
}
#endif

#endif
