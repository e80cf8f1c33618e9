/* The DoF gather over device pointers (gather_ptr.h): one thread per pixel, a block per
 * near-field tile (DOF_NEAR_TILE_W x _H), whose values the block folds by shared atomics
 * (dof_near_sample); the arithmetic and the reciprocal of the frame's kernel (gather.cu). */
#include "gather.h"   /* dof_rcp, dof_sat4_from */
#include "gather_ptr.h"

struct dof_image {
    const dof_params *p;
    const uint4 *sat;
    const float *depth;
    const uchar4 *img;
    int w, h, c;
    int guard_grid, near_grid;   /* the large apertures' grids (dof_math.h); 1 in the kernels without them */
};

__device__ const uint4 dof_ptr_zero4 = {0u, 0u, 0u, 0u};

/* The table at (x, y) >= 0, or (x, y) >= -1 with zeros at -1: one 16-byte load. */
__device__ static inline void dof_ptr_sat4(const dof_image *m, int x, int y, unsigned *v)
{
    dof_sat4_from(m->sat + ((size_t)y * m->w + x), v);
}

__device__ static inline void dof_ptr_sat4_edge(const dof_image *m, int x, int y, unsigned *v)
{
    dof_sat4_from((x | y) < 0 ? &dof_ptr_zero4 : m->sat + ((size_t)y * m->w + x), v);
}

__device__ static inline unsigned dof_ptr_sat_word(const dof_image *m, int x, int y, int ch)
{
    return __ldg((const unsigned *)(m->sat + ((size_t)y * m->w + x)) + ch);
}

__device__ static inline void dof_ptr_color(const dof_image *m, int x, int y, float *v)
{
    uchar4 c = __ldg(m->img + ((size_t)y * m->w + x));
    v[0] = c.x, v[1] = c.y, v[2] = c.z, v[3] = c.w;
}

#define DOF_FN __device__ static inline
#define DOF_DEPTH(m, x, y) __ldg(&(m)->depth[(size_t)(y) * (m)->w + (x)])
#define DOF_SAT(m, x, y, ch) dof_ptr_sat_word(m, x, y, ch)
#define DOF_SAT4(m, x, y, v) dof_ptr_sat4(m, x, y, v)
#define DOF_SAT4_EDGE(m, x, y, v) dof_ptr_sat4_edge(m, x, y, v)
#define DOF_DIV(a, b) ((a) * dof_rcp(b))
#define DOF_UNROLL _Pragma("unroll")
#define DOF_COLOR(m, cx, cy, v) dof_ptr_color(m, cx, cy, v)
#define DOF_ROLLED _Pragma("unroll 1")
#define DOF_GUARD_GRID_OF(m) ((m)->guard_grid)
#define DOF_NEAR_GRID_OF(m) ((m)->near_grid)
#include "dof/dof_math.h"

/* DISC: the disc kernel (else the boxes); NEAR: the near field, its tile the block's;
 * GRID: the large apertures' grids (dof_math.h; without it the kernel has none of their code). */
template <bool DISC, bool NEAR, bool GRID>
__global__ void __launch_bounds__(DOF_GATHER_THREADS) dof_gather_ptr_kernel(dof_ptr_args a)
{
    const int x = blockIdx.x * DOF_NEAR_TILE_W + threadIdx.x, y = blockIdx.y * DOF_NEAR_TILE_H + threadIdx.y;
    dof_image m = {&a.p, (const uint4 *)a.sat, a.depth, (const uchar4 *)a.rgba, a.w, a.h, 4,
                   GRID ? dof_guard_grid(&a.p) : 1, GRID ? dof_near_grid(&a.p) : 1};
    __shared__ unsigned s_rt, s_dt;   /* the tile's near CoC and least near depth, as float bits (>= 0) */
    if (NEAR) {
        const int tid = threadIdx.y * DOF_NEAR_TILE_W + threadIdx.x;
        if (tid == 0) s_rt = 0u, s_dt = __float_as_uint(3.0e38f);
        __syncthreads();
        float rt = 0.0f, dt = 3.0e38f;
        for (int k = tid; k < DOF_NEAR_SAMPLES; k += DOF_GATHER_THREADS)
            dof_near_sample(&m, (int)(blockIdx.x * DOF_NEAR_TILE_W), (int)(blockIdx.y * DOF_NEAR_TILE_H), k, &rt, &dt);
        atomicMax(&s_rt, __float_as_uint(rt));
        atomicMin(&s_dt, __float_as_uint(dt));
        __syncthreads();
    }
    if (x >= a.w || y >= a.h) return;
    float v[4];
    if (!(DISC ? dof_gather_disc(&m, x, y, v) : dof_gather_boxes(&m, x, y, v))) dof_ptr_color(&m, x, y, v);
    if (NEAR) {
        float col[4] = {0.0f, 0.0f, 0.0f, 0.0f};   /* untouched where nothing is in front (alpha 0) */
        float al = dof_near_layer(&m, x, y, DOF_DEPTH(&m, x, y), __uint_as_float(s_rt), __uint_as_float(s_dt), col);
        for (int ch = 0; ch < 4; ch++) v[ch] += al * (col[ch] - v[ch]);
    }
    unsigned char o[4];
    for (int ch = 0; ch < 4; ch++) {
        float q = v[ch] + 0.5f;   /* rounded as the C gather rounds */
        o[ch] = q >= 255.0f ? 255 : q <= 0.0f ? 0 : (unsigned char)q;
    }
    ((uchar4 *)a.out)[(size_t)y * a.w + x] = make_uchar4(o[0], o[1], o[2], o[3]);
}

template <bool GRID>
static const void *dof_ptr_pick(bool disc, bool near)
{
    return disc ? (near ? (const void *)dof_gather_ptr_kernel<true, true, GRID> : (const void *)dof_gather_ptr_kernel<true, false, GRID>)
                : (near ? (const void *)dof_gather_ptr_kernel<false, true, GRID> : (const void *)dof_gather_ptr_kernel<false, false, GRID>);
}

extern "C" const void *dof_cuda_gather_ptr_kernel(const dof_ptr_args *a)
{
    const bool disc = a->p.kernel == DOF_KERNEL_DISC, near = a->p.near != 0;
    return DOF_USES_GRIDS(&a->p) ? dof_ptr_pick<true>(disc, near) : dof_ptr_pick<false>(disc, near);
}
