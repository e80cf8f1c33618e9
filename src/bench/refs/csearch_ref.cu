/* CUB/thrust references measured beside the scanworks kernels (benchmarks only). */
#include "csearch_ref.h"
#include "kernels/common/cuda_util.cuh"

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_select.cuh>
#include <thrust/binary_search.h>
#include <thrust/execution_policy.h>

struct ref_greater {
    int32_t v;
    __host__ __device__ bool operator()(const int32_t &x) const { return x > v; }
};

static int ref_grow(void **temp, size_t *have, size_t need, sw_error *err)
{
    if (need <= *have && *temp) return 0;
    if (*temp) cudaFree(*temp);
    *temp = NULL;
    *have = 0;
    if (cuda_alloc(temp, need, "CUB temporary storage", err)) return -1;
    *have = need;
    return 0;
}

/* DeviceSelect::If takes num_items as int64_t in CUB 3 (no choice of offset type). */
extern "C" int ref_cub_select_gt(const int32_t *in, int32_t *out, size_t n, int32_t value, unsigned long long *count,
                                 void **temp, size_t *temp_bytes, sw_error *err)
{
    size_t need = 0;
    CUDA_TRY(cub::DeviceSelect::If(NULL, need, in, out, count, (int64_t)n, ref_greater{value}), err);
    if (ref_grow(temp, temp_bytes, need, err)) return -1;
    CUDA_TRY(cub::DeviceSelect::If(*temp, need, in, out, count, (int64_t)n, ref_greater{value}), err);
    return 0;
}

/* CUB 3 picks its offset type from the type of num_items: 32-bit for int, 64-bit for
 * int64_t (cub/detail/choose_offset.cuh). */
template <typename NumItemsT>
static int sort_u32(const uint32_t *keys_in, uint32_t *keys_out, const uint32_t *vals_in, uint32_t *vals_out,
                    NumItemsT n, void **temp, size_t *temp_bytes, sw_error *err)
{
    size_t need = 0;
    if (vals_in) {
        CUDA_TRY(cub::DeviceRadixSort::SortPairs(NULL, need, keys_in, keys_out, vals_in, vals_out, n), err);
        if (ref_grow(temp, temp_bytes, need, err)) return -1;
        CUDA_TRY(cub::DeviceRadixSort::SortPairs(*temp, need, keys_in, keys_out, vals_in, vals_out, n), err);
    } else {
        CUDA_TRY(cub::DeviceRadixSort::SortKeys(NULL, need, keys_in, keys_out, n), err);
        if (ref_grow(temp, temp_bytes, need, err)) return -1;
        CUDA_TRY(cub::DeviceRadixSort::SortKeys(*temp, need, keys_in, keys_out, n), err);
    }
    CUDA_TRY_LAUNCH("cub::DeviceRadixSort", err);
    return 0;
}

extern "C" int ref_cub_sort_u32(const uint32_t *keys_in, uint32_t *keys_out, const uint32_t *vals_in,
                                uint32_t *vals_out, size_t n, int offset_bits, void **temp, size_t *temp_bytes,
                                sw_error *err)
{
    if (offset_bits == 64)
        return sort_u32(keys_in, keys_out, vals_in, vals_out, (int64_t)n, temp, temp_bytes, err);
    if (offset_bits != 32) return sw_fail(err, "cub sort: offset_bits %d: expected 32 or 64", offset_bits);
    if (n > (size_t)INT32_MAX)
        return sw_fail(err, "cub sort with 32-bit offsets: n = %zu is over 2^31 - 1; use 64-bit offsets", n);
    return sort_u32(keys_in, keys_out, vals_in, vals_out, (int)n, temp, temp_bytes, err);
}

extern "C" int ref_thrust_lower_bound_u32(const uint32_t *keys, size_t n, const uint32_t *queries, size_t q,
                                          int64_t *out, int nosync, sw_error *err)
{
    /* thrust::device synchronizes the stream before it returns; par_nosync does not
     * (the timing events then bracket the kernel alone, as they do for the others). */
    if (nosync) thrust::lower_bound(thrust::cuda::par_nosync, keys, keys + n, queries, queries + q, out);
    else thrust::lower_bound(thrust::device, keys, keys + n, queries, queries + q, out);
    CUDA_TRY_LAUNCH("thrust::lower_bound", err);
    return 0;
}

extern "C" void ref_free(void *p)
{
    if (p) cudaFree(p);
}
