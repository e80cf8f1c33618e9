/* Onesweep LSD radix sort, second version (Adinets & Merrill 2022, as CUB does it).
 * Differences from the first (radix_sort.cu, "onesweep-v1"):
 * - the histogram of all four digits reads the keys as uint4 from a grid of about two
 *   blocks per SM, so one pass costs little more than a read of the keys;
 * - tiles of T threads x K keys, a compiled-in set of shapes picked by name at run time
 *   ("onesweep-v2-T-K[-options]", see os_sweep; defaults OS_DEFAULT and OS_DEFAULT_PAIRS,
 *   both 384 x 16: 6,144 keys, runs of 24 keys per digit in the scatter, three tiles per
 *   SM for keys alone with 56 registers, two with values); blocks per SM per shape from
 *   the registers it needs (os_shapes);
 * - ranking finds the lanes of a warp with the same digit by eight ballots (one per
 *   digit bit) instead of __match_any_sync, which is slow on every chip so far; the
 *   lowest-to-highest order of lanes and items keeps the sort stable;
 * - the per-warp digit counters start from the warp's offset in the tile (counted up
 *   front and scanned), so one shared atomic per group of equal digits gives every key
 *   its final place in the tile, with no __syncwarp pairs;
 * - the decoupled look-back for the tile's 256 digit prefixes runs after ranking, so
 *   earlier tiles have usually finished when it starts.
 * Status words: 2-bit flag and 30-bit count per tile and digit, hence n <= 2^30. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "radix_sort_kernel.h"
#include "block_scan.cuh"
#include "cuda_util.cuh"

#define OS_BINS 256
#define OS_FLAG_AGG 0x40000000u
#define OS_FLAG_INC 0x80000000u
#define OS_FLAGS (OS_FLAG_AGG | OS_FLAG_INC)
#define OS_VALUE 0x3fffffffu
#define OS_HIST_THREADS 1024

/* Threads an SM holds, for the blocks-per-SM hints: 2048 on sm_80 and sm_90, 1536 on
 * sm_86/87/89, 1024 on sm_75. */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900 || __CUDA_ARCH__ == 800
#define OS_SM_THREADS 2048
#elif __CUDA_ARCH__ > 800
#define OS_SM_THREADS 1536
#else
#define OS_SM_THREADS 1024
#endif
/* Shared memory an SM holds (bytes), for the same hints. */
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
#define OS_SM_SMEM (228 * 1024)
#elif __CUDA_ARCH__ == 800 || __CUDA_ARCH__ == 870
#define OS_SM_SMEM (164 * 1024)
#elif __CUDA_ARCH__ > 800
#define OS_SM_SMEM (100 * 1024)
#else
#define OS_SM_SMEM (64 * 1024)
#endif
#define OS_HIST_BLOCKS (OS_SM_THREADS / OS_HIST_THREADS)

/* ---- histogram of the four digits --------------------------------------------------- */

static __device__ __forceinline__ void os_count(unsigned int (*h)[OS_BINS], uint32_t k, int mode)
{
    uint32_t u = key_to_ordered(k, mode);
    atomicAdd(&h[0][u & 255u], 1u);
    atomicAdd(&h[1][(u >> 8) & 255u], 1u);
    atomicAdd(&h[2][(u >> 16) & 255u], 1u);
    atomicAdd(&h[3][u >> 24], 1u);
}

/* HIST (4 x 256, zeroed) gets the counts. Keys as uint4 where KEYS is 16-byte aligned. */
static __global__ void __launch_bounds__(OS_HIST_THREADS, OS_HIST_BLOCKS) os_histogram(const uint32_t *__restrict__ keys,
                                                                       unsigned int n, int mode,
                                                                       unsigned int *hist)
{
    __shared__ unsigned int h[4][OS_BINS];
    for (unsigned int i = threadIdx.x; i < 4 * OS_BINS; i += blockDim.x) (&h[0][0])[i] = 0;
    __syncthreads();
    const unsigned int stride = gridDim.x * blockDim.x;
    const unsigned int n4 = ((uintptr_t)keys & 15u) ? 0u : n / 4;
    const uint4 *k4 = (const uint4 *)keys;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (; i + stride < n4; i += 2 * stride) {   /* two loads in flight per thread */
        uint4 a = k4[i], b = k4[i + stride];
        os_count(h, a.x, mode), os_count(h, a.y, mode), os_count(h, a.z, mode), os_count(h, a.w, mode);
        os_count(h, b.x, mode), os_count(h, b.y, mode), os_count(h, b.z, mode), os_count(h, b.w, mode);
    }
    if (i < n4) {
        uint4 a = k4[i];
        os_count(h, a.x, mode), os_count(h, a.y, mode), os_count(h, a.z, mode), os_count(h, a.w, mode);
    }
    for (unsigned int j = n4 * 4 + blockIdx.x * blockDim.x + threadIdx.x; j < n; j += stride)
        os_count(h, keys[j], mode);
    __syncthreads();
    for (unsigned int j = threadIdx.x; j < 4 * OS_BINS; j += blockDim.x)
        if ((&h[0][0])[j]) atomicAdd(hist + j, (&h[0][0])[j]);
}

/* One block of 256 threads per digit position: HIST becomes the exclusive prefix of
 * each position's counts, the place where that digit's keys start in the output. */
static __global__ void os_digit_starts(unsigned int *hist)
{
    __shared__ unsigned int warp_sums[BS_WARP_SUMS];
    unsigned int *row = hist + blockIdx.x * OS_BINS, total;
    const unsigned int c = row[threadIdx.x];
    row[threadIdx.x] = block_exclusive_sum(c, warp_sums, &total);
}

/* ---- one digit pass ------------------------------------------------------------------ */

/* The lanes whose DIGIT (8 bits) and VALID equal this lane's: one ballot per bit (and
 * one for VALID unless ALL_VALID). Every lane of the warp must call it. */
template <bool ALL_VALID>
static __device__ __forceinline__ unsigned int os_peers(unsigned int digit, bool valid)
{
    unsigned int m = BS_FULL_MASK, v;
    if (!ALL_VALID) {
        v = __ballot_sync(BS_FULL_MASK, valid);
        m = valid ? v : ~v;
    }
#pragma unroll
    for (int b = 0; b < 8; b++) {
        const bool set = (digit >> b) & 1u;
        v = __ballot_sync(BS_FULL_MASK, set);
        m &= set ? v : ~v;
    }
    return m;
}

/* The tile's prefix for digit D: the sum of the counts of D in all earlier tiles, found
 * by walking back over their status words until one holds an inclusive prefix, WINDOW
 * (1 to OS_LOOKBACK_MAX) tiles per round with their loads in flight together. Every
 * earlier tile has started (tile numbers come from a counter) and publishes its own
 * count before it waits for anything, so each spin ends; tile 0 publishes an inclusive
 * prefix, so the walk stops there at the latest. */
#define OS_LOOKBACK_MAX 8
static __device__ __forceinline__ unsigned int os_look_back(const unsigned int *status, unsigned int tile,
                                                            unsigned int d, int window)
{
    unsigned int prefix = 0;
    for (int t = (int)tile - 1;; t -= window) {
        unsigned int s[OS_LOOKBACK_MAX];
#pragma unroll
        for (int w = 0; w < OS_LOOKBACK_MAX; w++)
            s[w] = w < window && t - w >= 0 ? *(const volatile unsigned int *)(status + (size_t)(t - w) * OS_BINS + d)
                                            : OS_FLAG_INC;
#pragma unroll
        for (int w = 0; w < OS_LOOKBACK_MAX; w++) {
            if (w >= window) break;
            while ((s[w] & OS_FLAGS) == 0) s[w] = *(const volatile unsigned int *)(status + (size_t)(t - w) * OS_BINS + d);
            prefix += s[w] & OS_VALUE;
            if (s[w] & OS_FLAG_INC) return prefix;
        }
    }
}

/* Ranks the warp's K items: item i of lane l goes to POS[i], its place in the tile.
 * Items in order, lanes in order, which is the order of the keys, so the ranks are
 * stable. The highest lane of each group of equal digits takes the group's places with
 * one atomic on the warp's counter of the digit (S_WARP_ROW). FULL: every item is a
 * key; else items from index N on (WBASE + 32 i is item i's index) are left out. Each
 * key goes to S_BUF[POS[i]] at once, so that without values the places need no
 * registers past their item (the compiler then keeps 384 x 21 in 80 registers). */
template <bool FULL, int K>
static __device__ __forceinline__ void os_rank(const uint32_t *keys, unsigned int *pos, unsigned int *s_warp_row,
                                               uint32_t *s_buf, int shift, unsigned int wbase, unsigned int n)
{
    const unsigned int lane = threadIdx.x & 31u, below = (1u << lane) - 1u;
#pragma unroll
    for (int i = 0; i < K; i++) {
        const bool valid = FULL || wbase + 32u * i < n;
        const unsigned int dg = (keys[i] >> shift) & 255u;
        const unsigned int peers = os_peers<FULL>(dg, valid);
        const unsigned int leader = 31u - __clz(peers);
        unsigned int at = 0;
        if (valid && lane == leader) at = atomicAdd(&s_warp_row[dg], (unsigned int)__popc(peers));
        at = __shfl_sync(BS_FULL_MASK, at, leader);
        pos[i] = at + __popc(peers & below);
        if (valid) s_buf[pos[i]] = keys[i];
    }
}

/* A pass's shape: T threads (a multiple of 32, at least 256: thread d < 256 owns digit
 * d) with K keys each, B blocks per SM for __launch_bounds__ (fewer where the SM has
 * fewer threads or less shared memory than sm_90). B comes from -Xptxas -v on sm_90:
 * the most blocks whose register share holds the pass without spills (see os_shapes).
 * Dynamic shared memory, in words: the tile's keys (then values), the per-warp digit
 * counters, the digits' output places, the block scan's words, the tile number. */
template <int T, int K, int B> struct os_shape {
    static_assert(T >= OS_BINS && T <= 1024 && T % 32 == 0 && K >= 1, "onesweep-v2: bad shape");
    static const int WARPS = T / 32, TILE = T * K;
    static const int SMEM = (TILE + WARPS * OS_BINS + OS_BINS + BS_WARP_SUMS + 1) * 4;
    static const int BY_THREADS = OS_SM_THREADS / T, BY_SMEM = OS_SM_SMEM / (SMEM + 1024);
    static const int B0 = B < BY_THREADS ? B : BY_THREADS;
    static const int B1 = B0 < BY_SMEM ? B0 : BY_SMEM;
    static const int BLOCKS = B1 < 1 ? 1 : B1;
};

/* One stable pass over the digit at SHIFT: KIN -> KOUT (and VIN -> VOUT with VALS).
 * FIRST maps the keys to ordered bits as they are read, LAST maps them back as they are
 * written. DIGIT_START: where each digit starts in the output (os_digit_starts).
 * STATUS: tiles x 256 zeroed words; COUNTER: a zeroed word that numbers the tiles.
 * WINDOW: look-back width; CS: streaming (evict-first) loads of the keys and values.
 * PK (with VALS): each value's destination comes from its key's digit, kept as bytes
 * four to a register, instead of a register per destination. */
template <bool VALS, bool PK, int T, int K, int B>
static __global__ void __launch_bounds__(T, (os_shape<T, K, B>::BLOCKS))
    os_pass(const uint32_t *__restrict__ kin, uint32_t *__restrict__ kout, const uint32_t *__restrict__ vin,
            uint32_t *__restrict__ vout, unsigned int n, int shift, int mode, int first, int last,
            const unsigned int *__restrict__ digit_start, unsigned int *status, unsigned int *counter, int window,
            int cs)
{
    const int WARPS = T / 32, TILE = T * K;
    extern __shared__ unsigned int os_smem[];
    uint32_t *s_buf = os_smem;                        /* keys, then values, in tile order */
    unsigned int *s_warp = s_buf + TILE;              /* [WARPS][256]: per-warp counts, then next places */
    unsigned int *s_out = s_warp + WARPS * OS_BINS;   /* output place of digit d, less its tile offset */
    unsigned int *warp_sums = s_out + OS_BINS;
    unsigned int *s_tile = warp_sums + BS_WARP_SUMS;
    const unsigned int lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;

    if (threadIdx.x == 0) *s_tile = atomicAdd(counter, 1u);
    for (unsigned int i = threadIdx.x; i < WARPS * OS_BINS; i += T) s_warp[i] = 0;
    __syncthreads();
    const unsigned int tile = *s_tile;
    const unsigned int base = tile * TILE;   /* < n <= 2^30 */
    const unsigned int wbase = base + warp * (32 * K) + lane;
    const bool full = n - base >= (unsigned int)TILE;
    const unsigned int count = full ? TILE : n - base;

    /* Item i of a lane is key wbase + 32 i: warp-striped, so every load is one line. */
    uint32_t keys[K];
#pragma unroll
    for (int i = 0; i < K; i++) {
        const unsigned int idx = wbase + 32u * i;
        uint32_t k = 0;
        if (full || idx < n) k = cs ? __ldcs(kin + idx) : kin[idx];
        keys[i] = first ? key_to_ordered(k, mode) : k;
    }
#pragma unroll
    for (int i = 0; i < K; i++)
        if (full || wbase + 32u * i < n) atomicAdd(&s_warp[warp * OS_BINS + ((keys[i] >> shift) & 255u)], 1u);
    __syncthreads();

    /* Thread d < 256 owns digit d: the tile's count of d, published at once, and the
     * place where each warp's keys of d start inside the warp's group of d. */
    const unsigned int d = threadIdx.x;
    unsigned int mine = 0;
    if (d < OS_BINS) {
#pragma unroll
        for (int w = 0; w < WARPS; w++) {
            unsigned int c = s_warp[w * OS_BINS + d];
            s_warp[w * OS_BINS + d] = mine;
            mine += c;
        }
        *(volatile unsigned int *)(status + (size_t)tile * OS_BINS + d) = (tile == 0 ? OS_FLAG_INC : OS_FLAG_AGG) | mine;
    }
    unsigned int total;
    const unsigned int tile_excl = block_exclusive_sum(mine, warp_sums, &total);   /* barriers inside */
    if (d < OS_BINS) {
#pragma unroll
        for (int w = 0; w < WARPS; w++) s_warp[w * OS_BINS + d] += tile_excl;
    }
    __syncthreads();

    unsigned int pos[K];
    if (full)
        os_rank<true, K>(keys, pos, s_warp + warp * OS_BINS, s_buf, shift, wbase, n);
    else
        os_rank<false, K>(keys, pos, s_warp + warp * OS_BINS, s_buf, shift, wbase, n);

    if (d < OS_BINS) {
        const unsigned int prefix = tile ? os_look_back(status, tile, d, window) : 0u;
        if (tile) *(volatile unsigned int *)(status + (size_t)tile * OS_BINS + d) = OS_FLAG_INC | (prefix + mine);
        s_out[d] = digit_start[d] + prefix - tile_excl;   /* wraps back when the tile offset is added */
    }
    uint32_t vals[K];
    if (VALS) {   /* in flight while the keys go out */
#pragma unroll
        for (int i = 0; i < K; i++) {
            const unsigned int idx = wbase + 32u * i;
            vals[i] = 0;
            if (full || idx < n) vals[i] = cs ? __ldcs(vin + idx) : vin[idx];
        }
    }
    __syncthreads();

    /* Keys in digit order: consecutive threads write consecutive places of one digit. */
    unsigned int dst[VALS && !PK ? K : 1], digits[VALS && PK ? (K + 3) / 4 : 1];
#pragma unroll
    for (int r = 0; r < (VALS && PK ? (K + 3) / 4 : 1); r++) digits[r] = 0;
#pragma unroll
    for (int r = 0; r < K; r++) {
        const unsigned int j = r * T + threadIdx.x;
        if (j < count) {
            const uint32_t u = s_buf[j];
            const unsigned int dg = (u >> shift) & 255u, to = s_out[dg] + j;
            kout[to] = last ? key_from_ordered(u, mode) : u;
            if (VALS && PK) digits[r / 4] |= dg << (8 * (r % 4));
            if (VALS && !PK) dst[r] = to;
        }
    }
    if (VALS) {
        __syncthreads();   /* every key has left s_buf */
#pragma unroll
        for (int i = 0; i < K; i++)
            if (full || wbase + 32u * i < n) s_buf[pos[i]] = vals[i];
        __syncthreads();
#pragma unroll
        for (int r = 0; r < K; r++) {
            const unsigned int j = r * T + threadIdx.x;
            if (j < count) {
                const unsigned int to = PK ? s_out[(digits[r / 4] >> (8 * (r % 4))) & 255u] + j : dst[PK ? 0 : r];
                vout[to] = s_buf[j];
            }
        }
    }
}

/* ---- configurations ------------------------------------------------------------------- */

/* The configurations of "onesweep-v2" (and so of "onesweep") for keys alone and for
 * pairs: one line each to switch. Same syntax as the names below without "onesweep-v2-";
 * SCANWORKS_ONESWEEP_CONFIG (T-K or TxK, then options after '-' or ',') overrides both. */
#define OS_DEFAULT "384-16"
#define OS_DEFAULT_PAIRS "384-16"

/* Everything a pass's launch needs. */
typedef struct os_args {
    int mode, window, cs;
    unsigned int n;
    size_t tiles;
    const uint32_t *ks[4], *vs[4];   /* per pass: in, out */
    uint32_t *kd[4], *vd[4];
    unsigned int *hist, *counters, *status;
    cudaStream_t s;
} os_args;

template <bool VALS, bool PK, int T, int K, int B>
static int os_launch(const os_args *a, int p, sw_error *err)
{
    typedef os_shape<T, K, B> S;
    static int big_smem_set = 0;   /* per instantiation: over 48 KB needs the opt-in once */
    if (S::SMEM > 48 * 1024 && !big_smem_set) {
        CUDA_TRY(cudaFuncSetAttribute(os_pass<VALS, PK, T, K, B>, cudaFuncAttributeMaxDynamicSharedMemorySize, S::SMEM), err);
        big_smem_set = 1;
    }
    os_pass<VALS, PK, T, K, B><<<(unsigned int)a->tiles, T, S::SMEM, a->s>>>(
        a->ks[p], a->kd[p], a->vs[p], a->vd[p], a->n, 8 * p, a->mode, p == 0, p == 3, a->hist + OS_BINS * p,
        a->status + (size_t)p * a->tiles * OS_BINS, a->counters + p, a->window, a->cs);
    CUDA_TRY_LAUNCH("os_pass", err);
    return 0;
}

typedef int (*os_launch_fn)(const os_args *a, int p, sw_error *err);
/* The shapes compiled in: threads x keys per thread, and blocks per SM for keys alone
 * for pairs and for pairs with "pk" (sm_90 registers, no spills: 256 x 16 keys spill at
 * 5 blocks, 384 x 20 pairs at 2, 384 x 18 pk pairs at 2, while 384 x 20 and 384 x 21 pk
 * pairs fit 2). 384 x 16 is the first version's shape; CUB's onesweep for 4-byte keys on
 * sm_80/sm_90 uses 384 x 21 (newer releases 384 x 18). */
static const struct os_shape_entry {
    int threads, items;
    os_launch_fn keys, pairs, pairs_pk;
} os_shapes[] = {
#define OS_SHAPE(T, K, BK, BP, BPK) \
    {T, K, os_launch<false, false, T, K, BK>, os_launch<true, false, T, K, BP>, os_launch<true, true, T, K, BPK>}
    OS_SHAPE(256, 16, 4, 4, 4), OS_SHAPE(256, 24, 4, 2, 2), OS_SHAPE(384, 12, 4, 3, 3), OS_SHAPE(384, 16, 3, 2, 2),
    OS_SHAPE(384, 18, 3, 2, 1), OS_SHAPE(384, 20, 3, 1, 2), OS_SHAPE(384, 21, 2, 1, 2), OS_SHAPE(384, 24, 2, 1, 1),
    OS_SHAPE(512, 12, 3, 2, 2), OS_SHAPE(512, 16, 2, 2, 2),
#undef OS_SHAPE
};
#define OS_SHAPE_COUNT ((int)(sizeof os_shapes / sizeof os_shapes[0]))
#define OS_MIN_TILE (256 * 16)   /* the smallest tile above: sizes the status words */

/* What `bench sort --onesweep-sweep` times and the tests run: every shape, then the
 * first version's shape with one option changed at a time, two combinations, and "pk"
 * on the shapes where it may matter. Options: w1 | w2 | w4 | w8  look-back width
 * (default w4); cs  streaming loads; pk  pairs: destinations from packed digits (keys
 * alone: no change). */
static const char *const os_sweep[] = {
    "onesweep-v2-384-16",    "onesweep-v2-256-16",    "onesweep-v2-256-24",    "onesweep-v2-384-12",
    "onesweep-v2-384-18",    "onesweep-v2-384-20",    "onesweep-v2-384-21",    "onesweep-v2-384-24",
    "onesweep-v2-512-12",    "onesweep-v2-512-16",    "onesweep-v2-384-16-w1", "onesweep-v2-384-16-w2",
    "onesweep-v2-384-16-w8", "onesweep-v2-384-16-cs", "onesweep-v2-384-20-w8", "onesweep-v2-384-20-cs",
    "onesweep-v2-384-16-pk", "onesweep-v2-384-20-pk", "onesweep-v2-384-21-pk", NULL};

extern "C" const char *const *radix_onesweep2_sweep(void) { return os_sweep; }

typedef struct os_config {
    int shape, window, cs, pk;
} os_config;

/* Parses "[onesweep-v2-]T?K[?opt...]" (? = '-', ',' or 'x'); SRC names the source. */
static int os_parse(const char *spec, const char *src, os_config *c, sw_error *err)
{
    char buf[96];
    int threads = 0, items = 0, field = 0;
    c->shape = -1, c->window = 4, c->cs = 0, c->pk = 0;
    if (!strncmp(spec, "onesweep-v2-", 12)) spec += 12;
    if (strlen(spec) >= sizeof buf) return sw_fail(err, "sort onesweep-v2: %s '%.40s...' is too long", src, spec);
    strcpy(buf, spec);
    for (char *tok = strtok(buf, "-,x"); tok; tok = strtok(NULL, "-,x"), field++) {
        if (field < 2) {
            char *end;
            long v = strtol(tok, &end, 10);
            if (v <= 0 || v > 4096 || *end) return sw_fail(err, "sort onesweep-v2: %s '%s': bad shape", src, spec);
            (field ? items : threads) = (int)v;
        } else if (!strcmp(tok, "w1") || !strcmp(tok, "w2") || !strcmp(tok, "w4") || !strcmp(tok, "w8")) {
            c->window = tok[1] - '0';
        } else if (!strcmp(tok, "cs")) {
            c->cs = 1;
        } else if (!strcmp(tok, "pk")) {
            c->pk = 1;
        } else {
            return sw_fail(err, "sort onesweep-v2: %s '%s': unknown option '%s' (w1|w2|w4|w8, cs, pk)", src, spec, tok);
        }
    }
    for (int i = 0; i < OS_SHAPE_COUNT; i++)
        if (os_shapes[i].threads == threads && os_shapes[i].items == items) c->shape = i;
    if (c->shape < 0) {
        char list[256] = "";
        for (int i = 0; i < OS_SHAPE_COUNT; i++)
            snprintf(list + strlen(list), sizeof list - strlen(list), "%s%dx%d", i ? ", " : "", os_shapes[i].threads,
                     os_shapes[i].items);
        return sw_fail(err, "sort onesweep-v2: %s '%s': shape %dx%d is not compiled in (%s)", src, spec, threads, items,
                       list);
    }
    return 0;
}

/* CONFIG NULL: SCANWORKS_ONESWEEP_CONFIG if set, else OS_DEFAULT (OS_DEFAULT_PAIRS). */
static int os_resolve(const char *config, int with_values, os_config *c, sw_error *err)
{
    if (config) return os_parse(config, "configuration", c, err);
    const char *env = getenv("SCANWORKS_ONESWEEP_CONFIG");
    if (env && *env) return os_parse(env, "SCANWORKS_ONESWEEP_CONFIG", c, err);
    return os_parse(with_values ? OS_DEFAULT_PAIRS : OS_DEFAULT, "default", c, err);
}

/* ---- launcher ------------------------------------------------------------------------- */

static size_t os_round(size_t bytes) { return (bytes + 255) & ~(size_t)255; }
static size_t os_tiles(size_t n, size_t tile) { return (n + tile - 1) / tile; }
#define OS_HEAD_BYTES (4 * OS_BINS * 4 + 4 * 4)   /* digit starts, then the four tile counters */

/* Status words for the smallest tile, so one scratch serves every configuration. */
extern "C" size_t radix_onesweep2_temp_bytes(size_t n, int with_values)
{
    return os_round(n * 4) * (with_values ? 2 : 1) + os_round(OS_HEAD_BYTES) + 4 * os_tiles(n, OS_MIN_TILE) * OS_BINS * 4;
}

/* The digit starts (4 x 256 words) inside TEMP, after the alternate buffers. */
static unsigned int *os_head(void *temp, size_t n, int with_values)
{
    return (unsigned int *)((char *)temp + os_round(n * 4) * (with_values ? 2 : 1));
}

/* HIST (zeroed) gets the four digit positions' starts. */
static int os_digit_starts_run(int mode, const uint32_t *kin, size_t n, unsigned int *hist, cudaStream_t s,
                               sw_error *err)
{
    int dev = 0, sms = 0;
    CUDA_TRY(cudaGetDevice(&dev), err);
    CUDA_TRY(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev), err);
    size_t hgrid = (n + 4 * OS_HIST_THREADS - 1) / (4 * OS_HIST_THREADS);
    if (hgrid > (size_t)sms * 2) hgrid = (size_t)sms * 2;
    os_histogram<<<(unsigned int)hgrid, OS_HIST_THREADS, 0, s>>>(kin, (unsigned int)n, mode, hist);
    CUDA_TRY_LAUNCH("os_histogram", err);
    os_digit_starts<<<4, OS_BINS, 0, s>>>(hist);
    CUDA_TRY_LAUNCH("os_digit_starts", err);
    return 0;
}

extern "C" int radix_onesweep2_histogram(int mode, const uint32_t *kin, size_t n, void *temp, int with_values,
                                         void *stream, unsigned int **starts, sw_error *err)
{
    unsigned int *hist = os_head(temp, n, with_values);
    *starts = hist;
    if (n == 0) return 0;
    if (n > RADIX_K_ONESWEEP_MAX) return sw_fail(err, "radix sort onesweep-v2: %zu keys, the limit is 2^30", n);
    CUDA_TRY(cudaMemsetAsync(hist, 0, OS_HEAD_BYTES, (cudaStream_t)stream), err);
    return os_digit_starts_run(mode, kin, n, hist, (cudaStream_t)stream, err);
}

extern "C" int radix_onesweep2_sort_config(const char *config, int mode, const uint32_t *kin, uint32_t *kout,
                                           const uint32_t *vin, uint32_t *vout, size_t n, void *temp, void *stream,
                                           sw_error *err)
{
    os_config c;
    if (os_resolve(config, vin != NULL, &c, err)) return -1;
    if (n == 0) return 0;
    if (n > RADIX_K_ONESWEEP_MAX)
        return sw_fail(err, "radix sort onesweep-v2: %zu keys, the limit is 2^30 (use --algo split)", n);
    const struct os_shape_entry *sh = &os_shapes[c.shape];
    os_args a;
    memset(&a, 0, sizeof a);
    a.mode = mode, a.window = c.window, a.cs = c.cs, a.n = (unsigned int)n, a.s = (cudaStream_t)stream;
    a.tiles = os_tiles(n, (size_t)sh->threads * sh->items);
    uint32_t *kalt = (uint32_t *)temp, *valt = vin ? (uint32_t *)((char *)temp + os_round(n * 4)) : NULL;
    a.hist = os_head(temp, n, vin != NULL), a.counters = a.hist + 4 * OS_BINS;
    a.status = (unsigned int *)((char *)a.hist + os_round(OS_HEAD_BYTES));
    CUDA_TRY(cudaMemsetAsync(a.hist, 0, os_round(OS_HEAD_BYTES) + 4 * a.tiles * OS_BINS * 4, a.s), err);
    if (os_digit_starts_run(mode, kin, n, a.hist, a.s, err)) return -1;

    /* in -> alt -> out -> alt -> out */
    const uint32_t *ks[4] = {kin, kalt, kout, kalt}, *vs[4] = {vin, valt, vout, valt};
    uint32_t *kd[4] = {kalt, kout, kalt, kout}, *vd[4] = {valt, vout, valt, vout};
    memcpy(a.ks, ks, sizeof ks), memcpy(a.vs, vs, sizeof vs), memcpy(a.kd, kd, sizeof kd), memcpy(a.vd, vd, sizeof vd);
    for (int p = 0; p < 4; p++)
        if ((vin ? (c.pk ? sh->pairs_pk : sh->pairs) : sh->keys)(&a, p, err)) return -1;
    return 0;
}

extern "C" int radix_onesweep2_sort(int mode, const uint32_t *kin, uint32_t *kout, const uint32_t *vin,
                                    uint32_t *vout, size_t n, void *temp, void *stream, sw_error *err)
{
    return radix_onesweep2_sort_config(NULL, mode, kin, kout, vin, vout, n, temp, stream, err);
}
