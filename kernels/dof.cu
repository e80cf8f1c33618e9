/* Depth of field as a CUDA kernel: one thread per pixel, 16x16 blocks; each box
 * corner of the SAT is one 16-byte load (12 per pixel instead of 48). The math is
 * src/dof/dof_math.h (shared with the C gather); the GLSL twin is dof_common.glsl. */
#include <cuda_fp16.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_util.cuh"
#include "dof.h"
#include "dof/dof_limits.h"

struct dof_cuda_params {
    float focus, aperture, scale;
};

struct dof_image {
    const dof_cuda_params *p;
    cudaTextureObject_t depth;
    const unsigned *sat;
    int w, h, c;
    int vec;   /* the four corners' channels as one 16-byte load each (else four 4-byte) */
};

__device__ static inline void dof_sat4_load(const dof_image *m, int x, int y, unsigned *v)
{
    size_t i = (size_t)y * m->w + x;
    if (m->vec) {
        uint4 q = __ldg((const uint4 *)m->sat + i);
        v[0] = q.x, v[1] = q.y, v[2] = q.z, v[3] = q.w;
    } else {
        for (int ch = 0; ch < 4; ch++) v[ch] = __ldg(&m->sat[i * 4 + ch]);
    }
}

#define DOF_FN __device__ static inline
#define DOF_DEPTH(m, x, y) tex2D<float>((m)->depth, (x) + 0.5f, (y) + 0.5f)
#define DOF_SAT(m, x, y, ch) __ldg(&(m)->sat[((size_t)(y) * (m)->w + (x)) * 4 + (ch)])
#define DOF_SAT4(m, x, y, v) dof_sat4_load(m, x, y, v)
#include "dof/dof_math.h"

__global__ void dof_gather_kernel(dof_cuda_args a, int vec)
{
    int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
    if (x >= a.w || y >= a.h) return;
    dof_cuda_params prm = {a.focus, a.aperture, a.scale};
    dof_image m = {&prm, a.depth, (const unsigned *)a.sat, a.w, a.h, 4, vec};
    float4 c = tex2D<float4>(a.color, x + 0.5f, y + 0.5f);
    float v[4] = {c.x, c.y, c.z, c.w};
    if (a.view == 2) {
        float t = fminf(dof_radius(a.aperture, a.focus, DOF_DEPTH(&m, x, y)) / fmaxf(a.aperture, 1.0f), 1.0f);
        v[0] = t, v[1] = t * t, v[2] = 1.0f - t, v[3] = 1.0f;
    } else if (a.view == 3) {
        for (int ch = 0; ch < 4; ch++) v[ch] = (float)dof_sat_at(&m, x, y, ch) / ((x + 1.0f) * (y + 1.0f) * a.scale);
    } else {
        dof_gather_pixel(&m, x, y, v);
    }
    ushort4 o = make_ushort4(__half_as_ushort(__float2half(v[0])), __half_as_ushort(__float2half(v[1])),
                             __half_as_ushort(__float2half(v[2])), __half_as_ushort(__float2half(v[3])));
    surf2Dwrite(o, a.out, x * (int)sizeof(ushort4), y);
}

extern "C" int dof_cuda_gather(const dof_cuda_args *a, cudaStream_t stream, sw_error *err)
{
    dim3 grid(cuda_div_up(a->w, 16), cuda_div_up(a->h, 16));
    /* SCANWORKS_DOF_SAT_LOADS=scalar: the first round's 4-byte loads, for comparison. */
    const char *loads = getenv("SCANWORKS_DOF_SAT_LOADS");
    int vec = !(loads && !strcmp(loads, "scalar"));
    dof_gather_kernel<<<grid, dim3(16, 16), 0, stream>>>(*a, vec);
    CUDA_TRY_LAUNCH("dof_gather_kernel", err);
    return 0;
}
