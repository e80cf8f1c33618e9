/* A grid that is one thread-block cluster (the adaptive BFS's level loop, bfs_pool.cu):
 * the cluster barrier and other blocks' shared memory (the launch configuration and
 * the cluster size: cuda_cluster_config, cuda_cluster_pick in cuda_util.cuh). Below
 * sm_90, or with one block, the barrier is the block's and every pointer is the
 * block's own. */
#ifndef SCANWORKS_KERNELS_GRAPH_CLUSTER_CUH
#define SCANWORKS_KERNELS_GRAPH_CLUSTER_CUH

#include <cooperative_groups.h>
#include "graph_block.cuh"

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#define GRAPH_CLUSTER 1
#else
#define GRAPH_CLUSTER 0
#endif

/* The barrier of the NB blocks: this thread's earlier writes (local, remote, atomic) are
 * seen by every thread of the cluster after it (arrive.release, wait.acquire: the
 * defaults of cooperative_groups' cluster sync, spelled out). */
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

#endif
