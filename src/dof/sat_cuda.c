/* The cuda backend of the SAT: host arrays (for the CLI and tests) and the frame path
 * through CUDA-GL interop. Compiled only in builds with CUDA. */
#include "gfx/gl.h"
#include "dof/sat_frame.h"

#include <cuda_gl_interop.h>
#include <cuda_runtime_api.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* kernels/sat.h: angle brackets skip this folder's own dof/sat.h */
#include <sat.h>

#define TRY(call)                                                                                         \
    do {                                                                                                  \
        cudaError_t e_ = (call);                                                                          \
        if (e_ != cudaSuccess) {                                                                          \
            cudaGetLastError();                                                                           \
            return sw_fail(err, "%s failed: %s", #call, cudaGetErrorString(e_));                          \
        }                                                                                                 \
    } while (0)

static int to_cuda_variant(sat_variant v) { return v == SAT_TILED ? SAT_CUDA_TILED : SAT_CUDA_THREE_PASS; }

int sat_cuda_host_rgba(sat_variant v, const uint32_t *in4, int w, int h, uint32_t *out4, sw_error *err)
{
    size_t bytes = (size_t)w * h * 16;
    void *d_in = NULL, *d_out = NULL;
    sat_cuda_scratch s = {0};
    int rc = -1;
    cudaError_t e;
    if (cudaMalloc(&d_in, bytes) != cudaSuccess || cudaMalloc(&d_out, bytes) != cudaSuccess) {
        cudaGetLastError();
        sw_fail(err, "GPU memory: cannot allocate 2 x %.1f MiB for the SAT", bytes / 1048576.0);
        goto done;
    }
    if ((e = cudaMemcpy(d_in, in4, bytes, cudaMemcpyHostToDevice)) != cudaSuccess) {
        sw_fail(err, "copying the SAT input to the GPU: %s", cudaGetErrorString(e));
        goto done;
    }
    sat_cuda_src src = {0, d_in, 1.0f};
    if (sat_cuda_build(to_cuda_variant(v), &src, d_out, w, h, &s, 0, NULL, err)) goto done;
    if ((e = cudaMemcpy(out4, d_out, bytes, cudaMemcpyDeviceToHost)) != cudaSuccess) {
        sw_fail(err, "SAT kernels or copy back failed: %s", cudaGetErrorString(e));
        goto done;
    }
    rc = 0;
done:
    cudaGetLastError();
    cudaFree(d_in);
    cudaFree(d_out);
    sat_cuda_scratch_free(&s);
    return rc;
}

/* ---- the frame path --------------------------------------------------------------- */

#define EVENTS (SAT_CUDA_MAX_STAGES + 1)

typedef struct sat_interop {
    GLuint tex, buf;
    int w, h;
    cudaGraphicsResource_t res[2];   /* colour texture, SAT buffer */
    cudaStream_t stream;
    cudaEvent_t ev[2][EVENTS];
    bool pending[2];
    int pending_variant[2];
    cudaTextureObject_t tex_obj[2];  /* destroyed once the frame that used it is done */
    long frame;
    sat_cuda_scratch scratch;
} sat_interop;

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec * 1e-6;
}

static void unregister(sat_interop *io)
{
    for (int i = 0; i < 2; i++)
        if (io->res[i]) cudaGraphicsUnregisterResource(io->res[i]);
    io->res[0] = io->res[1] = NULL;
    io->tex = io->buf = 0;
    cudaGetLastError();
}

void sat_interop_release(void **state)
{
    sat_interop *io = *state;
    if (!io) return;
    cudaStreamSynchronize(io->stream);
    for (int s = 0; s < 2; s++)
        if (io->tex_obj[s]) cudaDestroyTextureObject(io->tex_obj[s]);
    unregister(io);
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < EVENTS; i++) cudaEventDestroy(io->ev[s][i]);
    cudaStreamDestroy(io->stream);
    sat_cuda_scratch_free(&io->scratch);
    cudaGetLastError();
    free(io);
    *state = NULL;
}

static int create(sat_interop **out, sw_error *err)
{
    sat_interop *io = sw_calloc(1, sizeof *io, "SAT interop state", err);
    if (!io) return -1;
    *out = io;
    TRY(cudaStreamCreateWithFlags(&io->stream, cudaStreamNonBlocking));
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < EVENTS; i++) TRY(cudaEventCreate(&io->ev[s][i]));
    return 0;
}

/* Kernel times of the frame before, now that they are surely done. */
static void report_previous(sat_interop *io, gpu_timer *timer)
{
    int slot = (int)((io->frame + 1) % 2);
    if (!io->pending[slot]) return;
    io->pending[slot] = false;
    if (cudaEventSynchronize(io->ev[slot][EVENTS - 1]) != cudaSuccess) {
        cudaGetLastError();
        return;
    }
    const char *const *names;
    int n = sat_cuda_stage_names(io->pending_variant[slot], &names);
    for (int i = 0; i < n; i++) {
        float ms = 0;
        if (cudaEventElapsedTime(&ms, io->ev[slot][i], io->ev[slot][i + 1]) != cudaSuccess) cudaGetLastError();
        if (timer) gpu_timer_add(timer, names[i], ms);
    }
}

int sat_interop_build(void **state, sat_variant v, GLuint color_tex, GLuint out_buffer, int w, int h,
                      float scale, gpu_timer *timer, sw_error *err)
{
    if (!*state && create((sat_interop **)state, err)) {
        sat_interop_release(state);
        return -1;
    }
    sat_interop *io = *state;
    if (io->tex != color_tex || io->buf != out_buffer || io->w != w || io->h != h) {
        TRY(cudaStreamSynchronize(io->stream));
        for (int s = 0; s < 2; s++) {
            if (io->tex_obj[s]) cudaDestroyTextureObject(io->tex_obj[s]);
            io->tex_obj[s] = 0;
        }
        unregister(io);
        TRY(cudaGraphicsGLRegisterImage(&io->res[0], color_tex, GL_TEXTURE_2D, cudaGraphicsRegisterFlagsReadOnly));
        TRY(cudaGraphicsGLRegisterBuffer(&io->res[1], out_buffer, cudaGraphicsRegisterFlagsWriteDiscard));
        io->tex = color_tex;
        io->buf = out_buffer;
        io->w = w;
        io->h = h;
    }
    int slot = (int)(io->frame % 2);
    if (io->tex_obj[slot]) {
        cudaEventSynchronize(io->ev[slot][EVENTS - 1]);
        cudaDestroyTextureObject(io->tex_obj[slot]);
        io->tex_obj[slot] = 0;
        cudaGetLastError();
    }
    int variant = to_cuda_variant(v);

    double t0 = now_ms();
    TRY(cudaGraphicsMapResources(2, io->res, io->stream));   /* one call for both */
    double t1 = now_ms();
    if (timer) gpu_timer_add(timer, "map", t1 - t0);
    report_previous(io, timer);   /* the kernel stages, one frame late */

    cudaArray_t array;
    void *ptr;
    size_t size;
    cudaTextureObject_t tex = 0;
    int rc = -1;
    cudaError_t e;
    if ((e = cudaGraphicsSubResourceGetMappedArray(&array, io->res[0], 0, 0)) != cudaSuccess ||
        (e = cudaGraphicsResourceGetMappedPointer(&ptr, &size, io->res[1])) != cudaSuccess) {
        sw_fail(err, "reading the mapped resources: %s", cudaGetErrorString(e));
    } else if (size < (size_t)w * h * 16) {
        sw_fail(err, "SAT buffer holds %zu bytes, %dx%d needs %zu", size, w, h, (size_t)w * h * 16);
    } else {
        struct cudaResourceDesc rd;
        memset(&rd, 0, sizeof rd);
        rd.resType = cudaResourceTypeArray;
        rd.res.array.array = array;
        struct cudaTextureDesc td;
        memset(&td, 0, sizeof td);
        td.addressMode[0] = td.addressMode[1] = cudaAddressModeClamp;
        td.filterMode = cudaFilterModePoint;
        td.readMode = cudaReadModeElementType;
        td.normalizedCoords = 0;
        if ((e = cudaCreateTextureObject(&tex, &rd, &td, NULL)) != cudaSuccess) {
            sw_fail(err, "texture object over the colour texture: %s", cudaGetErrorString(e));
        } else {
            sat_cuda_src src = {tex, NULL, scale};
            rc = sat_cuda_build(variant, &src, ptr, w, h, &io->scratch, io->stream, io->ev[slot], err);
        }
    }
    double t2 = now_ms();
    e = cudaGraphicsUnmapResources(2, io->res, io->stream);
    if (timer) gpu_timer_add(timer, "unmap", now_ms() - t2);
    io->tex_obj[slot] = tex;
    if (e != cudaSuccess && !rc) rc = sw_fail(err, "unmapping: %s", cudaGetErrorString(e));
    cudaGetLastError();
    if (!rc) {
        io->pending[slot] = true;
        io->pending_variant[slot] = variant;
    }
    io->frame++;
    return rc;
}
