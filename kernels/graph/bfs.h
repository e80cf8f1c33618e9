/* BFS kernels behind C launchers (src/graph/bfs_cuda.c drives the level loop). All
 * pointers are device pointers; launches go to STREAM (NULL: the default stream); each
 * launcher returns 0 or -1 with a message. Levels are int32, -1 = unreached. */
#ifndef SCANWORKS_KERNELS_BFS_H
#define SCANWORKS_KERNELS_BFS_H

#include <cuda_runtime_api.h>
#include <stdint.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What a step leaves for the host: the next frontier's size and its out-degree sum. */
typedef struct bfs_counters {
    unsigned int count;
    int overflow;
    unsigned long long degree;
    unsigned int big;           /* hubs deferred to the grid-wide pass */
    unsigned int pad;
} bfs_counters;

/* levels[v] = -1 for all v, levels[source] = 0. */
int bfs_launch_init(int32_t *levels, uint32_t n, uint32_t source, cudaStream_t stream, sw_error *err);

/* The seed's edge-parallel level: for each COO edge (st, en), if st is on level ITER
 * and en unreached, en gets ITER + 1 (and the reverse when BOTH); *modif = ITER when
 * anything changed. RO selects the const __restrict__ / __ldg read alias. */
int bfs_launch_edge_parallel(const uint32_t *st, const uint32_t *en, uint64_t m, int both, int32_t *levels,
                             int iter, int *modif, cudaStream_t stream, sw_error *err);

/* Top-down: expands the QN vertices of QIN; newly reached vertices get ITER + 1 and
 * are appended to QOUT (cnt->count, cnt->degree). Hubs' edges are listed in segments
 * (HUB_START, HUB_V: bfs_hub_capacity entries) for a second, grid-wide pass. */
int bfs_launch_top_down(const int64_t *row, const uint32_t *col, const uint32_t *qin, uint32_t qn, uint32_t *qout,
                        int64_t *hub_start, uint32_t *hub_v, bfs_counters *cnt, int32_t *levels, int iter,
                        cudaStream_t stream, sw_error *err);
/* Entries the hub segment lists need for a graph of N vertices and M arcs. */
uint64_t graph_hub_capacity(uint32_t n, uint64_t m);

/* Bottom-up: every unreached vertex looks through its in-neighbours (RROW, RCOL) for
 * one in the frontier bitmap FIN; found ones get ITER + 1 and their bit in FOUT (every
 * word of FOUT is written). ROW gives out-degrees for cnt->degree. */
int bfs_launch_bottom_up(const int64_t *rrow, const uint32_t *rcol, const int64_t *row, uint32_t n,
                         const uint32_t *fin, uint32_t *fout, bfs_counters *cnt, int32_t *levels, int iter,
                         cudaStream_t stream, sw_error *err);

/* Sets the bits of the QN queue entries in BITMAP (cleared by the caller). */
int bfs_launch_queue_to_bitmap(const uint32_t *q, uint32_t qn, uint32_t *bitmap, cudaStream_t stream, sw_error *err);
/* Appends the vertices whose bit is set to Q (cnt->count, cnt->degree from ROW). */
int bfs_launch_bitmap_to_queue(const uint32_t *bitmap, const int64_t *row, uint32_t n, uint32_t *q,
                               bfs_counters *cnt, cudaStream_t stream, sw_error *err);

/* Panel colours (RGBA8 per vertex): unreached grey, levels below LEVEL on a ramp,
 * LEVEL itself (the frontier) bright. */
int bfs_launch_colorize(const int32_t *levels, uint32_t n, int level, uint32_t *rgba, cudaStream_t stream,
                        sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
