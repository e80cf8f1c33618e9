/* The depth-of-field gather over device pointers (the library's entry,
 * include/scanworks/dof.h; gather_ptr.cu): RGBA8 picture, float depth map and the SAT
 * of sw_sat_device (w*h uint32 quadruples, scale 1) in device memory, RGBA8 out. */
#ifndef SCANWORKS_KERNELS_DOF_GATHER_PTR_H
#define SCANWORKS_KERNELS_DOF_GATHER_PTR_H

#include <cuda_runtime_api.h>
#include <stdint.h>
#include "dof/dof_params.h"
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dof_ptr_args {
    const uint32_t *sat;     /* w*h RGBA quadruples of wrapped sums, 16-byte aligned */
    const uint8_t *rgba;     /* w*h RGBA8, 4-byte aligned */
    const float *depth;      /* w*h */
    uint8_t *out;            /* w*h RGBA8, 4-byte aligned */
    int w, h;
    dof_params p;            /* its scale is the table's (1 for 8-bit values) */
} dof_ptr_args;

/* The kernel for A's gather (dof_ptr_args by value, a thread a pixel in blocks of
 * DOF_NEAR_TILE_W x _H), and its launch (src/prim/dof_plan_cuda.c). */
const void *dof_cuda_gather_ptr_kernel(const dof_ptr_args *a);
int dof_cuda_gather_ptr(const dof_ptr_args *a, cudaStream_t stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
