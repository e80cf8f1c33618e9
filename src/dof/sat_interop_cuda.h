/* The cuda frame path's state and its pieces, shared by the map hand-over (sat_cuda.c)
 * and the two without a map (sat_handover_cuda.c). Private to src/dof. */
#ifndef SCANWORKS_DOF_SAT_INTEROP_CUDA_H
#define SCANWORKS_DOF_SAT_INTEROP_CUDA_H

#include <cuda_runtime_api.h>
#include <stdbool.h>

#include "dof/dof_frame_cuda.h"
#include "dof/handover_clock.h"
#include "dof/sat_egl_sync.h"
#include "dof/sat_external.h"
#include "dof/sat_frame.h"
#include "dof/sat_vulkan.h"
#include "prim/sat_plan_cuda.h"

#define EVENTS (SAT_CUDA_MAX_STAGES + 3)   /* the SAT stages, the cuda gather, the half DoF's downsample */
#define EV_DOWN (SAT_CUDA_MAX_STAGES + 2)   /* before the downsample (it ends where the SAT starts) */
#define MAX_RES 4                          /* colour, SAT buffer, [depth, DoF output] */

/* The hand-over a frame takes (sat_interop_choose_path). */
enum sat_path { PATH_MAP, PATH_EXTERNAL, PATH_VULKAN };

typedef struct frame_objects {              /* one frame's, destroyed once it is done */
    cudaTextureObject_t color, depth;
    cudaSurfaceObject_t out;
} frame_objects;

typedef struct sat_interop {
    GLuint ids[MAX_RES];
    int w, h, count;
    cudaGraphicsResource_t res[MAX_RES];
    cudaStream_t stream;    /* every set's one (sat_cuda.c); NULL until acquired */
    cudaEvent_t ev[2][EVENTS];
    bool pending[2], pending_gather[2], launched_half[2];
    bool timed_whole[2];   /* the frame's kernels timed as one stage (sat_cuda_gather.split_stages off) */
    int pending_variant[2];
    frame_objects obj[2];
    long frame;             /* frames started, which picks the slot of the two above */
    long work_frame;        /* the app's frame index of the frame started (sat_handover_info.work_frame) */
    long pending_frame[2];  /* and of the frame whose kernel times a slot holds */
    sat_cuda_scratch scratch;
    handover_clock clock;   /* the gaps on the GPU's clock */
    sat_external ext;       /* the external-memory hand-over, when chosen */
    bool ext_ready, ext_failed;
    sat_egl_sync egl;       /* its GPU-side ordering (SCANWORKS_EXTERNAL_SYNC=egl), when on */
    bool egl_tried;
    char ext_why[240];
    sat_vulkan vk;          /* the Vulkan hand-over, when chosen */
    bool vk_ready, vk_failed;
    char vk_why[240];
    dof_frame_cuda dof;       /* the cuda gather's kernels and what they keep (dof_frame_cuda.h) */
    /* A frame between sat_interop_start and sat_interop_finish (mapped, or external or
     * Vulkan with CUDA's commands issued): its path, variant, whether it gathered, its
     * output. */
    bool started, started_gather;
    enum sat_path started_path;
    int started_variant;
    GLuint started_out_tex;
} sat_interop;


/* Kernel times of the frame before, now that they are surely done, filed under its frame. */
void sat_interop_report_previous(sat_interop *io, gpu_timer *timer);
/* The table, then the optional gather, from the colour and depth textures COLOR and
 * DEPTH into SAT (SAT_BYTES) and the surface OUT; the same whichever hand-over. */
int sat_interop_run_kernels(sat_interop *io, int slot, int variant, cudaTextureObject_t color,
                            cudaTextureObject_t depth, cudaSurfaceObject_t out, void *sat, size_t sat_bytes, int w,
                            int h, float scale, float alpha, const sat_cuda_gather *g, sw_error *err);
/* Which hand-over this frame takes; sets INFO's path and reason, and says so on a change. */
enum sat_path sat_interop_choose_path(sat_interop *io, GLuint color_tex, const sat_cuda_gather *g,
                                      sat_handover_info *info);
/* The two halves of an external or a Vulkan frame, and what a failure of each does: free
 * the path, remember why, and let the next frame take map. */
int sat_interop_external_start(sat_interop *io, int slot, int variant, GLuint color_tex, int w, int h, float scale,
                               float alpha, const sat_cuda_gather *g, sat_handover_info *info, gpu_timer *timer,
                               sw_error *err);
int sat_interop_external_finish(sat_interop *io, gpu_timer *timer, sw_error *err);
void sat_interop_external_failed(sat_interop *io, const char *msg);
int sat_interop_vulkan_start(sat_interop *io, int slot, int variant, GLuint color_tex, int w, int h, float scale,
                             float alpha, const sat_cuda_gather *g, gpu_timer *timer, sw_error *err);
int sat_interop_vulkan_finish(sat_interop *io, sw_error *err);
void sat_interop_vulkan_failed(sat_interop *io, const char *msg);

#endif
