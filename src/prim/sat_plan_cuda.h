/* The CUDA SATs' host side (sat_plan_cuda.c) beside the two entries the DoF layers call
 * (kernels/sat/sat.h): the variants' names and stages, the scratch, the checks. */
#ifndef SCANWORKS_PRIM_SAT_PLAN_CUDA_H
#define SCANWORKS_PRIM_SAT_PLAN_CUDA_H

#include <stddef.h>
#include "kernels/sat/sat.h"

#ifdef __cplusplus
extern "C" {
#endif

/* "three-pass", "tiled-v2" ("?" out of range). */
const char *sat_cuda_variant_name(int variant);
/* Stage names of a variant (static strings; NULL for a stage with no kernel in it,
 * whose events are recorded but not reported); returns how many. */
int sat_cuda_stage_names(int variant, const char *const **names);
/* The scratch either variant needs at w x h, in bytes (sat_cuda_scratch_ensure grows to it). */
size_t sat_cuda_scratch_bytes(int w, int h);
void sat_cuda_scratch_free(sat_cuda_scratch *s);
/* Whether tiled-v2 takes the three-channel kernels for SRC (a texture with a constant
 * fourth channel, unless SCANWORKS_SAT_ALPHA=scan): 1 or 0, -1 for a bad setting; and
 * whether sat_cuda_build of VARIANT from SRC writes the two-plane table. */
int sat_cuda_rgb_path(const sat_cuda_src *src, sw_error *err);
int sat_cuda_split_table(int variant, const sat_cuda_src *src);
/* Whether sat_cuda_build of VARIANT from SRC can take a producer of its input
 * (sat_cuda_src.producer): tiled-v2's three-channel path. */
int sat_cuda_takes_producer(int variant, const sat_cuda_src *src);
/* tiled-v2 (sat_v2_plan_cuda.c) into OUT with SCRATCH (R, C, T, A); RGB: sat_cuda_rgb_path's
 * answer. */
int sat_cuda_build_v2(const sat_cuda_src *src, int rgb, void *out, int w, int h, void *scratch, cudaStream_t stream,
                      sw_error *err);
/* three-pass's kernels: ROWS rows of SRC, each LEN long, scanned into OUT (in place
 * allowed); OUT (cols x rows) = transpose of IN (rows x cols), uint4 elements. */
int sat_cuda_row_scan(const sat_cuda_src *src, void *out, int len, int rows, cudaStream_t stream, sw_error *err);
int sat_cuda_transpose(const void *in, void *out, int rows, int cols, cudaStream_t stream, sw_error *err);
/* sat_cuda_build's checks of the variant and the size, and its scratch. */
int sat_cuda_check(int variant, int w, int h, sat_cuda_scratch *s, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
