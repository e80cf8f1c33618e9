/* The one-pass SAT build ("tiled-lookback"; see the comment on the kernel) and the
 * state it keeps between calls in sat_cuda_scratch. */
#include "sat_tile.cuh"

/* tiled-lookback: one pass. Tiles take tickets in raster order (an atomic counter),
 * so every tile a tile waits for has an earlier ticket and is running or done. With
 * the tile's own table s(r, c) (rows then columns in shared memory):
 *   S(x0 + c, y0 + r) = A(c) + s(r, c) + sum_{r' <= r} L(r'),
 * L(r) = the image row's sum left of the tile, A(c) = S(x0 + c, y0 - 1). Both come
 * from a decoupled look-back of 32-vectors (lane = row, or lane = column): along
 * the tile row the tiles publish their row totals (aggregate), then L + totals
 * (inclusive); down the tile column the column totals plus the sum of L
 * (aggregate), then A + that (inclusive: the tile's bottom row of S). */
#define LB_AGG 1u
#define LB_INC 2u
#define LB_EPOCH_END (1u << 30)   /* the epoch sits above the 2-bit flag */
#define LB_BATCH 8                /* vector loads in flight per lane */

struct sat_lb_dir {     /* one direction's published vectors, 32 uint4 per tile */
    uint4 *agg, *inc;
    unsigned *flags;    /* epoch << 2 | LB_AGG or LB_INC */
};

/* Warp-wide: every lane stores its element, then lane 0 the flag. */
static __device__ __forceinline__ void lb_publish(sat_lb_dir d, unsigned tile, unsigned flag, uint4 v,
                                                  unsigned epoch, int lane)
{
    __stcg((flag == LB_INC ? d.inc : d.agg) + (size_t)tile * 32 + lane, v);
    __threadfence();
    __syncwarp();
    if (lane == 0) *(volatile unsigned *)(d.flags + tile) = epoch << 2 | flag;
}

/* Warp-wide: publishes AGG for TILE, adds up the vectors of its NPRED predecessors
 * TILE - STEP, TILE - 2 STEP, ... back to the nearest inclusive one, publishes the
 * inclusive vector and returns that sum (the exclusive prefix). Lane l polls the flag
 * of predecessor n0 + l, so one L2 round trip sees 32 of them (a tile row of 60
 * tiles whose flags all say "aggregate" is not 60 dependent round trips); the
 * vectors are then loaded LB_BATCH at a time, lane = element. */
static __device__ uint4 lb_look_back(sat_lb_dir d, unsigned tile, unsigned step, int npred, uint4 agg,
                                     unsigned epoch, int lane)
{
    uint4 prefix = make_uint4(0, 0, 0, 0);
    if (npred > 0) lb_publish(d, tile, LB_AGG, agg, epoch, lane);
    for (int n0 = 1; n0 <= npred; n0 += 32) {
        int n = n0 + lane;
        bool inc = true;   /* past the first tile: complete, nothing to add */
        if (n <= npred) {
            const volatile unsigned *f = d.flags + (tile - (unsigned)n * step);
            unsigned tag;
            do tag = *f;
            while (tag >> 2 != epoch || (tag & 3u) == 0u);
            inc = (tag & 3u) == LB_INC;
        }
        __syncwarp();
        __threadfence();   /* the flags seen (by any lane) before the vectors they cover */
        unsigned incs = __ballot_sync(0xffffffffu, inc);
        int count = incs ? __ffs(incs) : 32;   /* predecessors n0 .. n0 + count - 1 */
        if (count > npred - n0 + 1) count = npred - n0 + 1;
        for (int m0 = 0; m0 < count; m0 += LB_BATCH) {
            uint4 v[LB_BATCH];
#pragma unroll
            for (int q = 0; q < LB_BATCH; q++) {
                int m = m0 + q;
                v[q] = make_uint4(0, 0, 0, 0);
                if (m < count) {
                    size_t k = tile - (unsigned)(n0 + m) * step;
                    v[q] = __ldcg(((incs >> m) & 1u ? d.inc : d.agg) + k * 32 + lane);
                }
            }
#pragma unroll
            for (int q = 0; q < LB_BATCH; q++) prefix = add4(prefix, v[q]);
        }
        if (incs) break;
    }
    lb_publish(d, tile, LB_INC, add4(prefix, agg), epoch, lane);
    return prefix;
}

/* Block (32, 8), one tile of TILE x TILE per block; TX tiles a row. Six blocks an SM
 * (40 registers; a few bytes spill), not the four that 56 registers would allow;
 * sm_75 holds at most four (1024 threads). */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define LB_MIN_BLOCKS 4
#else
#define LB_MIN_BLOCKS 6
#endif
__global__ void __launch_bounds__(256, LB_MIN_BLOCKS)
    sat_tile_lookback(sat_cuda_src src, uint4 *out, int w, int h, int tx, sat_lb_dir row_dir, sat_lb_dir col_dir,
                      unsigned *counter, unsigned ticket, unsigned epoch)
{
    __shared__ uint4 tile[TILE][TILE + 1];
    __shared__ uint4 left[TILE];    /* row totals, then sum_{r' <= r} L(r') */
    __shared__ uint4 above[TILE];   /* A(c) */
    __shared__ unsigned ticket_s;
    int lane = threadIdx.x, warp = threadIdx.y;
    if (lane == 0 && warp == 0) ticket_s = atomicAdd(counter, 1u) - ticket;
    __syncthreads();
    unsigned t = ticket_s;
    int i = (int)(t % (unsigned)tx), j = (int)(t / (unsigned)tx);
    int x = i * TILE + lane, y0 = j * TILE;
    for (int k = 0; k < ROWS_PER_WARP; k++) {
        int r = warp + 8 * k, y = y0 + r;
        uint4 v = x < w && y < h ? load_px(src, x, y, w) : make_uint4(0, 0, 0, 0);
        v = warp_inclusive(v, lane);   /* row prefix inside the tile */
        tile[r][lane] = v;
        if (lane == 31) left[r] = v;
    }
    __syncthreads();
    for (int k = 0; k < ROWS_PER_WARP; k++) {
        int c = warp + 8 * k;   /* column c, lane = row */
        tile[lane][c] = warp_inclusive(tile[lane][c], lane);
    }
    __syncthreads();
    if (warp == 0) {
        uint4 l = lb_look_back(row_dir, t, 1u, i, left[lane], epoch, lane);
        uint4 run = warp_inclusive(l, lane);
        left[lane] = run;
        uint4 col_total = add4(tile[TILE - 1][lane], shfl4(run, 31));
        above[lane] = lb_look_back(col_dir, t, (unsigned)tx, j, col_total, epoch, lane);
    }
    __syncthreads();
    if (x >= w) return;
    for (int k = 0; k < ROWS_PER_WARP; k++) {
        int r = warp + 8 * k, y = y0 + r;
        if (y < h) out[(size_t)y * w + x] = add4(add4(tile[r][lane], left[r]), above[lane]);
    }
}

/* tiled-lookback's status area for up to status_tiles tiles: the tile counter, then
 * the two directions' flags (each padded to 256 bytes), then their vectors. The
 * layout depends on the capacity only, so a flag word is never anything else. */
static size_t lb_flags_bytes(int tiles) { return ((size_t)tiles * sizeof(unsigned) + 255) / 256 * 256; }

static int lookback_status(sat_cuda_scratch *s, int tiles, unsigned **counter, sat_lb_dir *row, sat_lb_dir *col,
                           cudaStream_t stream, sw_error *err)
{
    bool fresh = false;
    if (!s->status || s->status_tiles < tiles) {
        if (s->status) cudaFree(s->status);
        s->status = NULL;
        s->status_tiles = 0;
        size_t need = 256 + 2 * lb_flags_bytes(tiles) + (size_t)4 * tiles * 32 * sizeof(uint4);
        if (cuda_alloc(&s->status, need, "SAT look-back status", err)) return -1;
        s->status_tiles = tiles;
        fresh = true;
    }
    int cap = s->status_tiles;
    size_t flags = lb_flags_bytes(cap);
    if (fresh || ++s->epoch >= LB_EPOCH_END) {   /* counter and flags: all unpublished again */
        CUDA_TRY(cudaMemsetAsync(s->status, 0, 256 + 2 * flags, stream), err);
        s->epoch = 1;
        s->ticket = 0;
    }
    char *p = (char *)s->status;
    *counter = (unsigned *)p;
    row->flags = (unsigned *)(p + 256);
    col->flags = (unsigned *)(p + 256 + flags);
    uint4 *v = (uint4 *)(p + 256 + 2 * flags);
    size_t n = (size_t)cap * 32;
    row->agg = v, row->inc = v + n, col->agg = v + 2 * n, col->inc = v + 3 * n;
    return 0;
}

extern "C" int sat_cuda_build_lookback(const sat_cuda_src *src, void *out, int w, int h, sat_cuda_scratch *s,
                                       cudaStream_t stream, sw_error *err)
{
    unsigned *counter = NULL;
    sat_lb_dir row = {}, col = {};
    int tx = (int)cuda_div_up(w, TILE), ty = (int)cuda_div_up(h, TILE);
    if (lookback_status(s, tx * ty, &counter, &row, &col, stream, err)) return -1;
    sat_tile_lookback<<<tx * ty, dim3(32, 8), 0, stream>>>(*src, (uint4 *)out, w, h, tx, row, col, counter, s->ticket,
                                                           s->epoch);
    CUDA_TRY_LAUNCH("sat_tile_lookback", err);
    s->ticket += (unsigned)(tx * ty);
    return 0;
}
