/* "lookback-T-I-ws-sS": the look-back scan with warps given one job each, so that an SM
 * keeps loading while it looks back (sm_90 and later: bulk copies and mbarriers).
 *
 * Why: in the one-tile bulk kernel (scan_lookback_bulk.cuh) three warps of four wait at
 * a barrier while warp 0 looks back, and the tile's shared memory waits with them: with
 * nine tiles an SM, every microsecond of look-back is a ninth of the SM's loads not in
 * flight (docs/perf-scan.md, round 6). Here a persistent block holds a ring of S tile buffers
 * and four kinds of warps work through it, each at its own pace:
 *   warp 0, lane 0   producer: when a buffer is free, takes the next tile from the
 *                    counter and starts its bulk copy (the tail below 16 bytes by hand);
 *   warps 2-3        reducers: sum each quarter of a landed tile and publish the tile's
 *                    aggregate at once (its inclusive prefix for tile 0);
 *   warp 1           look-back: for each tile in turn, the decoupled look-back
 *                    (lb_look_back, without publishing the aggregate again), then the
 *                    tile's exclusive prefix into shared memory;
 *   warps 4-7        scanners: one quarter each; scan their rows from shared memory
 *                    into registers, give the buffer back, wait for the prefix, add it
 *                    and the quarters before theirs, and store.
 * No aggregate ever waits for a look-back (the reducers wait only for their tile's
 * bytes), so no chain of look-backs forms (the fault of round 3's first pipelined
 * kernel), and tiles are taken from the counter as buffers free up, in time order, so
 * the look-backs meet the staggered tiles decoupled look-back is made for (the fault of
 * its waves). A block that starts late only takes later tiles: the grid need not be
 * co-resident. Every tile taken is loaded and reduced unconditionally, so every
 * look-back ends.
 *
 * Shapes: 128 scanner threads x I 4-byte items (NV = I / 4 16-byte vectors each); the
 * ring of S buffers is dynamic shared memory (S x 2 KB x NV). The run needs 16-byte
 * aligned input and output (else the launcher runs the bulk kernel, 128x48).
 * compute-sanitizer: memcheck and synccheck are clean; racecheck does not follow the
 * mbarrier waits and reports every handover between the warps as a race. */
#ifndef SCANWORKS_KERNELS_SCAN_LOOKBACK_WS_CUH
#define SCANWORKS_KERNELS_SCAN_LOOKBACK_WS_CUH

#include "scan_lookback_bulk.cuh"

#define WS_THREADS 256
/* Blocks an SM: as many rings as ~220 KB of shared memory hold, at most four (then
 * 64 registers a thread). */
#define WS_RINGS(NV, STAGES) (220 * 1024 / ((STAGES) * (NV) * 2048))
#define WS_MIN_BLOCKS(NV, STAGES) (WS_RINGS(NV, STAGES) > 4 ? 4 : WS_RINGS(NV, STAGES) < 1 ? 1 : WS_RINGS(NV, STAGES))

/* The producer's fill of buffer BUF with the tile of TILE elements at BASE (fewer at the
 * end of IN): the tail past the last 16-byte boundary by hand (visible to the consumers
 * through the barrier's release), then its arrival on BAR, "full", expecting the bytes
 * of one bulk copy of the rest (none when there is no such part). */
template <typename T>
static __device__ __forceinline__ void ws_fill(int4 *buf, const T *in, size_t n, size_t base, size_t tile,
                                               unsigned long long *bar, int evict_first)
{
    const size_t count = n - base < tile ? n - base : tile;
    const unsigned bytes = (unsigned)(count * sizeof(T)), bulk = bytes & ~15u;
    for (unsigned k = bulk / sizeof(T); k < count; k++) ((T *)buf)[k] = in[base + k];
    mbar_arrive_expect_tx(bar, bulk);
    if (bulk) bulk_copy_to_smem(buf, in + base, bulk, bar, evict_first);
}

/* Vector V of lane LANE in quarter Q of a tile (the scan's row layout, scan_tile.cuh:
 * quarter Q is what warp Q of the bulk kernel holds). */
template <int NV>
static __device__ __forceinline__ int ws_vec(int q, int v, int lane)
{
    return (q * NV + v) * 32 + lane;
}

/* Vector I of a landed tile at BASE, with the identity for elements at N or past it. */
template <typename T, int OP>
static __device__ __forceinline__ vec16<T> ws_read(const int4 *buf, int i, size_t base, size_t n, bool full)
{
    const int VEC = 16 / sizeof(T);
    vec16<T> x;
    x.q = buf[i];
    if (!full)
#pragma unroll
        for (int j = 0; j < VEC; j++)
            if (base + (size_t)i * VEC + j >= n) x.e[j] = op_identity<T, OP>();
    return x;
}

template <typename T, int OP, int NV, int STAGES>
__global__ void __launch_bounds__(WS_THREADS, WS_MIN_BLOCKS(NV, STAGES))
lookback_ws_kernel(const T *in, T *out, size_t n, int inclusive, tile_status<T> st, unsigned *counter, lb_opts o,
                   size_t tiles)
{
    const int VEC = 16 / sizeof(T), TILE_VECS = 4 * 32 * NV, META = 2 * STAGES;
    const size_t TILE = (size_t)TILE_VECS * VEC;
    extern __shared__ int4 s_ring[];   /* STAGES x TILE_VECS vectors: the buffers */
    /* Buffer b = i % STAGES of the block's tile i: "full" when its bytes have landed,
     * "empty" when the scanners hold it in registers. What is known of tile i waits in
     * entry e = i % META of a ring twice as long, so that the buffer is free while the
     * tile's prefix is still being looked up: its tile number, quarter sums and prefix,
     * "reduced" when the quarter sums are in, "prefixed" when the prefix is. An entry is
     * reused for tile i + META only after the scanners gave back tile i + STAGES's
     * buffer, so after they finished tile i. */
    __shared__ unsigned long long full[STAGES], empty[STAGES], reduced[META], prefixed[META];
    __shared__ long long s_tile[META];   /* -1: no more tiles */
    __shared__ T s_quarter[META][4], s_prefix[META];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const T id = op_identity<T, OP>();

    if (threadIdx.x == 0) {
        for (int b = 0; b < STAGES; b++) {
            mbar_init(&full[b], 1);
            mbar_init(&empty[b], 4);
        }
        for (int e = 0; e < META; e++) {
            mbar_init(&reduced[e], 1);
            mbar_init(&prefixed[e], 1);
        }
        mbar_init_fence();
    }
    __syncthreads();

    if (warp == 0) {   /* producer */
        if (lane != 0) return;
        for (long long i = 0;; i++) {
            const int b = (int)(i % STAGES), e = (int)(i % META);
            if (i >= STAGES) {
                mbar_wait(&empty[b], (unsigned)((i / STAGES - 1) & 1));
                /* The consumers read the buffer with plain loads; the bulk copy that refills
                 * it writes through the async proxy, which the barrier alone does not order
                 * after those reads. */
                fence_proxy_async_smem();
            }
            const unsigned long long t = (unsigned)(atomicAdd(counter, 1u) - o.ticket);
            if (t >= tiles) {
                s_tile[e] = -1;
                mbar_arrive(&full[b]);
                return;
            }
            s_tile[e] = (long long)t;
            ws_fill<T>(s_ring + (size_t)b * TILE_VECS, in, n, t * TILE, TILE, &full[b], o.evict_first);
        }
    }

    for (long long i = 0;; i++) {
        const int b = (int)(i % STAGES), e = (int)(i % META);
        const unsigned bphase = (unsigned)((i / STAGES) & 1), ephase = (unsigned)((i / META) & 1);

        if (warp == 1) {   /* look-back: knows the tile from "reduced" (the reducers pass the end on) */
            mbar_wait(&reduced[e], ephase);
            const long long t = s_tile[e];
            if (t < 0) return;
            T agg = id;
            for (int q = 0; q < 4; q++) agg = op_apply<T, OP>(agg, s_quarter[e][q]);
            const T prefix = t == 0 ? id : lb_look_back<T, OP, false>(st, t, agg, lane, o);
            if (lane == 0) {
                s_prefix[e] = prefix;
                mbar_arrive(&prefixed[e]);
            }
            continue;
        }

        mbar_wait(&full[b], bphase);
        const long long t = s_tile[e];
        const int4 *buf = s_ring + (size_t)b * TILE_VECS;
        const size_t base = (size_t)(t < 0 ? 0 : t) * TILE;
        const bool whole = base + TILE <= n;

        if (warp == 2 || warp == 3) {   /* reducers: quarters 2r and 2r + 1 */
            if (t < 0) {
                if (warp == 2 && lane == 0) mbar_arrive(&reduced[e]);
                return;
            }
#pragma unroll
            for (int h = 0; h < 2; h++) {
                const int q = (warp - 2) * 2 + h;
                T sum = id;
#pragma unroll
                for (int v = 0; v < NV; v++) {
                    vec16<T> x = ws_read<T, OP>(buf, ws_vec<NV>(q, v, lane), base, n, whole);
#pragma unroll
                    for (int j = 0; j < VEC; j++) sum = op_apply<T, OP>(sum, x.e[j]);
                }
                sum = warp_reduce<T, OP>(sum);
                if (lane == 0) s_quarter[e][q] = sum;
            }
            asm volatile("bar.sync 1, 64;" ::: "memory");   /* the two reducer warps */
            if (warp == 2 && lane == 0) {
                T agg = id;
                for (int q = 0; q < 4; q++) agg = op_apply<T, OP>(agg, s_quarter[e][q]);
                lb_publish(st, (size_t)t, t == 0 ? FLAG_PREFIX : FLAG_AGGREGATE, agg, o);
                mbar_arrive(&reduced[e]);
            }
        } else if (warp >= 4) {   /* scanners: quarter warp - 4 */
            if (t < 0) return;
            const int q = warp - 4;
            vec16<T> x[NV];
            T pre[NV];
            T carry = id;
#pragma unroll
            for (int v = 0; v < NV; v++) {
                x[v] = ws_read<T, OP>(buf, ws_vec<NV>(q, v, lane), base, n, whole);
                pre[v] = tile_row_prefix<T, OP>(x[v], carry, lane);
            }
            mbar_wait(&reduced[e], ephase);   /* the reducers are done with the buffer too */
            T offset = id;
            for (int k = 0; k < q; k++) offset = op_apply<T, OP>(offset, s_quarter[e][k]);
            __syncwarp();
            if (lane == 0) mbar_arrive(&empty[b]);   /* the tile is in registers: the buffer may refill */
            mbar_wait(&prefixed[e], ephase);
            offset = op_apply<T, OP>(s_prefix[e], offset);
#pragma unroll
            for (int v = 0; v < NV; v++) {
                vec16<T> y;
                T r = op_apply<T, OP>(offset, pre[v]);
                vec_rescan<T, OP>(y, x[v], r, inclusive);
                store16<T>(out, base + (size_t)ws_vec<NV>(q, v, lane) * VEC, y, whole, o.cs, n);
            }
        }
    }
}

#endif
