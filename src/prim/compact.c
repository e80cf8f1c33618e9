#include "prim/compact.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char *const pred_names[COMPACT_PRED_COUNT] = {"gt", "ge", "lt", "le", "eq", "ne", "flags"};

const char *compact_pred_name(compact_pred p) { return (unsigned)p < COMPACT_PRED_COUNT ? pred_names[p] : "?"; }

int compact_parse_keep(const char *s, key_type type, compact_desc *d, sw_error *err)
{
    const char *colon = s ? strchr(s, ':') : NULL;
    int op = -1;
    if (colon)
        for (int i = 0; i < COMPACT_FLAGS; i++)
            if ((size_t)(colon - s) == strlen(pred_names[i]) && !strncmp(s, pred_names[i], (size_t)(colon - s)))
                op = i;
    if (op < 0) return sw_fail(err, "--keep '%s': expected OP:VALUE with OP one of gt, ge, lt, le, eq, ne", s ? s : "");
    const char *v = colon + 1;
    char *end = NULL;
    errno = 0;
    if (type == KEY_F32) {
        float f = strtof(v, &end);
        if (end == v || *end || (errno == ERANGE && isinf(f)))
            return sw_fail(err, "--keep '%s': '%s' is not a number that fits float32 (the array's dtype)", s, v);
        memcpy(&d->value_bits, &f, 4);
    } else {
        long long x = strtoll(v, &end, 10);
        long long lo = type == KEY_I32 ? INT32_MIN : 0, hi = type == KEY_I32 ? INT32_MAX : (long long)UINT32_MAX;
        if (end == v || *end || errno == ERANGE || x < lo || x > hi)
            return sw_fail(err, "--keep '%s': '%s' is not a whole number in %lld..%lld (the range of the array's dtype, %s)",
                           s, v, lo, hi, key_type_name(type));
        d->value_bits = (uint32_t)x;
    }
    d->pred = (compact_pred)op;
    d->type = type;
    return 0;
}

#if !SCANWORKS_HAVE_CUDA
const char *const compact_cuda_algorithms[] = {NULL};
#endif

const char *const *compact_algorithms(prim_backend b)
{
    switch (b) {
    case PRIM_CPU: return compact_cpu_algorithms;
    case PRIM_GL: return compact_gl_algorithms;
    default: return compact_cuda_algorithms;
    }
}

int compact_check_algorithm(prim_backend b, const char *algo, sw_error *err)
{
#if SCANWORKS_HAVE_CUDA
    if (b == PRIM_CUDA) return compact_cuda_check_algorithm(algo, err);
#endif
    return prim_check_algorithm("compact", b, compact_algorithms(b), algo, err);
}

int compact_host(prim_backend b, const compact_desc *d, const void *in, const uint8_t *flags, void *out, size_t n,
                 size_t *count, sw_error *err)
{
    if ((unsigned)d->type >= KEY_TYPE_COUNT || (unsigned)d->pred >= COMPACT_PRED_COUNT)
        return sw_fail(err, "compact: invalid type or predicate");
    if (n > COMPACT_MAX_ELEMENTS)
        return sw_fail(err, "compact: %zu elements is over the limit of %zu", n, COMPACT_MAX_ELEMENTS);
    if (n && (!in || !out || (d->pred == COMPACT_FLAGS && !flags))) return sw_fail(err, "compact: NULL array");
    if ((unsigned)b >= PRIM_BACKEND_COUNT) return sw_fail(err, "compact: invalid backend");
    if (compact_check_algorithm(b, d->algo, err)) return -1;
    *count = 0;
    switch (b) {
    case PRIM_CPU: return compact_cpu_host(d, in, flags, out, n, count, err);
    case PRIM_GL: return compact_gl_host(d, in, flags, out, n, count, err);
    default:
        if (prim_require_cuda("compact", err)) return -1;
#if SCANWORKS_HAVE_CUDA
        return compact_cuda_host(d, in, flags, out, n, count, err);
#else
        return -1;
#endif
    }
}
