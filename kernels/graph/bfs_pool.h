/* BFS levels of small frontiers in one thread-block cluster with one cluster barrier
 * a level (the loop of bfs_block.h took two). The frontier is one pool spread over
 * the blocks' shared memory; each entry carries its vertex's first arc and degree,
 * loaded by the thread that found it, so the frontier's size and arcs are known at
 * the barrier that ends the level and a block reads its share of the next frontier
 * from its own shared memory. Same contract as bfs_launch_block_levels: it runs
 * top-down levels while the frontier has at most bfs_pool_max_vertices() vertices and
 * bfs_pool_max_arcs() arcs, then leaves it in QOUT for the full-GPU kernels (bfs.h).
 * SCANWORKS_BFS_LEVEL_LOOP=old|new picks between the two loops (src/graph/bfs_cuda.c). */
#ifndef SCANWORKS_KERNELS_BFS_POOL_H
#define SCANWORKS_KERNELS_BFS_POOL_H

#include <cuda_runtime_api.h>
#include <stdint.h>
#include "bfs_block.h"
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BFS_POOL_THREADS 512
#define BFS_POOL_ITEMS 4   /* frontier entries per thread; a block holds THREADS x ITEMS */

/* The cluster size this device runs (*CLUSTER 1..BFS_CLUSTER_MAX; 0: the kernel's
 * shared memory does not fit) and the kernel's limits set for it. WANT 0 takes the
 * largest that fits; otherwise at most WANT (SCANWORKS_BFS_CLUSTER, for tests). */
int bfs_pool_prepare(int want, int *cluster, sw_error *err);
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
