/* "floor-bulk": the data movement of the sm_90 look-back scan "128x48,bulk,cs" with
 * no scan in it (kernels/scan_copy_floor.cu), a reference row of `bench scan`: the
 * output equals the input. Its time is what that kernel's tile access pattern costs
 * by itself, so the gap between the scan and this row is the look-back and the
 * arithmetic, the gap between this row and memcpy the access pattern. */
#ifndef SCANWORKS_KERNELS_SCAN_COPY_FLOOR_H
#define SCANWORKS_KERNELS_SCAN_COPY_FLOOR_H

#include <stddef.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Copies N elements of ELEM_SIZE bytes (4 or 8) from device memory D_IN to device
 * memory D_OUT (the two must not overlap) on STREAM (a cudaStream_t; NULL = the
 * default stream), tile by tile as the bulk-copy look-back scan moves them.
 * Asynchronous; pointers need only the element's alignment (16-byte aligned ones take
 * the bulk copy and vector stores, as the scan does). */
int scan_copy_floor(const void *d_in, void *d_out, size_t n, size_t elem_size, void *stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
