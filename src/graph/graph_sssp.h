/* Single-source shortest paths with non-negative weights (weight 1 when the graph has
 * none): distance per vertex, +inf where unreachable. CPU: Dijkstra with a binary
 * heap (the reference, in double). GPU (kernels/graph/sssp.cu, float distances):
 *   "delta-stepping"    work-efficient, the whole bucket loop in one cooperative kernel:
 *                       rows split light | heavy at upload, light arcs relaxed in rounds
 *                       within a bucket, heavy arcs once per settled vertex
 *                       (kernels/graph/sssp_delta.cu; its width from sssp_bucket_width,
 *                       SCANWORKS_SSSP_DS_DELTA overrides it,
 *                       SCANWORKS_SSSP_DS_HUB=BIG:SEG the hub segments)
 *   "bellman-ford"      the seed's kernel: one thread per COO edge, each undirected
 *                       edge once relaxing both directions, a `modif` word, one launch
 *                       per iteration until nothing changes
 *   "bellman-ford-ro"   the same reading dist through a const __restrict__ / __ldg alias
 *                       and writing through a second alias
 *   "bellman-ford-seg"  the read-only variant with edges regrouped by segments of the
 *                       dist array so that reads stay in L2 */
#ifndef SCANWORKS_GRAPH_GRAPH_SSSP_H
#define SCANWORKS_GRAPH_GRAPH_SSSP_H

#include <stdint.h>
#include "graph/csr.h"
#include "graph/graph_bfs.h"
#include "prim/backend.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sssp_stats {
    int iterations;        /* kernel rounds (cuda) or settled vertices (cpu) */
    uint64_t reached;
    uint64_t relaxations;  /* edges relaxed (work done), where counted */
    double delta;          /* the bucket width it ran with (delta-stepping); 0: none */
    double ms;
} sssp_stats;

const char *const *sssp_algorithms(prim_backend b);

int sssp_cpu(const graph_csr *g, uint32_t source, double *dist, sssp_stats *st, sw_error *err);
/* Delta-stepping's bucket width for G (sssp_width.c): *WIDTH the larger of a work term
 * (*WORK_WIDTH, 2 x mean weight / mean degree) and a parallelism term that grows with
 * the graph's depth (a CPU BFS from its highest-degree vertex). */
int sssp_bucket_width(const graph_csr *g, double *work_width, double *width, sw_error *err);
/* The formula itself: MEAN_W the mean weight, MEAN_DEG the mean degree, LEVELS and
 * REACHED that BFS's (0, 0: the work term alone). */
#define SSSP_BUCKET_VERTICES 6000.0
double sssp_width_of(double mean_w, double mean_deg, int levels, uint64_t reached);
int graph_sssp(prim_backend b, const char *algo, const graph_csr *g, uint32_t source, double *dist,
               sssp_stats *st, sw_error *err);

typedef struct sssp_cuda_graph sssp_cuda_graph;
/* ALGO_HINT NULL uploads everything; otherwise only what that algorithm needs. */
int sssp_cuda_upload(const graph_csr *g, const char *algo_hint, sssp_cuda_graph **out, sw_error *err);
int sssp_cuda_run(sssp_cuda_graph *dg, const char *algo, uint32_t source, double *dist, sssp_stats *st,
                  sw_error *err);
void sssp_cuda_free(sssp_cuda_graph *dg);
extern const char *const sssp_cuda_algorithms[];

#ifdef __cplusplus
}
#endif

#endif
