/* Delta-stepping SSSP in one cooperative (grid-synchronized) kernel: the whole bucket
 * loop runs on the device, so a source costs no host round trip per round.
 * Rows are split once at upload: arcs of weight < delta (light) first, then the heavy
 * ones; MID[u] is where u's heavy arcs start. For the bucket [lo, lo + delta):
 *   scan   every v with lo <= dist[v] < hi goes to the queue (and the smallest
 *          dist >= hi is kept, to jump over empty buckets);
 *   light  rounds: queued vertices relax their light arcs and are listed once per
 *          bucket as members (BSTAMP); an improved vertex still below hi is queued
 *          once per round (STAMP); repeat until the queue is empty;
 *   heavy  every member, now settled, relaxes its heavy arcs once (they all land at or
 *          beyond hi, where a later scan finds them).
 * Two switches for small-world graphs (Chakaravarthy et al., IPDPS 2014), where one
 * giant bucket settles a large part of the graph and most of its heavy pushes land on
 * vertices already as close:
 *   pull   once the unreached vertices' heavy arcs (their count x the mean heavy
 *          degree) are no more than the bucket's members would push (a direction
 *          switch, as in Beamer's BFS), the members push no heavy arc; before the next scan every unsettled v pulls from them instead,
 *          over its own heavy arcs lightest first (rows sorted at upload; the weights
 *          must be symmetric), stopping where no arc can improve it; so for every
 *          later bucket;
 *   tail   (TAIL > 0) once the finite vertices not yet settled are at most TAIL x the
 *          settled ones, the rest is one bucket with hi = +inf whose light rounds
 *          relax every arc: Bellman-Ford over the frontier in place of the last, thin
 *          buckets, each of which cost a scan and a few barriers. A graph with no heavy
 *          arc at all has no heavy rounds.
 * Vertices with many arcs in a phase (hubs) have their arcs cut into short segments,
 * one warp per segment over the whole grid. */
#ifndef SCANWORKS_KERNELS_SSSP_DELTA_H
#define SCANWORKS_KERNELS_SSSP_DELTA_H

#include <cuda_runtime_api.h>
#include <stdint.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

enum { SSSP_DS_T_SCAN, SSSP_DS_T_LIGHT, SSSP_DS_T_LIGHT_HUBS, SSSP_DS_T_HEAVY, SSSP_DS_T_HEAVY_HUBS, SSSP_DS_T_COUNT };

/* Counters in rotation: slot i % 3 of round i (queued, far_min), of relax phase p
 * (hubs) and of bucket b (members), so that a counter is zeroed two steps after it
 * was read, with a grid barrier in between. The host sets queued = hubs = members = 0
 * and far_min_bits = +inf bits before a run. */
typedef struct sssp_ds_ctl {
    unsigned int queued[3];
    unsigned int far_min_bits[3];
    unsigned long long unsettled[3];   /* finite dist >= lo, counted by the scan (zeroed as queued) */
    unsigned int hubs[3];
    unsigned int members[3];
    unsigned int rounds, buckets;   /* written at the end of a run */
    unsigned int tail_bucket;       /* the bucket the tail began with; buckets when none */
    unsigned long long settled;     /* members of the buckets done (0 before a run) */
    unsigned long long reached;     /* vertices made finite, with PULL (1 before a run: the source) */
    unsigned int pulling;           /* 1 once the heavy arcs are pulled (0 before a run) */
    unsigned long long member_heavy[3];   /* the heavy arcs of bucket b's members, with PULL */
    /* Where the time went (%globaltimer, read by one thread after each grid barrier):
     * SSSP_DS_T_* phases, their time in ns and how many ran. */
    unsigned long long t_last, ns[SSSP_DS_T_COUNT];
    unsigned int phases[SSSP_DS_T_COUNT];
} sssp_ds_ctl;

typedef struct sssp_ds_args {
    const int64_t *row, *mid;       /* CSR offsets; MID[u]: first heavy arc of u */
    const uint32_t *col;            /* columns and weights split light | heavy per row */
    const float *w;                 /* NULL: weight 1 */
    uint32_t n;
    float delta;
    float tail;                     /* 0: no tail; else its ratio (above) */
    /* PULL (the weights symmetric: w(u, v) = w(v, u)): heavy arcs pulled (above);
     * PULL 2 (for tests): pull from the first bucket on. HEAVY_MIN[v] the lightest
     * heavy arc of v, HEAVY_ROWS (device) the count of vertices with a heavy arc (none:
     * no heavy round) and then the count of heavy arcs, from sssp_prep.h. */
    int pull;
    const float *heavy_min;
    const unsigned long long *heavy_rows;
    float *dist;                    /* set by sssp_launch_init (source 0, else +inf) */
    float *expanded;                /* +inf; distance u's light arcs were relaxed from */
    uint32_t *queue[2], *members;   /* n entries each */
    uint32_t *stamp, *bstamp;       /* n entries each, zero before a run */
    /* Vertices of more than BIG_DEGREE arcs (in the phase) are cut into segments of
     * SEGMENT arcs, one warp per segment; HUB_START and HUB_V hold
     * sssp_ds_hub_capacity(n, m, SEGMENT) entries. */
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
