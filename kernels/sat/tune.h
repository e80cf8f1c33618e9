/* The SAT kernels' tuning (sat.cu, sat_v2.cu, sat_v2_rgb.cu), fixed at compile time and the
 * same for every architecture but for the blocks an SM, which SW_MIN_BLOCKS caps at what
 * the SM holds (sm_75: 1024 threads). Only sm_90 is measured (docs/perf/sat.md). */
#ifndef SCANWORKS_KERNELS_SAT_TUNE_H
#define SCANWORKS_KERNELS_SAT_TUNE_H

#include "kernels/common/cuda_util.cuh"

#define TILE 32                      /* a tile's side; a 32 x 8 block a tile */
#define ROWS_PER_WARP (TILE / 8)
#define SCAN_THREADS 256             /* the three-pass row scan's block, and the tile sums' */
#define V2_ROWS 4                    /* consecutive rows a thread holds in tiled-v2's tile write */
#define SAT_V2_SUMS_BLOCKS 3         /* tiled-v2's tile sums, blocks an SM */
#define SAT_V2_WRITE_BLOCKS SW_MIN_BLOCKS(256, 6)   /* its tile write (registers: docs/perf/sat.md) */

#endif
