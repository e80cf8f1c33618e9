/* Small-frontier BFS in one block (see bfs_block.h). Each level:
 *   A  after a barrier, every thread takes up to BFS_BLOCK_ITEMS frontier vertices
 *      (i = tid + k * BFS_BLOCK_THREADS) and loads their row bounds; the block sums
 *      the frontier's arcs (E) into s_deg; barrier;
 *   B  if the frontier is too large (count or E), the block stops; otherwise each
 *      thread expands its vertices of at most BB_SMALL arcs itself: all their columns
 *      loaded, then all the claims (atomicCAS -1 -> level + 1), then the warp-aggregated
 *      appends to the next shared queue, so the latencies overlap instead of adding up;
 *      vertices of more arcs are listed in s_big; barrier;
 *   C  the listed ones, a warp each, lanes striding over the arcs.
 * The next queue cannot overflow: it gets at most one entry per arc expanded, and
 * E <= BFS_BLOCK_MAX_ARCS, its size. Its counter (and s_deg, s_nbig) is zeroed in
 * phase A of the level before it is used, two barriers after its last reader. */
#include "bfs_block.h"
#include "kernels/common/cuda_util.cuh"
#include "graph_block.cuh"

#define BB_SMALL 4                                 /* arcs a thread expands alone */
#define BB_BIG_CAP (BFS_BLOCK_MAX_ARCS / BB_SMALL) /* vertices of > BB_SMALL arcs in E arcs */
#define BB_SMEM_BYTES                                                                                         \
    (2 * BFS_BLOCK_MAX_ARCS * sizeof(unsigned) + BB_BIG_CAP * (sizeof(long long) + sizeof(unsigned)))
#define BB_NONE 0xffffffffu

__global__ void __launch_bounds__(BFS_BLOCK_THREADS, 1)
    k_bfs_block(const long long *__restrict__ row, const unsigned *__restrict__ col, const unsigned *__restrict__ qin,
                unsigned qn, unsigned *qout, int *levels, int iter, bfs_block_state *state)
{
    extern __shared__ long long bb_smem[];
    long long *b_start = bb_smem;                                   /* BB_BIG_CAP */
    unsigned *sq0 = (unsigned *)(b_start + BB_BIG_CAP);             /* BFS_BLOCK_MAX_ARCS each */
    unsigned *sq1 = sq0 + BFS_BLOCK_MAX_ARCS, *b_deg = sq1 + BFS_BLOCK_MAX_ARCS;
    __shared__ unsigned s_cnt[2], s_nbig;
    __shared__ int s_overflow;
    __shared__ unsigned long long s_deg[2], s_exit_deg, s_scanned;
    const unsigned tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    if (tid == 0) {
        s_cnt[0] = qn < BFS_BLOCK_MAX_ARCS ? qn : BFS_BLOCK_MAX_ARCS;
        s_cnt[1] = 0;
        s_nbig = 0;
        s_overflow = qn > BFS_BLOCK_MAX_ARCS;
        s_deg[0] = s_deg[1] = 0;
        s_exit_deg = 0;
        s_scanned = 0;
    }
    for (unsigned i = tid; i < qn && i < BFS_BLOCK_MAX_ARCS; i += BFS_BLOCK_THREADS) sq0[i] = qin[i];
    int cur = 0, run = 0;
    unsigned cnt;
    for (;;) {
        __syncthreads();   /* the level's queue and count are complete */
        cnt = s_cnt[cur];
        if (cnt == 0 || cnt > BFS_BLOCK_MAX_VERTICES) break;
        unsigned *q = cur ? sq1 : sq0, *nq = cur ? sq0 : sq1;
        long long start[BFS_BLOCK_ITEMS], deg[BFS_BLOCK_ITEMS];
        unsigned long long mine = 0;
#pragma unroll
        for (int k = 0; k < BFS_BLOCK_ITEMS; k++) {
            unsigned i = tid + k * BFS_BLOCK_THREADS;
            start[k] = deg[k] = 0;
            if (i < cnt) {
                unsigned v = q[i];
                start[k] = __ldg(&row[v]);
                deg[k] = __ldg(&row[v + 1]) - start[k];
                mine += (unsigned long long)deg[k];
            }
        }
        mine = warp_sum(mine);
        if (lane == 0 && mine) atomicAdd(&s_deg[cur], mine);
        if (tid == 0) {
            s_cnt[cur ^ 1] = 0;
            s_deg[cur ^ 1] = 0;
            s_nbig = 0;
        }
        __syncthreads();   /* s_deg[cur] is the frontier's arc count */
        unsigned long long e_arcs = s_deg[cur];
        if (e_arcs > BFS_BLOCK_MAX_ARCS) break;
        if (tid == 0) s_scanned += e_arcs;
        unsigned nb[BFS_BLOCK_ITEMS][BB_SMALL];
#pragma unroll
        for (int k = 0; k < BFS_BLOCK_ITEMS; k++) {
            bool small = deg[k] <= BB_SMALL;
            if (!small) {
                unsigned slot = atomicAdd(&s_nbig, 1u);
                if (slot < BB_BIG_CAP) {
                    b_start[slot] = start[k];
                    b_deg[slot] = (unsigned)deg[k];
                } else {
                    s_overflow = 1;
                }
            }
#pragma unroll
            for (int j = 0; j < BB_SMALL; j++) nb[k][j] = small && j < deg[k] ? __ldg(&col[start[k] + j]) : BB_NONE;
        }
        int old[BFS_BLOCK_ITEMS][BB_SMALL];
#pragma unroll
        for (int k = 0; k < BFS_BLOCK_ITEMS; k++)
#pragma unroll
            for (int j = 0; j < BB_SMALL; j++) old[k][j] = nb[k][j] != BB_NONE ? atomicCAS(&levels[nb[k][j]], -1, iter + 1) : 0;
#pragma unroll
        for (int k = 0; k < BFS_BLOCK_ITEMS; k++)
#pragma unroll
            for (int j = 0; j < BB_SMALL; j++)
                warp_append(nb[k][j] != BB_NONE && old[k][j] == -1, nb[k][j], nq, &s_cnt[cur ^ 1], BFS_BLOCK_MAX_ARCS,
                            &s_overflow);
        __syncthreads();   /* the list of larger vertices is complete */
        unsigned nbig = s_nbig < BB_BIG_CAP ? s_nbig : BB_BIG_CAP;
        for (unsigned b = warp; b < nbig; b += BFS_BLOCK_THREADS / 32) {
            long long s = b_start[b];
            unsigned d = b_deg[b];
            for (unsigned base = 0; base < d; base += 32) {
                bool valid = base + lane < d;
                unsigned v = valid ? __ldg(&col[s + base + lane]) : 0;
                bool found = valid && atomicCAS(&levels[v], -1, iter + 1) == -1;
                warp_append(found, v, nq, &s_cnt[cur ^ 1], BFS_BLOCK_MAX_ARCS, &s_overflow);
            }
        }
        cur ^= 1;
        iter++;
        run++;
    }
    /* the frontier stopped at (or none) goes to global memory with its arc count (the
       clamp only matters if the queue overflowed, which the host reports) */
    if (cnt > BFS_BLOCK_MAX_ARCS) cnt = BFS_BLOCK_MAX_ARCS;
    const unsigned *q = cur ? sq1 : sq0;
    unsigned long long mine = 0;
    for (unsigned i = tid; i < cnt; i += BFS_BLOCK_THREADS) {
        unsigned v = q[i];
        qout[i] = v;
        mine += (unsigned long long)(__ldg(&row[v + 1]) - __ldg(&row[v]));
    }
    mine = warp_sum(mine);
    if (lane == 0 && mine) atomicAdd(&s_exit_deg, mine);
    __syncthreads();
    if (tid == 0) {
        state->count = cnt;
        state->iter = iter;
        state->degree = s_exit_deg;
        state->scanned = s_scanned;
        state->levels_run = run;
        state->overflow = s_overflow;
    }
}

extern "C" int bfs_block_prepare(int *fits, sw_error *err)
{
    return graph_block_smem((const void *)k_bfs_block, BB_SMEM_BYTES, fits, err);
}

extern "C" int bfs_launch_block_levels(const int64_t *row, const uint32_t *col, const uint32_t *qin, uint32_t qn,
                                       uint32_t *qout, int32_t *levels, int iter, bfs_block_state *state,
                                       sw_error *err)
{
    if (qn < 1 || qn > BFS_BLOCK_MAX_VERTICES)
        return sw_fail(err, "bfs_block_levels: a frontier of %u vertices; the block takes 1..%d", qn,
                       BFS_BLOCK_MAX_VERTICES);
    k_bfs_block<<<1, BFS_BLOCK_THREADS, BB_SMEM_BYTES>>>((const long long *)row, col, qin, qn, qout, levels, iter,
                                                         state);
    CUDA_TRY_LAUNCH("bfs_block_levels", err);
    return 0;
}
