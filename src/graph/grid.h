/* The road-like generator: a W x H grid of 4-neighbour crossings, vertex y * W + x,
 * each street an undirected edge with an integer weight uniform in 1..100 drawn from
 * (SEED, edge number) by graph_mix64. Long and thin in the BFS sense: from a corner
 * W + H - 2 levels, frontiers of at most min(W, H) vertices. Spec "grid:W:H[:SEED]"
 * (graph_load). Weights are generated only when WEIGHTED (else weight 1). */
#ifndef SCANWORKS_GRAPH_GRID_H
#define SCANWORKS_GRAPH_GRID_H

#include <stdbool.h>
#include <stdint.h>
#include "graph/csr.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GRID_MAX_SIDE 65536u
#define GRID_MAX_WEIGHT 100

/* W, H in 1..GRID_MAX_SIDE and W * H <= GRAPH_MAX_VERTICES; OUT gets 2WH - W - H
 * edges with both_directions set. */
int graph_grid(uint32_t w, uint32_t h, uint64_t seed, bool weighted, graph_coo *out, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
