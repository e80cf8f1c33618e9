/* Graphs with a 2D layout, for drawing (the BFS panel): vertex v at (pos[2v],
 * pos[2v + 1]) in 0..1. */
#ifndef SCANWORKS_GRAPH_GRAPH_LAYOUT_H
#define SCANWORKS_GRAPH_GRAPH_LAYOUT_H

#include <stdint.h>
#include "graph/csr.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An R-MAT graph (2^SCALE vertices, EDGE_FACTOR edges per vertex, graph_rmat's seed
 * SEED) laid out in rings around its largest hub, one ring per hop from it, each
 * vertex at a random angle; vertices the hub does not reach sit on the outer ring.
 * A BFS wavefront on it lights whole rings in a few levels, where a grid takes
 * hundreds. *POS is malloc'd (2 floats per vertex). */
int graph_rmat_layout(int scale, int edge_factor, uint64_t seed, graph_csr *g, float **pos, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
