/* The half DoF's downsample fused into the table's first kernel: tiled-v2's tile sums
 * (kernels/sat/sat_v2_sums.cuh) over a loader that makes each half pixel from its 2 x 2
 * block (half_down.cuh), writes it where the downsample would, and hands its counts to
 * the sums, which the table's build quantizes back from the stored colour exactly. So
 * the half colour is written once and read once (by the tile write) instead of written,
 * read by the tile sums and read again, and one kernel boundary goes. The table's build
 * launches it in the tile sums' place (sat_cuda_src.producer) on tiled-v2's three-channel
 * path, the half DoF's (an opaque frame). */
#include "half.h"
#include "kernels/dof/half_down.cuh"
#include "kernels/sat/sat_v2_sums.cuh"

struct dof_half_down_loader {
    typedef dof_cuda_half_args args;
    /* Half pixels (x, y + k step), k < N, of the W x H half picture, B at a time (each
     * B blocks' gathers issued before any is used: 4 x B registers each), at clamped
     * places; written and counted where inside the picture, zero outside (as load_column). */
    enum { B = 2 };
    template <int N>
    static __device__ __forceinline__ void load(const dof_cuda_half_args &a, int x, int y, int step, int w, int h,
                                                uint4 *v)
    {
#pragma unroll
        for (int k0 = 0; k0 < N; k0 += B) {
            float4 q[B][4];
#pragma unroll
            for (int k = 0; k < B; k++) dof_half_down_fetch(a, min(x, w - 1), min(y + (k0 + k) * step, h - 1), q[k]);
#pragma unroll
            for (int k = 0; k < B; k++) {
                int yk = y + (k0 + k) * step;
                v[k0 + k] = x < w && yk < h ? dof_half_down_store(a, x, yk, q[k]) : make_uint4(0, 0, 0, 0);
            }
        }
    }
};

/* Blocks of 32 x 8 a 32 x 32 tile of the half picture (W x H), as sat_tile_sums. */
__global__ void __launch_bounds__(256, 4) dof_half_down_sums_kernel(dof_cuda_half_args a, uint4 *R, uint4 *C, uint4 *T,
                                                                 int w, int h)
{
    pdl_trigger();   /* the carries may launch: they wait for this kernel, and let the tile
                        write (which reads the half colour) launch only after that */
    sat_tile_sums_block<sat_rgb, dof_half_down_loader>(a, R, C, T, w, h);
}

extern "C" const void *dof_cuda_half_down_sums_kernel(void) { return (const void *)dof_half_down_sums_kernel; }
