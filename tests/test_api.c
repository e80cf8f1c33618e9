/* The public API (include/scanworks/): scan, sort, search and compact through the
 * host-array entries on the cpu backend against plain loops on awkward sizes, and on
 * the cuda backend when it can run here (the same checks), its refusals (int64 keys,
 * missing arrays, too little temp storage); without CUDA the cuda entries fail saying
 * why. Label unit: it runs everywhere, and checks the GPU where there is one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scanworks/compact.h"
#include "scanworks/scan.h"
#include "scanworks/search.h"
#include "scanworks/sort.h"
#include "test_util.h"

static int cmp_i32(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

static void check_backend(sw_backend b, const char *name, uint64_t *rng)
{
    static const size_t sizes[] = {0, 1, 31, 1000, 4097, 70001, 1000003};
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++) {
        const size_t n = sizes[si];
        int32_t *a = malloc((n + 1) * 4), *o = malloc((n + 1) * 4), *w = malloc((n + 1) * 4);
        int64_t *at = malloc((n + 1) * 8);
        CHECK(a && o && w && at);
        if (!a || !o || !w || !at) return;
        for (size_t i = 0; i < n; i++) a[i] = (int32_t)(test_rand(rng) % 20001) - 10000;
        sw_error err = {{0}};
        for (int inclusive = 0; inclusive < 2; inclusive++) {
            sw_scan_desc d = {SW_INT32, SW_SCAN_ADD, inclusive};
            test_poison(o, n * 4);
            CHECK_MSG(sw_scan(b, &d, a, o, n, &err) == 0, "%s scan n=%zu: %s", name, n, err.msg);
            int32_t run = 0;
            size_t bad = n;
            for (size_t i = 0; i < n && bad == n; i++) {
                if (inclusive) run += a[i];
                if (o[i] != run) bad = i;
                if (!inclusive) run += a[i];
            }
            CHECK_MSG(bad == n, "%s scan n=%zu inclusive=%d: wrong at %zu", name, n, inclusive, bad);
        }
        memcpy(w, a, n * 4);
        qsort(w, n, 4, cmp_i32);
        test_poison(o, n * 4);
        CHECK_MSG(sw_sort(b, SW_INT32, a, o, NULL, NULL, n, &err) == 0, "%s sort n=%zu: %s", name, n, err.msg);
        CHECK_MSG(!memcmp(o, w, n * 4), "%s sort n=%zu: wrong order", name, n);
        test_poison(at, n * 8);
        CHECK_MSG(sw_search(b, SW_INT32, w, n, a, n, at, &err) == 0, "%s search n=%zu: %s", name, n, err.msg);
        size_t bad = n;
        for (size_t i = 0; i < n && bad == n; i++)
            if (at[i] < 0 || (size_t)at[i] >= n || w[at[i]] != a[i] || (at[i] > 0 && w[at[i] - 1] >= a[i])) bad = i;
        CHECK_MSG(bad == n, "%s search n=%zu: query %zu answered %lld", name, n, bad, bad < n ? (long long)at[bad] : 0);
        sw_compact_desc cd = {SW_INT32, SW_KEEP_GT, 0};
        size_t count = 0, k = 0;
        test_poison(o, n * 4);
        CHECK_MSG(sw_compact(b, &cd, a, o, n, &count, &err) == 0, "%s compact n=%zu: %s", name, n, err.msg);
        for (size_t i = 0; i < n; i++)
            if (a[i] > 0) w[k++] = a[i];
        CHECK_MSG(count == k && !memcmp(o, w, k * 4), "%s compact n=%zu: %zu kept, want %zu", name, n, count, k);
        free(a), free(o), free(w), free(at);
    }
    printf("  %s backend: scan, sort, search and compact checked on 7 sizes\n", name);
}

int main(void)
{
    uint64_t rng = 0xa91;
    sw_error err = {{0}};
    check_backend(SW_BACKEND_CPU, "cpu", &rng);
    int32_t x[4] = {3, 1, 2, 0};
    int64_t y[4] = {3, 1, 2, 0};
    CHECK(sw_sort(SW_BACKEND_CPU, SW_INT64, y, y, NULL, NULL, 4, &err) == -1 && strstr(err.msg, "int64"));
    CHECK(sw_scan(SW_BACKEND_CPU, &(sw_scan_desc){SW_INT32, SW_SCAN_ADD, 0}, NULL, x, 4, &err) == -1 &&
          strstr(err.msg, "NULL"));
    CHECK(sw_search(SW_BACKEND_CPU, SW_INT32, x, 4, x, 4, y, &err) == -1 && strstr(err.msg, "not sorted"));
    CHECK(sw_sort(SW_BACKEND_CPU, SW_INT32, x, x, (uint32_t *)x, NULL, 4, &err) == -1 && strstr(err.msg, "value"));
    if (sw_cuda_available(&err)) {
        check_backend(SW_BACKEND_CUDA, "cuda", &rng);
        size_t need = 0;
        sw_scan_desc d = {SW_INT32, SW_SCAN_ADD, 0};
        CHECK(sw_scan_temp_bytes(&d, 70001, &need, &err) == 0 && need > 0);
        CHECK(sw_scan_device(&d, x, x, 70001, NULL, 0, NULL, &err) == -1 && strstr(err.msg, "temp storage"));
    } else {
        CHECK_MSG(strstr(err.msg, "unavailable"), "sw_cuda_available says why not: %s", err.msg);
        CHECK(sw_scan(SW_BACKEND_CUDA, &(sw_scan_desc){SW_INT32, SW_SCAN_ADD, 0}, x, x, 4, &err) == -1 &&
              strstr(err.msg, "unavailable"));
        printf("  cuda backend unavailable here, and every cuda entry says so: %s\n", err.msg);
    }
    return test_finish("test_api");
}
