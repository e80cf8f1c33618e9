/* CUDA scan launchers (kernels/scan/scan.cu), callable from C.
 *
 * The ladder of chapter 39 and past it, by name (prim/scan.h lists them in
 * scan_cuda_algorithms, best first): "lookback" (single pass, decoupled look-back),
 * "tuned" (eight elements per thread, 16-byte loads, block sums + uniform add),
 * "large" (Blelloch per block, block sums, recursive scan, uniform add),
 * "blelloch-cf", "blelloch" and "naive" (one block each: at most
 * scan_cuda_max_elements() elements).
 *
 * Scratch memory (look-back status words, block sums, the host path's device copy)
 * is allocated on first need, kept for the next call and grown when too small;
 * scan_cuda_release() frees it. The calls are not thread-safe and a stream must
 * not run two scans at once on the same scratch: scan one array at a time. */
#ifndef SCANWORKS_KERNELS_SCAN_H
#define SCANWORKS_KERNELS_SCAN_H

#include <stddef.h>
#include "prim/scan.h"
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most elements algorithm ALGO (NULL = the default) accepts for type T;
 * 0 when ALGO is not a CUDA scan algorithm. */
size_t scan_cuda_max_elements(const char *algo, scan_type t);

/* Scans N elements of device memory D_IN into device memory D_OUT (D_OUT == D_IN
 * allowed) on STREAM (a cudaStream_t; NULL = the default stream). Asynchronous:
 * returns once the kernels are queued. Pointers need only the element's alignment;
 * 16-byte aligned ones take the vector-load path. */
int scan_cuda_device(const scan_desc *d, const void *d_in, void *d_out, size_t n, void *stream, sw_error *err);

/* Host IN -> device -> scan -> host OUT, synchronous (scan_cuda_host's body). SCAN_MS,
 * when not NULL, gets the scan's own time on the device: the scan runs out of place on
 * the device once to warm up, then three times between CUDA events, and the fastest
 * of the three counts; the copies are left out. */
int scan_cuda_host_copy(const scan_desc *d, const void *in, void *out, size_t n, float *scan_ms, sw_error *err);

/* The "lookback-T-I[-opt...]" configurations that `bench scan --lookback-sweep`
 * times (NULL-terminated); plain "lookback" takes SCANWORKS_LOOKBACK_CONFIG
 * ("TxI[,opt...]") when set. kernels/scan/scan_lookback_run.cuh explains the options. */
const char *const *scan_cuda_lookback_sweep(void);

/* Parses NAME ("lookback-T-I[-opt...]", or "TxI[,opt...]") as the look-back would,
 * without a GPU: 0 if it names a compiled configuration, else -1 with the reason. */
int scan_cuda_lookback_check(const char *name, sw_error *err);

/* For tests: the next look-back call uses epoch EPOCH + 1 and finds the tile counter
 * at TICKET (to reach both wrap-arounds quickly). -1 before any look-back call. */
int scan_cuda_lookback_seed(unsigned epoch, unsigned ticket, sw_error *err);

/* Frees the cached scratch and staging buffers (safe to call any time, twice too). */
void scan_cuda_release(void);

#ifdef __cplusplus
}
#endif

#endif
