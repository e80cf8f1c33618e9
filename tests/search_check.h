/* Every CUDA search algorithm on one set of keys and queries against the CPU's
 * answers, the output poisoned first; a failure names the algorithm, the sizes and
 * the first wrong query. */
#ifndef SCANWORKS_TESTS_SEARCH_CHECK_H
#define SCANWORKS_TESTS_SEARCH_CHECK_H

#include "prim/search.h"
#include "test_util.h"

/* K: N sorted keys of type T; QS: Q queries; WANT: their CPU lower bounds; OUT: room
 * for Q results; WHAT: the distribution's name for the message. */
static inline void search_check_cuda(key_type t, const uint32_t *k, size_t n, const uint32_t *qs, size_t q,
                                     const int64_t *want, int64_t *out, const char *what)
{
    search_desc d = {t, NULL};
    sw_error err;
    for (int a = 0; search_cuda_algorithms[a]; a++) {
        d.algo = search_cuda_algorithms[a];
        test_poison(out, q * 8);
        int rc = search_host(PRIM_CUDA, &d, k, n, qs, q, out, &err);
        CHECK_MSG(rc == 0, "%s", err.msg);
        size_t bad = 0, first = 0;
        for (size_t i = 0; i < q; i++)
            if (out[i] != want[i] && bad++ == 0) first = i;
        CHECK_MSG(bad == 0, "search %s n=%zu q=%zu %s %s: %zu wrong, first query %zu (bits %08x): %lld, want %lld",
                  d.algo, n, q, key_type_name(t), what, bad, first, q ? qs[first] : 0u,
                  q ? (long long)out[first] : 0LL, q ? (long long)want[first] : 0LL);
    }
}

#endif
