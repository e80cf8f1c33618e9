/* Scan (all-prefix-sums, GPU Gems 3 chapter 39): exclusive out[i] = in[0] op ... op
 * in[i-1] (out[0] = the identity) or inclusive; operators add, max, min; int32, uint32,
 * int64, float32. Integer results equal the sequential scan bit for bit (add wraps);
 * float32 sums are within (24 + n/1024) ulp-relative of a float64 reference. In place
 * (out == in) is allowed. */
#ifndef SCANWORKS_SCAN_H
#define SCANWORKS_SCAN_H

#include "scanworks/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum sw_scan_op { SW_SCAN_ADD = 0, SW_SCAN_MAX = 1, SW_SCAN_MIN = 2 } sw_scan_op;

typedef struct sw_scan_desc {
    sw_type type;
    sw_scan_op op;
    int inclusive;   /* 0: exclusive */
} sw_scan_desc;

/* N elements of host memory IN into host memory OUT on backend B (synchronous). */
int sw_scan(sw_backend b, const sw_scan_desc *d, const void *in, void *out, size_t n, sw_error *err);

/* Device memory, CUB style: ask the temp storage for N elements, then scan on STREAM
 * with TEMP (16-byte aligned, untouched until the scan is done). Asynchronous. */
int sw_scan_temp_bytes(const sw_scan_desc *d, size_t n, size_t *temp_bytes, sw_error *err);
int sw_scan_device(const sw_scan_desc *d, const void *d_in, void *d_out, size_t n, void *temp, size_t temp_bytes,
                   sw_stream stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
