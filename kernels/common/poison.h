/* Poison for the check that no kernel reads an intermediate before its writer is done
 * (SCANWORKS_CUDA_POISON, src/dof/sat_cuda.c): every bit set, a NaN as a float or a
 * half, a count no table holds as an integer. A kernel that reads too early then shows
 * it in its output, where it would otherwise read the frame before's values, which are
 * often the same. */
#ifndef SCANWORKS_KERNELS_COMMON_POISON_H
#define SCANWORKS_KERNELS_COMMON_POISON_H

#include <cuda_runtime_api.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Every bit of the W x H elements of surface S set, ELEM_BYTES (4, 8 or 16) each, on STREAM. */
int cuda_poison_surface(cudaSurfaceObject_t s, int w, int h, int elem_bytes, cudaStream_t stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
