/* SSSP kernels (sssp.cu, sssp_delta.cu) behind C launchers (src/prim/graph_plan_cuda.c;
 * src/graph/sssp_cuda.c drives the rounds). Device pointers, launches on STREAM, 0 or -1
 * with a message. Distances: float >= 0, +inf unreached; W NULL: weight 1 everywhere. */
#ifndef SCANWORKS_KERNELS_SSSP_H
#define SCANWORKS_KERNELS_SSSP_H

#include <cuda_runtime_api.h>
#include <stdint.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* sssp.cu's kernels for the launchers below, NULL for an unknown one. */
enum { SSSP_K_INIT, SSSP_K_BF_PLAIN, SSSP_K_BF_RO, SSSP_K_COUNT };
const void *sssp_kernel(int which);

/* dist = +inf but dist[source] = 0; EXPANDED (may be NULL) = +inf. */
int sssp_launch_init(float *dist, float *expanded, uint32_t n, uint32_t source, cudaStream_t stream, sw_error *err);

/* One Bellman-Ford round over the COO edges (both ways when BOTH); *modif = ITER on a
 * change. RO: the seed's read-only alias (const __restrict__, __ldg) for the reads. */
int sssp_launch_bellman_ford(const uint32_t *st, const uint32_t *en, const float *w, uint64_t m, int both,
                             float *dist, int iter, int *modif, int ro, cudaStream_t stream, sw_error *err);

/* Delta-stepping (the steps: sssp_delta.cu), and the phases it times. */
enum { SSSP_DS_T_SCAN, SSSP_DS_T_LIGHT, SSSP_DS_T_LIGHT_HUBS, SSSP_DS_T_HEAVY, SSSP_DS_T_HEAVY_HUBS,
       SSSP_DS_T_COUNT };

/* Counters in rotation, slot i % 3 of round i (queued, far_min, unsettled), relax phase i
 * (hubs) or bucket i (members, member_heavy), zeroed two steps after it is read. Before a
 * run the host zeroes it all but far_min_bits (+inf) and reached (1). */
typedef struct sssp_ds_ctl {
    unsigned int queued[3];
    unsigned int far_min_bits[3];
    unsigned long long unsettled[3];   /* finite dist >= lo, counted by the scan */
    unsigned int hubs[3];
    unsigned int members[3];
    unsigned int rounds, buckets;   /* written at the end of a run */
    unsigned int tail_bucket;       /* the bucket the tail began with; buckets when none */
    unsigned long long settled;     /* members of the buckets done */
    unsigned long long reached;     /* vertices made finite, with PULL */
    unsigned int pulling;           /* 1 once the heavy arcs are pulled */
    unsigned long long member_heavy[3];   /* the heavy arcs of bucket b's members, with PULL */
    unsigned long long t_last, ns[SSSP_DS_T_COUNT];   /* a phase's ns (%globaltimer, after barriers) */
    unsigned int phases[SSSP_DS_T_COUNT];
} sssp_ds_ctl;

typedef struct sssp_ds_args {
    const int64_t *row, *mid;       /* CSR offsets; MID[u]: first heavy arc of u */
    const uint32_t *col;            /* columns and weights split light | heavy per row */
    const float *w;                 /* NULL: weight 1 */
    uint32_t n;
    float delta;
    float tail;                     /* 0: no tail; else its ratio (above) */
    /* PULL: heavy arcs pulled (weights symmetric; 2, tests: from the first bucket); HEAVY_*: sssp_prep.h */
    int pull;
    const float *heavy_min;
    const unsigned long long *heavy_rows;
    float *dist;                    /* set by sssp_launch_init (source 0, else +inf) */
    float *expanded;                /* +inf; distance u's light arcs were relaxed from */
    uint32_t *queue[2], *members;   /* n entries each */
    uint32_t *stamp, *bstamp;       /* n entries each, zero before a run */
    /* hubs (over BIG_DEGREE arcs in a phase) in segments of SEGMENT; sssp_ds_hub_capacity entries */
    uint32_t big_degree, segment;
    int64_t *hub_start;
    uint32_t *hub_v;
    sssp_ds_ctl *ctl;
} sssp_ds_args;

uint64_t sssp_ds_hub_capacity(uint32_t n, uint64_t m, uint32_t segment);

/* The whole run for the source whose dist is 0 (one cooperative launch on STREAM). */
int sssp_launch_delta_stepping(const sssp_ds_args *a, cudaStream_t stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
