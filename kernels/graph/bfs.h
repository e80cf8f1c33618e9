/* BFS kernels (bfs.cu, bfs_pool.cu) behind C launchers (src/prim/graph_plan_cuda.c;
 * src/graph/bfs_device_cuda.c drives the level loop). Device pointers, launches on STREAM
 * (NULL: the default stream), 0 or -1 with a message. Levels: int32, -1 = unreached. */
#ifndef SCANWORKS_KERNELS_BFS_H
#define SCANWORKS_KERNELS_BFS_H

#include <cuda_runtime_api.h>
#include <stdint.h>
#include "util/error.h"
#include "kernels/graph/tune.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a level's step finds: the next frontier's size and its out-degree sum. */
typedef struct bfs_counters {
    unsigned int count;
    unsigned int big;           /* hub segments listed for the grid-wide pass */
    unsigned long long degree;
    unsigned int bu_next;       /* bottom-up: the next chunk of words to take */
    unsigned int qlen;          /* the queue's length as it is built from a bitmap */
} bfs_counters;

/* A level's step (DONE, SMALL: the loop ends) and its first conversion: to the bitmap, or back to a queue. */
enum { BFS_STEP_TOP_DOWN, BFS_STEP_BOTTOM_UP, BFS_STEP_DONE, BFS_STEP_SMALL };
enum { BFS_CONVERT_NONE, BFS_CONVERT_TO_BITMAP, BFS_CONVERT_TO_QUEUE };

/* The level loop's state between launches: the frontier (level ITER, q[CUR] or bm[CUR]),
 * how it stepped, the counts. After STEP_SMALL and the cluster the host sets it, SKIP_SMALL too. */
typedef struct bfs_ctl {
    int iter, cur;
    int step, convert;          /* BFS_STEP_, BFS_CONVERT_ */
    int skip_small, td_steps, bu_steps, pad;
    unsigned int nf, nf_prev;   /* frontier vertices, and the last level's */
    unsigned long long mf;      /* their arcs */
    unsigned long long arcs_scanned;
    double mu;                  /* arcs not yet in a frontier */
    bfs_counters cnt[3];        /* level L's are cnt[L % 3] (zero at a launch) */
} bfs_ctl;

/* Beamer's rule: bottom-up when the frontier grows (not for a shrinking tail: bottom-up scans
 * every unreached vertex) and its arcs exceed MU / ALPHA, back below N / BETA vertices;
 * STEP_SMALL (the cluster) at most SMALL_V vertices and SMALL_A arcs (SMALL_V 0: never). */
typedef struct bfs_rule {
    unsigned int n;
    int direction_opt;
    double alpha, beta;
    unsigned int small_v;
    unsigned long long small_a;
    int max_levels;             /* the loop also stops after this many levels (0: never) */
} bfs_rule;

/* A level's arrays: the graph (RROW/RCOL: its reverse), two queues, two bitmaps, hub lists, state. */
typedef struct bfs_level_args {
    const int64_t *row, *rrow;
    const uint32_t *col, *rcol;
    uint32_t *q[2], *bm[2], *hub_v;
    int64_t *hub_start;
    int32_t *levels;
    bfs_ctl *ctl;
} bfs_level_args;

/* The graph kernels' blocks (GRAPH_BLOCK), bfs.cu's kernels (NULL for an unknown one). */
#define GRAPH_K_THREADS GRAPH_BLOCK
enum { BFS_K_INIT, BFS_K_EDGE, BFS_K_START, BFS_K_RUN, BFS_K_COLORIZE, BFS_K_COUNT };
const void *bfs_kernel(int which);

/* levels[v] = -1 for all v, levels[source] = 0. */
int bfs_launch_init(int32_t *levels, uint32_t n, uint32_t source, cudaStream_t stream, sw_error *err);

/* The seed's edge-parallel level: for each COO edge (st, en) with st on level ITER and
 * en unreached, en gets ITER + 1 (the reverse too when BOTH); *modif = ITER on a change. */
int bfs_launch_edge_parallel(const uint32_t *st, const uint32_t *en, uint64_t m, int both, int32_t *levels,
                             int iter, int *modif, cudaStream_t stream, sw_error *err);

/* Entries the hub segment lists need for a graph of N vertices and M arcs. */
uint64_t graph_hub_capacity(uint32_t n, uint64_t m);
/* *CTL for a run from SOURCE (levels initialised): frontier {SOURCE} in q[0], its arcs from ROW, M in all. */
int bfs_launch_start(const bfs_level_args *a, uint64_t m, uint32_t source, cudaStream_t stream, sw_error *err);
/* The level loop from *CTL, one cooperative launch, until STEP_DONE, STEP_SMALL or R's MAX_LEVELS. */
int bfs_launch_run(const bfs_level_args *a, const bfs_rule *r, cudaStream_t stream, sw_error *err);

/* Panel colours (RGBA8 per vertex, bfs_colors.h) as of level LEVEL. */
int bfs_launch_colorize(const int32_t *levels, uint32_t n, int level, uint32_t *rgba, cudaStream_t stream,
                        sw_error *err);

/* Small frontiers' levels in one thread-block cluster launch (bfs_pool.cu), the frontier then left in QOUT. */
#define BFS_POOL_SMEM_BYTES (BFS_POOL_THREADS * BFS_POOL_ITEMS * (2 * 16 + 4))   /* 2 pools, a list */

/* What the cluster leaves: the frontier it stopped at (COUNT vertices on level ITER, DEGREE
 * arcs; COUNT 0: done), arcs expanded, levels run; OVERFLOW (a queue ran out) must stay 0. */
typedef struct bfs_block_state {
    unsigned int count;
    int iter;
    unsigned long long degree;
    unsigned long long scanned;
    int levels_run;
    int overflow;
} bfs_block_state;

/* The cluster size this device runs (*CLUSTER 1..BFS_CLUSTER_MAX, at most WANT unless 0:
 * SCANWORKS_BFS_CLUSTER; 0: its shared memory does not fit), the kernel's limits set. */
int bfs_pool_prepare(int want, int *cluster, sw_error *err);
const void *bfs_pool_kernel(void);   /* bfs_pool.cu's kernel, for src/prim/graph_plan_cuda.c */
/* Frontier vertices, and arcs of a frontier, that a cluster of CLUSTER blocks takes. */
uint32_t bfs_pool_max_vertices(int cluster);
uint32_t bfs_pool_max_arcs(int cluster);

/* From QIN's QN (1..bfs_pool_max_vertices) vertices on level ITER: the levels it reaches
 * (from -1), the frontier it stops at in QOUT (n entries, apart from QIN), *STATE. Past
 * bfs_pool_max_arcs arcs it runs no level and copies QIN to QOUT. */
int bfs_launch_pool_levels(int cluster, const int64_t *row, const uint32_t *col, const uint32_t *qin, uint32_t qn,
                           uint32_t *qout, int32_t *levels, int iter, bfs_block_state *state, cudaStream_t stream,
                           sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
