/* BFS levels of small frontiers inside one launch: one block of BFS_BLOCK_THREADS
 * threads runs top-down level after level with block barriers only, the frontier in
 * shared memory, while it has at most BFS_BLOCK_MAX_VERTICES vertices and
 * BFS_BLOCK_MAX_ARCS arcs (long, thin graphs: grids, roads, paths, the tails of
 * R-MAT). A road-like grid's thousands of levels then cost one launch instead of a
 * host round trip each; when the frontier grows past the limits, the block leaves it
 * in global memory for the full-GPU kernels (bfs.h). */
#ifndef SCANWORKS_KERNELS_BFS_BLOCK_H
#define SCANWORKS_KERNELS_BFS_BLOCK_H

#include <stdint.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BFS_BLOCK_THREADS 1024
#define BFS_BLOCK_ITEMS 4                                          /* frontier vertices per thread */
#define BFS_BLOCK_MAX_VERTICES (BFS_BLOCK_THREADS * BFS_BLOCK_ITEMS)
#define BFS_BLOCK_MAX_ARCS 16384                                   /* also the shared queues' size */

/* What the block leaves: the frontier it stopped at (COUNT vertices on level ITER,
 * DEGREE arcs; COUNT 0: the BFS is done), the arcs it expanded, the levels it ran.
 * OVERFLOW is a guard that must stay 0 (a shared queue ran out of room). */
typedef struct bfs_block_state {
    unsigned int count;
    int iter;
    unsigned long long degree;
    unsigned long long scanned;
    int levels_run;
    int overflow;
} bfs_block_state;

/* Whether this device gives a block the shared memory the kernel needs (and sets the
 * kernel's limit to it): *FITS 1 or 0. */
int bfs_block_prepare(int *fits, sw_error *err);

/* From the QN (1..BFS_BLOCK_MAX_VERTICES) vertices of QIN on level ITER: levels of
 * the vertices it reaches (levels[v] = -1 for unreached ones), the frontier it stops
 * at in QOUT (room for BFS_BLOCK_MAX_ARCS), and *STATE (device memory). */
int bfs_launch_block_levels(const int64_t *row, const uint32_t *col, const uint32_t *qin, uint32_t qn,
                            uint32_t *qout, int32_t *levels, int iter, bfs_block_state *state, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
