/* Stream compaction (docs/perf/compact.md).
 * flag-scan-scatter (the chapter's ladder, 39.3.1): flags, turned into output addresses
 *   by the scan ladder's "tuned" rung, and a scatter: three trips through memory.
 * single-pass (production): each tile counts its kept elements, finds its output offset
 *   by decoupled look-back, packs them in shared memory and writes them out in one
 *   coalesced run; shape from tune.h, checks and temp sizes in
 *   src/prim/compact_plan_cuda.c. */
#include "compact_kernel.h"
#include "kernels/common/block_scan.cuh"
#include "kernels/common/cuda_util.cuh"

/* Whether element I (bits BITS) is kept: PRED 0 gt, 1 ge, 2 lt, 3 le, 4 eq, 5 ne against
 * VALUE, both read as TYPE (0 uint32, 1 int32, 2 float32; NaN compares as unordered), or
 * 6 where FLAGS[I] != 0. The template fixes type and predicate at compile time (the
 * single pass); -1 leaves them to the arguments (the flags kernel). */
template <int TYPE = -1, int PRED = -1>
static __device__ __forceinline__ bool cp_keep(uint32_t bits, uint32_t value, const uint8_t *flags, size_t i,
                                               int type = TYPE, int pred = PRED)
{
    if (TYPE >= 0) type = TYPE, pred = PRED;
    if (pred == 6) return flags[i] != 0;
    int c;   /* -1, 0, 1: element compared with the value */
    if (type == 2) {
        float a = __uint_as_float(bits), b = __uint_as_float(value);
        if (a != a || b != b) return pred == 5;
        c = (a > b) - (a < b);
    } else if (type == 1) {
        int a = (int)bits, b = (int)value;
        c = (a > b) - (a < b);
    } else {
        c = (bits > value) - (bits < value);
    }
    switch (pred) {
    case 0: return c > 0;
    case 1: return c >= 0;
    case 2: return c < 0;
    case 3: return c <= 0;
    case 4: return c == 0;
    default: return c != 0;
    }
}

static __global__ void cp_flags(const uint32_t *in, const uint8_t *flags, size_t n, compact_kparams p,
                                uint32_t *out_flags)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        out_flags[i] = cp_keep(p.pred == 6 ? 0u : in[i], p.value_bits, flags, i, p.type, p.pred) ? 1u : 0u;
}

/* N >= 1: the count is the last address plus the last flag. */
static __global__ void cp_scatter(const uint32_t *in, const uint32_t *flag_bits, const uint32_t *addr, size_t n,
                                  uint32_t *out, unsigned long long *count)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        if (flag_bits[i]) out[addr[i]] = in[i];
    if (blockIdx.x == 0 && threadIdx.x == 0) *count = (unsigned long long)addr[n - 1] + flag_bits[n - 1];
}

/* The single pass, a block a tile of THREADS x ITEMS elements (ITEMS a multiple of 4, at
 * least 4096 a tile), registers capped for MIN_BLOCKS blocks an SM. Each warp owns
 * ITEMS * 32 consecutive elements (ITEMS / 4 rows of 128, loaded as uint4), packs its
 * kept ones in order into its stretch of shared memory and writes them out as one run
 * once the tile's offset and the warp's are known. The tile's offset: decoupled
 * look-back by warp 0, 32 tiles a step, tile t's status word at STATUS[t << SPREAD].
 * Streaming loads and stores (__ldcs, __stcs) keep input and output from evicting the
 * status words in L2. The tile is blockIdx.x (blocks start in index order, as CUB
 * assumes): no atomic ticket, one barrier less before the loads. */
template <int TYPE, int PRED, int THREADS, int ITEMS, int MIN_BLOCKS, int SPREAD = 0>
static __global__ void __launch_bounds__(THREADS, SW_MIN_BLOCKS(THREADS, MIN_BLOCKS))
    cp_single_pass_min(const uint32_t *in, const uint8_t *flags, size_t n, uint32_t value, uint32_t *out,
                       unsigned long long *status, unsigned long long *count)
{
    enum { WARPS = THREADS / 32, ROWS = ITEMS / 4, WARP_ITEMS = ROWS * 128, TILE = THREADS * ITEMS };
    static_assert(THREADS % 32 == 0 && THREADS <= 1024 && ITEMS % 4 == 0 && ITEMS > 0, "tile shape");
    static_assert(TILE * 4 + 64 <= 48 * 1024, "static shared memory: at most 48 KB a block");
    static_assert(TILE >= COMPACT_K_MIN_TILE, "the status words are sized for tiles of COMPACT_K_MIN_TILE or more");
    __shared__ uint32_t s_pack[WARPS][WARP_ITEMS];
    __shared__ unsigned int s_wtot[WARPS];
    __shared__ unsigned long long s_prefix;
    const unsigned int lane = threadIdx.x & 31u, warp = threadIdx.x >> 5, t = blockIdx.x;
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
        bool k0 = i < n && cp_keep<TYPE, PRED>(v[r].x, value, flags, i);
        bool k1 = i + 1 < n && cp_keep<TYPE, PRED>(v[r].y, value, flags, i + 1);
        bool k2 = i + 2 < n && cp_keep<TYPE, PRED>(v[r].z, value, flags, i + 2);
        bool k3 = i + 3 < n && cp_keep<TYPE, PRED>(v[r].w, value, flags, i + 3);
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
    if (warp == 0) {   /* publish the tile's count, look back, publish its inclusive count */
        unsigned long long prefix = 0;
        if (t == 0) {
            if (lane == 0) lb_store(status, LB_FLAG_INC | tile_count);
        } else {
            unsigned long long *word = status + ((size_t)t << SPREAD);
            if (lane == 0) lb_store(word, LB_FLAG_AGG | tile_count);
            prefix = lb_warp_lookback<SPREAD>(status, t);
            if (lane == 0) lb_store(word, LB_FLAG_INC | (prefix + tile_count));
        }
        if (lane == 0) s_prefix = prefix;
    }
    __syncthreads();
    const unsigned long long dst = s_prefix + woff;
    for (unsigned int k = lane; k < run; k += 32) __stcs(out + dst + k, s_pack[warp][k]);
    if (threadIdx.x == 0 && base + TILE >= n) *count = s_prefix + tile_count;
}

typedef void (*cp_kernel)(const uint32_t *, const uint8_t *, size_t, uint32_t, uint32_t *, unsigned long long *,
                          unsigned long long *);

/* The compiled shapes, X(threads, items a thread, blocks an SM, status spread): tune.h's
 * rows name them. Each has all 21 kernels (type x predicate), tile = blockIdx.x. */
#define CP_SHAPES(X) X(256, 24, 6, 2) X(256, 16, 4, 0)   /* spread <= COMPACT_K_MAX_SPREAD */
#define CP_ROW(T, ...) {cp_single_pass_min<T, 0, __VA_ARGS__>, cp_single_pass_min<T, 1, __VA_ARGS__>, \
                        cp_single_pass_min<T, 2, __VA_ARGS__>, cp_single_pass_min<T, 3, __VA_ARGS__>, \
                        cp_single_pass_min<T, 4, __VA_ARGS__>, cp_single_pass_min<T, 5, __VA_ARGS__>, \
                        cp_single_pass_min<T, 6, __VA_ARGS__>}
#define CP_SHAPE_ROW(TH, IT, MB, SP) {TH, IT, MB, SP, {CP_ROW(0, TH, IT, MB, SP), CP_ROW(1, TH, IT, MB, SP), \
                                                      CP_ROW(2, TH, IT, MB, SP)}},
struct cp_shape {
    int threads, items, min_blocks, spread;
    cp_kernel k[3][7];
};
static const cp_shape cp_shapes[] = {CP_SHAPES(CP_SHAPE_ROW)};

extern "C" const void *compact_flag_scan_scatter_kernel(int scatter)
{
    return scatter ? (const void *)cp_scatter : (const void *)cp_flags;
}

extern "C" const void *compact_single_pass_kernel(const compact_tune *tu, int type, int pred)
{
    for (size_t i = 0; i < sizeof cp_shapes / sizeof cp_shapes[0]; i++) {
        const cp_shape *sh = &cp_shapes[i];
        if (sh->threads == tu->threads && sh->items == tu->items && sh->min_blocks == tu->min_blocks &&
            sh->spread == tu->spread)
            return (const void *)sh->k[type][pred];
    }
    return NULL;
}
