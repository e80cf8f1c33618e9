/* Depth of field as a CUDA kernel: one thread per pixel, a block per near-field tile
 * (DOF_NEAR_TILE_W x _H: a warp is one row of 32 pixels), the last image rows first;
 * each box corner of the SAT is one 16-byte load (12 per pixel instead of 48), or, from
 * the opaque frame's two-plane table, an 8-byte and a 4-byte load. The math is
 * src/dof/dof_math.h (shared with the C gather); the GLSL twin is dof_common.glsl. */
#include <cuda_fp16.h>

#include "gather.h"
#include "kernels/sat/sat.h"
#include "kernels/common/pdl.cuh"
#include "kernels/dof/half_ready.cuh"

struct dof_image {
    const dof_params *p;
    cudaTextureObject_t depth;
    const unsigned *sat;
    int w, h, c;
    int split;                /* the two-plane table (sat_cuda_src.split): R, G at sat (uint2), */
    const unsigned *bplane;   /* B here, (w + 1) elements a row, row and column -1 stored */
    cudaTextureObject_t color;   /* the near layer's colours */
    const uint4 *layers;         /* the layer tables, near then far (w*h each), or NULL */
    int guard_grid, near_grid;   /* the large apertures' grids (dof_math.h); 1 in the kernels without them */
};

/* The near layer's spiral (dof_limits.h), for the warps' probe tables. */
#define DOF_P(x, y) {x, y}
__constant__ float dof_spiral[DOF_NEAR_PROBES][2] = {DOF_NEAR_SPIRAL};
#undef DOF_P

/* Probe K from the warp's table (dof_near_probe_table): made once a warp, not a pixel. */
__shared__ float2 dof_probes[DOF_NEAR_TILE_H][DOF_NEAR_PROBES];   /* a warp's row: x, y offsets (16 bits each), distance */
#define DOF_NEAR_PROBE(m, k, rt, ox, oy, rho)                                                   \
    do {                                                                                       \
        float2 e_ = dof_probes[threadIdx.y][k];                                                \
        int xy_ = __float_as_int(e_.x);                                                        \
        (ox) = xy_ >> 16, (oy) = (int)(short)(xy_ & 0xffff), (rho) = e_.y;                     \
    } while (0)

/* Zeros, read in place of the table by corners at x or y = -1 (no select after a load). */
__device__ const uint4 dof_zero4 = {0u, 0u, 0u, 0u};

/* The two-plane table at (x, y) >= -1 (zeros stored at -1): an 8-byte and a 4-byte load
 * at one 32-bit offset ((w + 1)(h + 1) < 2^32: sat_cuda_build), no test; no fourth channel. */
__device__ static inline void dof_sat3_split(const dof_image *m, int x, int y, unsigned *v)
{
    unsigned i = (unsigned)(y + 1) * (unsigned)(m->w + 1) + (unsigned)(x + 1);
    uint2 q = __ldg((const uint2 *)m->sat + i);
    v[0] = q.x, v[1] = q.y, v[2] = __ldg(m->bplane + i), v[3] = 0;
}

/* The table at (x, y) >= 0 (32-bit indices: images are at most 65535 x 65535). */
__device__ static inline void dof_sat4_load(const dof_image *m, int x, int y, unsigned *v)
{
    if (m->split)
        dof_sat3_split(m, x, y, v);
    else
        dof_sat4_from((const uint4 *)m->sat + ((unsigned)y * (unsigned)m->w + (unsigned)x), v);
}

/* The same for x or y >= -1: zeros at -1 (the texel table reads them from dof_zero4). */
__device__ static inline void dof_sat4_edge(const dof_image *m, int x, int y, unsigned *v)
{
    if (m->split) {
        dof_sat3_split(m, x, y, v);
    } else {
        const uint4 *inside = (const uint4 *)m->sat + ((unsigned)y * (unsigned)m->w + (unsigned)x);
        dof_sat4_from((x | y) < 0 ? &dof_zero4 : inside, v);
    }
}

/* One channel of the table at (x, y) >= 0 (the SAT view; the split table's fourth: 0). */
__device__ static inline unsigned dof_sat_word(const dof_image *m, int x, int y, int ch)
{
    if (!m->split) return __ldg(&m->sat[((size_t)y * m->w + x) * 4 + ch]);
    size_t i = sat_split_index(m->w, x, y);
    return ch < 2 ? __ldg(&m->sat[i * 2 + ch]) : ch == 2 ? __ldg(&m->bplane[i]) : 0u;
}

#define DOF_FN __device__ static inline
#define DOF_LAYER_FN __device__ static __forceinline__
#define DOF_DEPTH(m, x, y) tex2D<float>((m)->depth, (x) + 0.5f, (y) + 0.5f)
#define DOF_DEPTH_CLAMPS 1   /* the depth texture clamps at its edges (cuda_point_texture) */
#define DOF_SAT(m, x, y, ch) dof_sat_word(m, x, y, ch)
#define DOF_SAT4(m, x, y, v) dof_sat4_load(m, x, y, v)
#define DOF_SAT4_EDGE(m, x, y, v) dof_sat4_edge(m, x, y, v)
#define DOF_DIV(a, b) ((a) * dof_rcp(b))
#define DOF_UNROLL _Pragma("unroll")
#define DOF_ROLLED _Pragma("unroll 1")
#define DOF_NEAR_SPIRAL_AT(k, axis) dof_spiral[k][axis]
#define DOF_GUARD_GRID_OF(m) ((m)->guard_grid)
#define DOF_NEAR_GRID_OF(m) ((m)->near_grid)
/* a layer table at (x, y) >= -1: zeros at -1 (dof_zero4), one 16-byte load */
__device__ static inline void dof_layer4(const dof_image *m, int t, int x, int y, unsigned *v)
{
    const uint4 *inside = m->layers + (size_t)t * ((unsigned)m->w * (unsigned)m->h) + ((unsigned)y * (unsigned)m->w + (unsigned)x);
    dof_sat4_from((x | y) < 0 ? &dof_zero4 : inside, v);
}
#define DOF_LAYER4(m, t, x, y, v) dof_layer4(m, t, x, y, v)
#define DOF_COLOR(m, cx, cy, v)                                                   \
    do {                                                                          \
        float4 c_ = tex2D<float4>((m)->color, (cx) + 0.5f, (cy) + 0.5f);          \
        (v)[0] = c_.x, (v)[1] = c_.y, (v)[2] = c_.z, (v)[3] = c_.w;               \
    } while (0)
#include "dof/dof_math.h"
#include "kernels/dof/near_grid.cuh"

#include "kernels/dof/tune.h"

static_assert(DOF_NEAR_TILE_W == DOF_HALF_READY_ROW_W, "a gather warp is one flag's row of the half DoF");

/* The near field's tile pass in steps (the same values as dof_near_sample folded over a
 * tile, without a block's barrier). The samples lie on one grid for every tile (x = 4c +
 * 2, y = 4j + 2: tile origins are multiples of the stride), so
 * 0. dof_near_grid_kernel reads each sample's depth once (for 17 tile rows), keeps (r, d);
 * 1. dof_near_columns_kernel folds, for each sample column c and tile row, the column's
 *    samples within the tile row's reach (the 34 rows of its window whose disc reaches
 *    the row band: ey <= r + stride) into (R, D), their largest CoC and least depth;
 * 2. each warp of the gather folds the 40 columns of its tile's window whose R reaches
 *    the tile across (ex <= R + stride).
 * Exact: a sample passes for a tile iff ex and ey are both within r + stride; the
 * column's largest R passes ex whenever any of its samples does, and before the focus
 * the CoC falls as the depth grows, so the sample with the least depth D is one with
 * the largest R. */
/* Step 0, a thread a grid sample: r, its CoC where it lies before the focus with r >=
 * 1/2 (dof_near_sample's tests), else 0; d, its depth. */
__global__ void __launch_bounds__(256) dof_near_grid_kernel(dof_cuda_args a)
{
    int c = (int)(blockIdx.x * blockDim.x + threadIdx.x), j = (int)(blockIdx.y * blockDim.y + threadIdx.y);
    int rows = dof_cuda_near_samples(a.h);
    if (c >= a.near_cols_w || j >= rows) return;
    int sx = DOF_NEAR_STRIDE * c + DOF_NEAR_STRIDE / 2, sy = DOF_NEAR_STRIDE * j + DOF_NEAR_STRIDE / 2;
    float d = tex2D<float>(a.depth, sx + 0.5f, sy + 0.5f);
    dof_cuda_near_grid(a.near_cols, a.w, a.h)[(size_t)j * a.near_cols_w + c] = dof_near_grid_value(a.p.aperture, a.p.focus, d);
}

/* Step 1: 32 columns a block, each folded by 8 threads over every 8th row of its window. */
#define DOF_COLS_X 32
#define DOF_COLS_Y 8
__global__ void __launch_bounds__(DOF_COLS_X * DOF_COLS_Y) dof_near_columns_kernel(dof_cuda_args a)
{
    __shared__ float2 part[DOF_COLS_Y][DOF_COLS_X];
    pdl_trigger();   /* the gather may launch: it waits for this grid before reading it */
    int c = (int)(blockIdx.x * DOF_COLS_X + threadIdx.x), ty = (int)blockIdx.y;
    int ty0 = ty * DOF_NEAR_TILE_H, j0 = (ty0 - DOF_MAX_RADIUS) / DOF_NEAR_STRIDE, rows = dof_cuda_near_samples(a.h);
    const float2 *grid = dof_cuda_near_grid(a.near_cols, a.w, a.h);
    float r_max = 0.0f, d_min = 3.0e38f;
    enum { ROWS = (DOF_NEAR_SIDE_Y + DOF_COLS_Y - 1) / DOF_COLS_Y };
    float2 v[ROWS];
#pragma unroll
    for (int i = 0; i < ROWS; i++) {   /* the loads first, in flight together */
        int j = (int)threadIdx.y + i * DOF_COLS_Y, jg = j0 + j;
        bool in = j < DOF_NEAR_SIDE_Y && jg >= 0 && jg < rows && c < a.near_cols_w;
        v[i] = in ? __ldg(grid + (size_t)jg * a.near_cols_w + c) : make_float2(0.0f, 0.0f);
    }
#pragma unroll
    for (int i = 0; i < ROWS; i++) {
        int sy = DOF_NEAR_STRIDE * (j0 + (int)threadIdx.y + i * DOF_COLS_Y) + DOF_NEAR_STRIDE / 2;
        int ey = max(ty0 - sy, sy - (ty0 + DOF_NEAR_TILE_H - 1));
        if (v[i].x < 0.5f || (float)ey > v[i].x + (float)DOF_NEAR_STRIDE) continue;
        r_max = fmaxf(r_max, v[i].x);
        d_min = fminf(d_min, v[i].y);
    }
    part[threadIdx.y][threadIdx.x] = make_float2(r_max, d_min);
    __syncthreads();
    /* Launched after the table's build, this step reads the grid (written before the
     * table's write began: by the downsample before the build, or by the build's own
     * first kernel, which the tile write follows: sat_carries_v2's input_from_sums) but
     * not the table; it ends only once the build has, so that the gather, which waits
     * for this grid, reads a whole table. */
    pdl_wait();
    if (threadIdx.y != 0 || c >= a.near_cols_w) return;
#pragma unroll
    for (int k = 1; k < DOF_COLS_Y; k++) {
        float2 q = part[k][threadIdx.x];
        r_max = fmaxf(r_max, q.x);
        d_min = fminf(d_min, q.y);
    }
    ((float2 *)a.near_cols)[(size_t)ty * a.near_cols_w + c] = make_float2(r_max, d_min);
}

/* Step 2 for tile (tx, ty), in every warp of its block (a warp is a tile row): the
 * tile's near CoC RT and least near depth DT. */
__device__ static inline void dof_near_tile(const dof_cuda_args *a, int tx, int ty, float *rt, float *dt)
{
    const float2 *cols = (const float2 *)a->near_cols + (size_t)ty * a->near_cols_w;
    int tx0 = tx * DOF_NEAR_TILE_W, c0 = (tx0 - DOF_MAX_RADIUS) / DOF_NEAR_STRIDE;
    float r = 0.0f, d = 3.0e38f;
    for (int i = (int)threadIdx.x; i < DOF_NEAR_SIDE_X; i += 32) {
        int c = c0 + i;
        if (c < 0 || c >= a->near_cols_w) continue;
        float2 v = __ldg(cols + c);
        int sx = DOF_NEAR_STRIDE * c + DOF_NEAR_STRIDE / 2;
        int ex = max(tx0 - sx, sx - (tx0 + DOF_NEAR_TILE_W - 1));
        if (v.x < 0.5f || (float)ex > v.x + (float)DOF_NEAR_STRIDE) continue;
        r = fmaxf(r, v.x);
        d = fminf(d, v.y);
    }
#pragma unroll
    for (int o = 16; o > 0; o >>= 1) {
        r = fmaxf(r, __shfl_xor_sync(0xffffffffu, r, o));
        d = fminf(d, __shfl_xor_sync(0xffffffffu, d, o));
    }
    *rt = r, *dt = d;
}

extern "C" const void *dof_cuda_near_grid_kernel(void) { return (const void *)dof_near_grid_kernel; }

extern "C" const void *dof_cuda_near_columns_kernel(unsigned *block_x, unsigned *block_y)
{
    *block_x = DOF_COLS_X, *block_y = DOF_COLS_Y;
    return (const void *)dof_near_columns_kernel;
}

/* The warp's probe table for a tile whose spiral has radius RS (its near CoC times
 * dof_near_spread): lane k < N writes probe k (the spiral's point at RS rounded, its
 * distance). Every lane of the warp calls it. */
__device__ static inline void dof_near_probe_table(float2 *table, float rt, int n)
{
    int k = (int)(threadIdx.x & 31u);
    if (k < n) {
        int ox = (int)floorf(rt * dof_spiral[k][0] + 0.5f), oy = (int)floorf(rt * dof_spiral[k][1] + 0.5f);
        unsigned xy = (unsigned)ox << 16 | ((unsigned)oy & 0xffffu);   /* |offsets| <= DOF_MAX_RADIUS */
        table[k] = make_float2(__uint_as_float(xy), sqrtf((float)(ox * ox + oy * oy)));
    }
    __syncwarp();
}

/* The gather's result at (x, y) as four half floats: into the half DoF's linear buffer
 * (read by the composite from L2) or the output surface. */
__device__ static __forceinline__ void dof_store(const dof_cuda_args *a, int x, int y, const float *v)
{
    ushort4 o = make_ushort4(__half_as_ushort(__float2half(v[0])), __half_as_ushort(__float2half(v[1])),
                             __half_as_ushort(__float2half(v[2])), __half_as_ushort(__float2half(v[3])));
    if (a->half_out)
        ((ushort4 *)a->half_out)[(size_t)y * (unsigned)a->w + (unsigned)x] = o;
    else
        surf2Dwrite(o, a->out, x * (int)sizeof(ushort4), y);
}

/* ALPHA3: the fourth channel is a.alpha at every pixel, so only three are averaged.
 * SPLIT (with ALPHA3): the table in two planes. NEAR: the near field, the block its tile
 * (dof_near_tile). LAYERS (with DISC and NEAR): the near field and the far blur from the
 * layer tables (dof_layers_pixel) in place of the probes and the soft guard. */
template <bool ALPHA3, bool SPLIT, bool DISC, bool NEAR, bool LAYERS = false, bool GRID = false>
__global__ void __launch_bounds__(DOF_GATHER_THREADS, LAYERS ? DOF_LAYERS_BLOCKS : DISC ? DOF_DISC_BLOCKS : DOF_GATHER_BLOCKS) dof_gather_kernel(dof_cuda_args a)
{
    pdl_trigger();   /* the half composite may launch: it reads the frame, then waits for this grid's rows */
    /* Blocks in reverse order, the last rows first: their table lines, just written, are in L2. */
    int x = (gridDim.x - 1 - blockIdx.x) * DOF_NEAR_TILE_W + threadIdx.x,
        y = (gridDim.y - 1 - blockIdx.y) * DOF_NEAR_TILE_H + threadIdx.y;
    const unsigned *sat = (const unsigned *)a.sat;
    const unsigned *bplane = SPLIT ? sat + 2 * sat_split_plane_elems(a.w, a.h) : NULL;
    dof_image m = {&a.p, a.depth, sat, a.w, a.h, ALPHA3 ? 3 : 4, SPLIT, bplane, a.color, (const uint4 *)a.layers,
                   GRID ? dof_guard_grid(&a.p) : 1, GRID ? dof_near_grid(&a.p) : 1};
    const bool near = NEAR && a.p.view == DOF_VIEW_EFFECT;   /* the same in every thread */
    const int tx = (int)(gridDim.x - 1 - blockIdx.x), ty = (int)(gridDim.y - 1 - blockIdx.y);
    float tile_rt = 0.0f, tile_dt = 3.0e38f;   /* the tile's near CoC and least near depth */
    const bool inside = x < a.w && y < a.h;
    /* Before the wait, what reads only the depth: the disc's guarded radius. The depth is
     * the frame's, or the half downsample's, which was done before the table's build
     * began (sat_v2.cu: its tile write launches only then), so before this launch. */
    const bool early = DISC && NEAR && !LAYERS && a.p.view == DOF_VIEW_EFFECT;
    float r_disc = 0.0f;
    if (early && inside) r_disc = dof_disc_radius(&m, x, y);
    pdl_wait();      /* the table and the near field's columns, where this launch depends on them programmatically */
    float v[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    if (LAYERS && near) {   /* the layer tables' pixel needs the tile's CoC first */
        dof_near_tile(&a, tx, ty, &tile_rt, &tile_dt);
        /* the probes' table, for the foreground's own pixels (every lane of the warp) */
        if (tile_rt >= 0.5f)
            dof_near_probe_table(dof_probes[threadIdx.y], tile_rt * dof_near_spread(&a.p), dof_near_probes(&a.p));
        if (inside) {
            DOF_COLOR(&m, x, y, v);
            float al = dof_layers_pixel(&m, x, y, tile_rt, tile_dt, v);
            if (ALPHA3) v[3] = a.alpha;
            if (a.coverage_out) v[3] = al;   /* the half DoF: the near coverage, for the composite */
        }
    } else {
        if (inside) {
            /* done: v holds the output; else the pixel's own colour is read (most are blurred) */
            int done = 0;
            if (a.p.view == DOF_VIEW_BLUR) {
                float t = fminf(dof_radius(a.p.aperture, a.p.focus, DOF_DEPTH(&m, x, y)) / fmaxf(a.p.aperture, 1.0f), 1.0f);
                v[0] = t, v[1] = t * t, v[2] = 1.0f - t, v[3] = 1.0f;
                done = 1;
            } else if (a.p.view == DOF_VIEW_SAT) {
                /* The frame rebuilt from the table by small boxes: four reads a channel. */
                dof_box_mean(&m, x, y, DOF_SAT_VIEW_RADIUS, v);
                v[3] = 1.0f;
                done = 1;
            } else {
                if (early) {
                    done = r_disc >= 0.5f;
                    if (done) dof_disc_gather(&m, x, y, r_disc, v);
                } else {
                    done = DISC ? dof_gather_disc(&m, x, y, v) : dof_gather_boxes(&m, x, y, v);
                }
                if (ALPHA3) v[3] = a.alpha;
            }
            if (!done) {
                DOF_COLOR(&m, x, y, v);
            }
            if (a.coverage_out) v[3] = 0.0f;   /* no near layer over the pixel (yet) */
        }
        if (near && !LAYERS) {   /* LAYERS: only its debug views come here, with no near field */
            /* Step 2 of the near field's tile pass and the warp's probe table, after the
             * pixel's own gather: its loads then queue behind the gather's instead of holding
             * every warp for a round trip before it starts. Every lane of the warp takes part
             * (a warp is a tile row), inside the picture or not. */
            dof_near_tile(&a, tx, ty, &tile_rt, &tile_dt);
            if (tile_rt >= 0.5f)
                dof_near_probe_table(dof_probes[threadIdx.y], tile_rt * dof_near_spread(&a.p), dof_near_probes(&a.p));
            if (inside) {
                float col[4] = {0.0f, 0.0f, 0.0f, 0.0f};   /* alpha 0 leaves it: 0 x (col - v) must not read an unset value */
                float al = dof_near_layer(&m, x, y, DOF_DEPTH(&m, x, y), tile_rt, tile_dt, col);
                for (int ch = 0; ch < m.c; ch++) v[ch] += al * (col[ch] - v[ch]);
                if (a.coverage_out) v[3] = al;
            }
        }
    }
    if (inside) {
        dof_store(&a, x, y, v);
    }
    /* the half DoF's row, published for the composite (every lane, converged here) */
    if (a.ready) dof_ready_publish(a.ready, a.ready_w, x, y, a.h, a.epoch);
}

/* The kernel for the table's layout (a->split: written in planes, no choice) and the
 * gather's: fixed at compile time, so each path costs only its own instructions. */
template <bool DISC, bool NEAR, bool LAYERS, bool GRID>
static void (*dof_pick_layout(const dof_cuda_args *a))(dof_cuda_args)
{
    return a->split         ? dof_gather_kernel<true, true, DISC, NEAR, LAYERS, GRID>
           : a->alpha_const ? dof_gather_kernel<true, false, DISC, NEAR, LAYERS, GRID>
                            : dof_gather_kernel<false, false, DISC, NEAR, LAYERS, GRID>;
}

/* With or without the large apertures' grids (dof_math.h, dof_soft_radius_grid and
 * dof_near_layer_grid: where either spacing exceeds 1, dof_limits.h's DOF_USES_GRIDS):
 * the kernels for smaller apertures carry none of their code. */
template <bool DISC, bool NEAR, bool LAYERS>
static void (*dof_pick_kernel(const dof_cuda_args *a))(dof_cuda_args)
{
    return DOF_USES_GRIDS(&a->p) ? dof_pick_layout<DISC, NEAR, LAYERS, true>(a) : dof_pick_layout<DISC, NEAR, LAYERS, false>(a);
}

extern "C" const void *dof_cuda_gather_kernel(const dof_cuda_args *a)
{
    if (dof_uses_layers(&a->p)) return (const void *)dof_pick_kernel<true, true, true>(a);
    const bool disc = a->p.kernel == DOF_KERNEL_DISC;
    if (a->p.near || a->p.layers)
        return (const void *)(disc ? dof_pick_kernel<true, true, false>(a) : dof_pick_kernel<false, true, false>(a));
    return (const void *)(disc ? dof_pick_kernel<true, false, false>(a) : dof_pick_kernel<false, false, false>(a));
}
