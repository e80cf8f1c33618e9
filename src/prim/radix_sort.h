/* Radix sort: ascending and stable, keys uint32, int32 or float32 (negative numbers
 * before positive, -0.0 before +0.0, every NaN last, as IEEE totalOrder without the
 * NaN payloads: a NaN comes out as 0x7fffffff), optional uint32 values carried along.
 * The chapter's split sort (one bit per pass through a scan, 39.3.3) and an 8-bit LSD
 * sort (cpu "lsd"; cuda "onesweep", Adinets & Merrill 2022). */
#ifndef SCANWORKS_PRIM_RADIX_SORT_H
#define SCANWORKS_PRIM_RADIX_SORT_H

#include <stddef.h>
#include <stdint.h>
#include "prim/backend.h"
#include "prim/key_type.h"
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RADIX_MAX_ELEMENTS (((size_t)1 << 32) - 1)

typedef struct radix_desc {
    key_type type;
    const char *algo;   /* from radix_sort_algorithms(backend); NULL = best */
} radix_desc;

const char *const *radix_sort_algorithms(prim_backend b);

/* Sorts N keys of host memory KEYS_IN into KEYS_OUT (may be the same array); VALS_IN /
 * VALS_OUT (both NULL, or both set; may be the same) move with their keys. */
int radix_sort_host(prim_backend b, const radix_desc *d, const void *keys_in, void *keys_out,
                    const uint32_t *vals_in, uint32_t *vals_out, size_t n, sw_error *err);

int radix_sort_cpu_host(const radix_desc *d, const void *keys_in, void *keys_out, const uint32_t *vals_in,
                        uint32_t *vals_out, size_t n, sw_error *err);
int radix_sort_cuda_host(const radix_desc *d, const void *keys_in, void *keys_out, const uint32_t *vals_in,
                         uint32_t *vals_out, size_t n, sw_error *err);
extern const char *const radix_sort_cpu_algorithms[];
extern const char *const radix_sort_cuda_algorithms[];

/* One stable pass of the CPU sort over already ordered-mapped keys U (key_ordered):
 * by the BITS-bit digit at SHIFT, into U_OUT / V_OUT (V may be NULL). The panel shows
 * these passes one at a time. */
void radix_cpu_pass(const uint32_t *u, const uint32_t *v, uint32_t *u_out, uint32_t *v_out, size_t n, int shift,
                    int bits);

#ifdef __cplusplus
}
#endif

#endif
