/* The CUDA scans' kernels queued by type and operator (kernels/scan/scan.h; the checks
 * and temp sizes are in src/prim/scan_plan_cuda.c). The ladder's kernels are in
 * scan_blelloch.cuh and scan_tile.cuh, the production kernel in scan_lookback.cuh. */
#include <stdint.h>

#include "kernels/common/cuda_util.cuh"
#include "scan.h"
#include "scan_blelloch.cuh"
#include "scan_lookback.cuh"

/* The production kernel's compiled shapes: X(threads, 4-byte items a thread, ring
 * stages, blocks an SM the registers are bounded for). tune.h's rows name them. */
#define SCAN_SHAPES(X) X(256, 16, 3, 4) X(256, 16, 4, 3) X(256, 32, 3, 2)

static size_t round16(size_t b) { return (b + 15) & ~(size_t)15; }
static size_t div_up(size_t a, size_t b) { return (a + b - 1) / b; }

/* ---- the production kernel ----------------------------------------------------- */

template <typename T, int OP, int TH, int NV, int STAGES, int MIN_BLOCKS>
static int rp_launch(const scan_tune *tu, size_t tiles, const T *in, T *out, size_t n, int incl, int aligned,
                     tile_status<T> st, unsigned *counter, const lb_opts &o, cudaStream_t s, sw_error *err)
{
    void (*kernel)(const T *, T *, size_t, int, int, tile_status<T>, unsigned *, lb_opts, size_t) =
        lookback_rp_kernel<T, OP, TH, NV, STAGES, MIN_BLOCKS>;
    const size_t smem = (size_t)STAGES * TH * NV * 16;
    static unsigned long long cache;   /* per instantiation */
    const long long grid = scan_lookback_grid((const void *)kernel, TH + 32, smem, tiles, tu, &cache, err);
    if (grid < 0) return -1;
    kernel<<<(unsigned)grid, TH + 32, smem, s>>>(in, out, n, incl, aligned, st, counter, o, tiles);
    CUDA_TRY_LAUNCH("scan lookback", err);
    return 0;
}

/* Launches TU's shape (TEMP: the 16-byte tile counter, then the zeroed status words). */
template <typename T, int OP>
static int run_lookback(const scan_tune *tu, const T *in, T *out, size_t n, int incl, int aligned, char *temp,
                        cudaStream_t s, sw_error *err)
{
    const size_t tiles = div_up(n, scan_k_lookback_tile(tu, sizeof(T)));
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
    const size_t tile = scan_k_ladder_tile(algo, sizeof(T));
    const size_t tiles = div_up(n, tile);
    T *sums = tiles > 1 ? (T *)sums_area : NULL;
    if (algo == SCAN_K_TUNED) {
        tile_scan_kernel<T, OP, SCAN_K_TUNED_NV><<<(unsigned)tiles, SCAN_K_TILE_THREADS, 0, s>>>(in, out, n, incl, aligned, sums);
        CUDA_TRY_LAUNCH("scan tuned", err);
    } else {
        size_t smem = (tile + CONFLICT_FREE_OFFSET(tile - 1) + 1) * sizeof(T);
        blelloch_scan_kernel<T, OP, true><<<(unsigned)tiles, SCAN_K_LARGE_THREADS, smem, s>>>(in, out, n, (int)tile, incl, sums);
        CUDA_TRY_LAUNCH("scan large (block scans)", err);
    }
    if (tiles == 1) return 0;
    if (run_multilevel<T, OP>(algo, sums, sums, tiles, 0, 1, sums_area + round16(tiles * sizeof(T)), s, err))
        return -1;
    uniform_add_kernel<T, OP><<<(unsigned)(tiles - 1), SCAN_K_TILE_THREADS, 0, s>>>(out, sums, n, tile, aligned);
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
    case SCAN_K_LOOKBACK: return run_lookback<T, OP>(tu, in, out, n, incl, aligned, temp, s, err);
    case SCAN_K_TUNED:
    case SCAN_K_LARGE: return run_multilevel<T, OP>(algo, in, out, n, incl, aligned, temp, s, err);
    case SCAN_K_NAIVE: {
        unsigned threads = (unsigned)div_up(n, 32) * 32;
        naive_scan_kernel<T, OP><<<1, threads, 2 * threads * sizeof(T), s>>>(in, out, (int)n, incl);
        CUDA_TRY_LAUNCH("scan naive", err);
        return 0;
    }
    default: {   /* blelloch, blelloch-cf: one block, n2 = the power of two >= n */
        int n2 = 2;
        while ((size_t)n2 < n) n2 *= 2;
        if (algo == SCAN_K_BLELLOCH) {
            blelloch_scan_kernel<T, OP, false><<<1, n2 / 2, n2 * sizeof(T), s>>>(in, out, n, n2, incl, NULL);
        } else {
            size_t smem = (n2 + CONFLICT_FREE_OFFSET(n2 - 1) + 1) * sizeof(T);
            blelloch_scan_kernel<T, OP, true><<<1, n2 / 2, smem, s>>>(in, out, n, n2, incl, NULL);
        }
        CUDA_TRY_LAUNCH(algo == SCAN_K_BLELLOCH ? "scan blelloch" : "scan blelloch-cf", err);
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

extern "C" int scan_kernel_run(int algo, const scan_desc *d, const scan_tune *tu, const void *in, void *out, size_t n,
                               void *temp, void *stream, sw_error *err)
{
    cudaStream_t s = (cudaStream_t)stream;
    char *t = (char *)temp;
    switch (d->type) {
    case SCAN_I32: return run_op<int32_t>(d, algo, tu, in, out, n, t, s, err);
    case SCAN_U32: return run_op<uint32_t>(d, algo, tu, in, out, n, t, s, err);
    case SCAN_I64: return run_op<int64_t>(d, algo, tu, in, out, n, t, s, err);
    default: return run_op<float>(d, algo, tu, in, out, n, t, s, err);
    }
}
