/* Breadth-first search: level per vertex (int32, -1 where unreachable), on the CPU
 * (a queue, the reference) or on the GPU (three algorithms, kernels/graph/bfs.cu):
 *   "direction-optimizing"  Beamer: top-down while the frontier is small, bottom-up
 *                           over a frontier bitmap while it is large (alpha 15, beta 18)
 *   "adaptive"              direction-optimizing, and while the frontier is small
 *                           (up to 2048 vertices a block and 2048 arcs a block,
 *                           kernels/graph/bfs_pool.cu) one thread-block cluster (16 blocks on an H200)
 *                           runs level after level in one launch, so a long, thin graph
 *                           (a road network, a grid) costs no host round trip per level
 *                           (SCANWORKS_BFS_CLUSTER=N caps the cluster's blocks)
 *   "frontier"              top-down frontier queues, degrees scanned per block for
 *                           load balance, next frontier appended by warp-aggregated atomics
 *   "edge-parallel"         the seed's kernel: one thread per COO edge, a levels array
 *                           and a `modif` word, one launch per level */
#ifndef SCANWORKS_GRAPH_GRAPH_BFS_H
#define SCANWORKS_GRAPH_GRAPH_BFS_H

#include <stdint.h>
#include "graph/csr.h"
#include "prim/backend.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct bfs_stats {
    int levels;            /* deepest level + 1 */
    uint64_t reached;      /* vertices with a level */
    uint64_t arcs_scanned; /* arcs looked at (work done) */
    double ms;             /* device-event time of the traversal (cuda) or wall time (cpu) */
    int bottom_up_steps;   /* direction-optimizing and adaptive only */
    int block_levels;      /* adaptive: levels run inside the one-block launches */
    int block_launches;    /* adaptive: those launches */
    int block_cluster;     /* adaptive: blocks in the cluster that ran them */
} bfs_stats;

/* The algorithms of a backend, NULL-terminated, default first. */
const char *const *bfs_algorithms(prim_backend b);

int bfs_cpu(const graph_csr *g, uint32_t source, int32_t *levels, bfs_stats *st, sw_error *err);
/* Checks the arguments and runs ALGO (NULL = the default) on backend B. */
int graph_bfs(prim_backend b, const char *algo, const graph_csr *g, uint32_t source, int32_t *levels,
              bfs_stats *st, sw_error *err);

/* Edges in the component that LEVELS reached, by the Graph500 rule: arcs leaving a
 * reached vertex, halved for an undirected graph. The numerator of TEPS. */
uint64_t graph_component_edges(const graph_csr *g, const int32_t *levels);

/* The GPU side, for repeated runs on one uploaded graph (benchmarks, panel). */
typedef struct bfs_cuda_graph bfs_cuda_graph;
int bfs_cuda_upload(const graph_csr *g, bfs_cuda_graph **out, sw_error *err);
/* LEVELS (host, n entries) may be NULL to leave the result on the device. */
int bfs_cuda_run(bfs_cuda_graph *dg, const char *algo, uint32_t source, int32_t *levels, bfs_stats *st,
                 sw_error *err);
void bfs_cuda_free(bfs_cuda_graph *dg);
/* Level by level with the edge-parallel kernel (the panel): begin sets the source,
 * each step runs level ITER and says whether anything changed; the levels stay on
 * the device (bfs_cuda_levels). */
int bfs_cuda_begin(bfs_cuda_graph *dg, uint32_t source, sw_error *err);
int bfs_cuda_step_edge_parallel(bfs_cuda_graph *dg, int iter, int *changed, uint64_t *edges, sw_error *err);
const int32_t *bfs_cuda_levels(const bfs_cuda_graph *dg);
extern const char *const bfs_cuda_algorithms[];

#ifdef __cplusplus
}
#endif

#endif
