/* The CUDA scans' host side (scan_plan_cuda.c): the limits, the temp size, the
 * device-pointer entry and the kernels' launch. The kernels: kernels/scan/scan.h. */
#ifndef SCANWORKS_PRIM_SCAN_PLAN_CUDA_H
#define SCANWORKS_PRIM_SCAN_PLAN_CUDA_H

#include <stddef.h>
#include "kernels/scan/scan.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most elements algorithm ALGO (NULL = the default) accepts for type T;
 * 0 when ALGO is not a CUDA scan algorithm. */
size_t scan_cuda_max_elements(const char *algo, scan_type t);

/* *BYTES = the temp storage scan_cuda_device needs for D at N elements (may be 0).
 * TUNE: the production kernel's row (NULL: the current device's, tune.h). */
int scan_cuda_temp_bytes(const scan_desc *d, const scan_tune *tune, size_t n, size_t *bytes, sw_error *err);

/* Scans N elements of device memory D_IN into D_OUT (D_OUT == D_IN allowed) on STREAM
 * (a cudaStream_t; NULL = the default stream), with TEMP_BYTES (at least
 * scan_cuda_temp_bytes) of device memory at TEMP (16-byte aligned), untouched until the
 * scan is done. Asynchronous. 16-byte aligned data takes the vector path. */
int scan_cuda_device(const scan_desc *d, const scan_tune *tune, const void *d_in, void *d_out, size_t n,
                     void *temp, size_t temp_bytes, void *stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
