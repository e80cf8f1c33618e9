/* Stream compaction kernels: keep the 32-bit elements that satisfy a predicate, in
 * order, and count them. Device pointers; the host side is src/prim/compact_cuda.c. */
#ifndef SCANWORKS_KERNELS_COMPACT_H
#define SCANWORKS_KERNELS_COMPACT_H

#include <stddef.h>
#include <stdint.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* COMPACT_K_SINGLE_PASS: the default single pass (one of the two after it). */
enum {
    COMPACT_K_FLAG_SCAN_SCATTER = 0,
    COMPACT_K_SINGLE_PASS = 1,
    COMPACT_K_SINGLE_PASS_PIPE = 2,   /* persistent blocks, next tiles' loads in flight during the look-back */
    COMPACT_K_SINGLE_PASS_TILE = 3    /* one tile per block, of the shape compact_kparams.tile */
};

/* TYPE: 0 uint32, 1 int32, 2 float32. PRED: 0 gt, 1 ge, 2 lt, 3 le, 4 eq, 5 ne (against
 * VALUE_BITS read as TYPE), 6 keep where FLAGS[i] != 0. */
/* TILE: the shape of COMPACT_K_SINGLE_PASS_TILE, a compact_kernel_tile_shape name
 * ("256x32"); NULL: the environment variable SCANWORKS_COMPACT_TILE (read once), else
 * the default shape. An unknown name fails the run with the list of shapes. */
typedef struct compact_kparams {
    int type, pred;
    uint32_t value_bits;
    const char *tile;
} compact_kparams;

/* The compiled tile shapes, "THREADSxITEMS[-bid][-mN][-spread4]" (kernels/compact/compact.cu says what
 * the options mean; CP_SHAPE_DEFAULT there names the default); NULL past the last. */
const char *compact_kernel_tile_shape(int i);
/* Elements per tile of SHAPE (NULL: the one a run without a name would use); 0 with
 * ERR set for an unknown name or an unknown SCANWORKS_COMPACT_TILE. */
size_t compact_kernel_tile_elements(const char *shape, sw_error *err);

size_t compact_kernel_temp_bytes(int algo, size_t n);
/* Writes the kept elements to OUT (room for N) and their count to *COUNT (device).
 * TEMP: compact_kernel_temp_bytes bytes of device memory. STREAM: cudaStream_t. */
int compact_kernel_run(int algo, const compact_kparams *p, const uint32_t *in, const uint8_t *flags, uint32_t *out,
                       size_t n, unsigned long long *count, void *temp, void *stream, sw_error *err);

/* The three steps of flag-scan-scatter into caller buffers (the panel shows them):
 * FLAG_BITS[i] = 0/1, ADDR[i] = their exclusive scan, OUT the kept elements, *COUNT.
 * SCAN_TEMP: flag_scan_temp_bytes(n). */
int compact_kernel_flag_scan_scatter(const compact_kparams *p, const uint32_t *in, const uint8_t *flags,
                                     uint32_t *flag_bits, uint32_t *addr, uint32_t *out, size_t n,
                                     unsigned long long *count, void *scan_temp, void *stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
