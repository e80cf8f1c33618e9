/* Search on the CPU: lower bounds against a linear scan, the sortedness check, and
 * float order (NaN last, -0.0 == +0.0). */
#include "prim/search.h"
#include "prim/radix_sort.h"
#include "csearch_data.h"

static size_t linear(key_type t, const uint32_t *k, size_t n, uint32_t q)
{
    size_t i = 0;
    while (i < n && key_less(k[i], q, t)) i++;
    return i;
}

int main(void)
{
    uint64_t seed = 3;
    for (size_t si = 0; si < TEST_AWKWARD_COUNT && test_awkward_sizes[si] <= 4097; si++) {
        size_t n = test_awkward_sizes[si], q = 300;
        uint32_t *k = malloc(n * 4 + 4), *qs = malloc(q * 4);
        int64_t *out = malloc(q * 8);
        for (int t = 0; t < KEY_TYPE_COUNT; t++)
            for (int dist = 0; dist < DIST_COUNT; dist++) {
                sw_error err;
                data_fill(k, n, dist, (key_type)t, seed++);
                radix_desc rd = {(key_type)t, NULL};
                CHECK(radix_sort_host(PRIM_CPU, &rd, k, k, NULL, NULL, n, &err) == 0);
                for (size_t i = 0; i < q; i++) qs[i] = n && i % 2 ? k[test_rand(&seed) % n] : (uint32_t)test_rand(&seed);
                if (t == KEY_F32) qs[0] = data_float_bits(NAN), qs[1] = data_float_bits(-0.0f);
                search_desc d = {(key_type)t, NULL};
                test_poison(out, q * 8);
                CHECK_MSG(search_host(PRIM_CPU, &d, k, n, qs, q, out, &err) == 0, "%s", err.msg);
                size_t bad = 0;
                for (size_t i = 0; i < q; i++) bad += out[i] != (int64_t)linear((key_type)t, k, n, qs[i]);
                CHECK_MSG(bad == 0, "n=%zu %s %s: %zu wrong", n, key_type_name((key_type)t), dist_names[dist], bad);
            }
        free(k), free(qs), free(out);
    }
    /* numpy.searchsorted([-1, -0.0, 0.0, 2, nan], [0.0, nan, 3]) = [1, 4, 4] */
    float keys[] = {-1.0f, -0.0f, 0.0f, 2.0f, NAN}, qf[] = {0.0f, NAN, 3.0f};
    int64_t idx[3];
    sw_error err;
    search_desc d = {KEY_F32, NULL};
    CHECK(search_host(PRIM_CPU, &d, keys, 5, qf, 3, idx, &err) == 0 && idx[0] == 1 && idx[1] == 4 && idx[2] == 4);
    int32_t unsorted[] = {1, 5, 3, 7};
    d.type = KEY_I32;
    CHECK(search_host(PRIM_CPU, &d, unsorted, 4, unsorted, 1, idx, &err) == -1 && strstr(err.msg, "not sorted") &&
          strstr(err.msg, "element 1 (5)"));
    CHECK(search_host(PRIM_GL, &d, unsorted, 1, unsorted, 1, idx, &err) == -1);
    d.algo = "pary";
    CHECK(search_host(PRIM_CPU, &d, unsorted, 1, unsorted, 1, idx, &err) == -1 && strstr(err.msg, "binary"));
    return test_finish("test_search");
}
