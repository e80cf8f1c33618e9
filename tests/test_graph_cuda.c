/* Every CUDA BFS and SSSP algorithm against the CPU reference on the generated cases
 * (and the adaptive BFS's hand-overs between the cluster kernel and the full GPU, with
 * both of its level loops and clusters of one, two and three blocks)
 * (paths past 255 levels, stars, disconnected parts, loops and duplicates, isolated
 * source, one vertex, no edges, directed, R-MAT), outputs poisoned first, and on the
 * committed files; delta-stepping also with deltas that make every arc heavy (and
 * lo + delta round to lo), or every arc light, with other hub segments, with the
 * Bellman-Ford tail off or from the second bucket, and with heavy arcs pulled or not. Needs a CUDA device: skipped (exit 77) otherwise. */
#define _POSIX_C_SOURCE 200809L   /* setenv */
#include <math.h>
#include <string.h>

#include "graph/graph_bfs.h"
#include "graph/graph_load.h"
#include "graph/graph_sssp.h"
#include "graph_cases.h"

/* SSSP ALGO from S against DREF (the CPU distances), the output poisoned first. */
static void check_sssp(const graph_csr *g, uint32_t s, const double *dref, const char *name, const char *algo)
{
    sw_error err;
    size_t n = g->n;
    double *d = malloc(n * sizeof *d + 1);
    test_poison(d, n * sizeof *d);
    sssp_stats st;
    if (graph_sssp(PRIM_CUDA, algo, g, s, d, &st, &err)) {
        CHECK_MSG(0, "%s %s: %s", name, algo, err.msg);
        free(d);
        return;
    }
    size_t bad = 0, first = n;
    for (size_t v = 0; v < n; v++) {
        bool ok = isinf(dref[v]) ? isinf(d[v]) : fabs(d[v] - dref[v]) <= 1e-4 * (1.0 + dref[v]);
        if (!ok) bad++, first = first < v ? first : v;
    }
    CHECK_MSG(bad == 0, "%s sssp %s: %zu distances differ (first at %zu: %g, want %g)", name, algo, bad, first,
              first < n ? d[first] : 0.0, first < n ? dref[first] : 0.0);
    free(d);
}

static void compare(const graph_csr *g, uint32_t s, const char *name)
{
    sw_error err;
    size_t n = g->n;
    int32_t *ref = malloc(n * sizeof *ref), *lv = malloc(n * sizeof *lv);
    double *dref = malloc(n * sizeof *dref);
    CHECK(graph_bfs(PRIM_CPU, NULL, g, s, ref, NULL, &err) == 0);
    CHECK(graph_sssp(PRIM_CPU, NULL, g, s, dref, NULL, &err) == 0);
    for (const char *const *a = bfs_algorithms(PRIM_CUDA); *a; a++) {
        test_poison(lv, n * sizeof *lv);
        bfs_stats st;
        if (graph_bfs(PRIM_CUDA, *a, g, s, lv, &st, &err)) {
            CHECK_MSG(0, "%s %s: %s", name, *a, err.msg);
            continue;
        }
        size_t bad = 0, first = n;
        for (size_t v = 0; v < n; v++)
            if (lv[v] != ref[v]) bad++, first = first < v ? first : v;
        CHECK_MSG(bad == 0, "%s bfs %s: %zu levels differ (first at %zu: %d, want %d)", name, *a, bad, first,
                  first < n ? lv[first] : 0, first < n ? ref[first] : 0);
    }
    /* the adaptive BFS's cluster cut to one block, two and three (slices of uneven size) */
    static const char *const clusters[] = {"1", "2", "3"};
    for (size_t r = 0; r < sizeof clusters / sizeof clusters[0]; r++) {
        CHECK(setenv("SCANWORKS_BFS_CLUSTER", clusters[r], 1) == 0);
        test_poison(lv, n * sizeof *lv);
        bfs_stats st;
        int rc = graph_bfs(PRIM_CUDA, "adaptive", g, s, lv, &st, &err);
        CHECK_MSG(rc == 0, "%s adaptive, cluster %s: %s", name, clusters[r], rc ? err.msg : "");
        CHECK_MSG(rc || !memcmp(lv, ref, n * sizeof *lv), "%s bfs adaptive, cluster %s: levels differ", name,
                  clusters[r]);
        CHECK_MSG(rc || st.block_launches == 0 || (st.block_cluster >= 1 && st.block_cluster <= atoi(clusters[r])),
                  "%s: a cluster of %d blocks ran, asked at most %s", name, st.block_cluster, clusters[r]);
        unsetenv("SCANWORKS_BFS_CLUSTER");
    }
    for (const char *const *a = sssp_algorithms(PRIM_CUDA); *a; a++) check_sssp(g, s, dref, name, *a);
    /* delta-stepping with every arc heavy (delta lost in rounding), with light arcs,
       and with one bucket of light arcs; each with the default hub shape, with every
       vertex cut into one-arc segments, and with short odd ones */
    static const char *const deltas[] = {"1e-30", "0.01", "1e30"}, *const hubs[] = {NULL, "0:1", "3:5"};
    for (int h = 0; h < 3; h++)
        for (int i = 0; i < 3; i++) {
            CHECK(setenv("SCANWORKS_SSSP_DS_DELTA", deltas[i], 1) == 0);
            if (hubs[h]) CHECK(setenv("SCANWORKS_SSSP_DS_HUB", hubs[h], 1) == 0);
            char what[200];
            snprintf(what, sizeof what, "%s (delta %s, hubs %s)", name, deltas[i], hubs[h] ? hubs[h] : "default");
            check_sssp(g, s, dref, what, "delta-stepping");
            unsetenv("SCANWORKS_SSSP_DS_HUB");
        }
    /* and with no Bellman-Ford tail (pushing every heavy arc, or pulling where the graph
       is undirected: once it pays, or from the first bucket), and with a tail from the
       second bucket on after pulls */
    static const char *const tail_pull[4][2] = {{"0", "0"}, {"0", "1"}, {"0", "2"}, {"1e6", "2"}};
    for (int t = 0; t < 4; t++)
        for (int i = 0; i < 3; i++) {
            CHECK(setenv("SCANWORKS_SSSP_DS_DELTA", deltas[i], 1) == 0);
            CHECK(setenv("SCANWORKS_SSSP_DS_TAIL", tail_pull[t][0], 1) == 0);
            CHECK(setenv("SCANWORKS_SSSP_DS_PULL", tail_pull[t][1], 1) == 0);
            char what[200];
            snprintf(what, sizeof what, "%s (delta %s, tail %s, pull %s)", name, deltas[i], tail_pull[t][0],
                     tail_pull[t][1]);
            check_sssp(g, s, dref, what, "delta-stepping");
        }
    unsetenv("SCANWORKS_SSSP_DS_TAIL");
    unsetenv("SCANWORKS_SSSP_DS_PULL");
    unsetenv("SCANWORKS_SSSP_DS_DELTA");
    free(ref), free(lv), free(dref);
}

int main(void)
{
    const char *why;
    if (!prim_cuda_available(&why)) TEST_SKIP("CUDA graph algorithms need a CUDA device: %s", why);
    for (int i = 0; i < GRAPH_CASE_COUNT; i++) {
        graph_case c;
        if (graph_case_make(i, &c)) {
            CHECK_MSG(0, "case %d not built", i);
            continue;
        }
        compare(&c.g, c.source, c.name);
        if (c.g.n > 1) compare(&c.g, c.g.n - 1, c.name);
        graph_csr_free(&c.g);
    }
    static const char *files[] = {"tiny.mtx", "tiny_sym.mtx", "tiny.gr", "tiny.txt"};
    const char *dir = getenv("SCANWORKS_TEST_DATA");
    for (int i = 0; i < 4; i++) {
        char path[1200];
        snprintf(path, sizeof path, "%s/data/graphs/%s", dir ? dir : ".", files[i]);
        graph_csr g;
        sw_error err;
        if (graph_load_csr(path, GRAPH_FMT_AUTO, false, true, &g, &err)) {
            CHECK_MSG(0, "%s", err.msg);
            continue;
        }
        for (uint32_t s = 0; s < g.n; s++) compare(&g, s, files[i]);
        graph_csr_free(&g);
    }
    /* no vertices at all: refused by name before anything reaches the GPU */
    {
        graph_coo e0 = {0};
        graph_csr g0;
        sw_error e2;
        int32_t lv0[1];
        double d0[1];
        CHECK(graph_csr_from_coo(&e0, &g0, &e2) == 0);
        for (const char *const *a = bfs_algorithms(PRIM_CUDA); *a; a++)
            CHECK(graph_bfs(PRIM_CUDA, *a, &g0, 0, lv0, NULL, &e2) == -1 && strstr(e2.msg, "no vertices"));
        for (const char *const *a = sssp_algorithms(PRIM_CUDA); *a; a++)
            CHECK(graph_sssp(PRIM_CUDA, *a, &g0, 0, d0, NULL, &e2) == -1 && strstr(e2.msg, "no vertices"));
        graph_csr_free(&g0);
    }
    /* a hub shape that makes no sense is refused by name */
    {
        graph_case c;
        if (graph_case_make(0, &c) == 0) {
            sw_error err;
            double *d = malloc((size_t)c.g.n * sizeof *d + 1);
            CHECK(setenv("SCANWORKS_SSSP_DS_HUB", "64", 1) == 0);
            CHECK(graph_sssp(PRIM_CUDA, "delta-stepping", &c.g, c.source, d, NULL, &err) != 0);
            CHECK_MSG(strstr(err.msg, "SCANWORKS_SSSP_DS_HUB") != NULL, "bad hub shape: %s", err.msg);
            unsetenv("SCANWORKS_SSSP_DS_HUB");
            CHECK(setenv("SCANWORKS_SSSP_DS_TAIL", "-1", 1) == 0);
            CHECK(graph_sssp(PRIM_CUDA, "delta-stepping", &c.g, c.source, d, NULL, &err) != 0);
            CHECK_MSG(strstr(err.msg, "SCANWORKS_SSSP_DS_TAIL") != NULL, "bad tail ratio: %s", err.msg);
            unsetenv("SCANWORKS_SSSP_DS_TAIL");
            CHECK(setenv("SCANWORKS_SSSP_DS_PULL", "yes", 1) == 0);
            CHECK(graph_sssp(PRIM_CUDA, "delta-stepping", &c.g, c.source, d, NULL, &err) != 0);
            CHECK_MSG(strstr(err.msg, "SCANWORKS_SSSP_DS_PULL") != NULL, "bad pull switch: %s", err.msg);
            unsetenv("SCANWORKS_SSSP_DS_PULL");
            free(d);
            graph_csr_free(&c.g);
        }
    }
    /* adaptive BFS: a broom (a path of 100, a star of 40,000 leaves at its end, a path
       of 500 from one leaf) leaves the cluster by arcs at the hub, by vertices at the
       leaves, and comes back to it for the tail; a path and a grid run whole in the
       cluster */
    {
        graph_coo b = {0};
        sw_error e2;
        int rc = 0;
        b.n = 100 + 40000 + 500;
        for (uint32_t v = 0; v < 99 && !rc; v++) rc = graph_coo_push(&b, v, v + 1, 1.0f, false, &e2);
        for (uint32_t v = 100; v < 40100 && !rc; v++) rc = graph_coo_push(&b, 99, v, 1.0f, false, &e2);
        for (uint32_t v = 40100; v < b.n && !rc; v++) rc = graph_coo_push(&b, v == 40100 ? 100 : v - 1, v, 1.0f, false, &e2);
        b.both_directions = true;
        graph_csr g;
        if (!rc && graph_csr_from_coo(&b, &g, &e2) == 0) {
            int32_t *ref = malloc(g.n * sizeof *ref), *lv = malloc(g.n * sizeof *lv);
            bfs_stats st;
            CHECK(bfs_cpu(&g, 0, ref, NULL, &e2) == 0);
            test_poison(lv, g.n * sizeof *lv);
            CHECK(graph_bfs(PRIM_CUDA, "adaptive", &g, 0, lv, &st, &e2) == 0);
            CHECK_MSG(!memcmp(lv, ref, g.n * sizeof *lv), "broom: adaptive levels differ");
            CHECK_MSG(st.block_launches >= 2 && st.block_levels >= 99 + 490 && st.levels == 100 + 1 + 500,
                      "broom: %d block launches, %d levels in them, %d levels", st.block_launches, st.block_levels,
                      st.levels);
            free(ref), free(lv);
            graph_csr_free(&g);
        } else {
            CHECK_MSG(0, "broom not built: %s", e2.msg);
        }
        graph_coo_free(&b);
        for (int k = 0; k < 4; k++) {   /* the path and the grid, with the whole cluster and with two blocks */
            graph_case c;
            if (k >= 2) CHECK(setenv("SCANWORKS_BFS_CLUSTER", "2", 1) == 0);
            if (graph_case_make(k % 2 == 0 ? 0 : 11, &c)) continue;
            int32_t *lv = malloc(c.g.n * sizeof *lv);
            bfs_stats st;
            CHECK(graph_bfs(PRIM_CUDA, "adaptive", &c.g, 0, lv, &st, &e2) == 0);
            CHECK_MSG(st.block_launches == 1 && st.block_levels == st.levels, "%s: %d launches, %d of %d levels",
                      c.name, st.block_launches, st.block_levels, st.levels);
            /* connected and undirected: every arc is expanded once, in the level of its tail,
               and the cluster counts them from the degrees its finders loaded */
            CHECK_MSG(st.arcs_scanned == c.g.m && st.reached == c.g.n, "%s: %llu arcs scanned of %llu, %llu reached",
                      c.name, (unsigned long long)st.arcs_scanned, (unsigned long long)c.g.m,
                      (unsigned long long)st.reached);
            printf("%s: adaptive BFS, %d levels in one launch of a %d-block cluster\n", c.name, st.block_levels,
                   st.block_cluster);
            CHECK_MSG(k < 2 || st.block_cluster <= 2, "%s: cluster of %d blocks, asked 2", c.name, st.block_cluster);
            {   /* delta-stepping runs with the width sssp_bucket_width gives */
                double work, width, *d = malloc(c.g.n * sizeof *d);
                sssp_stats ss;
                CHECK(sssp_bucket_width(&c.g, &work, &width, &e2) == 0);
                CHECK(graph_sssp(PRIM_CUDA, "delta-stepping", &c.g, 0, d, &ss, &e2) == 0);
                CHECK_MSG(fabs(ss.delta - width) <= 1e-6 * width && width >= work,
                          "%s: delta-stepping ran width %g, want %g", c.name, ss.delta, width);
                free(d);
            }
            free(lv);
            graph_csr_free(&c.g);
        }
        unsetenv("SCANWORKS_BFS_CLUSTER");
    }
    /* a larger R-MAT where the direction-optimizing BFS goes bottom-up */
    graph_coo e;
    graph_csr g;
    sw_error err;
    if (graph_rmat(16, 16, 3, true, &e, &err) == 0 && graph_csr_from_coo(&e, &g, &err) == 0) {
        uint32_t s = 0;
        while (graph_degree(&g, s) == 0) s++;
        compare(&g, s, "rmat-16");
        int32_t *lv = malloc(g.n * sizeof *lv);
        bfs_stats st;
        CHECK(graph_bfs(PRIM_CUDA, "direction-optimizing", &g, s, lv, &st, &err) == 0);
        CHECK_MSG(st.bottom_up_steps > 0, "rmat-16: direction-optimizing never went bottom-up");
        CHECK(graph_bfs(PRIM_CUDA, "adaptive", &g, s, lv, &st, &err) == 0);
        CHECK_MSG(st.bottom_up_steps > 0, "rmat-16: adaptive never went bottom-up");
        free(lv);
        graph_csr_free(&g);
    } else {
        CHECK_MSG(0, "rmat-16: %s", err.msg);
    }
    graph_coo_free(&e);
    return test_finish("test_graph_cuda");
}
