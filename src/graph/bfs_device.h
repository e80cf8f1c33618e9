/* The GPU BFS on a graph already in device memory, with the caller's scratch and
 * stream: what the public entry (include/scanworks/graph.h) and the CLI's uploaded
 * graph (bfs_cuda.c) both run. Each level's step is decided on the device, in one
 * launch of the level loop; the state is read back on STREAM after each launch
 * (cudaMemcpyAsync, then cudaStreamSynchronize of STREAM alone); nothing is kept between calls, so runs on
 * different streams with their own scratch may overlap. */
#ifndef SCANWORKS_GRAPH_BFS_DEVICE_H
#define SCANWORKS_GRAPH_BFS_DEVICE_H

#include <cuda_runtime_api.h>
#include <stddef.h>
#include <stdint.h>

#include "graph/graph_bfs.h"
#include "kernels/graph/bfs.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A CSR graph in device memory. RROW/RCOL: the reverse graph (in-arcs) that the
 * bottom-up steps read; the graph itself when it is undirected; NULL when a directed
 * graph has none (then every level runs top-down). */
typedef struct bfs_dev_graph {
    uint32_t n;
    uint64_t m;
    const int64_t *row, *rrow;
    const uint32_t *col, *rcol;
} bfs_dev_graph;

/* The scratch of one run, carved from one buffer (bfs_work_bytes). */
typedef struct bfs_work {
    uint32_t *q[2], *bm[2], *hub_v;
    int64_t *hub_start;
    bfs_ctl *ctl;
    bfs_block_state *block;
} bfs_work;

/* How a run goes: Beamer's switching to bottom-up (needs the reverse graph) and, with
 * CLUSTER > 0 blocks, small frontiers inside one cluster launch (bfs_pool_prepare). */
typedef struct bfs_plan {
    int direction_opt;
    int cluster;
} bfs_plan;

size_t bfs_work_bytes(uint32_t n, uint64_t m);
/* Splits TEMP (16-byte aligned, at least bfs_work_bytes) into W. */
void bfs_work_carve(void *temp, uint32_t n, uint64_t m, bfs_work *w);
/* The plan of queue algorithm ALGO ("direction-optimizing", "adaptive", "frontier"):
 * -1 and ERR for another name. WANT_CLUSTER as bfs_pool_prepare's WANT. */
int bfs_plan_for(const char *algo, int want_cluster, bfs_plan *plan, sw_error *err);

/* LEVELS (device, n entries) from SOURCE (< n): -1 unreached. ST (may be NULL) gets the
 * work counts (not the time, nor reached and levels: the levels stay on the device). */
int bfs_device_run(const bfs_dev_graph *g, const bfs_work *w, const bfs_plan *plan, uint32_t source, int32_t *levels,
                   cudaStream_t stream, bfs_stats *st, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
