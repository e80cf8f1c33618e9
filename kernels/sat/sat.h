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
/* The two-plane table (sat_cuda_src.split): N = (w + 1)(h + 1) elements a plane, the uint2
 * plane first, the uint32 plane from word 2N, 12 bytes an element; its writer, its reader
 * (the CUDA gather) and the host's size check take the layout from here. */
SAT_SPLIT_FN size_t sat_split_plane_elems(int w, int h) { return (size_t)(w + 1) * (size_t)(h + 1); }
SAT_SPLIT_FN size_t sat_split_index(int w, int x, int y) { return (size_t)(y + 1) * (size_t)(w + 1) + (size_t)(x + 1); }
SAT_SPLIT_FN size_t sat_cuda_split_bytes(int w, int h) { return sat_split_plane_elems(w, h) * 12; }

/* Where the pixels come from: a texture object over a float/half RGBA array (quantized as
 * min(round(max(v,0) * scale), 65535)), or, when rgba_u32 is set, w*h quantized uint4. */
typedef struct sat_cuda_src {
    cudaTextureObject_t tex;
    const void *rgba_u32;
    float scale;
    /* alpha_const: the texture's fourth channel is ALPHA at every pixel (an opaque frame):
     * tiled-v2 computes that channel and scans the others packed (sat_v2_rgb.cu). */
    int alpha_const;
    float alpha;
    /* split (with alpha_const, for a table only the CUDA gather reads): the three-channel
     * kernels write the two-plane table (above: R, G, then B; 12 bytes a pixel, not 16) with
     * a first row and column of zeros (the table at x or y = -1), so that a box corner
     * needs no test. sat_cuda_split_table says whether a build wrote it. */
    int split;
    /* after_kernel: the build's first kernel launches as a programmatic dependent of the
     * kernel queued just before it, whose output it reads after waiting (pdl.cuh; the half
     * DoF's downsample). */
    int after_kernel;
    /* producer (tiled-v2's three-channel path: sat_cuda_takes_producer): a kernel that makes
     * the input TEX as it builds the tile sums, sat_v2_sums.cuh's sat_tile_sums_block over a
     * loader of its own (the half DoF's downsample, kernels/dof/half_sums.cu), with
     * parameters (PRODUCER_ARG's value, R, C, T, w, h); launched in place of the tile
     * sums, and the tile write, which reads TEX, launches once it is done. */
    const void *producer;
    const void *producer_arg;
} sat_cuda_src;

typedef struct sat_cuda_scratch {
    void *buf;
    size_t bytes;
} sat_cuda_scratch;

#define SAT_CUDA_MAX_STAGES 4
#define SAT_CUDA_THREE_PASS 0     /* the chapter's: row scan, transpose, row scan, transpose */
#define SAT_CUDA_TILED_V2 1       /* production: 32x32 tiles, carries in one kernel, overlapped launches */
#define SAT_CUDA_VARIANTS 2

/* The entries the DoF layers call, described in src/prim/sat_plan_cuda.c (its others: .h). */
int sat_cuda_scratch_ensure(sat_cuda_scratch *s, int w, int h, sw_error *err);
int sat_cuda_build(int variant, const sat_cuda_src *src, void *out, int w, int h, sat_cuda_scratch *s,
                   cudaStream_t stream, cudaEvent_t *ev, sw_error *err);
/* tiled-v2's kernels (sat_v2.cu; src/prim/sat_v2_plan_cuda.c launches them): sums and write
 * [0] four channels, [1] three, blocks of 32 x 8 a TILE x TILE tile; the carries [0]
 * batched, [1] in one trip (up to ONE_TRIP_TY tile rows), CARRY_THREADS a block. */
typedef struct sat_v2_kernels {
    const void *sums[2], *carries[2], *write[2];
    int tile, carry_threads, one_trip_ty;
} sat_v2_kernels;
void sat_v2_kernels_get(sat_v2_kernels *k);
const void *sat_v2_write_rgb_kernel(void);

/* three-pass's kernels (sat.cu; sat_plan_cuda.c launches them): the row scan, a block of
 * SAT_K_ROW_THREADS a row; TRANSPOSE: the transpose, blocks of 32 x 8, SAT_K_TILE square. */
#define SAT_K_ROW_THREADS 256
#define SAT_K_TILE 32
const void *sat_three_pass_kernel(int transpose);

#ifdef __cplusplus
}
#endif

#endif
