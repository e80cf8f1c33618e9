/* The reference BFS: the seed's queue-based CPU code. */
#include "graph/graph_bfs.h"

#include <stdlib.h>
#include <string.h>
#include "graph/graph_check.h"
#include "util/clock.h"

int bfs_cpu(const graph_csr *g, uint32_t source, int32_t *levels, bfs_stats *st, sw_error *err)
{
    if (source >= g->n) return sw_fail(err, "source %u out of range: the graph has %u vertices", source, g->n);
    uint32_t *queue = sw_malloc((size_t)g->n * sizeof *queue, "BFS queue", err);
    if (!queue) return -1;
    double t0 = sw_clock_ms();
    for (uint32_t v = 0; v < g->n; v++) levels[v] = -1;
    size_t head = 0, tail = 0;
    uint64_t scanned = 0;
    levels[source] = 0;
    queue[tail++] = source;
    while (head < tail) {
        uint32_t u = queue[head++];
        for (int64_t k = g->row[u]; k < g->row[u + 1]; k++) {
            uint32_t v = g->col[k];
            if (levels[v] < 0) {
                levels[v] = levels[u] + 1;
                queue[tail++] = v;
            }
        }
        scanned += (uint64_t)(g->row[u + 1] - g->row[u]);
    }
    if (st) {
        memset(st, 0, sizeof *st);
        st->ms = sw_clock_ms() - t0;
        st->reached = tail;
        st->levels = levels[queue[tail - 1]] + 1;
        st->arcs_scanned = scanned;
    }
    free(queue);
    return 0;
}

uint64_t graph_component_edges(const graph_csr *g, const int32_t *levels)
{
    uint64_t arcs = graph_component_arcs(g, levels);
    return g->undirected ? arcs / 2 : arcs;
}
