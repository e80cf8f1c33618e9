/* SSSP kernels (sssp.cu) behind C launchers (src/prim/graph_plan_cuda.c; src/graph/
 * sssp_cuda.c drives the rounds). Device pointers, launches on STREAM (NULL: the default
 * stream), 0 or -1 with a message. Distances are float, >= 0, +inf for unreached; W ==
 * NULL means weight 1 everywhere. */
#ifndef SCANWORKS_KERNELS_SSSP_H
#define SCANWORKS_KERNELS_SSSP_H

#include <cuda_runtime_api.h>
#include <stdint.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* sssp.cu's kernels for the launchers below, NULL for an unknown one. */
enum { SSSP_K_INIT, SSSP_K_BF_PLAIN, SSSP_K_BF_RO, SSSP_K_COUNT };
const void *sssp_kernel(int which);

/* dist = +inf but dist[source] = 0; EXPANDED (may be NULL) = +inf. */
int sssp_launch_init(float *dist, float *expanded, uint32_t n, uint32_t source, cudaStream_t stream, sw_error *err);

/* One Bellman-Ford round over the COO edges (both directions when BOTH); *modif =
 * ITER when a distance changed. RO: read through a const __restrict__ / __ldg alias
 * and write through a second one (the seed's optimization); else one plain pointer. */
int sssp_launch_bellman_ford(const uint32_t *st, const uint32_t *en, const float *w, uint64_t m, int both,
                             float *dist, int iter, int *modif, int ro, cudaStream_t stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
