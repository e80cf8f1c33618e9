/* The graph kernels' tuning (bfs.cu, bfs_pool.cu, sssp*.cu), fixed at compile time and
 * the same for every architecture: the blocks an SM are capped by SW_MIN_BLOCKS at what
 * the SM holds, and below sm_90 the cluster is one block (bfs_pool.cu). Only sm_90 is
 * measured (docs/perf/graphs.md). Host code reads the block and the pool's sizes here too. */
#ifndef SCANWORKS_KERNELS_GRAPH_TUNE_H
#define SCANWORKS_KERNELS_GRAPH_TUNE_H

#define GRAPH_BLOCK 256            /* every graph kernel's block but the cluster's */
#define BFS_RUN_BLOCKS_PER_SM 6    /* the level loop's (graphs.md: 8 measured the same) */
#define BU_CHUNK 2                 /* bitmap words a warp takes at a time in a bottom-up step */
/* BFS hubs (over GRAPH_BIG_DEGREE edges) skip the load balancer: GRAPH_HUB_SEGMENT edges
 * a block over the grid (at most m / GRAPH_HUB_SEGMENT + n segments for a frontier). */
#define GRAPH_BIG_DEGREE 1024
#define GRAPH_HUB_SEGMENT 2048
/* The small-frontier cluster (bfs_pool.cu): at most BFS_CLUSTER_MAX blocks of
 * BFS_POOL_THREADS, each holding THREADS x ITEMS frontier entries. */
#define BFS_CLUSTER_MAX 16
#define BFS_POOL_THREADS 512
#define BFS_POOL_ITEMS 4

#endif
