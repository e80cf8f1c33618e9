/* The CUDA rows of `bench scan`: device memcpy, "floor-bulk" (the bulk-copy scan's
 * data movement without the scan, kernels/scan/scan_copy_floor.h) and its variants with the
 * evict-first policy ("-ef") and bulk stores ("floor-bstore"), "floor-ring" and
 * "floor-regs" (the warp-specialized and register-tile scans' data movement), CUB
 * DeviceScan and
 * every CUDA scan variant, each timed with CUDA events (warm-up, then REPS
 * repetitions, medians), after its output was checked: against the input for the
 * copies, against the CPU scan for the rest. */
#include "bench/bench_scan.h"

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/scan/scan.h"
#include "kernels/scan/scan_copy_floor.h"
#include "kernels/common/cuda_util.cuh"   /* plain C inside */
#include "bench/refs/scan_ref.h"

#define WARMUP 5

static struct {
    void *d_in, *d_out, *h_check;
    size_t bytes;
    cudaEvent_t start, stop;
} B;

void bench_scan_cuda_release(void)
{
    cudaFree(B.d_in);
    cudaFree(B.d_out);
    free(B.h_check);
    if (B.start) cudaEventDestroy(B.start);
    if (B.stop) cudaEventDestroy(B.stop);
    memset(&B, 0, sizeof B);
    scan_cuda_release();
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

enum { RUN_MEMCPY, RUN_FLOOR, RUN_CUB, RUN_SCAN };

/* FLOOR_FLAGS: scan_copy_floor's flags, for RUN_FLOOR; for RUN_CUB, CUB's offset bits
 * (32 or 64). */
static int run_once(int what, const bench_scan_input *in, const scan_desc *d, size_t bytes, unsigned floor_flags,
                    sw_error *err)
{
    if (what == RUN_MEMCPY) {
        CUDA_TRY(cudaMemcpyAsync(B.d_out, B.d_in, bytes, cudaMemcpyDeviceToDevice, 0), err);
        return 0;
    }
    if (what == RUN_FLOOR)
        return scan_copy_floor(B.d_in, B.d_out, in->n, scan_type_size(d->type), floor_flags, NULL, err);
#if SCANWORKS_HAVE_CUB_REF
    if (what == RUN_CUB)
        return scan_ref_cub_exclusive(d->type, d->op, B.d_in, B.d_out, in->n, (int)floor_flags, NULL, err);
#endif
    return scan_cuda_device(d, B.d_in, B.d_out, in->n, NULL, err);
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

/* Checks (the copies against the input, the scans against the CPU scan), times and
 * adds one row; the output is poisoned before the timed repetitions and checked again
 * after the last one. A mismatch is counted and adds no row. */
static int measure(bench_report *r, int what, const char *variant, unsigned floor_flags, const bench_scan_input *in,
                   int *mismatches, sw_error *err)
{
    const size_t es = scan_type_size(in->desc.type), bytes = in->n * es;
    scan_desc d = in->desc;
    d.algo = what == RUN_SCAN ? variant : NULL;
    CUDA_TRY(cudaMemset(B.d_out, 0xA5, bytes), err);
    if (run_once(what, in, &d, bytes, floor_flags, err)) return -1;
    const void *want = what == RUN_MEMCPY || what == RUN_FLOOR ? in->in : in->want;
    int v = differs(variant, &d, in, want, "first run", mismatches, err);
    if (v) return v < 0 ? -1 : 0;
    for (int i = 0; i < WARMUP; i++)
        if (run_once(what, in, &d, bytes, floor_flags, err)) return -1;
    CUDA_TRY(cudaMemset(B.d_out, 0xA5, bytes), err);   /* the timed runs must write it all again */
    double *t = sw_malloc(in->reps * sizeof *t, "timings", err);
    if (!t) return -1;
    for (int i = 0; i < in->reps; i++) {
        float ms = 0;
        cudaEventRecord(B.start, 0);
        if (run_once(what, in, &d, bytes, floor_flags, err)) {
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
    snprintf(row.note, sizeof row.note, "%s", what == RUN_CUB ? (floor_flags == 32 ? "CUB, 32-bit offsets"
                                                                                   : "CUB, 64-bit offsets")
                                                              : "CUDA events");
    free(t);
    return bench_add(r, &row, err);
}

int bench_scan_cuda_rows(bench_report *r, const bench_scan_input *in, int *mismatches, sw_error *err)
{
    const size_t bytes = in->n * scan_type_size(in->desc.type);
    if (reserve(bytes, err)) return -1;
    CUDA_TRY(cudaMemcpy(B.d_in, in->in, bytes, cudaMemcpyHostToDevice), err);
    static const struct {
        const char *name;
        unsigned flags;
    } floors[] = {{"floor-bulk", 0},
                  {"floor-bulk-ef", SCAN_FLOOR_EVICT_FIRST},
                  {"floor-bstore", SCAN_FLOOR_BULK_STORE},
                  {"floor-bstore-ef", SCAN_FLOOR_BULK_STORE | SCAN_FLOOR_EVICT_FIRST},
                  {"floor-ring", SCAN_FLOOR_RING},
                  {"floor-regs", SCAN_FLOOR_REGS}};
    if (measure(r, RUN_MEMCPY, "memcpy", 0, in, mismatches, err)) return -1;
    for (size_t f = 0; f < sizeof floors / sizeof floors[0]; f++)
        if (measure(r, RUN_FLOOR, floors[f].name, floors[f].flags, in, mismatches, err)) return -1;
#if SCANWORKS_HAVE_CUB_REF
    /* CUB with both offset types (num_items an int or an int64_t): the faster is the reference. */
    if (in->desc.kind == SCAN_EXCLUSIVE &&
        (measure(r, RUN_CUB, "cub-off32", 32, in, mismatches, err) ||
         measure(r, RUN_CUB, "cub-off64", 64, in, mismatches, err)))
        return -1;
#endif
    for (int a = 0; scan_cuda_algorithms[a]; a++) {
        if (in->n > scan_cuda_max_elements(scan_cuda_algorithms[a], in->desc.type)) continue;
        if (measure(r, RUN_SCAN, scan_cuda_algorithms[a], 0, in, mismatches, err)) return -1;
    }
    if (in->lookback_sweep)
        for (const char *const *c = scan_cuda_lookback_sweep(); *c; c++)
            if (measure(r, RUN_SCAN, *c, 0, in, mismatches, err)) return -1;
    return 0;
}
