/* The production sort's tuning (onesweep, onesweep.cu), one row per architecture,
 * read at launch: the row of the highest compute capability not above the device's. Only
 * the sm_90 row is measured (the H200, docs/perf/sort.md: keys 384x20 beat 384x16, 18,
 * 19, 22, 256x32 and 512x15; pairs 384x26 beat every other compiled tile). The pairs
 * pass takes 10 bytes of shared memory a key: sm_80 (164 KB an SM) gets the 384x16 tile
 * so that two blocks fit; sm_75 (64 KB a block, 1024 threads an SM) the smaller tiles.
 * `bench sort` with SCANWORKS_SORT_SHAPES=all times every row and tile on the GPU at hand. */
#ifndef SCANWORKS_KERNELS_SORT_TUNE_H
#define SCANWORKS_KERNELS_SORT_TUNE_H

#include "kernels/common/tune_row.h"

typedef struct sort_tune {
    int arch;                         /* the lowest compute capability of the row, major * 10 + minor */
    int keys_threads, keys_items;     /* a digit pass's tile for keys alone: threads x keys a thread */
    int pairs_threads, pairs_items;   /* and for keys with values */
} sort_tune;

/* Each shape must be compiled: onesweep.cu, OS_KEY_SHAPES and OS_PAIR_SHAPES. */
static const sort_tune sort_tune_table[] = {
    {75, 384, 16, 256, 16},
    {80, 384, 20, 384, 16},
    {90, 384, 20, 384, 26},   /* 4.56 ms keys, 7.01 ms pairs at 2^28 (2026-12-03) */
};
#define SORT_TUNE_ROWS ((int)(sizeof sort_tune_table / sizeof sort_tune_table[0]))

SW_TUNE_LOOKUP(sort_tune_for, sort_tune, sort_tune_table)

#endif
