/* The device time of a stretch of host calls that work on CUDA's legacy default stream
 * (a host-array primitive: copies and kernels), between two CUDA events, for a panel's
 * HUD time. Without CUDA, panel_cuda_span_end returns -1 and no time. */
#ifndef SCANWORKS_PANELS_PANEL_CUDA_SPAN_H
#define SCANWORKS_PANELS_PANEL_CUDA_SPAN_H

#include <stdbool.h>

#if SCANWORKS_HAVE_CUDA
#include <cuda_runtime.h>
#endif

typedef struct panel_cuda_span {
#if SCANWORKS_HAVE_CUDA
    cudaEvent_t ev[2];
#endif
    bool started;
} panel_cuda_span;

static inline void panel_cuda_span_begin(panel_cuda_span *s)
{
    s->started = false;
#if SCANWORKS_HAVE_CUDA
    if (cudaEventCreate(&s->ev[0]) != cudaSuccess) {
        cudaGetLastError();
        return;
    }
    if (cudaEventCreate(&s->ev[1]) != cudaSuccess) {
        cudaEventDestroy(s->ev[0]);
        cudaGetLastError();
        return;
    }
    s->started = cudaEventRecord(s->ev[0], 0) == cudaSuccess;
    if (!s->started) {
        cudaEventDestroy(s->ev[0]);
        cudaEventDestroy(s->ev[1]);
        cudaGetLastError();
    }
#endif
}

/* 0 and *MS the device time since begin, or -1 (no CUDA, or an event failed). */
static inline int panel_cuda_span_end(panel_cuda_span *s, double *ms)
{
    if (!s->started) return -1;
    s->started = false;
#if SCANWORKS_HAVE_CUDA
    float t = 0;
    bool ok = cudaEventRecord(s->ev[1], 0) == cudaSuccess && cudaEventSynchronize(s->ev[1]) == cudaSuccess &&
              cudaEventElapsedTime(&t, s->ev[0], s->ev[1]) == cudaSuccess;
    cudaEventDestroy(s->ev[0]);
    cudaEventDestroy(s->ev[1]);
    if (!ok) {
        cudaGetLastError();
        return -1;
    }
    *ms = t;
    return 0;
#else
    (void)ms;
    return -1;
#endif
}

#endif
