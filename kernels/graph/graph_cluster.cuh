/* A grid that is one thread-block cluster (the adaptive BFS's level loop, bfs_pool.cu):
 * the cluster barrier, other blocks' shared memory, the launch
 * configuration, and the largest cluster the device places. Below sm_90, or with one
 * block, the barrier is the block's and every pointer is the block's own. */
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

/* A grid of one cluster of CLUSTER blocks of THREADS with SMEM bytes of dynamic shared
 * memory each, on STREAM (CLUSTER 1: a plain one-block launch). ATTR is its storage. */
static inline cudaLaunchConfig_t graph_cluster_config(int cluster, unsigned threads, size_t smem, cudaStream_t stream,
                                                      cudaLaunchAttribute *attr)
{
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3((unsigned)cluster, 1, 1);
    cfg.blockDim = dim3(threads, 1, 1);
    cfg.dynamicSmemBytes = smem;
    cfg.stream = stream;
    if (cluster > 1) {
        *attr = cudaLaunchAttribute{};
        attr->id = cudaLaunchAttributeClusterDimension;
        attr->val.clusterDim.x = (unsigned)cluster;
        attr->val.clusterDim.y = 1;
        attr->val.clusterDim.z = 1;
        cfg.attrs = attr;
        cfg.numAttrs = 1;
    }
    return cfg;
}

/* The cluster size KERNEL runs with on this device (*CLUSTER 1..MAX; 0: SMEM does not
 * fit a block), its shared-memory limit (and above 8 blocks the non-portable sizes)
 * set for it. WANT 0 takes the largest the device places; otherwise at most WANT. */
static inline int graph_cluster_pick(const void *kernel, unsigned threads, size_t smem, int want, int max, int *cluster,
                                     sw_error *err)
{
    int fits, dev, major = 0;
    *cluster = 0;
    if (graph_block_smem(kernel, smem, &fits, err)) return -1;
    if (!fits) return 0;
    CUDA_TRY(cudaGetDevice(&dev), err);
    CUDA_TRY(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, dev), err);
    int top = want > 0 && want < max ? want : max;
    *cluster = 1;
    if (major < 9 || top < 2) return 0;
    if (top > 8) CUDA_TRY(cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1), err);
    for (int c = top; c > 1; c--) {
        cudaLaunchAttribute attr;
        cudaLaunchConfig_t cfg = graph_cluster_config(c, threads, smem, 0, &attr);
        int active = 0;
        if (cudaOccupancyMaxActiveClusters(&active, kernel, &cfg) != cudaSuccess) {
            cudaGetLastError();
            continue;
        }
        if (active >= 1) {
            *cluster = c;
            return 0;
        }
    }
    return 0;
}

#endif
