/* The CUDA compactions' host side (compact_plan_cuda.c): the checks, the temp sizes,
 * the device's tuning row. The kernels' launch: kernels/compact/compact_kernel.h. */
#ifndef SCANWORKS_PRIM_COMPACT_PLAN_CUDA_H
#define SCANWORKS_PRIM_COMPACT_PLAN_CUDA_H

#include <stddef.h>
#include <stdint.h>
#include "kernels/compact/compact_kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* src/prim/compact_plan_cuda.c: the checks, the temp sizes, the device's tuning row. */
size_t compact_kernel_temp_bytes(int algo, size_t n);
/* Writes the kept elements to OUT (room for N) and their count to *COUNT (device).
 * TEMP: compact_kernel_temp_bytes bytes of device memory. STREAM: cudaStream_t. */
int compact_kernel_run(int algo, const compact_kparams *p, const uint32_t *in, const uint8_t *flags, uint32_t *out,
                       size_t n, unsigned long long *count, void *temp, void *stream, sw_error *err);
/* The three steps of flag-scan-scatter into caller buffers (the panel shows them):
 * FLAG_BITS[i] = 0/1, ADDR[i] = their exclusive scan, OUT the kept elements, *COUNT.
 * SCAN_TEMP: compact_kernel_scan_temp_bytes(n). */
int compact_kernel_flag_scan_scatter(const compact_kparams *p, const uint32_t *in, const uint8_t *flags,
                                     uint32_t *flag_bits, uint32_t *addr, uint32_t *out, size_t n,
                                     unsigned long long *count, void *scan_temp, void *stream, sw_error *err);
/* The scan step of flag-scan-scatter and of the split radix sort: the exclusive sum of N
 * uint32 flags into ADDR by the scan ladder's "tuned" rung (kernels/scan), with
 * compact_kernel_scan_temp_bytes(N) bytes of TEMP (16-byte aligned). */
size_t compact_kernel_scan_temp_bytes(size_t n);
int compact_kernel_scan_flags(const uint32_t *flags, uint32_t *addr, size_t n, void *temp, void *stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
