/* The summed-area table on the CPU (the reference of every backend), and the packing of
 * 1..4 interleaved channels into the RGBA quadruples the GPU backends scan. */
#ifndef SCANWORKS_PRIM_SAT_CPU_H
#define SCANWORKS_PRIM_SAT_CPU_H

#include <stddef.h>
#include <stdint.h>
#include "util/error.h"

/* OUT4 (w*h uint32 quadruples) = the inclusive SAT of IN4, modulo 2^32. Returns 0. */
int sat_cpu_rgba(const uint32_t *in4, int w, int h, uint32_t *out4);

/* IN (N pixels of C channels) into IN4 (N quadruples, the channels past C zero). */
void sat_pack_rgba(const uint16_t *in, size_t n, int c, uint32_t *in4);
/* The first C channels of OUT4's N quadruples into OUT. */
void sat_unpack_rgba(const uint32_t *out4, size_t n, int c, uint32_t *out);

/* A table builder over RGBA quadruples (IN4 -> OUT4, w*h each); CTX is its own. */
typedef int (*sat_rgba_builder)(const uint32_t *in4, int w, int h, uint32_t *out4, void *ctx, sw_error *err);
/* The table of IN (w*h pixels of C = 1..4 interleaved channels) into OUT, laid out the
 * same, by BUILD on the packed quadruples: what sw_sat and sat_host share. */
int sat_packed(const uint16_t *in, int w, int h, int c, uint32_t *out, sat_rgba_builder build, void *ctx,
               sw_error *err);

#endif
