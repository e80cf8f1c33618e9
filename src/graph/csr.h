/* Graphs in two layouts: CSR (row offsets, column indices, optional weights) for the
 * traversals, and a COO edge list (startV, endV, weight) as the loaders produce it and
 * as the seed's edge-parallel kernels read it.
 *
 * Limits: vertex ids are uint32 and n <= GRAPH_MAX_VERTICES (2^31 - 1, so that a BFS
 * level fits in an int32 with -1 for "unreached"); row offsets are int64, so the arc
 * count is bounded only by memory (GRAPH_MAX_ARCS keeps a loader from running away).
 *
 * Duplicates and self loops, one policy everywhere:
 *  - CSR building drops self loops (they never change a BFS level or a distance) and
 *    keeps parallel arcs (harmless: BFS visits the neighbour once, Dijkstra and the
 *    GPU relaxations take the smallest weight by construction). Rows are sorted by
 *    column (then weight), so the CSR of a graph does not depend on edge order.
 *  - The undirected COO made from a CSR (the seed's SSSP form) keeps each undirected
 *    edge once, as (u, v) with u < v, and merges duplicates to their smallest weight.
 *  - Weights are finite and >= 0; a graph without weights has w == NULL (weight 1). */
#ifndef SCANWORKS_GRAPH_CSR_H
#define SCANWORKS_GRAPH_CSR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "util/error.h"

#ifdef __cplusplus
extern "C" {
#endif

#define GRAPH_MAX_VERTICES 2147483647u
#define GRAPH_MAX_ARCS ((uint64_t)1 << 34)

/* An edge list. BOTH_DIRECTIONS: each (src, dst) stands for the undirected edge,
 * i.e. both arcs (symmetric Matrix Market, --undirected, R-MAT, the seed's COO). */
typedef struct graph_coo {
    uint32_t n;
    uint64_t m, cap;
    uint32_t *src, *dst;
    float *w;             /* NULL: unweighted */
    bool both_directions;
} graph_coo;

typedef struct graph_csr {
    uint32_t n;
    uint64_t m;           /* arcs (an undirected edge counts twice) */
    int64_t *row;         /* n + 1 offsets */
    uint32_t *col;        /* m */
    float *w;             /* m or NULL */
    bool undirected;      /* every arc has its reverse */
} graph_csr;

/* Appends one edge, growing the arrays (doubling). WEIGHTED decides on the first
 * call whether w is kept; later calls must agree. */
int graph_coo_push(graph_coo *e, uint32_t src, uint32_t dst, float w, bool weighted, sw_error *err);
/* Makes room for CAP edges up front (an estimate; pushes still grow past it). */
int graph_coo_reserve(graph_coo *e, uint64_t cap, bool weighted, sw_error *err);
void graph_coo_free(graph_coo *e);

/* CSR from an edge list: reverse arcs added when e->both_directions, self loops dropped,
 * duplicates kept, rows sorted. Vertex ids must be < e->n (checked). */
int graph_csr_from_coo(const graph_coo *e, graph_csr *g, sw_error *err);
/* COO from a CSR: an undirected graph gives each edge once (u < v, duplicates merged
 * to the smallest weight, both_directions set); a directed one gives every arc. */
int graph_coo_from_csr(const graph_csr *g, graph_coo *e, sw_error *err);
/* The reverse graph (every arc flipped); for an undirected graph a copy. */
int graph_csr_transpose(const graph_csr *g, graph_csr *t, sw_error *err);
void graph_csr_free(graph_csr *g);

static inline uint32_t graph_degree(const graph_csr *g, uint32_t v) { return (uint32_t)(g->row[v + 1] - g->row[v]); }

#ifdef __cplusplus
}
#endif

#endif
