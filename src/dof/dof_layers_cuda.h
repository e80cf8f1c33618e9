/* The CUDA gather's layer tables (src/dof/dof_math.h, dof_layers_pixel): the frame's near
 * and far layers, premultiplied by their coverage (kernels/dof/layers.cu), each a
 * summed-area table built by the production SAT (tiled-v2). */
#ifndef SCANWORKS_DOF_LAYERS_CUDA_H
#define SCANWORKS_DOF_LAYERS_CUDA_H

#include <stddef.h>
#include <cuda_runtime_api.h>
#include "dof/dof_params.h"
#include "kernels/dof/layers.h"
#include "kernels/sat/sat.h"
#include "util/error.h"

typedef struct dof_cuda_layers {
    void *values;   /* the tables' input: near then far, w*h uint4 each */
    void *tables;   /* the tables, the same layout (dof_cuda_args.layers) */
    size_t bytes;   /* of each of the two allocations */
} dof_cuda_layers;

/* Builds both tables of COLOR (RGBA float or half, quantized with p->scale as the SAT
 * quantizes) over DEPTH (linear depth), w x h, on STREAM, into l->tables (grown as
 * needed), with SCRATCH (sat_cuda_scratch_ensure'd here). */
int dof_cuda_layers_build(dof_cuda_layers *l, cudaTextureObject_t color, cudaTextureObject_t depth,
                          const dof_params *p, int w, int h, sat_cuda_scratch *scratch, cudaStream_t stream,
                          sw_error *err);
void dof_cuda_layers_free(dof_cuda_layers *l);

#endif
