/* Host side of the CUDA scans: algorithm limits, temp storage, launch configuration and
 * the type/operator dispatch behind the extern "C" launchers of kernels/scan/scan.h.
 * The ladder's kernels are in scan_blelloch.cuh (naive, blelloch, blelloch-cf, large)
 * and scan_tile.cuh (tuned); the production kernel in scan_lookback_rp.cuh. */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "kernels/common/cuda_util.cuh"
#include "scan.h"
#include "scan_blelloch.cuh"
#include "scan_lookback_rp.cuh"

/* Indices into scan_cuda_algorithms (src/prim/scan_cuda.c), production first. */
enum { ALGO_LOOKBACK, ALGO_TUNED, ALGO_LARGE, ALGO_BLELLOCH_CF, ALGO_BLELLOCH, ALGO_NAIVE, ALGO_COUNT };
static const char *const algo_names[ALGO_COUNT] = {"lookback", "tuned", "large", "blelloch-cf", "blelloch", "naive"};

#define NAIVE_MAX 1024            /* one thread per element, one block */
#define BLELLOCH_MAX 2048         /* two elements per thread, one block of 1024 */
#define LARGE_THREADS 256         /* "large": 512-element tiles */
#define TUNED_NV 2                /* "tuned": two 16-byte vectors per thread (8 x 32-bit) */
#define TEMP_ALIGN 16

/* The production kernel's compiled shapes: X(threads, 4-byte items a thread, ring
 * stages, blocks an SM the registers are bounded for). tune.h's rows name them. */
#define SCAN_SHAPES(X) X(256, 16, 3, 4) X(256, 16, 4, 3) X(256, 32, 3, 2)

static int algo_index(const char *name)
{
    if (!name) return ALGO_LOOKBACK;
    for (int i = 0; i < ALGO_COUNT; i++)
        if (!strcmp(name, algo_names[i])) return i;
    return -1;
}

extern "C" size_t scan_cuda_max_elements(const char *algo, scan_type t)
{
    (void)t;
    switch (algo_index(algo)) {
    case ALGO_NAIVE: return NAIVE_MAX;
    case ALGO_BLELLOCH: case ALGO_BLELLOCH_CF: return BLELLOCH_MAX;
    case -1: return 0;
    default: return SCAN_MAX_ELEMENTS;
    }
}

static size_t round16(size_t b) { return (b + 15) & ~(size_t)15; }
static size_t div_up(size_t a, size_t b) { return (a + b - 1) / b; }
static size_t type_size(scan_type t) { return t == SCAN_I64 ? 8 : 4; }

/* The tile of the ladder's multi-level scans. */
static size_t ladder_tile(int algo, size_t esize)
{
    return algo == ALGO_TUNED ? (size_t)TILE_THREADS * TUNED_NV * (16 / esize) : 2 * LARGE_THREADS;
}

/* The production kernel's tile, in elements. */
static size_t lookback_tile(const scan_tune *tu, size_t esize)
{
    return (size_t)tu->threads * tu->items / 4 * (16 / esize);
}

/* The device's row of tune.h; TUNE when the caller names one. */
static const scan_tune *tune_of(const scan_tune *tune)
{
    return tune ? tune : scan_tune_for(cuda_device_arch());
}

/* Look-back temp: the tile counter (16 bytes), then the status of every slot (tile t's
 * at t << spread). 4-byte types: one word a slot; 8-byte types: a flag word and two
 * value slots. */
static size_t status_bytes(size_t esize, size_t slots)
{
    return 16 + round16(slots * 2 * esize);   /* a word of (tag, value) a slot; 16 bytes for 8-byte T */
}

/* Block sums of every level of a multi-level scan. */
static size_t sums_bytes(int algo, size_t esize, size_t n)
{
    size_t bytes = 0, tile = ladder_tile(algo, esize);
    for (size_t m = div_up(n, tile); m > 1; m = div_up(m, tile)) bytes += round16(m * esize);
    return bytes;
}

static size_t temp_need(int algo, const scan_tune *tu, size_t esize, size_t n)
{
    if (n == 0) return 0;
    if (algo == ALGO_LOOKBACK) return status_bytes(esize, div_up(n, lookback_tile(tu, esize)) << tu->spread);
    if (algo == ALGO_TUNED || algo == ALGO_LARGE) return sums_bytes(algo, esize, n);
    return 0;
}

static int check_grid(size_t blocks, const char *algo, size_t n, sw_error *err)
{
    if (blocks >= UINT_MAX / 2)
        return sw_fail(err, "scan %s: %zu elements need %zu tiles, over the limit %u", algo, n, blocks, UINT_MAX / 2);
    return 0;
}

/* ---- the production kernel ----------------------------------------------------- */

/* The grid of a persistent kernel: as many blocks as the device holds at once (at most
 * TILES, and TU's cap). *CACHE keeps (device + 1) << 32 | blocks for the kernel, read and
 * written atomically: calls from several threads may share it. */
static long long rp_grid(const void *kernel, int threads, size_t smem, size_t tiles, const scan_tune *tu,
                         unsigned long long *cache, sw_error *err)
{
    int dev, resident;
    CUDA_TRY(cudaGetDevice(&dev), err);
    const unsigned long long c = __atomic_load_n(cache, __ATOMIC_ACQUIRE);
    if (c >> 32 == (unsigned long long)dev + 1) {
        resident = (int)(unsigned)c;
    } else {
        if (cuda_resident_blocks(kernel, threads, smem, &resident, err)) return -1;
        __atomic_store_n(cache, ((unsigned long long)dev + 1) << 32 | (unsigned)resident, __ATOMIC_RELEASE);
    }
    if (resident <= 0)
        return sw_fail(err, "scan lookback %dx%d s%d: a block with %zu bytes of shared memory does not fit this GPU; "
                       "pick a smaller row of kernels/scan/tune.h", tu->threads, tu->items, tu->stages, smem);
    long long grid = (long long)(tiles < (size_t)resident ? tiles : (size_t)resident);
    if (tu->max_grid > 0 && grid > tu->max_grid) grid = tu->max_grid;
    return grid;
}

template <typename T, int OP, int TH, int NV, int STAGES, int MIN_BLOCKS>
static int rp_launch(const scan_tune *tu, size_t tiles, const T *in, T *out, size_t n, int incl, int aligned,
                     tile_status<T> st, unsigned *counter, const lb_opts &o, cudaStream_t s, sw_error *err)
{
    void (*kernel)(const T *, T *, size_t, int, int, tile_status<T>, unsigned *, lb_opts, size_t) =
        lookback_rp_kernel<T, OP, TH, NV, STAGES, LB_BOUND_BLOCKS(MIN_BLOCKS, TH + 32)>;
    const size_t smem = (size_t)STAGES * TH * NV * 16;
    static unsigned long long cache;   /* per instantiation */
    const long long grid = rp_grid((const void *)kernel, TH + 32, smem, tiles, tu, &cache, err);
    if (grid < 0) return -1;
    kernel<<<(unsigned)grid, TH + 32, smem, s>>>(in, out, n, incl, aligned, st, counter, o, tiles);
    CUDA_TRY_LAUNCH("scan lookback", err);
    return 0;
}

/* Zeroes the counter and status words in TEMP (every word reads as unpublished) and
 * launches TU's shape. */
template <typename T, int OP>
static int run_lookback(const scan_tune *tu, const T *in, T *out, size_t n, int incl, int aligned, char *temp,
                        cudaStream_t s, sw_error *err)
{
    const size_t tiles = div_up(n, lookback_tile(tu, sizeof(T)));
    if (check_grid(tiles, "lookback", n, err)) return -1;
    if (tu->window != 1 && tu->window != 2 && tu->window != 4)
        return sw_fail(err, "scan lookback: window %d is not 1, 2 or 4 (kernels/scan/tune.h)", tu->window);
    if (tu->spread < 0 || tu->spread > 3)
        return sw_fail(err, "scan lookback: spread %d is not 0 to 3 (kernels/scan/tune.h)", tu->spread);
    const size_t slots = tiles << tu->spread;
    CUDA_TRY(cudaMemsetAsync(temp, 0, status_bytes(sizeof(T), slots), s), err);
    tile_status<T> st = {};
    st.packed = (unsigned long long *)(temp + 16);
    lb_opts o = {};
    o.window = tu->window;
    o.cs = tu->cs;
    o.spread = tu->spread;
    unsigned *counter = (unsigned *)temp;
    switch (tu->threads * 1000 + tu->items + 1000000 * tu->stages) {
#define SCAN_CASE(TH, I, S, MB)                                                                                   \
    case (S) * 1000000 + (TH) * 1000 + (I):                                                                      \
        return rp_launch<T, OP, TH, (I) / 4, S, MB>(tu, tiles, in, out, n, incl, aligned, st, counter, o, s, err);
        SCAN_SHAPES(SCAN_CASE)
#undef SCAN_CASE
    default:
        return sw_fail(err, "scan lookback: shape %dx%d s%d is not compiled (kernels/scan/scan.cu, SCAN_SHAPES)",
                       tu->threads, tu->items, tu->stages);
    }
}

/* ---- the ladder ------------------------------------------------------------------ */

/* "tuned" and "large": scan tiles saving their totals into SUMS, scan the totals
 * (recursively, exclusive, in place), add them back to every tile. */
template <typename T, int OP>
static int run_multilevel(int algo, const T *in, T *out, size_t n, int incl, int aligned, char *sums_area,
                          cudaStream_t s, sw_error *err)
{
    const size_t tile = ladder_tile(algo, sizeof(T));
    const size_t tiles = div_up(n, tile);
    if (check_grid(tiles, algo_names[algo], n, err)) return -1;
    T *sums = tiles > 1 ? (T *)sums_area : NULL;
    if (algo == ALGO_TUNED) {
        tile_scan_kernel<T, OP, TUNED_NV><<<(unsigned)tiles, TILE_THREADS, 0, s>>>(in, out, n, incl, aligned, sums);
        CUDA_TRY_LAUNCH("scan tuned", err);
    } else {
        size_t smem = (tile + CONFLICT_FREE_OFFSET(tile - 1) + 1) * sizeof(T);
        blelloch_scan_kernel<T, OP, true><<<(unsigned)tiles, LARGE_THREADS, smem, s>>>(in, out, n, (int)tile, incl, sums);
        CUDA_TRY_LAUNCH("scan large (block scans)", err);
    }
    if (tiles == 1) return 0;
    if (run_multilevel<T, OP>(algo, sums, sums, tiles, 0, 1, sums_area + round16(tiles * sizeof(T)), s, err))
        return -1;
    uniform_add_kernel<T, OP><<<(unsigned)(tiles - 1), TILE_THREADS, 0, s>>>(out, sums, n, tile, aligned);
    CUDA_TRY_LAUNCH("scan uniform add", err);
    return 0;
}

template <typename T, int OP>
static int run_typed(int algo, const scan_tune *tu, const void *vin, void *vout, size_t n, int incl, char *temp,
                     cudaStream_t s, sw_error *err)
{
    const T *in = (const T *)vin;
    T *out = (T *)vout;
    const int aligned = (((uintptr_t)in | (uintptr_t)out) & 15) == 0;
    switch (algo) {
    case ALGO_LOOKBACK: return run_lookback<T, OP>(tu, in, out, n, incl, aligned, temp, s, err);
    case ALGO_TUNED:
    case ALGO_LARGE: return run_multilevel<T, OP>(algo, in, out, n, incl, aligned, temp, s, err);
    case ALGO_NAIVE: {
        unsigned threads = (unsigned)div_up(n, 32) * 32;
        naive_scan_kernel<T, OP><<<1, threads, 2 * threads * sizeof(T), s>>>(in, out, (int)n, incl);
        CUDA_TRY_LAUNCH("scan naive", err);
        return 0;
    }
    default: {   /* blelloch, blelloch-cf: one block, n2 = the power of two >= n */
        int n2 = 2;
        while ((size_t)n2 < n) n2 *= 2;
        if (algo == ALGO_BLELLOCH) {
            blelloch_scan_kernel<T, OP, false><<<1, n2 / 2, n2 * sizeof(T), s>>>(in, out, n, n2, incl, NULL);
        } else {
            size_t smem = (n2 + CONFLICT_FREE_OFFSET(n2 - 1) + 1) * sizeof(T);
            blelloch_scan_kernel<T, OP, true><<<1, n2 / 2, smem, s>>>(in, out, n, n2, incl, NULL);
        }
        CUDA_TRY_LAUNCH(algo_names[algo], err);
        return 0;
    }
    }
}

template <typename T>
static int run_op(const scan_desc *d, int algo, const scan_tune *tu, const void *in, void *out, size_t n, char *temp,
                  cudaStream_t s, sw_error *err)
{
    const int incl = d->kind == SCAN_INCLUSIVE;
    switch (d->op) {
    case SCAN_ADD: return run_typed<T, OP_ADD>(algo, tu, in, out, n, incl, temp, s, err);
    case SCAN_MAX: return run_typed<T, OP_MAX>(algo, tu, in, out, n, incl, temp, s, err);
    case SCAN_MIN: return run_typed<T, OP_MIN>(algo, tu, in, out, n, incl, temp, s, err);
    default: return sw_fail(err, "scan: invalid operator %d", (int)d->op);
    }
}

/* The algorithm's index, or -1 with a message for an unknown one or N over its limit. */
static int check_request(const scan_desc *d, size_t n, sw_error *err)
{
    const int algo = algo_index(d->algo);
    if (algo < 0) return sw_fail(err, "scan: the cuda backend has no algorithm '%s'", d->algo);
    if ((unsigned)d->type >= SCAN_TYPE_COUNT) return sw_fail(err, "scan: invalid element type %d", (int)d->type);
    const size_t limit = scan_cuda_max_elements(d->algo, d->type);
    if (n > limit) {
        if (limit < SCAN_MAX_ELEMENTS)
            return sw_fail(err,
                           "scan %s: %zu elements is over its limit of %zu (it scans in one thread block); "
                           "use --algo large or lookback for longer arrays",
                           algo_names[algo], n, limit);
        return sw_fail(err, "scan %s: %zu elements is over the limit of %zu", algo_names[algo], n, limit);
    }
    return algo;
}

extern "C" int scan_cuda_temp_bytes(const scan_desc *d, const scan_tune *tune, size_t n, size_t *bytes, sw_error *err)
{
    *bytes = 0;
    const int algo = check_request(d, n, err);
    if (algo < 0) return -1;
    *bytes = temp_need(algo, algo == ALGO_LOOKBACK ? tune_of(tune) : NULL, type_size(d->type), n);
    return 0;
}

extern "C" int scan_cuda_device(const scan_desc *d, const scan_tune *tune, const void *d_in, void *d_out, size_t n,
                                void *temp, size_t temp_bytes, void *stream, sw_error *err)
{
    const int algo = check_request(d, n, err);
    if (algo < 0) return -1;
    if (n == 0) return 0;
    const scan_tune *tu = algo == ALGO_LOOKBACK ? tune_of(tune) : NULL;
    const size_t need = temp_need(algo, tu, type_size(d->type), n);
    if (temp_bytes < need || (need && !temp))
        return sw_fail(err, "scan %s: %zu elements need %zu bytes of temp storage, %zu given (ask scan_cuda_temp_bytes)",
                       algo_names[algo], n, need, temp ? temp_bytes : 0);
    if ((uintptr_t)temp % TEMP_ALIGN)
        return sw_fail(err, "scan: temp storage at %p is not %d-byte aligned (cudaMalloc's pointers are)", temp,
                       TEMP_ALIGN);
    cudaStream_t s = (cudaStream_t)stream;
    char *t = (char *)temp;
    switch (d->type) {
    case SCAN_I32: return run_op<int32_t>(d, algo, tu, d_in, d_out, n, t, s, err);
    case SCAN_U32: return run_op<uint32_t>(d, algo, tu, d_in, d_out, n, t, s, err);
    case SCAN_I64: return run_op<int64_t>(d, algo, tu, d_in, d_out, n, t, s, err);
    default: return run_op<float>(d, algo, tu, d_in, d_out, n, t, s, err);
    }
}
