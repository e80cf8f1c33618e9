/* Radix sort kernels: ascending and stable, 32-bit keys (uint32, int32 or float32 through
 * an order-preserving bit map), optional uint32 values. Device pointers. */
#ifndef SCANWORKS_KERNELS_RADIX_SORT_H
#define SCANWORKS_KERNELS_RADIX_SORT_H

#include <stddef.h>
#include <stdint.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ONESWEEP: the first version (radix_sort.cu); ONESWEEP2: radix_onesweep2.cu. */
enum { RADIX_K_SPLIT = 0, RADIX_K_ONESWEEP = 1, RADIX_K_ONESWEEP2 = 2 };
/* What the name "onesweep" runs: one line to switch. */
#define RADIX_K_ONESWEEP_DEFAULT RADIX_K_ONESWEEP2
/* Onesweep's status words hold 30-bit counts. */
#define RADIX_K_ONESWEEP_MAX ((size_t)1 << 30)

/* MODE: 0 uint32, 1 int32, 2 float32. VALS_IN/VALS_OUT may both be NULL. KEYS_IN is
 * not modified; the outputs must not overlap the inputs. TEMP: radix_kernel_temp_bytes. */
size_t radix_kernel_temp_bytes(int algo, size_t n, int with_values);
int radix_kernel_sort(int algo, int mode, const uint32_t *keys_in, uint32_t *keys_out, const uint32_t *vals_in,
                      uint32_t *vals_out, size_t n, void *temp, void *stream, sw_error *err);
/* The second onesweep (radix_kernel_sort calls these for RADIX_K_ONESWEEP2). */
size_t radix_onesweep2_temp_bytes(size_t n, int with_values);
int radix_onesweep2_sort(int mode, const uint32_t *keys_in, uint32_t *keys_out, const uint32_t *vals_in,
                         uint32_t *vals_out, size_t n, void *temp, void *stream, sw_error *err);
/* Its digit-pass tile shapes: shape I's name ("THREADSxKEYS"; shape 0, "384x16", is the
 * default) and whether it has a pass for keys alone (bit 0) and for pairs (bit 1); 0 past
 * the last. The environment variable SCANWORKS_SORT_TILE, read at the first sort, picks
 * one; an unknown name makes every onesweep-v2 sort fail with a message. */
int radix_onesweep2_shape_info(int i, const char **name);
/* Picks the shape NAME for the following sorts, over SCANWORKS_SORT_TILE (NULL: back to
 * it). -1 and ERR for an unknown name. */
int radix_onesweep2_set_shape(const char *name, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
