/* "floor-bulk" (kernels/scan_copy_floor.h): lookback_bulk_kernel
 * (scan_lookback_bulk.cuh) at its best shape, 128 threads x 12 16-byte
 * vectors, with the scan and the look-back taken out. Block b takes tile b; a full,
 * aligned tile comes into dynamic shared memory by one bulk copy (lbb_bulk_copy: the
 * mbarrier on sm_90, the threads' copy before); each thread reads its vectors back in
 * the scan's layout (vector v of lane l in warp w, scan_tile.cuh) and writes them with
 * the scan's streaming 16-byte stores (store16 with cs). A partial or unaligned tile
 * is staged by the threads and stored element by element, below N only, as the scan
 * does. Same launch bounds, same shared memory per block: the same tiles per SM.
 * FLAGS (scan_copy_floor.h) turn on the bulk store and the evict-first policy. */
#include <limits.h>
#include <stdint.h>

#include "cuda_util.cuh"
#include "scan_copy_floor.h"
#include "scan_lookback_bulk.cuh"

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
    if (elem_size == 4) return launch<uint32_t>(d_in, d_out, n, flags, s, err);
    if (elem_size == 8) return launch<uint64_t>(d_in, d_out, n, flags, s, err);
    return sw_fail(err, "floor-bulk: %zu-byte elements; only 4 and 8 are compiled", elem_size);
}
