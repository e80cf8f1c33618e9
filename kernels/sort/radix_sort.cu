/* LSD radix sort, two ways.
 * split (the chapter, 39.3.3): one bit per pass, 32 passes; each pass flags the keys
 *   whose bit is 0, scans the flags (flag_scan) and scatters: zeros to their scanned
 *   address, ones after all zeros in order. Stable because both groups keep order.
 * onesweep-v1 (Adinets & Merrill 2022): one histogram kernel counts all four 8-bit digits
 *   at once; then per digit one kernel: each tile ranks its keys stably by digit
 *   (warp-private histograms, __match_any_sync), publishes its 256 digit counts, finds
 *   for every digit the count in all earlier tiles by decoupled look-back, packs its
 *   keys by digit in shared memory and writes each digit's run to its place. The second
 *   onesweep, faster ranking and larger tiles, is radix_onesweep2.cu. */
#include "radix_sort_kernel.h"
#include "kernels/scan/block_scan.cuh"
#include "kernels/common/cuda_util.cuh"
#include "kernels/compact/flag_scan.h"

#define RS_THREADS 256
#define RS_WARPS (RS_THREADS / 32)
#define RS_ITEMS 15
#define RS_TILE (RS_THREADS * RS_ITEMS)
#define RS_FLAG_AGG 0x40000000u
#define RS_FLAG_INC 0x80000000u
#define RS_VALUE 0x3fffffffu
#define RS_LOOKBACK 8

static unsigned int rs_grid(size_t n, unsigned int threads)
{
    size_t g = (n + threads - 1) / threads;
    return g < 65535u * 16 ? (unsigned int)(g ? g : 1) : 65535u * 16;
}

/* ---- split ------------------------------------------------------------------------- */

static __global__ void rs_map_keys(const uint32_t *in, uint32_t *out, size_t n, int mode, int to_ordered)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        out[i] = to_ordered ? key_to_ordered(in[i], mode) : key_from_ordered(in[i], mode);
}

static __global__ void rs_split_flags(const uint32_t *keys, size_t n, int bit, uint32_t *flags)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x)
        flags[i] = ((keys[i] >> bit) & 1u) ^ 1u;
}

static __global__ void rs_split_scatter(const uint32_t *kin, const uint32_t *vin, const uint32_t *flags,
                                        const uint32_t *addr, const uint32_t *zeros, size_t n, uint32_t *kout,
                                        uint32_t *vout)
{
    const size_t nz = *zeros;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        size_t dst = flags[i] ? addr[i] : nz + i - addr[i];
        kout[dst] = kin[i];
        if (vin) vout[dst] = vin[i];
    }
}

/* ---- onesweep ------------------------------------------------------------------------ */

static __global__ void rs_histogram(const uint32_t *keys, size_t n, int mode, unsigned int *hist)
{
    __shared__ unsigned int h[4][256];
    for (int i = threadIdx.x; i < 4 * 256; i += blockDim.x) (&h[0][0])[i] = 0;
    __syncthreads();
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)gridDim.x * blockDim.x) {
        uint32_t u = key_to_ordered(keys[i], mode);
#pragma unroll
        for (int d = 0; d < 4; d++) atomicAdd(&h[d][(u >> (8 * d)) & 255u], 1u);
    }
    __syncthreads();
    for (int i = threadIdx.x; i < 4 * 256; i += blockDim.x)
        if ((&h[0][0])[i]) atomicAdd(hist + i, (&h[0][0])[i]);
}

/* Four blocks of 256: exclusive scan of each digit position's 256 counts, in place. */
static __global__ void rs_histogram_scan(unsigned int *hist)
{
    __shared__ unsigned int warp_sums[BS_WARP_SUMS];
    unsigned int total, x = hist[blockIdx.x * 256 + threadIdx.x];
    hist[blockIdx.x * 256 + threadIdx.x] = block_exclusive_sum(x, warp_sums, &total);
}

/* ITEMS keys per thread: 23 for keys alone (larger tiles, half as many look-backs), 15
 * with values (the shared memory for both must stay under 48 KB). */
template <bool VALS, int ITEMS>
static __global__ void __launch_bounds__(RS_THREADS, VALS ? 4 : 3) rs_onesweep_pass(
    const uint32_t *kin, uint32_t *kout, const uint32_t *vin, uint32_t *vout, size_t n, int shift, int mode,
    int first, int last, const unsigned int *digit_base, unsigned int *status, unsigned int *counter)
{
    __shared__ unsigned int s_whist[RS_WARPS][256];
    __shared__ uint32_t s_keys[(RS_THREADS * ITEMS)];
    __shared__ uint32_t s_vals[(RS_THREADS * ITEMS)];
    __shared__ unsigned int s_adjust[256];
    __shared__ unsigned int s_count[256];
    __shared__ unsigned int warp_sums[BS_WARP_SUMS];
    __shared__ unsigned int s_tile;
    const unsigned int lane = threadIdx.x & 31u, warp = threadIdx.x >> 5;
    if (threadIdx.x == 0) s_tile = atomicAdd(counter, 1u);
    for (int i = threadIdx.x; i < RS_WARPS * 256; i += RS_THREADS) (&s_whist[0][0])[i] = 0;
    s_count[threadIdx.x] = 0;
    __syncthreads();
    const unsigned int tile = s_tile;
    const size_t base = (size_t)tile * (RS_THREADS * ITEMS);
    const size_t wbase = base + (size_t)warp * 32 * ITEMS;

    uint32_t keys[ITEMS], vals[ITEMS];
    unsigned int ranks[ITEMS];
#pragma unroll
    for (int i = 0; i < ITEMS; i++) {
        size_t idx = wbase + i * 32 + lane;
        bool valid = idx < n;
        uint32_t k = valid ? kin[idx] : 0u;
        keys[i] = first ? key_to_ordered(k, mode) : k;
        if (VALS) vals[i] = valid ? vin[idx] : 0u;
    }
    /* The tile's digit counts first, published at once so that later tiles looking
     * back find them without waiting for this tile's ranking. */
#pragma unroll
    for (int i = 0; i < ITEMS; i++)
        if (wbase + i * 32 + lane < n) atomicAdd(&s_count[(keys[i] >> shift) & 255u], 1u);
    __syncthreads();
    unsigned int *my_status = status + (size_t)tile * 256 + threadIdx.x;
    const unsigned int my_count = s_count[threadIdx.x];
    *(volatile unsigned int *)my_status = (tile == 0 ? RS_FLAG_INC : RS_FLAG_AGG) | my_count;
    /* Look back for digit threadIdx.x over the earlier tiles, RS_LOOKBACK of them per
     * round with their loads in flight together, so that the inclusive prefixes move
     * forward several tiles per memory latency rather than one. */
    unsigned int prefix = 0;
    if (tile > 0) {
        long long tt = (long long)tile - 1;
        bool done = false;
        while (!done) {
            unsigned int sv[RS_LOOKBACK];
#pragma unroll
            for (int w = 0; w < RS_LOOKBACK; w++)
                sv[w] = tt - w >= 0 ? *(volatile const unsigned int *)(status + (size_t)(tt - w) * 256 + threadIdx.x)
                                    : RS_FLAG_INC;
#pragma unroll
            for (int w = 0; w < RS_LOOKBACK; w++) {
                if (done) break;
                while ((sv[w] & (RS_FLAG_AGG | RS_FLAG_INC)) == 0)
                    sv[w] = *(volatile const unsigned int *)(status + (size_t)(tt - w) * 256 + threadIdx.x);
                prefix += sv[w] & RS_VALUE;
                done = (sv[w] & RS_FLAG_INC) != 0;
            }
            tt -= RS_LOOKBACK;
        }
        *(volatile unsigned int *)my_status = RS_FLAG_INC | (prefix + my_count);
    }
    const unsigned int lt = (1u << lane) - 1u;
#pragma unroll
    for (int i = 0; i < ITEMS; i++) {
        bool valid = wbase + i * 32 + lane < n;
        unsigned int d = valid ? (keys[i] >> shift) & 255u : 256u;
        unsigned int peers = __match_any_sync(BS_FULL_MASK, d);
        unsigned int before = valid ? s_whist[warp][d] : 0u;
        __syncwarp();
        if (valid && lane == 31u - __clz(peers)) s_whist[warp][d] = before + __popc(peers);
        __syncwarp();
        ranks[i] = before + __popc(peers & lt);
    }
    __syncthreads();

    /* Thread D owns digit D: offsets of each warp inside the digit, the tile's count. */
    const unsigned int d = threadIdx.x;
    const unsigned int run = warp_digit_offsets<RS_WARPS>(s_whist, d);
    unsigned int total;
    const unsigned int tile_excl = block_exclusive_sum(run, warp_sums, &total);
    /* block_exclusive_sum ended with a barrier: s_whist holds the warp offsets. */
    s_adjust[d] = tile_excl;
    __syncthreads();
#pragma unroll
    for (int i = 0; i < ITEMS; i++) {
        if (wbase + i * 32 + lane < n) {
            unsigned int dg = (keys[i] >> shift) & 255u;
            unsigned int pos = s_adjust[dg] + s_whist[warp][dg] + ranks[i];
            s_keys[pos] = keys[i];
            if (VALS) s_vals[pos] = vals[i];
        }
    }
    __syncthreads();   /* every thread has read s_adjust and filled s_keys */
    s_adjust[d] = digit_base[d] + prefix - tile_excl;
    __syncthreads();
    const unsigned int count = n - base < (RS_THREADS * ITEMS) ? (unsigned int)(n - base) : (RS_THREADS * ITEMS);
    for (unsigned int j = threadIdx.x; j < count; j += RS_THREADS) {
        uint32_t u = s_keys[j];
        unsigned int dst = s_adjust[(u >> shift) & 255u] + j;
        kout[dst] = last ? key_from_ordered(u, mode) : u;
        if (VALS) vout[dst] = s_vals[j];
    }
}

/* ---- launchers ------------------------------------------------------------------------ */

#define RS_ITEMS_KEYS 23
static size_t rs_tiles_of(size_t n, int items) { return (n + (size_t)RS_THREADS * items - 1) / ((size_t)RS_THREADS * items); }
static size_t rs_tiles(size_t n) { return rs_tiles_of(n, RS_ITEMS); }   /* the most tiles: sizes the status words */
static size_t rs_round(size_t bytes) { return (bytes + 255) & ~(size_t)255; }

extern "C" size_t radix_kernel_temp_bytes(int algo, size_t n, int with_values)
{
    if (algo == RADIX_K_ONESWEEP2) return radix_onesweep2_temp_bytes(n, with_values);
    size_t buffers = rs_round(n * 4) * (with_values ? 2 : 1);
    if (algo == RADIX_K_SPLIT) return buffers + 2 * rs_round(n * 4) + rs_round(flag_scan_temp_bytes(n));
    return buffers + rs_round(4 * 256 * 4 + 16) + rs_round(4 * rs_tiles(n) * 256 * 4);
}

static int rs_split(int mode, const uint32_t *kin, uint32_t *kout, const uint32_t *vin, uint32_t *vout, size_t n,
                    void *temp, cudaStream_t s, sw_error *err)
{
    char *t = (char *)temp;
    uint32_t *kalt = (uint32_t *)t;
    t += rs_round(n * 4);
    uint32_t *valt = NULL;
    if (vin) {
        valt = (uint32_t *)t;
        t += rs_round(n * 4);
    }
    uint32_t *flags = (uint32_t *)t, *addr = (uint32_t *)(t + rs_round(n * 4));
    void *scan_temp = t + 2 * rs_round(n * 4);
    unsigned int grid = rs_grid(n, 256);
    rs_map_keys<<<grid, 256, 0, s>>>(kin, kout, n, mode, 1);
    CUDA_TRY_LAUNCH("rs_map_keys", err);
    if (vin) CUDA_TRY(cudaMemcpyAsync(vout, vin, n * 4, cudaMemcpyDeviceToDevice, s), err);
    uint32_t *ka = kout, *kb = kalt, *va = vout, *vb = valt;
    for (int bit = 0; bit < 32; bit++) {   /* 32 passes: the result ends in kout */
        rs_split_flags<<<grid, 256, 0, s>>>(ka, n, bit, flags);
        CUDA_TRY_LAUNCH("rs_split_flags", err);
        if (flag_scan_exclusive(flags, addr, n, scan_temp, s, err)) return -1;
        rs_split_scatter<<<grid, 256, 0, s>>>(ka, va, flags, addr, flag_scan_total(scan_temp, n), n, kb, vb);
        CUDA_TRY_LAUNCH("rs_split_scatter", err);
        uint32_t *x = ka; ka = kb; kb = x;
        x = va; va = vb; vb = x;
    }
    rs_map_keys<<<grid, 256, 0, s>>>(kout, kout, n, mode, 0);
    CUDA_TRY_LAUNCH("rs_map_keys", err);
    return 0;
}

static int rs_onesweep(int mode, const uint32_t *kin, uint32_t *kout, const uint32_t *vin, uint32_t *vout,
                       size_t n, void *temp, cudaStream_t s, sw_error *err)
{
    if (n > RADIX_K_ONESWEEP_MAX)
        return sw_fail(err, "radix sort onesweep: %zu keys, the limit is 2^30 (use --algo split)", n);
    char *t = (char *)temp;
    uint32_t *kalt = (uint32_t *)t;
    t += rs_round(n * 4);
    uint32_t *valt = NULL;
    if (vin) {
        valt = (uint32_t *)t;
        t += rs_round(n * 4);
    }
    unsigned int *hist = (unsigned int *)t, *counters = hist + 4 * 256;
    unsigned int *status = (unsigned int *)(t + rs_round(4 * 256 * 4 + 16));
    size_t tiles = rs_tiles_of(n, vin ? RS_ITEMS : RS_ITEMS_KEYS);
    CUDA_TRY(cudaMemsetAsync(hist, 0, rs_round(4 * 256 * 4 + 16) + 4 * tiles * 256 * 4, s), err);
    rs_histogram<<<rs_grid(n, 1024) < 1024 ? rs_grid(n, 1024) : 1024, 1024, 0, s>>>(kin, n, mode, hist);
    CUDA_TRY_LAUNCH("rs_histogram", err);
    rs_histogram_scan<<<4, 256, 0, s>>>(hist);
    CUDA_TRY_LAUNCH("rs_histogram_scan", err);
    /* in -> alt -> out -> alt -> out */
    const uint32_t *ks[4] = {kin, kalt, kout, kalt}, *vs[4] = {vin, valt, vout, valt};
    uint32_t *kd[4] = {kalt, kout, kalt, kout}, *vd[4] = {valt, vout, valt, vout};
    for (int pass = 0; pass < 4; pass++) {
        unsigned int *st = status + (size_t)pass * tiles * 256;
        if (vin)
            rs_onesweep_pass<true, RS_ITEMS><<<(unsigned)tiles, RS_THREADS, 0, s>>>(ks[pass], kd[pass], vs[pass], vd[pass], n,
                                                                          8 * pass, mode, pass == 0, pass == 3,
                                                                          hist + 256 * pass, st, counters + pass);
        else
            rs_onesweep_pass<false, RS_ITEMS_KEYS><<<(unsigned)tiles, RS_THREADS, 0, s>>>(ks[pass], kd[pass], NULL, NULL, n,
                                                                           8 * pass, mode, pass == 0, pass == 3,
                                                                           hist + 256 * pass, st, counters + pass);
        CUDA_TRY_LAUNCH("rs_onesweep_pass", err);
    }
    return 0;
}

extern "C" int radix_kernel_sort(int algo, int mode, const uint32_t *keys_in, uint32_t *keys_out,
                                 const uint32_t *vals_in, uint32_t *vals_out, size_t n, void *temp, void *stream,
                                 sw_error *err)
{
    if (n == 0) return 0;
    if (n >= ((size_t)1 << 32)) return sw_fail(err, "radix sort (cuda): %zu keys, the limit is 2^32 - 1", n);
    if ((vals_in == NULL) != (vals_out == NULL)) return sw_fail(err, "radix sort (cuda): values in and out differ");
    if (algo == RADIX_K_SPLIT) return rs_split(mode, keys_in, keys_out, vals_in, vals_out, n, temp, (cudaStream_t)stream, err);
    if (algo == RADIX_K_ONESWEEP2)
        return radix_onesweep2_sort(mode, keys_in, keys_out, vals_in, vals_out, n, temp, stream, err);
    return rs_onesweep(mode, keys_in, keys_out, vals_in, vals_out, n, temp, (cudaStream_t)stream, err);
}
