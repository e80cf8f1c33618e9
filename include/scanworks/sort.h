/* Radix sort: ascending and stable, 32-bit keys (int32, uint32, float32: -NaN first,
 * then -inf .. -0, +0 .. inf, NaN last, as their bits order), optional uint32 values
 * that move with their keys. */
#ifndef SCANWORKS_SORT_H
#define SCANWORKS_SORT_H

#include "scanworks/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Host arrays on backend B: KEYS_IN -> KEYS_OUT (and VALS_IN -> VALS_OUT; both NULL for
 * keys alone). The outputs may be the inputs. */
int sw_sort(sw_backend b, sw_type type, const void *keys_in, void *keys_out, const uint32_t *vals_in,
            uint32_t *vals_out, size_t n, sw_error *err);

/* Device memory (at most 2^30 keys): the outputs must not overlap the inputs. */
int sw_sort_temp_bytes(size_t n, int with_values, size_t *temp_bytes, sw_error *err);
int sw_sort_device(sw_type type, const void *d_keys_in, void *d_keys_out, const uint32_t *d_vals_in,
                   uint32_t *d_vals_out, size_t n, void *temp, size_t temp_bytes, sw_stream stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
