/* The production scan ("lookback"): single pass, decoupled look-back, its tiles loaded
 * straight into registers and parked in a ring in shared memory while their prefix is
 * looked up. Shape and look-back settings come from tune.h (one row per architecture).
 *
 * Why: every kernel here that brings tiles into shared memory by copies (cp.async, bulk
 * copies) moves data at 0.89-0.92x memcpy's speed on the H200, while 16-byte loads into
 * registers and streaming stores move it at memcpy's speed (docs/perf/scan.md). Holding tiles in registers until their prefix is known does not work:
 * with two or three tiles a thread, the next tile's aggregate waits for an earlier
 * tile's look-back, and the whole grid moves in lock step at one look-back a step
 * (1.5-40x slower). So the tiles wait in shared memory instead, and a
 * look-back warp of their own does the waiting.
 *
 * A persistent block: THREADS scanner threads (NV 16-byte vectors each per tile), one
 * look-back warp, a ring of S tiles in dynamic shared memory. Tiles come
 * from the counter, one taken ahead. Scanners, per tile:
 *   1. reduce the tile in registers (loaded during the previous tile's steps 2-4):
 *      each warp scans its rows, scanner warp 0 scans the warp totals and publishes
 *      the tile's aggregate at once, then hands the tile to the look-back warp;
 *   2. park the warp-local scan in the tile's ring slot;
 *   3. issue the next tile's loads into the same registers, take the one after;
 *   4. when the ring is full: wait for the oldest tile's prefix, add it (and the warp's
 *      prefix within the tile) and store that tile (streaming stores with "cs").
 * The look-back warp takes the handed tiles in order (slot after slot) and publishes
 * each prefix. An aggregate waits for its tile's loads and, at most, for the prefix of
 * the tile S places before it in the same block: never for its own look-back.
 * Handovers are named barriers per slot ("reduced": scanner warp 0 arrives, the look-
 * back warp waits; "prefixed": the other way round); a slot's next arrival on either
 * barrier can only come after the previous one was waited for, so arrivals never pile
 * up. A thread reads back from the ring exactly what it wrote, so the ring itself
 * needs no barrier.
 *
 * Forward progress: a block only takes tiles while it runs, so no tile waits for a block
 * that has not started (the grid need not be co-resident). The smallest tile without a
 * prefix is either taken or in registers (everything its block parked is earlier, so
 * has its prefix: the scanners go on to reduce it and hand it over) or handed over
 * (every earlier tile has its prefix: the look-back ends). Each block's last take fails, so the counter moves by
 * the tile count plus the grid. Float sums are grouped as (prefix + warp prefix) + the
 * warp-local scan. */
#ifndef SCANWORKS_KERNELS_SCAN_LOOKBACK_RP_CUH
#define SCANWORKS_KERNELS_SCAN_LOOKBACK_RP_CUH

#include "scan_lookback.cuh"
#include "kernels/common/stress.cuh"

/* Loads tile TILE of the block into X (16-byte loads on full, aligned tiles). */
template <typename T, int OP, int THREADS, int NV>
static __device__ __forceinline__ void rp_load(vec16<T> (&x)[NV], const T *in, size_t tile, size_t n, int aligned,
                                               const lb_opts &o, int warp, int lane)
{
    const size_t TILE = (size_t)THREADS * NV * (16 / sizeof(T));
    const size_t base = tile * TILE;
    tile_load<T, OP, NV>(x, in, base, n, aligned && base + TILE <= n, o.cs, warp, lane);
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

/* Reduces the loaded tile TILE in X (scanner warps): X becomes each element's scan within
 * its warp (inclusive or exclusive), S_WP each warp's prefix within the tile; scanner
 * warp 0 publishes the tile's aggregate (its inclusive prefix for tile 0) and returns it.
 * One barrier of the scanners. */
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

/* Shared state of a block, per ring slot: the warps' prefixes within the slot's tile;
 * for the look-back warp, the tile (RP_NONE: no more), its aggregate, the prefix
 * found. NEXT: the tile numbers taken ahead (two, by parity of the step). */
template <typename T, int WARPS, int STAGES> struct rp_shared {
    T wp[STAGES][WARPS];
    unsigned lb_tile[STAGES];
    T lb_agg[STAGES];
    T prefix[STAGES];
    unsigned next[2];
};
#define RP_NONE 0xffffffffu   /* no tile: above any tile count (< 2^32 - 1, check_grid) */

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

/* The look-back warp: the tiles the scanners hand over, slot after slot, until one says
 * none is left. (Two look-back warps a block, taking every other slot, gained nothing:
 * the look-back is not the pacing step; docs/perf/scan.md.) */
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
        if (tile > 0) prefix = lb_look_back<T, OP, false>(st, (long long)tile, sh.lb_agg[slot], lane, o);
        SW_STRESS_POINT(7);
        if (lane == 0) sh.prefix[slot] = prefix;
        __syncwarp();
        SW_STRESS_POINT(8);
        rp_bar_arrive(RP_BAR_PREFIXED(slot), THREADS + 32);
    }
}

/* THREADS scanner threads and one look-back warp; dynamic shared memory: the ring. */
template <typename T, int OP, int THREADS, int NV, int STAGES, int MIN_BLOCKS>
__global__ void __launch_bounds__(THREADS + 32, MIN_BLOCKS)
lookback_rp_kernel(const T *in, T *out, size_t n, int inclusive, int aligned, tile_status<T> st, unsigned *counter,
                   lb_opts o, size_t tiles)
{
    extern __shared__ int4 rp_ring[];
    __shared__ rp_shared<T, THREADS / 32, STAGES> sh;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;

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
    vec16<T> x[NV];
    rp_load<T, OP, THREADS, NV>(x, in, tile, n, aligned, o, warp, lane);
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
            rp_load<T, OP, THREADS, NV>(x, in, tile, n, aligned, o, warp, lane);
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
    /* No tile left: the ring out in order, then the look-back warp's last handover in
     * the next slot. */
    for (int s = slot - pending; pending > 0; s++, pending--)
        rp_flush<T, OP, THREADS, NV, STAGES>(rp_ring, sh, s < 0 ? s + STAGES : s, out, n, aligned, o, warp, lane);
    SW_STRESS_POINT(13);
    if (warp == 0) rp_hand_over<T, THREADS, STAGES>(sh, slot, RP_NONE, op_identity<T, OP>(), lane);
}

#endif
