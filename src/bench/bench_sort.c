/* scanworks bench sort: the production onesweep (and, up to 2^24, split; with
 * --tune-sweep, onesweep at every row of kernels/sort/tune.h) radix sort of
 * random uint32 keys, alone and with uint32 values, against CUB DeviceRadixSort with
 * 32-bit and with 64-bit offsets (the faster is the reference) and a memcpy. Every
 * row's output is checked against the CPU's stable sort, before and after its timed
 * runs (poisoned before them). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench_gpu.h"
#include "prim/key_type.h"

#if SCANWORKS_HAVE_CUDA
#include <cuda_runtime.h>
#include "bench/refs/csearch_ref.h"
#include "kernels/common/cuda_util.cuh"
#include "prim/radix_sort_plan_cuda.h"
#include "prim/radix_sort.h"

typedef struct sort_ctx {
    uint32_t *keys, *vals, *kout, *vout;
    void *temp, *ref_temp;
    size_t n, ref_bytes;
    int algo, pairs, offset_bits;
    const sort_tune *tune;             /* onesweep's tune.h row, NULL: the device's */
    const uint32_t *want_k, *want_v;   /* the CPU's stable sort of the pairs (host) */
    uint32_t *hk, *hv;                 /* host copies of the outputs */
} sort_ctx;

static int run_ours(void *p, sw_error *err)
{
    sort_ctx *c = p;
    if (c->tune)
        return radix_onesweep_sort_tuned(c->tune, KEY_U32, c->keys, c->kout, c->pairs ? c->vals : NULL,
                                         c->pairs ? c->vout : NULL, c->n, c->temp, NULL, err);
    return radix_kernel_sort(c->algo, KEY_U32, c->keys, c->kout, c->pairs ? c->vals : NULL, c->pairs ? c->vout : NULL,
                             c->n, c->temp, NULL, err);
}

static int run_cub(void *p, sw_error *err)
{
#if SCANWORKS_HAVE_CUB_REF
    sort_ctx *c = p;
    return ref_cub_sort_u32(c->keys, c->kout, c->pairs ? c->vals : NULL, c->pairs ? c->vout : NULL, c->n,
                            c->offset_bits, &c->ref_temp, &c->ref_bytes, err);
#else
    (void)p;
    return sw_fail(err, "built without the CUB references (SCANWORKS_CUB_BENCH=OFF)");
#endif
}

static int poison(void *p, sw_error *err)
{
    sort_ctx *c = p;
    CUDA_TRY(cudaMemset(c->kout, 0xA5, c->n * 4), err);
    CUDA_TRY(cudaMemset(c->vout, 0xA5, c->n * 4), err);
    return 0;
}

static size_t first_difference(const uint32_t *a, const uint32_t *b, size_t n)
{
    size_t i = 0;
    while (i < n && a[i] == b[i]) i++;
    return i;
}

/* The keys (and values) against the CPU's stable sort. */
static int verify(void *p, char *why, size_t size, sw_error *err)
{
    sort_ctx *c = p;
    CUDA_TRY(cudaMemcpy(c->hk, c->kout, c->n * 4, cudaMemcpyDeviceToHost), err);
    size_t i = first_difference(c->hk, c->want_k, c->n);
    if (i < c->n) {
        snprintf(why, size, "key %zu is %u, the CPU sort has %u", i, c->hk[i], c->want_k[i]);
        return 1;
    }
    if (!c->pairs) return 0;
    CUDA_TRY(cudaMemcpy(c->hv, c->vout, c->n * 4, cudaMemcpyDeviceToHost), err);
    i = first_difference(c->hv, c->want_v, c->n);
    if (i < c->n) {
        snprintf(why, size, "value %zu is %u, the CPU's stable sort has %u", i, c->hv[i], c->want_v[i]);
        return 1;
    }
    return 0;
}

static const bench_gpu_check sort_check = {poison, verify};

/* With --tune-sweep, a row "onesweep-smAA" for every row of
 * kernels/sort/tune.h, and "onesweep-TxI" for every compiled tile of this operation
 * (keys alone or pairs) on the device's row. */
static int bench_shapes(bench_report *r, sort_ctx *c, const char *op, double bytes, int reps, sw_error *err)
{
    char variant[48];
    int rc = 0;
    c->algo = RADIX_K_ONESWEEP;
    for (int i = 0; !rc && i < SORT_TUNE_ROWS; i++) {
        c->tune = &sort_tune_table[i];
        if (sort_tune_table[i].min_gbps)
            snprintf(variant, sizeof variant, "onesweep-sm%d-%dgbps", sort_tune_table[i].arch, sort_tune_table[i].min_gbps);
        else
            snprintf(variant, sizeof variant, "onesweep-sm%d", sort_tune_table[i].arch);
        rc = bench_gpu_checked_row(r, op, variant, (int64_t)c->n, bytes, "", run_ours, c, reps, &sort_check, err);
    }
    sort_tune row;
    for (int i = 0; !rc && radix_onesweep_shape_row(c->pairs, i, &row) == 0; i++) {
        c->tune = &row;
        snprintf(variant, sizeof variant, "onesweep-%dx%d", c->pairs ? row.pairs_threads : row.keys_threads,
                 c->pairs ? row.pairs_items : row.keys_items);
        rc = bench_gpu_checked_row(r, op, variant, (int64_t)c->n, bytes, "", run_ours, c, reps, &sort_check, err);
    }
    c->tune = NULL;
    return rc ? -1 : 0;
}

static int bench_one(bench_report *r, size_t n, int reps, bool tune_sweep, sw_error *err)
{
    sort_ctx c = {0};
    uint32_t *hin_k = NULL, *hin_v = NULL, *want_k = NULL, *want_v = NULL;
    int rc = -1;
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
    hin_k = sw_malloc(n * 4, "input keys", err), hin_v = sw_malloc(n * 4, "input values", err);
    want_k = sw_malloc(n * 4, "the CPU sort", err), want_v = sw_malloc(n * 4, "the CPU sort", err);
    c.hk = sw_malloc(n * 4, "copy", err), c.hv = sw_malloc(n * 4, "copy", err);
    if (!hin_k || !hin_v || !want_k || !want_v || !c.hk || !c.hv) goto done;
    cudaError_t e = cudaMemcpy(hin_k, c.keys, n * 4, cudaMemcpyDeviceToHost);
    if (e == cudaSuccess) e = cudaMemcpy(hin_v, c.vals, n * 4, cudaMemcpyDeviceToHost);
    if (e != cudaSuccess) {
        sw_fail(err, "copy of the input back to the host failed: %s", cudaGetErrorString(e));
        goto done;
    }
    /* The expected result: the CPU's stable LSD sort of the pairs (its keys are the
     * keys-only result). Every row, references included, is checked against it. */
    radix_desc cpu = {KEY_U32, "lsd"};
    if (radix_sort_cpu_host(&cpu, hin_k, want_k, hin_v, want_v, n, err)) goto done;
    c.want_k = want_k, c.want_v = want_v;
    for (c.pairs = 0; c.pairs < 2; c.pairs++) {
        const char *op = c.pairs ? "sort-pairs" : "sort-keys";
        double bytes = (c.pairs ? 16.0 : 8.0) * n;   /* read and write each key (and value) once */
        if (bench_gpu_memcpy_row(r, op, (int64_t)n, bytes, reps, err)) goto done;
        /* CUB with both offset types: its num_items as an int (32-bit) or an int64_t. */
        for (int bits = 32; SCANWORKS_HAVE_CUB_REF && bits <= 64; bits += 32) {
            c.offset_bits = bits;
            if (bench_gpu_checked_row(r, op, bits == 32 ? "cub-off32" : "cub-off64", (int64_t)n, bytes,
                                      bits == 32 ? "CUB DeviceRadixSort, 32-bit offsets" : "CUB DeviceRadixSort, 64-bit offsets",
                                      run_cub, &c, reps, &sort_check, err))
                goto done;
        }
        for (int a = 0; a < 1; a++) {
            c.algo = onesweeps[a];
            if (bench_gpu_checked_row(r, op, onesweep_names[a], (int64_t)n, bytes, "", run_ours, &c, reps, &sort_check,
                                      err))
                goto done;
        }
        if (tune_sweep && bench_shapes(r, &c, op, bytes, reps, err)) goto done;
        if (n <= ((size_t)1 << 24)) {   /* the teaching variant: 32 passes */
            c.algo = RADIX_K_SPLIT;
            if (bench_gpu_checked_row(r, op, "split", (int64_t)n, bytes, "", run_ours, &c, reps < 5 ? reps : 5,
                                      &sort_check, err))
                goto done;
        }
    }
    rc = 0;
done:
    free(hin_k), free(hin_v), free(want_k), free(want_v), free(c.hk), free(c.hv);
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
        if (bench_one(&r, (size_t)o.sizes[i], (int)o.reps, o.tune_sweep, &err)) {
            fprintf(stderr, "scanworks bench sort: %s\n", err.msg);
            bench_free(&r);
            return 1;
        }
    return bench_gpu_finish("sort", &r, &o, "cub");
#else
    return 1;
#endif
}
