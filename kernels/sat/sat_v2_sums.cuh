/* tiled-v2's step 1, the tile sums (sat_v2.cu says what the three steps compute), as a
 * device function over a loader, so that a kernel which makes the table's input can
 * build it and scan it in one pass (kernels/dof/half_sums.cu: the half DoF's downsample).
 * LOADER::load<N>(args, x, y, step, w, h, v) fills V with the quantized pixels of column
 * X, rows Y, Y + STEP, ..., as load_column does (clamped loads, zero outside the image);
 * sat_src_loader is the plain one, over a sat_cuda_src. */
#ifndef SCANWORKS_KERNELS_SAT_V2_SUMS_CUH
#define SCANWORKS_KERNELS_SAT_V2_SUMS_CUH

#include "sat_tile.cuh"

struct sat_src_loader {
    typedef sat_cuda_src args;
    template <int N>
    static __device__ __forceinline__ void load(const sat_cuda_src &src, int x, int y, int step, int w, int h, uint4 *v)
    {
        load_column<N>(src, x, y, step, w, h, v);
    }
};

/* The tile sums' two layouts (added by vadd): four channels as uint4, or three packed
 * (rgb21, an opaque frame's; the fourth channel of R, C and T is then zero). Shared rows
 * of 33 uint4, or of 40 words: 16 banks on from the row above, so the row totals' reads
 * (two rows a half warp) meet no bank twice. */
struct sat_rgba {
    typedef uint4 packed;
    enum { PAD = 1 };
    static __device__ __forceinline__ packed pack(uint4 q) { return q; }
    static __device__ __forceinline__ packed shfl_xor(packed v, int m) { return SHFL4(__shfl_xor_sync, v, m); }
    static __device__ __forceinline__ uint4 scan(packed v, int lane) { return warp_inclusive(v, lane); }
};
struct sat_rgb {
    typedef rgb21 packed;
    enum { PAD = 8 };
    static __device__ __forceinline__ packed pack(uint4 q) { return pack_rgb(q); }
    static __device__ __forceinline__ packed shfl_xor(packed v, int m) { return __shfl_xor_sync(0xffffffffu, v, m); }
    static __device__ __forceinline__ uint4 scan(packed v, int lane)   /* past 32 values: unpacked */
    {
        return with_alpha(warp_inclusive(unpack_rgb(v), lane), 0);
    }
};

/* Step 1: row totals R[y * tx_count + tile x] scanned inclusively down the tile's rows,
 * column totals C[tile y * w + x] along its columns, the tile's total T[tile y * tx_count
 * + tile x]. Block (32, 8), the four loads a thread issued together. Row totals: eight
 * lanes a row, four columns a lane (stride 8: conflict-free), three xor shuffles. The
 * caller's kernel orders it after its input's producer (pdl.cuh). */
template <class LAYOUT, class LOADER>
static __device__ __forceinline__ void sat_tile_sums_block(const typename LOADER::args &src, uint4 *R, uint4 *C,
                                                           uint4 *T, int w, int h)
{
    typedef typename LAYOUT::packed P;
    __shared__ P tile[TILE][TILE + LAYOUT::PAD];
    __shared__ P part[8][TILE];
    __shared__ P rowtot[TILE];
    int lane = threadIdx.x, warp = threadIdx.y;
    int x = blockIdx.x * TILE + lane;
    uint4 vs[ROWS_PER_WARP];
    LOADER::template load<ROWS_PER_WARP>(src, x, blockIdx.y * TILE + warp, 8, w, h, vs);   /* all in flight */
    P col = LAYOUT::pack(make_uint4(0, 0, 0, 0));
#pragma unroll
    for (int k = 0; k < ROWS_PER_WARP; k++) {
        P p = LAYOUT::pack(vs[k]);
        tile[warp + 8 * k][lane] = p;
        col = vadd(col, p);
    }
    part[warp][lane] = col;
    __syncthreads();
    {
        int r = warp * ROWS_PER_WARP + (lane >> 3), c = lane & 7;
        P t = vadd(vadd(tile[r][c], tile[r][c + 8]), vadd(tile[r][c + 16], tile[r][c + 24]));
        for (int m = 1; m < 8; m <<= 1) t = vadd(t, LAYOUT::shfl_xor(t, m));   /* the 8 lanes of row r */
        if (c == 0) rowtot[r] = t;
    }
    /* Both totals scanned inside the tile (zeros past the edges): warp 0 the column totals
     * along the columns (its last lane: the tile's total), warp 1 the row totals down. */
    __syncthreads();
    if (warp == 0) {
        P s = part[0][lane];
        for (int i = 1; i < 8; i++) s = vadd(s, part[i][lane]);
        uint4 u = LAYOUT::scan(s, lane);
        if (x < w) C[(size_t)blockIdx.y * w + x] = u;
        if (lane == 31) T[(size_t)blockIdx.y * gridDim.x + blockIdx.x] = u;
    } else if (warp == 1) {
        int y = blockIdx.y * TILE + lane;
        uint4 u = LAYOUT::scan(rowtot[lane], lane);
        if (y < h) R[(size_t)y * gridDim.x + blockIdx.x] = u;
    }
}

#endif
