/* CPU graph code: CSR/COO conversions and their duplicate/self-loop policy, R-MAT
 * determinism, the queue BFS checked by the Graph500 rules, Dijkstra against a
 * Bellman-Ford written here, and the dispatch's argument checks. */
#include <math.h>

#include "graph/graph_bfs.h"
#include "graph/graph_check.h"
#include "graph/graph_layout.h"
#include "graph/graph_load.h"
#include "graph/graph_refs.h"
#include "graph/graph_sssp.h"
#include "graph_cases.h"

/* The Graph500 rules (graph_check.h), with the failure's message shown. */
static void check_levels(const graph_csr *g, const graph_csr *t, uint32_t s, const int32_t *lv, const char *name)
{
    sw_error err;
    int rc = graph_bfs_check(g, g->undirected ? NULL : t, s, lv, &err);
    CHECK_MSG(rc == 0, "%s: %s", name, err.msg);
}

/* The checker itself: exact levels pass; each kind of wrong level is caught. */
static void test_checker(void)
{
    graph_case c;
    sw_error err;
    if (graph_case_make(11, &c)) {
        CHECK_MSG(0, "grid case not built");
        return;
    }
    uint32_t n = c.g.n, s = c.source;
    int32_t *lv = malloc(n * sizeof *lv), *ref = malloc(n * sizeof *ref);
    CHECK(bfs_cpu(&c.g, s, ref, NULL, &err) == 0);
    CHECK(graph_bfs_check(&c.g, NULL, s, ref, &err) == 0);
    CHECK(graph_levels_equal(n, ref, ref, &err) == 0);
    uint32_t far = 0;
    for (uint32_t v = 0; v < n; v++) far = ref[v] > ref[far] ? v : far;
    /* one level too low, too high, unreached, a second level 0, the source moved */
    const int32_t bad[][2] = {{(int32_t)far, -2}, {(int32_t)far, +1}, {(int32_t)far, -100000}, {(int32_t)far, 0},
                              {(int32_t)s, +1}};
    for (int k = 0; k < 5; k++) {
        memcpy(lv, ref, n * sizeof *lv);
        int32_t v = bad[k][0];
        lv[v] = bad[k][1] == -100000 ? -1 : bad[k][1] == 0 ? 0 : lv[v] + bad[k][1];
        CHECK_MSG(graph_bfs_check(&c.g, NULL, s, lv, &err) == -1 && strstr(err.msg, "Graph500"),
                  "corruption %d not caught", k);
        CHECK(graph_levels_equal(n, lv, ref, &err) == -1 && strstr(err.msg, "CPU BFS"));
    }
    /* distances: within the tolerance pass, beyond it and wrong reachability fail */
    double *d = malloc(n * sizeof *d), *dref = malloc(n * sizeof *dref);
    CHECK(sssp_cpu(&c.g, s, dref, NULL, &err) == 0);
    memcpy(d, dref, n * sizeof *d);
    d[far] *= 1 + GRAPH_DIST_RTOL / 10;
    CHECK(graph_dist_equal(n, d, dref, &err) == 0);
    d[far] = dref[far] * (1 + 10 * GRAPH_DIST_RTOL) + 1;
    CHECK(graph_dist_equal(n, d, dref, &err) == -1 && strstr(err.msg, "Dijkstra"));
    d[far] = INFINITY;
    CHECK(graph_dist_equal(n, d, dref, &err) == -1);
    /* references of many roots on several threads equal one root at a time */
    uint32_t roots[5] = {0, s, far, n - 1, s};
    int32_t *lvs[5];
    double *ds[5];
    for (int i = 0; i < 5; i++) lvs[i] = malloc(n * sizeof *lvs[i]), ds[i] = malloc(n * sizeof *ds[i]);
    free(ds[2]);
    ds[2] = NULL;   /* skipped */
    CHECK(graph_cpu_refs(&c.g, roots, 5, lvs, ds, &err) == 0);
    for (int i = 0; i < 5; i++) {
        CHECK(bfs_cpu(&c.g, roots[i], lv, NULL, &err) == 0 && !memcmp(lv, lvs[i], n * sizeof *lv));
        CHECK(sssp_cpu(&c.g, roots[i], d, NULL, &err) == 0 && (!ds[i] || !memcmp(d, ds[i], n * sizeof *d)));
        free(lvs[i]), free(ds[i]);
    }
    /* counts: the grid's component is the whole grid */
    CHECK(graph_component_arcs(&c.g, ref) == c.g.m && graph_component_edges(&c.g, ref) == c.g.m / 2);
    double x[3] = {1, 2, 4};
    CHECK(fabs(graph_harmonic_mean(x, 3) - 3.0 / 1.75) < 1e-12);
    x[1] = 0;
    CHECK(graph_harmonic_mean(x, 3) == 0);
    free(lv), free(ref), free(d), free(dref);
    graph_csr_free(&c.g);
}

/* grid:W:H[:SEED]: 4 neighbours, 2WH - W - H edges, integer weights 1..100, the
 * same graph for the same seed, and a BFS from a corner of W + H - 1 levels. */
static void test_grid(void)
{
    sw_error err;
    graph_coo a, b;
    CHECK(graph_grid(7, 5, 3, true, &a, &err) == 0 && graph_grid(7, 5, 3, true, &b, &err) == 0);
    CHECK(a.n == 35 && a.m == 2 * 35 - 7 - 5 && a.both_directions);
    CHECK(!memcmp(a.w, b.w, a.m * sizeof *a.w) && !memcmp(a.dst, b.dst, a.m * sizeof *a.dst));
    int bad = 0;
    for (uint64_t k = 0; k < a.m; k++) {
        uint32_t d = a.dst[k] - a.src[k];
        bad += !(d == 1 || d == 7) || a.w[k] < 1 || a.w[k] > 100 || a.w[k] != floorf(a.w[k]);
        bad += d == 1 && a.src[k] % 7 == 6;   /* no street off the right edge */
    }
    CHECK_MSG(bad == 0, "grid: %d bad edges", bad);
    graph_coo_free(&a), graph_coo_free(&b);
    CHECK(graph_grid(1, 1, 0, true, &a, &err) == 0 && a.n == 1 && a.m == 0);
    graph_coo_free(&a);
    CHECK(graph_grid(0, 5, 0, false, &a, &err) == -1 && strstr(err.msg, "1.."));
    CHECK(graph_grid(65536, 65536, 0, false, &a, &err) == -1 && strstr(err.msg, "vertices"));
    graph_csr g;
    CHECK(graph_load_csr("grid:40:30:9", GRAPH_FMT_AUTO, false, true, &g, &err) == 0);
    CHECK(g.n == 1200 && g.undirected && g.w);
    int32_t *lv = malloc(g.n * sizeof *lv);
    bfs_stats st;
    CHECK(bfs_cpu(&g, 0, lv, &st, &err) == 0 && st.levels == 40 + 30 - 1 && lv[g.n - 1] == 40 + 30 - 2);
    free(lv);
    graph_csr_free(&g);
    static const char *const bad_specs[] = {"grid:40", "grid:40:x", "grid:0:3", "grid:3:3:1:2", "grid:"};
    for (int i = 0; i < 5; i++)
        CHECK_MSG(graph_load_csr(bad_specs[i], GRAPH_FMT_AUTO, false, true, &g, &err) == -1 && strstr(err.msg, "grid"),
                  "spec %s", bad_specs[i]);
}

/* The panel's R-MAT layout: every vertex inside the unit square, one at the centre
 * (the hub), the hub's neighbours nearer the centre than the vertices beyond them. */
/* Delta-stepping's bucket width: on a grid the depth term (6000 x levels x mean weight
 * / vertices, levels from the first vertex of degree 4, (1, 1)); never below the work
 * term 2 x mean weight / mean degree; 1 when every weight is 0. */
static void test_bucket_width(void)
{
    graph_coo e;
    graph_csr g;
    sw_error err;
    double work, width;
    CHECK(graph_grid(400, 300, 9, true, &e, &err) == 0 && graph_csr_from_coo(&e, &g, &err) == 0);
    graph_coo_free(&e);
    CHECK(sssp_bucket_width(&g, &work, &width, &err) == 0);
    double wsum = 0;
    for (uint64_t k = 0; k < g.m; k++) wsum += g.w[k];
    double mw = wsum / (double)g.m, want = 6000.0 * (399 + 299 - 1) * mw / (400.0 * 300.0);
    CHECK_MSG(fabs(work - 2 * mw / ((double)g.m / g.n)) < 1e-9 * mw, "grid: work width %g, mean weight %g", work, mw);
    CHECK_MSG(fabs(width - want) < 1e-6 * want && width > work, "grid: width %g, want %g (work %g)", width, want, work);
    for (uint64_t k = 0; k < g.m; k++) g.w[k] = 0;
    CHECK(sssp_bucket_width(&g, &work, &width, &err) == 0);
    CHECK_MSG(width == 1.0 && work == 1.0, "zero weights: width %g, work %g", width, work);
    graph_csr_free(&g);
}

static void test_rmat_layout(void)
{
    graph_csr g;
    float *pos;
    sw_error err;
    CHECK(graph_rmat_layout(10, 4, 3, &g, &pos, &err) == 0);
    if (!pos) return;
    CHECK(g.n == 1024);
    int outside = 0, centre = 0;
    for (uint32_t v = 0; v < g.n; v++) {
        outside += !(pos[2 * v] >= 0 && pos[2 * v] <= 1 && pos[2 * v + 1] >= 0 && pos[2 * v + 1] <= 1);
        centre += pos[2 * v] == 0.5f && pos[2 * v + 1] == 0.5f;
    }
    CHECK(outside == 0 && centre == 1);
    free(pos);
    graph_csr_free(&g);
    CHECK(graph_rmat_layout(99, 4, 3, &g, &pos, &err) == -1 && pos == NULL);
}

/* No vertices at all: a clear error, never a crash. */
static void test_empty(void)
{
    graph_coo e = {0};
    graph_csr g;
    sw_error err;
    CHECK(graph_csr_from_coo(&e, &g, &err) == 0 && g.n == 0);
    int32_t lv[1];
    double d[1];
    CHECK(graph_bfs(PRIM_CPU, NULL, &g, 0, lv, NULL, &err) == -1 && strstr(err.msg, "no vertices"));
    CHECK(graph_sssp(PRIM_CPU, NULL, &g, 0, d, NULL, &err) == -1 && strstr(err.msg, "no vertices"));
    graph_csr_free(&g);
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
    test_grid();
    test_checker();
    test_empty();
    test_rmat_layout();
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
        if (!strcmp(c.name, "path-10000"))
            CHECK(bs.levels == GRAPH_PATH_LENGTH && lv[GRAPH_PATH_LENGTH - 1] == GRAPH_PATH_LENGTH - 1);
        if (!strcmp(c.name, "star-centre")) CHECK(bs.levels == 2 && bs.reached == 5000);
        if (!strcmp(c.name, "zero-weights")) CHECK(bs.reached > 1900);
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
        if (!strcmp(c.name, "zero-weights")) CHECK(d[49] == 0 && d[1] == 0);
        /* argument checks */
        CHECK(graph_bfs(PRIM_CPU, NULL, &c.g, c.g.n, lv, &bs, &err) == -1 && strstr(err.msg, "out of range"));
        CHECK(graph_sssp(PRIM_CPU, "nope", &c.g, c.source, d, &ss, &err) == -1 && strstr(err.msg, "dijkstra"));
        CHECK(graph_bfs(PRIM_GL, NULL, &c.g, c.source, lv, &bs, &err) == -1);
        free(lv), free(d), free(ref);
        graph_csr_free(&t);
        graph_csr_free(&c.g);
    }
    test_bucket_width();
    return test_finish("test_graph_cpu");
}
