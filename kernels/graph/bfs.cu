/* BFS kernels: the seed's edge-parallel level over COO, and the queue algorithms' level
 * loop (bfs.h) in one cooperative kernel whose levels are, by Beamer's rule, top-down
 * (load-balanced) or bottom-up; small frontiers leave it for the cluster (bfs_pool.cu). */
#include "bfs.h"
#include "bfs_colors.h"
#include "kernels/common/cuda_util.cuh"
#include "graph_block.cuh"

#include <cooperative_groups.h>
#include <stddef.h>

namespace cg = cooperative_groups;
static_assert(GRAPH_BLOCK == GRAPH_K_THREADS, "the launchers' blocks");

__global__ void k_bfs_init(int *levels, unsigned n, unsigned source)
{
    GRID_STRIDE(v, n) levels[v] = v == source ? 0 : -1;
}

/* The seed's kernel: reads through LV (const __restrict__, __ldg), writes through LV_W,
 * the same array; a stale read only makes a thread write the same ITER + 1 twice. */
__global__ void k_bfs_edge(const unsigned *__restrict__ st, const unsigned *__restrict__ en, unsigned long long m,
                           int both, const int *__restrict__ lv, int *lv_w, int iter, int *modif)
{
    GRID_STRIDE(k, m) {
        unsigned s = st[k], d = en[k];
        int ls = __ldg(&lv[s]), ld = __ldg(&lv[d]);
        if (ls == iter && ld < 0) {
            lv_w[d] = iter + 1;
            *modif = iter;
        } else if (both && ld == iter && ls < 0) {
            lv_w[s] = iter + 1;
            *modif = iter;
        }
    }
}

/* Queue or bitmap I of two, picked without indexing (and so copying) the parameters. */
__device__ __forceinline__ unsigned *pick(unsigned *const two[2], int i) { return i ? two[1] : two[0]; }

__global__ void k_bfs_start(bfs_level_args a, unsigned long long m, unsigned source)
{
    bfs_ctl *c = a.ctl;
    memset(c, 0, sizeof *c);
    c->step = BFS_STEP_TOP_DOWN;
    c->nf = 1;
    c->mf = (unsigned long long)(a.row[source + 1] - a.row[source]);
    c->mu = (double)m - (double)c->mf;
    a.q[0][0] = source;
}

/* The level's decision by RULE, the same in every thread (bfs.h). */
__device__ __forceinline__ void bfs_decide(bfs_ctl *s, const bfs_rule &r)
{
    if (!s->nf) {
        s->step = BFS_STEP_DONE;
        return;
    }
    const bool bu = s->step == BFS_STEP_BOTTOM_UP;
    if (!bu && r.small_v && !s->skip_small && s->nf <= r.small_v && s->mf <= r.small_a) {
        s->step = BFS_STEP_SMALL;
        return;
    }
    s->skip_small = 0;
    s->convert = BFS_CONVERT_NONE;
    if (r.direction_opt && !bu && s->nf > s->nf_prev && (double)s->mf > s->mu / r.alpha)
        s->step = BFS_STEP_BOTTOM_UP, s->convert = BFS_CONVERT_TO_BITMAP;
    else if (bu && (double)s->nf < (double)r.n / r.beta)
        s->step = BFS_STEP_TOP_DOWN, s->convert = BFS_CONVERT_TO_QUEUE;
}

/* A warp a word: to the bitmap, the ballot of "on level ITER"; to the queue, BM's set bits. */
__device__ void bfs_convert(const bfs_level_args &a, const bfs_rule &r, int convert, unsigned *bm, unsigned *q,
                            int iter, bfs_counters *cnt)
{
    const unsigned n = r.n, words = (n + 31) / 32, lane = threadIdx.x & 31;
    for (unsigned long long w = (blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x) / 32; w < words;
         w += (unsigned long long)gridDim.x * blockDim.x / 32) {
        unsigned v = (unsigned)w * 32 + lane;
        if (convert == BFS_CONVERT_TO_BITMAP) {
            unsigned word = __ballot_sync(FULL_MASK, v < n && __ldcg(&a.levels[v]) == iter);
            if (!lane) bm[w] = word;
        } else {
            warp_append((__ldcg(&bm[w]) >> lane) & 1u, v, q, &cnt->qlen);
        }
    }
}

/* Claims NB for level ITER + 1 and appends it (whole warps); a stale levels[nb] can only say -1. */
__device__ __forceinline__ void td_visit(bool valid, unsigned nb, const long long *row, unsigned *qout,
                                         bfs_counters *cnt, int *levels, int iter, unsigned long long *deg_sum)
{
    bool found = valid && levels[nb] < 0 && atomicCAS(&levels[nb], -1, iter + 1) == -1;
    if (found) *deg_sum += (unsigned long long)(row[nb + 1] - row[nb]);
    warp_append(found, nb, qout, &cnt->count);
}

/* Top-down: QIN's QN vertices, GRAPH_BLOCK a block at a time (fewer for a frontier smaller
 * than the grid, spread over many blocks), their arcs over the block (lb); hubs' go to segments. */
__device__ void bfs_top_down(const bfs_level_args &a, graph_lb *lb, const unsigned *qin, unsigned qn, unsigned *qout,
                             int iter, bfs_counters *cnt)
{
    const long long *row = (const long long *)a.row;
    unsigned long long deg_sum = 0;
    const unsigned per = qn >= gridDim.x * GRAPH_BLOCK ? GRAPH_BLOCK : (qn + gridDim.x - 1) / gridDim.x;
    for (unsigned long long chunk = (unsigned long long)blockIdx.x * per; chunk < qn;
         chunk += (unsigned long long)gridDim.x * per) {
        unsigned long long i = chunk + threadIdx.x;
        long long start = 0, deg = 0;
        unsigned v = 0;
        if (threadIdx.x < per && i < qn) {
            v = __ldcg(&qin[i]);
            start = row[v];
            deg = row[v + 1] - start;
        }
        bool big = deg > GRAPH_BIG_DEGREE;
        warp_hub_append(big, v, start, deg, GRAPH_HUB_SEGMENT, (long long *)a.hub_start, a.hub_v, &cnt->big);
        long long total = lb_load(lb, start, big ? 0 : deg);
        for (long long base = 0; base < total; base += GRAPH_BLOCK) {
            long long e = base + threadIdx.x;
            unsigned nb = 0;
            if (e < total) {
                int k = lb_find(lb, e);
                nb = a.col[lb->start[k] + (e - lb->off[k])];
            }
            td_visit(e < total, nb, row, qout, cnt, a.levels, iter, &deg_sum);
        }
        __syncthreads();   /* lb is refilled by the next chunk */
    }
    warp_sum_add(&cnt->degree, deg_sum);
}

/* The hubs: one listed segment a block. */
__device__ void bfs_top_down_big(const bfs_level_args &a, unsigned nseg, unsigned *qout, int iter, bfs_counters *cnt)
{
    const long long *row = (const long long *)a.row;
    unsigned long long deg_sum = 0;
    for (unsigned i = blockIdx.x; i < nseg; i += gridDim.x) {
        long long s = __ldcg((const long long *)&a.hub_start[i]), end = row[__ldcg(&a.hub_v[i]) + 1];
        if (end > s + GRAPH_HUB_SEGMENT) end = s + GRAPH_HUB_SEGMENT;
        for (long long base = s; base < end; base += GRAPH_BLOCK) {
            long long k = base + threadIdx.x;
            td_visit(k < end, k < end ? a.col[k] : 0, row, qout, cnt, a.levels, iter, &deg_sum);
        }
    }
    warp_sum_add(&cnt->degree, deg_sum);
}

/* Whether unreached V has an in-neighbour on the frontier FIN, one in-arc a trip (4 or 8 at once: slower). */
__device__ __forceinline__ bool bu_has_parent(const long long *rrow, const unsigned *rcol, const unsigned *fin,
                                              unsigned v, long long *start, long long *end)
{
    *start = rrow[v];
    *end = rrow[v + 1];
    for (long long k = *start; k < *end; k++) {
        unsigned u = __ldg(&rcol[k]);
        if ((__ldcg(&fin[u >> 5]) >> (u & 31)) & 1u) return true;
    }
    return false;
}

/* Bottom-up: a warp takes BU_CHUNK words at a time, a thread a vertex; FOUT's words are ballots. */
__device__ void bfs_bottom_up(const bfs_level_args &a, unsigned n, const unsigned *fin, unsigned *fout, int iter,
                              bfs_counters *cnt)
{
    const long long *rrow = (const long long *)a.rrow, *row = (const long long *)a.row;
    const unsigned words = (n + 31) / 32, lane = threadIdx.x & 31;
    unsigned long long deg_sum = 0;
    unsigned found_count = 0, next = lane ? 0 : atomicAdd(&cnt->bu_next, 1);
    for (;;) {
        unsigned w0 = __shfl_sync(FULL_MASK, next, 0) * BU_CHUNK;
        if (w0 >= words) break;
        if (!lane) next = atomicAdd(&cnt->bu_next, 1);
        for (unsigned w = w0; w < w0 + BU_CHUNK && w < words; w++) {
            unsigned v = w * 32 + lane;
            bool found = false;
            if (v < n && __ldcg(&a.levels[v]) < 0) {
                long long start, end;
                found = bu_has_parent(rrow, a.rcol, fin, v, &start, &end);
                if (found) {
                    a.levels[v] = iter + 1;
                    deg_sum += (unsigned long long)(row == rrow ? end - start : row[v + 1] - row[v]);
                }
            }
            unsigned word = __ballot_sync(FULL_MASK, found);
            if (!lane) fout[w] = word;
            found_count += (unsigned)__popc(word);
        }
    }
    if (!lane && found_count) atomicAdd(&cnt->count, found_count);
    warp_sum_add(&cnt->degree, deg_sum);
}

/* The level loop, one cooperative launch. Every block keeps the same state S in shared
 * memory (thread 0 updates it) from counters read after a grid barrier: level L's are
 * cnt[L % 3]; cnt[(L + 1) % 3], last read early in level L - 1, is zeroed in level L.
 * What other blocks wrote in this launch is read through L2 (__ldcg). */
__global__ void __launch_bounds__(GRAPH_BLOCK, SW_MIN_BLOCKS(GRAPH_BLOCK, BFS_RUN_BLOCKS_PER_SM))
    k_bfs_run(bfs_level_args a, bfs_rule r)
{
    __shared__ graph_lb lb;
    __shared__ bfs_ctl s;
    __shared__ int stop;
    cg::grid_group grid = cg::this_grid();
    if (threadIdx.x == 0) memcpy(&s, a.ctl, offsetof(bfs_ctl, cnt));
    for (int run = 0;; run++) {
        if (threadIdx.x == 0) {
            if (run) {   /* take in what the last level found */
                const bfs_counters *found = &a.ctl->cnt[s.iter % 3];
                s.nf_prev = s.nf;
                s.nf = __ldcg(&found->count);
                s.mf = __ldcg(&found->degree);
                s.mu -= (double)s.mf;
                s.iter++, s.cur ^= 1;
            }
            stop = r.max_levels && run == r.max_levels;
            if (!stop) bfs_decide(&s, r);
            if (s.step == BFS_STEP_TOP_DOWN) s.td_steps += !stop, s.arcs_scanned += stop ? 0 : s.mf;
            else if (s.step == BFS_STEP_BOTTOM_UP) s.bu_steps += !stop;
            if (blockIdx.x == 0 && !stop) memset(&a.ctl->cnt[(s.iter + 1) % 3], 0, sizeof(bfs_counters));
        }
        __syncthreads();
        if (stop || s.step >= BFS_STEP_DONE) break;
        bfs_counters *cnt = &a.ctl->cnt[s.iter % 3];
        unsigned *q = pick(a.q, s.cur), *bm = pick(a.bm, s.cur), *q_next = pick(a.q, s.cur ^ 1);
        if (s.convert != BFS_CONVERT_NONE) {
            bfs_convert(a, r, s.convert, bm, q, s.iter, cnt);
            grid.sync();
        }
        if (s.step == BFS_STEP_BOTTOM_UP) {
            bfs_bottom_up(a, r.n, bm, pick(a.bm, s.cur ^ 1), s.iter, cnt);
        } else {
            bfs_top_down(a, &lb, q, s.nf, q_next, s.iter, cnt);
            grid.sync();
            const unsigned nseg = __ldcg(&cnt->big);   /* the same in every thread: no hubs, no second pass */
            if (!nseg) continue;
            bfs_top_down_big(a, nseg, q_next, s.iter, cnt);
        }
        grid.sync();
    }
    if (blockIdx.x == 0 && threadIdx.x == 0) memcpy(a.ctl, &s, offsetof(bfs_ctl, cnt));
}

extern "C" uint64_t graph_hub_capacity(uint32_t n, uint64_t m) { return m / GRAPH_HUB_SEGMENT + n + 1; }

__global__ void k_bfs_colorize(const int *levels, unsigned n, int level, unsigned *rgba)
{
    GRID_STRIDE(v, n) rgba[v] = bfs_level_color(levels[v], level);
}

extern "C" const void *bfs_kernel(int which)
{
    const void *k[BFS_K_COUNT] = {(const void *)k_bfs_init, (const void *)k_bfs_edge, (const void *)k_bfs_start,
                                  (const void *)k_bfs_run, (const void *)k_bfs_colorize};
    return which >= 0 && which < BFS_K_COUNT ? k[which] : NULL;
}
