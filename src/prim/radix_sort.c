#include "prim/radix_sort.h"

#if !SCANWORKS_HAVE_CUDA
const char *const radix_sort_cuda_algorithms[] = {NULL};
#endif
static const char *const radix_sort_gl_algorithms[] = {NULL};

const char *const *radix_sort_algorithms(prim_backend b)
{
    switch (b) {
    case PRIM_CPU: return radix_sort_cpu_algorithms;
    case PRIM_GL: return radix_sort_gl_algorithms;
    default: return radix_sort_cuda_algorithms;
    }
}

int radix_sort_host(prim_backend b, const radix_desc *d, const void *keys_in, void *keys_out,
                    const uint32_t *vals_in, uint32_t *vals_out, size_t n, sw_error *err)
{
    if ((unsigned)d->type >= KEY_TYPE_COUNT) return sw_fail(err, "sort: invalid key type");
    if (n > RADIX_MAX_ELEMENTS) return sw_fail(err, "sort: %zu keys is over the limit of %zu", n, RADIX_MAX_ELEMENTS);
    if (n && (!keys_in || !keys_out)) return sw_fail(err, "sort: NULL array");
    if ((vals_in == NULL) != (vals_out == NULL)) return sw_fail(err, "sort: values need both an input and an output");
    if ((unsigned)b >= PRIM_BACKEND_COUNT) return sw_fail(err, "sort: invalid backend");
    if (prim_check_algorithm("sort", b, radix_sort_algorithms(b), d->algo, err)) return -1;
    if (b == PRIM_CPU) return radix_sort_cpu_host(d, keys_in, keys_out, vals_in, vals_out, n, err);
    if (b == PRIM_GL) return sw_fail(err, "sort: no gl backend (use cpu or cuda)");
    if (prim_require_cuda("sort", err)) return -1;
#if SCANWORKS_HAVE_CUDA
    return radix_sort_cuda_host(d, keys_in, keys_out, vals_in, vals_out, n, err);
#else
    return -1;
#endif
}
