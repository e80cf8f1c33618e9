/* For the *_cuda.c host files of the graph module (C, CUDA runtime API): a checked
 * call macro, device allocation with a message, and event timing. */
#ifndef SCANWORKS_GRAPH_GRAPH_CUDA_H
#define SCANWORKS_GRAPH_GRAPH_CUDA_H

#include <cuda_runtime_api.h>
#include "util/error.h"

#define GCUDA_TRY(call, err)                                                                     \
    do {                                                                                         \
        cudaError_t gcuda_e_ = (call);                                                           \
        if (gcuda_e_ != cudaSuccess)                                                             \
            return sw_fail((err), "%s failed: %s (%s:%d)", #call, cudaGetErrorString(gcuda_e_),  \
                           __FILE__, __LINE__);                                                  \
    } while (0)

static inline int gcuda_alloc(void *pp, size_t bytes, const char *what, sw_error *err)
{
    void **p = (void **)pp;
    cudaError_t e = cudaMalloc(p, bytes ? bytes : 1);
    if (e != cudaSuccess) {
        cudaGetLastError();
        *p = NULL;
        return sw_fail(err, "GPU memory: cannot allocate %.1f MiB for %s (%s)", bytes / 1048576.0, what,
                       cudaGetErrorString(e));
    }
    return 0;
}

static inline int gcuda_upload(void *pp, const void *host, size_t bytes, const char *what, sw_error *err)
{
    if (gcuda_alloc(pp, bytes, what, err)) return -1;
    if (bytes) GCUDA_TRY(cudaMemcpy(*(void **)pp, host, bytes, cudaMemcpyHostToDevice), err);
    return 0;
}

#endif
