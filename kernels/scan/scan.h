/* CUDA scan launchers (kernels/scan/scan.cu), callable from C.
 *
 * The algorithms (prim/scan.h lists them in scan_cuda_algorithms, production first):
 * "lookback", the production kernel (single pass, decoupled look-back, tiles in
 * registers and parked in a shared-memory ring, scan_lookback_rp.cuh, tuned by
 * tune.h); then chapter 39's ladder: "tuned" (eight elements per thread, block sums,
 * uniform add), "large" (Blelloch per block, block sums, recursive scan, uniform add),
 * "blelloch-cf", "blelloch" and "naive" (one block each: at most
 * scan_cuda_max_elements() elements).
 *
 * No state is kept between calls: the caller gives the temp storage
 * (scan_cuda_temp_bytes), so calls on different streams with different temp buffers
 * may run at once, from any threads. */
#ifndef SCANWORKS_KERNELS_SCAN_H
#define SCANWORKS_KERNELS_SCAN_H

#include <stddef.h>
#include "prim/scan.h"
#include "tune.h"
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most elements algorithm ALGO (NULL = the default) accepts for type T;
 * 0 when ALGO is not a CUDA scan algorithm. */
size_t scan_cuda_max_elements(const char *algo, scan_type t);

/* *BYTES = the temp storage scan_cuda_device needs for D at N elements (may be 0).
 * TUNE: the production kernel's row (NULL: the current device's, tune.h). */
int scan_cuda_temp_bytes(const scan_desc *d, const scan_tune *tune, size_t n, size_t *bytes, sw_error *err);

/* Scans N elements of device memory D_IN into device memory D_OUT (D_OUT == D_IN
 * allowed) on STREAM (a cudaStream_t; NULL = the default stream), with TEMP_BYTES
 * (at least scan_cuda_temp_bytes) of device memory at TEMP, which must stay untouched
 * until the scan is done. Asynchronous: returns once the kernels are queued. Pointers
 * need only the element's alignment (TEMP: 16 bytes); 16-byte aligned ones take the
 * vector-load path. TUNE as above. */
int scan_cuda_device(const scan_desc *d, const scan_tune *tune, const void *d_in, void *d_out, size_t n,
                     void *temp, size_t temp_bytes, void *stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
