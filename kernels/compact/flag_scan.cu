/* Reduce-then-scan over uint32 flags: kernel 1 sums each tile, kernel 2 (one block)
 * scans the tile sums, kernel 3 scans each tile again and adds its offset. Simple and
 * multi-pass on purpose: it is the chapter's scan step, used by the teaching variants. */
#include "flag_scan.h"
#include "kernels/common/block_scan.cuh"
#include "kernels/common/cuda_util.cuh"

#define FS_THREADS 256
#define FS_ITEMS 16
#define FS_TILE (FS_THREADS * FS_ITEMS)

static size_t fs_tiles(size_t n) { return (n + FS_TILE - 1) / FS_TILE; }

extern "C" size_t flag_scan_temp_bytes(size_t n) { return (fs_tiles(n) + 1) * sizeof(uint32_t); }
extern "C" uint32_t *flag_scan_total(void *temp, size_t n) { return (uint32_t *)temp + fs_tiles(n); }

static __global__ void fs_tile_sums(const uint32_t *in, size_t n, uint32_t *sums)
{
    __shared__ unsigned int warp_sums[BS_WARP_SUMS];
    size_t base = (size_t)blockIdx.x * FS_TILE;
    unsigned int s = 0;
#pragma unroll
    for (int i = 0; i < FS_ITEMS; i++) {
        size_t j = base + (size_t)i * FS_THREADS + threadIdx.x;
        if (j < n) s += in[j];
    }
    unsigned int total;
    block_exclusive_sum(s, warp_sums, &total);
    if (threadIdx.x == 0) sums[blockIdx.x] = total;
}

/* One block of 1024 threads scans COUNT tile sums in place; sums[count] = total. */
static __global__ void fs_spine(uint32_t *sums, size_t count)
{
    __shared__ unsigned int warp_sums[BS_WARP_SUMS];
    unsigned int carry = 0;
    for (size_t base = 0; base < count; base += blockDim.x) {
        size_t j = base + threadIdx.x;
        unsigned int x = j < count ? sums[j] : 0u, total;
        unsigned int ex = block_exclusive_sum(x, warp_sums, &total);
        if (j < count) sums[j] = carry + ex;
        carry += total;
    }
    if (threadIdx.x == 0) sums[count] = carry;
}

static __global__ void fs_tile_scan(const uint32_t *in, uint32_t *out, size_t n, const uint32_t *offsets)
{
    __shared__ unsigned int tile[FS_TILE + FS_TILE / 32];
    __shared__ unsigned int warp_sums[BS_WARP_SUMS];
    size_t base = (size_t)blockIdx.x * FS_TILE;
    for (int i = 0; i < FS_ITEMS; i++) {
        unsigned int k = i * FS_THREADS + threadIdx.x;
        size_t j = base + k;
        tile[k + k / 32] = j < n ? in[j] : 0u;
    }
    __syncthreads();
    unsigned int v[FS_ITEMS], s = 0;
#pragma unroll
    for (int i = 0; i < FS_ITEMS; i++) {
        unsigned int k = threadIdx.x * FS_ITEMS + i;
        v[i] = tile[k + k / 32];
        s += v[i];
    }
    unsigned int total;
    unsigned int run = block_exclusive_sum(s, warp_sums, &total) + offsets[blockIdx.x];
#pragma unroll
    for (int i = 0; i < FS_ITEMS; i++) {
        unsigned int k = threadIdx.x * FS_ITEMS + i;
        tile[k + k / 32] = run;
        run += v[i];
    }
    __syncthreads();
    for (int i = 0; i < FS_ITEMS; i++) {
        unsigned int k = i * FS_THREADS + threadIdx.x;
        size_t j = base + k;
        if (j < n) out[j] = tile[k + k / 32];
    }
}

extern "C" int flag_scan_exclusive(const uint32_t *in, uint32_t *out, size_t n, void *temp, void *stream,
                                   sw_error *err)
{
    cudaStream_t s = (cudaStream_t)stream;
    uint32_t *sums = (uint32_t *)temp;
    size_t tiles = fs_tiles(n);
    if (n >= ((size_t)1 << 32)) return sw_fail(err, "flag scan: %zu elements, the limit is 2^32 - 1", n);
    if (tiles == 0) {
        CUDA_TRY(cudaMemsetAsync(sums, 0, sizeof(uint32_t), s), err);
        return 0;
    }
    fs_tile_sums<<<(unsigned)tiles, FS_THREADS, 0, s>>>(in, n, sums);
    CUDA_TRY_LAUNCH("fs_tile_sums", err);
    fs_spine<<<1, 1024, 0, s>>>(sums, tiles);
    CUDA_TRY_LAUNCH("fs_spine", err);
    fs_tile_scan<<<(unsigned)tiles, FS_THREADS, 0, s>>>(in, out, n, sums);
    CUDA_TRY_LAUNCH("fs_tile_scan", err);
    return 0;
}
