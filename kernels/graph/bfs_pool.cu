/* Small-frontier BFS (grids, roads, R-MAT's tails) in one thread-block cluster of NB
 * blocks (the grid; one block below sm_90), one cluster barrier a level, while the
 * frontier fits bfs.h's limits: a road grid's thousands of levels cost one launch.
 * A frontier of T vertices is a pool of T entries (vertex, first arc, degree); entry s
 * lives in block s % NB at index s / NB, an even share in each block's shared memory.
 * Level r (p = r & 1) expands pool[p] into pool[p ^ 1]:
 *   top  each thread reads T and A (the frontier's arcs) from its block's s_t[p],
 *        s_a[p], which every block fed (remote max, add) before the cluster barrier;
 *        T 0 or A past the pool's size: every block stops here;
 *   B    a thread takes up to BFS_POOL_ITEMS entries of its block, loads all columns of
 *        those of at most BP_SMALL arcs, claims them (atomicCAS -1 -> level + 1) and
 *        lists the larger entries; the block counts its finds;
 *   S1   the finds' row bounds load while thread 0 reserves the block's slots of
 *        pool[p ^ 1] (one remote atomicAdd on block 0's s_cnt[p ^ 1]);
 *   S2   the finds go to their slots (16-byte remote stores); listed entries are
 *        expanded a warp each, 32 arcs and one reservation at a time;
 *   S3   warp 0 sends the block's last slot + 1 (max) and its finds' arcs (sum) to every
 *        block's s_t[p ^ 1], s_a[p ^ 1]; the cluster barrier ends the level.
 * S1..S3 are block barriers. Nothing is rewritten before the barrier that ends its
 * reading: pool[p ^ 1] was last read in level r - 1; s_t[p], s_a[p] (read before S1)
 * and block 0's s_cnt[p] (its atomics were in level r - 1) are zeroed after S1 and
 * written again in level r + 1. Nothing remote is touched between a level's barrier and
 * the exit; a last barrier keeps every block's shared memory alive until all are done. */
#include "bfs.h"
#include "graph_block.cuh"
#include <cooperative_groups.h>

/* Below sm_90, or with NB = 1, the cluster barrier is __syncthreads and the pool a block's own. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define GRAPH_CLUSTER 1
#else
#define GRAPH_CLUSTER 0
#endif

/* The NB blocks' barrier: earlier writes (local, remote, atomic) are seen cluster-wide after it. */
__device__ __forceinline__ void graph_cluster_sync(unsigned nb)
{
#if GRAPH_CLUSTER
    if (nb > 1) {
        asm volatile("barrier.cluster.arrive.release;\n\tbarrier.cluster.wait.acquire;" ::: "memory");
        return;
    }
#endif
    (void)nb;
    __syncthreads();
}

/* P (in this block's shared memory) as seen in block R's of the NB. */
template <typename T> __device__ __forceinline__ T *graph_cluster_map(T *p, unsigned r, unsigned nb)
{
#if GRAPH_CLUSTER
    if (nb > 1) return cooperative_groups::this_cluster().map_shared_rank(p, r);
#endif
    (void)r, (void)nb;
    return p;
}

#define BP_SMALL 4                                           /* arcs a thread expands alone */
#define BP_FINDS (BFS_POOL_ITEMS * BP_SMALL)                 /* a thread's candidates a level */
#define BP_CAP (BFS_POOL_THREADS * BFS_POOL_ITEMS)           /* a block's entries of one pool */
#define BP_WARPS (BFS_POOL_THREADS / 32)
static_assert(BFS_POOL_SMEM_BYTES == 2 * BP_CAP * sizeof(longlong2) + BP_CAP * sizeof(unsigned), "the pools, a list");
#define BP_NONE 0xffffffffu

/* An entry: x the first arc; y the vertex (low 32 bits), degree (high 32, clamped: too big to expand). */
__device__ __forceinline__ unsigned bp_clamp(long long deg) { return deg < 0xffffffffll ? (unsigned)deg : 0xffffffffu; }
__device__ __forceinline__ longlong2 bp_entry(unsigned v, long long start, unsigned deg)
{
    return make_longlong2(start, (long long)(((unsigned long long)deg << 32) | v));
}
__device__ __forceinline__ unsigned bp_vertex(longlong2 e) { return (unsigned)(unsigned long long)e.y; }
__device__ __forceinline__ unsigned bp_degree(longlong2 e) { return (unsigned)((unsigned long long)e.y >> 32); }

/* Entry E to slot S of POOL (spread over the cluster); past the pool a guard is set. */
__device__ __forceinline__ void bp_put(longlong2 *pool, unsigned s, longlong2 e, unsigned nb, int *overflow)
{
    if (s < nb * BP_CAP) *graph_cluster_map(&pool[s / nb], s % nb, nb) = e;
    else *overflow = 1;
}

/* Entries of a pool of T that block RANK of NB holds. */
__device__ __forceinline__ unsigned bp_own(unsigned t, unsigned rank, unsigned nb)
{
    return t > rank ? (t - rank - 1) / nb + 1 : 0;
}

__global__ void __launch_bounds__(BFS_POOL_THREADS, 1)
    k_bfs_pool(const long long *__restrict__ row, const unsigned *__restrict__ col, const unsigned *__restrict__ qin,
               unsigned qn, unsigned *qout, int *levels, int iter, bfs_block_state *state)
{
    extern __shared__ longlong2 bp_smem[];
    longlong2 *pool0 = bp_smem, *pool1 = bp_smem + BP_CAP;   /* BP_CAP entries each */
    unsigned *big = (unsigned *)(bp_smem + 2 * BP_CAP);       /* BP_CAP: indices of larger entries */
    __shared__ unsigned s_t[2], s_cnt[2], s_found, s_base, s_end, s_nbig;
    __shared__ unsigned long long s_a[2], s_arcs;
    __shared__ int s_overflow;
    const unsigned tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const unsigned nb = gridDim.x, rank = blockIdx.x;   /* the grid is one cluster */
    const unsigned long long cap = (unsigned long long)nb * BP_CAP;
    if (tid == 0) {
        s_t[0] = qn;
        s_t[1] = s_cnt[0] = s_cnt[1] = s_found = s_base = s_end = s_nbig = 0;
        s_a[0] = s_a[1] = s_arcs = 0;
        s_overflow = 0;
    }
    __syncthreads();   /* s_arcs is zero */
    {   /* this block's slots of QIN (qn <= cap: at most BP_CAP of them) */
        unsigned own = bp_own(qn, rank, nb);
        unsigned long long mine = 0;
        for (unsigned i = tid; i < own; i += BFS_POOL_THREADS) {
            unsigned v = qin[rank + i * nb];
            long long s = __ldg(&row[v]), d = __ldg(&row[v + 1]) - s;
            pool0[i] = bp_entry(v, s, bp_clamp(d));
            mine += (unsigned long long)d;
        }
        warp_sum_add(&s_arcs, mine);
    }
    graph_cluster_sync(nb);   /* every block's counters are zero and its s_arcs complete */
    if (warp == 0) {
        unsigned long long arcs = s_arcs;
        if (lane < nb && arcs) atomicAdd(graph_cluster_map(&s_a[0], lane, nb), arcs);
        __syncwarp();
        if (lane == 0) s_arcs = 0;
    }
    int run = 0;
    unsigned t = 0;
    unsigned long long a = 0, scanned = 0;
    for (;;) {
        graph_cluster_sync(nb);   /* pool[p], s_t[p] and s_a[p] are complete in every block */
        const int p = run & 1;
        t = s_t[p];
        a = s_a[p];
        if (t == 0 || a > cap || t > cap) break;   /* the same in every block */
        scanned += a;
        const longlong2 *q = p ? pool1 : pool0;
        longlong2 *nq = p ? pool0 : pool1;
        const unsigned own = bp_own(t, rank, nb);
        unsigned nbv[BP_FINDS];   /* entry k's arc j is nbv[k * BP_SMALL + j] */
#pragma unroll
        for (int k = 0; k < BFS_POOL_ITEMS; k++) {
            unsigned i = tid + k * BFS_POOL_THREADS;
            long long start = 0;
            unsigned deg = 0;
            if (i < own) {
                longlong2 e = q[i];
                start = e.x;
                deg = bp_degree(e);
            }
            bool small = deg <= BP_SMALL;
            if (!small) big[atomicAdd(&s_nbig, 1u)] = i;   /* < own <= BP_CAP */
#pragma unroll
            for (int j = 0; j < BP_SMALL; j++)
                nbv[k * BP_SMALL + j] = small && j < deg ? __ldg(&col[start + j]) : BP_NONE;
        }
        int old[BP_FINDS];
#pragma unroll
        for (int f = 0; f < BP_FINDS; f++) old[f] = nbv[f] != BP_NONE ? atomicCAS(&levels[nbv[f]], -1, iter + 1) : 0;
        unsigned nfound = 0;
#pragma unroll
        for (int f = 0; f < BP_FINDS; f++) {
            if (nbv[f] != BP_NONE && old[f] == -1) nfound++;
            else nbv[f] = BP_NONE;   /* not this thread's find */
        }
        /* this warp's finds get consecutive places in the block's reservation */
        unsigned inc = warp_inclusive_sum(nfound), wtot = __shfl_sync(FULL_MASK, inc, 31), woff = 0;
        if (lane == 31 && wtot) woff = atomicAdd(&s_found, wtot);
        woff = __shfl_sync(FULL_MASK, woff, 31) + inc - nfound;
        __syncthreads();   /* S1: s_found and the list of larger entries are complete; s_t[p], s_a[p] read */
        long long fs[BP_FINDS], fe[BP_FINDS];   /* the finds' row bounds, while thread 0 reserves */
#pragma unroll
        for (int f = 0; f < BP_FINDS; f++) {
            fs[f] = fe[f] = 0;
            if (nbv[f] != BP_NONE) {
                fs[f] = __ldg(&row[nbv[f]]);
                fe[f] = __ldg(&row[nbv[f] + 1]);
            }
        }
        if (tid == 0) {
            unsigned n = s_found;
            if (n) {
                unsigned b = atomicAdd(graph_cluster_map(&s_cnt[p ^ 1], 0, nb), n);
                s_base = b;
                s_end = b + n;
            }
            s_t[p] = 0;
            s_a[p] = 0;
            if (rank == 0) s_cnt[p] = 0;
        }
        __syncthreads();   /* S2: s_base */
        unsigned long long farcs = 0;   /* the arcs of this thread's finds */
        if (nfound) {
            unsigned slot = s_base + woff;
#pragma unroll
            for (int f = 0; f < BP_FINDS; f++)
                if (nbv[f] != BP_NONE) {
                    farcs += (unsigned long long)(fe[f] - fs[f]);
                    bp_put(nq, slot++, bp_entry(nbv[f], fs[f], bp_clamp(fe[f] - fs[f])), nb, &s_overflow);
                }
        }
        const unsigned nbig = s_nbig;
        for (unsigned b = warp; b < nbig; b += BP_WARPS) {   /* the larger entries, a warp each */
            longlong2 e = q[big[b]];
            const long long s = e.x;
            const unsigned d = bp_degree(e);
            for (unsigned base = 0; base < d; base += 32) {
                bool valid = base + lane < d;
                unsigned v = valid ? __ldg(&col[s + base + lane]) : 0;
                bool found = valid && atomicCAS(&levels[v], -1, iter + 1) == -1;
                long long vs = 0, vd = 0;
                if (found) {
                    vs = __ldg(&row[v]);
                    vd = __ldg(&row[v + 1]) - vs;
                    farcs += (unsigned long long)vd;
                }
                unsigned mask = __ballot_sync(FULL_MASK, found), slot = 0;
                if (!mask) continue;
                if (lane == 0) {
                    slot = atomicAdd(graph_cluster_map(&s_cnt[p ^ 1], 0, nb), (unsigned)__popc(mask));
                    atomicMax(&s_end, slot + (unsigned)__popc(mask));
                }
                slot = __shfl_sync(FULL_MASK, slot, 0) + (unsigned)__popc(mask & ((1u << lane) - 1));
                if (found) bp_put(nq, slot, bp_entry(v, vs, bp_clamp(vd)), nb, &s_overflow);
            }
        }
        warp_sum_add(&s_arcs, farcs);
        __syncthreads();   /* S3: the block's finds are placed; s_end and s_arcs complete */
        if (warp == 0) {
            unsigned end = s_end;
            unsigned long long arcs = s_arcs;
            if (lane < nb) {
                if (end) atomicMax(graph_cluster_map(&s_t[p ^ 1], lane, nb), end);
                if (arcs) atomicAdd(graph_cluster_map(&s_a[p ^ 1], lane, nb), arcs);
            }
            __syncwarp();
            if (lane == 0) s_found = s_end = s_nbig = 0, s_arcs = 0;
        }
        iter++;
        run++;
    }
    const longlong2 *q = (run & 1) ? pool1 : pool0;   /* the frontier it stopped at, to QOUT */
    const unsigned own = min(bp_own(t, rank, nb), (unsigned)BP_CAP);   /* the clamp: only after an overflow */
    for (unsigned i = tid; i < own; i += BFS_POOL_THREADS) qout[rank + i * nb] = bp_vertex(q[i]);
    if (tid == 0) {
        if (s_overflow) atomicExch(&state->overflow, 1);
        if (rank == 0) {
            state->count = t;
            state->iter = iter;
            state->degree = a;
            state->scanned = scanned;
            state->levels_run = run;
        }
    }
    graph_cluster_sync(nb);   /* no block leaves while another may still use its shared memory */
}

extern "C" const void *bfs_pool_kernel(void) { return (const void *)k_bfs_pool; }
