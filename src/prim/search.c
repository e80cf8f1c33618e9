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
