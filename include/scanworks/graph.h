/* Graph traversal on a CSR graph: breadth-first search (the level of every vertex
 * from a source) and single-source shortest paths with non-negative weights (the
 * distance of every vertex). The cuda backend runs the production algorithms, the
 * ones `scanworks compute bfs|sssp` picks by default: direction-optimizing BFS
 * (Beamer: top-down frontier queues while the frontier is small, bottom-up over a
 * bitmap while it is large) and delta-stepping SSSP (the whole bucket loop in one
 * cooperative kernel). The cpu backend runs a queue BFS and Dijkstra (in double,
 * rounded to float). */
#ifndef SCANWORKS_GRAPH_H
#define SCANWORKS_GRAPH_H

#include "scanworks/common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SW_GRAPH_MAX_VERTICES 2147483647u   /* 2^31 - 1: a level fits an int32 with -1 */

/* A graph in CSR form: vertex u's arcs go to col[row[u]] .. col[row[u + 1] - 1].
 * Host arrays for sw_bfs / sw_sssp (checked), device arrays for the _device entries
 * (the caller's promise). Parallel arcs are allowed, self loops harmless. */
typedef struct sw_csr {
    uint32_t n;               /* vertices, 1..SW_GRAPH_MAX_VERTICES */
    uint64_t m;               /* arcs (an undirected edge is two) */
    const int64_t *row;       /* n + 1 offsets: row[0] = 0, never decreasing, row[n] = m */
    const uint32_t *col;      /* m arc targets, each < n */
    const float *w;           /* m weights, finite and >= 0, read by SSSP (NULL: every weight 1) */
    int symmetric;            /* 1: every arc u -> v has its v -> u of the same weight (an undirected graph) */
    /* A directed graph's reverse (each vertex's in-arcs, the same form), which BFS's
     * bottom-up steps read. NULL with symmetric 0: the host-array entry builds it; the
     * device entry runs every level top-down (the same levels, slower on wide graphs). */
    const int64_t *rev_row;
    const uint32_t *rev_col;
} sw_csr;

/* Host arrays on backend B: LEVELS (n entries) gets each vertex's BFS level from
 * SOURCE (0 there, -1 where unreachable). Synchronous. */
int sw_bfs(sw_backend b, const sw_csr *g, uint32_t source, int32_t *levels, sw_error *err);

/* Device memory, CUB style: ask the temp storage for N vertices and M arcs, then run
 * on STREAM with TEMP (16-byte aligned, untouched until the run is done); D_LEVELS
 * (device, n int32) gets the levels. Each level's frontier size is read back on
 * STREAM (cudaStreamSynchronize of STREAM alone), so the call returns when the levels
 * are written. */
int sw_bfs_temp_bytes(uint32_t n, uint64_t m, size_t *temp_bytes, sw_error *err);
int sw_bfs_device(const sw_csr *g, uint32_t source, int32_t *d_levels, void *temp, size_t temp_bytes,
                  sw_stream stream, sw_error *err);

/* Host arrays on backend B: DIST (n entries) gets the shortest distance from SOURCE
 * (+inf where unreachable). The cuda backend sums in float: within 1e-4 relative of
 * the exact distance on the graphs tested. Synchronous. */
int sw_sssp(sw_backend b, const sw_csr *g, uint32_t source, float *dist, sw_error *err);

/* Device memory: the temp storage for N vertices, M arcs, WEIGHTED (g->w != NULL);
 * then the distances into D_DIST (device, n floats, 16-byte aligned) on STREAM.
 * DELTA is the bucket width; 0 derives it as the CLI does (from the mean weight and
 * degree, and a BFS from the highest-degree vertex, which costs about one
 * sw_bfs_device, waited for on STREAM); where the width so derived is the work term's
 * (a shallow graph) the run also ends in a Bellman-Ford tail and, with SYMMETRIC, pulls
 * heavy arcs once that is cheaper. Asynchronous: the distances are there when STREAM has
 * run past the call. */
int sw_sssp_temp_bytes(uint32_t n, uint64_t m, int weighted, size_t *temp_bytes, sw_error *err);
int sw_sssp_device(const sw_csr *g, uint32_t source, float delta, float *d_dist, void *temp, size_t temp_bytes,
                   sw_stream stream, sw_error *err);

#ifdef __cplusplus
}
#endif

#endif
