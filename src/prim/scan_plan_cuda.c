/* Host side of the CUDA scan launchers (kernels/scan/scan.h): the algorithm a name picks,
 * its limits and temp storage, the checks of a call and the zeroing of the look-back's
 * status words; kernels/scan/scan.cu queues the kernels. */
#include "prim/scan_plan_cuda.h"

#include <limits.h>
#include <stdint.h>
#include <string.h>

#include <cuda_runtime_api.h>

#include "kernels/common/cuda_util.cuh"

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
    size_t bytes = 0, tile = scan_k_ladder_tile(algo, esize);
    for (size_t m = div_up(n, tile); m > 1; m = div_up(m, tile)) bytes += round16(m * esize);
    return bytes;
}

static size_t lookback_slots(const scan_tune *tu, size_t esize, size_t n)
{
    return div_up(n, scan_k_lookback_tile(tu, esize)) << tu->spread;
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
    const size_t tiles = div_up(n, tu ? scan_k_lookback_tile(tu, esize) : scan_k_ladder_tile(algo, esize));
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
    return scan_kernel_run(algo, d, tu, d_in, d_out, n, temp, stream, err);
}

/* The grid of a persistent kernel: as many blocks as the device holds at once (at most
 * TILES, and TU's cap). *CACHE keeps (device + 1) << 32 | blocks for the kernel, read and
 * written atomically: calls from several threads may share it. */
long long scan_lookback_grid(const void *kernel, int threads, size_t smem, size_t tiles, const scan_tune *tu,
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
