/* Summed-area tables in CUDA C: the chapter's three passes (the ladder), the tile sums
 * of the production tiled-v2, and the launcher of both.
 *
 * three-pass: row scan (one image row per block row of a 2D grid) into OUT; a tiled
 * transpose through padded shared memory into scratch; the same row scan over the
 * transposed rows, in place; a transpose back into OUT. 88 bytes move per pixel.
 * What tiled-v2, the production build (sat_v2.cu, sat_v2_rgb.cu), fixes: the two
 * transposes. It works on 32x32 tiles: (1) each tile's row and column totals, scanned
 * inside the tile, and its total (sat_tile_sums, here); (2) every carry in one kernel;
 * (3) each tile's own table plus its carries. The image is read twice and the table
 * written once, the launches overlapped (programmatic dependent launch), and three
 * channels scanned for an opaque frame. */
#include "sat_tile.cuh"

/* One row of length LEN per blockIdx.y; IN is the source (texture or uint4 rows of
 * length LEN), OUT gets the inclusive row prefix. In place is allowed. */
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

/* OUT (cols x rows) = transpose of IN (rows x cols), through a padded tile: the
 * 33-element row stride puts the eight 16-byte reads of a quarter warp on distinct
 * banks. Block (32, 8), each thread moves four elements. */
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

__device__ __forceinline__ uint4 shfl_xor4(uint4 v, int m) { return SHFL4(__shfl_xor_sync, v, m); }

/* tiled-v2, step 1: per-tile row totals R[y * tx_count + tile x] scanned inclusively
 * down the tile's rows, column totals C[tile y * w + x] scanned along its columns (so
 * that the tile write needs no scan of its carries) and the tile's total
 * T[tile y * tx_count + tile x]. Block (32, 8). The four loads a thread are issued
 * together. Row totals: each warp sums four rows, eight lanes a row, four columns a
 * lane (stride 8: conflict-free) and three xor shuffles: 12 shuffles a warp. The next
 * kernel may launch at once (it waits for this grid before reading). */
__global__ void sat_tile_sums(sat_cuda_src src, uint4 *R, uint4 *C, uint4 *T, int w, int h)
{
    __shared__ uint4 tile[TILE][TILE + 1];
    __shared__ uint4 part[8][TILE];
    __shared__ uint4 rowtot[TILE];
    pdl_trigger();
    int lane = threadIdx.x, warp = threadIdx.y;
    int x = blockIdx.x * TILE + lane;
    uint4 col = make_uint4(0, 0, 0, 0), vs[ROWS_PER_WARP];
    load_column<ROWS_PER_WARP>(src, x, blockIdx.y * TILE + warp, 8, w, h, vs);   /* all in flight */
    for (int k = 0; k < ROWS_PER_WARP; k++) {
        tile[warp + 8 * k][lane] = vs[k];
        col = add4(col, vs[k]);
    }
    part[warp][lane] = col;
    __syncthreads();
    {
        int r = warp * ROWS_PER_WARP + (lane >> 3), c = lane & 7;
        uint4 t = add4(add4(tile[r][c], tile[r][c + 8]), add4(tile[r][c + 16], tile[r][c + 24]));
        for (int m = 1; m < 8; m <<= 1) t = add4(t, shfl_xor4(t, m));   /* within the 8 lanes of row r */
        if (c == 0) rowtot[r] = t;
    }
    /* Both totals scanned inside the tile, every lane (zeros past the edges): warp 0
     * the column totals along the columns (its last lane is the tile's total), warp 1
     * the row totals down the rows. */
    __syncthreads();
    if (warp == 0) {
        uint4 s = part[0][lane];
        for (int i = 1; i < 8; i++) s = add4(s, part[i][lane]);
        s = warp_inclusive(s, lane);
        if (x < w) C[(size_t)blockIdx.y * w + x] = s;
        if (lane == 31) T[(size_t)blockIdx.y * gridDim.x + blockIdx.x] = s;
    } else if (warp == 1) {
        int y = blockIdx.y * TILE + lane;
        uint4 s = warp_inclusive(rowtot[lane], lane);
        if (y < h) R[(size_t)y * gridDim.x + blockIdx.x] = s;
    }
}

static const char *const three_pass_names[] = {"row scan", "transpose", "column scan", "transpose back"};
/* Four stages like the others, so every build records the same events; NULL names a
 * stage with no kernel in it (an empty interval, left out of every report). */
static const char *const v2_names[] = {"tiled-v2 (3 kernels, overlapped)", NULL, NULL, NULL};

extern "C" int sat_cuda_stage_names(int variant, const char *const **names)
{
    *names = variant == SAT_CUDA_THREE_PASS ? three_pass_names : v2_names;
    return 4;
}

extern "C" const char *sat_cuda_variant_name(int variant)
{
    static const char *const names[SAT_CUDA_VARIANTS] = {"three-pass", "tiled-v2"};
    return variant >= 0 && variant < SAT_CUDA_VARIANTS ? names[variant] : "?";
}

extern "C" size_t sat_cuda_scratch_bytes(int w, int h)
{
    size_t tx = (size_t)(w + TILE - 1) / TILE, ty = (size_t)(h + TILE - 1) / TILE;
    size_t three = (size_t)w * h, tiled = (size_t)h * tx + ty * w + 2 * tx * ty;   /* R, C, T, A */
    return (three > tiled ? three : tiled) * sizeof(uint4);
}

extern "C" int sat_cuda_scratch_ensure(sat_cuda_scratch *s, int w, int h, sw_error *err)
{
    size_t need = sat_cuda_scratch_bytes(w, h);
    if (s->buf && s->bytes >= need) return 0;
    sat_cuda_scratch_free(s);
    if (cuda_alloc(&s->buf, need, "SAT scratch", err)) return -1;
    s->bytes = need;
    return 0;
}

extern "C" void sat_cuda_scratch_free(sat_cuda_scratch *s)
{
    if (s->buf) cudaFree(s->buf);
    memset(s, 0, sizeof *s);
}

#define STAGE(i)                                                                              \
    do {                                                                                      \
        if (ev) CUDA_TRY(cudaEventRecord(ev[i], stream), err);                                \
    } while (0)

extern "C" int sat_cuda_build(int variant, const sat_cuda_src *src, void *out_, int w, int h, sat_cuda_scratch *s,
                              cudaStream_t stream, cudaEvent_t *ev, sw_error *err)
{
    if (w < 1 || h < 1 || h > 65535 || w > 65535) return sw_fail(err, "SAT: size %dx%d out of range", w, h);
    if (sat_cuda_scratch_ensure(s, w, h, err)) return -1;
    uint4 *out = (uint4 *)out_, *tmp = (uint4 *)s->buf;
    dim3 tile_block(32, 8);
    if (variant == SAT_CUDA_THREE_PASS) {
        STAGE(0);
        sat_row_scan<<<dim3(1, h), SCAN_THREADS, 0, stream>>>(*src, out, w);
        CUDA_TRY_LAUNCH("sat_row_scan", err);
        STAGE(1);
        sat_transpose<<<dim3(cuda_div_up(w, TILE), cuda_div_up(h, TILE)), tile_block, 0, stream>>>(out, tmp, h, w);
        CUDA_TRY_LAUNCH("sat_transpose", err);
        STAGE(2);
        sat_cuda_src rows = {0, tmp, 1.0f, 0, 0.0f, 0};
        sat_row_scan<<<dim3(1, w), SCAN_THREADS, 0, stream>>>(rows, tmp, h);
        CUDA_TRY_LAUNCH("sat_row_scan (columns)", err);
        STAGE(3);
        sat_transpose<<<dim3(cuda_div_up(h, TILE), cuda_div_up(w, TILE)), tile_block, 0, stream>>>(tmp, out, w, h);
        CUDA_TRY_LAUNCH("sat_transpose (back)", err);
        STAGE(4);
        return 0;
    }
    if (variant != SAT_CUDA_TILED_V2) return sw_fail(err, "SAT: no CUDA variant %d", variant);
    int tx = (int)cuda_div_up(w, TILE), ty = (int)cuda_div_up(h, TILE);
    uint4 *R = tmp, *C = tmp + (size_t)h * tx, *T = C + (size_t)ty * w;   /* then A, after T */
    int rgb = sat_cuda_rgb_path(src, err);   /* three channels scanned */
    if (rgb < 0) return -1;
    STAGE(0);
    if (rgb) {
        if (sat_cuda_tile_sums_rgb(src, R, C, T, w, h, stream, err)) return -1;
    } else {
        sat_tile_sums<<<dim3(tx, ty), tile_block, 0, stream>>>(*src, R, C, T, w, h);
        CUDA_TRY_LAUNCH("sat_tile_sums", err);
    }
    /* The other two kernels overlap it: no events between. */
    if (sat_cuda_build_v2(src, rgb, out, w, h, R, C, T, stream, err)) return -1;
    for (int i = 1; i <= SAT_CUDA_MAX_STAGES; i++) STAGE(i);
    return 0;
}

extern "C" int sat_cuda_transpose(const void *in, void *out, int rows, int cols, cudaStream_t stream, sw_error *err)
{
    sat_transpose<<<dim3(cuda_div_up(cols, TILE), cuda_div_up(rows, TILE)), dim3(32, 8), 0, stream>>>(
        (const uint4 *)in, (uint4 *)out, rows, cols);
    CUDA_TRY_LAUNCH("sat_transpose", err);
    return 0;
}
