/* Stream compaction kernels: keep the 32-bit elements that satisfy a predicate, in
 * order, and count them. Device pointers; launched by src/prim/compact_plan_cuda.c. */
#ifndef SCANWORKS_KERNELS_COMPACT_H
#define SCANWORKS_KERNELS_COMPACT_H

#include <stddef.h>
#include <stdint.h>
#include "tune.h"
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { COMPACT_K_FLAG_SCAN_SCATTER = 0, COMPACT_K_SINGLE_PASS = 1 };   /* the chapter's ladder, the production */

/* TYPE: 0 uint32, 1 int32, 2 float32. PRED: 0 gt, 1 ge, 2 lt, 3 le, 4 eq, 5 ne (against
 * VALUE_BITS read as TYPE), 6 keep where FLAGS[i] != 0. TUNE: the single pass's row of
 * kernels/compact/tune.h (NULL: the current device's); an uncompiled one fails the run. */
typedef struct compact_kparams {
    int type, pred;
    uint32_t value_bits;
    const compact_tune *tune;
} compact_kparams;

/* flag-scan-scatter's kernels (grid-stride loops): the flags, or with SCATTER the scatter. */
const void *compact_flag_scan_scatter_kernel(int scatter);

/* The single pass (cp_single_pass_min) compiled for row TU (NULL: none), TYPE and PRED,
 * a block a tile of tu->threads x tu->items (COMPACT_K_MIN_TILE or more) elements; its
 * status: a zeroed word a tile, 2^tu->spread (at most 2^COMPACT_K_MAX_SPREAD) apart. */
#define COMPACT_K_MIN_TILE 4096
#define COMPACT_K_MAX_SPREAD 2
const void *compact_single_pass_kernel(const compact_tune *tu, int type, int pred);

#ifdef __cplusplus
}
#endif

#endif
