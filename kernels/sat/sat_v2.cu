/* "tiled-v2", the production SAT (docs/perf/sat.md): three kernels on 32x32 tiles whose
 * launches overlap (programmatic dependent launch on sm_90). For a pixel (x0 + c, y0 + r)
 * of tile (i, j) whose origin is (x0, y0):
 *   S(x0 + c, y0 + r) = A[j][i]                        rows above, columns left
 *                     + sum_{r' <= r} L(y0 + r', i)    rows of the tile, columns left
 *                     + sum_{c' <= c} V[j][x0 + c']    rows above, columns of the tile
 *                     + s(r, c)                        the tile's own table
 * with T[j][i] the tile's total, A[j][i] = sum of T[j'][i'] over j' < j, i' < i; L(y, i) =
 * the sum of image row y left of tile column i (row totals R scanned exclusively along the
 * row); V[j][x] = the sum of column x above tile row j (column totals C scanned exclusively
 * down the tile rows). These scans commute with those inside a tile, so step 1 scans R and
 * C inside each tile and step 2 hands the tile write both middle terms ready:
 * 1. sat_tile_sums: R and C, each scanned inside its tile, and T;
 * 2. sat_carries_v2, three jobs by block range: L', V' and A;
 * 3. sat_tile_write_v2: warp w holds rows 4w .. 4w + 3 of its tile (lane = column) and
 *    builds its own table before it waits for step 2, then adds its carries. */
#include "sat_v2_sums.cuh"

/* Tile rows the carries reach in one round trip (1536 pixels; 1080p has 34): two threads
 * a column for the column carries, four up to 64 tiles a row for the tile corners. */
#define V2_ONE_TRIP_TY 48

/* Step 1 (sat_v2_sums.cuh) over the kernel's own input. */
template <class LAYOUT>
__global__ void sat_tile_sums(sat_cuda_src src, uint4 *R, uint4 *C, uint4 *T, int w, int h)
{
    pdl_wait();      /* the input's producer, where launched after it (src.after_kernel) */
    pdl_trigger();   /* the carries may launch at once (they wait before reading; the tile
                        write reads the input before it waits, so not before this wait) */
    sat_tile_sums_block<LAYOUT, sat_src_loader>(src, R, C, T, w, h);
}

/* Column carries (V') of lane I by two threads, lanes 2k and 2k + 1 of a warp: each
 * loads half of the TY tile rows in one batch (TY <= 2 B), the second adds the
 * first's total; one round trip instead of two. Every lane of the warp calls it. */
template <int B>
static __device__ __forceinline__ void carry_down_pair(unsigned *C, int i, int half, int lanes, int ty)
{
    int mid = (ty + 1) / 2, j0 = half ? mid : 0, n = half ? ty - mid : mid;
    unsigned v[B], sum = 0;
#pragma unroll
    for (int k = 0; k < B; k++) v[k] = i < lanes && k < n ? C[(size_t)(j0 + k) * lanes + i] : 0u;
#pragma unroll
    for (int k = 0; k < B; k++) sum += v[k];
    unsigned first = __shfl_xor_sync(0xffffffffu, sum, 1), run = half ? first : 0u;
    if (i >= lanes) return;
#pragma unroll
    for (int k = 0; k < B; k++)
        if (k < n) {
            C[(size_t)(j0 + k) * lanes + i] = run;
            run += v[k];
        }
}

/* A's tile row J (the whole block; barriers inside): each tile column's totals above folded
 * by K threads (rows k mod K, loads in batches of B: one round trip where J <= K B, as at
 * 1080p with four threads a column), combined by shuffles, then scanned along the row. */
template <int B>
static __device__ __forceinline__ void tile_corners(const uint4 *T, uint4 *A, int j, int tx, uint4 *warp_sums)
{
    int k = 1;
    while (k < 16 && 2 * k * tx <= SCAN_THREADS) k *= 2;
    const uint4 zero = make_uint4(0, 0, 0, 0);
    uint4 carry = zero;
    for (int base = 0; base < tx; base += SCAN_THREADS / k) {
        int i = base + (int)threadIdx.x / k, part = (int)threadIdx.x % k;
        uint4 s = i < tx ? fold_above<B>(T, j, i, tx, part, k) : zero;
        for (int m = 1; m < k; m <<= 1) s = add4(s, SHFL4(__shfl_xor_sync, s, m));
        uint4 up = part == 0 && i < tx ? s : zero;
        uint4 total, inc = block_inclusive(up, warp_sums, &total);
        if (part == 0 && i < tx) A[(size_t)j * tx + i] = add4(carry, sub4(inc, up));
        carry = add4(carry, total);
    }
}

/* Step 2. ONE_TRIP (up to V2_ONE_TRIP_TY tile rows): the column carries by
 * carry_down_pair; else by one thread a column (carry_down, batches of 32 rows).
 * INPUT_FROM_SUMS: step 1 wrote the input it read (sat_cuda_src.producer), so the tile
 * write, which reads the input before it waits, may launch only once step 1 is done. */
template <bool ONE_TRIP>
__global__ void __launch_bounds__(SCAN_THREADS, SAT_V2_SUMS_BLOCKS)
    sat_carries_v2(uint4 *R, unsigned *C, const uint4 *T, uint4 *A, int w, int h, int tx, int ty, int row_blocks,
                   int col_blocks, int input_from_sums)
{
    __shared__ uint4 warp_sums[SCAN_THREADS / 32];
    if (!input_from_sums) pdl_trigger();   /* the tile write may start its loads now */
    pdl_wait();                            /* R, C and T of the tile sums */
    if (input_from_sums) pdl_trigger();
    int b = blockIdx.x;
    if (b < row_blocks) {
        row_carries(R, b, h, tx);   /* L', in place */
        return;
    }
    b -= row_blocks;
    if (b < col_blocks) {
        int lanes = w * 4;
        if (ONE_TRIP) {
            carry_down_pair<V2_ONE_TRIP_TY / 2>(C, (b * SCAN_THREADS + (int)threadIdx.x) >> 1, threadIdx.x & 1, lanes,
                                               ty);
        } else {
            int i = b * SCAN_THREADS + threadIdx.x;
            if (i < lanes) carry_down<32>(C, i, lanes, ty);   /* V', in place */
        }
        return;
    }
    tile_corners<(V2_ONE_TRIP_TY + 3) / 4>(T, A, b - col_blocks, tx, warp_sums);   /* A's tile row */
}

/* Block (32, 8), one tile each; L' = R after step 2 (h x tx), V' = C after step 2. */
__global__ void __launch_bounds__(256, SAT_V2_WRITE_BLOCKS)
    sat_tile_write_v2(sat_cuda_src src, const uint4 *L, const uint4 *V, const uint4 *A, uint4 *out, int w, int h)
{
    __shared__ uint4 colsum[TILE / V2_ROWS][TILE];
    pdl_trigger();   /* a dependent that reads no table may start (it waits before it ends) */
    int lane = threadIdx.x, warp = threadIdx.y;
    int x = blockIdx.x * TILE + lane, y0 = blockIdx.y * TILE, r0 = warp * V2_ROWS;
    uint4 v[V2_ROWS];
    load_column<V2_ROWS>(src, x, y0 + r0, 1, w, h, v);
#pragma unroll
    for (int k = 0; k < V2_ROWS; k++) v[k] = warp_inclusive(v[k], lane);   /* along the tile's row */
#pragma unroll
    for (int k = 1; k < V2_ROWS; k++) v[k] = add4(v[k], v[k - 1]);          /* down the warp's rows */
    colsum[warp][lane] = v[V2_ROWS - 1];
    __syncthreads();
    uint4 above = make_uint4(0, 0, 0, 0);   /* the tile's rows above r0, this column */
    for (int i = 0; i < warp; i++) above = add4(above, colsum[i][lane]);
#pragma unroll
    for (int k = 0; k < V2_ROWS; k++) v[k] = add4(v[k], above);   /* s(r0 + k, lane) */
    /* Step 2's carries, already scanned inside the tile (no scan, no barrier after the
     * wait), three loads in flight: the left carries of the warp's rows by lanes k mod 4
     * (row r0 + k), handed round by shuffles (four uint4 in registers, not sixteen). */
    pdl_wait();
    uint4 mine = L[(size_t)min(y0 + r0 + (lane & (V2_ROWS - 1)), h - 1) * gridDim.x + blockIdx.x];
    uint4 up = add4(V[(size_t)blockIdx.y * w + min(x, w - 1)], A[(size_t)blockIdx.y * gridDim.x + blockIdx.x]);
#pragma unroll
    for (int k = 0; k < V2_ROWS; k++) {
        int y = y0 + r0 + k;
        uint4 left = shfl4(mine, k);
        if (x < w && y < h) out[(size_t)y * w + x] = add4(add4(v[k], up), left);
    }
}

extern "C" void sat_v2_kernels_get(sat_v2_kernels *k)
{
    /* this order keeps the cubin's symbol order */
    k->carries[1] = (const void *)sat_carries_v2<true>;
    k->write[0] = (const void *)sat_tile_write_v2;
    k->sums[1] = (const void *)sat_tile_sums<sat_rgb>;
    k->sums[0] = (const void *)sat_tile_sums<sat_rgba>;
    k->carries[0] = (const void *)sat_carries_v2<false>;
    k->write[1] = sat_v2_write_rgb_kernel();
    k->tile = TILE;
    k->carry_threads = SCAN_THREADS;
    k->one_trip_ty = V2_ONE_TRIP_TY;
}
