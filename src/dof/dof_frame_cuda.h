/* The CUDA DoF of one frame, around the table's build (src/dof/sat_cuda.c builds the
 * table between the two halves): what it keeps from frame to frame (the near field's
 * scratch, the layer tables, the half-size images) and the order of its kernels, all on
 * the frame's stream (a second stream for the near field's steps made GL wait a frame at
 * the unmap: docs/perf/dof.md).
 *   before the table: at half size, the downsample (it also writes the near field's
 *     sample grid, step 0 of its tile pass, as it makes the half depth), or, where the
 *     table's build takes it, the downsample as the table's first kernel;
 *   after the table: the layer tables, the near field's remaining steps and the gather,
 *     at half size the composite. */
#ifndef SCANWORKS_DOF_DOF_FRAME_CUDA_H
#define SCANWORKS_DOF_DOF_FRAME_CUDA_H

#include <stdbool.h>
#include <stddef.h>
#include <cuda_runtime_api.h>
#include "dof/dof_half_cuda.h"
#include "dof/dof_layers_cuda.h"
#include "kernels/dof/gather.h"
#include "kernels/dof/half.h"
#include "util/error.h"

typedef struct dof_frame_cuda {
    dof_cuda_layers layers;   /* the gather's layer tables (p.layers), made on first use */
    dof_cuda_half half;       /* the half DoF's images (p.half), made on first use */
    void *near_cols;          /* the near field's scratch (gather.h: column values, sample grid) */
    size_t near_cols_bytes;
    /* this frame's, from dof_frame_cuda_before to dof_frame_cuda_after */
    bool poison;              /* poison the DoF's intermediates first (SCANWORKS_CUDA_POISON) */
    bool on_half;
    int steps_done;           /* the near field's steps queued already (DOF_NEAR_STEP_*) */
    dof_cuda_half_args ha;
    dof_cuda_args a;          /* all but the table's fields (sat, alpha_const, split) */
} dof_frame_cuda;

/* Frees everything (a zeroed F too), once the stream that used it is done. */
void dof_frame_cuda_free(dof_frame_cuda *f);

/* What the frame's table is built from, as dof_frame_cuda_before leaves it. */
typedef struct dof_frame_table {
    cudaTextureObject_t color;   /* the half colour at half size, else the frame's COLOR */
    int w, h;                    /* its size */
    bool after_kernel;           /* the downsample was the last kernel queued (sat_cuda_src.after_kernel) */
    /* the downsample fused into the table's first kernel, left for the build to launch
     * (sat_cuda_src.producer and producer_arg), or NULL */
    const void *producer, *producer_arg;
} dof_frame_table;

/* The frame's DoF of P (its scale the table's) over COLOR and DEPTH into OUT, W x H,
 * ALPHA the colour's constant fourth channel (or < 0): the kernels before the table, on
 * STREAM, and what the table is built from, into *TABLE. At half size the downsample is
 * left to the table's build where FUSE_DOWN says it takes a producer of its input
 * (sat_cuda_takes_producer) and no DOWN_EVENT is asked for; else it is queued here,
 * after DOWN_EVENT where not NULL. */
int dof_frame_cuda_before(dof_frame_cuda *f, const dof_params *p, cudaTextureObject_t color, cudaTextureObject_t depth,
                          cudaSurfaceObject_t out, int w, int h, float alpha, bool fuse_down, cudaStream_t stream,
                          cudaEvent_t down_event, dof_frame_table *table, sw_error *err);
/* The kernels after the table SAT (ALPHA_CONST and SPLIT: sat_cuda_rgb_path's and
 * sat_cuda_split_table's answers), on STREAM; SCRATCH is the table build's (the layer
 * tables use it). */
int dof_frame_cuda_after(dof_frame_cuda *f, const void *sat, int alpha_const, int split, sat_cuda_scratch *scratch,
                         cudaStream_t stream, sw_error *err);

#endif
