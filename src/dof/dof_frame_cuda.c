/* The CUDA DoF of one frame around the table's build (dof_frame_cuda.h). */
#include "dof/dof_frame_cuda.h"

#include <string.h>

#include "kernels/common/cuda_util.cuh"   /* CUDA_TRY */
#include "kernels/common/poison.h"
#include <math.h>   /* dof_half_math.h: fminf, fmaxf, fabsf */
#define DOF_HALF_FN static inline
#include "dof/dof_half_math.h"

void dof_frame_cuda_free(dof_frame_cuda *f)
{
    dof_cuda_layers_free(&f->layers);
    dof_cuda_half_free(&f->half);
    cudaFree(f->near_cols);
    cudaGetLastError();
    memset(f, 0, sizeof *f);
}

int dof_frame_cuda_before(dof_frame_cuda *f, const dof_params *params, cudaTextureObject_t color,
                          cudaTextureObject_t depth, cudaSurfaceObject_t out, int w, int h, float alpha,
                          bool fuse_down, cudaStream_t stream, cudaEvent_t down_event, dof_frame_table *table,
                          sw_error *err)
{
    /* The half-resolution DoF (p.half): the frame downsampled, the table and the gather
     * at half size (the CoC in half pixels), then composited onto OUT (kernels/dof/half.h).
     * The debug views stay at full size. */
    const bool half = params->half && params->view == DOF_VIEW_EFFECT;
    f->on_half = half;
    *table = (dof_frame_table){color, w, h, false, NULL, NULL};
    f->steps_done = 0;
    if (half && alpha < 0.0f) return sw_fail(err, "the half-resolution DoF needs an opaque picture (one alpha everywhere)");
    const int gw = half ? dof_half_size(w) : w, gh = half ? dof_half_size(h) : h;   /* the gather's size */
    dof_params p = *params;
    if (half) p.aperture *= 0.5f;   /* the CoC in half pixels */
    /* The near field's scratch (gather.h): made on first use, grown with the frame; kept
     * through the debug views, which fold no tiles. */
    if (p.near || p.layers) {
        size_t need = dof_cuda_near_cols_bytes(gw, gh);
        if (f->near_cols_bytes < need) {
            cudaFree(f->near_cols);   /* waits for the device: the frame before may read it */
            f->near_cols = NULL, f->near_cols_bytes = 0;
            if (cudaMalloc(&f->near_cols, need) != cudaSuccess) {
                cudaGetLastError();   /* not sticky: the next launch check must not see it */
                return sw_fail(err, "GPU memory: cannot allocate the near field's %zu bytes", need);
            }
            f->near_cols_bytes = need;
        }
    }
    if (f->poison && f->near_cols) CUDA_TRY(cudaMemsetAsync(f->near_cols, 0xFF, f->near_cols_bytes, stream), err);
    const bool tiles = dof_needs_near_tiles(&p) && dof_cuda_near_samples(gw) > 0;
    /* At half size the downsample writes the near field's sample grid as it makes the
     * half depth (step 0 of the tile pass, a kernel of its own at full size: 3.7 us at
     * 1080p on an H100 for a grid of 0.2% of the pixels). */
    const bool fused_grid = half && tiles && dof_cuda_near_samples(gh) > 0;
    f->a = (dof_cuda_args){.color = color, .depth = depth, .out = out, .w = gw, .h = gh, .p = p, .alpha = alpha,
                           .near_cols = (p.near || p.layers) ? f->near_cols : NULL,
                           .near_cols_w = dof_cuda_near_samples(gw), .coverage_out = half};
    if (half) {
        if (dof_cuda_half_ensure(&f->half, w, h, err)) return -1;
        if (f->poison) {
            if (cuda_poison_surface(f->half.color_surf, gw, gh, 16, stream, err) ||
                cuda_poison_surface(f->half.depth_surf, gw, gh, 4, stream, err))
                return -1;
            CUDA_TRY(cudaMemsetAsync(f->half.out, 0xFF, f->half.out_bytes, stream), err);
            CUDA_TRY(cudaMemsetAsync(f->half.ready, 0xFF, f->half.ready_bytes, stream), err);
        }
        f->half.epoch = dof_half_next_epoch(f->half.epoch);
        f->ha = (dof_cuda_half_args){.color = color, .depth = depth, .half_color = f->half.color_surf,
                                     .half_depth = f->half.depth_surf, .half_color_tex = f->half.color_tex,
                                     .half_out = f->half.out, .ready = f->half.ready,
                                     .ready_w = (int)dof_half_ready_w(gw), .epoch = f->half.epoch,
                                     .out = out, .w = w, .h = h, .scale = p.scale, .aperture = params->aperture,
                                     .focus = params->focus, .alpha = alpha};
        if (fused_grid) {
            f->ha.near_grid = dof_cuda_near_grid(f->near_cols, gw, gh);
            f->ha.grid_w = dof_cuda_near_samples(gw), f->ha.grid_h = dof_cuda_near_samples(gh);
            f->ha.half_aperture = p.aperture;
        }
        /* the downsample as the table's first kernel (kernels/dof/half_sums.cu): the half
         * colour written once and read once less, one kernel boundary fewer; on its own
         * where the stages are timed apart (its own event) or the build cannot take it */
        if (fuse_down && !down_event) {
            table->producer = dof_cuda_half_down_sums_kernel(), table->producer_arg = &f->ha;
        } else {
            if (down_event) CUDA_TRY(cudaEventRecord(down_event, stream), err);
            if (dof_cuda_half_down(&f->ha, stream, err)) return -1;
            table->after_kernel = true;
        }
        f->a.color = f->half.color_tex, f->a.depth = f->half.depth_tex;
        f->a.half_out = f->half.out, f->a.ready = f->half.ready, f->a.epoch = f->half.epoch;
        f->a.ready_w = (int)dof_half_ready_w(gw);
        table->color = f->half.color_tex, table->w = gw, table->h = gh;
    }
    if (fused_grid) f->steps_done = DOF_NEAR_STEP_GRID;
    return 0;
}

int dof_frame_cuda_after(dof_frame_cuda *f, const void *sat, int alpha_const, int split, sat_cuda_scratch *scratch,
                         cudaStream_t stream, sw_error *err)
{
    f->a.sat = sat, f->a.alpha_const = alpha_const, f->a.split = split;
    /* The layer tables (dof_layers_cuda.h) after the frame's table, in the gather's time. */
    if (dof_builds_layers(&f->a.p)) {
        if (dof_cuda_layers_build(&f->layers, f->a.color, f->a.depth, &f->a.p, f->a.w, f->a.h, scratch, stream, err))
            return -1;
        f->a.layers = f->layers.tables;
    }
    if (dof_cuda_gather(&f->a, f->steps_done, stream, err)) return -1;
    return f->on_half ? dof_cuda_half_composite(&f->ha, stream, err) : 0;
}
