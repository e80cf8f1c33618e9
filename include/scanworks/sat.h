/* Summed-area tables (Crow 1984; GPU Gems 3, section 39.3.2): S(x, y) = the sum of the
 * input over rows 0..y and columns 0..x, each channel on its own. The sums are uint32
 * modulo 2^32, so a box sum S(x1, y1) - S(x0 - 1, y1) - S(x1, y0 - 1) + S(x0 - 1, y0 - 1)
 * taken in uint32 is exact whenever the true box sum is below 2^32, even where the
 * table's entries wrapped: any box of up to 65537 pixels of 16-bit values, or up to
 * 16.8 million pixels (all of a 4K image) of 8-bit ones. The cuda backend runs the
 * production tiled build (32x32 tiles, three overlapped launches). */
#ifndef SCANWORKS_SAT_H
#define SCANWORKS_SAT_H

#include "scanworks/common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SW_SAT_MAX_SIDE 16384   /* each side of the image, in pixels */

/* Host memory: IN holds w*h*c values (rows first, channels interleaved, c = 1..4), OUT
 * gets w*h*c sums, laid out the same, on backend B (synchronous). */
int sw_sat(sw_backend b, const uint16_t *in, int w, int h, int c, uint32_t *out, sw_error *err);

/* Device memory, CUB style: ask the temp storage for a w x h image, then build on
 * STREAM with TEMP (16-byte aligned, untouched until the build is done). D_IN holds
 * w*h RGBA quadruples of uint32, D_OUT (16-byte aligned, not overlapping D_IN) gets
 * w*h quadruples of sums. Asynchronous. */
int sw_sat_temp_bytes(int w, int h, size_t *temp_bytes, sw_error *err);
int sw_sat_device(const uint32_t *d_in, uint32_t *d_out, int w, int h, void *temp, size_t temp_bytes,
                  sw_stream stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
