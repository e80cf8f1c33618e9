/* The production radix sort, "onesweep" (Adinets & Merrill 2022, as CUB does it): one
 * histogram kernel counts all four 8-bit digits, then per digit one pass ranks each
 * tile's keys stably, finds every digit's prefix over earlier tiles by decoupled
 * look-back and writes each digit's run to its place (docs/perf/sort.md). Ranking finds
 * the lanes with the same digit by eight ballots (PTX), the per-warp digit counters
 * start from the warp's offset in the tile so one shared atomic per group of equal
 * digits gives each key its final place, and each key goes to shared memory as soon as
 * it is ranked. Tiles from kernels/sort/tune.h; checks and temp sizes in
 * src/prim/radix_sort_plan_cuda.c. Status words: 2-bit flag and 30-bit count per tile
 * and digit, hence n <= 2^30. */
#include "radix_sort_kernel.h"
#include "kernels/common/block_scan.cuh"
#include "kernels/common/cuda_util.cuh"

#define OS_BINS RADIX_K_BINS
#define OS_FLAG_AGG 0x40000000u
#define OS_FLAG_INC 0x80000000u
#define OS_FLAGS (OS_FLAG_AGG | OS_FLAG_INC)
#define OS_VALUE 0x3fffffffu
#define OS_HIST_THREADS RADIX_K_HIST_THREADS

#define OS_HIST_BLOCKS (SW_SM_THREADS / OS_HIST_THREADS)

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

/* The lanes whose bit BIT of DIGIT equals this lane's: a ballot of the bit, inverted
 * where this lane's bit is clear. Written in PTX so that each bit is one predicate:
 * ptxas then moves several bits into predicates with one instruction and needs three
 * per bit (ballot, conditional not, and); the same test in C compiled to six
 * (shift, and, compare, select, ballot, and) on sm_90. */
template <int BIT>
static __device__ __forceinline__ unsigned int os_bit_peers(unsigned int digit)
{
    unsigned int m;
    asm("{\n\t.reg .pred p;\n\t.reg .b32 t;\n\t"
        "and.b32 t, %1, %2;\n\t"
        "setp.ne.u32 p, t, 0;\n\t"
        "vote.sync.ballot.b32 %0, p, 0xffffffff;\n\t"
        "@!p not.b32 %0, %0;\n\t}"
        : "=r"(m)
        : "r"(digit), "n"(1 << BIT));
    return m;
}

/* The lanes whose DIGIT (8 bits) and VALID equal this lane's: one ballot per bit
 * (os_bit_peers) and one for VALID unless ALL_VALID. Every lane of the warp must call it. */
template <bool ALL_VALID>
static __device__ __forceinline__ unsigned int os_peers(unsigned int digit, bool valid)
{
    unsigned int m = BS_FULL_MASK, v;
    if (!ALL_VALID) {
        v = __ballot_sync(BS_FULL_MASK, valid);
        m = valid ? v : ~v;
    }
    m &= os_bit_peers<0>(digit) & os_bit_peers<1>(digit) & os_bit_peers<2>(digit) & os_bit_peers<3>(digit) &
         os_bit_peers<4>(digit) & os_bit_peers<5>(digit) & os_bit_peers<6>(digit) & os_bit_peers<7>(digit);
    return m;
}

/* The tile's prefix for digit D: the sum of the counts of D in all earlier tiles, found
 * by walking back over their status words until one holds an inclusive prefix, four
 * tiles per round with their loads in flight together. Every earlier tile has started
 * (tile numbers come from a counter) and publishes its own count before it waits for
 * anything, so each spin ends; tile 0 publishes an inclusive prefix, so the walk stops
 * there at the latest. */
#define OS_LOOKBACK 4
static __device__ __forceinline__ unsigned int os_look_back(const unsigned int *status, unsigned int tile,
                                                            unsigned int d)
{
    unsigned int prefix = 0;
    for (int t = (int)tile - 1;; t -= OS_LOOKBACK) {
        unsigned int s[OS_LOOKBACK];
#pragma unroll
        for (int w = 0; w < OS_LOOKBACK; w++)
            s[w] = t - w >= 0 ? *(const volatile unsigned int *)(status + (size_t)(t - w) * OS_BINS + d) : OS_FLAG_INC;
#pragma unroll
        for (int w = 0; w < OS_LOOKBACK; w++) {
            while ((s[w] & OS_FLAGS) == 0) s[w] = *(const volatile unsigned int *)(status + (size_t)(t - w) * OS_BINS + d);
            prefix += s[w] & OS_VALUE;
            if (s[w] & OS_FLAG_INC) return prefix;
        }
    }
}

/* Ranks the warp's items: item i of lane l goes to POS[i], its place in the tile. Items
 * in order, lanes in order, which is the order of the keys, so the ranks are stable.
 * The highest lane of each group of equal digits takes the group's places with one
 * atomic on the warp's counter of the digit (S_WARP_ROW). FULL: every item is a key;
 * else items from index N on (WBASE + 32 i is item i's index) are left out. Each key goes
 * to S_BUF[POS[i]] as soon as it is ranked (the counters hold final places already), so
 * its register is free at once. */
template <bool FULL, int ITEMS>
static __device__ __forceinline__ void os_rank(const uint32_t *keys, unsigned int *pos, unsigned int *s_warp_row,
                                               uint32_t *s_buf, int shift, unsigned int wbase, unsigned int n)
{
    const unsigned int lane = threadIdx.x & 31u, below = (1u << lane) - 1u;
#pragma unroll
    for (int i = 0; i < ITEMS; i++) {
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

/* One stable pass over the digit at SHIFT: KIN -> KOUT (and VIN -> VOUT with VALS).
 * FIRST maps the keys to ordered bits as they are read, LAST maps them back as they are
 * written. DIGIT_START: where each digit starts in the output (os_digit_starts).
 * STATUS: tiles x 256 zeroed words; COUNTER: a zeroed word that numbers the tiles.
 * Shape: THREADS (a multiple of 32, at least 256) x ITEMS keys per tile, BLOCKS per SM
 * asked of the compiler; shared memory stays static (at most 48 KB). */
template <bool VALS, int THREADS, int ITEMS, int BLOCKS>
static __global__ void __launch_bounds__(THREADS, SW_MIN_BLOCKS(THREADS, BLOCKS))
    os_pass(const uint32_t *__restrict__ kin, uint32_t *__restrict__ kout, const uint32_t *__restrict__ vin,
            uint32_t *__restrict__ vout, unsigned int n, int shift, int mode, int first, int last,
            const unsigned int *__restrict__ digit_start, unsigned int *status, unsigned int *counter)
{
    enum { WARPS = THREADS / 32, TILE = THREADS * ITEMS };
    __shared__ uint32_t s_buf[TILE];                  /* keys, then values, in tile order */
    __shared__ unsigned int s_warp[WARPS][OS_BINS];   /* per-warp counts, then next places */
    __shared__ unsigned int s_out[OS_BINS];           /* output place of digit d, less its tile offset */
    __shared__ unsigned int warp_sums[BS_WARP_SUMS];
    __shared__ unsigned int s_tile;
    const unsigned int lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;

    if (threadIdx.x == 0) s_tile = atomicAdd(counter, 1u);
    for (unsigned int i = threadIdx.x; i < WARPS * OS_BINS; i += THREADS) (&s_warp[0][0])[i] = 0;
    __syncthreads();
    const unsigned int tile = s_tile;
    const unsigned int base = tile * TILE;   /* < n <= 2^30 */
    const unsigned int wbase = base + warp * (32 * ITEMS) + lane;
    const bool full = n - base >= TILE;
    const unsigned int count = full ? TILE : n - base;

    /* Item i of a lane is key wbase + 32 i: warp-striped, so every load is one line. */
    uint32_t keys[ITEMS];
#pragma unroll
    for (int i = 0; i < ITEMS; i++) {
        const unsigned int idx = wbase + 32u * i;
        uint32_t k = (full || idx < n) ? kin[idx] : 0u;
        keys[i] = first ? key_to_ordered(k, mode) : k;
    }
#pragma unroll
    for (int i = 0; i < ITEMS; i++)
        if (full || wbase + 32u * i < n) atomicAdd(&s_warp[warp][(keys[i] >> shift) & 255u], 1u);
    __syncthreads();

    /* Thread d < 256 owns digit d: the tile's count of d, published at once, and the
     * place where each warp's keys of d start inside the warp's group of d. */
    const unsigned int d = threadIdx.x;
    unsigned int mine = 0;
    if (d < OS_BINS) {
        mine = warp_digit_offsets<WARPS>(s_warp, d);
        *(volatile unsigned int *)(status + (size_t)tile * OS_BINS + d) = (tile == 0 ? OS_FLAG_INC : OS_FLAG_AGG) | mine;
    }
    unsigned int total;
    const unsigned int tile_excl = block_exclusive_sum(mine, warp_sums, &total);   /* barriers inside */
    if (d < OS_BINS) {
#pragma unroll
        for (int w = 0; w < WARPS; w++) s_warp[w][d] += tile_excl;
    }
    __syncthreads();

    unsigned int pos[ITEMS];
    if (full)
        os_rank<true, ITEMS>(keys, pos, s_warp[warp], s_buf, shift, wbase, n);
    else
        os_rank<false, ITEMS>(keys, pos, s_warp[warp], s_buf, shift, wbase, n);

    if (d < OS_BINS) {
        const unsigned int prefix = tile ? os_look_back(status, tile, d) : 0u;
        if (tile) *(volatile unsigned int *)(status + (size_t)tile * OS_BINS + d) = OS_FLAG_INC | (prefix + mine);
        s_out[d] = digit_start[d] + prefix - tile_excl;   /* wraps back when the tile offset is added */
    }
    uint32_t vals[ITEMS];
    if (VALS) {   /* in flight while the keys go out */
#pragma unroll
        for (int i = 0; i < ITEMS; i++) {
            const unsigned int idx = wbase + 32u * i;
            vals[i] = (full || idx < n) ? vin[idx] : 0u;
        }
    }
    __syncthreads();

    /* Keys in digit order: consecutive threads write consecutive places of one digit. */
    unsigned int dst[ITEMS];
#pragma unroll
    for (int r = 0; r < ITEMS; r++) {
        const unsigned int j = r * THREADS + threadIdx.x;
        if (j < count) {
            const uint32_t u = s_buf[j];
            const unsigned int to = s_out[(u >> shift) & 255u] + j;
            kout[to] = last ? key_from_ordered(u, mode) : u;
            if (VALS) dst[r] = to;
        }
    }
    if (VALS) {
        __syncthreads();   /* every key has left s_buf */
#pragma unroll
        for (int i = 0; i < ITEMS; i++)
            if (full || wbase + 32u * i < n) s_buf[pos[i]] = vals[i];
        __syncthreads();
#pragma unroll
        for (int r = 0; r < ITEMS; r++) {
            const unsigned int j = r * THREADS + threadIdx.x;
            if (j < count) vout[dst[r]] = s_buf[j];
        }
    }
}

/* ---- shapes ------------------------------------------------------------------------- */

typedef void (*os_pass_fn)(const uint32_t *, uint32_t *, const uint32_t *, uint32_t *, unsigned int, int, int, int,
                           int, const unsigned int *, unsigned int *, unsigned int *);
/* The compiled passes, X(threads, keys a thread, blocks an SM asked of the compiler):
 * tune.h's rows name them; `bench sort` with SCANWORKS_SORT_SHAPES=all times each.
 * Shared memory stays static (48 KB at most), so 4 x THREADS x ITEMS + THREADS x 32 +
 * ~1.2 KB bytes must fit. On sm_90 (ptxas, no spills): 384x16
 * and 384x20 keys 56 registers, 3 blocks an SM; 384x16 pairs 78, 2 (384x20 pairs spill
 * 88 bytes). */
#define OS_KEY_SHAPES(X) X(384, 20, 3) X(384, 16, 3)
#define OS_PAIR_SHAPES(X) X(384, 16, 2)   /* each at least RADIX_K_MIN_TILE keys */

extern "C" int radix_onesweep2_shapes(int with_values, int (*shapes)[2], int max)
{
    int k = 0;
#define OS_LIST(T, I, B) if (k < max) shapes[k][0] = (T), shapes[k][1] = (I); k++;
    if (with_values) {
        OS_PAIR_SHAPES(OS_LIST)
    } else {
        OS_KEY_SHAPES(OS_LIST)
    }
#undef OS_LIST
    return k;
}

extern "C" const void *radix_onesweep2_pass(int with_values, int threads, int items)
{
    os_pass_fn pass = NULL;
#define OS_KEYS(T, I, B) if (!with_values && threads == (T) && items == (I)) pass = os_pass<false, T, I, B>;
#define OS_PAIRS(T, I, B) if (with_values && threads == (T) && items == (I)) pass = os_pass<true, T, I, B>;
    OS_KEY_SHAPES(OS_KEYS)
    OS_PAIR_SHAPES(OS_PAIRS)
#undef OS_KEYS
#undef OS_PAIRS
    return (const void *)pass;
}

extern "C" const void *radix_onesweep2_histogram(int starts)
{
    return starts ? (const void *)os_digit_starts : (const void *)os_histogram;
}
