/* The GPU's nanosecond clock (%globaltimer) read by a one-thread kernel in stream order, so
 * its value says when the stream got there. On NVIDIA's drivers GL_TIMESTAMP counts the
 * same clock; src/dof/handover_clock_cuda.c checks that rather than assuming it. */
#ifndef SCANWORKS_KERNELS_COMMON_GLOBALTIMER_H
#define SCANWORKS_KERNELS_COMMON_GLOBALTIMER_H

#include <cuda_runtime_api.h>
#include "util/error.h"

/* Writes the clock into *DST (device memory, or mapped host memory) once the stream gets here. */
#ifdef __cplusplus
extern "C"
#endif
int cuda_stamp_globaltimer(unsigned long long *dst, cudaStream_t stream, sw_error *err);

#endif
