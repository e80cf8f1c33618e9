/* tiled-v2's tile write for a frame whose fourth channel is the same at every pixel
 * (the scene is opaque): three channels scanned, packed while the sums stay inside a tile
 * row (rgb21, sat_tile.cuh: two shuffles a scan step instead of four), and the fourth
 * computed, S_a(x, y) = (x + 1)(y + 1) q_a (modulo 2^32, like every sum): the same table,
 * bit for bit, as the four-channel kernels give. For the CUDA gather, the table's only
 * reader, it can store the two-plane table instead (sat_cuda_src.split, sat.h). */
#include "sat_tile.cuh"

#define RGB_ROWS 4   /* consecutive rows a thread holds in the tile write (V2_ROWS) */

/* Element J of the two-plane table (sat.h): R, G in the uint2 plane, B after it. */
static __device__ __forceinline__ void split_store(uint4 *out, int w, int h, size_t j, uint3 s)
{
    ((uint2 *)out)[j] = make_uint2(s.x, s.y);
    ((unsigned *)out)[2 * sat_split_plane_elems(w, h) + j] = s.z;
}

static __device__ __forceinline__ void split_zero(uint4 *out, int w, int h, size_t j)
{
    split_store(out, w, h, j, make_uint3(0, 0, 0));
}

/* sat_tile_write_v2 (sat_v2.cu) for three channels: warp w holds rows 4w .. 4w + 3 of
 * its tile, lane = column; the row prefixes packed, the rest unpacked; the fourth
 * channel from the pixel's position. */
__global__ void __launch_bounds__(256, SAT_V2_WRITE_BLOCKS)
    sat_tile_write_rgb(sat_cuda_src src, const uint4 *L, const uint4 *V, const uint4 *A, uint4 *out, int w, int h)
{
    __shared__ uint3 colsum[TILE / RGB_ROWS][TILE];
    int lane = threadIdx.x, warp = threadIdx.y;
    int x = blockIdx.x * TILE + lane, y0 = blockIdx.y * TILE, r0 = warp * RGB_ROWS;
    unsigned qa = quantize(src.alpha, src.scale);
    uint4 q[RGB_ROWS];
    load_column<RGB_ROWS>(src, x, y0 + r0, 1, w, h, q);
    uint3 v[RGB_ROWS];
#pragma unroll
    for (int k = 0; k < RGB_ROWS; k++) v[k] = unpack_rgb(warp_inclusive(pack_rgb(q[k]), lane));
#pragma unroll
    for (int k = 1; k < RGB_ROWS; k++) v[k] = add3(v[k], v[k - 1]);   /* down the warp's rows */
    colsum[warp][lane] = v[RGB_ROWS - 1];
    __syncthreads();
    uint3 above = make_uint3(0, 0, 0);
    for (int i = 0; i < warp; i++) above = add3(above, colsum[i][lane]);
    pdl_wait();   /* the carries */
    uint3 mine = rgb_of(L[(size_t)min(y0 + r0 + (lane & (RGB_ROWS - 1)), h - 1) * gridDim.x + blockIdx.x]);
    uint3 up = add3(add3(rgb_of(V[(size_t)blockIdx.y * w + min(x, w - 1)]),
                         rgb_of(A[(size_t)blockIdx.y * gridDim.x + blockIdx.x])),
                    above);
#pragma unroll
    for (int k = 0; k < RGB_ROWS; k++) {
        int y = y0 + r0 + k;
        uint3 left = make_uint3(__shfl_sync(0xffffffffu, mine.x, k), __shfl_sync(0xffffffffu, mine.y, k),
                                __shfl_sync(0xffffffffu, mine.z, k));
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
    if (blockIdx.y == 0 && warp == 0 && x < w) {
        split_zero(out, w, h, sat_split_index(w, x, -1));
        if (x == 0) split_zero(out, w, h, sat_split_index(w, -1, -1));
    }
    if (blockIdx.x == 0 && lane < RGB_ROWS && y0 + r0 + lane < h)
        split_zero(out, w, h, sat_split_index(w, -1, y0 + r0 + lane));
}

extern "C" const void *sat_v2_write_rgb_kernel(void) { return (const void *)sat_tile_write_rgb; }
