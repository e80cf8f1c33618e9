/* The production radix sort, "onesweep" (Adinets & Merrill 2022, as CUB does it;
 * docs/perf/sort.md): one kernel counts all four 8-bit digits, then one pass a digit
 * ranks each tile's keys stably, finds each digit's prefix over earlier tiles by
 * decoupled look-back and writes each digit's run to its place. Tiles: tune.h; checks
 * and temp sizes: src/prim/radix_sort_plan_cuda.c. Status words: a 2-bit flag and a
 * 30-bit count, so n <= 2^30. */
#include "radix_sort_kernel.h"
#include "kernels/common/block_scan.cuh"
#include "kernels/common/cuda_util.cuh"

#define OS_BINS RADIX_K_BINS
#define OS_FLAG_AGG 0x40000000u
#define OS_FLAG_INC 0x80000000u
#define OS_FLAGS (OS_FLAG_AGG | OS_FLAG_INC)
#define OS_VALUE 0x3fffffffu

/* HIST (4 x 256, zeroed) gets the counts of the four digits. Each lane counts into its
 * own copy of the four tables (COPIES 32: bin b of digit p at (p * 256 + b) * 32 + l, in
 * bank l), so the lanes of a shared atomic never meet in a bank; COPIES 8 where 128 KB do
 * not fit. A block of 1024 an SM, four uint4 loads in flight a thread where aligned. */
template <int COPIES>
static __global__ void __launch_bounds__(1024, 1) os_histogram(const uint32_t *__restrict__ keys, unsigned int n,
                                                               int mode, unsigned int *hist)
{
    extern __shared__ uint4 os_dyn[];
    unsigned int *h = (unsigned int *)os_dyn;
    for (unsigned int i = threadIdx.x; i < 4 * OS_BINS * COPIES; i += blockDim.x) h[i] = 0;
    __syncthreads();
    unsigned int *hl = h + (threadIdx.x & (COPIES - 1));
#define OS_COUNT(k)                                                       \
    do {                                                                  \
        const uint32_t u_ = key_to_ordered((k), mode);                    \
        atomicAdd(hl + (u_ & 255u) * COPIES, 1u);                         \
        atomicAdd(hl + (256u + ((u_ >> 8) & 255u)) * COPIES, 1u);         \
        atomicAdd(hl + (512u + ((u_ >> 16) & 255u)) * COPIES, 1u);        \
        atomicAdd(hl + (768u + (u_ >> 24)) * COPIES, 1u);                 \
    } while (0)
    const unsigned int stride = gridDim.x * blockDim.x;
    const unsigned int n4 = ((uintptr_t)keys & 15u) ? 0u : n / 4;
    const uint4 *k4 = (const uint4 *)keys;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    for (; i + 3 * stride < n4; i += 4 * stride) {
        uint4 a[4];
#pragma unroll
        for (int q = 0; q < 4; q++) a[q] = k4[i + q * stride];
#pragma unroll
        for (int q = 0; q < 4; q++) {
            OS_COUNT(a[q].x); OS_COUNT(a[q].y); OS_COUNT(a[q].z); OS_COUNT(a[q].w);
        }
    }
    for (; i < n4; i += stride) {
        const uint4 a = k4[i];
        OS_COUNT(a.x); OS_COUNT(a.y); OS_COUNT(a.z); OS_COUNT(a.w);
    }
    for (unsigned int j = n4 * 4 + blockIdx.x * blockDim.x + threadIdx.x; j < n; j += stride) OS_COUNT(keys[j]);
#undef OS_COUNT
    __syncthreads();
    for (unsigned int j = threadIdx.x; j < 4 * OS_BINS; j += blockDim.x) {
        unsigned int sum = 0;
        for (unsigned int l = 0; l < COPIES; l++) sum += h[j * COPIES + ((l + j) & (COPIES - 1))];   /* spread over banks */
        if (sum) atomicAdd(hist + j, sum);
    }
}

/* A block of 256 a digit position: HIST becomes each digit's start, the exclusive prefix. */
static __global__ void os_digit_starts(unsigned int *hist)
{
    __shared__ unsigned int warp_sums[BS_WARP_SUMS];
    unsigned int *row = hist + blockIdx.x * OS_BINS, total;
    const unsigned int c = row[threadIdx.x];
    row[threadIdx.x] = block_exclusive_sum(c, warp_sums, &total);
}

/* The lanes whose bit BIT of DIGIT equals this lane's: a ballot of the bit, inverted where
 * this lane's bit is clear; in PTX three instructions a bit (docs/perf/sort.md). */
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

/* The tile's prefix for digit D: walks back over earlier tiles' status words, four a round
 * with their loads in flight, until one is inclusive (tile 0's is). Every earlier tile has
 * started (tiles are numbered by a counter) and publishes its count first: no spin hangs. */
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

/* Ranks the warp's items stably (item i of lane l is index WBASE + 32 i): the highest lane
 * of each group of equal digits takes the group's places by one atomic on the warp's
 * counter of the digit (S_WARP_ROW, from the warp's place in the tile), so each key goes to
 * S_BUF at once. Unless FULL, no item from index N on; S_SRC gets each place's tile index. */
template <bool FULL, int ITEMS>
static __device__ __forceinline__ void os_rank(const uint32_t *keys, unsigned int *s_warp_row, uint32_t *s_buf,
                                               int shift, unsigned int wbase, unsigned int n, unsigned short *s_src,
                                               unsigned int tidx)
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
        const unsigned int pos = at + __popc(peers & below);
        if (valid) s_buf[pos] = keys[i];
        if (s_src && valid) s_src[pos] = (unsigned short)(tidx + 32u * i);
    }
}

static __device__ __forceinline__ void os_copy16(uint32_t *dst, const uint32_t *src)
{
#if __CUDA_ARCH__ >= 800
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"((unsigned int)__cvta_generic_to_shared(dst)),
                 "l"(src)
                 : "memory");
#else
    *(uint4 *)dst = *(const uint4 *)src;
#endif
}

/* One stable pass's tile of THREADS (a multiple of 32, >= 256) x ITEMS keys over the
 * digit at SHIFT: KIN -> KOUT (VIN -> VOUT with VALS); FIRST maps keys to ordered bits,
 * LAST back. STATUS: tiles x 256 zeroed words; COUNTER: a zeroed tile counter;
 * STATUS_NEXT (NULL in the last pass): the next pass's, zeroed here row by row (two sets
 * take turns: one memset). Shared: S_BUF (keys in digit order), S_WARP (per-warp counts,
 * then places), with VALS S_VIN (values in tile order), S_SRC (each place's tile index). */
template <bool VALS, int THREADS, int ITEMS>
static __device__ __forceinline__ void os_tile(const uint32_t *__restrict__ kin, uint32_t *__restrict__ kout,
                                               const uint32_t *__restrict__ vin, uint32_t *__restrict__ vout,
                                               unsigned int n, int shift, int mode, int first, int last,
                                               const unsigned int *__restrict__ digit_start, unsigned int *status,
                                               unsigned int *counter, unsigned int *status_next, uint32_t *s_buf,
                                               unsigned int (*s_warp)[OS_BINS], uint32_t *s_vin,
                                               unsigned short *s_src)
{
    enum { WARPS = THREADS / 32, TILE = THREADS * ITEMS };
    __shared__ unsigned int s_out[OS_BINS];   /* output place of digit d, less its tile offset */
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
    if (VALS) {   /* the values in flight while the keys are ranked */
        if (full && ((uintptr_t)vin & 15u) == 0) {   /* TILE is a multiple of 4: each 16 bytes aligned */
#pragma unroll
            for (int c = 0; c < (TILE / 4 + THREADS - 1) / THREADS; c++) {
                const unsigned int j = 4u * (c * THREADS + threadIdx.x);
                if (TILE % (4 * THREADS) == 0 || j < TILE) os_copy16(s_vin + j, vin + base + j);
            }
        } else {
            for (unsigned int j = threadIdx.x; j < count; j += THREADS) s_vin[j] = vin[base + j];
        }
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
        if (status_next) status_next[(size_t)tile * OS_BINS + d] = 0;   /* for the next pass */
    }
    unsigned int total;
    const unsigned int tile_excl = block_exclusive_sum(mine, warp_sums, &total);   /* barriers inside */
    if (d < OS_BINS) {
#pragma unroll
        for (int w = 0; w < WARPS; w++) s_warp[w][d] += tile_excl;
    }
    __syncthreads();

    unsigned short *src = VALS ? s_src : NULL;
    const unsigned int tidx = warp * (32 * ITEMS) + lane;
    if (full)
        os_rank<true, ITEMS>(keys, s_warp[warp], s_buf, shift, wbase, n, src, tidx);
    else
        os_rank<false, ITEMS>(keys, s_warp[warp], s_buf, shift, wbase, n, src, tidx);

    if (d < OS_BINS) {
        const unsigned int prefix = tile ? os_look_back(status, tile, d) : 0u;
        if (tile) *(volatile unsigned int *)(status + (size_t)tile * OS_BINS + d) = OS_FLAG_INC | (prefix + mine);
        s_out[d] = digit_start[d] + prefix - tile_excl;   /* wraps back when the tile offset is added */
    }
#if __CUDA_ARCH__ >= 800
    if (VALS) asm volatile("cp.async.wait_all;\n" ::: "memory");   /* the values' copies (os_copy16) */
#endif
    __syncthreads();

    /* Keys in digit order: consecutive threads write consecutive places of one digit. */
#pragma unroll(VALS ? 4 : ITEMS)
    for (int r = 0; r < ITEMS; r++) {
        const unsigned int j = r * THREADS + threadIdx.x;
        if (j < count) {
            const uint32_t u = s_buf[j];
            if (VALS) {
                const unsigned int to = s_out[(u >> shift) & 255u] + j;
                kout[to] = last ? key_from_ordered(u, mode) : u;
                vout[to] = s_vin[s_src[j]];
            } else {   /* the same store, in the order the measured keys kernel had it */
                kout[s_out[(u >> shift) & 255u] + j] = last ? key_from_ordered(u, mode) : u;
            }
        }
    }
}

/* The pass for keys alone: os_tile with static shared memory (at most 48 KB). Arguments
 * as os_tile's; VIN and VOUT unused. BLOCKS: blocks an SM asked of the compiler. */
template <int THREADS, int ITEMS, int BLOCKS>
static __global__ void __launch_bounds__(THREADS, SW_MIN_BLOCKS(THREADS, BLOCKS))
    os_pass(const uint32_t *__restrict__ kin, uint32_t *__restrict__ kout, const uint32_t *, uint32_t *,
            unsigned int n, int shift, int mode, int first, int last, const unsigned int *__restrict__ digit_start,
            unsigned int *status, unsigned int *counter, unsigned int *status_next)
{
    __shared__ uint32_t s_buf[THREADS * ITEMS];
    __shared__ unsigned int s_warp[THREADS / 32][OS_BINS];
    os_tile<false, THREADS, ITEMS>(kin, kout, NULL, NULL, n, shift, mode, first, last, digit_start, status, counter,
                                   status_next, s_buf, s_warp, NULL, NULL);
}

/* The pass for keys and values: the values go to shared memory in input order (cp.async,
 * in flight while the keys are ranked), and one loop writes each place's key and value
 * (through S_SRC). Dynamic shared memory (os_pairs_layout::BYTES): values, keys,
 * per-warp counts, 16-bit sources, 10 bytes a key. Arguments as os_pass. */
template <int THREADS, int ITEMS>
struct os_pairs_layout {
    enum { WARPS = THREADS / 32, TILE = THREADS * ITEMS,
           BYTES = TILE * 4 * 2 + WARPS * OS_BINS * 4 + TILE * 2 };
};

template <int THREADS, int ITEMS, int BLOCKS>
static __global__ void __launch_bounds__(THREADS, SW_MIN_BLOCKS(THREADS, BLOCKS))
    os_pass_pairs(const uint32_t *__restrict__ kin, uint32_t *__restrict__ kout, const uint32_t *__restrict__ vin,
                  uint32_t *__restrict__ vout, unsigned int n, int shift, int mode, int first, int last,
                  const unsigned int *__restrict__ digit_start, unsigned int *status, unsigned int *counter,
                  unsigned int *status_next)
{
    typedef os_pairs_layout<THREADS, ITEMS> L;
    extern __shared__ uint4 os_dyn[];
    uint32_t *s_vin = (uint32_t *)os_dyn;
    uint32_t *s_buf = s_vin + L::TILE;
    unsigned int (*s_warp)[OS_BINS] = (unsigned int (*)[OS_BINS])(s_buf + L::TILE);
    unsigned short *s_src = (unsigned short *)(s_buf + L::TILE + L::WARPS * OS_BINS);
    os_tile<true, THREADS, ITEMS>(kin, kout, vin, vout, n, shift, mode, first, last, digit_start, status, counter,
                                  status_next, s_buf, s_warp, s_vin, s_src);
}

/* The compiled passes, X(threads, keys a thread, blocks an SM asked of the compiler), of
 * RADIX_K_MIN_TILE keys or more, named by tune.h's rows. Keys: 4 x THREADS x ITEMS +
 * THREADS x 32 + ~1.2 KB bytes of static shared memory, within 48 KB. Pairs: THREADS x
 * ITEMS a multiple of 4 (the 16-byte copies). Registers: docs/perf/sort.md. */
#define OS_KEY_SHAPES(X) X(384, 20, 3) X(384, 16, 3)
#define OS_PAIR_SHAPES(X)                                                                            \
    X(384, 26, 2) X(384, 24, 2) X(384, 16, 3) X(256, 16, 4) X(384, 20, 2) X(320, 28, 2) X(288, 32, 2) \
    X(416, 24, 2) X(448, 22, 2) X(480, 20, 2) X(768, 20, 1) X(1024, 16, 1) X(512, 32, 1)

extern "C" int radix_onesweep_shapes(int with_values, int (*shapes)[2], int max)
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

extern "C" const void *radix_onesweep_pass(int with_values, int threads, int items, size_t *smem)
{
    const void *pass = NULL;
    *smem = 0;
#define OS_KEYS(T, I, B) if (!with_values && threads == (T) && items == (I)) pass = (const void *)os_pass<T, I, B>;
#define OS_PAIRS(T, I, B)                                                                                          \
    if (with_values && threads == (T) && items == (I))                                                             \
        pass = (const void *)os_pass_pairs<T, I, B>, *smem = os_pairs_layout<T, I>::BYTES;
    OS_KEY_SHAPES(OS_KEYS)
    OS_PAIR_SHAPES(OS_PAIRS)
#undef OS_KEYS
#undef OS_PAIRS
    return pass;
}

extern "C" const void *radix_onesweep_histogram(int copies)
{
    return copies == 32 ? (const void *)os_histogram<32> : copies == 8 ? (const void *)os_histogram<8> : NULL;
}

extern "C" const void *radix_onesweep_digit_starts(void) { return (const void *)os_digit_starts; }
