/* The reference SSSP: Dijkstra with a binary heap (lazy deletion: a vertex may sit in
 * the heap more than once; stale entries are skipped), distances in double. */
#include "graph/graph_sssp.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "util/clock.h"

typedef struct heap_item {
    double d;
    uint32_t v;
} heap_item;

static void sift_up(heap_item *h, size_t i)
{
    heap_item x = h[i];
    while (i > 0 && h[(i - 1) / 2].d > x.d) {
        h[i] = h[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    h[i] = x;
}

static void sift_down(heap_item *h, size_t n, size_t i)
{
    heap_item x = h[i];
    for (;;) {
        size_t c = 2 * i + 1;
        if (c >= n) break;
        if (c + 1 < n && h[c + 1].d < h[c].d) c++;
        if (h[c].d >= x.d) break;
        h[i] = h[c];
        i = c;
    }
    h[i] = x;
}

int sssp_cpu(const graph_csr *g, uint32_t source, double *dist, sssp_stats *st, sw_error *err)
{
    if (source >= g->n) return sw_fail(err, "source %u out of range: the graph has %u vertices", source, g->n);
    /* at most one entry per successful relaxation, plus the source: m + 1 */
    size_t cap = (size_t)g->m + 1, n = 0;
    heap_item *heap = sw_malloc(cap * sizeof *heap, "Dijkstra heap", err);
    if (!heap) return -1;
    double t0 = sw_clock_ms();
    for (uint32_t v = 0; v < g->n; v++) dist[v] = INFINITY;
    dist[source] = 0;
    heap[n++] = (heap_item){0, source};
    uint64_t settled = 0, relaxed = 0;
    while (n) {
        heap_item top = heap[0];
        heap[0] = heap[--n];
        if (n) sift_down(heap, n, 0);
        if (top.d > dist[top.v]) continue;
        settled++;
        for (int64_t k = g->row[top.v]; k < g->row[top.v + 1]; k++) {
            uint32_t v = g->col[k];
            double nd = top.d + (g->w ? (double)g->w[k] : 1.0);
            relaxed++;
            if (nd < dist[v]) {
                dist[v] = nd;
                heap[n] = (heap_item){nd, v};
                sift_up(heap, n++);
            }
        }
    }
    double t1 = sw_clock_ms();
    if (st) {
        memset(st, 0, sizeof *st);
        st->ms = t1 - t0;
        st->iterations = (int)(settled < 0x7fffffff ? settled : 0x7fffffff);
        st->reached = settled;
        st->relaxations = relaxed;
    }
    free(heap);
    return 0;
}
