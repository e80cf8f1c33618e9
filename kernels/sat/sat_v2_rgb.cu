/* tiled-v2 for a frame whose fourth channel is the same at every pixel (the scene is
 * opaque): its tile sums and tile write scan three channels, and the table's fourth
 * channel is computed, S_a(x, y) = (x + 1)(y + 1) q_a (modulo 2^32, like every sum).
 * The table is the same, bit for bit, as the four-channel kernels give.
 *
 * Quantized texture values are at most 65535 (quantize), so the three channels fit
 * 21 bits apart in one 64-bit word, and any sum of up to 32 of them stays inside its
 * field (32 x 65535 < 2^21): a warp scans a tile row of all three with two shuffles a
 * step instead of four, and the tile sums keep 8-byte words in shared memory instead
 * of 16. Sums over more pixels (the tile's column and row totals scanned across it,
 * the carries) are unpacked first. The carry kernel between these two is the
 * four-channel one (sat_v2.cu), whose fourth channel is zero here.
 *
 * For the CUDA gather, the table's only reader, the tile write can store it in two
 * planes instead of uint4 texels (sat_cuda_src.split): (w + 1) x (h + 1) uint2 (R, G),
 * then as many uint32 (B), with row and column -1 stored as zeros: 12 bytes a pixel
 * instead of 16, and a box corner is two loads at one offset with no edge test. */
#include <stdlib.h>

#include "sat_tile.cuh"

#define RGB_ROWS 4   /* consecutive rows a thread holds in the tile write (V2_ROWS) */

typedef unsigned long long rgb21;   /* r | g << 21 | b << 42 */

static __device__ __forceinline__ rgb21 pack_rgb(uint4 q)
{
    return (rgb21)q.x | (rgb21)q.y << 21 | (rgb21)q.z << 42;
}

static __device__ __forceinline__ uint3 unpack_rgb(rgb21 p)
{
    return make_uint3((unsigned)p & 0x1FFFFFu, (unsigned)(p >> 21) & 0x1FFFFFu, (unsigned)(p >> 42));
}

static __device__ __forceinline__ uint3 add3(uint3 a, uint3 b) { return make_uint3(a.x + b.x, a.y + b.y, a.z + b.z); }

static __device__ __forceinline__ uint3 rgb_of(uint4 v) { return make_uint3(v.x, v.y, v.z); }

/* Inclusive warp scans: packed (sums of at most 32 values of 16 bits), and plain. */
static __device__ __forceinline__ rgb21 warp_inclusive_rgb21(rgb21 v, int lane)
{
    for (int d = 1; d < 32; d <<= 1) {
        rgb21 o = __shfl_up_sync(0xffffffffu, v, d);
        if (lane >= d) v += o;
    }
    return v;
}

static __device__ __forceinline__ uint3 warp_inclusive3(uint3 v, int lane)
{
    for (int d = 1; d < 32; d <<= 1) {
        uint3 o = make_uint3(__shfl_up_sync(0xffffffffu, v.x, d), __shfl_up_sync(0xffffffffu, v.y, d),
                             __shfl_up_sync(0xffffffffu, v.z, d));
        if (lane >= d) v = add3(v, o);
    }
    return v;
}

static __device__ __forceinline__ uint4 with_alpha(uint3 v, unsigned a) { return make_uint4(v.x, v.y, v.z, a); }

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

/* sat_tile_sums (sat.cu) for three channels: R scanned down the tile's
 * rows, C along its columns, T; fourth channels zero. Block (32, 8). Shared rows of
 * 40 words: a row is 320 bytes, 16 banks on from the row above, so the row totals'
 * reads (two rows a half warp, eight words each) meet no bank twice. */
__global__ void sat_tile_sums_rgb(sat_cuda_src src, uint4 *R, uint4 *C, uint4 *T, int w, int h)
{
    __shared__ rgb21 tile[TILE][TILE + 8];
    __shared__ rgb21 part[8][TILE];
    __shared__ rgb21 rowtot[TILE];
    pdl_trigger();
    int lane = threadIdx.x, warp = threadIdx.y;
    int x = blockIdx.x * TILE + lane;
    uint4 vs[ROWS_PER_WARP];
    load_column<ROWS_PER_WARP>(src, x, blockIdx.y * TILE + warp, 8, w, h, vs);   /* all in flight */
    rgb21 col = 0;
#pragma unroll
    for (int k = 0; k < ROWS_PER_WARP; k++) {
        rgb21 p = pack_rgb(vs[k]);
        tile[warp + 8 * k][lane] = p;
        col += p;
    }
    part[warp][lane] = col;
    __syncthreads();
    {   /* row totals: eight lanes a row, four columns a lane */
        int r = warp * ROWS_PER_WARP + (lane >> 3), c = lane & 7;
        rgb21 t = tile[r][c] + tile[r][c + 8] + tile[r][c + 16] + tile[r][c + 24];
        for (int m = 1; m < 8; m <<= 1) t += __shfl_xor_sync(0xffffffffu, t, m);
        if (c == 0) rowtot[r] = t;
    }
    __syncthreads();
    if (warp == 0) {   /* column totals (32 rows: still packed), scanned along the tile unpacked */
        rgb21 s = part[0][lane];
        for (int i = 1; i < 8; i++) s += part[i][lane];
        uint3 u = warp_inclusive3(unpack_rgb(s), lane);
        if (x < w) C[(size_t)blockIdx.y * w + x] = with_alpha(u, 0);
        if (lane == 31) T[(size_t)blockIdx.y * gridDim.x + blockIdx.x] = with_alpha(u, 0);
    } else if (warp == 1) {   /* row totals scanned down the tile */
        int y = blockIdx.y * TILE + lane;
        uint3 u = warp_inclusive3(unpack_rgb(rowtot[lane]), lane);
        if (y < h) R[(size_t)y * gridDim.x + blockIdx.x] = with_alpha(u, 0);
    }
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
    for (int k = 0; k < RGB_ROWS; k++) v[k] = unpack_rgb(warp_inclusive_rgb21(pack_rgb(q[k]), lane));
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

extern "C" int sat_cuda_rgb_path(const sat_cuda_src *src, sw_error *err)
{
    /* SCANWORKS_SAT_ALPHA=scan: scan the fourth channel like the others even where it
     * is constant (for comparison; the same table). */
    const char *e = getenv("SCANWORKS_SAT_ALPHA");
    if (e && strcmp(e, "scan") && strcmp(e, "const"))
        return sw_fail(err, "SCANWORKS_SAT_ALPHA=%s: expected scan or const", e);
    return src->alpha_const && !src->rgba_u32 && !(e && !strcmp(e, "scan"));
}

extern "C" int sat_cuda_split_table(int variant, const sat_cuda_src *src)
{
    sw_error ignored;
    return variant == SAT_CUDA_TILED_V2 && src->split && sat_cuda_rgb_path(src, &ignored) == 1;
}

extern "C" int sat_cuda_tile_sums_rgb(const sat_cuda_src *src, void *R, void *C, void *T, int w, int h,
                                      cudaStream_t stream, sw_error *err)
{
    dim3 tiles((unsigned)cuda_div_up(w, TILE), (unsigned)cuda_div_up(h, TILE));
    sat_tile_sums_rgb<<<tiles, dim3(32, 8), 0, stream>>>(*src, (uint4 *)R, (uint4 *)C, (uint4 *)T, w, h);
    CUDA_TRY_LAUNCH("sat_tile_sums_rgb", err);
    return 0;
}

extern "C" int sat_cuda_tile_write_rgb(const cudaLaunchConfig_t *cfg, const sat_cuda_src *src, const void *L,
                                       const void *V, const void *A, void *out, int w, int h, sw_error *err)
{
    CUDA_TRY(cudaLaunchKernelEx(cfg, sat_tile_write_rgb, *src, (const uint4 *)L, (const uint4 *)V, (const uint4 *)A,
                                (uint4 *)out, w, h),
             err);
    CUDA_TRY_LAUNCH("sat_tile_write_rgb", err);
    return 0;
}
