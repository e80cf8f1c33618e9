/* Delta-stepping SSSP on a graph already in device memory, with the caller's scratch
 * and stream: what the public entry (include/scanworks/graph.h) and the CLI's
 * uploaded graph (sssp_cuda.c) both run. Nothing is kept between calls; the host reads
 * back only on STREAM (cudaMemcpyAsync and cudaStreamSynchronize of STREAM). */
#ifndef SCANWORKS_GRAPH_SSSP_DEVICE_H
#define SCANWORKS_GRAPH_SSSP_DEVICE_H

#include <cuda_runtime_api.h>
#include <stddef.h>
#include <stdint.h>

#include "graph/bfs_device.h"
#include "graph/graph_sssp.h"
#include "kernels/graph/sssp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Delta-stepping's hub shape: vertices of more than SSSP_DS_BIG_DEGREE arcs in a phase
 * go to segments of SSSP_DS_SEGMENT arcs, a warp each. */
#define SSSP_DS_BIG_DEGREE 32u
#define SSSP_DS_SEGMENT 128u
/* The tail's ratio (sssp_delta.cu): Bellman-Ford once the finite unsettled vertices are
 * at most this many times the settled ones (sssp_ds_switches says where). */
#define SSSP_DS_TAIL 0.3f

/* A CSR graph in device memory; W NULL: weight 1. SYMMETRIC_WEIGHTS: every arc u -> v
 * has its v -> u of the same weight (an undirected graph), so delta-stepping may pull. */
typedef struct sssp_dev_graph {
    uint32_t n;
    uint64_t m;
    const int64_t *row;
    const uint32_t *col;
    const float *w;
    int symmetric_weights;
} sssp_dev_graph;

/* Delta-stepping's scratch, carved from one buffer: the rows split light | heavy (MID,
 * COL, W; short heavy parts sorted by weight, HEAVY_MIN each row's lightest heavy
 * weight or a bound, sssp_prep.h), the queues, stamps, hub segments and counters. */
typedef struct sssp_ds_work {
    int64_t *mid, *hub_start;
    uint32_t *col, *q[2], *members, *stamp, *bstamp, *hub_v;
    float *w, *expanded;
    float *heavy_min;   /* n: sssp_launch_sort_heavy's lightest heavy arc a row */
    unsigned long long *heavy_rows;   /* 2: how many rows have a heavy arc, and heavy arcs */
    sssp_ds_ctl *ctl;
    uint32_t big_degree, segment;
    float tail;   /* the tail's ratio: 0 (none, as carved) or sssp_ds_switches' */
    int pull;     /* 1: heavy arcs pulled where the graph allows and it pays (sssp_delta.cu); 2: from the
                     first bucket on (for tests); 0: pushed (as carved) */
} sssp_ds_work;

/* The tail and the pull of W for a bucket width derived from the graph (sssp_width.c):
 * both on where the work term set it (a shallow, small-world graph); off where the
 * parallelism term did (a deep graph, where a Bellman-Ford tail would take a round per
 * level of what is left). A width the caller gives says nothing of the depth: leave
 * them off. */
static inline void sssp_ds_switches(sssp_ds_work *w, double work_width, double width)
{
    const int small_world = width <= work_width;
    w->tail = small_world ? SSSP_DS_TAIL : 0.0f;
    w->pull = small_world;
}

size_t sssp_ds_work_bytes(uint32_t n, uint64_t m, int weighted, uint32_t segment);
/* Splits TEMP (16-byte aligned, sssp_ds_work_bytes) into W. */
void sssp_ds_work_carve(void *temp, uint32_t n, uint64_t m, int weighted, uint32_t big_degree, uint32_t segment,
                        sssp_ds_work *w);

/* The scratch sssp_device_width needs (it may be the same memory as the work's: the
 * width is known before the split writes). */
size_t sssp_width_work_bytes(uint32_t n, uint64_t m);
/* The bucket width sssp_bucket_width derives on the host, from the graph on the
 * device: the mean weight and degree, and a BFS from the highest-degree vertex
 * (RROW/RCOL the reverse graph for its bottom-up steps, or NULL); *WORK_WIDTH (may be
 * NULL) gets its work term alone. */
int sssp_device_width(const sssp_dev_graph *g, const int64_t *rrow, const uint32_t *rcol, void *temp,
                      cudaStream_t stream, double *width, double *work_width, sw_error *err);

/* Each row split light | heavy at DELTA into W's MID, COL, W, its heavy part sorted by
 * weight when short, and W's HEAVY_MIN (once per graph and width; sssp_prep.h). */
int sssp_ds_split(const sssp_dev_graph *g, float delta, const sssp_ds_work *w, cudaStream_t stream, sw_error *err);
/* DIST (device, n floats) from SOURCE (< n), +inf where unreachable, over the split rows
 * of W. ST (may be NULL) gets rounds and the width (not the time or reached). */
int sssp_ds_run(const sssp_dev_graph *g, const sssp_ds_work *w, float delta, uint32_t source, float *dist,
                cudaStream_t stream, sssp_stats *st, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
