/* EGL syncs between GL and CUDA (see sat_egl_sync.h). */
#include "gl/gl.h"
#include "dof/sat_egl_sync.h"

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gfx/context.h"
#include "kernels/common/cuda_util.cuh"

typedef CUresult (*event_from_egl_fn)(CUevent *, void *, unsigned int);
static event_from_egl_fn event_from_egl;

bool sat_egl_sync_wanted(void)
{
    const char *v = getenv("SCANWORKS_EXTERNAL_SYNC");
    return v && !strcmp(v, "egl");
}

bool sat_egl_sync_init(sat_egl_sync *s, char *why, size_t size)
{
    memset(s, 0, sizeof *s);
    EGLDisplay dpy = eglGetCurrentDisplay();
    if (dpy == EGL_NO_DISPLAY) {
        snprintf(why, size, "no current EGL display (a GLX window)");
        return false;
    }
    const char *exts = eglQueryString(dpy, EGL_EXTENSIONS);
    static const char *const need[] = {"EGL_KHR_fence_sync", "EGL_KHR_wait_sync", "EGL_NV_cuda_event"};
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
        if (!gfx_has_extension(exts, need[i])) {
            snprintf(why, size, "the EGL display lacks %s", need[i]);
            return false;
        }
    if (!event_from_egl) {
        void *fn = NULL;
        enum cudaDriverEntryPointQueryResult q = cudaDriverEntryPointSymbolNotFound;
        if (cudaGetDriverEntryPointByVersion("cuEventCreateFromEGLSync", &fn, 9000, cudaEnableDefault, &q) != cudaSuccess ||
            q != cudaDriverEntryPointSuccess || !fn) {
            cudaGetLastError();
            snprintf(why, size, "the CUDA driver has no cuEventCreateFromEGLSync");
            return false;
        }
        memcpy(&event_from_egl, &fn, sizeof fn);
    }
    for (int i = 0; i < SAT_EGL_SYNC_RING; i++)
        if (cudaEventCreateWithFlags(&s->cuda_done[i], cudaEventDisableTiming) != cudaSuccess) {
            cudaGetLastError();
            sat_egl_sync_destroy(s);
            snprintf(why, size, "cannot create CUDA events");
            return false;
        }
    s->display = dpy;
    s->on = true;
    return true;
}

/* Slot I's syncs, once the CUDA work recorded after them is done. */
static void release_slot(sat_egl_sync *s, int i)
{
    if (!s->used[i]) return;
    if (cudaEventSynchronize(s->cuda_done[i]) != cudaSuccess) cudaGetLastError();   /* frames old: done */
    if (s->gl_fence_event[i]) cudaEventDestroy(s->gl_fence_event[i]);   /* before its EGL sync goes */
    if (s->gl_fence[i]) eglDestroySync(s->display, s->gl_fence[i]);
    if (s->cuda_sync[i]) eglDestroySync(s->display, s->cuda_sync[i]);
    s->gl_fence_event[i] = NULL;
    s->gl_fence[i] = s->cuda_sync[i] = NULL;
    s->used[i] = false;
    cudaGetLastError();
}

void sat_egl_sync_destroy(sat_egl_sync *s)
{
    for (int i = 0; i < SAT_EGL_SYNC_RING; i++) {
        release_slot(s, i);
        if (s->cuda_done[i]) cudaEventDestroy(s->cuda_done[i]);
    }
    cudaGetLastError();
    memset(s, 0, sizeof *s);
}

int sat_egl_sync_gl_to_cuda(sat_egl_sync *s, cudaStream_t stream, sw_error *err)
{
    int i = s->next;
    release_slot(s, i);
    s->used[i] = true;
    EGLSync fence = eglCreateSync(s->display, EGL_SYNC_FENCE, NULL);
    if (fence == EGL_NO_SYNC) return sw_fail(err, "eglCreateSync(EGL_SYNC_FENCE) failed (EGL error 0x%x)", eglGetError());
    s->gl_fence[i] = fence;
    glFlush();   /* the fence must reach the GPU, or the stream waits for ever */
    CUevent ev = NULL;
    CUresult r = event_from_egl(&ev, fence, CU_EVENT_DEFAULT);
    if (r != CUDA_SUCCESS || !ev) return sw_fail(err, "cuEventCreateFromEGLSync failed (CUresult %d)", (int)r);
    s->gl_fence_event[i] = (cudaEvent_t)ev;
    CUDA_TRY(cudaStreamWaitEvent(stream, (cudaEvent_t)ev, 0), err);
    return 0;
}

int sat_egl_sync_cuda_to_gl(sat_egl_sync *s, cudaStream_t stream, sw_error *err)
{
    int i = s->next;
    s->next = (i + 1) % SAT_EGL_SYNC_RING;
    CUDA_TRY(cudaEventRecord(s->cuda_done[i], stream), err);
    const EGLAttrib attrs[] = {EGL_CUDA_EVENT_HANDLE_NV, (EGLAttrib)(uintptr_t)s->cuda_done[i], EGL_NONE};
    EGLSync sync = eglCreateSync(s->display, EGL_SYNC_CUDA_EVENT_NV, attrs);
    if (sync == EGL_NO_SYNC)
        return sw_fail(err, "eglCreateSync(EGL_SYNC_CUDA_EVENT_NV) failed (EGL error 0x%x)", eglGetError());
    s->cuda_sync[i] = sync;
    if (!eglWaitSync(s->display, sync, 0)) return sw_fail(err, "eglWaitSync failed (EGL error 0x%x)", eglGetError());
    return 0;
}
