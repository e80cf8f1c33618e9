/* For the *_cuda.c host files of the graph module (C, CUDA runtime API): a checked
 * call macro, device allocation with a message, event timing, and the change word of
 * the seed's edge-parallel rounds. */
#ifndef SCANWORKS_GRAPH_GRAPH_CUDA_H
#define SCANWORKS_GRAPH_GRAPH_CUDA_H

#include <cuda_runtime_api.h>
#include "kernels/common/cuda_util.cuh"
#include "util/error.h"

#define GCUDA_TRY(call, err)                                                                     \
    do {                                                                                         \
        cudaError_t gcuda_e_ = (call);                                                           \
        if (gcuda_e_ != cudaSuccess)                                                             \
            return sw_fail((err), "%s failed: %s (%s:%d)", #call, cudaGetErrorString(gcuda_e_),  \
                           __FILE__, __LINE__);                                                  \
    } while (0)

/* cuda_alloc (kernels/common/cuda_util.cuh) for any pointer type. */
static inline int gcuda_alloc(void *pp, size_t bytes, const char *what, sw_error *err)
{
    return cuda_alloc((void **)pp, bytes, what, err);
}

static inline int gcuda_upload(void *pp, const void *host, size_t bytes, const char *what, sw_error *err)
{
    if (gcuda_alloc(pp, bytes, what, err)) return -1;
    if (bytes) GCUDA_TRY(cudaMemcpy(*(void **)pp, host, bytes, cudaMemcpyHostToDevice), err);
    return 0;
}

/* Records STOP on the default stream, waits for it and gives the time since START. */
static inline int gcuda_elapsed_ms(cudaEvent_t start, cudaEvent_t stop, double *ms, sw_error *err)
{
    float f = 0;
    GCUDA_TRY(cudaEventRecord(stop, 0), err);
    GCUDA_TRY(cudaEventSynchronize(stop), err);
    GCUDA_TRY(cudaEventElapsedTime(&f, start, stop), err);
    *ms = f;
    return 0;
}

/* The seed's edge-parallel kernels (BFS edge-parallel, Bellman-Ford) go over every
 * edge once per round and write the round's number ITER to the device word MODIF when
 * they change anything; the rounds go on until one changes nothing. Reset MODIF
 * before round 0; after each round, gcuda_modif_changed says whether to go on. */
static inline int gcuda_modif_reset(int *modif, sw_error *err)
{
    GCUDA_TRY(cudaMemset(modif, 0xff, sizeof(int)), err);   /* -1: no round yet */
    return 0;
}

/* *CHANGED: whether round ITER changed anything (waits for the round). */
static inline int gcuda_modif_changed(const int *modif, int iter, int *changed, sw_error *err)
{
    int m;
    GCUDA_TRY(cudaMemcpy(&m, modif, sizeof m, cudaMemcpyDeviceToHost), err);
    *changed = m == iter;
    return 0;
}

#endif
