/* GPU-side ordering for the external-memory hand-over through EGL, in place of its two
 * host waits (opt-in while unmeasured: SCANWORKS_EXTERNAL_SYNC=egl):
 *   GL to CUDA: an EGL fence after GL's copy in, made a CUDA event
 *               (cuEventCreateFromEGLSync) that the stream waits on;
 *   CUDA to GL: a CUDA event after the copy out, made an EGL sync (EGL_NV_cuda_event)
 *               that GL waits on with eglWaitSync.
 * With neither wait on the host the CPU records the next frame's GL work while the GPU
 * runs this frame's CUDA part. Each frame's syncs are kept for SAT_EGL_SYNC_RING frames
 * and freed once the CUDA work after them is done. Compiled only in builds with CUDA. */
#ifndef SCANWORKS_DOF_SAT_EGL_SYNC_H
#define SCANWORKS_DOF_SAT_EGL_SYNC_H

#include <cuda_runtime_api.h>
#include <stdbool.h>
#include <stddef.h>

#include "util/error.h"

#define SAT_EGL_SYNC_RING 4

typedef struct sat_egl_sync {
    bool on;
    void *display;                              /* EGLDisplay */
    void *gl_fence[SAT_EGL_SYNC_RING];          /* EGLSync: GL's copy in is done */
    cudaEvent_t gl_fence_event[SAT_EGL_SYNC_RING];   /* the CUDA event made of it */
    cudaEvent_t cuda_done[SAT_EGL_SYNC_RING];   /* recorded after the copy out */
    void *cuda_sync[SAT_EGL_SYNC_RING];         /* EGLSync made of it */
    bool used[SAT_EGL_SYNC_RING];
    int next;
} sat_egl_sync;

/* Whether SCANWORKS_EXTERNAL_SYNC asks for it ("egl"; "host", unset: no). */
bool sat_egl_sync_wanted(void);
/* Turns it on if the EGL display and the CUDA driver have what it needs; else WHY. */
bool sat_egl_sync_init(sat_egl_sync *s, char *why, size_t size);
void sat_egl_sync_destroy(sat_egl_sync *s);
/* After GL's copy in: STREAM waits (on the GPU) for GL's work so far. */
int sat_egl_sync_gl_to_cuda(sat_egl_sync *s, cudaStream_t stream, sw_error *err);
/* After CUDA's copy out: GL waits (on the GPU) for STREAM's work so far. */
int sat_egl_sync_cuda_to_gl(sat_egl_sync *s, cudaStream_t stream, sw_error *err);

#endif
