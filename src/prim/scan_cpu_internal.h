/* The cpu scan's building blocks, shared with the other backends' host code and the
 * panel: one value of any scan type, the identity of each operator, and a seeded scan
 * or reduction of a range. */
#ifndef SCANWORKS_PRIM_SCAN_CPU_INTERNAL_H
#define SCANWORKS_PRIM_SCAN_CPU_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include "prim/scan.h"

typedef union scan_value {
    int32_t i32;
    uint32_t u32;
    int64_t i64;
    float f32;
} scan_value;

/* 0 for add; the type's lowest value for max (-inf for float32), highest for min. */
void scan_cpu_identity(scan_type t, scan_op op, scan_value *v);
/* Scans N elements seeded with *SEED; *TOTAL = seed op in[0] op ... op in[n-1]. */
void scan_cpu_range(scan_type t, scan_op op, bool inclusive, const void *in, void *out, size_t n,
                    const scan_value *seed, scan_value *total);
/* *TOTAL = seed op in[0] op ... op in[n-1]; TOTAL may alias SEED. */
void scan_cpu_reduce(scan_type t, scan_op op, const void *in, size_t n, const scan_value *seed, scan_value *total);

#endif
