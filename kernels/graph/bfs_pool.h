/* BFS levels of small frontiers (grids, roads, paths, R-MAT's tails) in one launch: a
 * thread-block cluster (up to BFS_CLUSTER_MAX blocks, sm_90; one block elsewhere) runs
 * top-down levels, one cluster barrier each (bfs_pool.cu), while the frontier fits the
 * limits below, then leaves it in QOUT for the full-GPU kernels (bfs.h). A road-like
 * grid's thousands of levels cost one launch instead of a host round trip each. */
#ifndef SCANWORKS_KERNELS_BFS_POOL_H
#define SCANWORKS_KERNELS_BFS_POOL_H

#include <cuda_runtime_api.h>
#include <stdint.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BFS_CLUSTER_MAX 16
#define BFS_POOL_THREADS 512
#define BFS_POOL_ITEMS 4   /* frontier entries per thread; a block holds THREADS x ITEMS */
/* A block's dynamic shared memory: two pools of 16-byte entries, a list of indices. */
#define BFS_POOL_SMEM_BYTES (BFS_POOL_THREADS * BFS_POOL_ITEMS * (2 * 16 + 4))

/* What the cluster leaves: the frontier it stopped at (COUNT vertices on level ITER,
 * DEGREE arcs; COUNT 0: the BFS is done), the arcs it expanded, the levels it ran.
 * OVERFLOW is a guard that must stay 0 (a shared queue ran out of room). */
typedef struct bfs_block_state {
    unsigned int count;
    int iter;
    unsigned long long degree;
    unsigned long long scanned;
    int levels_run;
    int overflow;
} bfs_block_state;

/* The cluster size this device runs (*CLUSTER 1..BFS_CLUSTER_MAX; 0: the kernel's
 * shared memory does not fit) and the kernel's limits set for it. WANT 0 takes the
 * largest that fits; otherwise at most WANT (SCANWORKS_BFS_CLUSTER, for tests). */
int bfs_pool_prepare(int want, int *cluster, sw_error *err);
/* bfs_pool.cu's kernel, for these launchers (src/prim/graph_plan_cuda.c). */
const void *bfs_pool_kernel(void);
/* Frontier vertices, and arcs of a frontier, that a cluster of CLUSTER blocks takes. */
uint32_t bfs_pool_max_vertices(int cluster);
uint32_t bfs_pool_max_arcs(int cluster);

/* From the QN (1..bfs_pool_max_vertices) vertices of QIN on level ITER: levels of the
 * vertices it reaches (levels[v] = -1 for unreached ones), the frontier it stops at in
 * QOUT (room for n entries; QOUT must not overlap QIN), and *STATE (device memory),
 * on STREAM. If the frontier's arcs exceed bfs_pool_max_arcs it runs no level and
 * copies QIN to QOUT. */
int bfs_launch_pool_levels(int cluster, const int64_t *row, const uint32_t *col, const uint32_t *qin, uint32_t qn,
                           uint32_t *qout, int32_t *levels, int iter, bfs_block_state *state, cudaStream_t stream,
                           sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
