#include "graph/csr.h"

#include <stdlib.h>
#include <string.h>

static int grow(graph_coo *e, uint64_t cap, bool weighted, sw_error *err)
{
    if (cap <= e->cap) return 0;
    if (cap > GRAPH_MAX_ARCS) return sw_fail(err, "more than %llu edges (the limit of this program)", (unsigned long long)GRAPH_MAX_ARCS);
    uint32_t *s = realloc(e->src, cap * sizeof *s);
    if (!s) return sw_fail(err, "out of memory for %llu edges", (unsigned long long)cap);
    e->src = s;
    uint32_t *d = realloc(e->dst, cap * sizeof *d);
    if (!d) return sw_fail(err, "out of memory for %llu edges", (unsigned long long)cap);
    e->dst = d;
    if (weighted) {
        float *w = realloc(e->w, cap * sizeof *w);
        if (!w) return sw_fail(err, "out of memory for %llu edge weights", (unsigned long long)cap);
        e->w = w;
    }
    e->cap = cap;
    return 0;
}

int graph_coo_reserve(graph_coo *e, uint64_t cap, bool weighted, sw_error *err)
{
    return grow(e, cap, weighted, err);
}

int graph_coo_push(graph_coo *e, uint32_t src, uint32_t dst, float w, bool weighted, sw_error *err)
{
    if (weighted && !e->w) {
        /* the first weighted edge: earlier edges (if any) had weight 1 */
        uint64_t cap = e->cap ? e->cap : 1024;
        e->w = malloc(cap * sizeof *e->w);
        if (!e->w) return sw_fail(err, "out of memory for %llu edge weights", (unsigned long long)cap);
        for (uint64_t i = 0; i < e->m; i++) e->w[i] = 1.0f;
        if (grow(e, cap, true, err)) return -1;
    }
    if (e->m == e->cap && grow(e, e->cap ? e->cap * 2 : 1024, e->w != NULL, err)) return -1;
    e->src[e->m] = src;
    e->dst[e->m] = dst;
    if (e->w) e->w[e->m] = weighted ? w : 1.0f;
    e->m++;
    return 0;
}

void graph_coo_free(graph_coo *e)
{
    free(e->src);
    free(e->dst);
    free(e->w);
    memset(e, 0, sizeof *e);
}

void graph_csr_free(graph_csr *g)
{
    free(g->row);
    free(g->col);
    free(g->w);
    memset(g, 0, sizeof *g);
}

static int csr_alloc(graph_csr *g, uint32_t n, uint64_t m, bool weighted, sw_error *err)
{
    memset(g, 0, sizeof *g);
    g->n = n;
    g->m = m;
    g->row = sw_calloc((size_t)n + 1, sizeof *g->row, "CSR row offsets", err);
    g->col = sw_malloc((m ? m : 1) * sizeof *g->col, "CSR column indices", err);
    g->w = weighted ? sw_malloc((m ? m : 1) * sizeof *g->w, "CSR weights", err) : NULL;
    if (!g->row || !g->col || (weighted && !g->w)) {
        graph_csr_free(g);
        return -1;
    }
    return 0;
}

/* Arc K of the edge list seen with reverse arcs appended: K < m is edge K, else the
 * reverse of edge K - m. */
static inline void arc(const graph_coo *e, uint64_t k, uint32_t *s, uint32_t *d, float *w)
{
    uint64_t i = k < e->m ? k : k - e->m;
    *s = k < e->m ? e->src[i] : e->dst[i];
    *d = k < e->m ? e->dst[i] : e->src[i];
    *w = e->w ? e->w[i] : 1.0f;
}

int graph_csr_from_coo(const graph_coo *e, graph_csr *g, sw_error *err)
{
    memset(g, 0, sizeof *g);
    if (e->n > GRAPH_MAX_VERTICES) return sw_fail(err, "%u vertices: the limit is %u", e->n, GRAPH_MAX_VERTICES);
    uint64_t total = e->both_directions ? 2 * e->m : e->m, m = 0;
    for (uint64_t i = 0; i < e->m; i++) {
        if (e->src[i] >= e->n || e->dst[i] >= e->n)
            return sw_fail(err, "edge %llu (%u, %u) names a vertex >= n = %u", (unsigned long long)i, e->src[i],
                           e->dst[i], e->n);
        if (e->src[i] != e->dst[i]) m += e->both_directions ? 2 : 1;
    }
    bool weighted = e->w != NULL;
    if (csr_alloc(g, e->n, m, weighted, err)) return -1;
    g->undirected = e->both_directions;
    /* Two stable counting sorts: by destination, then by source, so that each row
     * comes out sorted by column. */
    int64_t *off = sw_calloc((size_t)e->n + 1, sizeof *off, "CSR build counters", err);
    uint32_t *tsrc = sw_malloc((m ? m : 1) * sizeof *tsrc, "CSR build buffer", err);
    float *tw = weighted ? sw_malloc((m ? m : 1) * sizeof *tw, "CSR build buffer", err) : NULL;
    if (!off || !tsrc || (weighted && !tw)) {
        free(off), free(tsrc), free(tw);
        graph_csr_free(g);
        return -1;
    }
    uint32_t s, d;
    float w;
    for (uint64_t k = 0; k < total; k++) {
        arc(e, k, &s, &d, &w);
        if (s != d) off[d + 1]++, g->row[s + 1]++;
    }
    for (uint32_t v = 0; v < e->n; v++) off[v + 1] += off[v], g->row[v + 1] += g->row[v];
    for (uint64_t k = 0; k < total; k++) {
        arc(e, k, &s, &d, &w);
        if (s == d) continue;
        int64_t p = off[d]++;
        tsrc[p] = s;
        if (tw) tw[p] = w;
    }
    /* off[d] now ends d's run, which starts at off[d - 1] (0 for d = 0). */
    int64_t *pos = off;   /* reused below as the write cursor per source, after a copy */
    int64_t start = 0;
    int64_t *cursor = sw_malloc(((size_t)e->n + 1) * sizeof *cursor, "CSR build cursors", err);
    if (!cursor) {
        free(off), free(tsrc), free(tw);
        graph_csr_free(g);
        return -1;
    }
    memcpy(cursor, g->row, ((size_t)e->n + 1) * sizeof *cursor);
    for (uint32_t dv = 0; dv < e->n; dv++) {
        int64_t end = pos[dv];
        for (int64_t p = start; p < end; p++) {
            int64_t q = cursor[tsrc[p]]++;
            g->col[q] = dv;
            if (tw) g->w[q] = tw[p];
        }
        start = end;
    }
    free(cursor), free(off), free(tsrc), free(tw);
    return 0;
}

int graph_coo_from_csr(const graph_csr *g, graph_coo *e, sw_error *err)
{
    memset(e, 0, sizeof *e);
    e->n = g->n;
    e->both_directions = g->undirected;
    bool weighted = g->w != NULL;
    if (graph_coo_reserve(e, g->undirected ? g->m / 2 + 1 : g->m + 1, weighted, err)) return -1;
    for (uint32_t u = 0; u < g->n; u++) {
        for (int64_t k = g->row[u]; k < g->row[u + 1]; k++) {
            uint32_t v = g->col[k];
            float w = weighted ? g->w[k] : 1.0f;
            if (g->undirected) {
                if (v < u) continue;
                /* rows are sorted: a duplicate follows its twin */
                if (e->m && e->src[e->m - 1] == u && e->dst[e->m - 1] == v) {
                    if (weighted && w < e->w[e->m - 1]) e->w[e->m - 1] = w;
                    continue;
                }
            }
            if (graph_coo_push(e, u, v, w, weighted, err)) {
                graph_coo_free(e);
                return -1;
            }
        }
    }
    return 0;
}

int graph_csr_transpose(const graph_csr *g, graph_csr *t, sw_error *err)
{
    bool weighted = g->w != NULL;
    if (csr_alloc(t, g->n, g->m, weighted, err)) return -1;
    t->undirected = g->undirected;
    for (uint64_t k = 0; k < g->m; k++) t->row[g->col[k] + 1]++;
    for (uint32_t v = 0; v < g->n; v++) t->row[v + 1] += t->row[v];
    int64_t *cursor = sw_malloc(((size_t)g->n + 1) * sizeof *cursor, "transpose cursors", err);
    if (!cursor) {
        graph_csr_free(t);
        return -1;
    }
    memcpy(cursor, t->row, ((size_t)g->n + 1) * sizeof *cursor);
    for (uint32_t u = 0; u < g->n; u++)
        for (int64_t k = g->row[u]; k < g->row[u + 1]; k++) {
            int64_t q = cursor[g->col[k]]++;
            t->col[q] = u;
            if (weighted) t->w[q] = g->w[k];
        }
    free(cursor);
    return 0;
}
