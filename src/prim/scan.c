#include "prim/scan.h"
#include "prim/key_type.h"

#include <stdio.h>
#include <string.h>

#if SCANWORKS_HAVE_CUDA
#include "prim/scan_plan_cuda.h"   /* the cuda backend's limits, names and timed call */
#endif

#if !SCANWORKS_HAVE_CUDA
const char *const scan_cuda_algorithms[] = {NULL};
#endif

const char *const *scan_algorithms(prim_backend b)
{
    switch (b) {
    case PRIM_CPU: return scan_cpu_algorithms;
    case PRIM_GL: return scan_gl_algorithms;
    default: return scan_cuda_algorithms;
    }
}

/* What every host call checks before it dispatches. */
static int check_call(prim_backend b, const scan_desc *d, const void *in, const void *out, size_t n, sw_error *err)
{
    if ((unsigned)d->type >= SCAN_TYPE_COUNT || (unsigned)d->op >= SCAN_OP_COUNT)
        return sw_fail(err, "scan: invalid type or operator");
    if (n > SCAN_MAX_ELEMENTS)
        return sw_fail(err, "scan: %zu elements is over the limit of %zu", n, SCAN_MAX_ELEMENTS);
    if (n && (!in || !out)) return sw_fail(err, "scan: NULL array");
    if (scan_check_algorithm(b, d->algo, err)) return -1;
    const char *why;
    if (b == PRIM_CUDA && !prim_cuda_available(&why)) return sw_fail(err, "scan: cuda backend unavailable: %s", why);
    return 0;
}

size_t scan_max_elements(prim_backend b, const char *algo, scan_type t)
{
#if SCANWORKS_HAVE_CUDA
    if (b == PRIM_CUDA) {
        size_t limit = scan_cuda_max_elements(algo, t);
        return limit < SCAN_MAX_ELEMENTS ? limit : SCAN_MAX_ELEMENTS;
    }
#endif
    (void)b, (void)algo, (void)t;
    return SCAN_MAX_ELEMENTS;
}

int scan_host_cuda_timed(const scan_desc *d, const void *in, void *out, size_t n, double *scan_ms, sw_error *err)
{
    *scan_ms = 0;
    if (check_call(PRIM_CUDA, d, in, out, n, err)) return -1;
#if SCANWORKS_HAVE_CUDA
    float ms = 0;
    int rc = scan_cuda_host_copy(d, in, out, n, &ms, err);
    *scan_ms = ms;
    return rc;
#else
    return -1;   /* check_call found no cuda backend */
#endif
}

int scan_host(prim_backend b, const scan_desc *d, const void *in, void *out, size_t n, sw_error *err)
{
    if (check_call(b, d, in, out, n, err)) return -1;
    switch (b) {
    case PRIM_CPU: return scan_cpu_host(d, in, out, n, err);
    case PRIM_GL: return scan_gl_host(d, in, out, n, err);
    case PRIM_CUDA:
#if SCANWORKS_HAVE_CUDA
        return scan_cuda_host(d, in, out, n, err);
#else
        return -1;   /* check_call found no cuda backend */
#endif
    default: return sw_fail(err, "scan: invalid backend");
    }
}

int scan_check_algorithm(prim_backend b, const char *algo, sw_error *err)
{
    if (!algo) return 0;
#if SCANWORKS_HAVE_CUDA
#endif
    return prim_check_algorithm("scan", b, scan_algorithms(b), algo, err);
}
