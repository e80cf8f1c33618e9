/* Stream compaction kernels: keep the 32-bit elements that satisfy a predicate, in
 * order, and count them. Device pointers; the host side is src/prim/compact_cuda.c. */
#ifndef SCANWORKS_KERNELS_COMPACT_H
#define SCANWORKS_KERNELS_COMPACT_H

#include <stddef.h>
#include <stdint.h>
#include "tune.h"
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* FLAG_SCAN_SCATTER: the chapter's three passes; SINGLE_PASS: the production kernel. */
enum { COMPACT_K_FLAG_SCAN_SCATTER = 0, COMPACT_K_SINGLE_PASS = 1 };

/* TYPE: 0 uint32, 1 int32, 2 float32. PRED: 0 gt, 1 ge, 2 lt, 3 le, 4 eq, 5 ne (against
 * VALUE_BITS read as TYPE), 6 keep where FLAGS[i] != 0. TUNE: the single pass's row of
 * kernels/compact/tune.h (NULL: the current device's); an uncompiled one fails the run. */
typedef struct compact_kparams {
    int type, pred;
    uint32_t value_bits;
    const compact_tune *tune;
} compact_kparams;

/* The three steps of flag-scan-scatter into caller buffers (the panel shows them; the
 * launcher is in src/prim/compact_plan_cuda.c): FLAG_BITS[i] = 0/1, ADDR[i] = their
 * exclusive scan, OUT the kept elements, *COUNT. SCAN_TEMP: compact_kernel_scan_temp_bytes(n).
 * Its kernels (compact.cu), grid-stride loops: the flags (const uint32_t *in, const
 * uint8_t *flags, size_t n, compact_kparams p, uint32_t *flag_bits), SCATTER (in,
 * flag_bits, const uint32_t *addr, size_t n, uint32_t *out, unsigned long long *count). */
int compact_kernel_flag_scan_scatter(const compact_kparams *p, const uint32_t *in, const uint8_t *flags,
                                     uint32_t *flag_bits, uint32_t *addr, uint32_t *out, size_t n,
                                     unsigned long long *count, void *scan_temp, void *stream, sw_error *err);
const void *compact_flag_scan_scatter_kernel(int scatter);

/* The scan step of flag-scan-scatter and of the split radix sort: the exclusive sum of N
 * uint32 flags into ADDR by the scan ladder's "tuned" rung (kernels/scan), with
 * compact_kernel_scan_temp_bytes(N) bytes of TEMP (16-byte aligned). */
size_t compact_kernel_scan_temp_bytes(size_t n);
int compact_kernel_scan_flags(const uint32_t *flags, uint32_t *addr, size_t n, void *temp, void *stream, sw_error *err);

/* compact.cu: the single pass compiled for row TU (NULL: none) for TYPE and PRED, a block
 * a tile of tu->threads x tu->items elements, taking (const uint32_t *in, const uint8_t
 * *flags, size_t n, uint32_t value_bits, uint32_t *out, unsigned long long *status,
 * unsigned long long *count); status: one zeroed word a tile, 2^tu->spread slots apart.
 * Its tiles are of COMPACT_K_MIN_TILE or more elements, at most 2^COMPACT_K_MAX_SPREAD
 * slots apart. */
#define COMPACT_K_MIN_TILE 4096
#define COMPACT_K_MAX_SPREAD 2
const void *compact_single_pass_kernel(const compact_tune *tu, int type, int pred);

#ifdef __cplusplus
}
#endif

#endif
