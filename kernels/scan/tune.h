/* The production scan's tuning (scan_lookback.cuh), one row per architecture as in CUB's
 * policy tables, looked up at launch (tune_row.h). Only sm_90 is measured (docs/perf/scan.md);
 * older rows take the shapes whose ring fits (sm_75: 64 KB a block, sm_80: 164 KB an SM),
 * unspread. `bench scan --tune-sweep` times every row on the GPU at hand. */
#ifndef SCANWORKS_KERNELS_SCAN_TUNE_H
#define SCANWORKS_KERNELS_SCAN_TUNE_H

#include "kernels/common/tune_row.h"

typedef struct scan_tune {
    int arch;       /* the lowest compute capability the row is for, major * 10 + minor */
    int threads;    /* scanner threads a block (one look-back warp more) */
    int items;      /* 4-byte items a thread a tile (8-byte types: half as many elements) */
    int stages;     /* tiles parked in shared memory waiting for their prefix */
    int window;     /* predecessors a lane reads per look-back step: 1, 2 or 4 */
    int spread;     /* log2 of the status slots a tile: neighbours' words apart in L2 */
    int cs;         /* streaming cache hints on the data */
    int max_grid;   /* 0: as many blocks as the GPU holds; else at most this (tests: the ring wraps) */
} scan_tune;

/* Each (threads, items, stages) here must be compiled: scan.h, SCAN_SHAPES. */
static const scan_tune scan_tune_table[] = {
    {75, 256, 16, 3, 4, 0, 1, 0},   /* 48 KB ring */
    {80, 256, 16, 4, 4, 0, 1, 0},   /* 64 KB ring, two blocks an SM */
    {90, 256, 32, 3, 1, 2, 1, 0},   /* 96 KB ring, two blocks an SM */
};
#define SCAN_TUNE_ROWS ((int)(sizeof scan_tune_table / sizeof scan_tune_table[0]))
SW_TUNE_LOOKUP(scan_tune_for, scan_tune, scan_tune_table)   /* scan_tune_for(arch) */

#endif
