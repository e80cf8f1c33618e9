/* "three-pass", the SAT ladder (39.3.2; src/prim/sat_plan_cuda.c queues it): a row scan
 * (one image row per block row of a 2D grid) into OUT; a tiled transpose through padded
 * shared memory into scratch; the same row scan over the transposed rows, in place; a
 * transpose back into OUT. tiled-v2, the production build (sat_v2.cu), saves the transposes. */
#include "sat_tile.cuh"

/* Row blockIdx.y (LEN long) of SRC, its inclusive prefix into OUT (in place allowed). */
__global__ void sat_row_scan(sat_cuda_src src, uint4 *out, int len)
{
    __shared__ uint4 warp_sums[SCAN_THREADS / 32];
    int row = blockIdx.y;
    uint4 carry = make_uint4(0, 0, 0, 0);
    for (int base = 0; base < len; base += SCAN_THREADS) {
        int x = base + threadIdx.x;
        uint4 v = x < len ? load_px(src, x, row, len) : make_uint4(0, 0, 0, 0);
        uint4 total;
        v = block_inclusive(v, warp_sums, &total);
        if (x < len) out[(size_t)row * len + x] = add4(v, carry);
        carry = add4(carry, total);
    }
}

/* OUT (cols x rows) = transpose of IN (rows x cols) through a padded tile (a 33-element row
 * stride: a quarter warp's eight 16-byte reads on distinct banks); block (32, 8). */
__global__ void sat_transpose(const uint4 *in, uint4 *out, int rows, int cols)
{
    __shared__ uint4 tile[TILE][TILE + 1];
    int bx = blockIdx.x * TILE, by = blockIdx.y * TILE;
    for (int k = 0; k < TILE; k += 8) {
        int x = bx + threadIdx.x, y = by + threadIdx.y + k;
        if (x < cols && y < rows) tile[threadIdx.y + k][threadIdx.x] = in[(size_t)y * cols + x];
    }
    __syncthreads();
    for (int k = 0; k < TILE; k += 8) {
        int x = by + threadIdx.x, y = bx + threadIdx.y + k;   /* out is cols x rows */
        if (x < rows && y < cols) out[(size_t)y * rows + x] = tile[threadIdx.x][threadIdx.y + k];
    }
}

static_assert(SCAN_THREADS == SAT_K_ROW_THREADS && TILE == SAT_K_TILE, "sat.h's sizes");

extern "C" const void *sat_three_pass_kernel(int transpose)
{
    return transpose ? (const void *)sat_transpose : (const void *)sat_row_scan;
}
