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

/* The ladder (search.cu), then the production tree (search_tree.cu, tune.h). */
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

/* The kernels (launched by src/prim/search_plan_cuda.c, any grid): a ladder rung ALGO (NULL
 * for the tree), a grid-stride loop over the queries; the tree's query kernel for key MODE
 * and leaves of 32 x LEAF_LINES keys (NULL if not compiled), SEARCH_TREE_THREADS a block,
 * the shared levels in dynamic shared memory; MODE -1: the kernel that builds a level. */
#define SEARCH_TREE_THREADS 512
#define SEARCH_TREE_QPO 4   /* queries an octet of lanes carries at once */
const void *search_ladder_kernel(int algo);
const void *search_tree_kernel(int mode, int leaf_lines);

#ifdef __cplusplus
}
#endif

#ifdef __CUDACC__
/* a < b in the key order of MODE: plain for integers, NaN after everything for float32.
 * The template fixes MODE at compile time (the tree); -1 leaves it to the argument. */
template <int MODE = -1>
static __device__ __forceinline__ bool sr_less(uint32_t a, uint32_t b, int mode = MODE)
{
    if (MODE >= 0) mode = MODE;
    if (mode == 1) return (int)a < (int)b;
    if (mode == 2) {
        float x = __uint_as_float(a), y = __uint_as_float(b);
        return x < y || (x == x && y != y);
    }
    return a < b;
}
#endif

#endif
