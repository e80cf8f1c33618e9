/* SSSP kernels behind C launchers (src/graph/sssp_cuda.c drives the rounds). Device
 * pointers, default stream, 0 or -1 with a message. Distances are float, >= 0, +inf
 * for unreached; W == NULL means weight 1 everywhere. */
#ifndef SCANWORKS_KERNELS_SSSP_H
#define SCANWORKS_KERNELS_SSSP_H

#include <stdint.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sssp_counters {
    unsigned int near, far;
    int overflow;               /* the far pile ran out of room: rebuild it from dist */
    unsigned int far_min_bits;  /* smallest distance kept in the far pile (float bits) */
    unsigned int big;           /* hubs deferred to the grid-wide pass */
    unsigned int pad;
} sssp_counters;

/* dist = +inf but dist[source] = 0; EXPANDED (may be NULL) = +inf. */
int sssp_launch_init(float *dist, float *expanded, uint32_t n, uint32_t source, sw_error *err);

/* One Bellman-Ford round over the COO edges (both directions when BOTH); *modif =
 * ITER when a distance changed. RO: read through a const __restrict__ / __ldg alias
 * and write through a second one (the seed's optimization); else one plain pointer. */
int sssp_launch_bellman_ford(const uint32_t *st, const uint32_t *en, const float *w, uint64_t m, int both,
                             float *dist, int iter, int *modif, int ro, sw_error *err);

/* Near-far: relaxes the edges of the QN vertices of QIN (load balanced per block;
 * hubs' segments through HUB_START / HUB_V, graph_hub_capacity entries, and a
 * grid-wide pass); a vertex whose distance drops below
 * THRESHOLD goes to NEAR once (STAMP[v] set to STAMP_VAL, a value new to this round),
 * else to FAR. EXPANDED[u] holds the distance u's arcs were last relaxed from; a queue
 * entry whose distance is no smaller is skipped. */
int sssp_launch_relax(const int64_t *row, const uint32_t *col, const float *w, const uint32_t *qin, uint32_t qn,
                      float *dist, float *expanded, float threshold, uint32_t *near, uint32_t *far, uint64_t far_cap,
                      int64_t *hub_start, uint32_t *hub_v, uint32_t *stamp, uint32_t stamp_val, sssp_counters *cnt,
                      sw_error *err);

/* Splits the far pile for the bucket [LO, HI): entries below LO are stale (dropped),
 * those below HI go to NEAR once each (STAMP[v] == STAMP_VAL marks them), the rest
 * to FAR_OUT (cnt->far, cnt->far_min_bits). */
int sssp_launch_far_split(const uint32_t *far_in, uint32_t far_n, const float *dist, float lo, float hi,
                          uint32_t *near, uint32_t *far_out, uint32_t *stamp, uint32_t stamp_val,
                          sssp_counters *cnt, sw_error *err);

/* Rebuilds the far pile after an overflow: every v with LO <= dist[v] < inf. */
int sssp_launch_far_rebuild(const float *dist, uint32_t n, float lo, uint32_t *far_out, sssp_counters *cnt,
                            sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
