/* The pipelined look-back scan ("lookback-T-I-pipe[-sN]"): the look-back of
 * scan_lookback.cuh with the loads of a block's next tiles in flight while it looks back.
 *
 * Persistent blocks in waves: the grid G is the number of blocks the GPU holds at once
 * (occupancy API, at most the tile count), and block b takes tiles b, b + G, b + 2G, ...
 * (wave k: tiles kG .. kG + G - 1, one per block). A block keeps a ring of STAGES tiles
 * in shared memory: while it scans its tile of wave k, the loads of its tiles of waves
 * k + 1 .. k + STAGES - 1 are in flight (cp.async 16-byte copies into shared memory on
 * sm_80 and later; on sm_75 the copy is done by plain loads and stores at issue time).
 * The tile ids are known in advance: no tile counter, no atomics.
 *
 * Why waves and not tiles from a counter: a tile's aggregate must never wait for a
 * look-back, or the tiles complete one after another (a block that took tiles t and
 * t' ahead publishes t' only after t's look-back, which waits for t - 1 in another
 * block, and so on through every tile). Here a block publishes its tile's aggregate
 * as soon as the (already loaded) tile is reduced; in wave k every block does that at
 * about the same time, and the look-backs of the wave overlap as in the one-tile
 * kernel, over the aggregates of the same wave and the prefixes of wave k - 1.
 *
 * Forward progress assumes the blocks of the grid are co-resident, or become so: the
 * grid is the occupancy API's count for an empty GPU, so every block fits at once;
 * blocks not yet resident (other work still on an SM) become resident when that work
 * leaves, which spinning blocks of this kernel do not prevent. The hardware starts
 * blocks in index order (as the "bid" option and CUB assume). Given residency: the
 * smallest tile without a published prefix is the current tile of its block (the
 * block's earlier tiles are smaller, so finished), its aggregate is published or about
 * to be, and its look-back waits only for smaller tiles, which all have prefixes: it
 * completes. A grid of one block scans every tile in order. Unlike the one-tile
 * kernel (a block waits only for blocks started before it), this needs the whole grid
 * resident: two full-grid kernels of this kind (or the pipelined compaction) running
 * at once on different streams could each hold SMs the other waits for. (Concurrent
 * look-back scans are not supported anyway: they share one set of status words.)
 *
 * Per tile (CHUNKS = THREADS * NV 16-byte chunks; warp w owns chunks
 * [w*32*NV, (w+1)*32*NV), loaded and stored row by row, 512 contiguous bytes per warp
 * access):
 *   1. each thread reduces its NV consecutive chunks read back from shared memory
 *      (thread-contiguous order: one warp scan per thread total, not per row);
 *   2. warp scan of the thread totals, warp 0 scans the warp totals, publishes the
 *      tile's aggregate and looks back;
 *   3. each thread rescans its chunks (kept in registers) from its prefix into shared
 *      memory, and the warp stores its rows (streaming stores with the "cs" option).
 * Shared memory holds one padding chunk after every 8 (physical = c + c / 8), so both
 * the row-wise copies and the thread-contiguous reads (NV = 4 or 8) are free of bank
 * conflicts. */
#ifndef SCANWORKS_KERNELS_SCAN_LOOKBACK_PIPE_CUH
#define SCANWORKS_KERNELS_SCAN_LOOKBACK_PIPE_CUH

#include "kernels/common/cp_async.cuh"
#include "scan_lookback.cuh"

/* 16-byte chunks of one ring stage, padding included. */
#define LP_STAGE_CHUNKS(THREADS, NV) ((THREADS) * (NV) + (THREADS) * (NV) / 8)
/* Blocks per SM that the ring lets an H200 hold (228 KB of shared memory per SM, 1 KB
 * of it reserved per block), at most 2048 threads: the register bound of
 * __launch_bounds__, so that registers never cut the occupancy below what shared
 * memory allows (256 x 32 with 2 stages: 3 blocks, 85 registers). sm_90 only: older
 * chips have less shared memory, so the bound there is 1 (no register cap). */
#define LP_SMEM_BLOCKS(THREADS, NV, STAGES) (233472 / ((STAGES) * LP_STAGE_CHUNKS(THREADS, NV) * 16 + 1024))
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define LP_MIN_BLOCKS(THREADS, NV, STAGES)                                                     \
    (LP_SMEM_BLOCKS(THREADS, NV, STAGES) * (THREADS) > 2048 ? 2048 / (THREADS)                 \
                                                            : LP_SMEM_BLOCKS(THREADS, NV, STAGES))
#else
#define LP_MIN_BLOCKS(THREADS, NV, STAGES) 1
#endif

static __device__ __forceinline__ int lp_pad(int c) { return c + (c >> 3); }

/* Starts the loads of tile TILE (< TILES) into ring stage BUF: asynchronous 16-byte
 * copies for a full aligned tile, else element by element, the identity past N. */
template <typename T, int OP, int THREADS, int NV>
static __device__ __forceinline__ void lp_issue(int4 *buf, const T *in, size_t n, int aligned, size_t tile,
                                                size_t tiles, bool cs, int warp, int lane)
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
__global__ void __launch_bounds__(THREADS, LP_MIN_BLOCKS(THREADS, NV, STAGES))
lookback_pipe_kernel(const T *in, T *out, size_t n, int inclusive, int aligned, tile_status<T> st, lb_opts o,
                     size_t tiles)
{
    static_assert(NV == 4 || NV == 8, "the padding is conflict-free for NV = 4 and 8");
    static_assert(STAGES >= 2, "a ring of at least two tiles");
    const int WARPS = THREADS / 32, VEC = 16 / sizeof(T), STAGE = LP_STAGE_CHUNKS(THREADS, NV);
    const size_t TILE = (size_t)THREADS * NV * VEC;
    extern __shared__ int4 lp_ring[];   /* STAGES * STAGE chunks */
    __shared__ T s_warp[WARPS];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int mine = warp * 32 * NV + lane * NV;   /* this thread's first chunk (thread-contiguous) */
    const T id = op_identity<T, OP>();
    const size_t grid = gridDim.x;

    /* Tile of iteration i: blockIdx.x + i * grid (lp_issue skips tiles >= TILES). */
    for (int k = 0; k < STAGES - 1; k++) {
        lp_issue<T, OP, THREADS, NV>(lp_ring + k * STAGE, in, n, aligned, blockIdx.x + (size_t)k * grid, tiles,
                                     o.cs, warp, lane);
        cpa_commit();
    }
    for (int i = 0;; i++) {
        const size_t tile = blockIdx.x + (size_t)i * grid;
        if (tile >= tiles) break;   /* the same for every thread */
        const int stage = i % STAGES, ahead = (i + STAGES - 1) % STAGES;
        /* Groups committed: STAGES - 1 + i; this tile's is the (i+1)-th, so at most
         * STAGES - 2 younger ones may still be pending. */
        cpa_wait<STAGES - 2>();
        /* A: every thread's copies of this tile have landed; stage AHEAD (the last
         * tile's) is no longer read, nor is s_warp. */
        __syncthreads();
        lp_issue<T, OP, THREADS, NV>(lp_ring + ahead * STAGE, in, n, aligned, tile + (size_t)(STAGES - 1) * grid,
                                     tiles, o.cs, warp, lane);
        cpa_commit();   /* even when empty, so the group count stays STAGES - 1 + i + 1 */

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

        /* Publishes the aggregate first thing, then looks back. */
        if (warp == 0) lb_warp_prefixes<T, OP, WARPS>(s_warp, tile, lane, st, o);
        __syncthreads();   /* C */

        T r = op_apply<T, OP>(s_warp[warp], texc);
#pragma unroll
        for (int j = 0; j < NV; j++) {
            vec16<T> y;
            vec_rescan<T, OP>(y, x[j], r, inclusive);
            buf[lp_pad(mine + j)] = y.q;
        }
        __syncwarp();   /* the warp stores only its own chunks */
        const size_t base = tile * TILE;
        const bool fast = aligned && base + TILE <= n;
#pragma unroll
        for (int k = 0; k < NV; k++) {
            const int c = warp * 32 * NV + k * 32 + lane;
            const size_t idx = base + (size_t)c * VEC;
            vec16<T> y;
            y.q = buf[lp_pad(c)];
            store16<T>(out, idx, y, fast, o.cs, n);
        }
    }
    cpa_wait<0>();
}

#endif
