/* Lower-bound search kernels: for each query, the first index i of the sorted KEYS with
 * !(keys[i] < query) (numpy.searchsorted side='left'); float32 orders NaN last. */
#ifndef SCANWORKS_KERNELS_SEARCH_H
#define SCANWORKS_KERNELS_SEARCH_H

#include <stddef.h>
#include <stdint.h>
#include "tune.h"
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The ladder (binary: one thread a query; single-key: the course report's 32 lanes a
 * query; pary: a block a query), then the production tree (search_tree.cu, tune.h). */
enum { SEARCH_K_BINARY = 0, SEARCH_K_SINGLE_KEY = 1, SEARCH_K_PARY = 2, SEARCH_K_TREE = 3, SEARCH_K_COUNT = 4 };

/* The production tree's index (search_tree.cu): levels top first, each padded to whole
 * nodes of 32 entries; the top ones that fit in 48 KB go to every block's shared memory. */
#define SEARCH_TREE_MAX_LEVELS 8          /* enough for 2^40 keys */
#define SEARCH_TREE_NODE 32
#define SEARCH_TREE_SHARED_ENTRIES 12288  /* 48 KB: no opt-in needed */
typedef struct search_tree {
    size_t len[SEARCH_TREE_MAX_LEVELS];       /* entries of each level, top first */
    size_t off[SEARCH_TREE_MAX_LEVELS + 1];   /* where each level starts (entries); off[levels] = total */
    int levels, shared_levels;
} search_tree;

/* The kernels, launched by src/prim/search_plan_cuda.c. A ladder rung ALGO (search.cu;
 * NULL for the tree): (const uint32_t *keys, size_t n, const uint32_t *queries, size_t
 * q, int mode, int64_t *out), a grid-stride loop over the queries. The tree's query
 * kernel (search_tree.cu) for key MODE with leaves of 32 x LEAF_LINES keys, NULL where
 * it is not compiled: (keys, n, const uint32_t *tab, search_tree t, uint32_t pad,
 * queries, q, out), SEARCH_TREE_THREADS a block, an octet of lanes SEARCH_TREE_QPO
 * queries at once, the shared levels in dynamic shared memory, any grid. MODE -1: the
 * kernel of one level of the index, DST[j] = SRC[j * STRIDE] for j < LEN, PAD (a key
 * below no query) up to PADDED: (src, size_t stride, size_t len, size_t padded, uint32_t
 * pad, dst), any grid. */
#define SEARCH_TREE_THREADS 512
#define SEARCH_TREE_QPO 4
const void *search_ladder_kernel(int algo);
const void *search_tree_kernel(int mode, int leaf_lines);

#ifdef __cplusplus
}
#endif

#endif
