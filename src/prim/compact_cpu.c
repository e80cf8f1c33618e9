/* The sequential reference: one pass, keep what the predicate keeps. */
#include "prim/compact.h"

#include <string.h>

const char *const compact_cpu_algorithms[] = {"sequential", NULL};

/* Here, in the library, beside its one caller there (the CLI parses in compact.c). */
bool compact_keeps(const compact_desc *d, uint32_t bits)
{
    int c;
    if (d->type == KEY_F32) {
        float a, b;
        memcpy(&a, &bits, 4);
        memcpy(&b, &d->value_bits, 4);
        if (a != a || b != b) return d->pred == COMPACT_NE;
        c = (a > b) - (a < b);
    } else if (d->type == KEY_I32) {
        int32_t a = (int32_t)bits, b = (int32_t)d->value_bits;
        c = (a > b) - (a < b);
    } else {
        c = (bits > d->value_bits) - (bits < d->value_bits);
    }
    switch (d->pred) {
    case COMPACT_GT: return c > 0;
    case COMPACT_GE: return c >= 0;
    case COMPACT_LT: return c < 0;
    case COMPACT_LE: return c <= 0;
    case COMPACT_EQ: return c == 0;
    case COMPACT_NE: return c != 0;
    default: return false;
    }
}


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
