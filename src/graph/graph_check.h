/* Checking a traversal's result the way Graph500 does, and the edge counts that TEPS
 * divides by.
 *
 * graph_bfs_check applies the Graph500 rules to LEVELS from SOURCE:
 *   1. the source is on level 0, every other level is -1 (unreached) or > 0;
 *   2. every arc u -> v leaving a reached u reaches v, and level(v) <= level(u) + 1
 *      (for an undirected graph: the two ends' levels differ by at most one);
 *   3. every reached vertex but the source has an in-neighbour one level up.
 * Together they make the levels exact: rule 3 gives each vertex a path of
 * level(v) arcs from the source (so level >= distance), rule 2 along a shortest path
 * gives level <= distance. The vertices are split over the host's cores when the
 * graph is large. RT is the reverse graph (NULL for an undirected one). */
#ifndef SCANWORKS_GRAPH_GRAPH_CHECK_H
#define SCANWORKS_GRAPH_GRAPH_CHECK_H

#include <stdint.h>
#include "graph/csr.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 0, or -1 with the number of violations and the first one (vertex, levels) in ERR. */
int graph_bfs_check(const graph_csr *g, const graph_csr *rt, uint32_t source, const int32_t *levels, sw_error *err);
/* 0 when LEVELS equals REF everywhere; else -1 naming the first difference. */
int graph_levels_equal(uint32_t n, const int32_t *levels, const int32_t *ref, sw_error *err);
/* 0 when DIST matches the reference REF (unreachable = +inf in both; elsewhere within
 * GRAPH_DIST_RTOL * (1 + REF), the float rounding of the GPU's sums); else -1. */
#define GRAPH_DIST_RTOL 1e-4
int graph_dist_equal(uint32_t n, const double *dist, const double *ref, sw_error *err);

/* Arcs leaving the reached vertices: each direction of an undirected edge counts (the
 * count Gunrock reports). graph_component_edges (graph_bfs.h) is the Graph500 one. */
uint64_t graph_component_arcs(const graph_csr *g, const int32_t *levels);

/* N / sum(1 / x_i) over the N > 0 values X (Graph500's mean of TEPS); 0 if any is <= 0. */
double graph_harmonic_mean(const double *x, int n);

/* Worker threads for the host's checks: the online cores, 1..64. */
int graph_host_threads(void);

#ifdef __cplusplus
}
#endif

#endif
