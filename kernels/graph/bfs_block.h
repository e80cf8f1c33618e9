/* BFS levels of small frontiers inside one launch: a thread-block cluster (up to 16
 * blocks of BFS_BLOCK_THREADS threads, one per SM, sm_90; one block elsewhere) runs
 * top-down level after level with cluster barriers only, each block's part of the
 * frontier in its shared memory, while the frontier has at most
 * bfs_block_max_vertices() vertices and BFS_BLOCK_MAX_ARCS arcs (long, thin graphs:
 * grids, roads, paths, the tails of R-MAT). A road-like grid's thousands of levels
 * then cost one launch instead of a host round trip each, and the claims of a level
 * are spread over the cluster's SMs (one SM alone is bound by its own load and atomic
 * issue rate: ~8 us a level on a grid). When the frontier grows past the limits, the
 * cluster leaves it in global memory for the full-GPU kernels (bfs.h). */
#ifndef SCANWORKS_KERNELS_BFS_BLOCK_H
#define SCANWORKS_KERNELS_BFS_BLOCK_H

#include <cuda_runtime_api.h>
#include <stdint.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BFS_BLOCK_THREADS 512
#define BFS_BLOCK_ITEMS 4                  /* frontier vertices per thread */
#define BFS_BLOCK_MAX_ARCS 16384           /* the frontier's arcs; also each block's queue size */
#define BFS_CLUSTER_MAX 16

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
int bfs_block_prepare(int want, int *cluster, sw_error *err);
/* Frontier vertices a cluster of CLUSTER blocks takes. */
uint32_t bfs_block_max_vertices(int cluster);

/* From the QN (1..bfs_block_max_vertices) vertices of QIN on level ITER: levels of
 * the vertices it reaches (levels[v] = -1 for unreached ones), the frontier it stops
 * at in QOUT (room for n entries), and *STATE (device memory); on STREAM. */
int bfs_launch_block_levels(int cluster, const int64_t *row, const uint32_t *col, const uint32_t *qin, uint32_t qn,
                            uint32_t *qout, int32_t *levels, int iter, bfs_block_state *state, cudaStream_t stream,
                            sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
