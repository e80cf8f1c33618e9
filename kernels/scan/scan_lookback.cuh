/* The decoupled look-back (Merrill and Garland 2016) of the production scan
 * (scan_lookback_rp.cuh): each tile publishes its aggregate, then looks back over its
 * predecessors' status words until it meets an inclusive prefix, then publishes its own.
 *   - the host zeroes the status words before each call: a zero flag reads as "not yet
 *     published", so nothing of an earlier call is kept or read;
 *   - the tile number is atomicAdd(counter): every tile a block waits for was taken by
 *     a block already running (forward progress without co-scheduling);
 *   - the look-back warp reads opts.window * 32 predecessors per step (each lane issues
 *     window loads at once, one coalesced row of 32 words per load);
 *   - opts.cs: streaming cache hints (__ldcs/__stcs) on the tile's data;
 *   - opts.spread: tile t's status at slot t << spread, so that the words every
 *     look-back polls near the frontier spread over more L2 sectors and slices. */
#ifndef SCANWORKS_KERNELS_SCAN_LOOKBACK_CUH
#define SCANWORKS_KERNELS_SCAN_LOOKBACK_CUH

#include "scan_tile.cuh"
#include "kernels/common/stress.cuh"

#define LB_MAX_WINDOW 4

struct lb_opts {
    int window;        /* predecessors per lane per look-back step: 1, 2 or 4 */
    int cs;            /* streaming loads and stores of the tile's data */
    int spread;        /* log2 of the status slots per tile: tile t's status sits at slot t << spread */
};

static __device__ __forceinline__ unsigned long long lb_load64(const unsigned long long *p)
{
    return *(const volatile unsigned long long *)p;
}

/* An 8-byte T's status: one 16-byte store and one 16-byte load, so the value needs no
 * fence before its flag (with a flag word, a fence and a value word: 1.377 ms against
 * 1.111 at 2^28 int64 on the H200).
 * Each half carries the tag, so a read that sees halves of two writes is caught. */
static __device__ __forceinline__ void lb_store128(unsigned long long *p, unsigned long long lo, unsigned long long hi)
{
    asm volatile("st.volatile.global.v2.u64 [%0], {%1, %2};" ::"l"(p), "l"(lo), "l"(hi) : "memory");
}

static __device__ __forceinline__ void lb_load128(const unsigned long long *p, unsigned long long *lo,
                                                  unsigned long long *hi)
{
    asm volatile("ld.volatile.global.v2.u64 {%0, %1}, [%2];" : "=l"(*lo), "=l"(*hi) : "l"(p) : "memory");
}

template <typename T>
static __device__ __forceinline__ void lb_publish(tile_status<T> st, size_t tile, int flag, T v, const lb_opts &o)
{
    const unsigned tag = (unsigned)flag;
    const size_t slot = tile << o.spread;
    if constexpr (sizeof(T) == 4) {
        unsigned bits;
        memcpy(&bits, &v, 4);
        ((volatile unsigned long long *)st.packed)[slot] = ((unsigned long long)tag << 32) | bits;
    } else {
        unsigned long long bits;
        memcpy(&bits, &v, 8);
        lb_store128(st.packed + 2 * slot, (unsigned long long)tag << 32 | (bits & 0xffffffffull),
                    (unsigned long long)tag << 32 | bits >> 32);
    }
}

/* One read of TILE's status: its flag (FLAG_INVALID when unpublished in this call). */
template <typename T>
static __device__ __forceinline__ int lb_read(tile_status<T> st, size_t tile, const lb_opts &o, T *v)
{
    const size_t slot = tile << o.spread;
    if constexpr (sizeof(T) == 4) {
        unsigned long long w = lb_load64(st.packed + slot);
        unsigned tag = (unsigned)(w >> 32), bits = (unsigned)w;
        memcpy(v, &bits, 4);
        return (int)tag;
    } else {
        unsigned long long lo, hi;
        lb_load128(st.packed + 2 * slot, &lo, &hi);
        const unsigned tag = (unsigned)(lo >> 32);
        /* a torn read (halves of two writes) has two tags: read again */
        if ((unsigned)(hi >> 32) != tag) return FLAG_INVALID;
        const unsigned long long bits = hi << 32 | (lo & 0xffffffffull);
        memcpy(v, &bits, 8);
        return (int)tag;
    }
}

/* Warp 0 of tile TILE (> 0): publishes AGG (unless PUBLISH_AGG is false: the caller
 * has), returns the op of all earlier tiles. */
template <typename T, int OP, bool PUBLISH_AGG = true>
static __device__ T lb_look_back(tile_status<T> st, long long tile, T agg, int lane, const lb_opts &o)
{
    const T id = op_identity<T, OP>();
    if (PUBLISH_AGG && lane == 0) lb_publish(st, (size_t)tile, FLAG_AGGREGATE, agg, o);
    T prefix = id;
    long long pred = tile - 1;   /* the nearest predecessor not folded in yet */
    for (;;) {
        SW_STRESS_POINT(20);
        int flag[LB_MAX_WINDOW];
        T v[LB_MAX_WINDOW];
        /* Row k, lane l: predecessor pred - 32k - l. All rows' loads go out at once. */
#pragma unroll
        for (int k = 0; k < LB_MAX_WINDOW; k++) {
            flag[k] = FLAG_PREFIX;   /* before tile 0: the identity, complete */
            v[k] = id;
            long long idx = pred - 32 * k - lane;
            if (k < o.window && idx >= 0) flag[k] = lb_read(st, (size_t)idx, o, &v[k]);
        }
#pragma unroll
        for (int k = 0; k < LB_MAX_WINDOW; k++) {
            long long idx = pred - 32 * k - lane;
            while (flag[k] == FLAG_INVALID) {
                SW_STRESS_POINT(21);
                flag[k] = lb_read(st, (size_t)idx, o, &v[k]);
            }
        }
        int first = LB_MAX_WINDOW, stop = 31;   /* nearest full prefix: row FIRST, lane STOP */
#pragma unroll
        for (int k = 0; k < LB_MAX_WINDOW; k++) {
            if (k < o.window) {
                unsigned done = __ballot_sync(FULL_MASK, flag[k] == FLAG_PREFIX);
                if (first == LB_MAX_WINDOW && done) {
                    first = k;
                    stop = __ffs(done) - 1;
                }
            }
        }
        T part = id;
#pragma unroll
        for (int k = 0; k < LB_MAX_WINDOW; k++)
            if (k < o.window && (k < first || (k == first && lane <= stop))) part = op_apply<T, OP>(part, v[k]);
        prefix = op_apply<T, OP>(warp_reduce<T, OP>(part), prefix);   /* PART covers older tiles */
        if (first < LB_MAX_WINDOW) break;
        pred -= 32 * o.window;
    }
    SW_STRESS_POINT(22);
    if (lane == 0) lb_publish(st, (size_t)tile, FLAG_PREFIX, op_apply<T, OP>(prefix, agg), o);
    return prefix;
}

/* Turing (sm_75) holds at most 1024 threads per SM; the bound is capped there so that
 * ptxas does not drop it with a warning. Machine code for sm_80 and later is unchanged. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define LB_ARCH_MAX_THREADS 1024
#else
#define LB_ARCH_MAX_THREADS 2048
#endif
#define LB_BOUND_BLOCKS(MIN_BLOCKS, THREADS) \
    ((MIN_BLOCKS) * (THREADS) > LB_ARCH_MAX_THREADS ? LB_ARCH_MAX_THREADS / (THREADS) : (MIN_BLOCKS))

#endif
