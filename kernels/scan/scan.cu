/* Host side of the CUDA scans: algorithm limits, cached scratch, launch
 * configuration and the type/operator dispatch behind the extern "C" launchers of
 * kernels/scan/scan.h. The kernels are in scan_tile.cuh (tuned), scan_lookback*.cuh (lookback) and
 * scan_blelloch.cuh (naive, blelloch, blelloch-cf, large). */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "kernels/common/cuda_util.cuh"
#include "scan.h"
#include "scan_blelloch.cuh"
#include "scan_lookback_bulk.cuh"
#include "scan_lookback_pipe.cuh"
#include "scan_lookback_rp.cuh"
#include "scan_lookback_ws.cuh"

/* Indices into scan_cuda_algorithms (src/prim/scan_cuda.c), which lists them best first. */
enum { ALGO_LOOKBACK, ALGO_TUNED, ALGO_LARGE, ALGO_BLELLOCH_CF, ALGO_BLELLOCH, ALGO_NAIVE, ALGO_COUNT };
static const char *const algo_names[ALGO_COUNT] = {"lookback", "tuned", "large", "blelloch-cf", "blelloch", "naive"};

#define NAIVE_MAX 1024            /* one thread per element, one block */
#define BLELLOCH_MAX 2048         /* two elements per thread, one block of 1024 */
#define LARGE_THREADS 256         /* "large": 512-element tiles */
#define TUNED_NV 2                /* "tuned": two 16-byte vectors per thread (8 x 32-bit) */

static int algo_index(const char *name)
{
    if (!name || !strncmp(name, "lookback-", 9)) return ALGO_LOOKBACK;
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

/* ---- cached device memory ------------------------------------------------- */

static struct {
    void *scratch;
    size_t scratch_bytes;
    void *stage;
    size_t stage_bytes;
    void *status;          /* look-back: counter + status words, kept between calls */
    size_t status_bytes;
    int status_ready;      /* zeroed since allocation; EPOCH and TICKET are valid */
    unsigned epoch, ticket;
    size_t layout;         /* element size and tile count the words were laid out for */
} cache;

static int cache_reserve(void **p, size_t *have, size_t need, const char *what, sw_error *err)
{
    if (*have >= need && *p) return 0;
    if (*p) CUDA_TRY(cudaFree(*p), err);   /* waits for work still using it */
    *p = NULL;
    *have = 0;
    if (cuda_alloc(p, need, what, err)) return -1;
    *have = need;
    return 0;
}

extern "C" void scan_cuda_release(void)
{
    if (cache.scratch) cudaFree(cache.scratch);
    if (cache.stage) cudaFree(cache.stage);
    if (cache.status) cudaFree(cache.status);
    memset(&cache, 0, sizeof cache);
}

static size_t round16(size_t b) { return (b + 15) & ~(size_t)15; }
static size_t div_up(size_t a, size_t b) { return (a + b - 1) / b; }

template <typename T> static size_t tile_size(int algo)
{
    const size_t vec = 16 / sizeof(T);
    if (algo == ALGO_TUNED) return TILE_THREADS * TUNED_NV * vec;
    return 2 * LARGE_THREADS;
}

/* Scratch for the block sums of every level of a multi-level scan. */
template <typename T> static size_t sums_bytes(int algo, size_t n)
{
    size_t bytes = 0, tile = tile_size<T>(algo);
    for (size_t m = div_up(n, tile); m > 1; m = div_up(m, tile)) bytes += round16(m * sizeof(T));
    return bytes;
}

/* Counter (16 bytes), then the status of every tile. */
template <typename T> static size_t status_bytes(size_t tiles)
{
    if (sizeof(T) == 4) return 16 + round16(tiles * 8);
    return 16 + round16(tiles * 4) + 2 * round16(tiles * sizeof(T));
}

static int check_grid(size_t blocks, const char *algo, size_t n, sw_error *err)
{
    if (blocks > INT_MAX)
        return sw_fail(err, "scan %s: %zu elements need %zu blocks, over the grid limit %d", algo, n, blocks, INT_MAX);
    return 0;
}

/* ---- launches --------------------------------------------------------------- */

#include "scan_lookback_run.cuh"

/* "tuned" and "large": scan tiles saving their totals into SUMS, scan the totals
 * (recursively, exclusive, in place), add them back to every tile. */
template <typename T, int OP>
static int run_multilevel(int algo, const T *in, T *out, size_t n, int incl, int aligned, char *sums_area,
                          cudaStream_t s, sw_error *err)
{
    const size_t tile = tile_size<T>(algo);
    const size_t tiles = div_up(n, tile);
    if (check_grid(tiles, algo_names[algo], n, err)) return -1;
    T *sums = tiles > 1 ? (T *)sums_area : NULL;
    if (algo == ALGO_TUNED) {
        tile_status<T> none = {};
        tile_scan_kernel<T, OP, TUNED_NV, false>
            <<<(unsigned)tiles, TILE_THREADS, 0, s>>>(in, out, n, incl, aligned, sums, none, NULL);
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
static int run_typed(int algo, const lb_config &lb_cfg, const void *vin, void *vout, size_t n, int incl,
                     cudaStream_t s, sw_error *err)
{
    const T *in = (const T *)vin;
    T *out = (T *)vout;
    const int aligned = (((uintptr_t)in | (uintptr_t)out) & 15) == 0;
    switch (algo) {
    case ALGO_LOOKBACK: return run_lookback<T, OP>(lb_cfg, in, out, n, incl, aligned, s, err);
    case ALGO_TUNED:
    case ALGO_LARGE: {
        size_t bytes = sums_bytes<T>(algo, n);
        if (bytes && cache_reserve(&cache.scratch, &cache.scratch_bytes, bytes, "scan block sums", err)) return -1;
        return run_multilevel<T, OP>(algo, in, out, n, incl, aligned, (char *)cache.scratch, s, err);
    }
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
static int run_op(const scan_desc *d, int algo, const lb_config &lb, const void *in, void *out, size_t n,
                  cudaStream_t s, sw_error *err)
{
    const int incl = d->kind == SCAN_INCLUSIVE;
    switch (d->op) {
    case SCAN_ADD: return run_typed<T, OP_ADD>(algo, lb, in, out, n, incl, s, err);
    case SCAN_MAX: return run_typed<T, OP_MAX>(algo, lb, in, out, n, incl, s, err);
    case SCAN_MIN: return run_typed<T, OP_MIN>(algo, lb, in, out, n, incl, s, err);
    default: return sw_fail(err, "scan: invalid operator %d", (int)d->op);
    }
}

/* The algorithm's index, or -1 with a message for an unknown one or N over its limit. */
static int check_request(const scan_desc *d, size_t n, sw_error *err)
{
    const int algo = algo_index(d->algo);
    if (algo < 0) return sw_fail(err, "scan: the cuda backend has no algorithm '%s'", d->algo);
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

extern "C" int scan_cuda_device(const scan_desc *d, const void *d_in, void *d_out, size_t n, void *stream,
                                sw_error *err)
{
    const int algo = check_request(d, n, err);
    if (algo < 0) return -1;
    if (n == 0) return 0;
    cudaStream_t s = (cudaStream_t)stream;
    lb_config lb = {};
    if (algo == ALGO_LOOKBACK && lookback_config(d->algo, &lb, err)) return -1;
    switch (d->type) {
    case SCAN_I32: return run_op<int32_t>(d, algo, lb, d_in, d_out, n, s, err);
    case SCAN_U32: return run_op<uint32_t>(d, algo, lb, d_in, d_out, n, s, err);
    case SCAN_I64: return run_op<int64_t>(d, algo, lb, d_in, d_out, n, s, err);
    case SCAN_F32: return run_op<float>(d, algo, lb, d_in, d_out, n, s, err);
    default: return sw_fail(err, "scan: invalid element type %d", (int)d->type);
    }
}

/* The scan of the staged array, from its first half into its second: once to warm the
 * clocks, caches and scratch, then TIMED_RUNS times between events on the default
 * stream; *MS is the fastest run (the GPU may switch to another context, such as the
 * frame's GL work, in the middle of any one). The input stays as it is, so every run
 * scans the same data. */
#define TIMED_RUNS 3
static int timed_scan(const scan_desc *d, size_t n, size_t bytes, float *ms, sw_error *err)
{
    char *in = (char *)cache.stage, *out = in + round16(bytes);
    if (scan_cuda_device(d, in, out, n, NULL, err)) return -1;
    cudaEvent_t ev[TIMED_RUNS + 1] = {NULL};
    cudaError_t e = cudaSuccess;
    for (int i = 0; i <= TIMED_RUNS && e == cudaSuccess; i++) e = cudaEventCreate(&ev[i]);
    int rc = 0;
    if (e == cudaSuccess) e = cudaEventRecord(ev[0], 0);
    for (int i = 1; i <= TIMED_RUNS && e == cudaSuccess && !rc; i++) {
        rc = scan_cuda_device(d, in, out, n, NULL, err);
        if (!rc) e = cudaEventRecord(ev[i], 0);
    }
    if (e == cudaSuccess && !rc) e = cudaEventSynchronize(ev[TIMED_RUNS]);
    *ms = 0;
    for (int i = 1; i <= TIMED_RUNS && e == cudaSuccess && !rc; i++) {
        float t = 0;
        e = cudaEventElapsedTime(&t, ev[i - 1], ev[i]);
        if (i == 1 || t < *ms) *ms = t;
    }
    for (int i = 0; i <= TIMED_RUNS; i++)
        if (ev[i]) cudaEventDestroy(ev[i]);
    if (rc) return -1;
    CUDA_TRY(e, err);
    return 0;
}

extern "C" int scan_cuda_host_copy(const scan_desc *d, const void *in, void *out, size_t n, float *scan_ms,
                                   sw_error *err)
{
    if (scan_ms) *scan_ms = 0;
    if (check_request(d, n, err) < 0) return -1;
    if (n == 0) return 0;
    const size_t esize = d->type == SCAN_I64 ? 8 : 4;
    const size_t bytes = n * esize;
    /* The timed path keeps its input: the output goes to a second half. */
    const size_t stage = scan_ms ? 2 * round16(bytes) : bytes;
    if (cache_reserve(&cache.stage, &cache.stage_bytes, stage, "the array to scan", err)) return -1;
    CUDA_TRY(cudaMemcpy(cache.stage, in, bytes, cudaMemcpyHostToDevice), err);
    if (scan_ms) {
        if (timed_scan(d, n, bytes, scan_ms, err)) return -1;
    } else if (scan_cuda_device(d, cache.stage, cache.stage, n, NULL, err)) {
        return -1;
    }
    CUDA_TRY(cudaDeviceSynchronize(), err);
    const char *result = (const char *)cache.stage + (scan_ms ? round16(bytes) : 0);
    CUDA_TRY(cudaMemcpy(out, result, bytes, cudaMemcpyDeviceToHost), err);
    return 0;
}
