/* The CUDA search algorithms (the production tree above all) against the CPU reference:
 * awkward key counts (0, 1, around the leaf and node sizes, around the size where the
 * index stops fitting in shared memory, primes, over 2^24), every key type, duplicates,
 * and queries below the first key, above the last, equal to keys and beside them, with
 * awkward query counts (the last group of four partly empty). Outputs poisoned first.
 * Needs a GPU: says SKIPPED (exit 77) with the reason anywhere else. */
#include "prim/radix_sort.h"
#include "prim/search.h"
#include "csearch_data.h"
#include "search_check.h"

static const size_t key_counts[] = {0,      1,      2,      3,      31,      32,     33,     63,     64,
                                    65,     97,     1023,   1024,   1025,    2047,   2049,   4097,   7919,
                                    32767,  32768,  32769,  65535,  65537,   104729, 352000, 384000, 393217,
                                    786433, 1048577, 3000017, ((size_t)1 << 24) + 3};
#define KEY_COUNTS (sizeof key_counts / sizeof key_counts[0])
static const size_t query_counts[] = {1, 3, 4, 5, 4099, 100003};
#define QUERY_COUNTS (sizeof query_counts / sizeof query_counts[0])

/* Queries that probe the edges: the extremes of every key type, float specials, the
 * first and last keys and their neighbours; the rest random bits or keys and their
 * neighbours. */
static void fill_queries(uint32_t *qs, size_t q, const uint32_t *k, size_t n, uint64_t *seed)
{
    const uint32_t edges[] = {0u,
                              0xFFFFFFFFu,
                              0x80000000u,
                              0x7FFFFFFFu,
                              data_float_bits(NAN),
                              data_float_bits(-0.0f),
                              data_float_bits(INFINITY),
                              data_float_bits(-INFINITY),
                              n ? k[0] : 1u,
                              n ? k[0] - 1u : 2u,
                              n ? k[n - 1] : 3u,
                              n ? k[n - 1] + 1u : 4u};
    const size_t ne = sizeof edges / sizeof edges[0];
    for (size_t i = 0; i < q; i++) {
        uint32_t r = (uint32_t)test_rand(seed);
        if (i < ne) {
            qs[i] = edges[(i + (size_t)(r % 2) * (q < ne ? 7 : 0)) % ne];
            continue;
        }
        uint32_t at = n ? k[test_rand(seed) % n] : r;
        switch (r % 4) {
        case 0: qs[i] = r; break;
        case 1: qs[i] = at; break;
        case 2: qs[i] = at + 1u; break;
        default: qs[i] = at - 1u; break;
        }
    }
}

int main(void)
{
    const char *why = NULL;
    if (!prim_cuda_available(&why)) TEST_SKIP("CUDA search: %s", why);
    static const int dists[] = {DIST_RANDOM, DIST_EQUAL, DIST_FEW_DIGITS, DIST_SPECIAL, DIST_SORTED};
    uint64_t seed = 57;
    for (size_t si = 0; si < KEY_COUNTS; si++) {
        size_t n = key_counts[si];
        int big = n > 200000;
        for (size_t di = 0; di < sizeof dists / sizeof dists[0]; di++) {
            if (big && di != si % 5 && dists[di] != DIST_EQUAL) continue;   /* two distributions for the large */
            int dist = dists[di];
            key_type t = (key_type)((si + di) % KEY_TYPE_COUNT);
            size_t q = query_counts[(si + di) % QUERY_COUNTS];
            uint32_t *k = malloc(n * 4 + 4), *qs = malloc(q * 4);
            int64_t *out = malloc(q * 8), *want = malloc(q * 8);
            sw_error err;
            data_fill(k, n, dist, t, seed++);
            radix_desc rd = {t, NULL};
            CHECK(radix_sort_host(PRIM_CPU, &rd, k, k, NULL, NULL, n, &err) == 0);
            fill_queries(qs, q, k, n, &seed);
            search_desc d = {t, NULL};
            CHECK(search_host(PRIM_CPU, &d, k, n, qs, q, want, &err) == 0);
            search_check_cuda(t, k, n, qs, q, want, out, dist_names[dist]);
            free(k), free(qs), free(out), free(want);
        }
    }
    return test_finish("test_search_cuda");
}
