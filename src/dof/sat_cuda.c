/* The cuda backend of the SAT: host arrays (for the CLI and tests) and the frame path
 * through CUDA-GL interop. Compiled only in builds with CUDA. */
#include "gl/gl.h"
#include "dof/sat_frame.h"

#include <cuda_gl_interop.h>
#include <cuda_runtime_api.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* kernels/sat/sat.h, the table layout shared with the kernels */
#include "prim/sat_plan_cuda.h"
#include "dof/dof_frame_cuda.h"
#include "kernels/common/cuda_util.cuh"
#include "dof/handover_clock.h"
#include "dof/sat_egl_sync.h"
#include "dof/sat_external.h"
#include "util/clock.h"

#define TRY(call)                                                                                         \
    do {                                                                                                  \
        cudaError_t e_ = (call);                                                                          \
        if (e_ != cudaSuccess) {                                                                          \
            cudaGetLastError();                                                                           \
            return sw_fail(err, "%s failed: %s", #call, cudaGetErrorString(e_));                          \
        }                                                                                                 \
    } while (0)

/* "tiled" on cuda is the production tiled-v2 (one carry kernel, overlapped launches;
 * docs/perf/sat.md), "three-pass" the chapter's. */
static int variant_of(sat_variant v) { return v == SAT_TILED ? SAT_CUDA_TILED_V2 : SAT_CUDA_THREE_PASS; }

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
    sat_cuda_src src = {.rgba_u32 = d_in, .scale = 1.0f};
    if (sat_cuda_build(variant_of(v), &src, d_out, w, h, &s, 0, NULL, err)) goto done;
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

#define EVENTS (SAT_CUDA_MAX_STAGES + 3)   /* the SAT stages, the cuda gather, the half DoF's downsample */
#define EV_DOWN (SAT_CUDA_MAX_STAGES + 2)   /* before the downsample (it ends where the SAT starts) */
#define MAX_RES 4                          /* colour, SAT buffer, [depth, DoF output] */

typedef struct frame_objects {              /* one frame's, destroyed once it is done */
    cudaTextureObject_t color, depth;
    cudaSurfaceObject_t out;
} frame_objects;

typedef struct sat_interop {
    GLuint ids[MAX_RES];
    int w, h, count;
    cudaGraphicsResource_t res[MAX_RES];
    cudaStream_t stream;
    cudaEvent_t ev[2][EVENTS];
    bool pending[2], pending_gather[2], launched_half[2];
    bool timed_whole[2];   /* the frame's kernels timed as one stage (sat_cuda_gather.split_stages off) */
    int pending_variant[2];
    frame_objects obj[2];
    long frame;
    sat_cuda_scratch scratch;
    handover_clock clock;   /* the gaps on the GPU's clock */
    sat_external ext;       /* the external-memory hand-over, when chosen */
    bool ext_ready, ext_failed;
    sat_egl_sync egl;       /* its GPU-side ordering (SCANWORKS_EXTERNAL_SYNC=egl), when on */
    bool egl_tried;
    char ext_why[240];
    dof_frame_cuda dof;       /* the cuda gather's kernels and what they keep (dof_frame_cuda.h) */
    /* A frame between sat_interop_start and sat_interop_finish (mapped, or external
     * with CUDA's commands issued): its path, variant, whether it gathered, its output. */
    bool started, started_external, started_gather;
    int started_variant;
    GLuint started_out_tex;
} sat_interop;

static void destroy_objects(frame_objects *o)
{
    if (o->color) cudaDestroyTextureObject(o->color);
    if (o->depth) cudaDestroyTextureObject(o->depth);
    if (o->out) cudaDestroySurfaceObject(o->out);
    memset(o, 0, sizeof *o);
    cudaGetLastError();
}

static void unregister(sat_interop *io)
{
    for (int i = 0; i < MAX_RES; i++)
        if (io->res[i]) cudaGraphicsUnregisterResource(io->res[i]);
    memset(io->res, 0, sizeof io->res);
    memset(io->ids, 0, sizeof io->ids);
    io->count = 0;
    cudaGetLastError();
}

void sat_interop_release(void **state)
{
    sat_interop *io = *state;
    if (!io) return;
    if (io->started) {   /* a frame still mapped: give it back to GL first */
        sw_error ignored;
        sat_interop_finish(io, NULL, NULL, &ignored);
    }
    cudaStreamSynchronize(io->stream);
    handover_clock_shutdown(&io->clock);
    sat_egl_sync_destroy(&io->egl);
    if (io->ext_ready) sat_external_destroy(&io->ext);
    for (int s = 0; s < 2; s++) destroy_objects(&io->obj[s]);
    unregister(io);
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < EVENTS; i++) cudaEventDestroy(io->ev[s][i]);
    cudaStreamDestroy(io->stream);
    sat_cuda_scratch_free(&io->scratch);
    dof_frame_cuda_free(&io->dof);
    cudaGetLastError();
    free(io);
    *state = NULL;
}

static int create(sat_interop **out, sat_handover_info *info, sw_error *err)
{
    sat_interop *io = sw_calloc(1, sizeof *io, "SAT interop state", err);
    if (!io) return -1;
    *out = io;
    io->clock.cur = -1;
    TRY(cudaStreamCreateWithFlags(&io->stream, cudaStreamNonBlocking));
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < EVENTS; i++) TRY(cudaEventCreate(&io->ev[s][i]));
    info->interop = "map";
    handover_clock_init(&io->clock, io->stream, info);   /* off, saying why, if it cannot run */
    return 0;
}

void sat_interop_drain(void *state, gpu_timer *timer)
{
    sat_interop *io = state;
    if (cudaStreamSynchronize(io->stream) != cudaSuccess) cudaGetLastError();
    glFinish();
    handover_clock_collect(&io->clock, timer, LONG_MAX);
}

void sat_interop_collect(void *state, gpu_timer *timer, long wait_through)
{
    handover_clock_collect(&((sat_interop *)state)->clock, timer, wait_through);
}

/* Registers the resources once; again when an id or the size changed. */
static int ensure_registered(sat_interop *io, const GLuint ids[MAX_RES], int count, int w, int h, sw_error *err)
{
    if (io->count == count && io->w == w && io->h == h && !memcmp(io->ids, ids, sizeof io->ids)) return 0;
    TRY(cudaStreamSynchronize(io->stream));
    for (int s = 0; s < 2; s++) destroy_objects(&io->obj[s]);
    unregister(io);
    /* the colour and depth with texture gathers: the half DoF's downsample (kernels/dof/half.cu) */
    static const unsigned flags[MAX_RES] = {cudaGraphicsRegisterFlagsReadOnly | cudaGraphicsRegisterFlagsTextureGather,
                                            cudaGraphicsRegisterFlagsWriteDiscard,
                                            cudaGraphicsRegisterFlagsReadOnly | cudaGraphicsRegisterFlagsTextureGather,
                                            cudaGraphicsRegisterFlagsSurfaceLoadStore};
    for (int i = 0; i < count; i++) {
        cudaError_t e = i == 1 ? cudaGraphicsGLRegisterBuffer(&io->res[i], ids[i], flags[i])
                               : cudaGraphicsGLRegisterImage(&io->res[i], ids[i], GL_TEXTURE_2D, flags[i]);
        if (e != cudaSuccess) {
            cudaGetLastError();
            unregister(io);
            return sw_fail(err, "registering GL object %u with CUDA: %s", ids[i], cudaGetErrorString(e));
        }
    }
    memcpy(io->ids, ids, sizeof io->ids);
    io->count = count;
    io->w = w;
    io->h = h;
    return 0;
}

/* Kernel times of the frame before, now that they are surely done. */
static void report_previous(sat_interop *io, gpu_timer *timer)
{
    int slot = (int)((io->frame + 1) % 2);
    if (!io->pending[slot]) return;
    io->pending[slot] = false;
    int last = io->pending_gather[slot] ? SAT_CUDA_MAX_STAGES + 1 : SAT_CUDA_MAX_STAGES;
    if (cudaEventSynchronize(io->ev[slot][last]) != cudaSuccess) {
        cudaGetLastError();
        return;
    }
    if (io->timed_whole[slot]) {   /* from the first kernel to the last (run_kernels) */
        float ms = 0;
        if (cudaEventElapsedTime(&ms, io->ev[slot][0], io->ev[slot][last]) != cudaSuccess) cudaGetLastError();
        if (timer) gpu_timer_add(timer, "sat + dof (cuda)", ms);
        return;
    }
    const char *const *names;
    int n = sat_cuda_stage_names(io->pending_variant[slot], &names);
    if (io->launched_half[slot]) {   /* the half DoF's downsample, before the SAT */
        float ms = 0;
        if (cudaEventElapsedTime(&ms, io->ev[slot][EV_DOWN], io->ev[slot][0]) != cudaSuccess) cudaGetLastError();
        if (timer) gpu_timer_add(timer, "dof downsample (cuda)", ms);
    }
    for (int i = 0; i < last; i++) {
        if (i < n && !names[i]) continue;   /* a stage with no kernel in it */
        float ms = 0;
        if (cudaEventElapsedTime(&ms, io->ev[slot][i], io->ev[slot][i + 1]) != cudaSuccess) cudaGetLastError();
        if (timer) gpu_timer_add(timer, i < n ? names[i] : "dof (cuda)", ms);
    }
}

/* The table, then the optional gather, from the colour and depth textures COLOR and
 * DEPTH into SAT (SAT_BYTES) and the surface OUT; the same whichever hand-over. */
static int run_kernels(sat_interop *io, int slot, int variant, cudaTextureObject_t color, cudaTextureObject_t depth,
                       cudaSurfaceObject_t out, void *sat, size_t sat_bytes, int w, int h, float scale, float alpha,
                       const sat_cuda_gather *g, sw_error *err)
{
    /* With the cuda gather the table is read by it alone: the two-plane layout, unless
     * SCANWORKS_SAT_LAYOUT=texels (for comparison; the same pixels). */
    const char *layout = getenv("SCANWORKS_SAT_LAYOUT");
    if (layout && strcmp(layout, "texels") && strcmp(layout, "split"))
        return sw_fail(err, "SCANWORKS_SAT_LAYOUT=%s: expected texels or split", layout);
    int split = g && !(layout && !strcmp(layout, "texels")) && sat_cuda_split_bytes(w, h) <= sat_bytes;
    /* The DoF's kernels before the table (the half DoF's downsample), the table (of the
     * half colour at half size), the DoF's after it (dof_frame_cuda.h). Timed whole, one
     * event before the first kernel and one after the last: an event between two kernels
     * makes the GPU drain the first before it starts the second (the split's events
     * made the frame's CUDA span 8-12 us longer at 1080p; docs/perf/dof-half.md). */
    const bool whole = g && !g->split_stages;
    /* SCANWORKS_CUDA_POISON=1: every intermediate poisoned before the frame's kernels
     * (kernels/common/poison.h), so that a kernel reading one before its writer is done
     * changes the picture (tests/cuda_poison_test.sh) */
    const char *poison = getenv("SCANWORKS_CUDA_POISON");
    if (poison && strcmp(poison, "0") && strcmp(poison, "1"))
        return sw_fail(err, "SCANWORKS_CUDA_POISON=%s: expected 0 or 1", poison);
    io->dof.poison = poison && !strcmp(poison, "1");
    if (io->dof.poison) {
        if (sat_cuda_scratch_ensure(&io->scratch, w, h, err)) return -1;   /* either size's */
        TRY(cudaMemsetAsync(io->scratch.buf, 0xFF, io->scratch.bytes, io->stream));
        TRY(cudaMemsetAsync(sat, 0xFF, sat_bytes, io->stream));
    }
    io->launched_half[slot] = false;
    io->timed_whole[slot] = whole;
    if (whole) TRY(cudaEventRecord(io->ev[slot][0], io->stream));
    sat_cuda_src src = {.tex = color, .scale = scale, .alpha_const = alpha >= 0.0f, .alpha = alpha, .split = split};
    if (g) {
        dof_params p = g->params;
        p.scale = scale;
        dof_frame_table t;
        if (dof_frame_cuda_before(&io->dof, &p, color, depth, out, w, h, alpha, sat_cuda_takes_producer(variant, &src),
                                  io->stream, whole ? NULL : io->ev[slot][EV_DOWN], &t, err))
            return -1;
        /* the table of the half colour at half size: its first kernel a programmatic
         * dependent of the downsample, or the downsample itself */
        src.tex = t.color, w = t.w, h = t.h;
        src.after_kernel = t.after_kernel, src.producer = t.producer, src.producer_arg = t.producer_arg;
        io->launched_half[slot] = t.after_kernel;
    }
    if (sat_cuda_build(variant, &src, sat, w, h, &io->scratch, io->stream, whole ? NULL : io->ev[slot], err)) return -1;
    if (!g) return 0;
    /* Three channels averaged where the SAT build would scan three (the fourth constant,
     * and not SCANWORKS_SAT_ALPHA=scan), whichever variant built it. */
    int three = sat_cuda_rgb_path(&src, err);
    if (three < 0) return -1;
    if (dof_frame_cuda_after(&io->dof, sat, three, sat_cuda_split_table(variant, &src), &io->scratch, io->stream, err))
        return -1;
    TRY(cudaEventRecord(io->ev[slot][SAT_CUDA_MAX_STAGES + 1], io->stream));
    return 0;
}

/* Everything between map and unmap: objects over the mapped arrays, then the kernels. */
static int run_mapped(sat_interop *io, int slot, int variant, int w, int h, float scale, float alpha,
                      const sat_cuda_gather *g, sw_error *err)
{
    cudaArray_t arrays[MAX_RES] = {NULL};
    void *ptr;
    size_t size;
    frame_objects *o = &io->obj[slot];
    for (int i = 0; i < io->count; i++)
        if (i != 1) TRY(cudaGraphicsSubResourceGetMappedArray(&arrays[i], io->res[i], 0, 0));
    TRY(cudaGraphicsResourceGetMappedPointer(&ptr, &size, io->res[1]));
    if (size < (size_t)w * h * 16)
        return sw_fail(err, "SAT buffer holds %zu bytes, %dx%d needs %zu", size, w, h, (size_t)w * h * 16);
    if (cuda_point_texture(arrays[0], &o->color, err)) return -1;
    if (g) {
        if (cuda_point_texture(arrays[2], &o->depth, err)) return -1;
        struct cudaResourceDesc rd;
        memset(&rd, 0, sizeof rd);
        rd.resType = cudaResourceTypeArray;
        rd.res.array.array = arrays[3];
        TRY(cudaCreateSurfaceObject(&o->out, &rd));
    }
    return run_kernels(io, slot, variant, o->color, o->depth, o->out, ptr, size, w, h, scale, alpha, g, err);
}

/* The external-memory frame (sat_external.h): no map, no unmap; two host waits, or
 * none with the EGL syncs (sat_egl_sync.h). This is its first half, up to CUDA's last
 * command; external_finish is the second (the wait for CUDA, the copy back to GL). */
static int external_start(sat_interop *io, int slot, int variant, GLuint color_tex, int w, int h, float scale,
                          float alpha, const sat_cuda_gather *g, sat_handover_info *info, gpu_timer *timer,
                          sw_error *err)
{
    sat_external *x = &io->ext;
    if (!io->ext_ready || x->w != w || x->h != h) {
        if (io->ext_ready) sat_external_destroy(x);
        io->ext_ready = false;
        if (sat_external_create(x, w, h, color_tex, g->depth_tex, g->out_tex, err)) return -1;
        io->ext_ready = true;
    }
    if (!io->egl_tried && sat_egl_sync_wanted()) {
        char why[160];
        io->egl_tried = true;
        bool on = sat_egl_sync_init(&io->egl, why, sizeof why);
        fprintf(stderr, "scanworks: SCANWORKS_EXTERNAL_SYNC=egl: %s%s\n", on ? "GPU-side EGL syncs, no host waits" : why,
                on ? "" : "; host waits instead");
    }
    info->sync = io->egl.on ? "egl syncs" : "host waits";
    if (sat_external_copy_in(x, color_tex, g->depth_tex, timer, err)) return -1;
    handover_clock_gl_end(&io->clock, timer ? timer->frame : -1, timer);   /* GL's part ends here */
    double t0 = sw_clock_ms();
    if (io->egl.on ? sat_egl_sync_gl_to_cuda(&io->egl, io->stream, err) : sat_external_wait_gl(err)) return -1;
    if (timer && !io->egl.on) gpu_timer_add(timer, "wait gl (host)", sw_clock_ms() - t0);
    report_previous(io, timer);
    handover_clock_cuda_begin(&io->clock, io->stream);
    if (run_kernels(io, slot, variant, x->color_tex, x->depth_tex, x->out_surf, x->sat, x->sat_bytes, w, h, scale,
                    alpha, g, err) ||
        sat_external_copy_out(x, io->stream, err))
        return -1;
    handover_clock_cuda_end(&io->clock, io->stream);
    if (io->egl.on && sat_egl_sync_cuda_to_gl(&io->egl, io->stream, err)) return -1;
    return 0;
}

static int external_finish(sat_interop *io, gpu_timer *timer, sw_error *err)
{
    if (!io->egl.on) {
        double t0 = sw_clock_ms();
        if (sat_external_wait_cuda(&io->ext, err)) return -1;
        if (timer) gpu_timer_add(timer, "wait cuda (host)", sw_clock_ms() - t0);
    }
    handover_clock_gl_begin(&io->clock);   /* GL resumes here */
    return sat_external_copy_to_texture(&io->ext, io->started_out_tex, timer, err);
}

/* Which hand-over this frame takes; sets INFO's path and reason, and says so on a change. */
static bool choose_external(sat_interop *io, const sat_cuda_gather *g, sat_handover_info *info)
{
    bool ext = false;
    char why[sizeof info->path_why];
    if (info->requested == SAT_INTEROP_MAP) snprintf(why, sizeof why, "--interop map");
    else if (io->ext_failed) snprintf(why, sizeof why, "%s", io->ext_why);
    else if (!g)
        snprintf(why, sizeof why, "the external path serves the cuda gather; the GL gathers read the table from "
                                  "a registered GL buffer");
    else {
        ext = true;
        snprintf(why, sizeof why, "--interop %s: GL imports CUDA's memory", sat_interop_name(info->requested));
    }
    const char *path = ext ? "external" : "map";
    if (!ext) info->sync = NULL;
    if (info->interop != path || strcmp(info->path_why, why))
        fprintf(stderr, "scanworks: GL-CUDA hand-over: %s (%s)\n", path, why);
    info->interop = path;
    snprintf(info->path_why, sizeof info->path_why, "%s", why);
    return ext;
}

/* After a failure of the external path: free it, remember why, go on with map. */
static void external_failed(sat_interop *io, const char *msg)
{
    if (cudaStreamSynchronize(io->stream) != cudaSuccess) cudaGetLastError();
    cudaGetLastError();   /* the failed call's error must not fail the next launch's check */
    sat_egl_sync_destroy(&io->egl);
    if (io->ext_ready) sat_external_destroy(&io->ext);
    io->ext_ready = false;
    io->ext_failed = true;
    snprintf(io->ext_why, sizeof io->ext_why, "the external path failed, map instead: %.190s", msg);
}

/* The first half of a frame: the map (or the external copy-in) and every CUDA command;
 * the unmap (or the copy back) is sat_interop_finish's, so that GL can render the next
 * frame in between (sat_frame.h). */
int sat_interop_start(void **state, sat_variant v, GLuint color_tex, GLuint out_buffer, int w, int h,
                      float scale, float alpha, const sat_cuda_gather *gather, sat_handover_info *info,
                      gpu_timer *timer, sw_error *err)
{
    if (!*state && create((sat_interop **)state, info, err)) {
        sat_interop_release(state);
        return -1;
    }
    sat_interop *io = *state;
    if (io->started) return sw_fail(err, "the cuda SAT: a frame was started twice without sat_frame_finish");
    GLuint ids[MAX_RES] = {color_tex, out_buffer, gather ? gather->depth_tex : 0, gather ? gather->out_tex : 0};
    if (ensure_registered(io, ids, gather ? 4 : 2, w, h, err)) return -1;
    int slot = (int)(io->frame % 2);
    int variant = variant_of(v);
    if (choose_external(io, gather, info)) {
        int rc = external_start(io, slot, variant, color_tex, w, h, scale, alpha, gather, info, timer, err);
        if (!rc) {
            io->started = true;
            io->started_external = true;
            io->started_gather = true;
            io->started_variant = variant;
            io->started_out_tex = gather->out_tex;
            return 0;
        }
        external_failed(io, err->msg);
        choose_external(io, gather, info);   /* says so */
    }
    if (io->obj[slot].color) {   /* from two frames ago: done by now, but make sure */
        cudaEventSynchronize(io->ev[slot][SAT_CUDA_MAX_STAGES]);
        cudaEventSynchronize(io->ev[slot][SAT_CUDA_MAX_STAGES + 1]);
        destroy_objects(&io->obj[slot]);
    }

    handover_clock_gl_end(&io->clock, timer ? timer->frame : -1, timer);   /* GL's render ends here */
    double t0 = sw_clock_ms();
    TRY(cudaGraphicsMapResources(io->count, io->res, io->stream));   /* one call for all */
    if (timer) gpu_timer_add(timer, "map", sw_clock_ms() - t0);
    report_previous(io, timer);   /* the kernel stages, one frame late */
    handover_clock_cuda_begin(&io->clock, io->stream);
    int rc = run_mapped(io, slot, variant, w, h, scale, alpha, gather, err);
    if (!rc) handover_clock_cuda_end(&io->clock, io->stream);
    io->started = true;
    io->started_external = false;
    io->started_gather = gather != NULL;
    io->started_variant = variant;
    if (rc) {   /* unmapped at once; the frame is not counted */
        sw_error ignored;
        sat_interop_finish(io, info, NULL, &ignored);
        io->pending[slot] = false;
    }
    return rc;
}

int sat_interop_finish(void *state, sat_handover_info *info, gpu_timer *timer, sw_error *err)
{
    sat_interop *io = state;
    (void)info;
    if (!io || !io->started) return 0;
    io->started = false;
    int slot = (int)(io->frame % 2), rc = 0;
    if (io->started_external) {
        rc = external_finish(io, timer, err);
        if (rc) external_failed(io, err->msg);   /* the next frame takes map */
    } else {
        double t2 = sw_clock_ms();
        cudaError_t e = cudaGraphicsUnmapResources(io->count, io->res, io->stream);
        if (timer) gpu_timer_add(timer, "unmap", sw_clock_ms() - t2);
        handover_clock_gl_begin(&io->clock);   /* GL resumes here, after CUDA's work */
        if (e != cudaSuccess) rc = sw_fail(err, "unmapping: %s", cudaGetErrorString(e));
        cudaGetLastError();
    }
    if (!rc) {
        io->pending[slot] = true;
        io->pending_gather[slot] = io->started_gather;
        io->pending_variant[slot] = io->started_variant;
    }
    io->frame++;
    return rc;
}
