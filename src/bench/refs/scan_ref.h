/* CUB DeviceScan as the benchmark's reference (src/bench/refs/scan_ref.cu, built when
 * SCANWORKS_CUB_BENCH is on: SCANWORKS_HAVE_CUB_REF). */
#ifndef SCANWORKS_KERNELS_SCAN_REF_H
#define SCANWORKS_KERNELS_SCAN_REF_H

#include <stddef.h>
#include "prim/scan.h"
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Exclusive scan of N elements of device memory on STREAM (a cudaStream_t), with
 * temporary storage cached between calls; OFFSET_BITS 32 (num_items an int, n < 2^31)
 * or 64 (an int64_t) chooses CUB's offset type. */
int scan_ref_cub_exclusive(scan_type t, scan_op op, const void *d_in, void *d_out, size_t n, int offset_bits,
                           void *stream, sw_error *err);
void scan_ref_release(void);

#ifdef __cplusplus
}
#endif

#endif
