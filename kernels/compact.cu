/* Stream compaction, two ways.
 * flag-scan-scatter (the chapter): a kernel writes 0/1 flags, flag_scan turns them into
 *   output addresses, a kernel scatters the kept elements. Three trips through memory.
 * single-pass: each tile of 4096 elements counts its kept elements, publishes the count,
 *   finds its output offset by decoupled look-back over earlier tiles, packs its kept
 *   elements in shared memory and writes them out in one coalesced run. */
#include "compact_kernel.h"
#include "block_scan.cuh"
#include "cuda_util.cuh"
#include "flag_scan.h"

#define CP_THREADS 256
#define CP_ITEMS 16
#define CP_TILE (CP_THREADS * CP_ITEMS)
#define CP_PAD(k) ((k) + ((k) >> 5))

static __device__ __forceinline__ bool cp_keep(uint32_t bits, compact_kparams p, const uint8_t *flags, size_t i)
{
    if (p.pred == 6) return flags[i] != 0;
    int c;   /* -1, 0, 1: element compared with the value; NaN compares as unordered */
    if (p.type == 2) {
        float a = __uint_as_float(bits), b = __uint_as_float(p.value_bits);
        if (a != a || b != b) return p.pred == 5;
        c = (a > b) - (a < b);
    } else if (p.type == 1) {
        int a = (int)bits, b = (int)p.value_bits;
        c = (a > b) - (a < b);
    } else {
        c = (bits > p.value_bits) - (bits < p.value_bits);
    }
    switch (p.pred) {
    case 0: return c > 0;
    case 1: return c >= 0;
    case 2: return c < 0;
    case 3: return c <= 0;
    case 4: return c == 0;
    default: return c != 0;
    }
}

/* ---- flag -> scan -> scatter ------------------------------------------------------ */

static __global__ void cp_flags(const uint32_t *in, const uint8_t *flags, size_t n, compact_kparams p,
                                uint32_t *out_flags)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        out_flags[i] = cp_keep(p.pred == 6 ? 0u : in[i], p, flags, i) ? 1u : 0u;
}

static __global__ void cp_scatter(const uint32_t *in, const uint32_t *flag_bits, const uint32_t *addr, size_t n,
                                  uint32_t *out, const uint32_t *total, unsigned long long *count)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        if (flag_bits[i]) out[addr[i]] = in[i];
    if (blockIdx.x == 0 && threadIdx.x == 0) *count = *total;
}

/* ---- single pass with decoupled look-back ------------------------------------------- */

static __global__ void __launch_bounds__(CP_THREADS) cp_single_pass(const uint32_t *in, const uint8_t *flags,
                                                                    size_t n, compact_kparams p, uint32_t *out,
                                                                    unsigned long long *status,
                                                                    unsigned int *tile_counter,
                                                                    unsigned long long *count)
{
    __shared__ uint32_t tile[CP_PAD(CP_TILE)];
    __shared__ unsigned int warp_sums[BS_WARP_SUMS];
    __shared__ unsigned long long s_prefix;
    __shared__ unsigned int s_tile;
    if (threadIdx.x == 0) s_tile = atomicAdd(tile_counter, 1u);   /* tiles start in order */
    __syncthreads();
    const unsigned int t = s_tile;
    const size_t base = (size_t)t * CP_TILE;
    const bool full = base + CP_TILE <= n && ((uintptr_t)in & 15u) == 0;

    if (full && p.pred != 6) {
        const uint4 *in4 = (const uint4 *)(in + base);
#pragma unroll
        for (int i = 0; i < CP_ITEMS / 4; i++) {
            unsigned int q = i * CP_THREADS + threadIdx.x;
            uint4 v = in4[q];
            unsigned int k = q * 4;
            tile[CP_PAD(k)] = v.x;
            tile[CP_PAD(k + 1)] = v.y;
            tile[CP_PAD(k + 2)] = v.z;
            tile[CP_PAD(k + 3)] = v.w;
        }
    } else {
        for (int i = 0; i < CP_ITEMS; i++) {
            unsigned int k = i * CP_THREADS + threadIdx.x;
            tile[CP_PAD(k)] = base + k < n ? in[base + k] : 0u;
        }
    }
    __syncthreads();

    uint32_t v[CP_ITEMS];
    unsigned int keep = 0, c = 0;
#pragma unroll
    for (int i = 0; i < CP_ITEMS; i++) {
        unsigned int k = threadIdx.x * CP_ITEMS + i;
        v[i] = tile[CP_PAD(k)];
        bool kp = base + k < n && cp_keep(v[i], p, flags, base + k);
        keep |= (unsigned int)kp << i;
        c += kp;
    }
    unsigned int tile_count;
    unsigned int rank = block_exclusive_sum(c, warp_sums, &tile_count);

    if (threadIdx.x < 32) {
        if (t == 0) {
            if (threadIdx.x == 0) {
                lb_store(status, LB_FLAG_INC | tile_count);
                s_prefix = 0;
            }
        } else {
            if (threadIdx.x == 0) lb_store(status + t, LB_FLAG_AGG | tile_count);
            unsigned long long prefix = lb_warp_lookback(status, t);
            if (threadIdx.x == 0) {
                lb_store(status + t, LB_FLAG_INC | (prefix + tile_count));
                s_prefix = prefix;
            }
        }
    }
    /* Pack the kept elements at the front of the tile (block_exclusive_sum synced). */
#pragma unroll
    for (int i = 0; i < CP_ITEMS; i++)
        if (keep >> i & 1u) {
            tile[CP_PAD(rank)] = v[i];
            rank++;
        }
    __syncthreads();
    const unsigned long long prefix = s_prefix;
    for (unsigned int k = threadIdx.x; k < tile_count; k += CP_THREADS) out[prefix + k] = tile[CP_PAD(k)];
    if (threadIdx.x == 0 && base + CP_TILE >= n) *count = prefix + tile_count;
}

static size_t cp_tiles(size_t n) { return (n + CP_TILE - 1) / CP_TILE; }

extern "C" size_t compact_kernel_temp_bytes(int algo, size_t n)
{
    if (algo == COMPACT_K_SINGLE_PASS) return 256 + (cp_tiles(n) + 1) * sizeof(unsigned long long);
    return 2 * ((n + 63) & ~(size_t)63) * sizeof(uint32_t) + flag_scan_temp_bytes(n) + 256;
}

extern "C" int compact_kernel_flag_scan_scatter(const compact_kparams *p, const uint32_t *in, const uint8_t *flags,
                                                uint32_t *flag_bits, uint32_t *addr, uint32_t *out, size_t n,
                                                unsigned long long *count, void *scan_temp, void *stream, sw_error *err)
{
    cudaStream_t s = (cudaStream_t)stream;
    if (n == 0) {
        CUDA_TRY(cudaMemsetAsync(count, 0, sizeof *count, s), err);
        return 0;
    }
    unsigned int grid = cuda_div_up(n, 256) < 65535u * 8 ? cuda_div_up(n, 256) : 65535u * 8;
    cp_flags<<<grid, 256, 0, s>>>(in, flags, n, *p, flag_bits);
    CUDA_TRY_LAUNCH("cp_flags", err);
    if (flag_scan_exclusive(flag_bits, addr, n, scan_temp, stream, err)) return -1;
    cp_scatter<<<grid, 256, 0, s>>>(in, flag_bits, addr, n, out, flag_scan_total(scan_temp, n), count);
    CUDA_TRY_LAUNCH("cp_scatter", err);
    return 0;
}

extern "C" int compact_kernel_run(int algo, const compact_kparams *p, const uint32_t *in, const uint8_t *flags,
                                  uint32_t *out, size_t n, unsigned long long *count, void *temp, void *stream,
                                  sw_error *err)
{
    cudaStream_t s = (cudaStream_t)stream;
    if (n >= ((size_t)1 << 32)) return sw_fail(err, "compact (cuda): %zu elements, the limit is 2^32 - 1", n);
    if (n == 0) {
        CUDA_TRY(cudaMemsetAsync(count, 0, sizeof *count, s), err);
        return 0;
    }
    if (algo == COMPACT_K_SINGLE_PASS) {
        unsigned int *counter = (unsigned int *)temp;
        unsigned long long *status = (unsigned long long *)((char *)temp + 256);
        size_t tiles = cp_tiles(n);
        CUDA_TRY(cudaMemsetAsync(temp, 0, 256 + tiles * sizeof(unsigned long long), s), err);
        cp_single_pass<<<(unsigned)tiles, CP_THREADS, 0, s>>>(in, flags, n, *p, out, status, counter, count);
        CUDA_TRY_LAUNCH("cp_single_pass", err);
        return 0;
    }
    size_t padded = (n + 63) & ~(size_t)63;
    uint32_t *flag_bits = (uint32_t *)temp, *addr = flag_bits + padded;
    return compact_kernel_flag_scan_scatter(p, in, flags, flag_bits, addr, out, n, count, addr + padded, stream, err);
}
