/* The CPU reference: one binary search per query. */
#include "prim/search.h"

const char *const search_cpu_algorithms[] = {"binary", NULL};

size_t search_lower_bound_cpu(key_type t, const uint32_t *keys, size_t n, uint32_t query)
{
    size_t lo = 0, len = n;
    while (len > 0) {
        size_t half = len / 2;
        if (key_less(keys[lo + half], query, t)) {
            lo += half + 1;
            len -= half + 1;
        } else {
            len = half;
        }
    }
    return lo;
}

int search_cpu_host(const search_desc *d, const void *keys, size_t n, const void *queries, size_t q, int64_t *out,
                    sw_error *err)
{
    const uint32_t *qs = queries;
    for (size_t i = 0; i < q; i++) out[i] = (int64_t)search_lower_bound_cpu(d->type, keys, n, qs[i]);
    return 0;
}
