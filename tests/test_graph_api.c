/* The public graph API (include/scanworks/graph.h) on the backend named by the argument
 * ("cpu" or "cuda"), over the generated graphs of graph_cases.h (a 10,000-vertex path,
 * stars, disconnected parts, loops and duplicates, one vertex, no edges, a directed
 * cycle, zero weights, a grid, R-MATs), outputs poisoned before each call.
 * cpu: BFS levels pass the Graph500 rules (graph_bfs_check), distances are a shortest-
 * path certificate (no arc can shorten one, every reached vertex has a tight in-arc).
 * cuda: sw_bfs and sw_sssp equal the CPU references (directed graphs with their
 * reverse given, built by the entry, and, through the device entry, absent), the device
 * entries on a stream of their own, the bucket width derived on the device equal to the
 * CLI's, and their refusals (too little or misaligned temp
 * storage). "cuda" skips where no CUDA device answers; "cpu" checks there that the
 * cuda entries say why. SCANWORKS_TEST_SMALL=1 leaves the largest graph out. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph/graph_bfs.h"
#include "graph/graph_check.h"
#include "graph/graph_sssp.h"
#include "graph_cases.h"
#include "scanworks/graph.h"

#if SCANWORKS_HAVE_CUDA
#include <cuda_runtime.h>
#include "graph/sssp_device.h"
#endif

static sw_csr as_sw(const graph_csr *g, const graph_csr *rev)
{
    sw_csr s = {g->n, g->m, g->row, g->col, g->w, g->undirected, rev ? rev->row : NULL, rev ? rev->col : NULL};
    return s;
}

/* Shortest-path certificate of DIST from SOURCE (weight 1 where W is NULL). */
static int sssp_certificate(const graph_csr *g, uint32_t source, const float *dist, char *why, size_t size)
{
    if (dist[source] != 0.0f) {
        snprintf(why, size, "dist[source] = %g", (double)dist[source]);
        return -1;
    }
    char *tight = calloc(g->n, 1);
    int rc = tight ? 0 : -1;
    for (uint32_t u = 0; u < g->n && !rc; u++)
        for (int64_t k = g->row[u]; k < g->row[u + 1] && !rc && !isinf(dist[u]); k++) {
            uint32_t v = g->col[k];
            double via = (double)dist[u] + (g->w ? g->w[k] : 1.0), dv = dist[v];
            if (dv > via * (1 + 1e-5) + 1e-6) {
                snprintf(why, size, "arc %u -> %u shortens %g to %g", u, v, dv, via);
                rc = -1;
            } else if (fabs(dv - via) <= 1e-5 * via + 1e-6) {
                tight[v] = 1;
            }
        }
    for (uint32_t v = 0; v < g->n && !rc; v++)
        if (v != source && !isinf(dist[v]) && !tight[v]) {
            snprintf(why, size, "vertex %u at %g has no tight in-arc", v, (double)dist[v]);
            rc = -1;
        }
    free(tight);
    return rc;
}

static void check_cpu_case(const graph_case *c)
{
    const graph_csr *g = &c->g;
    int32_t *lv = malloc((size_t)g->n * sizeof *lv);
    float *dist = malloc((size_t)g->n * sizeof *dist);
    CHECK(lv && dist);
    if (!lv || !dist) goto done;
    graph_csr t = {0};
    sw_error err = {{0}};
    CHECK(g->undirected || graph_csr_transpose(g, &t, &err) == 0);
    sw_csr s = as_sw(g, NULL);
    test_poison(lv, (size_t)g->n * sizeof *lv);
    CHECK_MSG(sw_bfs(SW_BACKEND_CPU, &s, c->source, lv, &err) == 0, "%s bfs: %s", c->name, err.msg);
    CHECK_MSG(graph_bfs_check(g, g->undirected ? NULL : &t, c->source, lv, &err) == 0, "%s bfs levels: %s", c->name,
              err.msg);
    char why[256] = "";
    test_poison(dist, (size_t)g->n * sizeof *dist);
    CHECK_MSG(sw_sssp(SW_BACKEND_CPU, &s, c->source, dist, &err) == 0, "%s sssp: %s", c->name, err.msg);
    CHECK_MSG(sssp_certificate(g, c->source, dist, why, sizeof why) == 0, "%s sssp distances: %s", c->name, why);
    graph_csr_free(&t);
done:
    free(lv), free(dist);
}

#if SCANWORKS_HAVE_CUDA
/* The device entries on their own stream, WITH_REV 0 leaving a directed graph's
 * reverse out (top-down only); compared with WANT_LV and WANT_D. */
static void check_device(const graph_case *c, const graph_csr *t, int with_rev, const int32_t *want_lv,
                         const double *want_d)
{
    const graph_csr *g = &c->g;
    const size_t n = g->n, n1 = (n + 1) * 8, cols = g->m * 4 + 4;
    void *row = NULL, *col = NULL, *w = NULL, *rrow = NULL, *rcol = NULL, *out = NULL, *temp = NULL;
    size_t bfs_bytes = 0, sssp_bytes = 0;
    sw_error err = {{0}};
    cudaStream_t st = NULL;
    CHECK(sw_bfs_temp_bytes(g->n, g->m, &bfs_bytes, &err) == 0 &&
          sw_sssp_temp_bytes(g->n, g->m, g->w != NULL, &sssp_bytes, &err) == 0);
    size_t temp_bytes = bfs_bytes > sssp_bytes ? bfs_bytes : sssp_bytes;
    int32_t *lv = malloc(n * 4);
    float *d = malloc(n * 4);
    double *dd = malloc(n * 8);
    int ok = lv && d && dd && cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking) == cudaSuccess &&
             cudaMalloc(&row, n1) == cudaSuccess && cudaMalloc(&col, cols) == cudaSuccess &&
             cudaMalloc(&w, cols) == cudaSuccess && cudaMalloc(&rrow, n1) == cudaSuccess &&
             cudaMalloc(&rcol, cols) == cudaSuccess && cudaMalloc(&out, n * 4 + 4) == cudaSuccess &&
             cudaMalloc(&temp, temp_bytes) == cudaSuccess &&
             cudaMemcpy(row, g->row, n1, cudaMemcpyHostToDevice) == cudaSuccess &&
             cudaMemcpy(col, g->col, g->m * 4, cudaMemcpyHostToDevice) == cudaSuccess &&
             (!g->w || cudaMemcpy(w, g->w, g->m * 4, cudaMemcpyHostToDevice) == cudaSuccess) &&
             (!t || (cudaMemcpy(rrow, t->row, n1, cudaMemcpyHostToDevice) == cudaSuccess &&
                     cudaMemcpy(rcol, t->col, g->m * 4, cudaMemcpyHostToDevice) == cudaSuccess));
    CHECK_MSG(ok, "%s: device set-up failed", c->name);
    if (ok) {
        sw_csr s = {g->n, g->m, row, col, g->w ? w : NULL, g->undirected, with_rev && t ? rrow : NULL,
                    with_rev && t ? rcol : NULL};
        CHECK(cudaMemsetAsync(out, 0xA5, n * 4, st) == cudaSuccess);
        CHECK_MSG(sw_bfs_device(&s, c->source, out, temp, bfs_bytes, st, &err) == 0, "%s bfs_device: %s", c->name,
                  err.msg);
        CHECK(cudaMemcpyAsync(lv, out, n * 4, cudaMemcpyDeviceToHost, st) == cudaSuccess &&
              cudaStreamSynchronize(st) == cudaSuccess);
        CHECK_MSG(graph_levels_equal(g->n, lv, want_lv, &err) == 0, "%s bfs_device (reverse %s): %s", c->name,
                  with_rev ? "given" : "absent", err.msg);
        for (int pass = 0; pass < 2; pass++) {   /* the derived width, then one given */
            CHECK(cudaMemsetAsync(out, 0xA5, n * 4, st) == cudaSuccess);
            float delta = pass ? 7.5f : 0.0f;
            CHECK_MSG(sw_sssp_device(&s, c->source, delta, out, temp, sssp_bytes, st, &err) == 0, "%s sssp_device: %s",
                      c->name, err.msg);
            CHECK(cudaMemcpyAsync(d, out, n * 4, cudaMemcpyDeviceToHost, st) == cudaSuccess &&
                  cudaStreamSynchronize(st) == cudaSuccess);
            for (size_t v = 0; v < n; v++) dd[v] = d[v];
            CHECK_MSG(graph_dist_equal(g->n, dd, want_d, &err) == 0, "%s sssp_device delta %g: %s", c->name,
                      (double)delta, err.msg);
        }
        /* the width sw_sssp_device derives (delta 0) is the CLI's (sssp_bucket_width, on the host) */
        double work_w, want_w, got_w = -1;
        const sssp_dev_graph sg = {g->n, g->m, row, col, g->w ? w : NULL, g->undirected};
        CHECK_MSG(sssp_device_width(&sg, s.rev_row ? s.rev_row : g->undirected ? row : NULL,
                                    s.rev_col ? s.rev_col : g->undirected ? col : NULL, temp, st, &got_w, NULL, &err) == 0 &&
                      sssp_bucket_width(g, &work_w, &want_w, &err) == 0 && fabs(got_w - want_w) <= 1e-6 * want_w,
                  "%s: the derived bucket width %.9g, the CLI's %.9g (%s)", c->name, got_w, want_w, err.msg);
        CHECK_MSG(sw_bfs_device(&s, c->source, out, temp, bfs_bytes - 1, st, &err) != 0 && strstr(err.msg, "temp"),
                  "%s: too little temp storage taken", c->name);
        CHECK_MSG(sw_sssp_device(&s, c->source, 0.0f, out, (char *)temp + 8, sssp_bytes, st, &err) != 0 &&
                      strstr(err.msg, "aligned"),
                  "%s: misaligned temp storage taken", c->name);
    }
    if (st) cudaStreamDestroy(st);
    void *p[] = {row, col, w, rrow, rcol, out, temp};
    for (size_t i = 0; i < sizeof p / sizeof p[0]; i++) cudaFree(p[i]);
    free(lv), free(d), free(dd);
}

static void check_cuda_case(const graph_case *c)
{
    const graph_csr *g = &c->g;
    const size_t n = g->n;
    int32_t *want_lv = malloc(n * 4), *lv = malloc(n * 4);
    double *want_d = malloc(n * 8), *dd = malloc(n * 8);
    float *d = malloc(n * 4);
    sw_error err = {{0}};
    graph_csr t = {0};
    CHECK(want_lv && lv && want_d && dd && d);
    if (!want_lv || !lv || !want_d || !dd || !d || bfs_cpu(g, c->source, want_lv, NULL, &err) ||
        sssp_cpu(g, c->source, want_d, NULL, &err) || (!g->undirected && graph_csr_transpose(g, &t, &err))) {
        CHECK_MSG(0, "%s: references: %s", c->name, err.msg);
        goto done;
    }
    for (int with_rev = 0; with_rev < 2; with_rev++) {
        if (with_rev && g->undirected) break;
        sw_csr s = as_sw(g, with_rev ? &t : NULL);
        test_poison(lv, n * 4);
        CHECK_MSG(sw_bfs(SW_BACKEND_CUDA, &s, c->source, lv, &err) == 0, "%s sw_bfs: %s", c->name, err.msg);
        CHECK_MSG(graph_levels_equal(g->n, lv, want_lv, &err) == 0, "%s sw_bfs: %s", c->name, err.msg);
        test_poison(d, n * 4);
        CHECK_MSG(sw_sssp(SW_BACKEND_CUDA, &s, c->source, d, &err) == 0, "%s sw_sssp: %s", c->name, err.msg);
        for (size_t v = 0; v < n; v++) dd[v] = d[v];
        CHECK_MSG(graph_dist_equal(g->n, dd, want_d, &err) == 0, "%s sw_sssp: %s", c->name, err.msg);
    }
    for (int with_rev = 0; with_rev < 2; with_rev++)
        if (!with_rev || !g->undirected) check_device(c, g->undirected ? NULL : &t, with_rev, want_lv, want_d);
done:
    graph_csr_free(&t);
    free(want_lv), free(lv), free(want_d), free(dd), free(d);
}
#endif

/* Arrays that break graph.h's rules, each refused with a message naming it. */
static void check_refusals(sw_backend b)
{
    int64_t row[4] = {0, 2, 3, 4};
    uint32_t col[4] = {1, 2, 0, 1};
    float w[4] = {1, 2, 3, 4};
    int32_t lv[3];
    float dist[3];
    sw_error err = {{0}};
    sw_csr g = {3, 4, row, col, w, 0, NULL, NULL};
    CHECK_MSG(sw_bfs(b, &g, 3, lv, &err) != 0 && strstr(err.msg, "source"), "source 3 of 3 taken");
    g.n = 0;
    CHECK_MSG(sw_bfs(b, &g, 0, lv, &err) != 0 && strstr(err.msg, "vertices"), "no vertices taken");
    g.n = 3;
    row[3] = 5;
    CHECK_MSG(sw_bfs(b, &g, 0, lv, &err) != 0 && strstr(err.msg, "row[n]"), "row[n] != m taken: %s", err.msg);
    row[3] = 4, row[1] = 4;
    CHECK_MSG(sw_bfs(b, &g, 0, lv, &err) != 0 && strstr(err.msg, "decrease"), "decreasing offsets taken: %s", err.msg);
    row[1] = 2, col[2] = 3;
    CHECK_MSG(sw_sssp(b, &g, 0, dist, &err) != 0 && strstr(err.msg, "col[2]"), "target 3 of 3 taken: %s", err.msg);
    col[2] = 0, w[1] = -1.0f;
    CHECK_MSG(sw_sssp(b, &g, 0, dist, &err) != 0 && strstr(err.msg, "w[1]"), "negative weight taken: %s", err.msg);
    w[1] = NAN;
    CHECK_MSG(sw_sssp(b, &g, 0, dist, &err) != 0 && strstr(err.msg, "w[1]"), "NaN weight taken: %s", err.msg);
    w[1] = 2.0f;
    g.rev_row = row;
    CHECK_MSG(sw_bfs(b, &g, 0, lv, &err) != 0 && strstr(err.msg, "rev_col"), "half a reverse graph taken");
    g.rev_row = NULL;
    CHECK_MSG(sw_bfs(b, &g, 0, NULL, &err) != 0 && strstr(err.msg, "NULL"), "NULL levels taken");
    test_poison(lv, sizeof lv);
    CHECK_MSG(sw_bfs(b, &g, 0, lv, &err) == 0 && lv[0] == 0 && lv[1] == 1 && lv[2] == 1, "the small graph: %s",
              err.msg);
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "cpu";
    sw_error err = {{0}};
    const int cuda = sw_cuda_available(&err);
    const int on_cuda = !strcmp(mode, "cuda");
    if (on_cuda && !cuda) TEST_SKIP("graph.h on cuda: %s", err.msg);
    /* SCANWORKS_TEST_SMALL (the sanitizer runs): the 10,000-level path left out */
    const int small = getenv("SCANWORKS_TEST_SMALL") && atoi(getenv("SCANWORKS_TEST_SMALL"));
    int cases = 0;
    for (int i = 0; i < GRAPH_CASE_COUNT; i++) {
        graph_case c;
        if (graph_case_make(i, &c)) {
            CHECK_MSG(0, "graph case %d could not be made", i);
            continue;
        }
        if (small && c.g.n > 5000) {
            graph_csr_free(&c.g);
            continue;
        }
#if SCANWORKS_HAVE_CUDA
        if (on_cuda) check_cuda_case(&c);
        else
#endif
            check_cpu_case(&c);
        graph_csr_free(&c.g);
        cases++;
    }
    check_refusals(on_cuda ? SW_BACKEND_CUDA : SW_BACKEND_CPU);
    if (!on_cuda) {
        int64_t row[2] = {0, 0};
        int32_t lv[1];
        sw_csr g = {1, 0, row, NULL, NULL, 1, NULL, NULL};
        CHECK_MSG(sw_bfs((sw_backend)1, &g, 0, lv, &err) != 0 && strstr(err.msg, "backend"), "backend 1 taken");
        if (!cuda) {
            CHECK_MSG(sw_bfs(SW_BACKEND_CUDA, &g, 0, lv, &err) != 0 && strstr(err.msg, "cuda"),
                      "sw_bfs on cuda without a device did not say why: %s", err.msg);
            CHECK_MSG(sw_sssp_device(&g, 0, 0.0f, (float *)lv, NULL, 0, NULL, &err) != 0 && strstr(err.msg, "cuda"),
                      "sw_sssp_device without a device did not say why: %s", err.msg);
        }
    }
    printf("  %d graphs on %s\n", cases, mode);
    return test_finish(on_cuda ? "test_graph_api cuda" : "test_graph_api cpu");
}
