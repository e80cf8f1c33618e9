/* One LSD pass of a radix sort: a stable reorder of 32-bit keys by the BITS-bit digit
 * at SHIFT. The radix panel shows a sort as a sequence of these passes. */
#ifndef SCANWORKS_PRIM_RADIX_PASS_H
#define SCANWORKS_PRIM_RADIX_PASS_H

#include <stddef.h>
#include <stdint.h>
#include "prim/backend.h"
#include "util/error.h"

#define RADIX_PASS_MAX_ELEMENTS ((size_t)1 << 24)

/* KEYS (N, host memory) reordered into OUT (not overlapping KEYS), stable, by
 * (key >> SHIFT) & ((1 << BITS) - 1); 1 <= BITS <= 8, SHIFT + BITS <= 32.
 * cpu: radix_cpu_pass. cuda: the GPU sort ALGO (a name of radix_sort_algorithms, NULL
 * for the default) of the digits themselves, each carrying its key's index: a stable
 * sort by one digit is exactly one LSD pass. Returns 0, or -1 with ERR set. */
int radix_digit_pass_host(prim_backend b, const char *algo, const uint32_t *keys, uint32_t *out, size_t n,
                          int shift, int bits, sw_error *err);

#endif
