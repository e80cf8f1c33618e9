/* "floor-bulk": the data movement of the bulk-copy look-back scan "128x48,bulk,cs" with
 * no scan in it (kernels/scan/scan_copy_floor.cu), a reference row of `bench scan`: the
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

/* FLAGS of scan_copy_floor: the default (0) moves the data as "128x48,bulk,cs" does.
 * SCAN_FLOOR_BULK_STORE: each tile goes out by one bulk copy from shared memory (as
 * 'bstore' does) instead of the threads' streaming 16-byte stores;
 * SCAN_FLOOR_EVICT_FIRST: the bulk copies carry the evict-first L2 policy ('ef'). */
#define SCAN_FLOOR_BULK_STORE 1u
#define SCAN_FLOOR_EVICT_FIRST 2u
/* SCAN_FLOOR_RING ("floor-ring"): the data movement of the warp-specialized scan
 * "128x32,ws,s4,cs" instead: persistent blocks of eight warps, a ring of four 16 KB
 * tiles, one producer lane's bulk copies, four warps reading each tile into registers,
 * giving the buffer back and storing (the reducers and the look-back taken out; tiles
 * by block stride, b, b + grid, ..., where the scan takes them from a counter). sm_90
 * and 16-byte aligned pointers; elsewhere the default copy runs. Takes no other flag. */
#define SCAN_FLOOR_RING 4u
/* SCAN_FLOOR_REGS ("floor-regs"): the data movement of the register-tile scan
 * "256x48,bid,cs" (the default before sm_90): block b loads tile b's twelve 16-byte
 * vectors a thread straight into registers with streaming loads and stores them, no
 * shared memory. Any GPU; unaligned pointers take the default copy. No other flag. */
#define SCAN_FLOOR_REGS 8u

/* Copies N elements of ELEM_SIZE bytes (4 or 8) from device memory D_IN to device
 * memory D_OUT (the two must not overlap) on STREAM (a cudaStream_t; NULL = the
 * default stream), tile by tile as the bulk-copy look-back scan moves them.
 * Asynchronous; pointers need only the element's alignment (16-byte aligned ones take
 * the bulk copy and vector stores, as the scan does). */
int scan_copy_floor(const void *d_in, void *d_out, size_t n, size_t elem_size, unsigned flags, void *stream,
                    sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
