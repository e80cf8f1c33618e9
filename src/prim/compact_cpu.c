/* The sequential reference: one pass, keep what the predicate keeps. */
#include "prim/compact.h"

#include <string.h>

const char *const compact_cpu_algorithms[] = {"sequential", NULL};

int compact_cpu_host(const compact_desc *d, const void *in, const uint8_t *flags, void *out, size_t n,
                     size_t *count, sw_error *err)
{
    const uint32_t *src = in;
    uint32_t *dst = out;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t v = src[i];   /* read before writing: OUT may equal IN */
        if (d->pred == COMPACT_FLAGS ? flags[i] != 0 : compact_keeps(d, v)) dst[k++] = v;
    }
    *count = k;
    return 0;
}
