/* The CUDA rows of `bench scan`: device memcpy (the floor), CUB DeviceScan with 32-bit
 * and with 64-bit offsets (the faster is the reference), every CUDA scan algorithm and,
 * with --tune-sweep, the production kernel at every row of kernels/scan/tune.h
 * ("lookback-sm75", ...), each timed with CUDA events (warm-up, then REPS repetitions,
 * medians), its output checked before and after the timed runs (poisoned in between):
 * against the input for the copy, against the CPU scan for the rest. */
#include "bench/bench_scan.h"

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prim/scan_plan_cuda.h"
#include "kernels/common/cuda_util.cuh"   /* plain C inside */
#include "bench/refs/scan_ref.h"

#define WARMUP 5

static struct {
    void *d_in, *d_out, *h_check, *temp;
    size_t bytes, temp_bytes;
    cudaEvent_t start, stop;
    int cub_bits;   /* CUB's offset type for the RUN_CUB rows: 32 or 64 */
} B;

void bench_scan_cuda_release(void)
{
    cudaFree(B.d_in);
    cudaFree(B.d_out);
    cudaFree(B.temp);
    free(B.h_check);
    if (B.start) cudaEventDestroy(B.start);
    if (B.stop) cudaEventDestroy(B.stop);
    memset(&B, 0, sizeof B);
#if SCANWORKS_HAVE_CUB_REF
    scan_ref_release();
#endif
}

static int reserve(size_t bytes, sw_error *err)
{
    if (!B.start) {
        CUDA_TRY(cudaEventCreate(&B.start), err);
        CUDA_TRY(cudaEventCreate(&B.stop), err);
    }
    if (B.bytes >= bytes) return 0;
    cudaFree(B.d_in);
    cudaFree(B.d_out);
    free(B.h_check);
    B.d_in = B.d_out = B.h_check = NULL;
    B.bytes = 0;
    CUDA_TRY(cudaMalloc(&B.d_in, bytes), err);
    CUDA_TRY(cudaMalloc(&B.d_out, bytes), err);
    if (!(B.h_check = sw_malloc(bytes, "the benchmark's check buffer", err))) return -1;
    B.bytes = bytes;
    return 0;
}

enum { RUN_MEMCPY, RUN_CUB, RUN_SCAN };

/* The scan's temp storage for D (TUNE: its tune.h row, NULL: the device's), kept and grown. */
static int reserve_temp(const scan_desc *d, const scan_tune *tune, size_t n, sw_error *err)
{
    size_t need;
    if (scan_cuda_temp_bytes(d, tune, n, &need, err)) return -1;
    if (B.temp_bytes >= need && B.temp) return 0;
    cudaFree(B.temp);
    B.temp = NULL;
    B.temp_bytes = 0;
    CUDA_TRY(cudaMalloc(&B.temp, need ? need : 16), err);
    B.temp_bytes = need;
    return 0;
}

/* TUNE: the production kernel's tune.h row for RUN_SCAN (NULL: the device's). */
static int run_once(int what, const bench_scan_input *in, const scan_desc *d, size_t bytes, const scan_tune *tune,
                    sw_error *err)
{
    if (what == RUN_MEMCPY) {
        CUDA_TRY(cudaMemcpyAsync(B.d_out, B.d_in, bytes, cudaMemcpyDeviceToDevice, 0), err);
        return 0;
    }
#if SCANWORKS_HAVE_CUB_REF
    if (what == RUN_CUB) return scan_ref_cub_exclusive(d->type, d->op, B.d_in, B.d_out, in->n, B.cub_bits, NULL, err);
#endif
    return scan_cuda_device(d, tune, B.d_in, B.d_out, in->n, B.temp, B.temp_bytes, NULL, err);
}

/* Compares the output with WANT; a difference is printed and counted (returns 1). */
static int differs(const char *variant, const scan_desc *d, const bench_scan_input *in, const void *want,
                   const char *when, int *mismatches, sw_error *err)
{
    const size_t es = scan_type_size(in->desc.type), bytes = in->n * es;
    CUDA_TRY(cudaDeviceSynchronize(), err);
    CUDA_TRY(cudaMemcpy(B.h_check, B.d_out, bytes, cudaMemcpyDeviceToHost), err);
    if (!memcmp(B.h_check, want, bytes)) return 0;
    size_t i = 0;
    while (!memcmp((char *)B.h_check + i * es, (const char *)want + i * es, es)) i++;
    fprintf(stderr, "\n*** MISMATCH: cuda %s, %s %s, n=%zu, %s: first difference at element %zu ***\n\n", variant,
            scan_type_name(d->type), scan_op_name(d->op), in->n, when, i);
    (*mismatches)++;
    return 1;
}

/* Checks (the copy against the input, the scans against the CPU scan), times and
 * adds one row; the output is poisoned before the timed repetitions and checked again
 * after the last one. A mismatch is counted and adds no row. */
static int measure(bench_report *r, int what, const char *variant, const scan_tune *tune, const bench_scan_input *in,
                   int *mismatches, sw_error *err)
{
    const size_t bytes = in->n * scan_type_size(in->desc.type);
    scan_desc d = in->desc;
    d.algo = what == RUN_SCAN ? (tune ? "lookback" : variant) : NULL;
    if (what == RUN_SCAN && reserve_temp(&d, tune, in->n, err)) return -1;
    CUDA_TRY(cudaMemset(B.d_out, 0xA5, bytes), err);
    if (run_once(what, in, &d, bytes, tune, err)) return -1;
    const void *want = what == RUN_MEMCPY ? in->in : in->want;
    int v = differs(variant, &d, in, want, "first run", mismatches, err);
    if (v) return v < 0 ? -1 : 0;
    for (int i = 0; i < WARMUP; i++)
        if (run_once(what, in, &d, bytes, tune, err)) return -1;
    CUDA_TRY(cudaMemset(B.d_out, 0xA5, bytes), err);   /* the timed runs must write it all again */
    double *t = sw_malloc(in->reps * sizeof *t, "timings", err);
    if (!t) return -1;
    for (int i = 0; i < in->reps; i++) {
        float ms = 0;
        cudaEventRecord(B.start, 0);
        if (run_once(what, in, &d, bytes, tune, err)) {
            free(t);
            return -1;
        }
        cudaEventRecord(B.stop, 0);
        cudaError_t e = cudaEventSynchronize(B.stop);
        if (e == cudaSuccess) e = cudaEventElapsedTime(&ms, B.start, B.stop);
        if (e != cudaSuccess) {
            free(t);
            return sw_fail(err, "timing cuda %s n=%zu: %s", variant, in->n, cudaGetErrorString(e));
        }
        t[i] = ms;
    }
    if ((v = differs(variant, &d, in, want, "after the timed runs", mismatches, err)) != 0) {
        free(t);
        return v < 0 ? -1 : 0;
    }
    bench_row row = {.op = "scan", .backend = "cuda", .n = (int64_t)in->n, .reps = in->reps, .bytes = 2.0 * bytes};
    snprintf(row.variant, sizeof row.variant, "%s", variant);
    row.min_ms = t[0];
    for (int i = 1; i < in->reps; i++)
        if (t[i] < row.min_ms) row.min_ms = t[i];
    row.median_ms = bench_median(t, in->reps);
    snprintf(row.note, sizeof row.note, "%s",
             what != RUN_CUB ? "CUDA events" : B.cub_bits == 32 ? "CUB, 32-bit offsets" : "CUB, 64-bit offsets");
    free(t);
    return bench_add(r, &row, err);
}

int bench_scan_cuda_rows(bench_report *r, const bench_scan_input *in, int *mismatches, sw_error *err)
{
    const size_t bytes = in->n * scan_type_size(in->desc.type);
    if (reserve(bytes, err)) return -1;
    CUDA_TRY(cudaMemcpy(B.d_in, in->in, bytes, cudaMemcpyHostToDevice), err);
    if (measure(r, RUN_MEMCPY, "memcpy", NULL, in, mismatches, err)) return -1;
#if SCANWORKS_HAVE_CUB_REF
    /* CUB with both offset types (num_items an int or an int64_t): the faster is the reference. */
    for (B.cub_bits = 32; in->desc.kind == SCAN_EXCLUSIVE && B.cub_bits <= 64; B.cub_bits += 32)
        if (measure(r, RUN_CUB, B.cub_bits == 32 ? "cub-off32" : "cub-off64", NULL, in, mismatches, err)) return -1;
#endif
    for (int a = 0; scan_cuda_algorithms[a]; a++) {
        if (in->n > scan_cuda_max_elements(scan_cuda_algorithms[a], in->desc.type)) continue;
        if (measure(r, RUN_SCAN, scan_cuda_algorithms[a], NULL, in, mismatches, err)) return -1;
    }
    for (int i = 0; in->tune_sweep && i < SCAN_TUNE_ROWS; i++) {
        char name[32];
        snprintf(name, sizeof name, "lookback-sm%d", scan_tune_table[i].arch);
        if (measure(r, RUN_SCAN, name, &scan_tune_table[i], in, mismatches, err)) return -1;
    }
    return 0;
}
