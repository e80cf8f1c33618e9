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
#include "kernels/graph/sssp_delta.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Delta-stepping's hub shape: vertices of more than SSSP_DS_BIG_DEGREE arcs in a phase
 * go to segments of SSSP_DS_SEGMENT arcs, a warp each. */
#define SSSP_DS_BIG_DEGREE 32u
#define SSSP_DS_SEGMENT 128u

/* A CSR graph in device memory; W NULL: weight 1. */
typedef struct sssp_dev_graph {
    uint32_t n;
    uint64_t m;
    const int64_t *row;
    const uint32_t *col;
    const float *w;
} sssp_dev_graph;

/* Delta-stepping's scratch, carved from one buffer: the rows split light | heavy (MID,
 * COL, W), the queues, stamps, hub segments and counters. */
typedef struct sssp_ds_work {
    int64_t *mid, *hub_start;
    uint32_t *col, *q[2], *members, *stamp, *bstamp, *hub_v;
    float *w, *expanded;
    sssp_ds_ctl *ctl;
    uint32_t big_degree, segment;
} sssp_ds_work;

size_t sssp_ds_work_bytes(uint32_t n, uint64_t m, int weighted, uint32_t segment);
/* Splits TEMP (16-byte aligned, sssp_ds_work_bytes) into W. */
void sssp_ds_work_carve(void *temp, uint32_t n, uint64_t m, int weighted, uint32_t big_degree, uint32_t segment,
                        sssp_ds_work *w);

/* The scratch sssp_device_width needs (it may be the same memory as the work's: the
 * width is known before the split writes). */
size_t sssp_width_work_bytes(uint32_t n, uint64_t m);
/* The bucket width sssp_bucket_width derives on the host, from the graph on the
 * device: the mean weight and degree, and a BFS from the highest-degree vertex
 * (RROW/RCOL the reverse graph for its bottom-up steps, or NULL). */
int sssp_device_width(const sssp_dev_graph *g, const int64_t *rrow, const uint32_t *rcol, void *temp,
                      cudaStream_t stream, double *width, sw_error *err);

/* Each row split light | heavy at DELTA into W's MID, COL, W (once per graph and width). */
int sssp_ds_split(const sssp_dev_graph *g, float delta, const sssp_ds_work *w, cudaStream_t stream, sw_error *err);
/* DIST (device, n floats) from SOURCE (< n), +inf where unreachable, over the split rows
 * of W. ST (may be NULL) gets rounds and the width (not the time or reached). */
int sssp_ds_run(const sssp_dev_graph *g, const sssp_ds_work *w, float delta, uint32_t source, float *dist,
                cudaStream_t stream, sssp_stats *st, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
