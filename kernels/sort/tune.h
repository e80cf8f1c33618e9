/* The production sort's tuning (onesweep.cu): rows by rising architecture, then memory
 * bandwidth; read at launch. Only sm_90 is measured (docs/perf/sort.md); sm_80 (164 KB an
 * SM) gets the pairs tile of which two blocks fit, sm_75 (64 KB a block, 1024 threads an
 * SM) smaller tiles. `bench sort --tune-sweep` times every row and tile. */
#ifndef SCANWORKS_KERNELS_SORT_TUNE_H
#define SCANWORKS_KERNELS_SORT_TUNE_H

typedef struct sort_tune {
    int arch;                         /* the lowest compute capability of the row, major * 10 + minor */
    int min_gbps;                     /* the lowest memory bandwidth of the row, GB/s */
    int keys_threads, keys_items;     /* a digit pass's tile for keys alone: threads x keys a thread */
    int pairs_threads, pairs_items;   /* and for keys with values */
} sort_tune;

static const sort_tune sort_tune_table[] = {   /* each shape compiled: onesweep.cu, OS_*_SHAPES */
    {75, 0, 384, 16, 256, 16},
    {80, 0, 384, 20, 384, 16},
    {90, 0, 384, 20, 768, 20},      /* the H100 (3.35 TB/s) */
    {90, 4000, 384, 20, 384, 26},   /* the H200 (4.8 TB/s) */
};
#define SORT_TUNE_ROWS ((int)(sizeof sort_tune_table / sizeof sort_tune_table[0]))

/* The row for compute capability ARCH (major * 10 + minor) and GBPS of bandwidth. */
static inline const sort_tune *sort_tune_for(int arch, int gbps)
{
    const sort_tune *t = &sort_tune_table[0];
    for (int i = 0; i < SORT_TUNE_ROWS; i++)
        if (sort_tune_table[i].arch <= arch && sort_tune_table[i].min_gbps <= gbps) t = &sort_tune_table[i];
    return t;
}

#endif
