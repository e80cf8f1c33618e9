/* The CPU reference: LSD radix sort, stable, 8-bit digits ("lsd") or one bit per pass
 * ("split", the chapter's teaching variant: zeros keep order, then ones). */
#include "prim/radix_sort.h"

#include <stdlib.h>
#include <string.h>

const char *const radix_sort_cpu_algorithms[] = {"lsd", "split", NULL};

void radix_cpu_pass(const uint32_t *u, const uint32_t *v, uint32_t *u_out, uint32_t *v_out, size_t n, int shift,
                    int bits)
{
    size_t count[256] = {0};
    const uint32_t mask = (1u << bits) - 1u;
    for (size_t i = 0; i < n; i++) count[(u[i] >> shift) & mask]++;
    size_t run = 0;
    for (uint32_t d = 0; d <= mask; d++) {
        size_t c = count[d];
        count[d] = run;
        run += c;
    }
    for (size_t i = 0; i < n; i++) {
        size_t dst = count[(u[i] >> shift) & mask]++;
        u_out[dst] = u[i];
        if (v) v_out[dst] = v[i];
    }
}

int radix_sort_cpu_host(const radix_desc *d, const void *keys_in, void *keys_out, const uint32_t *vals_in,
                        uint32_t *vals_out, size_t n, sw_error *err)
{
    if (n == 0) return 0;
    const int bits = prim_algorithm_index(radix_sort_cpu_algorithms, d->algo) == 1 ? 1 : 8;
    uint32_t *a = sw_malloc(n * 4, "sort keys", err), *b = sw_malloc(n * 4, "sort keys", err);
    uint32_t *va = NULL, *vb = NULL;
    if (vals_in) {
        va = sw_malloc(n * 4, "sort values", err);
        vb = sw_malloc(n * 4, "sort values", err);
    }
    if (!a || !b || (vals_in && (!va || !vb))) {
        free(a), free(b), free(va), free(vb);
        return -1;
    }
    const uint32_t *src = keys_in;
    for (size_t i = 0; i < n; i++) a[i] = key_ordered(src[i], d->type);
    if (vals_in) memcpy(va, vals_in, n * 4);
    for (int shift = 0; shift < 32; shift += bits) {   /* an even number of passes: ends in a */
        radix_cpu_pass(a, va, b, vb, n, shift, bits);
        uint32_t *t = a; a = b; b = t;
        t = va; va = vb; vb = t;
    }
    uint32_t *dst = keys_out;
    for (size_t i = 0; i < n; i++) dst[i] = key_unordered(a[i], d->type);
    if (vals_in) memcpy(vals_out, va, n * 4);
    free(a), free(b), free(va), free(vb);
    return 0;
}
