/* SSSP of small frontiers inside one launch: one block of SSSP_BLOCK_THREADS threads
 * runs near-far (Davidson et al.) round after round with block barriers only, the near
 * queues in shared memory and the far pile in global memory, while the near queue has
 * at most SSSP_BLOCK_MAX_VERTICES vertices. A road-like grid's ~10^4 rounds then cost
 * one launch instead of a grid barrier or a host round trip each.
 *
 * When the frontier outgrows the block (or a queue runs out of room) the block stops
 * and leaves DIST and EXPANDED consistent for delta-stepping (sssp_delta.h) to finish:
 * every vertex whose arcs have not been relaxed from its current distance has
 * expanded[v] > dist[v] (the block relaxes all of a vertex's arcs, light and heavy,
 * when it sets expanded), so delta-stepping's bucket scans find it. */
#ifndef SCANWORKS_KERNELS_SSSP_BLOCK_H
#define SCANWORKS_KERNELS_SSSP_BLOCK_H

#include <stdint.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SSSP_BLOCK_THREADS 1024
#define SSSP_BLOCK_ITEMS 4
#define SSSP_BLOCK_MAX_VERTICES (SSSP_BLOCK_THREADS * SSSP_BLOCK_ITEMS)
#define SSSP_BLOCK_NEAR_CAP 16384   /* entries of each shared near queue */

/* DONE 1: the distances are final; 0: the block stopped (REASON 1 frontier too large,
 * 2 a near queue full, 3 the far pile full) and delta-stepping must finish. */
typedef struct sssp_block_state {
    int done, reason;
    unsigned int rounds, buckets;
    unsigned long long relaxed;   /* arcs relaxed */
} sssp_block_state;

int sssp_block_prepare(int *fits, sw_error *err);

/* From SOURCE (dist[source] = 0, all else +inf; EXPANDED +inf; STAMP zero): buckets of
 * width DELTA; FAR holds FAR_CAP entries. ROW / COL / W (NULL: weight 1) the CSR. */
int sssp_launch_block(const int64_t *row, const uint32_t *col, const float *w, uint32_t source, float delta,
                      float *dist, float *expanded, uint32_t *stamp, uint32_t *far, uint64_t far_cap,
                      sssp_block_state *state, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
