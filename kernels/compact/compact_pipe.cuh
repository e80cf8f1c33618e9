/* Single-pass compaction, pipelined ("single-pass-pipe"; included by compact.cu after
 * cp_keep_t): the decoupled look-back of cp_single_pass with the loads of a block's
 * next tiles in flight while it looks back, as the pipelined scan does
 * (scan_lookback_pipe.cuh explains the ring, the waves and why forward progress holds).
 *
 * Persistent blocks (grid G: the blocks the GPU holds at once, all co-resident), in
 * waves: block b takes tiles b, b + G, b + 2G, ... of CPP_TILE elements, so a tile's
 * kept count is published as soon as the block reaches it, never after another tile's
 * look-back. A ring of CPP_STAGES tiles in shared memory, filled by cp.async 16-byte
 * copies, one padding chunk after every 8. Per tile:
 *   1. each thread reads its CPP_NV consecutive 16-byte chunks back (thread-contiguous)
 *      and counts its kept elements; a warp scan gives its offset within the warp;
 *   2. warp 0 scans the warp totals, publishes the count and looks back for the tile's
 *      output offset, 128 tiles a step (the one-tile kernel: 32): a wave's tiles
 *      arrive together, so the nearest finished tile can be a wave (the grid) back;
 *   3. each thread writes its kept elements, in order, packed at the start of the
 *      tile's ring stage (every thread holds its elements in registers by then);
 *   4. the block writes the packed run out with consecutive streaming stores. */
#ifndef SCANWORKS_KERNELS_COMPACT_PIPE_CUH
#define SCANWORKS_KERNELS_COMPACT_PIPE_CUH

#include "kernels/common/cp_async.cuh"

#define CPP_THREADS 256
#define CPP_WARPS (CPP_THREADS / 32)
#define CPP_NV 4                            /* 16-byte chunks per thread */
#define CPP_STAGES 3   /* 55 KB of ring: 4 blocks per SM on sm_90, two tiles ahead each */
#define CPP_TILE (CPP_THREADS * CPP_NV * 4)   /* elements per tile: 4096, as CP_TILE */
#define CPP_CHUNKS (CPP_THREADS * CPP_NV)
#define CPP_STAGE (CPP_CHUNKS + CPP_CHUNKS / 8)   /* chunks per stage, padding included */
#define CPP_SMEM ((size_t)CPP_STAGES * CPP_STAGE * 16)

static __device__ __forceinline__ int cpp_pad(int c) { return c + (c >> 3); }

/* Starts the loads of tile T (< TILES) into ring stage BUF: 16-byte asynchronous copies
 * for a full tile of a 16-byte aligned input, else element by element (0 past N). */
static __device__ __forceinline__ void cpp_issue(int4 *buf, const uint32_t *in, size_t n, size_t t, size_t tiles,
                                                 int warp, int lane)
{
    if (t >= tiles) return;
    const size_t base = (size_t)t * CPP_TILE;
    const bool fast = base + CPP_TILE <= n && ((uintptr_t)in & 15u) == 0;
#pragma unroll
    for (int k = 0; k < CPP_NV; k++) {
        const int c = warp * 32 * CPP_NV + k * 32 + lane;
        const size_t i = base + (size_t)c * 4;
        if (fast) {
            cpa_copy16(buf + cpp_pad(c), (const int4 *)(in + i), true);
        } else {
            uint4 v;
            v.x = i < n ? in[i] : 0u;
            v.y = i + 1 < n ? in[i + 1] : 0u;
            v.z = i + 2 < n ? in[i + 2] : 0u;
            v.w = i + 3 < n ? in[i + 3] : 0u;
            buf[cpp_pad(c)] = make_int4((int)v.x, (int)v.y, (int)v.z, (int)v.w);
        }
    }
}

template <int TYPE, int PRED>
static __device__ __forceinline__ bool cpp_keep(uint32_t v, uint32_t value, const uint8_t *flags, size_t i, size_t n)
{
    if (i >= n) return false;
    if (PRED == 6) return flags[i] != 0;
    return cp_keep_t<TYPE, PRED>(v, value);
}

/* sm_90: at least the blocks per SM the ring allows (228 KB per SM, 1 KB reserved per
 * block), so registers never cut the occupancy below it; older chips: no cap. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define CPP_MIN_BLOCKS (233472 / (CPP_SMEM + 1024))
#else
#define CPP_MIN_BLOCKS 1
#endif

template <int TYPE, int PRED>
static __global__ void __launch_bounds__(CPP_THREADS, CPP_MIN_BLOCKS)
cp_pipe(const uint32_t *in, const uint8_t *flags, size_t n, uint32_t value, uint32_t *out,
        unsigned long long *status, unsigned long long *count, unsigned tiles)
{
    extern __shared__ int4 cpp_ring[];   /* CPP_STAGES * CPP_STAGE chunks */
    __shared__ unsigned int s_wtot[CPP_WARPS];
    __shared__ unsigned int s_count;
    __shared__ unsigned long long s_prefix;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const int mine = warp * 32 * CPP_NV + lane * CPP_NV;   /* this thread's first chunk */
    const unsigned grid = gridDim.x;   /* tile of iteration i: blockIdx.x + i * grid */

    for (int k = 0; k < CPP_STAGES - 1; k++) {
        cpp_issue(cpp_ring + k * CPP_STAGE, in, n, blockIdx.x + (size_t)k * grid, tiles, warp, lane);
        cpa_commit();
    }
    for (int i = 0;; i++) {
        const size_t ts = blockIdx.x + (size_t)i * grid;
        if (ts >= tiles) break;   /* the same for every thread */
        const unsigned t = (unsigned)ts;
        const int stage = i % CPP_STAGES, ahead = (i + CPP_STAGES - 1) % CPP_STAGES;
        cpa_wait<CPP_STAGES - 2>();   /* this tile's group is complete (see the scan) */
        __syncthreads();              /* A: also, the last tile's stage and s_wtot are free */
        cpp_issue(cpp_ring + ahead * CPP_STAGE, in, n, ts + (size_t)(CPP_STAGES - 1) * grid, tiles, warp, lane);
        cpa_commit();

        int4 *buf = cpp_ring + stage * CPP_STAGE;
        const size_t base = (size_t)t * CPP_TILE;
        uint32_t v[CPP_NV * 4];
        unsigned int m = 0;   /* bit j: element j of this thread is kept */
#pragma unroll
        for (int j = 0; j < CPP_NV; j++) {
            const int4 q = buf[cpp_pad(mine + j)];
            v[4 * j] = (uint32_t)q.x, v[4 * j + 1] = (uint32_t)q.y;
            v[4 * j + 2] = (uint32_t)q.z, v[4 * j + 3] = (uint32_t)q.w;
        }
        const size_t first = base + (size_t)mine * 4;
#pragma unroll
        for (int e = 0; e < CPP_NV * 4; e++)
            m |= (unsigned)cpp_keep<TYPE, PRED>(v[e], value, flags, first + e, n) << e;
        const unsigned int c = __popc(m);
        const unsigned int inc = warp_inclusive_sum(c);
        if (lane == 31) s_wtot[warp] = inc;
        __syncthreads();   /* B: every thread has its elements in registers */

        if (warp == 0) {
            const unsigned int w = lane < CPP_WARPS ? s_wtot[lane] : 0u;
            const unsigned int wi = warp_inclusive_sum(w);
            const unsigned int total = __shfl_sync(BS_FULL_MASK, wi, 31);
            /* publishes, looks back over 128 tiles a step (a wave spans up to the grid) */
            const unsigned long long prefix = cp_tile_prefix<4>(status, t, total);
            if (lane < CPP_WARPS) s_wtot[lane] = wi - w;
            if (lane == 0) {
                s_prefix = prefix;
                s_count = total;
            }
        }
        __syncthreads();   /* C */

        uint32_t *pack = (uint32_t *)buf;
        unsigned int pos = s_wtot[warp] + inc - c;
#pragma unroll
        for (int e = 0; e < CPP_NV * 4; e++)
            if (m >> e & 1u) pack[pos++] = v[e];
        __syncthreads();   /* D */

        const unsigned long long dst = s_prefix;
        const unsigned int total = s_count;
        for (unsigned int k = threadIdx.x; k < total; k += CPP_THREADS) __stcs(out + dst + k, pack[k]);
        if (threadIdx.x == 0 && t == tiles - 1) *count = dst + total;
    }
    cpa_wait<0>();
}

#endif
