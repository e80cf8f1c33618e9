/* Radix sort on the CPU: both algorithms against qsort (by the ordered key, ties by
 * original index, which is what stability means), on every distribution and type. */
#include "prim/radix_sort.h"
#include "csearch_data.h"

static key_type g_type;
static const uint32_t *g_keys;

static int cmp_index(const void *a, const void *b)
{
    uint32_t i = *(const uint32_t *)a, j = *(const uint32_t *)b;
    uint32_t x = key_ordered(g_keys[i], g_type), y = key_ordered(g_keys[j], g_type);
    if (x != y) return x < y ? -1 : 1;
    return i < j ? -1 : i > j;
}

/* Expected keys (NaN canonical) and values (the original indices) by qsort. */
static void expect(const uint32_t *keys, size_t n, key_type t, uint32_t *want_k, uint32_t *want_v)
{
    g_type = t, g_keys = keys;
    for (size_t i = 0; i < n; i++) want_v[i] = (uint32_t)i;
    qsort(want_v, n, 4, cmp_index);
    for (size_t i = 0; i < n; i++) want_k[i] = key_unordered(key_ordered(keys[want_v[i]], t), t);
}

static void test_algo(const char *algo, size_t max_n)
{
    uint64_t seed = 5;
    for (size_t si = 0; si < TEST_AWKWARD_COUNT && test_awkward_sizes[si] <= max_n; si++) {
        size_t n = test_awkward_sizes[si];
        uint32_t *k = malloc(n * 4 + 4), *v = malloc(n * 4 + 4), *ko = malloc(n * 4 + 4), *vo = malloc(n * 4 + 4);
        uint32_t *wk = malloc(n * 4 + 4), *wv = malloc(n * 4 + 4);
        for (int t = 0; t < KEY_TYPE_COUNT; t++)
            for (int dist = 0; dist < DIST_COUNT; dist++) {
                if (n > 70000 && dist != (int)(si % DIST_COUNT)) continue;   /* keep the run short */
                data_fill(k, n, dist, (key_type)t, seed++);
                for (size_t i = 0; i < n; i++) v[i] = (uint32_t)i;
                expect(k, n, (key_type)t, wk, wv);
                radix_desc d = {(key_type)t, algo};
                sw_error err;
                test_poison(ko, n * 4), test_poison(vo, n * 4);
                int rc = radix_sort_host(PRIM_CPU, &d, k, ko, v, vo, n, &err);
                CHECK_MSG(rc == 0, "%s", err.msg);
                CHECK_MSG(!memcmp(ko, wk, n * 4) && !memcmp(vo, wv, n * 4), "%s n=%zu %s %s", algo, n,
                          key_type_name((key_type)t), dist_names[dist]);
                /* keys only, in place */
                rc = radix_sort_host(PRIM_CPU, &d, k, k, NULL, NULL, n, &err);
                CHECK_MSG(rc == 0 && !memcmp(k, wk, n * 4), "%s in place n=%zu", algo, n);
            }
        free(k), free(v), free(ko), free(vo), free(wk), free(wv);
    }
}

int main(void)
{
    test_algo("lsd", 3000017);
    test_algo("split", 104729);
    /* float order: -inf < -1 < -0.0 < +0.0 < 1 < inf < NaN */
    float f[] = {NAN, 1.0f, 0.0f, -0.0f, INFINITY, -1.0f, -INFINITY};
    float want[] = {-INFINITY, -1.0f, -0.0f, 0.0f, 1.0f, INFINITY};
    radix_desc d = {KEY_F32, NULL};
    sw_error err;
    CHECK(radix_sort_host(PRIM_CPU, &d, f, f, NULL, NULL, 7, &err) == 0);
    CHECK(!memcmp(f, want, sizeof want) && isnan(f[6]) && signbit(f[2]) && !signbit(f[3]));
    CHECK(radix_sort_host(PRIM_GL, &d, f, f, NULL, NULL, 7, &err) == -1);
    d.algo = "onesweep";
    CHECK(radix_sort_host(PRIM_CPU, &d, f, f, NULL, NULL, 7, &err) == -1 && strstr(err.msg, "lsd, split"));
    uint32_t v[7];
    d.algo = NULL;
    CHECK(radix_sort_host(PRIM_CPU, &d, f, f, v, NULL, 7, &err) == -1);
    return test_finish("test_radix_sort");
}
