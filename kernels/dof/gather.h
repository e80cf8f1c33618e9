/* The frame's depth-of-field gather as a CUDA kernel (gather.cu): colour and depth from
 * texture objects, the SAT from device memory, an RGBA16F surface out. */
#ifndef SCANWORKS_KERNELS_DOF_H
#define SCANWORKS_KERNELS_DOF_H

#include <cuda_runtime_api.h>
#include "dof/dof_limits.h"
#include "dof/dof_params.h"
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct dof_cuda_args {
    cudaTextureObject_t color, depth;   /* RGBA16F/32F and R32F arrays */
    cudaSurfaceObject_t out;            /* RGBA16F array */
    const void *sat;                    /* w*h uint4, wrapped sums */
    int w, h;
    dof_params p;                       /* its scale is the table's */
    int alpha_const;                    /* 1: three channels averaged and ALPHA written as the */
    float alpha;                        /* fourth (sat_cuda_rgb_path's answer for the colour) */
    int split;                          /* sat in two planes (sat_cuda_split_table; implies alpha_const) */
    const void *layers;                 /* with p.layers: the near then the far layer table, w*h uint4 each */
    void *near_cols;                    /* with the near field: its scratch (below), or NULL where that is 0 */
    int near_cols_w;                    /* its sample columns (dof_cuda_near_samples(w)) */
    int coverage_out;                   /* 1: the near layer's coverage as the fourth channel, in place of */
                                        /* ALPHA (the half-resolution composite reads it; kernels/dof/half.h) */
    /* The half DoF (kernels/dof/half_ready.cuh), or NULL: the output stored here (ushort4
     * a pixel, rows of w) in place of OUT, and each warp's row published in READY (READY_W
     * flags a row) with EPOCH for the composite. */
    void *half_out;
    unsigned *ready;
    int ready_w;
    unsigned epoch;
} dof_cuda_args;

#ifdef __CUDACC__
#define DOF_CUDA_HD __host__ __device__
/* The CUDA gathers' division: a reciprocal within 1 ulp (one MUFU.RCP; no range fix-ups:
 * the divisors, box areas times the scale, 3, and depths in [1e-6, 1e30), are normal). */
__device__ static inline float dof_rcp(float b)
{
    float r;
    asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(b));
    return r;
}
/* Four table words from P into v[0..4): one 16-byte load. */
__device__ static inline void dof_sat4_from(const uint4 *p, unsigned *v)
{
    uint4 q = __ldg(p);
    v[0] = q.x, v[1] = q.y, v[2] = q.z, v[3] = q.w;
}
#else
#define DOF_CUDA_HD
#endif
/* The near field's scratch (float2 each, gather.cu), dof_cuda_near_cols_bytes: the column
 * values of a W x H picture (its sample columns times its tile rows), then its sample
 * grid. dof_cuda_near_samples: the grid's samples along N pixels (at 4k + 2 < N). */
DOF_CUDA_HD static inline int dof_cuda_near_samples(int n) { return DOF_NEAR_SAMPLES_ALONG(n); }
DOF_CUDA_HD static inline size_t dof_cuda_near_cols_n(int w, int h)
{
    return (size_t)dof_cuda_near_samples(w) * (size_t)((h + DOF_NEAR_TILE_H - 1) / DOF_NEAR_TILE_H);
}
/* The sample grid in the scratch NEAR_COLS of a W x H picture (after its column values). */
DOF_CUDA_HD static inline float2 *dof_cuda_near_grid(void *near_cols, int w, int h)
{
    return (float2 *)near_cols + dof_cuda_near_cols_n(w, h);
}
DOF_CUDA_HD static inline size_t dof_cuda_near_cols_bytes(int w, int h)
{
    return (dof_cuda_near_cols_n(w, h) + (size_t)dof_cuda_near_samples(w) * (size_t)dof_cuda_near_samples(h)) * 8;
}
/* The near field's tile pass, step 0 (16 x 16 blocks, a thread a sample). */
const void *dof_cuda_near_grid_kernel(void);
/* Step 1 and its block shape (a block: block_x sample columns of one tile row). */
const void *dof_cuda_near_columns_kernel(unsigned *block_x, unsigned *block_y);

/* The kernel for A's layout and gather (dof_cuda_args by value, a thread a pixel in
 * blocks of DOF_NEAR_TILE_W x _H), and the launches (src/prim/dof_plan_cuda.c):
 * dof_cuda_near_tiles queues the near field's step 0 and or step 1 (STEPS; nothing where
 * A needs no near tiles); dof_cuda_gather queues the steps not in STEPS_DONE, then the
 * gather (the half DoF's downsample writes step 0's grid: kernels/dof/half.h). */
enum { DOF_NEAR_STEP_GRID = 1, DOF_NEAR_STEP_COLUMNS = 2 };
const void *dof_cuda_gather_kernel(const dof_cuda_args *a);
int dof_cuda_near_tiles(const dof_cuda_args *a, int steps, cudaStream_t stream, sw_error *err);
int dof_cuda_gather(const dof_cuda_args *a, int steps_done, cudaStream_t stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
