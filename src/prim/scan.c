#include "prim/scan.h"
#include "prim/key_type.h"

#include <string.h>

static const char *const type_names[SCAN_TYPE_COUNT] = {"int32", "uint32", "int64", "float32"};
static const size_t type_sizes[SCAN_TYPE_COUNT] = {4, 4, 8, 4};
static const char *const op_names[SCAN_OP_COUNT] = {"add", "max", "min"};

size_t scan_type_size(scan_type t) { return (unsigned)t < SCAN_TYPE_COUNT ? type_sizes[t] : 0; }
const char *scan_type_name(scan_type t) { return (unsigned)t < SCAN_TYPE_COUNT ? type_names[t] : "?"; }
const char *scan_op_name(scan_op op) { return (unsigned)op < SCAN_OP_COUNT ? op_names[op] : "?"; }

int scan_op_parse(const char *s, scan_op *out, sw_error *err)
{
    for (int i = 0; i < SCAN_OP_COUNT; i++)
        if (s && !strcmp(s, op_names[i])) {
            *out = (scan_op)i;
            return 0;
        }
    return sw_fail(err, "operator '%s': expected add, max or min", s ? s : "");
}

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

int scan_host(prim_backend b, const scan_desc *d, const void *in, void *out, size_t n, sw_error *err)
{
    if ((unsigned)d->type >= SCAN_TYPE_COUNT || (unsigned)d->op >= SCAN_OP_COUNT)
        return sw_fail(err, "scan: invalid type or operator");
    if (n > SCAN_MAX_ELEMENTS)
        return sw_fail(err, "scan: %zu elements is over the limit of %zu", n, SCAN_MAX_ELEMENTS);
    if (n && (!in || !out)) return sw_fail(err, "scan: NULL array");
    if (d->algo && prim_check_algorithm("scan", b, scan_algorithms(b), d->algo, err)) return -1;
    switch (b) {
    case PRIM_CPU: return scan_cpu_host(d, in, out, n, err);
    case PRIM_GL: return scan_gl_host(d, in, out, n, err);
    case PRIM_CUDA: {
        const char *why;
        if (!prim_cuda_available(&why)) return sw_fail(err, "scan: cuda backend unavailable: %s", why);
#if SCANWORKS_HAVE_CUDA
        return scan_cuda_host(d, in, out, n, err);
#else
        return -1;
#endif
    }
    default: return sw_fail(err, "scan: invalid backend");
    }
}
