#include "prim/search.h"

#include <stdio.h>
#include <string.h>

#if !SCANWORKS_HAVE_CUDA
const char *const search_cuda_algorithms[] = {NULL};
#endif
static const char *const search_gl_algorithms[] = {NULL};

const char *const *search_algorithms(prim_backend b)
{
    switch (b) {
    case PRIM_CPU: return search_cpu_algorithms;
    case PRIM_GL: return search_gl_algorithms;
    default: return search_cuda_algorithms;
    }
}

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

int search_host(prim_backend b, const search_desc *d, const void *keys, size_t n, const void *queries, size_t q,
                int64_t *out, sw_error *err)
{
    if ((unsigned)d->type >= KEY_TYPE_COUNT) return sw_fail(err, "search: invalid key type");
    if (n > SEARCH_MAX_ELEMENTS || q > SEARCH_MAX_ELEMENTS)
        return sw_fail(err, "search: %zu keys / %zu queries is over the limit of %zu", n, q, SEARCH_MAX_ELEMENTS);
    if ((n && !keys) || (q && (!queries || !out))) return sw_fail(err, "search: NULL array");
    if ((unsigned)b >= PRIM_BACKEND_COUNT) return sw_fail(err, "search: invalid backend");
    if (prim_check_algorithm("search", b, search_algorithms(b), d->algo, err)) return -1;
    if (search_check_sorted(d->type, keys, n, "search", err)) return -1;
    if (b == PRIM_CPU) return search_cpu_host(d, keys, n, queries, q, out, err);
    if (b == PRIM_GL) return sw_fail(err, "search: no gl backend (use cpu or cuda)");
    if (prim_require_cuda("search", err)) return -1;
#if SCANWORKS_HAVE_CUDA
    return search_cuda_host(d, keys, n, queries, q, out, err);
#else
    return -1;
#endif
}
