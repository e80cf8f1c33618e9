/* The production scan ("lookback"): one pass with decoupled look-back (Merrill and Garland
 * 2016); docs/perf/scan.md says why this shape, what lost, and why it always progresses.
 * A persistent block: THREADS scanner threads and one look-back warp; tiles come from an
 * atomic counter, one taken ahead. Scanners, per tile: load it into registers (NV 16-byte
 * vectors a thread), reduce it, publish its aggregate, hand it to the look-back warp, park
 * the warp-local scan in a ring of STAGES tiles in dynamic shared memory, issue the next
 * tile's loads; when the ring is full, wait for the oldest tile's prefix, add it and store
 * that tile. Handovers are named barriers per slot, a slot's next arrival on either only
 * after the previous one was waited for. Status words: zeroed by the host before each call. */
#ifndef SCANWORKS_KERNELS_SCAN_LOOKBACK_CUH
#define SCANWORKS_KERNELS_SCAN_LOOKBACK_CUH

#include "kernels/common/cuda_util.cuh"
#include "kernels/common/stress.cuh"
#include "scan_tile.cuh"

#define LB_MAX_WINDOW 4   /* the largest lb_opts.window (scan.h; the fields: tune.h's) */

/* TILE's status: a 4-byte T in one 8-byte word (tag, value); an 8-byte T as (tag, low half),
 * (tag, high half), one 16-byte access each way: no fence before the flag, a torn read caught. */
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
        unsigned long long *p = st.packed + 2 * slot;
        const unsigned long long lo = (unsigned long long)tag << 32 | (bits & 0xffffffffull);
        const unsigned long long hi = (unsigned long long)tag << 32 | bits >> 32;
        asm volatile("st.volatile.global.v2.u64 [%0], {%1, %2};" ::"l"(p), "l"(lo), "l"(hi) : "memory");
    }
}

/* One read of TILE's status: its flag (FLAG_INVALID when unpublished in this call or torn). */
template <typename T>
static __device__ __forceinline__ int lb_read(tile_status<T> st, size_t tile, const lb_opts &o, T *v)
{
    const size_t slot = tile << o.spread;
    if constexpr (sizeof(T) == 4) {
        unsigned long long w = *(const volatile unsigned long long *)(st.packed + slot);
        unsigned tag = (unsigned)(w >> 32), bits = (unsigned)w;
        memcpy(v, &bits, 4);
        return (int)tag;
    } else {
        const unsigned long long *p = st.packed + 2 * slot;
        unsigned long long lo, hi;
        asm volatile("ld.volatile.global.v2.u64 {%0, %1}, [%2];" : "=l"(lo), "=l"(hi) : "l"(p) : "memory");
        const unsigned tag = (unsigned)(lo >> 32);
        if ((unsigned)(hi >> 32) != tag) return FLAG_INVALID;   /* torn: read again */
        const unsigned long long bits = hi << 32 | (lo & 0xffffffffull);
        memcpy(v, &bits, 8);
        return (int)tag;
    }
}

/* A warp for tile TILE (> 0, its aggregate AGG published): returns the op of all earlier
 * tiles and publishes TILE's inclusive prefix. */
template <typename T, int OP>
static __device__ T lb_look_back(tile_status<T> st, long long tile, T agg, int lane, const lb_opts &o)
{
    const T id = op_identity<T, OP>();
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

/* Named barriers (0 is __syncthreads): the scanner warps among themselves, and per ring
 * slot the handovers between the scanners and the look-back warp. */
#define RP_BAR_SCAN 1
#define RP_MAX_STAGES 4
#define RP_BAR_REDUCED(B) (2 + (B))
#define RP_BAR_PREFIXED(B) (2 + RP_MAX_STAGES + (B))
/* bar.sync / bar.arrive on barrier ID (a constant once inlined: each case names its
 * barrier, so ptxas reserves only the barriers used). */
#define RP_BAR_CASE(OPC, ID) \
    case ID: asm volatile(OPC " " #ID ", %0;" ::"r"(threads) : "memory"); break;
#define RP_BAR_SWITCH(OPC)                                                                                       \
    switch (id) {                                                                                                \
        RP_BAR_CASE(OPC, 1) RP_BAR_CASE(OPC, 2) RP_BAR_CASE(OPC, 3) RP_BAR_CASE(OPC, 4) RP_BAR_CASE(OPC, 5)      \
        RP_BAR_CASE(OPC, 6) RP_BAR_CASE(OPC, 7) RP_BAR_CASE(OPC, 8) RP_BAR_CASE(OPC, 9)                          \
    }
static __device__ __forceinline__ void rp_bar_sync(int id, int threads) { RP_BAR_SWITCH("bar.sync") }
static __device__ __forceinline__ void rp_bar_arrive(int id, int threads) { RP_BAR_SWITCH("bar.arrive") }

/* Scanner warps, one barrier: X (tile TILE) becomes each element's scan within its warp,
 * S_WP each warp's prefix within the tile; scanner warp 0 publishes the tile's aggregate
 * (tile 0: its inclusive prefix) and returns it. */
template <typename T, int OP, int THREADS, int NV>
static __device__ __forceinline__ T rp_reduce(vec16<T> (&x)[NV], T *s_wp, size_t tile, int inclusive,
                                              tile_status<T> st, const lb_opts &o, int warp, int lane)
{
    T pre[NV];
    const T total = tile_warp_prefixes<T, OP, NV>(x, pre, lane);
#pragma unroll
    for (int v = 0; v < NV; v++) {
        T r = pre[v];
        vec_rescan<T, OP>(x[v], x[v], r, inclusive);
    }
    SW_STRESS_POINT(1);
    if (lane == 31) s_wp[warp] = total;
    rp_bar_sync(RP_BAR_SCAN, THREADS);
    T agg = op_identity<T, OP>();
    if (warp == 0) {
        T exc;
        agg = tile_scan_warp_totals<T, OP, THREADS / 32>(s_wp, lane, &exc);
        SW_STRESS_POINT(2);
        if (lane == 0) lb_publish(st, tile, tile == 0 ? FLAG_PREFIX : FLAG_AGGREGATE, agg, o);
        if (lane < THREADS / 32) s_wp[lane] = exc;
    }
    return agg;
}

/* The ring's slot SLOT (THREADS * NV 16-byte vectors): a thread's vector v sits at
 * [warp][v][lane], so a warp writes and reads 512 contiguous bytes per row. */
template <typename T, int THREADS, int NV>
static __device__ __forceinline__ int4 *rp_slot(int4 *ring, int slot, int warp, int lane)
{
    return ring + (size_t)slot * THREADS * NV + warp * 32 * NV + lane;
}

/* A block's shared state per ring slot: the warps' prefixes within its tile; for the
 * look-back warp, the tile (RP_NONE: no more), its aggregate, the prefix found. NEXT: the
 * tile numbers taken ahead (two, by parity of the step). */
template <typename T, int WARPS, int STAGES> struct rp_shared {
    T wp[STAGES][WARPS];
    unsigned lb_tile[STAGES];
    T lb_agg[STAGES];
    T prefix[STAGES];
    unsigned next[2];
};
#define RP_NONE 0xffffffffu   /* no tile: above any tile count (< UINT_MAX / 2, scan_plan_cuda.c) */

/* Scanner warps: waits for the prefix of the tile in SLOT, adds it and the warp's prefix
 * to the thread's vectors there and stores them. */
template <typename T, int OP, int THREADS, int NV, int STAGES>
static __device__ __forceinline__ void rp_flush(int4 *ring, rp_shared<T, THREADS / 32, STAGES> &sh, int slot, T *out,
                                                size_t n, int aligned, const lb_opts &o, int warp, int lane)
{
    const int VEC = 16 / sizeof(T);
    const size_t TILE = (size_t)THREADS * NV * VEC;
    rp_bar_sync(RP_BAR_PREFIXED(slot), THREADS + 32);
    SW_STRESS_POINT(3);
    const size_t base = (size_t)sh.lb_tile[slot] * TILE;
    const bool fast = aligned && base + TILE <= n;
    const T p = op_apply<T, OP>(sh.prefix[slot], sh.wp[slot][warp]);
    const int4 *src = rp_slot<T, THREADS, NV>(ring, slot, warp, lane);
#pragma unroll
    for (int v = 0; v < NV; v++) {
        vec16<T> x, y;
        x.q = src[v * 32];
#pragma unroll
        for (int j = 0; j < VEC; j++) y.e[j] = op_apply<T, OP>(p, x.e[j]);
        store16<T>(out, tile_elem<T, NV>(base, warp, v, lane), y, fast, o.cs, n);
    }
}

/* Scanner warp 0: hands SLOT to the look-back warp (TILE, or RP_NONE: no more). */
template <typename T, int THREADS, int STAGES>
static __device__ __forceinline__ void rp_hand_over(rp_shared<T, THREADS / 32, STAGES> &sh, int slot, unsigned tile,
                                                    T agg, int lane)
{
    SW_STRESS_POINT(4);
    if (lane == 0) {
        sh.lb_tile[slot] = tile;
        sh.lb_agg[slot] = agg;
    }
    __syncwarp();
    SW_STRESS_POINT(5);
    rp_bar_arrive(RP_BAR_REDUCED(slot), 64);
}

/* The look-back warp: each handed-over tile's prefix, slot after slot, until RP_NONE. */
template <typename T, int OP, int THREADS, int STAGES>
static __device__ __forceinline__ void rp_look_backs(rp_shared<T, THREADS / 32, STAGES> &sh, tile_status<T> st,
                                                     const lb_opts &o, int lane)
{
    for (int slot = 0;; slot = slot + 1 == STAGES ? 0 : slot + 1) {
        rp_bar_sync(RP_BAR_REDUCED(slot), 64);
        SW_STRESS_POINT(6);
        const unsigned tile = sh.lb_tile[slot];
        if (tile == RP_NONE) return;
        T prefix = op_identity<T, OP>();
        if (tile > 0) prefix = lb_look_back<T, OP>(st, (long long)tile, sh.lb_agg[slot], lane, o);
        SW_STRESS_POINT(7);
        if (lane == 0) sh.prefix[slot] = prefix;
        __syncwarp();
        SW_STRESS_POINT(8);
        rp_bar_arrive(RP_BAR_PREFIXED(slot), THREADS + 32);
    }
}

/* THREADS scanner threads and one look-back warp; dynamic shared memory: the ring. */
template <typename T, int OP, int THREADS, int NV, int STAGES, int MIN_BLOCKS>
__global__ void __launch_bounds__(THREADS + 32, SW_MIN_BLOCKS(THREADS + 32, MIN_BLOCKS))
lookback_rp_kernel(const T *in, T *out, size_t n, int inclusive, int aligned, tile_status<T> st, unsigned *counter,
                   lb_opts o, size_t tiles)
{
    extern __shared__ int4 rp_ring[];
    __shared__ rp_shared<T, THREADS / 32, STAGES> sh;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const size_t TILE = (size_t)THREADS * NV * (16 / sizeof(T));
    SW_STRESS_POINT(9);
    if (threadIdx.x == 0) sh.next[0] = atomicAdd(counter, 1u);
    __syncthreads();
    size_t tile = sh.next[0];
    if (tile >= tiles) return;   /* the block's one failed take */
    static_assert(STAGES <= RP_MAX_STAGES, "a pair of named barriers per slot");
    if (warp >= THREADS / 32) {
        rp_look_backs<T, OP, THREADS, STAGES>(sh, st, o, lane);
        return;
    }
    vec16<T> x[NV];   /* a tile in registers: 16-byte loads on full, aligned tiles */
    tile_load<T, OP, NV>(x, in, tile * TILE, n, aligned && tile * TILE + TILE <= n, o.cs, warp, lane);
    if (warp == 1 && lane == 0) sh.next[1] = atomicAdd(counter, 1u);
    /* Step k: tile k of the block is in registers, slot k % STAGES is free. The number
     * of tile k + 1 (in next[(k + 1) & 1]) was written before this step's barrier. */
    int slot = 0, pending = 0;   /* pending: tiles in the ring waiting for their prefix */
    for (unsigned k = 0;; k++) {
        const T agg = rp_reduce<T, OP, THREADS, NV>(x, sh.wp[slot], tile, inclusive, st, o, warp, lane);
        if (warp == 0) rp_hand_over<T, THREADS, STAGES>(sh, slot, (unsigned)tile, agg, lane);
        SW_STRESS_POINT(10);
        int4 *dst = rp_slot<T, THREADS, NV>(rp_ring, slot, warp, lane);
#pragma unroll
        for (int v = 0; v < NV; v++) dst[v * 32] = x[v].q;
        pending++;
        tile = sh.next[(k + 1) & 1];
        if (tile < tiles) {
            tile_load<T, OP, NV>(x, in, tile * TILE, n, aligned && tile * TILE + TILE <= n, o.cs, warp, lane);
            /* next[k & 1] was last read before this step's barrier */
            SW_STRESS_POINT(11);
            if (warp == 1 && lane == 0) sh.next[k & 1] = atomicAdd(counter, 1u);
        }
        slot = slot + 1 == STAGES ? 0 : slot + 1;
        if (tile >= tiles) break;
        SW_STRESS_POINT(12);
        if (pending == STAGES) {   /* the ring is full: the oldest tile (in the next slot) out */
            rp_flush<T, OP, THREADS, NV, STAGES>(rp_ring, sh, slot, out, n, aligned, o, warp, lane);
            pending--;
        }
    }
    /* No tile left: the ring out in order, then the last handover (RP_NONE) in the next slot. */
    for (int s = slot - pending; pending > 0; s++, pending--)
        rp_flush<T, OP, THREADS, NV, STAGES>(rp_ring, sh, s < 0 ? s + STAGES : s, out, n, aligned, o, warp, lane);
    SW_STRESS_POINT(13);
    if (warp == 0) rp_hand_over<T, THREADS, STAGES>(sh, slot, RP_NONE, op_identity<T, OP>(), lane);
}

#endif
