/* The cuda backend of the SAT's frame path: the state a frame set keeps, the kernels a
 * frame runs whichever hand-over, and the map hand-over (register once, map and unmap a
 * frame); the other two hand-overs are in sat_handover_cuda.c, the host-array entry in
 * sat_host_cuda.c. Compiled only in builds with CUDA. */
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

/* ---- the frame path --------------------------------------------------------------- */

#include "dof/sat_interop_cuda.h"

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

/* Every frame set's CUDA work goes into one stream, in the order it starts: two frames
 * handed over together (--handover-batch 2) run one after the other, not side by side,
 * where each would stretch the other's kernel times and the busy time would count the
 * overlap twice. */
static cudaStream_t frame_stream;
static int frame_stream_users;

static int frame_stream_acquire(sat_interop *io, sw_error *err)
{
    if (!frame_stream_users) TRY(cudaStreamCreateWithFlags(&frame_stream, cudaStreamNonBlocking));
    frame_stream_users++;
    io->stream = frame_stream;
    return 0;
}

static void frame_stream_release(sat_interop *io)
{
    if (!io->stream) return;
    io->stream = NULL;
    if (--frame_stream_users == 0) cudaStreamDestroy(frame_stream);
}

void sat_interop_release(void **state)
{
    sat_interop *io = *state;
    if (!io) return;
    if (io->started) {   /* a frame still mapped: give it back to GL first */
        sw_error ignored;
        sat_interop_finish(io, NULL, NULL, &ignored);
    }
    if (io->stream) cudaStreamSynchronize(io->stream);
    handover_clock_shutdown(&io->clock);
    sat_egl_sync_destroy(&io->egl);
    if (io->ext_ready) sat_external_destroy(&io->ext);
    if (io->vk_ready) sat_vulkan_destroy(&io->vk);
    for (int s = 0; s < 2; s++) destroy_objects(&io->obj[s]);
    unregister(io);
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < EVENTS; i++) cudaEventDestroy(io->ev[s][i]);
    frame_stream_release(io);
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
    if (frame_stream_acquire(io, err)) return -1;
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

/* Kernel times of the frame before, now that they are surely done, filed under its frame. */
void sat_interop_report_previous(sat_interop *io, gpu_timer *timer)
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
        if (timer) gpu_timer_add_to(timer, io->pending_frame[slot], "sat + dof (cuda)", ms);
        return;
    }
    const char *const *names;
    int n = sat_cuda_stage_names(io->pending_variant[slot], &names);
    if (io->launched_half[slot]) {   /* the half DoF's downsample, before the SAT */
        float ms = 0;
        if (cudaEventElapsedTime(&ms, io->ev[slot][EV_DOWN], io->ev[slot][0]) != cudaSuccess) cudaGetLastError();
        if (timer) gpu_timer_add_to(timer, io->pending_frame[slot], "dof downsample (cuda)", ms);
    }
    for (int i = 0; i < last; i++) {
        if (i < n && !names[i]) continue;   /* a stage with no kernel in it */
        float ms = 0;
        if (cudaEventElapsedTime(&ms, io->ev[slot][i], io->ev[slot][i + 1]) != cudaSuccess) cudaGetLastError();
        if (timer) gpu_timer_add_to(timer, io->pending_frame[slot], i < n ? names[i] : "dof (cuda)", ms);
    }
}

/* The table, then the optional gather, from the colour and depth textures COLOR and
 * DEPTH into SAT (SAT_BYTES) and the surface OUT; the same whichever hand-over. */
int sat_interop_run_kernels(sat_interop *io, int slot, int variant, cudaTextureObject_t color,
                            cudaTextureObject_t depth, cudaSurfaceObject_t out, void *sat, size_t sat_bytes, int w,
                            int h, float scale, float alpha, const sat_cuda_gather *g, sw_error *err)
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
        if (cuda_point_texture(arrays[2], &o->depth, err) || cuda_array_surface(arrays[3], &o->out, err)) return -1;
    }
    return sat_interop_run_kernels(io, slot, variant, o->color, o->depth, o->out, ptr, size, w, h, scale, alpha, g, err);
}

/* A frame is between start and finish on PATH; 0. */
static int mark_started(sat_interop *io, enum sat_path path, bool gathered, int variant)
{
    io->started = true;
    io->started_path = path;
    io->started_gather = gathered;
    io->started_variant = variant;
    return 0;
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
    io->work_frame = info && info->work_frame >= 0 ? info->work_frame : timer ? timer->frame : -1;
    int slot = (int)(io->frame % 2);
    int variant = variant_of(v);
    enum sat_path path = sat_interop_choose_path(io, color_tex, gather, info);
    if (path == PATH_VULKAN) {   /* nothing registered: the textures are Vulkan's */
        if (!sat_interop_vulkan_start(io, slot, variant, color_tex, w, h, scale, alpha, gather, timer, err))
            return mark_started(io, PATH_VULKAN, true, variant);
        sat_interop_vulkan_failed(io, err->msg);
        path = sat_interop_choose_path(io, color_tex, gather, info);   /* says so */
    }
    GLuint ids[MAX_RES] = {color_tex, out_buffer, gather ? gather->depth_tex : 0, gather ? gather->out_tex : 0};
    if (ensure_registered(io, ids, gather ? 4 : 2, w, h, err)) return -1;
    if (path == PATH_EXTERNAL) {
        if (!sat_interop_external_start(io, slot, variant, color_tex, w, h, scale, alpha, gather, info, timer, err)) {
            io->started_out_tex = gather->out_tex;
            return mark_started(io, PATH_EXTERNAL, true, variant);
        }
        sat_interop_external_failed(io, err->msg);
        sat_interop_choose_path(io, color_tex, gather, info);   /* says so */
    }
    if (io->obj[slot].color) {   /* from two frames ago: done by now, but make sure */
        cudaEventSynchronize(io->ev[slot][SAT_CUDA_MAX_STAGES]);
        cudaEventSynchronize(io->ev[slot][SAT_CUDA_MAX_STAGES + 1]);
        destroy_objects(&io->obj[slot]);
    }

    handover_clock_gl_end(&io->clock, io->work_frame, timer);   /* GL's render ends here */
    double t0 = sw_clock_ms();
    TRY(cudaGraphicsMapResources(io->count, io->res, io->stream));   /* one call for all */
    if (timer) gpu_timer_add(timer, "map", sw_clock_ms() - t0);
    sat_interop_report_previous(io, timer);   /* the kernel stages, one frame late */
    handover_clock_cuda_begin(&io->clock, io->stream);
    int rc = run_mapped(io, slot, variant, w, h, scale, alpha, gather, err);
    if (!rc) handover_clock_cuda_end(&io->clock, io->stream);
    mark_started(io, PATH_MAP, gather != NULL, variant);
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
    if (io->started_path == PATH_VULKAN) {
        rc = sat_interop_vulkan_finish(io, err);
        if (rc) sat_interop_vulkan_failed(io, err->msg);   /* the next frame takes map */
    } else if (io->started_path == PATH_EXTERNAL) {
        rc = sat_interop_external_finish(io, timer, err);
        if (rc) sat_interop_external_failed(io, err->msg);   /* the next frame takes map */
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
        io->pending_frame[slot] = io->work_frame;
    }
    io->frame++;
    return rc;
}
