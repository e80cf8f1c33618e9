/* sssp_sim's references: a float Dijkstra and a BFS that counts the component (sssp_sim.c). */
#include "sssp_sim.h"

typedef struct { float d; uint32_t v; } hitem;
void dijkstra(const graph_csr *g, uint32_t src, float *dist)
{
    uint64_t cap = 1 << 20, len = 0;
    hitem *h = malloc(cap * sizeof *h);
    for (uint32_t v = 0; v < g->n; v++) dist[v] = INFINITY;
    dist[src] = 0;
    h[len++] = (hitem){0, src};
    while (len) {
        hitem top = h[0];
        h[0] = h[--len];
        for (uint64_t i = 0;;) {
            uint64_t l = 2 * i + 1, m = i;
            if (l < len && h[l].d < h[m].d) m = l;
            if (l + 1 < len && h[l + 1].d < h[m].d) m = l + 1;
            if (m == i) break;
            hitem t = h[i]; h[i] = h[m]; h[m] = t; i = m;
        }
        if (top.d > dist[top.v]) continue;
        for (int64_t k = g->row[top.v]; k < g->row[top.v + 1]; k++) {
            uint32_t v = g->col[k];
            float nd = top.d + g->w[k];
            if (nd < dist[v]) {
                dist[v] = nd;
                if (len == cap) h = realloc(h, (cap *= 2) * sizeof *h);
                uint64_t i = len++;
                h[i] = (hitem){nd, v};
                while (i && h[(i - 1) / 2].d > h[i].d) {
                    hitem t = h[i]; h[i] = h[(i - 1) / 2]; h[(i - 1) / 2] = t; i = (i - 1) / 2;
                }
            }
        }
    }
    free(h);
}

uint64_t bfs_count(const graph_csr *g, uint32_t src, int32_t *lv, uint32_t *queue, int *levels)
{
    for (uint32_t v = 0; v < g->n; v++) lv[v] = -1;
    uint64_t head = 0, tail = 0;
    lv[src] = 0;
    queue[tail++] = src;
    while (head < tail) {
        uint32_t u = queue[head++];
        for (int64_t k = g->row[u]; k < g->row[u + 1]; k++)
            if (lv[g->col[k]] < 0) lv[g->col[k]] = lv[u] + 1, queue[tail++] = g->col[k];
    }
    if (levels) *levels = lv[queue[tail - 1]] + 1;
    return tail;
}
