/* "floor-bulk" (kernels/scan/scan_copy_floor.h): lookback_bulk_kernel
 * (scan_lookback_bulk.cuh) at its best shape, 128 threads x 12 16-byte
 * vectors, with the scan and the look-back taken out. Block b takes tile b; a full,
 * aligned tile comes into dynamic shared memory by one bulk copy (lbb_bulk_copy: the
 * mbarrier on sm_90, the threads' copy before); each thread reads its vectors back in
 * the scan's layout (vector v of lane l in warp w, scan_tile.cuh) and writes them with
 * the scan's streaming 16-byte stores (store16 with cs). A partial or unaligned tile
 * is staged by the threads and stored element by element, below N only, as the scan
 * does. Same launch bounds, same shared memory per block: the same tiles per SM.
 * FLAGS (scan_copy_floor.h) turn on the bulk store and the evict-first policy, or pick
 * "floor-ring", the warp-specialized scan's data movement (copy_ring_kernel below), or
 * "floor-regs", the register-tile scan's (copy_regs_kernel). */
#include <limits.h>
#include <stdint.h>

#include "kernels/common/cuda_util.cuh"
#include "scan_copy_floor.h"
#include "scan_lookback_ws.cuh"   /* ws_fill; bulk_copy.cuh, scan_tile.cuh */

#define FLOOR_THREADS 128
#define FLOOR_NV 12   /* 16-byte vectors per thread: "128x48" in 4-byte items */

template <typename T, int THREADS, int NV>
__global__ void __launch_bounds__(THREADS, LBB_BOUND(T, THREADS, NV))
copy_floor_kernel(const T *in, T *out, size_t n, int aligned, unsigned flags)
{
    const int VEC = 16 / sizeof(T);
    const size_t TILE = (size_t)THREADS * NV * VEC;
    extern __shared__ int4 s_tile[];   /* THREADS * NV vectors, in tile order */
    __shared__ unsigned long long s_bar;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;

    const size_t base = (size_t)blockIdx.x * TILE;
    const bool fast = aligned && base + TILE <= n;
    if (fast) {
        lbb_bulk_copy(s_tile, in + base, (unsigned)(TILE * sizeof(T)), &s_bar, flags & SCAN_FLOOR_EVICT_FIRST);
    } else {
        T *s = (T *)s_tile;
        for (size_t i = threadIdx.x; i < TILE; i += THREADS) s[i] = base + i < n ? in[base + i] : (T)0;
        __syncthreads();
    }

    if (fast && (flags & SCAN_FLOOR_BULK_STORE)) {
        lbb_bulk_store(out + base, s_tile, (unsigned)(TILE * sizeof(T)), flags & SCAN_FLOOR_EVICT_FIRST);
        return;
    }
    const int row = warp * 32 * NV + lane;   /* vector v of this thread: s_tile[row + v * 32] */
#pragma unroll
    for (int v = 0; v < NV; v++) {
        vec16<T> x;
        x.q = s_tile[row + v * 32];
        store16<T>(out, tile_elem<T, NV>(base, warp, v, lane), x, fast, true, n);
    }
}

#define RING_NV 8       /* "128x32": 8 vectors a thread, 16 KB tiles */
#define RING_STAGES 4

/* floor-ring (SCAN_FLOOR_RING): lookback_ws_kernel's data path with the reducers and the
 * look-back taken out (scan_lookback_ws.cuh): warp 0 lane 0 produces, warps 4-7 consume
 * a quarter of each tile each; warps 1-3 end at once, so that a block has the scan's
 * threads, registers and shared memory and an SM the same blocks. */
template <typename T>
__global__ void __launch_bounds__(256, 3) copy_ring_kernel(const T *in, T *out, size_t n, size_t tiles)
{
    const int VEC = 16 / sizeof(T), TILE_VECS = 4 * 32 * RING_NV;
    const size_t TILE = (size_t)TILE_VECS * VEC;
    extern __shared__ int4 s_ring[];
    __shared__ unsigned long long full[RING_STAGES], empty[RING_STAGES];
    __shared__ long long s_tile[RING_STAGES];
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    if (threadIdx.x == 0) {
        for (int b = 0; b < RING_STAGES; b++) {
            mbar_init(&full[b], 1);
            mbar_init(&empty[b], 4);
        }
        mbar_init_fence();
    }
    __syncthreads();
    if (warp == 0) {   /* producer */
        if (lane != 0) return;
        for (long long i = 0;; i++) {
            const int b = (int)(i % RING_STAGES);
            if (i >= RING_STAGES) {
                mbar_wait(&empty[b], (unsigned)((i / RING_STAGES - 1) & 1));
                fence_proxy_async_smem();
            }
            const size_t t = blockIdx.x + (size_t)i * gridDim.x;
            if (t >= tiles) {
                s_tile[b] = -1;
                mbar_arrive(&full[b]);
                return;
            }
            s_tile[b] = (long long)t;
            ws_fill<T>(s_ring + (size_t)b * TILE_VECS, in, n, t * TILE, TILE, &full[b], 0);
        }
    }
    if (warp < 4) return;
    const int q = warp - 4;
    for (long long i = 0;; i++) {
        const int b = (int)(i % RING_STAGES);
        mbar_wait(&full[b], (unsigned)((i / RING_STAGES) & 1));
        const long long t = s_tile[b];
        if (t < 0) return;
        const int4 *buf = s_ring + (size_t)b * TILE_VECS;
        const size_t base = (size_t)t * TILE;
        const bool whole = base + TILE <= n;
        vec16<T> x[RING_NV];
#pragma unroll
        for (int v = 0; v < RING_NV; v++) x[v].q = buf[(q * RING_NV + v) * 32 + lane];
        __syncwarp();
        if (lane == 0) mbar_arrive(&empty[b]);
#pragma unroll
        for (int v = 0; v < RING_NV; v++)
            store16<T>(out, base + (size_t)((q * RING_NV + v) * 32 + lane) * VEC, x[v], whole, true, n);
    }
}

/* floor-regs (SCAN_FLOOR_REGS): lookback_scan_kernel's data path at 256x48 with bid and
 * cs (scan_lookback.cuh), the scan and the look-back taken out; its launch bounds, so
 * the same blocks an SM. */
#define REGS_THREADS 256
#define REGS_NV 12
template <typename T>
__global__ void __launch_bounds__(REGS_THREADS, 3) copy_regs_kernel(const T *in, T *out, size_t n)
{
    const size_t base = (size_t)blockIdx.x * REGS_THREADS * REGS_NV * (16 / sizeof(T));
    const bool fast = base + (size_t)REGS_THREADS * REGS_NV * (16 / sizeof(T)) <= n;
    const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    vec16<T> x[REGS_NV];
    tile_load<T, OP_ADD, REGS_NV>(x, in, base, n, fast, true, warp, lane);   /* zeros past N */
#pragma unroll
    for (int v = 0; v < REGS_NV; v++)
        store16<T>(out, tile_elem<T, REGS_NV>(base, warp, v, lane), x[v], fast, true, n);
}

/* floor-ring on as many blocks as the GPU holds at once (at most one a tile). */
template <typename T>
static int launch_ring(const T *in, T *out, size_t n, cudaStream_t s, sw_error *err)
{
    const size_t tile = (size_t)4 * 32 * RING_NV * (16 / sizeof(T));
    const size_t smem = (size_t)RING_STAGES * 4 * 32 * RING_NV * 16;
    const size_t tiles = (n + tile - 1) / tile;
    static int cached_device = -1, resident = 0;
    const long long grid =
        cuda_persistent_grid((const void *)copy_ring_kernel<T>, 256, smem, tiles, &cached_device, &resident, err);
    if (grid < 0) return -1;
    if (grid == 0) return sw_fail(err, "floor-ring: a block of %zu bytes of shared memory does not fit", smem);
    copy_ring_kernel<T><<<(unsigned)grid, 256, smem, s>>>(in, out, n, tiles);
    CUDA_TRY_LAUNCH("floor-ring", err);
    return 0;
}

template <typename T>
static int launch(const void *vin, void *vout, size_t n, unsigned flags, cudaStream_t s, sw_error *err)
{
    const size_t tile = (size_t)FLOOR_THREADS * FLOOR_NV * (16 / sizeof(T));
    const size_t smem = (size_t)FLOOR_THREADS * FLOOR_NV * 16;   /* 24 KB: no opt-in needed */
    static_assert((size_t)FLOOR_THREADS * FLOOR_NV * 16 <= 48 * 1024, "floor-bulk tile over 48 KB");
    const size_t tiles = (n + tile - 1) / tile;
    if (tiles > INT_MAX)
        return sw_fail(err, "floor-bulk: %zu elements need %zu blocks, over the grid limit %d", n, tiles, INT_MAX);
    const T *in = (const T *)vin;
    T *out = (T *)vout;
    const int aligned = (((uintptr_t)in | (uintptr_t)out) & 15) == 0;
    if (flags & SCAN_FLOOR_RING) {
        if (flags != SCAN_FLOOR_RING) return sw_fail(err, "floor-ring takes no other flag");
        if (aligned && cuda_device_major() >= 9) return launch_ring<T>(in, out, n, s, err);
        flags = 0;
    }
    if (flags & SCAN_FLOOR_REGS) {
        if (flags != SCAN_FLOOR_REGS) return sw_fail(err, "floor-regs takes no other flag");
        flags = 0;
        if (aligned) {
            const size_t regs_tile = (size_t)REGS_THREADS * REGS_NV * (16 / sizeof(T));
            const size_t blocks = (n + regs_tile - 1) / regs_tile;   /* <= tiles: larger tiles */
            copy_regs_kernel<T><<<(unsigned)blocks, REGS_THREADS, 0, s>>>(in, out, n);
            CUDA_TRY_LAUNCH("floor-regs", err);
            return 0;
        }
    }
    copy_floor_kernel<T, FLOOR_THREADS, FLOOR_NV>
        <<<(unsigned)tiles, FLOOR_THREADS, smem, s>>>(in, out, n, aligned, flags);
    CUDA_TRY_LAUNCH("floor-bulk", err);
    return 0;
}

extern "C" int scan_copy_floor(const void *d_in, void *d_out, size_t n, size_t elem_size, unsigned flags,
                               void *stream, sw_error *err)
{
    if (n == 0) return 0;
    cudaStream_t s = (cudaStream_t)stream;
    /* Signed types: the scan's own tile loads (floor-regs) take an identity for them. */
    if (elem_size == 4) return launch<int32_t>(d_in, d_out, n, flags, s, err);
    if (elem_size == 8) return launch<int64_t>(d_in, d_out, n, flags, s, err);
    return sw_fail(err, "floor-bulk: %zu-byte elements; only 4 and 8 are compiled", elem_size);
}
