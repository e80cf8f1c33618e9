/* CPU graph code: CSR/COO conversions and their duplicate/self-loop policy, R-MAT
 * determinism, the queue BFS checked by the Graph500 rules, Dijkstra against a
 * Bellman-Ford written here, and the dispatch's argument checks. */
#include <math.h>

#include "graph/graph_bfs.h"
#include "graph/graph_sssp.h"
#include "graph_cases.h"

/* Graph500-style validation: source at 0, every arc spans at most one level, every
 * reached vertex but the source has a neighbour one level up, unreached stay -1. */
static void check_levels(const graph_csr *g, const graph_csr *t, uint32_t s, const int32_t *lv, const char *name)
{
    CHECK_MSG(lv[s] == 0, "%s: source level %d", name, lv[s]);
    int bad = 0;
    for (uint32_t u = 0; u < g->n; u++) {
        if (lv[u] < -1) bad++;
        for (int64_t k = g->row[u]; k < g->row[u + 1]; k++)
            if (lv[u] >= 0 && (lv[g->col[k]] < 0 || lv[g->col[k]] > lv[u] + 1)) bad++;
        if (u != s && lv[u] > 0) {
            int parent = 0;
            for (int64_t k = t->row[u]; k < t->row[u + 1]; k++) parent |= lv[t->col[k]] == lv[u] - 1;
            bad += !parent;
        }
    }
    CHECK_MSG(bad == 0, "%s: %d level violations", name, bad);
}

static void bellman_ford(const graph_csr *g, uint32_t s, double *d)
{
    for (uint32_t v = 0; v < g->n; v++) d[v] = INFINITY;
    d[s] = 0;
    for (int changed = 1; changed;) {
        changed = 0;
        for (uint32_t u = 0; u < g->n; u++)
            for (int64_t k = g->row[u]; k < g->row[u + 1]; k++) {
                double nd = d[u] + (g->w ? g->w[k] : 1.0);
                if (nd < d[g->col[k]]) d[g->col[k]] = nd, changed = 1;
            }
    }
}

static void test_conversions(void)
{
    sw_error err;
    graph_coo e = {0};
    e.n = 5;
    /* (0,1) twice with weights 3 and 2, (1,0) with 4, a self loop (2,2), (3,4) */
    graph_coo_push(&e, 0, 1, 3, true, &err);
    graph_coo_push(&e, 0, 1, 2, true, &err);
    graph_coo_push(&e, 1, 0, 4, true, &err);
    graph_coo_push(&e, 2, 2, 1, true, &err);
    graph_coo_push(&e, 4, 3, 7, true, &err);
    e.both_directions = true;
    graph_csr g;
    CHECK(graph_csr_from_coo(&e, &g, &err) == 0);
    CHECK(g.m == 8);                       /* 4 edges x 2 directions, loop dropped */
    CHECK(graph_degree(&g, 2) == 0);
    CHECK(graph_degree(&g, 0) == 3 && graph_degree(&g, 1) == 3);
    for (uint32_t v = 0; v < g.n; v++)
        for (int64_t k = g.row[v]; k + 1 < g.row[v + 1]; k++) CHECK(g.col[k] <= g.col[k + 1]);
    graph_coo once;
    CHECK(graph_coo_from_csr(&g, &once, &err) == 0);
    CHECK(once.m == 2 && once.both_directions);   /* {0,1} merged, {3,4} */
    CHECK(once.src[0] == 0 && once.dst[0] == 1 && once.w[0] == 2.0f);
    CHECK(once.src[1] == 3 && once.dst[1] == 4 && once.w[1] == 7.0f);
    graph_csr back;
    CHECK(graph_csr_from_coo(&once, &back, &err) == 0);
    CHECK(back.m == 4 && graph_degree(&back, 0) == 1 && back.w[back.row[0]] == 2.0f);
    graph_csr_free(&back);
    graph_coo_free(&once);
    graph_csr_free(&g);
    e.dst[4] = 9;   /* out of range */
    CHECK(graph_csr_from_coo(&e, &g, &err) == -1 && strstr(err.msg, "vertex"));
    graph_coo_free(&e);
}

static void test_rmat(void)
{
    sw_error err;
    graph_coo a, b, c;
    CHECK(graph_rmat(10, 16, 5, true, &a, &err) == 0);
    CHECK(graph_rmat(10, 16, 5, true, &b, &err) == 0);
    CHECK(graph_rmat(10, 16, 6, true, &c, &err) == 0);
    CHECK(a.n == 1024 && a.m == 16384 && a.both_directions);
    CHECK(!memcmp(a.src, b.src, a.m * 4) && !memcmp(a.dst, b.dst, a.m * 4) && !memcmp(a.w, b.w, a.m * 4));
    CHECK(memcmp(a.src, c.src, a.m * 4) != 0);
    int wbad = 0;
    for (uint64_t i = 0; i < a.m; i++) wbad += !(a.w[i] > 0 && a.w[i] <= 1);
    CHECK(wbad == 0);
    /* skew: the top 1% of vertices hold far more than 1% of the edge ends */
    uint32_t *deg = calloc(a.n, sizeof *deg);
    for (uint64_t i = 0; i < a.m; i++) deg[a.src[i]]++, deg[a.dst[i]]++;
    uint32_t maxd = 0;
    for (uint32_t v = 0; v < a.n; v++) maxd = deg[v] > maxd ? deg[v] : maxd;
    CHECK_MSG(maxd > 200, "max degree %u: not skewed", maxd);
    free(deg);
    graph_coo_free(&a), graph_coo_free(&b), graph_coo_free(&c);
    CHECK(graph_rmat(31, 16, 1, false, &a, &err) == -1);
    CHECK(graph_rmat(10, 0, 1, false, &a, &err) == -1);
}

int main(void)
{
    test_conversions();
    test_rmat();
    sw_error err;
    for (int i = 0; i < GRAPH_CASE_COUNT; i++) {
        graph_case c;
        if (graph_case_make(i, &c)) {
            CHECK_MSG(0, "case %d not built", i);
            continue;
        }
        graph_csr t;
        CHECK(graph_csr_transpose(&c.g, &t, &err) == 0);
        int32_t *lv = malloc((c.g.n + 1) * sizeof *lv);
        double *d = malloc((c.g.n + 1) * sizeof *d), *ref = malloc((c.g.n + 1) * sizeof *ref);
        test_poison(lv, c.g.n * sizeof *lv);
        bfs_stats bs;
        CHECK(graph_bfs(PRIM_CPU, NULL, &c.g, c.source, lv, &bs, &err) == 0);
        check_levels(&c.g, &t, c.source, lv, c.name);
        if (!strcmp(c.name, "path-1000")) CHECK(bs.levels == 1000 && lv[999] == 999);
        if (!strcmp(c.name, "directed-cycle-300")) CHECK(lv[4] == 299 && bs.levels == 300);
        if (!strcmp(c.name, "isolated-source") || !strcmp(c.name, "no-edges")) CHECK(bs.reached == 1);
        if (!strcmp(c.name, "disconnected")) CHECK(lv[3000] == -1 && lv[2000] == -1 && bs.reached <= 1500);
        test_poison(d, c.g.n * sizeof *d);
        sssp_stats ss;
        CHECK(graph_sssp(PRIM_CPU, "dijkstra", &c.g, c.source, d, &ss, &err) == 0);
        bellman_ford(&c.g, c.source, ref);
        int bad = 0;
        for (uint32_t v = 0; v < c.g.n; v++)
            bad += !(d[v] == ref[v] || fabs(d[v] - ref[v]) <= 1e-9 * fabs(ref[v])) || ((lv[v] < 0) != isinf(d[v]));
        CHECK_MSG(bad == 0, "%s: %d distances differ from Bellman-Ford", c.name, bad);
        /* argument checks */
        CHECK(graph_bfs(PRIM_CPU, NULL, &c.g, c.g.n, lv, &bs, &err) == -1 && strstr(err.msg, "out of range"));
        CHECK(graph_sssp(PRIM_CPU, "nope", &c.g, c.source, d, &ss, &err) == -1 && strstr(err.msg, "dijkstra"));
        CHECK(graph_bfs(PRIM_GL, NULL, &c.g, c.source, lv, &bs, &err) == -1);
        free(lv), free(d), free(ref);
        graph_csr_free(&t);
        graph_csr_free(&c.g);
    }
    return test_finish("test_graph_cpu");
}
