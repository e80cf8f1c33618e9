#include "prim/radix_pass.h"

#include <stdlib.h>

#include "prim/radix_sort.h"

int radix_digit_pass_host(prim_backend b, const char *algo, const uint32_t *keys, uint32_t *out, size_t n,
                          int shift, int bits, sw_error *err)
{
    if (bits < 1 || bits > 8 || shift < 0 || shift + bits > 32)
        return sw_fail(err, "radix pass: digit of %d bits at bit %d is out of range", bits, shift);
    if (n > RADIX_PASS_MAX_ELEMENTS)
        return sw_fail(err, "radix pass: %zu keys is over the limit of %zu", n, RADIX_PASS_MAX_ELEMENTS);
    if (n && (!keys || !out)) return sw_fail(err, "radix pass: NULL array");
    if (b == PRIM_CPU) {
        radix_cpu_pass(keys, NULL, out, NULL, n, shift, bits);
        return 0;
    }
    if (n == 0) return radix_sort_host(b, &(radix_desc){KEY_U32, algo}, NULL, NULL, NULL, NULL, 0, err);
    /* digit[i] and i go in; the sorted digits and the indices they carried come out. */
    uint32_t *buf = sw_malloc(4 * n * sizeof *buf, "radix pass buffers", err);
    if (!buf) return -1;
    uint32_t *digit = buf, *index = buf + n, *digit_out = buf + 2 * n, *index_out = buf + 3 * n;
    const uint32_t mask = (1u << bits) - 1u;
    for (size_t i = 0; i < n; i++) {
        digit[i] = (keys[i] >> shift) & mask;
        index[i] = (uint32_t)i;
    }
    int rc = radix_sort_host(b, &(radix_desc){KEY_U32, algo}, digit, digit_out, index, index_out, n, err);
    if (rc == 0) {
        for (size_t i = 0; i < n; i++) {
            if (index_out[i] >= n) {
                rc = sw_fail(err, "radix pass: the %s sort returned index %u of %zu keys", prim_backend_name(b),
                             index_out[i], n);
                break;
            }
            out[i] = keys[index_out[i]];
        }
    }
    free(buf);
    return rc;
}
