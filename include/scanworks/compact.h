/* Stream compaction: the elements that satisfy a predicate, in order, and their count.
 * 32-bit elements (int32, uint32, float32; NaN compares as unordered: only "ne" keeps it). */
#ifndef SCANWORKS_COMPACT_H
#define SCANWORKS_COMPACT_H

#include "scanworks/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Keep x when x OP value (value: the bits of a number of the element type). */
typedef enum sw_keep { SW_KEEP_GT, SW_KEEP_GE, SW_KEEP_LT, SW_KEEP_LE, SW_KEEP_EQ, SW_KEEP_NE } sw_keep;

typedef struct sw_compact_desc {
    sw_type type;
    sw_keep keep;
    uint32_t value_bits;
} sw_compact_desc;

/* Host arrays on backend B: the kept elements of IN to OUT (room for N), *COUNT of them. */
int sw_compact(sw_backend b, const sw_compact_desc *d, const void *in, void *out, size_t n, size_t *count,
               sw_error *err);

/* Device memory: *D_COUNT (device) gets the count. */
int sw_compact_temp_bytes(size_t n, size_t *temp_bytes, sw_error *err);
int sw_compact_device(const sw_compact_desc *d, const void *d_in, void *d_out, size_t n, unsigned long long *d_count,
                      void *temp, size_t temp_bytes, sw_stream stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
