/* "lookback-T-I-bulk": the one-tile look-back scan with the tile brought into shared
 * memory by one bulk copy (cp.async.bulk, the Tensor Memory Accelerator; sm_90 and
 * later) instead of each thread's 16-byte loads into registers.
 *
 * Why: the register kernel (scan_lookback.cuh) keeps a whole tile in registers, so the
 * bytes an SM has in flight are bounded by its register file: 256 x 48 items take 85
 * registers and 3 blocks per SM. Here a tile waits in shared memory and the registers
 * hold only each row's prefix, so the number of tiles per SM is set by shared memory
 * (32 KB tiles: 6 per SM), and the loads of a tile are one request that no thread
 * waits on until the block has nothing else to do.
 *
 * Steps (tile = blockIdx.x, as with 'bid': blocks start in index order):
 *   1. thread 0 sets up an mbarrier, expects the tile's bytes and issues the copy;
 *      every thread waits on the barrier (phase 0). Partial or unaligned tiles are
 *      copied by the threads instead, the identity past N;
 *   2. each thread reduces its rows (vec16 v of lane l in warp w, the layout of
 *      scan_tile.cuh) from shared memory; per row a warp scan gives its prefix;
 *   3. warp 0: warp totals, look-back (lb_warp_prefixes);
 *   4. each thread rescans its rows from shared memory and stores them (16-byte
 *      stores, streaming with 'cs'); with 'bstore' it writes them back into shared
 *      memory instead and one bulk copy stores the tile (evict-first with 'cs').
 * 'ef': the bulk copy in carries the evict-first L2 policy.
 * Shared memory: THREADS * NV * 16 bytes, dynamic (more than 48 KB needs the opt-in
 * attribute, set by the launcher). */
#ifndef SCANWORKS_KERNELS_SCAN_LOOKBACK_BULK_CUH
#define SCANWORKS_KERNELS_SCAN_LOOKBACK_BULK_CUH

#include "kernels/common/bulk_copy.cuh"
#include "scan_lookback.cuh"

/* Copies BYTES (a multiple of 16) from global SRC to shared DST (both 16-byte
 * aligned) and waits until they have landed; every thread of the block calls it.
 * EVICT_FIRST: the copy carries the evict-first L2 policy. */
static __device__ __forceinline__ void lbb_bulk_copy(int4 *dst, const void *src, unsigned bytes,
                                                     unsigned long long *bar, int evict_first)
{
#ifdef BULK_COPY_ARCH
    if (threadIdx.x == 0) {
        mbar_init(bar, 1);
        mbar_init_fence();
        mbar_arrive_expect_tx(bar, bytes);
        bulk_copy_to_smem(dst, src, bytes, bar, evict_first);
    }
    /* The other threads may test the barrier before thread 0 has set it up: make
     * them wait for the set-up first. */
    __syncthreads();
    mbar_wait(bar, 0);
#else
    (void)bar, (void)evict_first;
    const int4 *s = (const int4 *)src;
    for (unsigned i = threadIdx.x; i < bytes / 16; i += blockDim.x) dst[i] = s[i];
    __syncthreads();
#endif
}

/* Writes BYTES (a multiple of 16) of shared SRC, which every thread of the block has
 * just written, to global DST (both 16-byte aligned) by one bulk copy (sm_90: issued
 * by thread 0, which waits until the copy has read the shared memory, so that the
 * block may end); every thread calls it. EVICT_FIRST as for lbb_bulk_copy. */
static __device__ __forceinline__ void lbb_bulk_store(void *dst, const int4 *src, unsigned bytes, int evict_first)
{
#ifdef BULK_COPY_ARCH
    /* The threads' shared-memory writes, made visible to the bulk copy's (async) proxy. */
    fence_proxy_async_smem();
    __syncthreads();
    if (threadIdx.x == 0) {
        const unsigned s = smem_addr(src);
        if (evict_first)
            asm volatile("cp.async.bulk.global.shared::cta.bulk_group.L2::cache_hint [%0], [%1], %2, %3;" ::"l"(dst),
                         "r"(s), "r"(bytes), "l"(bulk_evict_first_policy())
                         : "memory");
        else
            asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(dst), "r"(s), "r"(bytes)
                         : "memory");
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
    }
#else
    (void)evict_first;
    __syncthreads();
    int4 *d = (int4 *)dst;
    for (unsigned i = threadIdx.x; i < bytes / 16; i += blockDim.x) d[i] = src[i];
#endif
}

/* Blocks per SM asked of the compiler: as many tiles as ~192 KB of shared memory hold,
 * at most the SM's 2048 threads (registers: 65536 / (THREADS x blocks)). */
#define LBB_MIN_BLOCKS(THREADS, NV)                                                                 \
    (196608 / ((THREADS) * (NV) * 16) * (THREADS) > LB_ARCH_MAX_THREADS ? LB_ARCH_MAX_THREADS / (THREADS) \
                                                                        : 196608 / ((THREADS) * (NV) * 16))

/* 8-byte types ask for two thirds of that: at 40 registers they spill. */
#define LBB_BOUND(T, THREADS, NV) (sizeof(T) == 4 ? LBB_MIN_BLOCKS(THREADS, NV) : LBB_MIN_BLOCKS(THREADS, NV) * 2 / 3)

template <typename T, int OP, int THREADS, int NV>
__global__ void __launch_bounds__(THREADS, LBB_BOUND(T, THREADS, NV))
lookback_bulk_kernel(const T *in, T *out, size_t n, int inclusive, int aligned, tile_status<T> st, lb_opts o)
{
    const int WARPS = THREADS / 32, VEC = 16 / sizeof(T);
    const size_t TILE = (size_t)THREADS * NV * VEC;
    extern __shared__ int4 s_tile[];   /* THREADS * NV vectors, in tile order */
    __shared__ T s_warp[WARPS];
    __shared__ unsigned long long s_bar;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const T id = op_identity<T, OP>();

    const size_t tile = blockIdx.x, base = tile * TILE;
    const bool fast = aligned && base + TILE <= n;
    if (fast) {
        lbb_bulk_copy(s_tile, in + base, (unsigned)(TILE * sizeof(T)), &s_bar, o.evict_first);
    } else {
        T *s = (T *)s_tile;
        for (size_t i = threadIdx.x; i < TILE; i += THREADS) s[i] = base + i < n ? in[base + i] : id;
        __syncthreads();
    }

    /* Vector v of this thread: s_tile[row + v * 32]. */
    const int row = warp * 32 * NV + lane;
    T pre[NV];
    T carry = id;
#pragma unroll
    for (int v = 0; v < NV; v++) {
        vec16<T> x;
        x.q = s_tile[row + v * 32];
        pre[v] = tile_row_prefix<T, OP>(x, carry, lane);
    }
    if (lane == 31) s_warp[warp] = carry;
    __syncthreads();
    if (warp == 0) lb_warp_prefixes<T, OP, WARPS>(s_warp, tile, lane, st, o);
    __syncthreads();

    const T wp = s_warp[warp];
    const bool bulk_store = o.bulk_store && fast;   /* the same for the whole block */
#pragma unroll
    for (int v = 0; v < NV; v++) {
        vec16<T> x, y;
        x.q = s_tile[row + v * 32];
        T r = op_apply<T, OP>(wp, pre[v]);
        vec_rescan<T, OP>(y, x, r, inclusive);
        if (bulk_store)
            s_tile[row + v * 32] = y.q;   /* in place: each thread reads and writes only its own vectors */
        else
            store16<T>(out, tile_elem<T, NV>(base, warp, v, lane), y, fast, o.cs, n);
    }
    if (bulk_store) lbb_bulk_store(out + base, s_tile, (unsigned)(TILE * sizeof(T)), o.cs);
}

#endif
