/* Stream compaction, two ways (the single pass in two forms: one tile per block, and
 * pipelined, compact_pipe.cuh; "single-pass" runs CP_SINGLE_PASS_DEFAULT).
 * flag-scan-scatter (the chapter): a kernel writes 0/1 flags, flag_scan turns them into
 *   output addresses, a kernel scatters the kept elements. Three trips through memory.
 * single-pass: each tile of 4096 elements counts its kept elements, publishes the count,
 *   finds its output offset by decoupled look-back over earlier tiles, packs its kept
 *   elements in shared memory and writes them out in one coalesced run. */
#include <stdlib.h>

#include "compact_kernel.h"
#include "block_scan.cuh"
#include "cuda_util.cuh"
#include "flag_scan.h"

#define CP_THREADS 256
#define CP_ITEMS 16
#define CP_TILE (CP_THREADS * CP_ITEMS)

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

#define CP_WARPS 8
#define CP_ROWS 4   /* rows of 128 elements (32 lanes x uint4) per warp */
#define CP_WARP_ITEMS (CP_ROWS * 128)

/* The predicate with type and operator fixed at compile time. */
template <int TYPE, int PRED>
static __device__ __forceinline__ bool cp_keep_t(uint32_t bits, uint32_t value)
{
    int c;
    if (TYPE == 2) {
        float a = __uint_as_float(bits), b = __uint_as_float(value);
        if (a != a || b != b) return PRED == 5;
        c = (a > b) - (a < b);
    } else if (TYPE == 1) {
        c = ((int)bits > (int)value) - ((int)bits < (int)value);
    } else {
        c = (bits > value) - (bits < value);
    }
    return PRED == 0 ? c > 0 : PRED == 1 ? c >= 0 : PRED == 2 ? c < 0 : PRED == 3 ? c <= 0 : PRED == 4 ? c == 0 : c != 0;
}

/* Warp 0 (all lanes) of tile T, which keeps TOTAL elements: publishes its count,
 * looks back (ROWS * 32 tiles per step), publishes its inclusive count; returns its
 * output offset in every lane. */
template <int ROWS = 1>
static __device__ __forceinline__ unsigned long long cp_tile_prefix(unsigned long long *status, unsigned int t,
                                                                    unsigned int total)
{
    const unsigned int lane = threadIdx.x & 31u;
    if (t == 0) {
        if (lane == 0) lb_store(status, LB_FLAG_INC | total);
        return 0;
    }
    if (lane == 0) lb_store(status + t, LB_FLAG_AGG | total);
    const unsigned long long prefix =
        ROWS == 1 ? lb_warp_lookback(status, t) : lb_warp_lookback_rows<ROWS>(status, t);
    if (lane == 0) lb_store(status + t, LB_FLAG_INC | (prefix + total));
    return prefix;
}

/* Each warp owns 512 consecutive elements of the tile (4 rows of 128, loaded as uint4),
 * packs its kept ones into its own stretch of shared memory in order, and writes them
 * out as one run once the tile's offset (look-back) and the warp's offset are known.
 * Input and output are touched once: streaming loads and stores (__ldcs, __stcs) keep
 * them from evicting the status words in L2. */
template <int TYPE, int PRED>
static __global__ void __launch_bounds__(CP_THREADS) cp_single_pass(const uint32_t *in, const uint8_t *flags,
                                                                    size_t n, uint32_t value, uint32_t *out,
                                                                    unsigned long long *status,
                                                                    unsigned int *tile_counter,
                                                                    unsigned long long *count)
{
    __shared__ uint32_t s_pack[CP_WARPS][CP_WARP_ITEMS];
    __shared__ unsigned int s_wtot[CP_WARPS];
    __shared__ unsigned long long s_prefix;
    __shared__ unsigned int s_tile;
    const unsigned int lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;
    if (threadIdx.x == 0) s_tile = atomicAdd(tile_counter, 1u);   /* tiles start in order */
    __syncthreads();
    const unsigned int t = s_tile;
    const size_t base = (size_t)t * CP_TILE, wbase = base + (size_t)warp * CP_WARP_ITEMS;
    const bool full = base + CP_TILE <= n && ((uintptr_t)in & 15u) == 0;

    uint4 v[CP_ROWS];
    unsigned int m[CP_ROWS];
    if (full) {
#pragma unroll
        for (int r = 0; r < CP_ROWS; r++) v[r] = __ldcs((const uint4 *)(in + wbase + r * 128) + lane);
    } else {
#pragma unroll
        for (int r = 0; r < CP_ROWS; r++) {
            size_t i = wbase + r * 128 + lane * 4;
            v[r].x = i < n ? in[i] : 0u;
            v[r].y = i + 1 < n ? in[i + 1] : 0u;
            v[r].z = i + 2 < n ? in[i + 2] : 0u;
            v[r].w = i + 3 < n ? in[i + 3] : 0u;
        }
    }
#pragma unroll
    for (int r = 0; r < CP_ROWS; r++) {
        size_t i = wbase + r * 128 + lane * 4;
        bool k0, k1, k2, k3;
        if (PRED == 6) {
            k0 = i < n && flags[i], k1 = i + 1 < n && flags[i + 1];
            k2 = i + 2 < n && flags[i + 2], k3 = i + 3 < n && flags[i + 3];
        } else {
            k0 = i < n && cp_keep_t<TYPE, PRED>(v[r].x, value);
            k1 = i + 1 < n && cp_keep_t<TYPE, PRED>(v[r].y, value);
            k2 = i + 2 < n && cp_keep_t<TYPE, PRED>(v[r].z, value);
            k3 = i + 3 < n && cp_keep_t<TYPE, PRED>(v[r].w, value);
        }
        m[r] = (unsigned)k0 | (unsigned)k1 << 1 | (unsigned)k2 << 2 | (unsigned)k3 << 3;
    }
    unsigned int run = 0;
#pragma unroll
    for (int r = 0; r < CP_ROWS; r++) {
        unsigned int c = __popc(m[r]);
        unsigned int inc = warp_inclusive_sum(c);
        unsigned int pos = run + inc - c;
        if (m[r] & 1u) s_pack[warp][pos++] = v[r].x;
        if (m[r] & 2u) s_pack[warp][pos++] = v[r].y;
        if (m[r] & 4u) s_pack[warp][pos++] = v[r].z;
        if (m[r] & 8u) s_pack[warp][pos] = v[r].w;
        run += __shfl_sync(BS_FULL_MASK, inc, 31);
    }
    if (lane == 0) s_wtot[warp] = run;
    __syncthreads();
    unsigned int woff = 0, tile_count = 0;
#pragma unroll
    for (int w = 0; w < CP_WARPS; w++) {
        unsigned int x = s_wtot[w];
        woff += w < (int)warp ? x : 0u;
        tile_count += x;
    }
    if (warp == 0) {
        unsigned long long prefix = cp_tile_prefix(status, t, tile_count);
        if (lane == 0) s_prefix = prefix;
    }
    __syncthreads();
    const unsigned long long dst = s_prefix + woff;
    for (unsigned int k = lane; k < run; k += 32) __stcs(out + dst + k, s_pack[warp][k]);
    if (threadIdx.x == 0 && base + CP_TILE >= n) *count = s_prefix + tile_count;
}

#include "compact_pipe.cuh"
static_assert(CPP_TILE == CP_TILE, "both single passes use the same status words (compact_kernel_temp_bytes)");

typedef void (*cp_kernel)(const uint32_t *, const uint8_t *, size_t, uint32_t, uint32_t *, unsigned long long *,
                          unsigned int *, unsigned long long *);
typedef void (*cpp_kernel)(const uint32_t *, const uint8_t *, size_t, uint32_t, uint32_t *, unsigned long long *,
                           unsigned long long *, unsigned int);

#define CP_ROW(T) {cp_single_pass<T, 0>, cp_single_pass<T, 1>, cp_single_pass<T, 2>, cp_single_pass<T, 3>, \
                   cp_single_pass<T, 4>, cp_single_pass<T, 5>, cp_single_pass<T, 6>}
static const cp_kernel cp_kernels[3][7] = {CP_ROW(0), CP_ROW(1), CP_ROW(2)};
#define CPP_ROW(T) {cp_pipe<T, 0>, cp_pipe<T, 1>, cp_pipe<T, 2>, cp_pipe<T, 3>, cp_pipe<T, 4>, cp_pipe<T, 5>, cp_pipe<T, 6>}
static const cpp_kernel cpp_kernels[3][7] = {CPP_ROW(0), CPP_ROW(1), CPP_ROW(2)};

/* What "single-pass" runs: COMPACT_K_SINGLE_PASS_PIPE or COMPACT_K_SINGLE_PASS_TILE. */
#define CP_SINGLE_PASS_DEFAULT COMPACT_K_SINGLE_PASS_TILE

/* The pipelined kernel on a grid of the blocks the GPU holds at once (at most TILES;
 * the grid must be co-resident: scan_lookback_pipe.cuh). Returns the grid, 0 when a
 * block does not fit this GPU (the caller runs the one-tile kernel instead), -1 on an
 * error. */
static long long cpp_launch(cpp_kernel k, int type, int pred, const compact_kparams *p, const uint32_t *in,
                            const uint8_t *flags, size_t n, uint32_t *out, unsigned long long *status,
                            unsigned long long *count, size_t tiles, cudaStream_t s, sw_error *err)
{
    static int cached_device[3][7], resident[3][7];   /* device + 1, blocks on the whole GPU */
    int dev;
    CUDA_TRY(cudaGetDevice(&dev), err);
    if (cached_device[type][pred] != dev + 1) {
        int sms = 0, per_sm = 0, optin = 0;
        CUDA_TRY(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev), err);
        CUDA_TRY(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev), err);
        if ((size_t)optin >= CPP_SMEM) {
            CUDA_TRY(cudaFuncSetAttribute((const void *)k, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                          (int)CPP_SMEM), err);
            CUDA_TRY(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, (const void *)k, CPP_THREADS, CPP_SMEM),
                     err);
        }
        resident[type][pred] = sms * per_sm;
        cached_device[type][pred] = dev + 1;
    }
    if (resident[type][pred] <= 0) return 0;
    size_t grid = tiles < (size_t)resident[type][pred] ? tiles : (size_t)resident[type][pred];
    /* Checks: fewer blocks, each looping over more tiles (the ring wraps sooner; one
     * block compacts every tile in order). */
    const char *cap = getenv("SCANWORKS_COMPACT_PIPE_GRID");
    if (cap && atoi(cap) > 0 && grid > (size_t)atoi(cap)) grid = (size_t)atoi(cap);
    k<<<(unsigned)grid, CPP_THREADS, CPP_SMEM, s>>>(in, flags, n, p->value_bits, out, status, count,
                                                   (unsigned)tiles);
    CUDA_TRY_LAUNCH("cp_pipe", err);
    return (long long)grid;
}

static size_t cp_tiles(size_t n) { return (n + CP_TILE - 1) / CP_TILE; }

extern "C" size_t compact_kernel_temp_bytes(int algo, size_t n)
{
    if (algo != COMPACT_K_FLAG_SCAN_SCATTER) return 256 + (cp_tiles(n) + 1) * sizeof(unsigned long long);
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
    if (algo == COMPACT_K_SINGLE_PASS) algo = CP_SINGLE_PASS_DEFAULT;
    if (algo == COMPACT_K_SINGLE_PASS_PIPE || algo == COMPACT_K_SINGLE_PASS_TILE) {
        unsigned int *counter = (unsigned int *)temp;
        unsigned long long *status = (unsigned long long *)((char *)temp + 256);
        size_t tiles = cp_tiles(n);
        CUDA_TRY(cudaMemsetAsync(temp, 0, 256 + tiles * sizeof(unsigned long long), s), err);
        if ((unsigned)p->type > 2 || (unsigned)p->pred > 6) return sw_fail(err, "compact (cuda): bad type or predicate");
        if (algo == COMPACT_K_SINGLE_PASS_PIPE) {
            long long grid = cpp_launch(cpp_kernels[p->type][p->pred], p->type, p->pred, p, in, flags, n, out, status,
                                        count, tiles, s, err);
            if (grid != 0) return grid < 0 ? -1 : 0;
        }
        cp_kernels[p->type][p->pred]<<<(unsigned)tiles, CP_THREADS, 0, s>>>(in, flags, n, p->value_bits, out, status,
                                                                           counter, count);
        CUDA_TRY_LAUNCH("cp_single_pass", err);
        return 0;
    }
    size_t padded = (n + 63) & ~(size_t)63;
    uint32_t *flag_bits = (uint32_t *)temp, *addr = flag_bits + padded;
    return compact_kernel_flag_scan_scatter(p, in, flags, flag_bits, addr, out, n, count, addr + padded, stream, err);
}
