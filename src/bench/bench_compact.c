/* scanworks bench compact: single-pass (the production kernel) and flag-scan-scatter
 * compaction of random int32 (keep > 0, about half) against CUB DeviceSelect::If and a
 * device memcpy; with --tune-sweep also single-pass at every row of
 * kernels/compact/tune.h (rows "single-pass-smAA"). Every row,
 * CUB's too, is checked against the CPU before and after its timed runs (its outputs
 * poisoned before them). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_gpu.h"
#include "prim/key_type.h"

#if SCANWORKS_HAVE_CUDA
#include <cuda_runtime.h>
#include "prim/compact_plan_cuda.h"
#include "bench/refs/csearch_ref.h"
#include "kernels/common/cuda_util.cuh"

typedef struct compact_ctx {
    uint32_t *in, *out;
    unsigned long long *count;
    void *temp, *ref_temp;
    size_t n, ref_bytes;
    int algo;
    const compact_tune *tune;   /* single-pass's tune.h row; NULL: the device's */
    const uint32_t *want;          /* the CPU's compaction (host) */
    unsigned long long want_count;
    uint32_t *host;                /* host copy of the output */
} compact_ctx;

static int run_ours(void *p, sw_error *err)
{
    compact_ctx *c = p;
    compact_kparams kp = {KEY_I32, 0, 0, c->tune};
    return compact_kernel_run(c->algo, &kp, c->in, NULL, c->out, c->n, c->count, c->temp, NULL, err);
}

static int run_cub(void *p, sw_error *err)
{
#if SCANWORKS_HAVE_CUB_REF
    compact_ctx *c = p;
    return ref_cub_select_gt((const int32_t *)c->in, (int32_t *)c->out, c->n, 0, c->count, &c->ref_temp,
                             &c->ref_bytes, err);
#else
    return sw_fail(err, "built without the CUB references (SCANWORKS_CUB_BENCH=OFF)");
#endif
}

static int poison(void *p, sw_error *err)
{
    compact_ctx *c = p;
    CUDA_TRY(cudaMemset(c->out, 0xA5, c->n * 4), err);   /* what a row forgets to write shows */
    CUDA_TRY(cudaMemset(c->count, 0xFF, sizeof *c->count), err);
    return 0;
}

/* The count and the kept elements against the CPU's. */
static int verify(void *p, char *why, size_t size, sw_error *err)
{
    compact_ctx *c = p;
    unsigned long long k = 0;
    CUDA_TRY(cudaMemcpy(&k, c->count, sizeof k, cudaMemcpyDeviceToHost), err);
    if (k != c->want_count) {
        snprintf(why, size, "kept %llu, the CPU keeps %llu", k, c->want_count);
        return 1;
    }
    CUDA_TRY(cudaMemcpy(c->host, c->out, k * 4, cudaMemcpyDeviceToHost), err);
    size_t i = 0;
    while (i < k && c->host[i] == c->want[i]) i++;
    if (i < k) {
        snprintf(why, size, "output %zu is %d, the CPU has %d", i, (int32_t)c->host[i], (int32_t)c->want[i]);
        return 1;
    }
    return 0;
}

static const bench_gpu_check compact_check = {poison, verify};

static int bench_one(bench_report *r, size_t n, int reps, bool tune_sweep, sw_error *err)
{
    compact_ctx c = {0};
    uint32_t *h_in = NULL, *ref = NULL, *host = NULL;
    int rc = -1;
    c.n = n;
    size_t temp = compact_kernel_temp_bytes(0, n) > compact_kernel_temp_bytes(1, n) ? compact_kernel_temp_bytes(0, n)
                                                                                  : compact_kernel_temp_bytes(1, n);
    if (cuda_alloc((void **)&c.in, n * 4, "input", err) || cuda_alloc((void **)&c.out, n * 4, "output", err) ||
        cuda_alloc((void **)&c.count, 8, "count", err) || cuda_alloc(&c.temp, temp, "scratch", err))
        goto done;
    if (bench_gpu_random_u32(c.in, n, 1, err)) goto done;
    h_in = sw_malloc(n * 4, "input copy", err), ref = sw_malloc(n * 4, "reference", err);
    host = sw_malloc(n * 4, "output copy", err);
    if (!h_in || !ref || !host) goto done;
    CUDA_TRY(cudaMemcpy(h_in, c.in, n * 4, cudaMemcpyDeviceToHost), err);
    unsigned long long kept = 0;
    for (size_t i = 0; i < n; i++)
        if ((int32_t)h_in[i] > 0) ref[kept++] = h_in[i];
    double bytes = 4.0 * n + 4.0 * kept;
    char note[96];
    c.want = ref, c.want_count = kept, c.host = host;
    snprintf(note, sizeof note, "kept %llu", kept);
    if (bench_gpu_memcpy_row(r, "compact", (int64_t)n, 8.0 * n, reps, err)) goto done;
    /* CUB 3's DeviceSelect::If takes num_items as int64_t: one offset type only. */
    if (SCANWORKS_HAVE_CUB_REF && bench_gpu_checked_row(r, "compact", "cub", (int64_t)n, bytes, note, run_cub, &c,
                                                        reps, &compact_check, err))
        goto done;
    /* the production single pass, then the three-pass chapter version */
    static const char *const names[2] = {"single-pass", "flag-scan-scatter"};
    static const int algos[2] = {COMPACT_K_SINGLE_PASS, COMPACT_K_FLAG_SCAN_SCATTER};
    for (int a = 0; a < 2; a++) {
        c.algo = algos[a];
        if (bench_gpu_checked_row(r, "compact", names[a], (int64_t)n, bytes, note, run_ours, &c, reps, &compact_check,
                                  err))
            goto done;
    }
    c.algo = COMPACT_K_SINGLE_PASS;
    for (int i = 0; tune_sweep && i < COMPACT_TUNE_ROWS; i++) {
        char name[48];
        c.tune = &compact_tune_table[i];
        snprintf(name, sizeof name, "single-pass-sm%d", c.tune->arch);
        if (bench_gpu_checked_row(r, "compact", name, (int64_t)n, bytes, note, run_ours, &c, reps, &compact_check, err))
            goto done;
    }
    rc = 0;
done:
    free(h_in), free(ref), free(host);
    cudaFree(c.in), cudaFree(c.out), cudaFree(c.count), cudaFree(c.temp);
    if (c.ref_temp) cudaFree(c.ref_temp);
    return rc;
}
#endif

int bench_compact(int argc, char **argv)
{
    bench_gpu_opts o;
    int rc = bench_gpu_parse("compact", argc, argv, "2^20,2^24,2^28", &o);
    if (rc >= 0) return rc;
    sw_error err = {{0}};
    if (prim_require_cuda("bench compact", &err)) {
        fprintf(stderr, "scanworks %s\n", err.msg);
        return 1;
    }
#if SCANWORKS_HAVE_CUDA
    bench_report r;
    memset(&r, 0, sizeof r);
    bench_gpu_environment(&r, "compaction of int32, keep > 0 (about half)");
    for (int i = 0; i < o.size_count; i++)
        if (bench_one(&r, (size_t)o.sizes[i], (int)o.reps, o.tune_sweep, &err)) {
            fprintf(stderr, "scanworks bench compact: %s\n", err.msg);
            bench_free(&r);
            return 1;
        }
    return bench_gpu_finish("compact", &r, &o, "cub");
#else
    return 1;
#endif
}
