/* The CUDA backends of compaction, radix sort and search against the CPU references,
 * every algorithm, awkward sizes and distributions, outputs poisoned first. Needs a
 * GPU: says SKIPPED (exit 77) with the reason anywhere else. */
#include "prim/compact.h"
#include "prim/radix_sort.h"
#include "prim/search.h"
#include "csearch_data.h"
#include "search_check.h"
#if SCANWORKS_HAVE_CUDA
#include "prim/compact_plan_cuda.h"
#include "prim/radix_sort_plan_cuda.h"
#include "kernels/common/cuda_util.cuh"
#endif

static const size_t extra_sizes[] = {((size_t)1 << 24) + 3};

static size_t size_at(size_t i)
{
    return i < TEST_AWKWARD_COUNT ? test_awkward_sizes[i] : extra_sizes[i - TEST_AWKWARD_COUNT];
}
#define SIZE_COUNT (TEST_AWKWARD_COUNT + 1)

static void test_compact(void)
{
    uint64_t seed = 21;
    for (size_t si = 0; si < SIZE_COUNT; si++) {
        size_t n = size_at(si);
        uint32_t *in = malloc(n * 4 + 4), *out = malloc(n * 4 + 4), *want = malloc(n * 4 + 4);
        uint8_t *flags = malloc(n + 1);
        for (int a = 0; compact_cuda_algorithms[a]; a++)
            for (int p = 0; p < COMPACT_PRED_COUNT; p++) {
                key_type t = (key_type)((si + (size_t)p) % KEY_TYPE_COUNT);
                int dist = (int)((si + (size_t)p + (size_t)a) % DIST_COUNT);
                data_fill(in, n, dist, t, seed++);
                for (size_t i = 0; i < n; i++) flags[i] = (uint8_t)(test_rand(&seed) % 4 == 0);
                compact_desc d = {t, (compact_pred)p, n ? in[(n * 3) / 7] : 0, NULL};
                size_t k = 0, count = 0;
                sw_error err;
                CHECK(compact_host(PRIM_CPU, &d, in, flags, want, n, &k, &err) == 0);
                d.algo = compact_cuda_algorithms[a];
                test_poison(out, n * 4);
                int rc = compact_host(PRIM_CUDA, &d, in, flags, out, n, &count, &err);
                CHECK_MSG(rc == 0, "%s", err.msg);
                CHECK_MSG(count == k && !memcmp(out, want, k * 4), "compact %s n=%zu %s %s %s: %zu kept, want %zu",
                          d.algo, n, key_type_name(t), compact_pred_name((compact_pred)p), dist_names[dist], count, k);
            }
        free(in), free(out), free(want), free(flags);
    }
}

#if SCANWORKS_HAVE_CUDA
/* single-pass at row TU of kernels/compact/tune.h (the device entry) on N elements of
 * type T kept by P, against the CPU backend. */
static void compact_tuned_case(const compact_tune *tu, size_t n, key_type t, compact_pred p, uint64_t *seed,
                               uint32_t *in, uint8_t *flags, uint32_t *out, uint32_t *want)
{
    const int dist = (int)(*seed % DIST_COUNT);
    data_fill(in, n, dist, t, (*seed)++);
    for (size_t i = 0; i < n; i++) flags[i] = (uint8_t)(test_rand(seed) % 3 == 0);
    compact_desc d = {t, p, n ? in[(n * 5) / 11] : 0, NULL};
    size_t k = 0;
    unsigned long long count = ~0ull;
    sw_error err;
    CHECK(compact_host(PRIM_CPU, &d, in, flags, want, n, &k, &err) == 0);
    void *d_in = NULL, *d_out = NULL, *d_flags = NULL, *d_count = NULL, *temp = NULL;
    const size_t b = n * 4 + 4;
    int rc = cuda_alloc(&d_in, b, "in", &err) || cuda_alloc(&d_out, b, "out", &err) ||
             cuda_alloc(&d_flags, n + 1, "flags", &err) || cuda_alloc(&d_count, 8, "count", &err) ||
             cuda_alloc(&temp, compact_kernel_temp_bytes(COMPACT_K_SINGLE_PASS, n), "temp", &err);
    if (!rc) rc = cudaMemcpy(d_in, in, n * 4, cudaMemcpyHostToDevice) || cudaMemcpy(d_flags, flags, n, cudaMemcpyHostToDevice) ||
                  cudaMemset(d_out, 0xA5, b);
    compact_kparams kp = {(int)t, (int)p, d.value_bits, tu};
    if (!rc) rc = compact_kernel_run(COMPACT_K_SINGLE_PASS, &kp, d_in, d_flags, d_out, n, d_count, temp, NULL, &err);
    test_poison(out, n * 4 + 4);
    if (!rc) rc = cudaMemcpy(&count, d_count, 8, cudaMemcpyDeviceToHost) || cudaMemcpy(out, d_out, n * 4, cudaMemcpyDeviceToHost);
    CHECK_MSG(rc == 0, "single-pass-sm%d n=%zu: %s", tu->arch, n, err.msg);
    CHECK_MSG(rc || (count == k && !memcmp(out, want, k * 4)), "compact single-pass-sm%d n=%zu %s %s %s: %llu kept, want %zu",
              tu->arch, n, key_type_name(t), compact_pred_name(p), dist_names[dist], count, k);
    cudaFree(d_in), cudaFree(d_out), cudaFree(d_flags), cudaFree(d_count), cudaFree(temp);
}

/* single-pass at every row of kernels/compact/tune.h: sizes around one and two tiles,
 * primes, a few million; every predicate and type at the small sizes, some at the large.
 * Then an uncompiled row, refused. CSEARCH_TEST_SMALL=1 (for compute-sanitizer): sizes
 * up to 50000 only, one predicate and type per size. */
static void test_compact_shapes(void)
{
    const size_t nmax = 3000017;
    uint64_t seed = 61;
    uint32_t *in = malloc(nmax * 4 + 4), *out = malloc(nmax * 4 + 4), *want = malloc(nmax * 4 + 4);
    uint8_t *flags = malloc(nmax + 1);
    const int small = getenv("CSEARCH_TEST_SMALL") != NULL;
    for (int s = 0; s < COMPACT_TUNE_ROWS; s++) {
        const compact_tune *tu = &compact_tune_table[s];
        const size_t tile = (size_t)tu->threads * tu->items;
        const size_t sizes[] = {0, 1, tile - 1, tile, tile + 1, 2 * tile - 1, 2 * tile + 1, 7919, 104729, 1048573,
                                nmax};
        for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
            for (int p = 0; p < COMPACT_PRED_COUNT; p++) {
                if (small ? sizes[si] > 50000 || (p + (int)si + s) % COMPACT_PRED_COUNT != 0
                          : sizes[si] > 200000 && (p + (int)si + s) % 4 != 0)
                    continue;
                compact_tuned_case(tu, sizes[si], (key_type)(((size_t)p + si + (size_t)s) % KEY_TYPE_COUNT),
                                   (compact_pred)p, &seed, in, flags, out, want);
            }
    }
    sw_error err;
    compact_tune bad = compact_tune_table[0];
    bad.items = 7;
    compact_kparams kp = {KEY_I32, COMPACT_GT, 0, &bad};
    CHECK_MSG(compact_kernel_run(COMPACT_K_SINGLE_PASS, &kp, NULL, NULL, NULL, 5, NULL, NULL, NULL, &err) == -1 &&
                  strstr(err.msg, "not compiled"), "an uncompiled tile was accepted or not explained: %s", err.msg);
    free(in), free(out), free(want), free(flags);
}
#endif

static void test_sort(void)
{
    uint64_t seed = 31;
    for (size_t si = 0; si < SIZE_COUNT; si++) {
        size_t n = size_at(si);
        uint32_t *k = malloc(n * 4 + 4), *v = malloc(n * 4 + 4), *ko = malloc(n * 4 + 4), *vo = malloc(n * 4 + 4);
        uint32_t *wk = malloc(n * 4 + 4), *wv = malloc(n * 4 + 4);
        for (int a = 0; radix_sort_cuda_algorithms[a]; a++)
            for (int dist = 0; dist < DIST_COUNT; dist++) {
                if (n > 70000 && dist != (int)((si + (size_t)a) % DIST_COUNT) && dist != DIST_EQUAL) continue;
                key_type t = (key_type)((si + (size_t)dist) % KEY_TYPE_COUNT);
                data_fill(k, n, dist, t, seed++);
                for (size_t i = 0; i < n; i++) v[i] = (uint32_t)i;
                radix_desc d = {t, NULL};
                sw_error err;
                CHECK(radix_sort_host(PRIM_CPU, &d, k, wk, v, wv, n, &err) == 0);
                d.algo = radix_sort_cuda_algorithms[a];
                test_poison(ko, n * 4), test_poison(vo, n * 4);
                int with_values = dist % 2 == 0;
                int rc = radix_sort_host(PRIM_CUDA, &d, k, ko, with_values ? v : NULL, with_values ? vo : NULL, n, &err);
                CHECK_MSG(rc == 0, "%s", err.msg);
                CHECK_MSG(!memcmp(ko, wk, n * 4) && (!with_values || !memcmp(vo, wv, n * 4)),
                          "sort %s n=%zu %s %s values=%d", d.algo, n, key_type_name(t), dist_names[dist], with_values);
            }
        free(k), free(v), free(ko), free(vo), free(wk), free(wv);
    }
}

/* Every key type, distribution and algorithm, keys alone and pairs, at sizes around one
 * and several onesweep tiles (3,840, 5,888, 6,144 and 9,216 keys). */
static void test_sort_types(void)
{
    static const size_t sizes[] = {5, 3839, 3841, 5889, 6143, 6144, 6145, 9215, 9217, 12289, 18433, 100003};
    const size_t nmax = 100003;
    uint64_t seed = 51;
    uint32_t *k = malloc(nmax * 4), *v = malloc(nmax * 4), *ko = malloc(nmax * 4), *vo = malloc(nmax * 4);
    uint32_t *wk = malloc(nmax * 4), *wv = malloc(nmax * 4);
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
        for (int a = 0; radix_sort_cuda_algorithms[a]; a++)
            for (int t = 0; t < KEY_TYPE_COUNT; t++)
                for (int dist = 0; dist < DIST_COUNT; dist++) {
                    size_t n = sizes[si];
                    data_fill(k, n, dist, (key_type)t, seed++);
                    for (size_t i = 0; i < n; i++) v[i] = (uint32_t)(i * 2654435761u);
                    if (t == KEY_F32 && n > 4) k[1] = data_float_bits(NAN), k[2] = data_float_bits(-0.0f), k[3] = 0;
                    radix_desc d = {(key_type)t, NULL};
                    sw_error err;
                    CHECK(radix_sort_host(PRIM_CPU, &d, k, wk, v, wv, n, &err) == 0);
                    d.algo = radix_sort_cuda_algorithms[a];
                    for (int with_values = 0; with_values < 2; with_values++) {
                        test_poison(ko, n * 4), test_poison(vo, n * 4);
                        int rc = radix_sort_host(PRIM_CUDA, &d, k, ko, with_values ? v : NULL, with_values ? vo : NULL,
                                                 n, &err);
                        CHECK_MSG(rc == 0, "%s", err.msg);
                        CHECK_MSG(!memcmp(ko, wk, n * 4) && (!with_values || !memcmp(vo, wv, n * 4)),
                                  "sort %s n=%zu %s %s values=%d", d.algo, n, key_type_name((key_type)t),
                                  dist_names[dist], with_values);
                    }
                }
    free(k), free(v), free(ko), free(vo), free(wk), free(wv);
}

/* Onesweep at row TU of kernels/sort/tune.h on device copies of K (and V): KO (VO). The
 * device arrays start OFF elements into their allocations (1: not 16-byte aligned). */
#if SCANWORKS_HAVE_CUDA
static int sort_tuned_at(const sort_tune *tu, key_type t, const uint32_t *k, const uint32_t *v, uint32_t *ko,
                         uint32_t *vo, size_t n, size_t off, sw_error *err)
{
    void *dk = NULL, *dko = NULL, *dv = NULL, *dvo = NULL, *temp = NULL;
    const size_t b = (n + off ? n + off : 1) * 4;
    int rc = -1;
    if (cuda_alloc(&dk, b, "keys", err) || cuda_alloc(&dko, b, "keys", err) || cuda_alloc(&dv, b, "values", err) ||
        cuda_alloc(&dvo, b, "values", err) || cuda_alloc(&temp, radix_onesweep_temp_bytes(n, v != NULL), "temp", err))
        goto done;
    uint32_t *ak = (uint32_t *)dk + off, *ako = (uint32_t *)dko + off, *av = (uint32_t *)dv + off,
             *avo = (uint32_t *)dvo + off;
    if (cudaMemcpy(ak, k, n * 4, cudaMemcpyHostToDevice) || (v && cudaMemcpy(av, v, n * 4, cudaMemcpyHostToDevice))) {
        sw_fail(err, "copy to the GPU failed");
        goto done;
    }
    if (radix_onesweep_sort_tuned(tu, (int)t, ak, ako, v ? av : NULL, v ? avo : NULL, n, temp, NULL, err)) goto done;
    if (cudaMemcpy(ko, ako, n * 4, cudaMemcpyDeviceToHost) || (v && cudaMemcpy(vo, avo, n * 4, cudaMemcpyDeviceToHost))) {
        sw_fail(err, "sort on the GPU or the copy back failed");
        goto done;
    }
    rc = 0;
done:
    cudaFree(dk), cudaFree(dko), cudaFree(dv), cudaFree(dvo), cudaFree(temp);
    return rc;
}

static int sort_tuned(const sort_tune *tu, key_type t, const uint32_t *k, const uint32_t *v, uint32_t *ko,
                      uint32_t *vo, size_t n, sw_error *err)
{
    return sort_tuned_at(tu, t, k, v, ko, vo, n, 0, err);
}
#endif

/* Onesweep at every row of kernels/sort/tune.h against the CPU reference: sizes around
 * one and two of its tiles, primes, a few million; random, all-equal and few-digit keys;
 * keys alone and pairs. The values are the indices, so the pairs check also checks
 * stability, and equal keys must hold rising values. An uncompiled shape is refused. */
static void test_sort_shapes(void)
{
#if SCANWORKS_HAVE_CUDA
    static const int dists[] = {DIST_RANDOM, DIST_EQUAL, DIST_FEW_DIGITS};
    const size_t nmax = 3000017;
    uint64_t seed = 61;
    uint32_t *k = malloc(nmax * 4), *v = malloc(nmax * 4), *ko = malloc(nmax * 4), *vo = malloc(nmax * 4);
    uint32_t *wk = malloc(nmax * 4), *wv = malloc(nmax * 4);
    sw_error err;
    /* every row of tune.h, then the device's row with each compiled tile (bench's sweep) */
    sort_tune rows[SORT_TUNE_ROWS + 32];
    int nrows = 0;
    for (int r = 0; r < SORT_TUNE_ROWS; r++) rows[nrows++] = sort_tune_table[r];
    for (int with_values = 0; with_values < 2; with_values++) {
        const int before = nrows;
        while (nrows < SORT_TUNE_ROWS + 32 && radix_onesweep_shape_row(with_values, nrows - before, &rows[nrows]) == 0)
            nrows++;
        CHECK(nrows > before);
    }
    for (int r = 0; r < nrows; r++) {
        const sort_tune *tu = &rows[r];
        for (int with_values = 0; with_values < 2; with_values++) {
            const size_t tile = with_values ? (size_t)tu->pairs_threads * tu->pairs_items
                                             : (size_t)tu->keys_threads * tu->keys_items;
            const size_t sizes[] = {0, 1, tile - 1, tile, tile + 1, 2 * tile + 1, 7919, 104729, nmax};
            for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
                for (int di = 0; di < 3; di++) {
                    const size_t n = sizes[si];
                    const key_type t = (key_type)((si + (size_t)di) % KEY_TYPE_COUNT);
                    data_fill(k, n, dists[di], t, seed++);
                    for (size_t i = 0; i < n; i++) v[i] = (uint32_t)i;
                    radix_desc d = {t, NULL};
                    CHECK(radix_sort_host(PRIM_CPU, &d, k, wk, v, wv, n, &err) == 0);
                    test_poison(ko, n * 4), test_poison(vo, n * 4);
                    int rc = sort_tuned(tu, t, k, with_values ? v : NULL, ko, vo, n, &err);
                    CHECK_MSG(rc == 0, "%s", err.msg);
                    size_t unstable = 0;
                    for (size_t i = 1; with_values && i < n; i++) unstable += ko[i] == ko[i - 1] && vo[i] <= vo[i - 1];
                    CHECK_MSG(!memcmp(ko, wk, n * 4) && (!with_values || !memcmp(vo, wv, n * 4)) && !unstable,
                              "sort onesweep-sm%d %dx%d n=%zu %s %s values=%d (%zu unstable)", tu->arch,
                              with_values ? tu->pairs_threads : tu->keys_threads,
                              with_values ? tu->pairs_items : tu->keys_items, n,
                              key_type_name(t), dist_names[dists[di]], with_values, unstable);
                }
        }
    }
    /* arrays one element past 16-byte alignment: the histogram's and the pairs pass's
       16-byte loads give way to 4-byte ones */
    const sort_tune *row = sort_tune_for(cuda_device_arch(), cuda_device_mem_gbps());
    const size_t odd_sizes[] = {(size_t)row->pairs_threads * row->pairs_items * 3 + 5, 104729};
    for (size_t si = 0; si < 2; si++)
        for (int with_values = 0; with_values < 2; with_values++) {
            const size_t n = odd_sizes[si];
            data_fill(k, n, DIST_RANDOM, KEY_U32, seed++);
            for (size_t i = 0; i < n; i++) v[i] = (uint32_t)i;
            radix_desc d = {KEY_U32, NULL};
            CHECK(radix_sort_host(PRIM_CPU, &d, k, wk, v, wv, n, &err) == 0);
            test_poison(ko, n * 4), test_poison(vo, n * 4);
            CHECK_MSG(sort_tuned_at(row, KEY_U32, k, with_values ? v : NULL, ko, vo, n, 1, &err) == 0, "%s", err.msg);
            CHECK_MSG(!memcmp(ko, wk, n * 4) && (!with_values || !memcmp(vo, wv, n * 4)),
                      "sort onesweep on unaligned arrays n=%zu values=%d", n, with_values);
        }
    sort_tune bad = sort_tune_table[0];
    bad.keys_items = 17;
    CHECK_MSG(sort_tuned(&bad, KEY_U32, k, NULL, ko, vo, 1000, &err) != 0 && strstr(err.msg, "384x17"),
              "an uncompiled shape is refused, naming it");
    free(k), free(v), free(ko), free(vo), free(wk), free(wv);
#endif
}

static void test_search(void)
{
    uint64_t seed = 41;
    for (size_t si = 0; si < SIZE_COUNT; si++) {
        size_t n = size_at(si), q = n < 5000 ? 2000 : 100003;
        uint32_t *k = malloc(n * 4 + 4), *qs = malloc(q * 4);
        int64_t *out = malloc(q * 8), *want = malloc(q * 8);
        key_type t = (key_type)(si % KEY_TYPE_COUNT);
        int dist = (int)(si % DIST_COUNT);
        sw_error err;
        data_fill(k, n, dist, t, seed++);
        radix_desc rd = {t, NULL};
        CHECK(radix_sort_host(PRIM_CPU, &rd, k, k, NULL, NULL, n, &err) == 0);
        for (size_t i = 0; i < q; i++) qs[i] = n && i % 2 ? k[test_rand(&seed) % n] : (uint32_t)test_rand(&seed);
        if (t == KEY_F32) qs[0] = data_float_bits(NAN), qs[1] = data_float_bits(-0.0f);
        search_desc d = {t, NULL};
        CHECK(search_host(PRIM_CPU, &d, k, n, qs, q, want, &err) == 0);
        search_check_cuda(t, k, n, qs, q, want, out, dist_names[dist]);
        free(k), free(qs), free(out), free(want);
    }
}

int main(void)
{
    const char *why = NULL;
    if (!prim_cuda_available(&why)) TEST_SKIP("CUDA compaction, sort and search: %s", why);
    /* CSEARCH_TEST_ONLY=sort (or compact, compact-shapes, search) runs one part. */
    const char *only = getenv("CSEARCH_TEST_ONLY");
    if (!only || !strcmp(only, "compact")) test_compact();
#if SCANWORKS_HAVE_CUDA
    if (!only || !strcmp(only, "compact-shapes")) test_compact_shapes();
#endif
    if (!only || !strcmp(only, "sort")) test_sort(), test_sort_types(), test_sort_shapes();
    if (!only || !strcmp(only, "search")) test_search();
    return test_finish("test_csearch_gpu");
}
