/* The GL-CUDA hand-overs with no map (sat_frame.h, --interop): external memory that GL
 * imports (sat_external.h) and Vulkan's images and semaphores (sat_vulkan.h); and the
 * choice, each frame, of which hand-over takes it. Compiled only in builds with CUDA. */
#include "gl/gl.h"
#include "dof/sat_interop_cuda.h"

#include <stdio.h>
#include <string.h>

#include "util/clock.h"

/* The external-memory frame (sat_external.h): no map, no unmap; two host waits, or
 * none with the EGL syncs (sat_egl_sync.h). This is its first half, up to CUDA's last
 * command; sat_interop_external_finish is the second (the wait for CUDA, the copy back to GL). */
int sat_interop_external_start(sat_interop *io, int slot, int variant, GLuint color_tex, int w, int h, float scale,
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
    handover_clock_gl_end(&io->clock, io->work_frame, timer);   /* GL's part ends here */
    double t0 = sw_clock_ms();
    if (io->egl.on ? sat_egl_sync_gl_to_cuda(&io->egl, io->stream, err) : sat_external_wait_gl(err)) return -1;
    if (timer && !io->egl.on) gpu_timer_add(timer, "wait gl (host)", sw_clock_ms() - t0);
    sat_interop_report_previous(io, timer);
    handover_clock_cuda_begin(&io->clock, io->stream);
    if (sat_interop_run_kernels(io, slot, variant, x->color_tex, x->depth_tex, x->out_surf, x->sat, x->sat_bytes, w,
                                h, scale, alpha, g, err) ||
        sat_external_copy_out(x, io->stream, err))
        return -1;
    handover_clock_cuda_end(&io->clock, io->stream);
    if (io->egl.on && sat_egl_sync_cuda_to_gl(&io->egl, io->stream, err)) return -1;
    return 0;
}

int sat_interop_external_finish(sat_interop *io, gpu_timer *timer, sw_error *err)
{
    if (!io->egl.on) {
        double t0 = sw_clock_ms();
        if (sat_external_wait_cuda(&io->ext, err)) return -1;
        if (timer) gpu_timer_add(timer, "wait cuda (host)", sw_clock_ms() - t0);
    }
    handover_clock_gl_begin(&io->clock);   /* GL resumes here */
    return sat_external_copy_to_texture(&io->ext, io->started_out_tex, timer, err);
}

/* The Vulkan frame (sat_vulkan.h): no map, no unmap, no copy, no host wait; GL and CUDA
 * wait for each other's semaphore on the GPU. This is its first half, up to CUDA's
 * signal; sat_interop_vulkan_finish queues GL's wait. */
int sat_interop_vulkan_start(sat_interop *io, int slot, int variant, GLuint color_tex, int w, int h, float scale,
                             float alpha, const sat_cuda_gather *g, gpu_timer *timer, sw_error *err)
{
    const GLuint tex[SAT_VK_TEXTURES] = {color_tex, g->depth_tex, g->out_tex};
    if (!sat_vulkan_matches(&io->vk, tex, w, h)) {
        if (io->vk_ready) sat_vulkan_destroy(&io->vk);
        io->vk_ready = false;
        if (sat_vulkan_create(&io->vk, g->vulkan, tex, w, h, err)) return -1;
        io->vk_ready = true;
    }
    handover_clock_gl_end(&io->clock, io->work_frame, timer);   /* GL's render ends here */
    if (sat_vulkan_gl_to_cuda(&io->vk, io->stream, err)) return -1;
    sat_interop_report_previous(io, timer);
    handover_clock_cuda_begin(&io->clock, io->stream);
    sat_vulkan *v = &io->vk;
    if (sat_interop_run_kernels(io, slot, variant, v->color_tex, v->depth_tex, v->out_surf, v->sat, v->sat_bytes, w,
                                h, scale, alpha, g, err))
        return -1;
    handover_clock_cuda_end(&io->clock, io->stream);
    return sat_vulkan_cuda_signal(v, io->stream, err);
}

int sat_interop_vulkan_finish(sat_interop *io, sw_error *err)
{
    if (sat_vulkan_gl_wait(&io->vk, err)) return -1;
    handover_clock_gl_begin(&io->clock);   /* GL resumes here, after CUDA's work */
    return 0;
}

static const char *const path_names[] = {"map", "external", "vulkan"};

/* Why --interop vulkan cannot take this frame, or NULL where it can. */
static const char *vulkan_refusal(const sat_interop *io, GLuint color_tex, const sat_cuda_gather *g, char *why,
                                  size_t size)
{
    if (io->vk_failed) snprintf(why, size, "%s", io->vk_why);
    else if (!g)
        snprintf(why, size, "the Vulkan path serves the cuda gather; the GL gathers read the table from a "
                            "registered GL buffer");
    else if (!g->vulkan) snprintf(why, size, "%s", g->vulkan_why ? g->vulkan_why : "Vulkan is not open");
    else if (!vk_share_owns(g->vulkan, color_tex) || !vk_share_owns(g->vulkan, g->depth_tex) ||
             !vk_share_owns(g->vulkan, g->out_tex))
        snprintf(why, size, "the frame's textures are not Vulkan's");
    else return NULL;
    return why;
}

/* Which hand-over this frame takes; sets INFO's path and reason, and says so on a change. */
enum sat_path sat_interop_choose_path(sat_interop *io, GLuint color_tex, const sat_cuda_gather *g,
                                      sat_handover_info *info)
{
    enum sat_path path = PATH_MAP;
    char why[sizeof info->path_why];
    if (info->requested == SAT_INTEROP_MAP) snprintf(why, sizeof why, "--interop map");
    else if (info->requested == SAT_INTEROP_VULKAN || info->requested == SAT_INTEROP_AUTO) {
        const char *refusal = vulkan_refusal(io, color_tex, g, why, sizeof why);
        if (!refusal) {
            path = PATH_VULKAN;
            snprintf(why, sizeof why, "--interop %s: Vulkan's images and semaphores, no map, no host wait",
                     sat_interop_name(info->requested));
        } else if (info->requested == SAT_INTEROP_AUTO) {
            char no[sizeof why];
            snprintf(no, sizeof no, "%s", refusal);
            snprintf(why, sizeof why, "--interop auto: map, as Vulkan cannot run (%.180s)", no);
        }
    } else if (io->ext_failed) snprintf(why, sizeof why, "%s", io->ext_why);
    else if (!g)
        snprintf(why, sizeof why, "the external path serves the cuda gather; the GL gathers read the table from "
                                  "a registered GL buffer");
    else {
        path = PATH_EXTERNAL;
        snprintf(why, sizeof why, "--interop %s: GL imports CUDA's memory", sat_interop_name(info->requested));
    }
    if (path != PATH_EXTERNAL) info->sync = path == PATH_VULKAN ? "semaphores" : NULL;
    if (!info->interop || strcmp(info->interop, path_names[path]) || strcmp(info->path_why, why))
        fprintf(stderr, "scanworks: GL-CUDA hand-over: %s (%s)\n", path_names[path], why);
    info->interop = path_names[path];
    snprintf(info->path_why, sizeof info->path_why, "%s", why);
    return path;
}

/* After a failure of the Vulkan path: free it, remember why, go on with map. */
void sat_interop_vulkan_failed(sat_interop *io, const char *msg)
{
    if (cudaStreamSynchronize(io->stream) != cudaSuccess) cudaGetLastError();
    cudaGetLastError();
    if (io->vk_ready) sat_vulkan_destroy(&io->vk);
    io->vk_ready = false;
    io->vk_failed = true;
    snprintf(io->vk_why, sizeof io->vk_why, "the Vulkan path failed, map instead: %.190s", msg);
}

/* After a failure of the external path: free it, remember why, go on with map. */
void sat_interop_external_failed(sat_interop *io, const char *msg)
{
    if (cudaStreamSynchronize(io->stream) != cudaSuccess) cudaGetLastError();
    cudaGetLastError();   /* the failed call's error must not fail the next launch's check */
    sat_egl_sync_destroy(&io->egl);
    if (io->ext_ready) sat_external_destroy(&io->ext);
    io->ext_ready = false;
    io->ext_failed = true;
    snprintf(io->ext_why, sizeof io->ext_why, "the external path failed, map instead: %.190s", msg);
}
