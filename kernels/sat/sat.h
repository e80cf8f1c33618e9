/* CUDA summed-area-table kernels behind C launchers (see src/dof/sat.h for the
 * representation: 16-bit quantized values, uint32 sums modulo 2^32, RGBA as uint4). */
#ifndef SCANWORKS_KERNELS_SAT_H
#define SCANWORKS_KERNELS_SAT_H

#include <stddef.h>
#include <cuda_runtime_api.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#ifdef __CUDACC__
#define SAT_SPLIT_FN __host__ __device__ static inline
#else
#define SAT_SPLIT_FN static inline
#endif
/* The two-plane table (sat_cuda_src.split): N = (w + 1)(h + 1) elements a plane, the
 * uint2 plane first, the uint32 plane from word 2N; 12 bytes an element in all. Its
 * writer (the tile write), its reader (the CUDA gather) and the host's size check
 * take the layout from here. */
SAT_SPLIT_FN size_t sat_split_plane_elems(int w, int h) { return (size_t)(w + 1) * (size_t)(h + 1); }
SAT_SPLIT_FN size_t sat_split_index(int w, int x, int y) { return (size_t)(y + 1) * (size_t)(w + 1) + (size_t)(x + 1); }
SAT_SPLIT_FN size_t sat_cuda_split_bytes(int w, int h) { return sat_split_plane_elems(w, h) * 12; }

/* Where the pixels come from: a texture object over a float/half RGBA array
 * (quantized as min(round(max(v,0) * scale), 65535)), or, when rgba_u32 is set,
 * w*h uint4 values already quantized in device memory. */
typedef struct sat_cuda_src {
    cudaTextureObject_t tex;
    const void *rgba_u32;
    float scale;
    /* alpha_const: the texture's fourth channel is ALPHA at every pixel (an opaque
     * frame). tiled-v2 then computes that channel of the table instead of scanning it,
     * and scans the other three packed (kernels/sat/sat_v2_rgb.cu): the same table. */
    int alpha_const;
    float alpha;
    /* split (with alpha_const, for a table that only the CUDA gather reads): the
     * three-channel kernels write it as two planes of (w+1) x (h+1) elements, uint2
     * (R, G) and then uint32 (B), 12 bytes a pixel instead of 16, with a first row and
     * column of zeros (the table at x or y = -1), so that a box corner needs no test
     * (sat_split_index). sat_cuda_split_table says whether a build wrote it; it needs
     * sat_cuda_split_bytes. */
    int split;
} sat_cuda_src;

typedef struct sat_cuda_scratch {
    void *buf;
    size_t bytes;
} sat_cuda_scratch;

#define SAT_CUDA_MAX_STAGES 4
#define SAT_CUDA_THREE_PASS 0     /* the chapter's: row scan, transpose, row scan, transpose */
#define SAT_CUDA_TILED_V2 1       /* production: 32x32 tiles, carries in one kernel, overlapped launches */
#define SAT_CUDA_VARIANTS 2

/* src/prim/sat_plan_cuda.c (the rest of its entries: src/prim/sat_plan_cuda.h): S grown
 * to the scratch either variant needs at w x h (allocating only when S->bytes is less: a
 * caller's buffer of that size is used as it is); the inclusive SAT of SRC into OUT (w*h
 * uint4, row 0 first) on STREAM. When EV is not NULL it holds stage_count+1 events: ev[i]
 * is recorded before stage i, ev[stage_count] after the last. */
int sat_cuda_scratch_ensure(sat_cuda_scratch *s, int w, int h, sw_error *err);
int sat_cuda_build(int variant, const sat_cuda_src *src, void *out, int w, int h, sat_cuda_scratch *s,
                   cudaStream_t stream, cudaEvent_t *ev, sw_error *err);
/* tiled-v2's three kernels (kernels/sat/sat_v2.cu; src/prim/sat_v2_plan_cuda.c launches
 * them): [0] four channels, [1] three (the tile sums' packed layout, sat_v2_rgb.cu's tile
 * write); the carries [0] batched, [1] in one trip (two threads a column, up to
 * ONE_TRIP_TY tile rows). Arguments: sums (sat_cuda_src, uint4 *R, *C, *T, int w, h) on
 * TILE x TILE tiles, blocks of 32 x 8; carries (uint4 *R, unsigned *C, const uint4 *T,
 * uint4 *A, int w, h, tx, ty, row_blocks, col_blocks), CARRY_THREADS a block; write
 * (sat_cuda_src, const uint4 *L, *V, *A, uint4 *out, int w, h), as the sums. */
typedef struct sat_v2_kernels {
    const void *sums[2], *carries[2], *write[2];
    int tile, carry_threads, one_trip_ty;
} sat_v2_kernels;
void sat_v2_kernels_get(sat_v2_kernels *k);
const void *sat_v2_write_rgb_kernel(void);

/* three-pass's kernels (sat.cu; sat_plan_cuda.c launches them): the row scan (sat_cuda_src
 * src, uint4 *out, int len), a block of SAT_K_ROW_THREADS a row; TRANSPOSE: (const uint4
 * *in, uint4 *out, int rows, int cols), blocks of 32 x 8 on SAT_K_TILE-square tiles. */
#define SAT_K_ROW_THREADS 256
#define SAT_K_TILE 32
const void *sat_three_pass_kernel(int transpose);

#ifdef __cplusplus
}
#endif

#endif
