/* The ladder's first rungs, GPU Gems 3 chapter 39's kernels for any operator, in dynamic
 * shared memory sized by the launcher. */
#ifndef SCANWORKS_KERNELS_SCAN_BLELLOCH_CUH
#define SCANWORKS_KERNELS_SCAN_BLELLOCH_CUH

#include "scan.h"   /* CONFLICT_FREE_OFFSET */
#include "scan_ops.cuh"

extern __shared__ __align__(16) unsigned char scan_smem[];

/* "naive", Listing 39-1 (Hillis-Steele): one thread per element, N <= blockDim.x (a
 * multiple of 32), two buffers of blockDim.x elements so no step reads what another warp
 * overwrites. */
template <typename T, int OP> __global__ void naive_scan_kernel(const T *in, T *out, int n, int inclusive)
{
    T *temp = (T *)scan_smem;
    const int m = blockDim.x, t = threadIdx.x;
    const T id = op_identity<T, OP>();
    int pout = 0, pin = 1;
    T x = t < n ? in[t] : id;
    /* Exclusive: shift right by one and put the identity first. */
    temp[t] = inclusive ? x : (t > 0 && t - 1 < n ? in[t - 1] : id);
    __syncthreads();
    for (int offset = 1; offset < m; offset *= 2) {
        pout = 1 - pout;
        pin = 1 - pout;
        T v = temp[pin * m + t];
        if (t >= offset) v = op_apply<T, OP>(temp[pin * m + t - offset], v);
        temp[pout * m + t] = v;
        __syncthreads();
    }
    if (t < n) out[t] = temp[pout * m + t];
}

/* "blelloch", Listing 39-2: block b scans N2 (a power of two) elements from b * N2, N2 / 2
 * threads with two each: an up-sweep (reduce) builds partial sums in place, the root is
 * cleared to the identity, a down-sweep swaps and combines back to an exclusive scan.
 * "blelloch-cf" (CF), Listings 39-3, 39-4: indices padded (PAD), the elements from the two
 * halves (ai = thid, bi = thid + N2 / 2). SUMS, if not NULL, gets each block's total ("large"). */
template <typename T, int OP, bool CF>
__global__ void blelloch_scan_kernel(const T *in, T *out, size_t n, int n2, int inclusive, T *sums)
{
    T *temp = (T *)scan_smem;
    __shared__ T s_total;
    const int thid = threadIdx.x;
    const size_t base = (size_t)blockIdx.x * n2;
    const T id = op_identity<T, OP>();
#define PAD(i) ((i) + (CF ? CONFLICT_FREE_OFFSET(i) : 0))   /* index I, padded */
    int ai = CF ? thid : 2 * thid, bi = CF ? thid + n2 / 2 : 2 * thid + 1;
    T xa = base + ai < n ? in[base + ai] : id;
    T xb = base + bi < n ? in[base + bi] : id;
    temp[PAD(ai)] = xa;
    temp[PAD(bi)] = xb;

    int offset = 1;
    for (int d = n2 >> 1; d > 0; d >>= 1) {   /* up-sweep */
        __syncthreads();
        if (thid < d) {
            const int a = PAD(offset * (2 * thid + 1) - 1), b = PAD(offset * (2 * thid + 2) - 1);
            temp[b] = op_apply<T, OP>(temp[a], temp[b]);
        }
        offset *= 2;
    }
    if (thid == 0) {
        int last = PAD(n2 - 1);
        s_total = temp[last];
        temp[last] = id;
    }
    for (int d = 1; d < n2; d *= 2) {        /* down-sweep */
        offset >>= 1;
        __syncthreads();
        if (thid < d) {
            const int a = PAD(offset * (2 * thid + 1) - 1), b = PAD(offset * (2 * thid + 2) - 1);
            T t = temp[a];
            temp[a] = temp[b];
            temp[b] = op_apply<T, OP>(temp[b], t);
        }
    }
    __syncthreads();
    T ea = temp[PAD(ai)], eb = temp[PAD(bi)];
    if (base + ai < n) out[base + ai] = inclusive ? op_apply<T, OP>(ea, xa) : ea;
    if (base + bi < n) out[base + bi] = inclusive ? op_apply<T, OP>(eb, xb) : eb;
    if (sums && thid == 0) sums[blockIdx.x] = s_total;
#undef PAD
}

/* "large"'s uniform add, section 39.2.4: block b > 0 of TILE elements gets the scanned
 * block sum SUMS[b] combined into every element (one block fewer: block 0 has nothing to
 * add). Full 16-byte-aligned tiles go 16 bytes per access. */
template <typename T, int OP>
__global__ void uniform_add_kernel(T *out, const T *sums, size_t n, size_t tile, int aligned)
{
    const size_t b = (size_t)blockIdx.x + 1, base = b * tile;
    const T p = sums[b];
    const size_t end = base + tile < n ? base + tile : n;
    if (aligned && base + tile <= n) {
        const int VEC = 16 / sizeof(T);
        int4 *o = (int4 *)(out + base);
        for (size_t k = threadIdx.x; k < tile / VEC; k += blockDim.x) {
            vec16<T> y;
            y.q = o[k];
#pragma unroll
            for (int j = 0; j < VEC; j++) y.e[j] = op_apply<T, OP>(p, y.e[j]);
            o[k] = y.q;
        }
        return;
    }
    for (size_t i = base + threadIdx.x; i < end; i += blockDim.x) out[i] = op_apply<T, OP>(p, out[i]);
}

#endif
