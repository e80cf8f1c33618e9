/* The CUDA scans' operators (integer addition wraps: the sequential result bit for bit),
 * their identities, and warp-wide scan and reduction by shuffles. */
#ifndef SCANWORKS_KERNELS_SCAN_OPS_CUH
#define SCANWORKS_KERNELS_SCAN_OPS_CUH

#include <stdint.h>
#include <cuda_runtime.h>
#include <cuda/std/limits>

enum { OP_ADD = 0, OP_MAX = 1, OP_MIN = 2 };   /* scan_op's values (prim/scan.h) */

#define FULL_MASK 0xffffffffu

/* Addition that wraps like two's complement (signed overflow is undefined in C++). */
static __device__ __forceinline__ int32_t add_wrap(int32_t a, int32_t b) { return (int32_t)((uint32_t)a + (uint32_t)b); }
static __device__ __forceinline__ uint32_t add_wrap(uint32_t a, uint32_t b) { return a + b; }
static __device__ __forceinline__ int64_t add_wrap(int64_t a, int64_t b) { return (int64_t)((uint64_t)a + (uint64_t)b); }
static __device__ __forceinline__ float add_wrap(float a, float b) { return a + b; }

/* a op b, where a holds the earlier elements. */
template <typename T, int OP> static __device__ __forceinline__ T op_apply(T a, T b)
{
    if (OP == OP_ADD) return add_wrap(a, b);
    if (OP == OP_MAX) return b > a ? b : a;
    return b < a ? b : a;
}

/* The identity: 0 for add, the smallest value (float: -inf) for max, the largest for min. */
template <typename T, int OP> static __device__ __forceinline__ T op_identity()
{
    typedef cuda::std::numeric_limits<T> L;
    const T lo = L::has_infinity ? -L::infinity() : L::lowest(), hi = L::has_infinity ? L::infinity() : L::max();
    return OP == OP_ADD ? (T)0 : OP == OP_MAX ? lo : hi;
}

/* Inclusive scan across the 32 lanes of a warp (Hillis-Steele by shuffles). */
template <typename T, int OP> static __device__ __forceinline__ T warp_inclusive(T v, int lane)
{
#pragma unroll
    for (int o = 1; o < 32; o <<= 1) {
        T u = __shfl_up_sync(FULL_MASK, v, o);
        if (lane >= o) v = op_apply<T, OP>(u, v);
    }
    return v;
}

/* The op of all 32 lanes' values, in every lane (the ops are commutative). */
template <typename T, int OP> static __device__ __forceinline__ T warp_reduce(T v)
{
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) v = op_apply<T, OP>(v, __shfl_xor_sync(FULL_MASK, v, o));
    return v;
}

/* 16 bytes of elements: the unit of the vector loads and stores. */
template <typename T> union vec16 {
    int4 q;
    T e[16 / sizeof(T)];
};

#endif
