/* The single-pass decoupled look-back scan ("lookback"), with its shape
 * (THREADS per block, NV 16-byte vectors per thread) as template parameters and its
 * look-back policy as run-time options (lb_opts), so one build can time them all.
 *
 * Tile layout and steps as in scan_tile.cuh (the same helpers); what differs:
 *   - status words carry an epoch (the call's number) next to the flag, so a word
 *     left by an earlier call reads as "not yet published" and the status array
 *     needs no reset between calls (opts.epoch; the host zeroes it only when it is
 *     new or the epoch wraps, or for every call with the "memset" option);
 *   - the tile counter is never reset either: tile = atomicAdd - opts.ticket
 *     (the counter's value when the call started; 32-bit wrap-around is harmless);
 *     "bid" takes tile = blockIdx.x instead (no atomic, one barrier less; relies on
 *     blocks starting in index order, as every NVIDIA GPU does and CUB assumes);
 *   - warp 0 looks back over opts.window * 32 predecessors per step (each lane
 *     issues window loads at once, one coalesced row of 32 words per load), so the
 *     running prefix overtakes up to 128 tiles per L2 round trip instead of 32;
 *   - polling: volatile loads, ld.relaxed.gpu or ld.acquire.gpu (opts.poll), with
 *     optional __nanosleep backoff (opts.sleep_ns, doubling to 16x);
 *   - opts.cs: streaming cache hints (__ldcs/__stcs) on the tile's data;
 *   - opts.spread: tile t's status at slot t << spread, so that the words every
 *     look-back polls near the frontier spread over more L2 sectors and slices
 *     (docs/perf-scan.md round 14). */
#ifndef SCANWORKS_KERNELS_SCAN_LOOKBACK_CUH
#define SCANWORKS_KERNELS_SCAN_LOOKBACK_CUH

#include "scan_tile.cuh"
#include "kernels/common/stress.cuh"

#define LB_MAX_WINDOW 4
#define LB_EPOCH_LIMIT (1u << 30)   /* epochs 1 .. 2^30 - 1 fit beside the 2-bit flag */

enum { LB_POLL_VOLATILE, LB_POLL_RELAXED, LB_POLL_ACQUIRE };

struct lb_opts {
    unsigned epoch;    /* this call's tag, 1 .. LB_EPOCH_LIMIT - 1 */
    unsigned ticket;   /* the tile counter's value before this call */
    int window;        /* predecessors per lane per look-back step: 1, 2 or 4 */
    int poll;          /* LB_POLL_* */
    int sleep_ns;      /* first backoff of a spin (0: spin without sleeping) */
    int bid;           /* tile = blockIdx.x */
    int cs;            /* streaming loads and stores of the tile's data */
    int evict_first;   /* bulk kernel: the bulk copy in with the evict-first L2 policy */
    int bulk_store;    /* bulk kernel: the tile out by one bulk copy from shared memory */
    int spread;        /* log2 of the status slots per tile: tile t's status sits at slot t << spread */
};

static __device__ __forceinline__ unsigned long long lb_load64(const unsigned long long *p, int poll)
{
    unsigned long long w;
    if (poll == LB_POLL_RELAXED)
        asm volatile("ld.relaxed.gpu.global.u64 %0, [%1];" : "=l"(w) : "l"(p) : "memory");
    else if (poll == LB_POLL_ACQUIRE)
        asm volatile("ld.acquire.gpu.global.u64 %0, [%1];" : "=l"(w) : "l"(p) : "memory");
    else
        w = *(const volatile unsigned long long *)p;
    return w;
}

static __device__ __forceinline__ unsigned lb_load32(const unsigned *p, int poll)
{
    unsigned w;
    if (poll == LB_POLL_RELAXED)
        asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(w) : "l"(p) : "memory");
    else if (poll == LB_POLL_ACQUIRE)
        asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(w) : "l"(p) : "memory");
    else
        w = *(const volatile unsigned *)p;
    return w;
}

template <typename T>
static __device__ __forceinline__ void lb_publish(tile_status<T> st, size_t tile, int flag, T v, const lb_opts &o)
{
    const unsigned tag = o.epoch << 2 | (unsigned)flag;
    const size_t slot = tile << o.spread;
    if constexpr (sizeof(T) == 4) {
        unsigned bits;
        memcpy(&bits, &v, 4);
        ((volatile unsigned long long *)st.packed)[slot] = ((unsigned long long)tag << 32) | bits;
    } else {
        volatile T *value = flag == FLAG_PREFIX ? st.inclusive : st.aggregate;
        value[slot] = v;
        __threadfence();
        ((volatile unsigned *)st.flags)[slot] = tag;
    }
}

/* One read of TILE's status: its flag (FLAG_INVALID when unpublished in this call). */
template <typename T>
static __device__ __forceinline__ int lb_read(tile_status<T> st, size_t tile, const lb_opts &o, T *v)
{
    const size_t slot = tile << o.spread;
    if constexpr (sizeof(T) == 4) {
        unsigned long long w = lb_load64(st.packed + slot, o.poll);
        unsigned tag = (unsigned)(w >> 32), bits = (unsigned)w;
        if (tag >> 2 != o.epoch) return FLAG_INVALID;
        memcpy(v, &bits, 4);
        return (int)(tag & 3);
    } else {
        unsigned tag = lb_load32(st.flags + slot, o.poll);
        if (tag >> 2 != o.epoch || (tag & 3) == FLAG_INVALID) return FLAG_INVALID;
        __threadfence();
        *v = ((volatile T *)((tag & 3) == FLAG_PREFIX ? st.inclusive : st.aggregate))[slot];
        return (int)(tag & 3);
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
            int ns = o.sleep_ns;
            while (flag[k] == FLAG_INVALID) {
                if (ns) {
                    __nanosleep(ns);
                    if (ns < 16 * o.sleep_ns) ns *= 2;
                }
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

/* Warp 0 of tile TILE: S_WARP holds the warps' totals; replaces them with each warp's
 * prefix (all earlier tiles' op, then the earlier warps' totals), publishing the
 * tile's aggregate and inclusive prefix on the way. */
template <typename T, int OP, int WARPS>
static __device__ __forceinline__ void lb_warp_prefixes(T *s_warp, size_t tile, int lane, tile_status<T> st,
                                                        const lb_opts &o)
{
    T exc;
    const T agg = tile_scan_warp_totals<T, OP, WARPS>(s_warp, lane, &exc);
    T prefix = op_identity<T, OP>();
    if (tile == 0) {
        if (lane == 0) lb_publish(st, 0, FLAG_PREFIX, agg, o);
    } else {
        prefix = lb_look_back<T, OP>(st, (long long)tile, agg, lane, o);
    }
    if (lane < WARPS) s_warp[lane] = op_apply<T, OP>(prefix, exc);
}

/* Registers: 16 items per thread keep the measured 40 (1536 threads per SM: 6 blocks
 * of 256; ptxas spills 32 bytes around the look-back); 24 and 32 items get 64
 * (1024 threads per SM; uncapped, 32 items took 88 and 2 blocks of 256). The
 * "loose" option launches 256 x 16 with a minimum of 5 blocks (48 registers, no
 * spill; uncapped it takes 64). */
/* 48 items (NV = 12) get 85 registers (768 threads per SM), 64 items 128 (512). */
#define LB_MIN_BLOCKS(THREADS, NV)                                                   \
    ((NV) == 4 ? 1536 / (THREADS) : (NV) == 12 ? ((THREADS) > 256 ? 1 : 768 / (THREADS)) \
     : (NV) == 16 ? 512 / (THREADS) : 1024 / (THREADS))
/* Turing (sm_75) holds at most 1024 threads per SM; the bound is capped there so that
 * ptxas does not drop it with a warning. Machine code for sm_80 and later is unchanged. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define LB_ARCH_MAX_THREADS 1024
#else
#define LB_ARCH_MAX_THREADS 2048
#endif
#define LB_BOUND_BLOCKS(MIN_BLOCKS, THREADS) \
    ((MIN_BLOCKS) * (THREADS) > LB_ARCH_MAX_THREADS ? LB_ARCH_MAX_THREADS / (THREADS) : (MIN_BLOCKS))

template <typename T, int OP, int THREADS, int NV, int MIN_BLOCKS>
__global__ void __launch_bounds__(THREADS, LB_BOUND_BLOCKS(MIN_BLOCKS, THREADS))
lookback_scan_kernel(const T *in, T *out, size_t n, int inclusive, int aligned, tile_status<T> st,
                     unsigned *counter, lb_opts o)
{
    const int WARPS = THREADS / 32, VEC = 16 / sizeof(T);   /* VEC: elements per 16 bytes */
    const size_t TILE = (size_t)THREADS * NV * VEC;
    __shared__ T s_warp[WARPS];
    __shared__ unsigned s_tile;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;

    size_t tile = blockIdx.x;
    if (!o.bid) {
        if (threadIdx.x == 0) s_tile = atomicAdd(counter, 1u) - o.ticket;
        __syncthreads();
        tile = s_tile;
    }
    const size_t base = tile * TILE;
    const bool fast = aligned && base + TILE <= n;

    vec16<T> x[NV];
    tile_load<T, OP, NV>(x, in, base, n, fast, o.cs, warp, lane);
    T pre[NV];
    const T carry = tile_warp_prefixes<T, OP, NV>(x, pre, lane);
    if (lane == 31) s_warp[warp] = carry;
    __syncthreads();

    if (warp == 0) lb_warp_prefixes<T, OP, WARPS>(s_warp, tile, lane, st, o);
    __syncthreads();

    tile_store<T, OP, NV>(out, x, pre, s_warp[warp], inclusive, base, n, fast, o.cs, warp, lane);
}

#endif
