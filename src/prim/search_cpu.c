/* The CPU reference: one binary search per query. */
#include "prim/search.h"

#include <stdio.h>
#include <string.h>

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

/* Shared by every backend (and the library): the keys must be ascending. */
int search_check_sorted(key_type t, const void *keys, size_t n, const char *what, sw_error *err)
{
    const uint32_t *k = keys;
    for (size_t i = 0; i + 1 < n; i++)
        if (key_less(k[i + 1], k[i], t)) {
            char a[32], b[32];
            if (t == KEY_F32) {
                float x, y;
                memcpy(&x, &k[i], 4);
                memcpy(&y, &k[i + 1], 4);
                snprintf(a, sizeof a, "%g", x), snprintf(b, sizeof b, "%g", y);
            } else if (t == KEY_I32) {
                snprintf(a, sizeof a, "%d", (int)(int32_t)k[i]), snprintf(b, sizeof b, "%d", (int)(int32_t)k[i + 1]);
            } else {
                snprintf(a, sizeof a, "%u", k[i]), snprintf(b, sizeof b, "%u", k[i + 1]);
            }
            return sw_fail(err, "%s: keys are not sorted ascending: element %zu (%s) > element %zu (%s); sort them "
                           "first (scanworks compute sort)", what, i, a, i + 1, b);
        }
    return 0;
}
