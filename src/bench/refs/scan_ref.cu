/* The benchmark's reference: CUB's DeviceScan (exclusive; ExclusiveSum for add,
 * ExclusiveScan with max or min and their identity otherwise). Only the benchmark
 * calls this; the library's own scans are in scan.cu. */
#include <math.h>
#include <stdint.h>
#include <cub/device/device_scan.cuh>

#include "kernels/common/cuda_util.cuh"
#include "scan_ref.h"

static void *temp;
static size_t temp_bytes;

struct max_op {
    template <typename T> __device__ __forceinline__ T operator()(const T &a, const T &b) const { return b > a ? b : a; }
};
struct min_op {
    template <typename T> __device__ __forceinline__ T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};

/* N's type picks CUB's offsets: 32-bit for int, 64-bit for int64_t. */
template <typename T, typename N>
static cudaError_t cub_scan(void *tmp, size_t &bytes, const T *in, T *out, N n, scan_op op, T lo, T hi,
                            cudaStream_t s)
{
    if (op == SCAN_ADD) return cub::DeviceScan::ExclusiveSum(tmp, bytes, in, out, n, s);
    if (op == SCAN_MAX) return cub::DeviceScan::ExclusiveScan(tmp, bytes, in, out, max_op(), lo, n, s);
    return cub::DeviceScan::ExclusiveScan(tmp, bytes, in, out, min_op(), hi, n, s);
}

template <typename T, typename N>
static int run_n(const void *vin, void *vout, N n, scan_op op, T lo, T hi, cudaStream_t s, sw_error *err)
{
    const T *in = (const T *)vin;
    T *out = (T *)vout;
    size_t need = 0;
    CUDA_TRY((cub_scan<T, N>(NULL, need, in, out, n, op, lo, hi, s)), err);
    if (need > temp_bytes || !temp) {
        if (temp) CUDA_TRY(cudaFree(temp), err);
        temp = NULL;
        temp_bytes = 0;
        if (cuda_alloc(&temp, need, "CUB scan temporary storage", err)) return -1;
        temp_bytes = need;
    }
    CUDA_TRY((cub_scan<T, N>(temp, need, in, out, n, op, lo, hi, s)), err);
    CUDA_TRY_LAUNCH("cub::DeviceScan", err);
    return 0;
}

template <typename T>
static int run(const void *vin, void *vout, size_t n, int offset_bits, scan_op op, T lo, T hi, cudaStream_t s,
               sw_error *err)
{
    if (offset_bits == 64) return run_n<T, int64_t>(vin, vout, (int64_t)n, op, lo, hi, s, err);
    if (offset_bits != 32) return sw_fail(err, "cub scan: offset_bits %d: expected 32 or 64", offset_bits);
    if (n > (size_t)INT32_MAX)
        return sw_fail(err, "cub scan with 32-bit offsets: n = %zu is over 2^31 - 1; use 64-bit offsets", n);
    return run_n<T, int>(vin, vout, (int)n, op, lo, hi, s, err);
}

extern "C" int scan_ref_cub_exclusive(scan_type t, scan_op op, const void *d_in, void *d_out, size_t n,
                                      int offset_bits, void *stream, sw_error *err)
{
    if (n == 0) return 0;
    cudaStream_t s = (cudaStream_t)stream;
    switch (t) {
    case SCAN_I32: return run<int32_t>(d_in, d_out, n, offset_bits, op, INT32_MIN, INT32_MAX, s, err);
    case SCAN_U32: return run<uint32_t>(d_in, d_out, n, offset_bits, op, 0u, UINT32_MAX, s, err);
    case SCAN_I64: return run<int64_t>(d_in, d_out, n, offset_bits, op, INT64_MIN, INT64_MAX, s, err);
    case SCAN_F32: return run<float>(d_in, d_out, n, offset_bits, op, -INFINITY, INFINITY, s, err);
    default: return sw_fail(err, "cub scan: invalid element type %d", (int)t);
    }
}

extern "C" void scan_ref_release(void)
{
    if (temp) cudaFree(temp);
    temp = NULL;
    temp_bytes = 0;
}
