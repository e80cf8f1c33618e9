/* Device-wide exclusive sum of uint32 arrays in three kernels (tile sums, one-block
 * scan of the tile sums, tile scans plus their offsets): the scan step of the
 * flag -> scan -> scatter compaction and of the split radix sort. n < 2^32. */
#ifndef SCANWORKS_KERNELS_FLAG_SCAN_H
#define SCANWORKS_KERNELS_FLAG_SCAN_H

#include <stddef.h>
#include <stdint.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes of device scratch the scan of N elements needs. */
size_t flag_scan_temp_bytes(size_t n);
/* OUT[i] = IN[0] + ... + IN[i-1] (device pointers; OUT may equal IN). The total of all
 * N lands in the uint32 at flag_scan_total(TEMP, N) on the device. STREAM: cudaStream_t. */
int flag_scan_exclusive(const uint32_t *in, uint32_t *out, size_t n, void *temp, void *stream, sw_error *err);
uint32_t *flag_scan_total(void *temp, size_t n);

#ifdef __cplusplus
}
#endif

#endif
