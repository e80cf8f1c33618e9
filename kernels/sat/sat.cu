/* Summed-area tables in CUDA C: the chapter's three passes (the ladder), the tiled
 * four-pass build, and the launcher of both and of the production tiled-v2.
 *
 * three-pass: row scan (one image row per block row of a 2D grid) into OUT; a tiled
 * transpose through padded shared memory into scratch; the same row scan over the
 * transposed rows, in place; a transpose back into OUT. 88 bytes move per pixel.
 *
 * tiled: 32x32 tiles. (1) each tile's row totals R[y][tile] and column totals
 * C[tile row][x]; (2) carries: R scanned exclusively along each image row (the sum
 * left of the tile, per row) and C scanned inclusively along x; (3) C scanned
 * exclusively down the tile rows, giving P[j][x] = S(32j-1, x), the table's row just
 * above tile row j; (4) each tile rebuilt in shared memory, scanned along rows and
 * columns, plus P and the running sum of its left carries. The image is read twice
 * and the table written once: about 33 bytes per pixel.
 * Row totals by 8-lane segments, carry down 32 a batch.
 * What tiled-v2, the production build (sat_v2.cu, sat_v2_rgb.cu), fixes: steps 2 and 3
 * in one carry kernel, the tile sums scanned inside the tile, the launches overlapped
 * (programmatic dependent launch), and three channels scanned for an opaque frame. */
#include "sat_tile.cuh"

#define CARRY_ITEMS 8

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

/* Tiled variant, step 1: per-tile row totals R[y * tx_count + tile x] and column
 * totals C[tile y * w + x]. Block (32, 8). Row totals: each warp sums four rows, eight
 * lanes a row, four columns a lane (stride 8: conflict-free) and three xor shuffles:
 * 12 shuffles a warp. TOT (tiled-v2): also the tile's total T[tile y * tx_count + tile x], R
 * scanned inclusively down the tile's rows and C along its columns (so that the tile
 * write needs no scan of its carries), the four loads issued together, and the next
 * kernel may launch at once (it waits for this grid before reading). */
template <bool TOT>
__global__ void sat_tile_sums(sat_cuda_src src, uint4 *R, uint4 *C, uint4 *T, int w, int h)
{
    __shared__ uint4 tile[TILE][TILE + 1];
    __shared__ uint4 part[8][TILE];
    __shared__ uint4 rowtot[TOT ? TILE : 1];
    if (TOT) pdl_trigger();
    int lane = threadIdx.x, warp = threadIdx.y;
    int x = blockIdx.x * TILE + lane;
    uint4 col = make_uint4(0, 0, 0, 0), vs[ROWS_PER_WARP];
    if (TOT) load_column<ROWS_PER_WARP>(src, x, blockIdx.y * TILE + warp, 8, w, h, vs);   /* all in flight */
    for (int k = 0; k < ROWS_PER_WARP; k++) {
        int r = warp + 8 * k, y = blockIdx.y * TILE + r;
        uint4 v = TOT ? vs[k] : x < w && y < h ? load_px(src, x, y, w) : make_uint4(0, 0, 0, 0);
        tile[r][lane] = v;
        col = add4(col, v);
    }
    part[warp][lane] = col;
    __syncthreads();
    {
        int r = warp * ROWS_PER_WARP + (lane >> 3), c = lane & 7, y = blockIdx.y * TILE + r;
        uint4 t = add4(add4(tile[r][c], tile[r][c + 8]), add4(tile[r][c + 16], tile[r][c + 24]));
        for (int m = 1; m < 8; m <<= 1) t = add4(t, shfl_xor4(t, m));   /* within the 8 lanes of row r */
        if (TOT) {
            if (c == 0) rowtot[r] = t;
        } else if (c == 0 && y < h) {
            R[(size_t)y * gridDim.x + blockIdx.x] = t;
        }
    }
    if (TOT) {
        /* Both totals scanned inside the tile, every lane (zeros past the edges): warp 0
         * the column totals along the columns (its last lane is the tile's total),
         * warp 1 the row totals down the rows. */
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
    } else if (warp == 0 && x < w) {
        uint4 s = part[0][lane];
        for (int i = 1; i < 8; i++) s = add4(s, part[i][lane]);
        C[(size_t)blockIdx.y * w + x] = s;
    }
}

/* Step 2: blocks [0, row_blocks) scan R exclusively along each image row (a warp per
 * row); the remaining blocks scan one tile row of C inclusively along x. */
__global__ void sat_carry_scan(uint4 *R, uint4 *C, int w, int h, int tx_count, int row_blocks)
{
    __shared__ uint4 warp_sums[SCAN_THREADS / 32];
    if ((int)blockIdx.x < row_blocks) {
        row_carries(R, blockIdx.x, h, tx_count);
        return;
    }
    /* Eight consecutive elements per thread: one pass covers 2048 columns, so a
     * 1080p tile row is one block-wide scan instead of eight. */
    uint4 *row = C + (size_t)(blockIdx.x - row_blocks) * w;
    uint4 carry = make_uint4(0, 0, 0, 0);
    for (int base = 0; base < w; base += SCAN_THREADS * CARRY_ITEMS) {
        int x0 = base + threadIdx.x * CARRY_ITEMS;
        uint4 v[CARRY_ITEMS];
        uint4 run = make_uint4(0, 0, 0, 0);
#pragma unroll
        for (int k = 0; k < CARRY_ITEMS; k++) {
            v[k] = x0 + k < w ? row[x0 + k] : make_uint4(0, 0, 0, 0);
            run = add4(run, v[k]);
            v[k] = run;
        }
        uint4 total;
        uint4 before = sub4(block_inclusive(run, warp_sums, &total), run);
#pragma unroll
        for (int k = 0; k < CARRY_ITEMS; k++)
            if (x0 + k < w) row[x0 + k] = add4(add4(v[k], before), carry);
        carry = add4(carry, total);
    }
}

/* Step 3: C scanned exclusively down the tile rows, one thread per (x, channel):
 * afterwards C[j][x] = S(32j - 1, x). Loads in batches of B = 32 before the stores, so
 * they overlap in flight (1080p's 34 tile rows in two round trips). */
template <int B> __global__ void sat_carry_down(unsigned *C, int lanes, int ty_count)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < lanes) carry_down<B>(C, i, lanes, ty_count);
}

/* Step 4: the tile's own table (rows then columns in shared memory) plus its carries. */
__global__ void sat_tile_write(sat_cuda_src src, const uint4 *L, const uint4 *P, uint4 *out, int w, int h)
{
    __shared__ uint4 tile[TILE][TILE + 1];
    __shared__ uint4 left[TILE];
    int lane = threadIdx.x, warp = threadIdx.y;
    int x0 = blockIdx.x * TILE, y0 = blockIdx.y * TILE;
    for (int k = 0; k < ROWS_PER_WARP; k++) {
        int r = warp + 8 * k, x = x0 + lane, y = y0 + r;
        uint4 v = x < w && y < h ? load_px(src, x, y, w) : make_uint4(0, 0, 0, 0);
        tile[r][lane] = warp_inclusive(v, lane);   /* row prefix inside the tile */
    }
    if (warp == 0) {
        int y = y0 + lane;
        uint4 l = y < h ? L[(size_t)y * gridDim.x + blockIdx.x] : make_uint4(0, 0, 0, 0);
        left[lane] = warp_inclusive(l, lane);      /* left carries summed down the rows */
    }
    __syncthreads();
    for (int k = 0; k < ROWS_PER_WARP; k++) {
        int c = warp + 8 * k;   /* column c, lane = row */
        tile[lane][c] = warp_inclusive(tile[lane][c], lane);
    }
    __syncthreads();
    int x = x0 + lane;
    if (x >= w) return;
    uint4 above = P[(size_t)blockIdx.y * w + x];
    for (int k = 0; k < ROWS_PER_WARP; k++) {
        int r = warp + 8 * k, y = y0 + r;
        if (y < h) out[(size_t)y * w + x] = add4(add4(tile[r][lane], left[r]), above);
    }
}

__global__ void sat_copy_floor(sat_cuda_src src, uint4 *out, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
    if (x < w) out[(size_t)y * w + x] = load_px(src, x, y, w);
}

static const char *const three_pass_names[] = {"row scan", "transpose", "column scan", "transpose back"};
static const char *const tiled_names[] = {"tile sums", "carries", "carry down", "tile scan"};
/* Four stages like the others, so every build records the same events; NULL names a
 * stage with no kernel in it (an empty interval, left out of every report). */
static const char *const v2_names[] = {"tiled-v2 (3 kernels, overlapped)", NULL, NULL, NULL};

extern "C" int sat_cuda_stage_names(int variant, const char *const **names)
{
    *names = variant == SAT_CUDA_TILED_V2       ? v2_names
             : variant == SAT_CUDA_THREE_PASS ? three_pass_names
                                              : tiled_names;
    return 4;
}

extern "C" const char *sat_cuda_variant_name(int variant)
{
    static const char *const names[SAT_CUDA_VARIANTS] = {"three-pass", "tiled", "tiled-v2"};
    return variant >= 0 && variant < SAT_CUDA_VARIANTS ? names[variant] : "?";
}

static size_t scratch_bytes(int w, int h)
{
    size_t tx = (size_t)(w + TILE - 1) / TILE, ty = (size_t)(h + TILE - 1) / TILE;
    size_t three = (size_t)w * h, tiled = (size_t)h * tx + ty * w + 2 * tx * ty;   /* R, C, T, A */
    return (three > tiled ? three : tiled) * sizeof(uint4);
}

extern "C" int sat_cuda_scratch_ensure(sat_cuda_scratch *s, int w, int h, sw_error *err)
{
    size_t need = scratch_bytes(w, h);
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
    int tx = (int)cuda_div_up(w, TILE), ty = (int)cuda_div_up(h, TILE);
    uint4 *R = tmp, *C = tmp + (size_t)h * tx, *T = C + (size_t)ty * w;   /* T: tiled-v2 (then its A) */
    dim3 tiles(tx, ty);
    int rgb = variant == SAT_CUDA_TILED_V2 ? sat_cuda_rgb_path(src, err) : 0;   /* three channels scanned */
    if (rgb < 0) return -1;
    STAGE(0);
    if (variant == SAT_CUDA_TILED_V2 && rgb) {
        if (sat_cuda_tile_sums_rgb(src, R, C, T, w, h, stream, err)) return -1;
    } else if (variant == SAT_CUDA_TILED_V2)
        sat_tile_sums<true><<<tiles, tile_block, 0, stream>>>(*src, R, C, T, w, h);
    else
        sat_tile_sums<false><<<tiles, tile_block, 0, stream>>>(*src, R, C, NULL, w, h);
    CUDA_TRY_LAUNCH("sat_tile_sums", err);
    if (variant == SAT_CUDA_TILED_V2) {   /* the other two kernels overlap it: no events between */
        if (sat_cuda_build_v2(src, rgb, out, w, h, R, C, T, stream, err)) return -1;
        for (int i = 1; i <= SAT_CUDA_MAX_STAGES; i++) STAGE(i);
        return 0;
    }
    STAGE(1);
    int row_blocks = (int)cuda_div_up(h, SCAN_THREADS / 32);
    sat_carry_scan<<<row_blocks + ty, SCAN_THREADS, 0, stream>>>(R, C, w, h, tx, row_blocks);
    CUDA_TRY_LAUNCH("sat_carry_scan", err);
    STAGE(2);
    int lanes = w * 4;
    sat_carry_down<32><<<cuda_div_up(lanes, 128), 128, 0, stream>>>((unsigned *)C, lanes, ty);
    CUDA_TRY_LAUNCH("sat_carry_down", err);
    STAGE(3);
    sat_tile_write<<<tiles, tile_block, 0, stream>>>(*src, R, C, out, w, h);
    CUDA_TRY_LAUNCH("sat_tile_write", err);
    STAGE(4);
    return 0;
}

extern "C" int sat_cuda_copy_floor(const sat_cuda_src *src, void *out, int w, int h, cudaStream_t stream,
                                   sw_error *err)
{
    sat_copy_floor<<<dim3(cuda_div_up(w, 256), h), 256, 0, stream>>>(*src, (uint4 *)out, w, h);
    CUDA_TRY_LAUNCH("sat_copy_floor", err);
    return 0;
}

extern "C" int sat_cuda_transpose(const void *in, void *out, int rows, int cols, cudaStream_t stream, sw_error *err)
{
    sat_transpose<<<dim3(cuda_div_up(cols, TILE), cuda_div_up(rows, TILE)), dim3(32, 8), 0, stream>>>(
        (const uint4 *)in, (uint4 *)out, rows, cols);
    CUDA_TRY_LAUNCH("sat_transpose", err);
    return 0;
}
