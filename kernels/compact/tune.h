/* The production compaction's tuning (single-pass, compact.cu), a row an architecture, read
 * at launch. Only sm_90 is measured (docs/perf/compact.md); sm_80 keeps its row, sm_75 (1024
 * threads an SM) takes 256x16 at four blocks. `bench compact --tune-sweep` times each row. */
#ifndef SCANWORKS_KERNELS_COMPACT_TUNE_H
#define SCANWORKS_KERNELS_COMPACT_TUNE_H

#include "kernels/common/tune_row.h"

typedef struct compact_tune {
    int arch;         /* the lowest compute capability of the row, major * 10 + minor */
    int threads;      /* threads a block, one tile a block */
    int items;        /* elements a thread (a multiple of 4) */
    int min_blocks;   /* blocks an SM the registers are bounded for */
    int spread;       /* log2 of the status slots a tile */
} compact_tune;

static const compact_tune compact_tune_table[] = {   /* each row compiled: compact.cu, CP_SHAPES */
    {75, 256, 16, 4, 0},
    {80, 256, 24, 6, 2},
    {90, 256, 24, 6, 2},
};
#define COMPACT_TUNE_ROWS ((int)(sizeof compact_tune_table / sizeof compact_tune_table[0]))

SW_TUNE_LOOKUP(compact_tune_for, compact_tune, compact_tune_table)

#endif
