/* The launches of the DoF kernels that kernels/dof/ hands over: the frame's gather
 * (gather.h) and the gather over device pointers (gather_ptr.h), a thread a pixel in
 * blocks of the near-field tile (DOF_NEAR_TILE_W x _H) after the near field's tile steps,
 * the layer tables' input (layers.h) and the half-resolution downsample (half.h) in
 * 16 x 16 blocks, and the half-resolution composite in half.h's block shape. The gather
 * after the column step and the composite after the gather are programmatic dependent
 * launches (sm_90). */
#include "kernels/common/cuda_util.cuh"
#include "kernels/dof/gather.h"
#include "kernels/dof/gather_ptr.h"
#include "kernels/dof/half.h"
#include "kernels/dof/layers.h"
#include "dof/dof_limits.h"
#include <math.h>   /* dof_half_math.h: fminf, fmaxf, fabsf */
#define DOF_HALF_FN static inline
#include "dof/dof_half_math.h"

/* KERNEL over a W x H grid of threads in blocks of BW x BH; with PDL a programmatic
 * dependent of the kernel before it in STREAM where the device and KERNEL allow
 * (cuda_pdl_ok): its blocks may start as that kernel's last ones run, and wait for it
 * (kernels/common/pdl.cuh) before reading what it wrote. */
static int launch_grid(const void *kernel, int w, int h, unsigned bw, unsigned bh, void **args, int pdl,
                       cudaStream_t stream, const char *what, sw_error *err)
{
    cudaLaunchAttribute attr;
    const dim3 grid = {cuda_div_up((size_t)w, bw), cuda_div_up((size_t)h, bh), 1}, block = {bw, bh, 1};
    cudaLaunchConfig_t cfg = cuda_pdl_config(grid, block, stream, kernel, pdl, &attr);
    CUDA_TRY(cudaLaunchKernelExC(&cfg, kernel, args), err);
    CUDA_TRY_LAUNCH(what, err);
    return 0;
}

/* KERNEL over a W x H picture, a thread a pixel in blocks of BW x BH. */
static int launch_pixels(const void *kernel, int w, int h, unsigned bw, unsigned bh, void **args, cudaStream_t stream,
                         const char *what, sw_error *err)
{
    return launch_grid(kernel, w, h, bw, bh, args, 0, stream, what, err);
}

int dof_cuda_near_tiles(const dof_cuda_args *a, int steps, cudaStream_t stream, sw_error *err)
{
    if (!dof_needs_near_tiles(&a->p) || a->near_cols_w <= 0) return 0;
    if (!a->near_cols)
        return sw_fail(err, "the cuda gather with the near field needs its column values (dof_cuda_near_cols_bytes)");
    dof_cuda_args pa = *a;
    void *args[] = {&pa};
    /* Step 0, the sample grid, then step 1, the sample columns of each tile row
     * (gather.cu). A picture narrower or lower than 3 pixels has no sample column or row:
     * its tiles then read none (and fold to no near CoC). */
    int sample_rows = dof_cuda_near_samples(a->h);
    if ((steps & DOF_NEAR_STEP_GRID) && sample_rows > 0 &&
        launch_pixels(dof_cuda_near_grid_kernel(), a->near_cols_w, sample_rows, 16, 16, args, stream,
                      "dof_near_grid_kernel", err))
        return -1;
    if (!(steps & DOF_NEAR_STEP_COLUMNS)) return 0;
    unsigned bx, by;
    const void *cols = dof_cuda_near_columns_kernel(&bx, &by);
    /* without step 0 here (the half downsample wrote the grid) the step follows the
     * table's build: a programmatic dependent of its last kernel (gather.cu) */
    return launch_grid(cols, a->near_cols_w, (a->h + DOF_NEAR_TILE_H - 1) / DOF_NEAR_TILE_H * (int)by, bx, by, args,
                       !(steps & DOF_NEAR_STEP_GRID), stream, "dof_near_columns_kernel", err);
}

int dof_cuda_gather(const dof_cuda_args *a, int steps_done, cudaStream_t stream, sw_error *err)
{
    if (dof_builds_layers(&a->p) && !a->layers)
        return sw_fail(err, "the cuda gather with the layer tables needs them built (dof_cuda_layers_build)");
    const int steps = (DOF_NEAR_STEP_GRID | DOF_NEAR_STEP_COLUMNS) & ~steps_done;
    if (dof_cuda_near_tiles(a, steps, stream, err)) return -1;
    dof_cuda_args pa = *a;
    void *args[] = {&pa};
    /* a programmatic dependent of the column step where that was just queued */
    const int after_columns = (steps & DOF_NEAR_STEP_COLUMNS) && dof_needs_near_tiles(&a->p) && a->near_cols_w > 0;
    return launch_grid(dof_cuda_gather_kernel(a), a->w, a->h, DOF_NEAR_TILE_W, DOF_NEAR_TILE_H, args, after_columns,
                       stream, "dof_gather_kernel", err);
}

int dof_cuda_gather_ptr(const dof_ptr_args *a, cudaStream_t stream, sw_error *err)
{
    dof_ptr_args pa = *a;
    void *args[] = {&pa};
    return launch_pixels(dof_cuda_gather_ptr_kernel(a), a->w, a->h, DOF_NEAR_TILE_W, DOF_NEAR_TILE_H, args, stream,
                         "dof_gather_ptr_kernel", err);
}

int dof_cuda_layer_values(cudaTextureObject_t color, cudaTextureObject_t depth, const dof_params *p, int w, int h,
                          void *values, cudaStream_t stream, sw_error *err)
{
    float aperture = p->aperture, focus = p->focus, scale = p->scale;
    char *near_in = (char *)values, *far_in = near_in + (size_t)w * h * 16;   /* uint4 each */
    void *args[] = {&color, &depth, &aperture, &focus, &scale, &w, &h, &near_in, &far_in};
    return launch_pixels(dof_cuda_layer_values_kernel(), w, h, 16, 16, args, stream, "dof_layer_values_kernel", err);
}

int dof_cuda_half_down(const dof_cuda_half_args *a, cudaStream_t stream, sw_error *err)
{
    dof_cuda_half_args pa = *a;
    void *args[] = {&pa};
    return launch_pixels(dof_cuda_half_down_kernel(), dof_half_size(a->w), dof_half_size(a->h), 16, 16, args, stream,
                         "dof_half_down_kernel", err);
}

int dof_cuda_half_composite(const dof_cuda_half_args *a, cudaStream_t stream, sw_error *err)
{
    dof_cuda_half_args pa = *a;
    void *args[] = {&pa};
    /* a thread a column of DOF_HALF_COMPOSITE_ROWS full pixels, a warp 32 columns; a
     * programmatic dependent of the gather, queued just before it (dof_frame_cuda.c) */
    const int rows = DOF_HALF_COMPOSITE_ROWS;
    return launch_grid(dof_cuda_half_composite_kernel(), a->w, (a->h + rows - 1) / rows, 32, DOF_HALF_COMPOSITE_WARPS,
                       args, 1, stream, "dof_half_composite_kernel", err);
}
