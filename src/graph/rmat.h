/* The Graph500 R-MAT (Kronecker) generator: 2^SCALE vertices, EDGE_FACTOR * 2^SCALE
 * undirected edges, each placed by SCALE choices of a quadrant with probabilities
 * a = 0.57, b = 0.19, c = 0.19, d = 0.05, then vertex labels shuffled by a random
 * permutation so that high degree is not tied to low ids. Deterministic for a seed
 * (counter-based random numbers: edge i's bits depend only on (seed, i)). Weights,
 * when asked, are uniform in (0, 1] as in the Graph500 SSSP kernel. Self loops and
 * duplicate edges are left in, as Graph500 does; graph_csr_from_coo drops the loops. */
#ifndef SCANWORKS_GRAPH_RMAT_H
#define SCANWORKS_GRAPH_RMAT_H

#include <stdbool.h>
#include <stdint.h>
#include "graph/csr.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RMAT_MAX_SCALE 30
#define RMAT_MAX_EDGE_FACTOR 1024

int graph_rmat(int scale, int edge_factor, uint64_t seed, bool weighted, graph_coo *out, sw_error *err);

/* splitmix64 of X: the counter-based generator used here and by the benchmarks. */
static inline uint64_t graph_mix64(uint64_t x)
{
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

#ifdef __cplusplus
}
#endif

#endif
