#include "bench/bench_gpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cuda_runtime.h>

#include "app/cli.h"
#include "kernels/common/cuda_util.cuh"

static int mismatches;

int bench_gpu_mismatches(void) { return mismatches; }

int bench_gpu_finish(const char *op, bench_report *r, const bench_gpu_opts *o, const char *ref_variant)
{
    sw_error err = {{0}};
    bench_compute_ratios(r, "memcpy", ref_variant);
    bench_print(r, stdout);
    int rc = 0;
    if ((o->json && bench_write_json(r, o->json, &err)) || (o->csv && bench_write_csv(r, o->csv, &err)) ||
        (o->plot && bench_write_svg(r, o->plot, &err))) {
        fprintf(stderr, "scanworks bench %s: %s\n", op, err.msg);
        rc = 1;
    }
    if (mismatches) {
        fprintf(stderr, "scanworks bench %s: %d MISMATCH(ES): those rows are left out of the table\n", op, mismatches);
        rc = 1;
    }
    bench_free(r);
    return rc;
}

/* bench_gpu_time, with BEFORE_REPS (may be NULL) run between the warm-up and the
 * timed repetitions. */
static int time_reps(bench_gpu_fn fn, bench_gpu_fn before_reps, void *ctx, int reps, double *median_ms,
                     double *min_ms, sw_error *err)
{
    cudaEvent_t a, b;
    CUDA_TRY(cudaEventCreate(&a), err);
    CUDA_TRY(cudaEventCreate(&b), err);
    double *t = sw_malloc((size_t)reps * sizeof *t, "timings", err);
    int rc = t ? 0 : -1;
    for (int i = 0; i < 2 && !rc; i++) rc = fn(ctx, err);
    if (!rc && before_reps) rc = before_reps(ctx, err);
    if (!rc && before_reps) {
        cudaError_t e = cudaDeviceSynchronize();
        if (e != cudaSuccess) rc = sw_fail(err, "before the timed runs: %s", cudaGetErrorString(e));
    }
    for (int i = 0; i < reps && !rc; i++) {
        float ms = 0;
        cudaEventRecord(a, 0);
        rc = fn(ctx, err);
        cudaEventRecord(b, 0);
        cudaError_t e = cudaEventSynchronize(b);
        if (!rc && e == cudaSuccess) e = cudaEventElapsedTime(&ms, a, b);
        if (!rc && e != cudaSuccess) rc = sw_fail(err, "timing failed: %s", cudaGetErrorString(e));
        t[i] = ms;
    }
    if (!rc) {
        double lo = t[0];
        for (int i = 1; i < reps; i++) lo = t[i] < lo ? t[i] : lo;
        *min_ms = lo;
        *median_ms = bench_median(t, reps);
    }
    free(t);
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    return rc;
}

int bench_gpu_time(bench_gpu_fn fn, void *ctx, int reps, double *median_ms, double *min_ms, sw_error *err)
{
    return time_reps(fn, NULL, ctx, reps, median_ms, min_ms, err);
}

/* Verifies the outputs; a difference is printed and counted (returns 1). */
static int verify(const bench_gpu_check *chk, void *ctx, const char *op, const char *variant, int64_t n,
                  const char *when, sw_error *err)
{
    char why[160] = "";
    CUDA_TRY(cudaDeviceSynchronize(), err);
    int v = chk->verify(ctx, why, sizeof why, err);
    if (v < 0) return -1;
    if (v) {
        fprintf(stderr, "\n*** MISMATCH: cuda %s %s, n=%lld, %s: %s ***\n\n", op, variant, (long long)n, when, why);
        mismatches++;
    }
    return v;
}

int bench_gpu_checked_row(bench_report *r, const char *op, const char *variant, int64_t n, double bytes,
                          const char *note, bench_gpu_fn fn, void *ctx, int reps, const bench_gpu_check *chk,
                          sw_error *err)
{
    int v;
    if (chk->poison(ctx, err) || fn(ctx, err)) return sw_wrap(err, "%s %s: ", op, variant);
    if ((v = verify(chk, ctx, op, variant, n, "first run", err)) != 0) return v < 0 ? -1 : 0;
    bench_row row;
    memset(&row, 0, sizeof row);
    snprintf(row.op, sizeof row.op, "%s", op);
    snprintf(row.variant, sizeof row.variant, "%s", variant);
    snprintf(row.backend, sizeof row.backend, "cuda");
    row.n = n;
    row.reps = reps;
    row.bytes = bytes;
    if (time_reps(fn, chk->poison, ctx, reps, &row.median_ms, &row.min_ms, err))
        return sw_wrap(err, "%s %s: ", op, variant);
    if ((v = verify(chk, ctx, op, variant, n, "after the timed runs (outputs poisoned before them)", err)) != 0)
        return v < 0 ? -1 : 0;
    snprintf(row.note, sizeof row.note, "%s%schecked after the timed runs", note ? note : "", note && *note ? ", " : "");
    return bench_add(r, &row, err);
}

int bench_gpu_row(bench_report *r, const char *op, const char *variant, int64_t n, double bytes, const char *note,
                  bench_gpu_fn fn, void *ctx, int reps, sw_error *err)
{
    bench_row row;
    memset(&row, 0, sizeof row);
    snprintf(row.op, sizeof row.op, "%s", op);
    snprintf(row.variant, sizeof row.variant, "%s", variant);
    snprintf(row.backend, sizeof row.backend, "cuda");
    snprintf(row.note, sizeof row.note, "%s", note ? note : "");
    row.n = n;
    row.reps = reps;
    row.bytes = bytes;
    if (bench_gpu_time(fn, ctx, reps, &row.median_ms, &row.min_ms, err)) return sw_wrap(err, "%s %s: ", op, variant);
    return bench_add(r, &row, err);
}

typedef struct copy_ctx {
    void *dst, *src;
    size_t bytes;
} copy_ctx;

static int run_copy(void *p, sw_error *err)
{
    copy_ctx *c = p;
    CUDA_TRY(cudaMemcpyAsync(c->dst, c->src, c->bytes, cudaMemcpyDeviceToDevice, 0), err);
    return 0;
}

int bench_gpu_memcpy_row(bench_report *r, const char *op, int64_t n, double bytes, int reps, sw_error *err)
{
    copy_ctx c = {NULL, NULL, (size_t)(bytes / 2)};
    int rc = -1;
    if (!cuda_alloc(&c.dst, c.bytes, "memcpy destination", err) && !cuda_alloc(&c.src, c.bytes, "memcpy source", err))
        rc = bench_gpu_row(r, op, "memcpy", n, bytes, "device to device", run_copy, &c, reps, err);
    cudaFree(c.dst);
    cudaFree(c.src);
    return rc;
}

int bench_gpu_random_u32(uint32_t *dev, size_t n, uint64_t seed, sw_error *err)
{
    uint32_t *h = sw_malloc(n * 4 + 4, "random data", err);
    if (!h) return -1;
    uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
    for (size_t i = 0; i < n; i++) {   /* xorshift64* */
        s ^= s >> 12, s ^= s << 25, s ^= s >> 27;
        h[i] = (uint32_t)((s * 0x2545F4914F6CDD1Dull) >> 32);
    }
    cudaError_t e = cudaMemcpy(dev, h, n * 4, cudaMemcpyHostToDevice);
    free(h);
    if (e != cudaSuccess) return sw_fail(err, "copy of random data failed: %s", cudaGetErrorString(e));
    return 0;
}

void bench_gpu_device_line(char *buf, size_t cap)
{
    struct cudaDeviceProp p;
    int dev = 0, driver = 0, runtime = 0;
    cudaGetDevice(&dev);
    cudaDriverGetVersion(&driver);
    cudaRuntimeGetVersion(&runtime);
    if (cudaGetDeviceProperties(&p, dev) != cudaSuccess) {
        cudaGetLastError();
        snprintf(buf, cap, "CUDA device %d (properties unavailable)", dev);
        return;
    }
    snprintf(buf, cap, "%s, sm_%d%d, %d SMs, %.0f GiB; CUDA driver %d.%d, runtime %d.%d", p.name, p.major, p.minor,
             p.multiProcessorCount, p.totalGlobalMem / 1073741824.0, driver / 1000, driver % 1000 / 10,
             runtime / 1000, runtime % 1000 / 10);
}

void bench_gpu_environment(bench_report *r, const char *title)
{
    char device[200];
    snprintf(r->title, sizeof r->title, "%s", title);
    bench_gpu_device_line(device, sizeof device);
    snprintf(r->environment, sizeof r->environment, "%s, build %s", device, SCANWORKS_BUILD_TYPE);
}
