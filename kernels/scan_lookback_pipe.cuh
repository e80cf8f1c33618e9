/* The pipelined look-back scan ("lookback-T-I-pipe[-sN]"): the look-back of
 * scan_lookback.cuh with the loads of the next tiles in flight while a block looks back.
 *
 * Persistent blocks: the grid is the number of blocks the GPU holds at once (occupancy
 * API), each block loops over tiles taken from the tile counter. A block keeps a ring
 * of STAGES tiles in shared memory: while it scans tile i, the loads of its next
 * STAGES - 1 tiles are in flight (cp.async 16-byte copies into shared memory on sm_80
 * and later; on sm_75 the copy is done by plain loads and stores at issue time).
 *
 * Forward progress needs no co-scheduling: every tile is taken by atomicAdd on the
 * counter by a block that is running, and a block takes its tiles in increasing order
 * and finishes them in that order. So the smallest unfinished tile is the current tile
 * of a running block, and its look-back waits only for smaller tiles, all finished:
 * it completes. (The grid size from the occupancy API is for speed, not correctness.)
 *
 * Per tile (CHUNKS = THREADS * NV 16-byte chunks; warp w owns chunks
 * [w*32*NV, (w+1)*32*NV), loaded and stored row by row, 512 contiguous bytes per warp
 * access):
 *   1. each thread reduces its NV consecutive chunks read back from shared memory
 *      (thread-contiguous order: one warp scan per thread total, not per row);
 *   2. warp scan of the thread totals, warp 0 scans the warp totals and looks back;
 *   3. each thread rescans its chunks (kept in registers) from its prefix into shared
 *      memory, and the warp stores its rows (streaming stores with the "cs" option).
 * Shared memory holds one padding chunk after every 8 (physical = c + c / 8), so both
 * the row-wise copies and the thread-contiguous reads (NV = 4 or 8) are free of bank
 * conflicts.
 *
 * Tile counter: each block takes STAGES tiles past the last one (it stops at its first
 * tile >= TILES, and has taken STAGES - 1 more ahead of it), so a call advances the
 * counter by exactly TILES + GRID * STAGES; the host keeps the ticket in step. */
#ifndef SCANWORKS_KERNELS_SCAN_LOOKBACK_PIPE_CUH
#define SCANWORKS_KERNELS_SCAN_LOOKBACK_PIPE_CUH

#include "cp_async.cuh"
#include "scan_lookback.cuh"

/* 16-byte chunks of one ring stage, padding included. */
#define LP_STAGE_CHUNKS(THREADS, NV) ((THREADS) * (NV) + (THREADS) * (NV) / 8)

static __device__ __forceinline__ int lp_pad(int c) { return c + (c >> 3); }

/* Starts the loads of tile TILE (< TILES) into ring stage BUF: asynchronous 16-byte
 * copies for a full aligned tile, else element by element, the identity past N. */
template <typename T, int OP, int THREADS, int NV>
static __device__ __forceinline__ void lp_issue(int4 *buf, const T *in, size_t n, int aligned, unsigned tile,
                                                unsigned tiles, bool cs, int warp, int lane)
{
    const int VEC = 16 / sizeof(T);
    const size_t TILE = (size_t)THREADS * NV * VEC;
    if (tile >= tiles) return;
    const size_t base = (size_t)tile * TILE;
#pragma unroll
    for (int k = 0; k < NV; k++) {
        const int c = warp * 32 * NV + k * 32 + lane;
        const size_t i = base + (size_t)c * VEC;
        if (aligned && base + TILE <= n) {
            cpa_copy16(buf + lp_pad(c), (const int4 *)(in + i), cs);
        } else {
            vec16<T> x;
#pragma unroll
            for (int j = 0; j < VEC; j++) x.e[j] = i + j < n ? in[i + j] : op_identity<T, OP>();
            buf[lp_pad(c)] = x.q;
        }
    }
}

template <typename T, int OP, int THREADS, int NV, int STAGES>
__global__ void __launch_bounds__(THREADS)
lookback_pipe_kernel(const T *in, T *out, size_t n, int inclusive, int aligned, tile_status<T> st,
                     unsigned *counter, lb_opts o, unsigned tiles)
{
    static_assert(NV == 4 || NV == 8, "the padding is conflict-free for NV = 4 and 8");
    static_assert(STAGES >= 2, "a ring of at least two tiles");
    const int WARPS = THREADS / 32, VEC = 16 / sizeof(T), STAGE = LP_STAGE_CHUNKS(THREADS, NV);
    const size_t TILE = (size_t)THREADS * NV * VEC;
    extern __shared__ int4 lp_ring[];   /* STAGES * STAGE chunks */
    __shared__ T s_warp[WARPS];
    __shared__ unsigned s_tile[STAGES];   /* the tile of each ring stage */
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int mine = warp * 32 * NV + lane * NV;   /* this thread's first chunk (thread-contiguous) */
    const T id = op_identity<T, OP>();

    if (threadIdx.x == 0)
        for (int k = 0; k < STAGES; k++) s_tile[k] = atomicAdd(counter, 1u) - o.ticket;
    __syncthreads();
    for (int k = 0; k < STAGES - 1; k++) {
        lp_issue<T, OP, THREADS, NV>(lp_ring + k * STAGE, in, n, aligned, s_tile[k], tiles, o.cs, warp, lane);
        cpa_commit();
    }
    for (int i = 0;; i++) {
        const int stage = i % STAGES, ahead = (i + STAGES - 1) % STAGES;
        /* Groups committed: STAGES - 1 + i; this tile's is the (i+1)-th, so at most
         * STAGES - 2 younger ones may still be pending. */
        cpa_wait<STAGES - 2>();
        /* A: every thread's copies of this tile have landed; s_tile[ahead] (taken in the
         * last iteration) is visible; stage AHEAD (the last tile's) is no longer read. */
        __syncthreads();
        const unsigned tile = s_tile[stage];
        if (tile >= tiles) break;   /* the same for every thread; no copies are pending */
        lp_issue<T, OP, THREADS, NV>(lp_ring + ahead * STAGE, in, n, aligned, s_tile[ahead], tiles, o.cs, warp,
                                     lane);
        cpa_commit();   /* even when empty, so the group count stays STAGES - 1 + i + 1 */
        /* The last warp (idle during the look-back) takes the tile this stage gets next;
         * the atomic's latency passes while the tile is reduced. */
        const bool taker = threadIdx.x == THREADS - 32;
        const unsigned next = taker ? atomicAdd(counter, 1u) - o.ticket : 0u;

        int4 *buf = lp_ring + stage * STAGE;
        vec16<T> x[NV];   /* kept in registers through the look-back (NV * 4 registers) */
        T total = id;
#pragma unroll
        for (int j = 0; j < NV; j++) {
            x[j].q = buf[lp_pad(mine + j)];
#pragma unroll
            for (int e = 0; e < VEC; e++) total = op_apply<T, OP>(total, x[j].e[e]);
        }
        const T inc = warp_inclusive<T, OP>(total, lane);
        const T up = __shfl_up_sync(FULL_MASK, inc, 1);
        const T texc = lane ? up : id;
        if (lane == 31) s_warp[warp] = inc;
        __syncthreads();   /* B */

        /* Every thread has read s_tile[stage] before B; it is read again after the next A. */
        if (taker) s_tile[stage] = next;
        if (warp == 0) lb_warp_prefixes<T, OP, WARPS>(s_warp, tile, lane, st, o);
        __syncthreads();   /* C */

        T r = op_apply<T, OP>(s_warp[warp], texc);
#pragma unroll
        for (int j = 0; j < NV; j++) {
            vec16<T> y;
#pragma unroll
            for (int e = 0; e < VEC; e++) {
                T nr = op_apply<T, OP>(r, x[j].e[e]);
                y.e[e] = inclusive ? nr : r;
                r = nr;
            }
            buf[lp_pad(mine + j)] = y.q;
        }
        __syncwarp();   /* the warp stores only its own chunks */
        const size_t base = (size_t)tile * TILE;
        const bool fast = aligned && base + TILE <= n;
#pragma unroll
        for (int k = 0; k < NV; k++) {
            const int c = warp * 32 * NV + k * 32 + lane;
            const size_t idx = base + (size_t)c * VEC;
            vec16<T> y;
            y.q = buf[lp_pad(c)];
            if (fast) {
                if (o.cs)
                    __stcs((int4 *)(out + idx), y.q);
                else
                    *(int4 *)(out + idx) = y.q;
            } else {
#pragma unroll
                for (int e = 0; e < VEC; e++)
                    if (idx + e < n) out[idx + e] = y.e[e];
            }
        }
    }
    cpa_wait<0>();
}

#endif
