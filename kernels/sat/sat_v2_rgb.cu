/* tiled-v2's tile write (sat_tile_write_v2, sat_v2.cu) for an opaque frame, whose fourth
 * channel is the same at every pixel: three channels scanned, packed along a tile row
 * (rgb21: two shuffles a scan step, not four), unpacked past it, and the fourth computed,
 * S_a(x, y) = (x + 1)(y + 1) q_a (modulo 2^32, like every sum): bit for bit the four-channel
 * table. It can store the two-plane table instead (sat_cuda_src.split, sat.h). */
#include "sat_tile.cuh"

/* Element J of the two-plane table (sat.h): R, G in the uint2 plane, B after it. */
static __device__ __forceinline__ void split_store(uint4 *out, int w, int h, size_t j, uint3 s)
{
    ((uint2 *)out)[j] = make_uint2(s.x, s.y);
    ((unsigned *)out)[2 * sat_split_plane_elems(w, h) + j] = s.z;
}

__global__ void __launch_bounds__(256, SAT_V2_WRITE_BLOCKS)
    sat_tile_write_rgb(sat_cuda_src src, const uint4 *L, const uint4 *V, const uint4 *A, uint4 *out, int w, int h)
{
    __shared__ uint3 colsum[TILE / V2_ROWS][TILE];
    pdl_trigger();   /* as sat_tile_write_v2 */
    int lane = threadIdx.x, warp = threadIdx.y;
    int x = blockIdx.x * TILE + lane, y0 = blockIdx.y * TILE, r0 = warp * V2_ROWS;
    unsigned qa = quantize(src.alpha, src.scale);
    uint4 q[V2_ROWS];
    load_column<V2_ROWS>(src, x, y0 + r0, 1, w, h, q);
    uint3 v[V2_ROWS];
#pragma unroll
    for (int k = 0; k < V2_ROWS; k++) v[k] = unpack_rgb(warp_inclusive(pack_rgb(q[k]), lane));
#pragma unroll
    for (int k = 1; k < V2_ROWS; k++) v[k] = add3(v[k], v[k - 1]);   /* down the warp's rows */
    colsum[warp][lane] = v[V2_ROWS - 1];
    __syncthreads();
    uint3 above = make_uint3(0, 0, 0);
    for (int i = 0; i < warp; i++) above = add3(above, colsum[i][lane]);
    pdl_wait();   /* the carries */
    uint3 mine = rgb_of(L[(size_t)min(y0 + r0 + (lane & (V2_ROWS - 1)), h - 1) * gridDim.x + blockIdx.x]);
    uint3 up = add3(add3(rgb_of(V[(size_t)blockIdx.y * w + min(x, w - 1)]),
                         rgb_of(A[(size_t)blockIdx.y * gridDim.x + blockIdx.x])),
                    above);
#pragma unroll
    for (int k = 0; k < V2_ROWS; k++) {
        int y = y0 + r0 + k;
        uint3 left = SHFL3(__shfl_sync, mine, k);
        if (x >= w || y >= h) continue;
        uint3 s = add3(add3(v[k], up), left);
        if (src.split) {
            split_store(out, w, h, sat_split_index(w, x, y), s);
        } else {
            out[(size_t)y * w + x] = with_alpha(s, qa * (unsigned)(x + 1) * (unsigned)(y + 1));
        }
    }
    if (!src.split) return;
    /* The split table's row and column of zeros: the first tile row writes row -1 (and
     * its first lane the corner), the first tile column column -1. */
    const uint3 zero = make_uint3(0, 0, 0);
    if (blockIdx.y == 0 && warp == 0 && x < w) {
        split_store(out, w, h, sat_split_index(w, x, -1), zero);
        if (x == 0) split_store(out, w, h, sat_split_index(w, -1, -1), zero);
    }
    if (blockIdx.x == 0 && lane < V2_ROWS && y0 + r0 + lane < h)
        split_store(out, w, h, sat_split_index(w, -1, y0 + r0 + lane), zero);
}

extern "C" const void *sat_v2_write_rgb_kernel(void) { return (const void *)sat_tile_write_rgb; }
