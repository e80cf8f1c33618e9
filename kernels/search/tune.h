/* The production search's tuning (tree, search_tree.cu), one row per architecture, read
 * at launch. Measured on the H200 only (docs/perf/search.md): leaves of one 128-byte line
 * (32 keys) beat two. Each value must be compiled: search_tree_kernel. */
#ifndef SCANWORKS_KERNELS_SEARCH_TUNE_H
#define SCANWORKS_KERNELS_SEARCH_TUNE_H

#include "kernels/common/tune_row.h"

typedef struct search_tune {
    int arch;         /* the lowest compute capability of the row, major * 10 + minor */
    int leaf_lines;   /* 128-byte lines of keys a leaf of the index */
} search_tune;

static const search_tune search_tune_table[] = {{75, 1}, {80, 1}, {90, 1}};

SW_TUNE_LOOKUP(search_tune_for, search_tune, search_tune_table)

#endif
