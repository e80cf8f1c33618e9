/* scanworks bench sort: the production onesweep (and, up to 2^24, split; with
 * SCANWORKS_SORT_SHAPES=all, onesweep at every row of kernels/sort/tune.h) radix sort of
 * random uint32 keys, alone and with uint32 values, against CUB DeviceRadixSort and a
 * memcpy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_gpu.h"
#include "prim/key_type.h"

#if SCANWORKS_HAVE_CUDA
#include <cuda_runtime.h>
#include "bench/refs/csearch_ref.h"
#include "kernels/common/cuda_util.cuh"
#include "kernels/sort/radix_sort_kernel.h"

typedef struct sort_ctx {
    uint32_t *keys, *vals, *kout, *vout;
    void *temp, *ref_temp;
    size_t n, ref_bytes;
    int algo, pairs;
    const sort_tune *tune;   /* onesweep's tune.h row, NULL: the device's */
} sort_ctx;

static int run_ours(void *p, sw_error *err)
{
    sort_ctx *c = p;
    if (c->tune)
        return radix_onesweep2_sort_tuned(c->tune, KEY_U32, c->keys, c->kout, c->pairs ? c->vals : NULL,
                                          c->pairs ? c->vout : NULL, c->n, c->temp, NULL, err);
    return radix_kernel_sort(c->algo, KEY_U32, c->keys, c->kout, c->pairs ? c->vals : NULL, c->pairs ? c->vout : NULL,
                             c->n, c->temp, NULL, err);
}

static int run_cub(void *p, sw_error *err)
{
#if SCANWORKS_HAVE_CUB_REF
    sort_ctx *c = p;
    return ref_cub_sort_u32(c->keys, c->kout, c->pairs ? c->vals : NULL, c->pairs ? c->vout : NULL, c->n,
                            &c->ref_temp, &c->ref_bytes, err);
#else
    return sw_fail(err, "built without the CUB references (SCANWORKS_CUB_BENCH=OFF)");
#endif
}

/* Runs FN once; with REF NULL keeps its output as the reference, else compares. */
static int check(sort_ctx *c, bench_gpu_fn fn, uint32_t *ref_k, uint32_t *ref_v, uint32_t *hk, uint32_t *hv,
                 int is_ref, char *note, size_t size, sw_error *err)
{
    if (fn(c, err)) return -1;
    CUDA_TRY(cudaMemcpy(is_ref ? ref_k : hk, c->kout, c->n * 4, cudaMemcpyDeviceToHost), err);
    if (c->pairs) CUDA_TRY(cudaMemcpy(is_ref ? ref_v : hv, c->vout, c->n * 4, cudaMemcpyDeviceToHost), err);
    if (is_ref) {
        size_t bad = 0;
        for (size_t i = 1; i < c->n; i++) bad += ref_k[i - 1] > ref_k[i];
        snprintf(note, size, bad ? "NOT SORTED" : "sorted");
        return 0;
    }
    int ok = !memcmp(hk, ref_k, c->n * 4) && (!c->pairs || !memcmp(hv, ref_v, c->n * 4));
    snprintf(note, size, ok ? "equals reference" : "MISMATCH with reference");
    return 0;
}

/* With SCANWORKS_SORT_SHAPES=all, a row "onesweep-smAA" for every row of kernels/sort/tune.h,
 * checked against the reference first. */
static int bench_shapes(bench_report *r, sort_ctx *c, uint32_t *rk, uint32_t *rv, uint32_t *hk, uint32_t *hv,
                        const char *op, double bytes, int reps, sw_error *err)
{
    const char *all = getenv("SCANWORKS_SORT_SHAPES");
    if (!all || strcmp(all, "all")) return 0;
    char variant[48], note[96];
    int rc = 0;
    c->algo = RADIX_K_ONESWEEP;
    for (int i = 0; !rc && i < SORT_TUNE_ROWS; i++) {
        c->tune = &sort_tune_table[i];
        snprintf(variant, sizeof variant, "onesweep-sm%d", sort_tune_table[i].arch);
        rc = check(c, run_ours, rk, rv, hk, hv, 0, note, sizeof note, err) ||
             bench_gpu_row(r, op, variant, (int64_t)c->n, bytes, note, run_ours, c, reps, err);
    }
    c->tune = NULL;
    return rc ? -1 : 0;
}

static int bench_one(bench_report *r, size_t n, int reps, sw_error *err)
{
    sort_ctx c = {0};
    uint32_t *rk = NULL, *rv = NULL, *hk = NULL, *hv = NULL;
    int rc = -1;
    char note[96];
    c.n = n;
    size_t temp = radix_kernel_temp_bytes(RADIX_K_SPLIT, n, 1);
    static const int onesweeps[] = {RADIX_K_ONESWEEP};
    static const char *const onesweep_names[] = {"onesweep"};
    for (int a = 0; a < 1; a++)
        if (radix_kernel_temp_bytes(onesweeps[a], n, 1) > temp) temp = radix_kernel_temp_bytes(onesweeps[a], n, 1);
    if (cuda_alloc((void **)&c.keys, n * 4, "keys", err) || cuda_alloc((void **)&c.vals, n * 4, "values", err) ||
        cuda_alloc((void **)&c.kout, n * 4, "keys out", err) || cuda_alloc((void **)&c.vout, n * 4, "values out", err) ||
        cuda_alloc(&c.temp, temp, "scratch", err))
        goto done;
    if (bench_gpu_random_u32(c.keys, n, 2, err) || bench_gpu_random_u32(c.vals, n, 3, err)) goto done;
    rk = sw_malloc(n * 4, "reference", err), rv = sw_malloc(n * 4, "reference", err);
    hk = sw_malloc(n * 4, "copy", err), hv = sw_malloc(n * 4, "copy", err);
    if (!rk || !rv || !hk || !hv) goto done;
    for (c.pairs = 0; c.pairs < 2; c.pairs++) {
        const char *op = c.pairs ? "sort-pairs" : "sort-keys";
        double bytes = (c.pairs ? 16.0 : 8.0) * n;   /* read and write each key (and value) once */
        int have_ref = 0;
        if (bench_gpu_memcpy_row(r, op, (int64_t)n, bytes, reps, err)) goto done;
        if (SCANWORKS_HAVE_CUB_REF) {
            if (check(&c, run_cub, rk, rv, hk, hv, 1, note, sizeof note, err) ||
                bench_gpu_row(r, op, "cub", (int64_t)n, bytes, note, run_cub, &c, reps, err))
                goto done;
            have_ref = 1;
        }
        for (int a = 0; a < 1; a++) {
            c.algo = onesweeps[a];
            if (check(&c, run_ours, rk, rv, hk, hv, !have_ref, note, sizeof note, err) ||
                bench_gpu_row(r, op, onesweep_names[a], (int64_t)n, bytes, note, run_ours, &c, reps, err))
                goto done;
            have_ref = 1;
        }
        if (bench_shapes(r, &c, rk, rv, hk, hv, op, bytes, reps, err)) goto done;
        if (n <= ((size_t)1 << 24)) {   /* the teaching variant: 32 passes */
            c.algo = RADIX_K_SPLIT;
            if (check(&c, run_ours, rk, rv, hk, hv, 0, note, sizeof note, err) ||
                bench_gpu_row(r, op, "split", (int64_t)n, bytes, note, run_ours, &c, reps < 5 ? reps : 5, err))
                goto done;
        }
    }
    rc = 0;
done:
    free(rk), free(rv), free(hk), free(hv);
    cudaFree(c.keys), cudaFree(c.vals), cudaFree(c.kout), cudaFree(c.vout), cudaFree(c.temp);
    if (c.ref_temp) cudaFree(c.ref_temp);
    return rc;
}
#endif

int bench_sort(int argc, char **argv)
{
    bench_gpu_opts o;
    int rc = bench_gpu_parse("sort", argc, argv, "2^20,2^24,2^28", &o);
    if (rc >= 0) return rc;
    sw_error err = {{0}};
    if (prim_require_cuda("bench sort", &err)) {
        fprintf(stderr, "scanworks %s\n", err.msg);
        return 1;
    }
#if SCANWORKS_HAVE_CUDA
    bench_report r;
    memset(&r, 0, sizeof r);
    bench_gpu_environment(&r, "radix sort of random uint32 keys (and uint32 values)");
    for (int i = 0; i < o.size_count; i++)
        if (bench_one(&r, (size_t)o.sizes[i], (int)o.reps, &err)) {
            fprintf(stderr, "scanworks bench sort: %s\n", err.msg);
            bench_free(&r);
            return 1;
        }
    return bench_gpu_finish("sort", &r, &o, "cub");
#else
    return 1;
#endif
}
