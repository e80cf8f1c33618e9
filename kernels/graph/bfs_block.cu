/* Small-frontier BFS in one thread-block cluster (bfs_block.h). The grid is one cluster
 * of NB blocks; each block keeps the vertices it finds in its own shared queue. A level:
 *   A  after a cluster barrier, warp 0 sums the blocks' queue counts (read through
 *      distributed shared memory) into s_pre; the frontier (the queues end to end) is
 *      cut into NB equal slices; each thread loads the row bounds of up to
 *      BFS_BLOCK_ITEMS vertices of its block's slice; the block sums its arcs;
 *   B  after a cluster barrier, every block reads all the sums: past the limits every
 *      block stops; else each thread claims the neighbours of its vertices of at most
 *      BB_SMALL arcs (all columns loaded, then all atomicCAS -1 -> level + 1, then
 *      warp-aggregated appends) and lists larger ones;
 *   C  after a block barrier, the listed vertices, a warp each.
 * A next queue gets at most one entry per arc its block expands (<= E <=
 * BFS_BLOCK_MAX_ARCS, its size). What other blocks read (s_cnt, queues, s_arcs) is
 * rewritten only after the cluster barrier that ends their reading. On exit each block
 * copies its queue to QOUT at its prefix, then waits at a last barrier so that no
 * block leaves while another may read its memory. Below sm_90, or with NB = 1, the
 * barriers are __syncthreads. */
#include "bfs_block.h"
#include "kernels/common/cuda_util.cuh"
#include "graph_block.cuh"
#include "graph_cluster.cuh"

#define BB_SMALL 4                                           /* arcs a thread expands alone */
#define BB_BIG_CAP (BFS_BLOCK_THREADS * BFS_BLOCK_ITEMS)     /* a block's slice, at most */
#define BB_SMEM_BYTES                                                                                         \
    (2 * BFS_BLOCK_MAX_ARCS * sizeof(unsigned) + BB_BIG_CAP * (sizeof(long long) + sizeof(unsigned)))
#define BB_NONE 0xffffffffu

__global__ void __launch_bounds__(BFS_BLOCK_THREADS, 1)
    k_bfs_cluster(const long long *__restrict__ row, const unsigned *__restrict__ col,
                  const unsigned *__restrict__ qin, unsigned qn, unsigned *qout, int *levels, int iter,
                  bfs_block_state *state)
{
    extern __shared__ long long bb_smem[];
    long long *b_start = bb_smem;                                   /* BB_BIG_CAP */
    unsigned *sq0 = (unsigned *)(b_start + BB_BIG_CAP);             /* BFS_BLOCK_MAX_ARCS each */
    unsigned *sq1 = sq0 + BFS_BLOCK_MAX_ARCS, *b_deg = sq1 + BFS_BLOCK_MAX_ARCS;
    __shared__ unsigned s_cnt[2], s_nbig, s_pre[BFS_CLUSTER_MAX + 1];
    __shared__ int s_overflow;
    __shared__ unsigned long long s_arcs[2], s_e, s_exit_deg;
    const unsigned tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const unsigned nb = gridDim.x, rank = blockIdx.x;   /* the grid is one cluster */
    const unsigned long long max_v = (unsigned long long)nb * BFS_BLOCK_THREADS * BFS_BLOCK_ITEMS;
    {   /* this block's slice of QIN (at most BB_BIG_CAP <= the queue's size) */
        unsigned lo = (unsigned)((unsigned long long)qn * rank / nb), hi = (unsigned)((unsigned long long)qn * (rank + 1) / nb);
        for (unsigned i = lo + tid; i < hi; i += BFS_BLOCK_THREADS) sq0[i - lo] = qin[i];
        if (tid == 0) {
            s_cnt[0] = hi - lo;
            s_cnt[1] = 0;
            s_nbig = 0;
            s_overflow = 0;
            s_arcs[0] = s_arcs[1] = 0;
            s_exit_deg = 0;
        }
    }
    int cur = 0, run = 0;
    unsigned long long scanned = 0, total = 0;
    for (;;) {
        graph_cluster_sync(nb);   /* every block's queue and count of this level are complete */
        const int p = run & 1;
        if (warp == 0) {
            unsigned c = lane < nb ? *graph_cluster_map(&s_cnt[cur], lane, nb) : 0u;
            unsigned inc = warp_inclusive_sum_u32(c);
            if (lane == 0) s_pre[0] = 0;
            if (lane < nb) s_pre[lane + 1] = inc;
        }
        if (tid == 0) {
            s_cnt[cur ^ 1] = 0;
            s_arcs[p ^ 1] = 0;
            s_nbig = 0;
        }
        __syncthreads();   /* s_pre */
        total = s_pre[nb];
        if (total == 0 || total > max_v) break;
        const unsigned lo = (unsigned)(total * rank / nb), hi = (unsigned)(total * (rank + 1) / nb);
        unsigned *q = cur ? sq1 : sq0, *nq = cur ? sq0 : sq1;
        long long start[BFS_BLOCK_ITEMS], deg[BFS_BLOCK_ITEMS];
        unsigned long long mine = 0;
#pragma unroll
        for (int k = 0; k < BFS_BLOCK_ITEMS; k++) {
            unsigned i = lo + tid + k * BFS_BLOCK_THREADS;
            start[k] = deg[k] = 0;
            if (i < hi) {
                unsigned r = 0;
                while (r + 1 < nb && s_pre[r + 1] <= i) r++;
                unsigned v = graph_cluster_map(q, r, nb)[i - s_pre[r]];
                start[k] = __ldg(&row[v]);
                deg[k] = __ldg(&row[v + 1]) - start[k];
                mine += (unsigned long long)deg[k];
            }
        }
        mine = warp_sum(mine);
        if (lane == 0 && mine) atomicAdd(&s_arcs[p], mine);
        graph_cluster_sync(nb);   /* every block's s_arcs[p] */
        if (warp == 0) {
            unsigned long long a = lane < nb ? *graph_cluster_map(&s_arcs[p], lane, nb) : 0ull;
            a = warp_sum(a);
            if (lane == 0) s_e = a;
        }
        __syncthreads();   /* s_e */
        const unsigned long long e_arcs = s_e;
        if (e_arcs > BFS_BLOCK_MAX_ARCS) break;
        scanned += e_arcs;
        unsigned nbv[BFS_BLOCK_ITEMS][BB_SMALL];
#pragma unroll
        for (int k = 0; k < BFS_BLOCK_ITEMS; k++) {
            bool small = deg[k] <= BB_SMALL;
            if (!small) {
                unsigned slot = atomicAdd(&s_nbig, 1u);   /* < the slice's size <= BB_BIG_CAP */
                if (slot < BB_BIG_CAP) {
                    b_start[slot] = start[k];
                    b_deg[slot] = (unsigned)deg[k];
                } else {
                    s_overflow = 1;
                }
            }
#pragma unroll
            for (int j = 0; j < BB_SMALL; j++) nbv[k][j] = small && j < deg[k] ? __ldg(&col[start[k] + j]) : BB_NONE;
        }
        int old[BFS_BLOCK_ITEMS][BB_SMALL];
#pragma unroll
        for (int k = 0; k < BFS_BLOCK_ITEMS; k++)
#pragma unroll
            for (int j = 0; j < BB_SMALL; j++)
                old[k][j] = nbv[k][j] != BB_NONE ? atomicCAS(&levels[nbv[k][j]], -1, iter + 1) : 0;
#pragma unroll
        for (int k = 0; k < BFS_BLOCK_ITEMS; k++)
#pragma unroll
            for (int j = 0; j < BB_SMALL; j++)
                warp_append(nbv[k][j] != BB_NONE && old[k][j] == -1, nbv[k][j], nq, &s_cnt[cur ^ 1], BFS_BLOCK_MAX_ARCS,
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
    /* The frontier stopped at (or none): each block's queue to QOUT at its prefix, with
       its arcs (the clamp only matters if a queue overflowed, which the host reports). */
    unsigned cnt = s_cnt[cur] < BFS_BLOCK_MAX_ARCS ? s_cnt[cur] : BFS_BLOCK_MAX_ARCS, base = s_pre[rank];
    const unsigned *q = cur ? sq1 : sq0;
    unsigned long long mine = 0;
    for (unsigned i = tid; i < cnt; i += BFS_BLOCK_THREADS) {
        unsigned v = q[i];
        qout[base + i] = v;
        mine += (unsigned long long)(__ldg(&row[v + 1]) - __ldg(&row[v]));
    }
    mine = warp_sum(mine);
    if (lane == 0 && mine) atomicAdd(&s_exit_deg, mine);
    __syncthreads();
    if (tid == 0) {
        if (s_exit_deg) atomicAdd(&state->degree, s_exit_deg);
        if (s_overflow) atomicExch(&state->overflow, 1);
        if (rank == 0) {
            state->count = (unsigned)total;
            state->iter = iter;
            state->scanned = scanned;
            state->levels_run = run;
        }
    }
    graph_cluster_sync(nb);   /* no block leaves while another may still read its shared memory */
}

extern "C" uint32_t bfs_block_max_vertices(int cluster)
{
    return (uint32_t)(cluster > 0 ? cluster : 0) * BFS_BLOCK_THREADS * BFS_BLOCK_ITEMS;
}

extern "C" int bfs_block_prepare(int want, int *cluster, sw_error *err)
{
    return graph_cluster_pick((const void *)k_bfs_cluster, BFS_BLOCK_THREADS, BB_SMEM_BYTES, want, BFS_CLUSTER_MAX,
                              cluster, err);
}

extern "C" int bfs_launch_block_levels(int cluster, const int64_t *row, const uint32_t *col, const uint32_t *qin,
                                       uint32_t qn, uint32_t *qout, int32_t *levels, int iter, bfs_block_state *state,
                                       cudaStream_t stream, sw_error *err)
{
    if (cluster < 1 || cluster > BFS_CLUSTER_MAX)
        return sw_fail(err, "bfs_block_levels: a cluster of %d blocks; it takes 1..%d", cluster, BFS_CLUSTER_MAX);
    if (qn < 1 || qn > bfs_block_max_vertices(cluster))
        return sw_fail(err, "bfs_block_levels: a frontier of %u vertices; a cluster of %d takes 1..%u", qn, cluster,
                       bfs_block_max_vertices(cluster));
    CUDA_TRY(cudaMemsetAsync(state, 0, sizeof *state, stream), err);
    cudaLaunchAttribute attr;
    cudaLaunchConfig_t cfg = graph_cluster_config(cluster, BFS_BLOCK_THREADS, BB_SMEM_BYTES, stream, &attr);
    CUDA_TRY(cudaLaunchKernelEx(&cfg, k_bfs_cluster, (const long long *)row, (const unsigned *)col,
                                (const unsigned *)qin, (unsigned)qn, (unsigned *)qout, (int *)levels, iter, state),
             err);
    CUDA_TRY_LAUNCH("bfs_block_levels", err);
    return 0;
}
