/* The CPU references of many roots at once (queue BFS levels or Dijkstra distances),
 * one root per host core at a time: what a benchmark checks every timed run against.
 * Not timed (the cores share the memory bus): time the CPU on its own. */
#ifndef SCANWORKS_GRAPH_GRAPH_REFS_H
#define SCANWORKS_GRAPH_GRAPH_REFS_H

#include <stdint.h>
#include "graph/csr.h"

#ifdef __cplusplus
extern "C" {
#endif

/* LEVELS[i] (n int32 each, when LEVELS is not NULL) gets the BFS from ROOTS[i];
 * DIST[i] (n doubles each, when DIST is not NULL) the Dijkstra distances. Entries
 * whose pointer is NULL are skipped. Threads are limited so that the Dijkstra heaps
 * stay within GRAPH_REFS_HEAP_BUDGET bytes. */
#define GRAPH_REFS_HEAP_BUDGET ((uint64_t)16 << 30)
int graph_cpu_refs(const graph_csr *g, const uint32_t *roots, int count, int32_t **levels, double **dist,
                   sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
