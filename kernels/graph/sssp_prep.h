/* Delta-stepping's preparation on the device (sssp_prep.cu, launched from graph_plan_cuda.c):
 * rows split light | heavy at the bucket width, and the sums the width is derived from
 * (sssp_width.c). Device pointers, launches on STREAM, 0 or -1 with a message. */
#ifndef SCANWORKS_KERNELS_SSSP_PREP_H
#define SCANWORKS_KERNELS_SSSP_PREP_H

#include <cuda_runtime_api.h>
#include <stdint.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Heavy parts of at most this many arcs are sorted, a warp a row (8-byte keys in shared memory: 32 KB a block). */
#define SSSP_PULL_SORT_MAX 1024u
#define SSSP_PREP_SORT_THREADS 128u

/* sssp_prep.cu's kernels for the launchers below, NULL for an unknown one. */
enum { SSSP_PREP_K_SPLIT_ROWS, SSSP_PREP_K_SORT_HEAVY, SSSP_PREP_K_GRAPH_SUMS, SSSP_PREP_K_LEVEL_SUMS,
       SSSP_PREP_K_COUNT };
const void *sssp_prep_kernel(int which);

/* Row u's arcs to OUT_COL, OUT_W (not written when W is NULL: weight 1), those of weight
 * < DELTA first, each part in CSR order; MID[u] where u's heavy ones start. */
int sssp_launch_split_rows(const int64_t *row, const uint32_t *col, const float *w, uint32_t n, float delta,
                           int64_t *mid, uint32_t *out_col, float *out_w, cudaStream_t stream, sw_error *err);
/* After that split: row u's heavy part [MID[u], ROW[u + 1]) sorted in place by weight, ties
 * by column, if at most SSSP_PULL_SORT_MAX arcs; HEAVY_MIN[u] its lightest weight (DELTA
 * for a longer part, +inf for none, 1 if W is NULL: nothing moves). HEAVY_ROWS (2 words,
 * zeroed by the caller): the counts of rows with a heavy arc and of heavy arcs. */
int sssp_launch_sort_heavy(const int64_t *row, const int64_t *mid, uint32_t n, float delta, uint32_t *col, float *w,
                           float *heavy_min, unsigned long long *heavy_rows, cudaStream_t stream, sw_error *err);

/* The sums the bucket width is derived from. The caller zeroes the struct first. */
typedef struct sssp_graph_sums {
    double weight_sum;                 /* of the M weights (W non-NULL) */
    unsigned long long hub_key;        /* the highest degree << 32 | (2^32 - 1 - v), v the first with it */
    unsigned long long reached;        /* vertices with a level >= 0 (sssp_launch_level_sums) */
    int max_level;                     /* their deepest level (0 when none) */
    int pad;
} sssp_graph_sums;

int sssp_launch_graph_sums(const int64_t *row, const float *w, uint32_t n, uint64_t m, sssp_graph_sums *sums,
                           cudaStream_t stream, sw_error *err);
int sssp_launch_level_sums(const int32_t *levels, uint32_t n, sssp_graph_sums *sums, cudaStream_t stream,
                           sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
