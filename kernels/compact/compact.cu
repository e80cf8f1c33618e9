/* Stream compaction, two ways (the single pass in two forms: one tile per block, and
 * pipelined, compact_pipe.cuh; "single-pass" runs CP_SINGLE_PASS_DEFAULT).
 * flag-scan-scatter (the chapter): a kernel writes 0/1 flags, flag_scan turns them into
 *   output addresses, a kernel scatters the kept elements. Three trips through memory.
 * single-pass: each tile of 4096 elements counts its kept elements, publishes the count,
 *   finds its output offset by decoupled look-back over earlier tiles, packs its kept
 *   elements in shared memory and writes them out in one coalesced run. The one-tile
 *   form is compiled in several tile shapes (cp_shapes: threads x items per thread,
 *   4096 to 10240 elements), picked by name or by SCANWORKS_COMPACT_TILE. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compact_kernel.h"
#include "kernels/scan/block_scan.cuh"
#include "kernels/common/cuda_util.cuh"
#include "flag_scan.h"

/* Elements per status word: the default tile, and the smallest of every shape
 * (compact_kernel_temp_bytes sizes the status words for it, CP_STATUS_SPREAD slots
 * apart at most). */
#define CP_TILE 4096
#define CP_STATUS_SPREAD 2

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
 * output offset in every lane. Tile t's status word: STATUS[t << SPREAD] (SPREAD 0
 * with ROWS > 1). */
template <int ROWS = 1, int SPREAD = 0>
static __device__ __forceinline__ unsigned long long cp_tile_prefix(unsigned long long *status, unsigned int t,
                                                                    unsigned int total)
{
    static_assert(ROWS == 1 || SPREAD == 0, "the many-row look-back reads packed words");
    const unsigned int lane = threadIdx.x & 31u;
    if (t == 0) {
        if (lane == 0) lb_store(status, LB_FLAG_INC | total);
        return 0;
    }
    unsigned long long *word = status + ((size_t)t << SPREAD);
    if (lane == 0) lb_store(word, LB_FLAG_AGG | total);
    const unsigned long long prefix =
        ROWS == 1 ? lb_warp_lookback<SPREAD>(status, t) : lb_warp_lookback_rows<ROWS>(status, t);
    if (lane == 0) lb_store(word, LB_FLAG_INC | (prefix + total));
    return prefix;
}

/* Tiles of THREADS x ITEMS elements (ITEMS a multiple of 4; the default 256 x 16 =
 * 4096). Each warp owns ITEMS * 32 consecutive elements of the tile (ITEMS / 4 rows of
 * 128, loaded as uint4), packs its kept ones into its own stretch of shared memory in
 * order, and writes them out as one run once the tile's offset (look-back) and the
 * warp's offset are known. Input and output are touched once: streaming loads and
 * stores (__ldcs, __stcs) keep them from evicting the status words in L2.
 * BID: tile = blockIdx.x (blocks start in index order, as CUB assumes) instead of a
 * ticket from TILE_COUNTER: no atomic and one barrier less before the loads.
 * The body of the kernels cp_single_pass and cp_single_pass_min below. */
template <int TYPE, int PRED, int THREADS, int ITEMS, bool BID, int SPREAD>
static __device__ __forceinline__ void cp_tile(const uint32_t *in, const uint8_t *flags, size_t n, uint32_t value,
                                               uint32_t *out, unsigned long long *status, unsigned int *tile_counter,
                                               unsigned long long *count)
{
    enum { WARPS = THREADS / 32, ROWS = ITEMS / 4, WARP_ITEMS = ROWS * 128, TILE = THREADS * ITEMS };
    static_assert(THREADS % 32 == 0 && THREADS <= 1024 && ITEMS % 4 == 0 && ITEMS > 0, "tile shape");
    static_assert(TILE * 4 + 64 <= 48 * 1024, "static shared memory: at most 48 KB a block");
    static_assert(TILE >= CP_TILE, "the status words are sized for tiles of CP_TILE or more");
    __shared__ uint32_t s_pack[WARPS][WARP_ITEMS];
    __shared__ unsigned int s_wtot[WARPS];
    __shared__ unsigned long long s_prefix;
    __shared__ unsigned int s_tile;
    const unsigned int lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;
    unsigned int t;
    if (BID) {
        t = blockIdx.x;
    } else {
        if (threadIdx.x == 0) s_tile = atomicAdd(tile_counter, 1u);   /* tiles start in order */
        __syncthreads();
        t = s_tile;
    }
    const size_t base = (size_t)t * TILE, wbase = base + (size_t)warp * WARP_ITEMS;
    const bool full = base + TILE <= n && ((uintptr_t)in & 15u) == 0;

    uint4 v[ROWS];
    unsigned int m[ROWS];
    if (full) {
#pragma unroll
        for (int r = 0; r < ROWS; r++) v[r] = __ldcs((const uint4 *)(in + wbase + r * 128) + lane);
    } else {
#pragma unroll
        for (int r = 0; r < ROWS; r++) {
            size_t i = wbase + r * 128 + lane * 4;
            v[r].x = i < n ? in[i] : 0u;
            v[r].y = i + 1 < n ? in[i + 1] : 0u;
            v[r].z = i + 2 < n ? in[i + 2] : 0u;
            v[r].w = i + 3 < n ? in[i + 3] : 0u;
        }
    }
#pragma unroll
    for (int r = 0; r < ROWS; r++) {
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
    for (int r = 0; r < ROWS; r++) {
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
    for (int w = 0; w < WARPS; w++) {
        unsigned int x = s_wtot[w];
        woff += w < (int)warp ? x : 0u;
        tile_count += x;
    }
    if (warp == 0) {
        unsigned long long prefix = cp_tile_prefix<1, SPREAD>(status, t, tile_count);
        if (lane == 0) s_prefix = prefix;
    }
    __syncthreads();
    const unsigned long long dst = s_prefix + woff;
    for (unsigned int k = lane; k < run; k += 32) __stcs(out + dst + k, s_pack[warp][k]);
    if (threadIdx.x == 0 && base + TILE >= n) *count = s_prefix + tile_count;
}

#define CP_PARAMS const uint32_t *in, const uint8_t *flags, size_t n, uint32_t value, uint32_t *out, \
                  unsigned long long *status, unsigned int *tile_counter, unsigned long long *count
/* ptxas picks the registers (the default shape: 32 to 40 registers, 6 to 8 blocks
 * per SM, depending on type and predicate). */
template <int TYPE, int PRED, int THREADS, int ITEMS, bool BID, int SPREAD = 0>
static __global__ void __launch_bounds__(THREADS) cp_single_pass(CP_PARAMS)
{
    cp_tile<TYPE, PRED, THREADS, ITEMS, BID, SPREAD>(in, flags, n, value, out, status, tile_counter, count);
}

/* At least MIN_BLOCKS blocks per SM: the registers capped to fit them. Turing (sm_75)
 * holds at most 1024 threads per SM: the bound is capped there, so that ptxas does
 * not drop it with a warning. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define CP_ARCH_MAX_THREADS 1024
#else
#define CP_ARCH_MAX_THREADS 2048
#endif
#define CP_MIN_BLOCKS(THREADS, MIN_BLOCKS) \
    ((THREADS) * (MIN_BLOCKS) <= CP_ARCH_MAX_THREADS ? (MIN_BLOCKS) : CP_ARCH_MAX_THREADS / (THREADS))
template <int TYPE, int PRED, int THREADS, int ITEMS, bool BID, int MIN_BLOCKS, int SPREAD = 0>
static __global__ void __launch_bounds__(THREADS, CP_MIN_BLOCKS(THREADS, MIN_BLOCKS)) cp_single_pass_min(CP_PARAMS)
{
    cp_tile<TYPE, PRED, THREADS, ITEMS, BID, SPREAD>(in, flags, n, value, out, status, tile_counter, count);
}

#include "compact_pipe.cuh"
static_assert(CPP_TILE == CP_TILE, "both single passes use the same status words (compact_kernel_temp_bytes)");

typedef void (*cp_kernel)(const uint32_t *, const uint8_t *, size_t, uint32_t, uint32_t *, unsigned long long *,
                          unsigned int *, unsigned long long *);
typedef void (*cpp_kernel)(const uint32_t *, const uint8_t *, size_t, uint32_t, uint32_t *, unsigned long long *,
                           unsigned long long *, unsigned int);

/* The one-tile kernel's shapes: "THREADSxITEMS" (items per thread), "-bid" for tile =
 * blockIdx.x, "-mN" for at least N blocks per SM (cp_single_pass_min), "-spread4" for
 * tile t's status word at slot 4t (CP_STATUS_SPREAD); CP_SHAPE_DEFAULT names the
 * default. Each shape has all 21 kernels (type x predicate). */
#define CP_ROW(T, K, ...) {K<T, 0, __VA_ARGS__>, K<T, 1, __VA_ARGS__>, K<T, 2, __VA_ARGS__>, K<T, 3, __VA_ARGS__>, \
                          K<T, 4, __VA_ARGS__>, K<T, 5, __VA_ARGS__>, K<T, 6, __VA_ARGS__>}
#define CP_TABLE(K, ...) {CP_ROW(0, K, __VA_ARGS__), CP_ROW(1, K, __VA_ARGS__), CP_ROW(2, K, __VA_ARGS__)}
#define CP_SHAPE_SP(NAME, TH, IT, BID, SP) {NAME, TH, TH * IT, SP, CP_TABLE(cp_single_pass, TH, IT, BID, SP)}
#define CP_SHAPE_MIN_SP(NAME, TH, IT, BID, MB, SP) \
    {NAME, TH, TH * IT, SP, CP_TABLE(cp_single_pass_min, TH, IT, BID, MB, SP)}
#define CP_SHAPE(NAME, TH, IT, BID) CP_SHAPE_SP(NAME, TH, IT, BID, 0)
#define CP_SHAPE_MIN(NAME, TH, IT, BID, MB) CP_SHAPE_MIN_SP(NAME, TH, IT, BID, MB, 0)
struct cp_shape {
    const char *name;
    int threads, tile;
    int spread;   /* tile t's status word at slot t << spread */
    cp_kernel k[3][7];
};
/* Blocks per SM on sm_90 for int32 > 0 (registers from ptxas; 64K registers, 2048
 * threads, 228 KB of shared memory per SM), and the loads in flight per SM then. */
static const cp_shape cp_shapes[] = {
    CP_SHAPE("256x16", 256, 16, false),                 /* 32 regs: 8 blocks, 128 KB (round 2's) */
    CP_SHAPE("256x16-bid", 256, 16, true),
    CP_SHAPE("256x24", 256, 24, false),                 /* 40 regs: 6 blocks, 144 KB */
    CP_SHAPE("256x24-bid", 256, 24, true),              /* 58 regs: 4 blocks, 96 KB */
    CP_SHAPE_MIN("256x24-bid-m6", 256, 24, true, 6),    /* 40 regs: 6 blocks, 144 KB (default) */
    CP_SHAPE("256x32", 256, 32, false),                 /* 68 regs: 3 blocks, 96 KB */
    CP_SHAPE_MIN("256x32-m4", 256, 32, false, 4),       /* 64 regs: 4 blocks, 128 KB */
    CP_SHAPE_MIN("256x32-bid-m4", 256, 32, true, 4),
    CP_SHAPE("256x40-bid", 256, 40, true),              /* 80 regs: 3 blocks, 120 KB */
    CP_SHAPE("384x16", 384, 16, false),                 /* 32 regs: 5 blocks, 120 KB */
    CP_SHAPE("384x16-bid", 384, 16, true),
    CP_SHAPE("512x16", 512, 16, false),                 /* 32 regs: 4 blocks, 128 KB */
    CP_SHAPE("512x16-bid", 512, 16, true),
    CP_SHAPE("128x32", 128, 32, false),                 /* 64 regs: 8 blocks, 128 KB */
    CP_SHAPE("512x8", 512, 8, false),                   /* 32 regs: 4 blocks, 64 KB */
    CP_SHAPE_MIN_SP("256x24-bid-m6-spread4", 256, 24, true, 6, CP_STATUS_SPREAD),
    CP_SHAPE_SP("256x16-spread4", 256, 16, false, CP_STATUS_SPREAD),
};
#define CPP_ROW(T) {cp_pipe<T, 0>, cp_pipe<T, 1>, cp_pipe<T, 2>, cp_pipe<T, 3>, cp_pipe<T, 4>, cp_pipe<T, 5>, cp_pipe<T, 6>}
static const cpp_kernel cpp_kernels[3][7] = {CPP_ROW(0), CPP_ROW(1), CPP_ROW(2)};

/* What "single-pass" runs: COMPACT_K_SINGLE_PASS_PIPE or COMPACT_K_SINGLE_PASS_TILE;
 * and the shape "single-pass-tile" runs when none is named (a name in cp_shapes). */
#define CP_SINGLE_PASS_DEFAULT COMPACT_K_SINGLE_PASS_TILE
/* 256x24-bid-m6-spread4: on the H200 at 2^28 int32 0.488-0.494 ms against 0.573-0.581
 * for 256x24-bid-m6 with packed status words (the default before) and 0.597-0.605 for
 * CUB in the same runs (docs/perf-csearch.md, compaction round 4). */
#define CP_SHAPE_DEFAULT "256x24-bid-m6-spread4"

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
        if (cuda_resident_blocks((const void *)k, CPP_THREADS, CPP_SMEM, &resident[type][pred], err)) return -1;
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
    if (algo != COMPACT_K_FLAG_SCAN_SCATTER)
        return 256 + ((cp_tiles(n) << CP_STATUS_SPREAD) + 1) * sizeof(unsigned long long);
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

#define CP_SHAPES ((int)(sizeof cp_shapes / sizeof cp_shapes[0]))

static int cp_shape_index(const char *name)
{
    for (int i = 0; i < CP_SHAPES; i++)
        if (!strcmp(cp_shapes[i].name, name)) return i;
    return -1;
}

static int cp_shape_unknown(const char *what, const char *name, sw_error *err)
{
    char list[256] = "";
    for (int i = 0; i < CP_SHAPES; i++) {
        strncat(list, i ? " " : "", sizeof list - strlen(list) - 1);
        strncat(list, cp_shapes[i].name, sizeof list - strlen(list) - 1);
    }
    return sw_fail(err, "compact (cuda): %s '%s' is no compiled tile shape; use one of %s", what, name, list);
}

/* The shape of a one-tile run: P->tile if named, else SCANWORKS_COMPACT_TILE (read
 * once), else the default. -1 (ERR set) for a name that is no compiled shape. */
static int cp_shape_of(const compact_kparams *p, sw_error *err)
{
    static int env_read, env_index;
    static char env_value[64];
    if (p->tile) {
        const int i = cp_shape_index(p->tile);
        return i >= 0 ? i : cp_shape_unknown("tile shape", p->tile, err);
    }
    if (!env_read) {
        const char *e = getenv("SCANWORKS_COMPACT_TILE");
        env_index = cp_shape_index(e && *e ? e : CP_SHAPE_DEFAULT);
        if (e) snprintf(env_value, sizeof env_value, "%s", e);
        env_read = 1;
    }
    return env_index >= 0 ? env_index : cp_shape_unknown("SCANWORKS_COMPACT_TILE", env_value, err);
}

extern "C" const char *compact_kernel_tile_shape(int i)
{
    return i >= 0 && i < CP_SHAPES ? cp_shapes[i].name : NULL;
}

extern "C" size_t compact_kernel_tile_elements(const char *shape, sw_error *err)
{
    compact_kparams p = {0, 0, 0, shape};
    const int i = cp_shape_of(&p, err);
    return i < 0 ? 0 : (size_t)cp_shapes[i].tile;
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
        if ((unsigned)p->type > 2 || (unsigned)p->pred > 6) return sw_fail(err, "compact (cuda): bad type or predicate");
        const int shape = cp_shape_of(p, err);
        if (shape < 0) return -1;
        if (algo == COMPACT_K_SINGLE_PASS_PIPE) {
            const size_t tiles = cp_tiles(n);
            CUDA_TRY(cudaMemsetAsync(temp, 0, 256 + tiles * sizeof(unsigned long long), s), err);
            long long grid = cpp_launch(cpp_kernels[p->type][p->pred], p->type, p->pred, p, in, flags, n, out, status,
                                        count, tiles, s, err);
            if (grid != 0) return grid < 0 ? -1 : 0;
        }
        const cp_shape &sh = cp_shapes[shape];
        const size_t tiles = (n + (size_t)sh.tile - 1) / (size_t)sh.tile;   /* at most cp_tiles(n) */
        CUDA_TRY(cudaMemsetAsync(temp, 0, 256 + (tiles << sh.spread) * sizeof(unsigned long long), s), err);
        sh.k[p->type][p->pred]<<<(unsigned)tiles, sh.threads, 0, s>>>(in, flags, n, p->value_bits, out, status,
                                                                     counter, count);
        CUDA_TRY_LAUNCH("cp_single_pass", err);
        return 0;
    }
    size_t padded = (n + 63) & ~(size_t)63;
    uint32_t *flag_bits = (uint32_t *)temp, *addr = flag_bits + padded;
    return compact_kernel_flag_scan_scatter(p, in, flags, flag_bits, addr, out, n, count, addr + padded, stream, err);
}
