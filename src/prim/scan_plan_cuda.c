/* Host side of the CUDA scans (kernels/scan/scan.h): the algorithm a name picks, its
 * limits and temp storage, the checks of a call, the zeroing of the look-back's status
 * words and the launches of the kernels that kernels/scan/scan.cu compiles. */
#include "prim/scan_plan_cuda.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "kernels/common/cuda_util.cuh"

/* Indices into scan_cuda_algorithms (scan_cuda.c), production first. */
enum { SCAN_K_LOOKBACK, SCAN_K_TUNED, SCAN_K_LARGE, SCAN_K_BLELLOCH_CF, SCAN_K_BLELLOCH, SCAN_K_NAIVE, SCAN_K_COUNT };
static const char *const algo_names[SCAN_K_COUNT] = {"lookback", "tuned", "large", "blelloch-cf", "blelloch", "naive"};

#define NAIVE_MAX 1024      /* one thread per element, one block */
#define BLELLOCH_MAX 2048   /* two elements per thread, one block of 1024 */
#define TEMP_ALIGN 16

static int algo_index(const char *name)
{
    if (!name) return SCAN_K_LOOKBACK;
    for (int i = 0; i < SCAN_K_COUNT; i++)
        if (!strcmp(name, algo_names[i])) return i;
    return -1;
}

size_t scan_cuda_max_elements(const char *algo, scan_type t)
{
    (void)t;
    switch (algo_index(algo)) {
    case SCAN_K_NAIVE: return NAIVE_MAX;
    case SCAN_K_BLELLOCH: case SCAN_K_BLELLOCH_CF: return BLELLOCH_MAX;
    case -1: return 0;
    default: return SCAN_MAX_ELEMENTS;
    }
}

static size_t round16(size_t b) { return (b + 15) & ~(size_t)15; }
static size_t div_up(size_t a, size_t b) { return (a + b - 1) / b; }
static size_t type_size(scan_type t) { return t == SCAN_I64 ? 8 : 4; }

/* The tile of the ladder's multi-level scans and of the production kernel, in elements. */
static size_t ladder_tile(int algo, size_t esize)
{
    return algo == SCAN_K_TUNED ? (size_t)SCAN_K_TILE_THREADS * SCAN_K_TUNED_NV * (16 / esize) : 2 * SCAN_K_LARGE_THREADS;
}
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
 * at t << spread): one (tag, value) word of 8 bytes a slot, 16 for 8-byte types. */
static size_t status_bytes(size_t esize, size_t slots) { return 16 + round16(slots * 2 * esize); }

/* Block sums of every level of a multi-level scan. */
static size_t sums_bytes(int algo, size_t esize, size_t n)
{
    size_t bytes = 0, tile = ladder_tile(algo, esize);
    for (size_t m = div_up(n, tile); m > 1; m = div_up(m, tile)) bytes += round16(m * esize);
    return bytes;
}

static size_t lookback_slots(const scan_tune *tu, size_t esize, size_t n)
{
    return div_up(n, lookback_tile(tu, esize)) << tu->spread;
}

static size_t temp_need(int algo, const scan_tune *tu, size_t esize, size_t n)
{
    if (n == 0) return 0;
    if (algo == SCAN_K_LOOKBACK) return status_bytes(esize, lookback_slots(tu, esize, n));
    if (algo == SCAN_K_TUNED || algo == SCAN_K_LARGE) return sums_bytes(algo, esize, n);
    return 0;
}

/* The algorithm's index, or -1 with a message for an unknown one or N over its limit. */
static int check_request(const scan_desc *d, size_t n, sw_error *err)
{
    const int algo = algo_index(d->algo);
    if (algo < 0) return sw_fail(err, "scan: the cuda backend has no algorithm '%s'", d->algo);
    if ((unsigned)d->type >= SCAN_TYPE_COUNT) return sw_fail(err, "scan: invalid element type %d", (int)d->type);
    if ((unsigned)d->op >= SCAN_OP_COUNT) return sw_fail(err, "scan: invalid operator %d", (int)d->op);
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

int scan_cuda_temp_bytes(const scan_desc *d, const scan_tune *tune, size_t n, size_t *bytes, sw_error *err)
{
    *bytes = 0;
    const int algo = check_request(d, n, err);
    if (algo < 0) return -1;
    *bytes = temp_need(algo, algo == SCAN_K_LOOKBACK ? tune_of(tune) : NULL, type_size(d->type), n);
    return 0;
}

/* The grid of a persistent kernel: as many blocks as the device holds at once (at most
 * TILES, and TU's cap). *CACHE keeps (device + 1) << 32 | blocks for the kernel, read and
 * written atomically: calls from several threads may share it. */
static long long lookback_grid(const void *kernel, int threads, size_t smem, size_t tiles, const scan_tune *tu,
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

/* The production kernel of TU's shape on a persistent grid (TEMP: the 16-byte tile
 * counter, then the zeroed status words). */
static int run_lookback(const scan_kernels *k, const scan_desc *d, const scan_tune *tu, const void *in, void *out,
                        size_t n, int incl, int aligned, char *temp, cudaStream_t s, sw_error *err)
{
    static const int shapes[SCAN_K_SHAPES][3] = {
#define SCAN_SHAPE(TH, I, S, MB) {TH, I, S},
        SCAN_SHAPES(SCAN_SHAPE)
#undef SCAN_SHAPE
    };
    static unsigned long long cache[SCAN_TYPE_COUNT][SCAN_OP_COUNT][SCAN_K_SHAPES];   /* per kernel */
    int i = 0;
    while (i < SCAN_K_SHAPES &&
           (shapes[i][0] != tu->threads || shapes[i][1] != tu->items || shapes[i][2] != tu->stages))
        i++;
    if (i == SCAN_K_SHAPES)
        return sw_fail(err, "scan lookback: shape %dx%d s%d is not compiled (kernels/scan/scan.h, SCAN_SHAPES)",
                       tu->threads, tu->items, tu->stages);
    size_t tiles = div_up(n, lookback_tile(tu, type_size(d->type)));
    const size_t smem = (size_t)tu->stages * tu->threads * (tu->items / 4) * 16;
    const long long grid = lookback_grid(k->lookback[i], tu->threads + 32, smem, tiles, tu, &cache[d->type][d->op][i],
                                         err);
    if (grid < 0) return -1;
    unsigned long long *status = (unsigned long long *)(temp + 16);
    unsigned *counter = (unsigned *)temp;
    scan_lb_opts o = {tu->window, tu->cs, tu->spread};
    void *args[] = {&in, &out, &n, &incl, &aligned, &status, &counter, &o, &tiles};
    return cuda_launch(k->lookback[i], (unsigned)grid, (unsigned)tu->threads + 32, smem, args, s, "scan lookback", err);
}

/* The dynamic shared memory of a Blelloch block of N2 elements, padded (CONFLICT_FREE_OFFSET)
 * or not. */
static size_t blelloch_smem(size_t n2, int cf, size_t esize)
{
    return (n2 + (cf ? CONFLICT_FREE_OFFSET(n2 - 1) + 1 : 0)) * esize;
}

/* "tuned" and "large": scan tiles saving their totals into SUMS, scan the totals
 * (recursively, exclusive, in place), add them back to every tile. */
static int run_multilevel(const scan_kernels *k, int algo, size_t esize, const void *in, void *out, size_t n,
                          int incl, int aligned, char *sums_area, cudaStream_t s, sw_error *err)
{
    size_t tile = ladder_tile(algo, esize), tiles = div_up(n, tile);
    void *sums = tiles > 1 ? sums_area : NULL;
    int n2 = (int)tile;
    void *tuned_args[] = {&in, &out, &n, &incl, &aligned, &sums}, *large_args[] = {&in, &out, &n, &n2, &incl, &sums};
    if (algo == SCAN_K_TUNED
            ? cuda_launch(k->tuned, (unsigned)tiles, SCAN_K_TILE_THREADS, 0, tuned_args, s, "scan tuned", err)
            : cuda_launch(k->blelloch_cf, (unsigned)tiles, SCAN_K_LARGE_THREADS, blelloch_smem(tile, 1, esize),
                          large_args, s, "scan large (block scans)", err))
        return -1;
    if (tiles == 1) return 0;
    if (run_multilevel(k, algo, esize, sums, sums, tiles, 0, 1, sums_area + round16(tiles * esize), s, err)) return -1;
    void *args[] = {&out, &sums, &n, &tile, &aligned};
    return cuda_launch(k->uniform_add, (unsigned)(tiles - 1), SCAN_K_TILE_THREADS, 0, args, s, "scan uniform add", err);
}

/* naive, blelloch and blelloch-cf: one block. */
static int run_one_block(const scan_kernels *k, int algo, size_t esize, const void *in, void *out, size_t n, int incl,
                         cudaStream_t s, sw_error *err)
{
    if (algo == SCAN_K_NAIVE) {
        unsigned threads = (unsigned)div_up(n, 32) * 32;
        int count = (int)n;
        void *args[] = {&in, &out, &count, &incl};
        return cuda_launch(k->naive, 1, threads, 2 * threads * esize, args, s, "scan naive", err);
    }
    int n2 = 2;   /* the power of two >= n */
    while ((size_t)n2 < n) n2 *= 2;
    void *sums = NULL;
    void *args[] = {&in, &out, &n, &n2, &incl, &sums};
    const int cf = algo == SCAN_K_BLELLOCH_CF;
    return cuda_launch(cf ? k->blelloch_cf : k->blelloch, 1, (unsigned)n2 / 2, blelloch_smem((size_t)n2, cf, esize),
                       args, s, cf ? "scan blelloch-cf" : "scan blelloch", err);
}

int scan_cuda_device(const scan_desc *d, const scan_tune *tune, const void *d_in, void *d_out, size_t n,
                     void *temp, size_t temp_bytes, void *stream, sw_error *err)
{
    const int algo = check_request(d, n, err);
    if (algo < 0) return -1;
    if (n == 0) return 0;
    const scan_tune *tu = algo == SCAN_K_LOOKBACK ? tune_of(tune) : NULL;
    const size_t esize = type_size(d->type), need = temp_need(algo, tu, esize, n);
    if (temp_bytes < need || (need && !temp))
        return sw_fail(err, "scan %s: %zu elements need %zu bytes of temp storage, %zu given (ask scan_cuda_temp_bytes)",
                       algo_names[algo], n, need, temp ? temp_bytes : 0);
    if ((uintptr_t)temp % TEMP_ALIGN)
        return sw_fail(err, "scan: temp storage at %p is not %d-byte aligned (cudaMalloc's pointers are)", temp,
                       TEMP_ALIGN);
    const size_t tiles = div_up(n, tu ? lookback_tile(tu, esize) : ladder_tile(algo, esize));
    if (tiles >= UINT_MAX / 2)
        return sw_fail(err, "scan %s: %zu elements need %zu tiles, over the limit %u", algo_names[algo], n, tiles,
                       UINT_MAX / 2);
    if (tu) {
        if (tu->window != 1 && tu->window != 2 && tu->window != 4)
            return sw_fail(err, "scan lookback: window %d is not 1, 2 or 4 (kernels/scan/tune.h)", tu->window);
        if (tu->spread < 0 || tu->spread > 3)
            return sw_fail(err, "scan lookback: spread %d is not 0 to 3 (kernels/scan/tune.h)", tu->spread);
        /* every status word reads as unpublished: nothing of an earlier call is kept */
        CUDA_TRY(cudaMemsetAsync(temp, 0, need, (cudaStream_t)stream), err);
    }
    scan_kernels k;
    if (scan_kernels_for(d->type, d->op, &k))
        return sw_fail(err, "scan: type %d, operator %d not compiled", (int)d->type, (int)d->op);
    const cudaStream_t s = (cudaStream_t)stream;
    const int incl = d->kind == SCAN_INCLUSIVE, aligned = (((uintptr_t)d_in | (uintptr_t)d_out) & 15) == 0;
    if (tu) return run_lookback(&k, d, tu, d_in, d_out, n, incl, aligned, temp, s, err);
    if (algo == SCAN_K_TUNED || algo == SCAN_K_LARGE)
        return run_multilevel(&k, algo, esize, d_in, d_out, n, incl, aligned, temp, s, err);
    return run_one_block(&k, algo, esize, d_in, d_out, n, incl, s, err);
}
