/* Summed-area tables (Crow 1984) for the depth-of-field pass, on three backends.
 *
 * Representation: every input value is first quantized to an integer q in
 * 0..SAT_MAX_VALUE and the table holds the inclusive sums S(x,y) = sum of q over
 * rows 0..y and columns 0..x as uint32 taken modulo 2^32. Unsigned wrap-around makes
 * every box sum S_ur - S_ul - S_lr + S_ll exact as long as the true box sum is below
 * 2^32, even where the table's entries themselves wrapped: for 8-bit values (q < 256)
 * that is any box up to 16.8 million pixels (all of a 4K frame); for the frame's
 * 16-bit fixed point (q = radiance * 4096) any box up to 65537 pixels, so the blur
 * radius is capped at DOF_MAX_RADIUS (dof.h). A float32 table of a 4K frame would
 * lose the low bits of every sum; this one loses nothing.
 *
 * Layout: pixels interleaved by channel, row 0 first (for the frame, GL's row 0, the
 * bottom one; for host arrays, the first row of the file). On the GPU the table is a
 * GL buffer of width*height uvec4 (RGBA), read by the DoF shaders as an SSBO.
 *
 * Variants: "three-pass" is the chapter's (row scan with one image row per grid row,
 * a shared-memory tiled transpose, the row scan again, and a transpose back);
 * "tiled" (cuda and gl) reads the image twice and writes the table once: per-tile row
 * and column totals, small carry scans, then each tile's local table plus its carries
 * (on cuda the production tiled-v2, kernels/sat/sat_v2.cu). */
#ifndef SCANWORKS_DOF_SAT_H
#define SCANWORKS_DOF_SAT_H

#include <stdbool.h>
#include <stdint.h>
#include "prim/backend.h"
#include "prim/sat_cpu.h"
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SAT_MAX_VALUE 65535u
#define SAT_MAX_SIDE 16384

typedef enum sat_variant { SAT_THREE_PASS, SAT_TILED, SAT_VARIANT_COUNT } sat_variant;

const char *sat_variant_name(sat_variant v);   /* "three-pass", "tiled" */
int sat_variant_parse(const char *s, sat_variant *out, sw_error *err);
/* Whether backend B implements variant V (cpu: both names run the one C loop). */
bool sat_variant_supported(prim_backend b, sat_variant v);

/* Inclusive SAT of a host image: IN holds w*h*c values (0..SAT_MAX_VALUE), OUT gets
 * w*h*c uint32 sums modulo 2^32. c is 1..4. The gl backend needs a current GL 4.5
 * context, the cuda backend a CUDA device. */
int sat_host(prim_backend b, sat_variant v, const uint16_t *in, int w, int h, int c, uint32_t *out,
             sw_error *err);

/* The exact (unwrapped) table from a wrapped one, for output files: 64-bit sums. */
void sat_unwrap(const uint32_t *sat, int w, int h, int c, uint64_t *out);

/* Box sum over columns x0..x1 and rows y0..y1 (inclusive, clamped to the image),
 * channel ch, from a wrapped table: exact while the true sum is below 2^32. */
uint32_t sat_box_sum(const uint32_t *sat, int w, int h, int c, int ch, int x0, int y0, int x1, int y1);

/* Backend entry points (sat_host checks arguments and dispatches). The host images
 * here are RGBA already: w*h uint32 quadruples. */
/* sat_cpu_rgba: prim/sat_cpu.h. */
int sat_gl_host_rgba(sat_variant v, const uint32_t *in4, int w, int h, uint32_t *out4, sw_error *err);
int sat_cuda_host_rgba(sat_variant v, const uint32_t *in4, int w, int h, uint32_t *out4, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
