/* The summed-area table on the CPU (the reference of every backend), and the packing of
 * 1..4 interleaved channels into the RGBA quadruples the GPU backends scan. */
#ifndef SCANWORKS_PRIM_SAT_CPU_H
#define SCANWORKS_PRIM_SAT_CPU_H

#include <stddef.h>
#include <stdint.h>

/* OUT4 (w*h uint32 quadruples) = the inclusive SAT of IN4, modulo 2^32. Returns 0. */
int sat_cpu_rgba(const uint32_t *in4, int w, int h, uint32_t *out4);

/* IN (N pixels of C channels) into IN4 (N quadruples, the channels past C zero). */
void sat_pack_rgba(const uint16_t *in, size_t n, int c, uint32_t *in4);
/* The first C channels of OUT4's N quadruples into OUT. */
void sat_unpack_rgba(const uint32_t *out4, size_t n, int c, uint32_t *out);

#endif
