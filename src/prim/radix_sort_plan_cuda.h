/* The CUDA sorts' host side (radix_sort_plan_cuda.c): the temp sizes, the checked
 * runs, onesweep's tuning rows. The kernels: kernels/sort/radix_sort_kernel.h. */
#ifndef SCANWORKS_PRIM_RADIX_SORT_PLAN_CUDA_H
#define SCANWORKS_PRIM_RADIX_SORT_PLAN_CUDA_H

#include <stddef.h>
#include <stdint.h>
#include "kernels/sort/radix_sort_kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* MODE: 0 uint32, 1 int32, 2 float32. VALS_IN/VALS_OUT may both be NULL. KEYS_IN is
 * not modified; the outputs must not overlap the inputs. TEMP: radix_kernel_temp_bytes. */
size_t radix_kernel_temp_bytes(int algo, size_t n, int with_values);
int radix_kernel_sort(int algo, int mode, const uint32_t *keys_in, uint32_t *keys_out, const uint32_t *vals_in,
                      uint32_t *vals_out, size_t n, void *temp, void *stream, sw_error *err);
/* Onesweep alone. TUNE: a row of kernels/sort/tune.h (NULL: the current device's); a
 * shape that is not compiled fails with a message. No state is kept between calls. */
size_t radix_onesweep_temp_bytes(size_t n, int with_values);
int radix_onesweep_sort_tuned(const sort_tune *tune, int mode, const uint32_t *keys_in, uint32_t *keys_out,
                              const uint32_t *vals_in, uint32_t *vals_out, size_t n, void *temp, void *stream,
                              sw_error *err);
/* Onesweep at a THREADS x ITEMS tile, the request checked. Its temp: the spare keys (and
 * values), RADIX_K_HEAD_BYTES (digit starts, four tile counters), status words of 256
 * digits for two passes (the passes take turns) of tiles of RADIX_K_MIN_TILE keys or more. */
int radix_onesweep_run(int threads, int items, int mode, const uint32_t *kin, uint32_t *kout, const uint32_t *vin,
                       uint32_t *vout, size_t n, void *temp, void *stream, sw_error *err);
/* The current device's row of tune.h with compiled tile I (of radix_onesweep_shapes)
 * for keys alone or with values in place of its own: 0, or -1 when there is no tile I. */
int radix_onesweep_shape_row(int with_values, int i, sort_tune *row);

#ifdef __cplusplus
}
#endif

#endif
