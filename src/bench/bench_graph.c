/* `scanworks bench bfs|sssp`: R-MAT graphs of several scales, several random sources
 * with edges, every algorithm of every backend that runs here. GTEPS by the Graph500
 * rule: edges in the traversed component (undirected, counted once) over the time of
 * one traversal; the time is the median over sources (device events for cuda). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "bench/bench.h"
#include "graph/graph_bfs.h"
#include "graph/graph_load.h"
#include "graph/graph_sssp.h"
#include "graph/rmat.h"

int bench_bfs_main(int argc, char **argv);
int bench_sssp_main(int argc, char **argv);

#define MAX_SOURCES 64

typedef struct bench_graph_opts {
    int sssp;
    long long lo, hi, edge_factor, sources, cpu_max_scale, seed;
    const char *scales, *json, *csv, *plot, *algo;   /* algo: one cuda algorithm only (NULL: all) */
} bench_graph_opts;

static int parse_scales(const char *s, long long *lo, long long *hi, sw_error *err)
{
    char *end;
    *lo = strtoll(s, &end, 10);
    *hi = *lo;
    if (!strncmp(end, "..", 2)) *hi = strtoll(end + 2, &end, 10);
    if (*end || *lo < 1 || *hi < *lo || *hi > 26) return sw_fail(err, "--scales '%s': expected A..B within 1..26", s);
    return 0;
}

/* One algorithm on one graph over the sources: median time, mean component edges. */
static int run_algo(const bench_graph_opts *o, prim_backend b, const char *algo, const graph_csr *g,
                    const uint32_t *src, int nsrc, void *dev, bench_report *rep, int scale, sw_error *err)
{
    double ms[MAX_SOURCES], edges = 0;
    int32_t *lv = malloc((size_t)g->n * sizeof *lv);
    double *dist = malloc((size_t)g->n * sizeof *dist);
    if (!lv || !dist) {
        free(lv), free(dist);
        return sw_fail(err, "out of memory for results");
    }
    int rc = 0;
    for (int i = -1; i < nsrc && !rc; i++) {   /* i = -1: warm-up */
        uint32_t s = src[i < 0 ? 0 : i];
        double t = 0;
        if (!o->sssp) {
            bfs_stats st;
            rc = b == PRIM_CPU ? bfs_cpu(g, s, lv, &st, err)
#if SCANWORKS_HAVE_CUDA
                               : bfs_cuda_run(dev, algo, s, lv, &st, err);
#else
                               : sw_fail(err, "no cuda");
#endif
            t = st.ms;
        } else {
            sssp_stats st;
            rc = b == PRIM_CPU ? sssp_cpu(g, s, dist, &st, err)
#if SCANWORKS_HAVE_CUDA
                               : sssp_cuda_run(dev, algo, s, dist, &st, err);
#else
                               : sw_fail(err, "no cuda");
#endif
            t = st.ms;
            for (uint32_t v = 0; v < g->n; v++) lv[v] = isinf(dist[v]) ? -1 : 0;
        }
        if (!rc && i >= 0) {
            ms[i] = t;
            edges += (double)graph_component_edges(g, lv);
        }
    }
    free(lv), free(dist);
    if (rc) return -1;
    edges /= nsrc;
    bench_row row = {0};
    snprintf(row.op, sizeof row.op, "%s", o->sssp ? "sssp" : "bfs");
    snprintf(row.variant, sizeof row.variant, "%s", algo);
    snprintf(row.backend, sizeof row.backend, "%s", prim_backend_name(b));
    row.n = (int64_t)edges;
    row.reps = nsrc;
    row.median_ms = bench_median(ms, nsrc);
    row.min_ms = ms[0];
    row.bytes = edges * 2 * 8.0;   /* floor numerator: a column index and a level/dist per arc */
    snprintf(row.note, sizeof row.note, "scale %d ef %lld: %.3f GTEPS", scale, o->edge_factor,
             row.median_ms > 0 ? edges / (row.median_ms * 1e6) : 0.0);
    printf("  %-5s %-22s scale %2d  %8.3f ms  %7.3f GTEPS\n", row.backend, algo, scale, row.median_ms,
           row.median_ms > 0 ? edges / (row.median_ms * 1e6) : 0.0);
    return bench_add(rep, &row, err);
}

static int bench_scale(const bench_graph_opts *o, int scale, bench_report *rep, sw_error *err)
{
    graph_coo e;
    graph_csr g;
    if (graph_rmat(scale, (int)o->edge_factor, (uint64_t)o->seed, o->sssp, &e, err)) return -1;
    int rc = graph_csr_from_coo(&e, &g, err);
    graph_coo_free(&e);
    if (rc) return -1;
    uint32_t src[MAX_SOURCES];
    int nsrc = 0;
    uint64_t r = (uint64_t)o->seed * 7919 + (uint64_t)scale;
    for (int tries = 0; nsrc < o->sources && tries < 100000; tries++) {
        r = graph_mix64(r);
        uint32_t v = (uint32_t)(r % g.n);
        if (graph_degree(&g, v) > 0) src[nsrc++] = v;
    }
    if (!nsrc) {
        graph_csr_free(&g);
        return sw_fail(err, "scale %d: no vertex with edges", scale);
    }
    printf("R-MAT scale %d, edge factor %lld: %u vertices, %llu arcs, %d sources\n", scale, o->edge_factor, g.n,
           (unsigned long long)g.m, nsrc);
    if (scale <= o->cpu_max_scale)
        rc = run_algo(o, PRIM_CPU, o->sssp ? "dijkstra" : "queue", &g, src, nsrc < 4 ? nsrc : 4, NULL, rep, scale, err);
#if SCANWORKS_HAVE_CUDA
    const char *why;
    if (!rc && prim_cuda_available(&why)) {
        const char *const *algos = o->sssp ? sssp_cuda_algorithms : bfs_cuda_algorithms;
        void *dev = NULL;
        if (o->sssp) rc = sssp_cuda_upload(&g, o->algo, (sssp_cuda_graph **)&dev, err);
        else rc = bfs_cuda_upload(&g, (bfs_cuda_graph **)&dev, err);
        for (const char *const *a = algos; !rc && *a; a++)
            if (!o->algo || !strcmp(o->algo, *a)) rc = run_algo(o, PRIM_CUDA, *a, &g, src, nsrc, dev, rep, scale, err);
        if (o->sssp) sssp_cuda_free(dev);
        else bfs_cuda_free(dev);
    }
#endif
    graph_csr_free(&g);
    return rc;
}

static int bench_graph_main(int argc, char **argv, int sssp)
{
    bench_graph_opts o = {sssp, 0, 0, 16, 8, sssp ? 18 : 20, 1, "16..22", NULL, NULL, NULL, NULL};
    cli_flag flags[] = {
        {"--scales", CLI_STRING, &o.scales, "A..B  R-MAT scales (default 16..22, at most 26)", 0, 0, false, false},
        {"--edge-factor", CLI_LONG, &o.edge_factor, "EF  edges per vertex (default 16)", 1, 1024, false, false},
        {"--sources", CLI_LONG, &o.sources, "N  random sources with edges (default 8)", 1, MAX_SOURCES, false, false},
        {"--cpu-max-scale", CLI_LONG, &o.cpu_max_scale, "S  largest scale the CPU reference runs on", 0, 30, false,
         false},
        {"--seed", CLI_LONG, &o.seed, "N  R-MAT and source seed (default 1)", 0, 0, false, false},
        {"--algo", CLI_STRING, &o.algo, "NAME  only this cuda algorithm (default: every one)", 0, 0, false, false},
        {"--json", CLI_STRING, &o.json, "FILE  results as JSON", 0, 0, false, false},
        {"--csv", CLI_STRING, &o.csv, "FILE  results as CSV", 0, 0, false, false},
        {"--plot", CLI_STRING, &o.plot, "FILE.svg  time against edges", 0, 0, false, false},
        {NULL, 0, NULL, NULL, 0, 0, false, false},
    };
    sw_error err;
    const char *usage = sssp ? "scanworks bench sssp [--scales 16..22] [--edge-factor 16] [--sources N] [--json F]"
                             : "scanworks bench bfs [--scales 16..22] [--edge-factor 16] [--sources N] [--json F]";
    int rc = cli_parse(argc, argv, 1, flags, usage, &err);
    if (rc == 1) return 0;
    if (!rc && o.algo) {
        const char *const *list = sssp ? sssp_algorithms(PRIM_CUDA) : bfs_algorithms(PRIM_CUDA), *const *a = list;
        while (*a && strcmp(*a, o.algo)) a++;
        if (!list[0]) rc = sw_fail(&err, "--algo '%s': this build has no CUDA backend", o.algo);
        else if (!*a) rc = sw_fail(&err, "--algo '%s': not a cuda %s algorithm", o.algo, sssp ? "SSSP" : "BFS");
    }
    if (rc || parse_scales(o.scales, &o.lo, &o.hi, &err)) {
        fprintf(stderr, "scanworks: %s\n", err.msg);
        return rc < 0 ? cli_exit_code(rc) : 2;
    }
    bench_report rep = {0};
    snprintf(rep.title, sizeof rep.title, "%s on R-MAT (Graph500 a=0.57 b=0.19 c=0.19), GTEPS", sssp ? "SSSP" : "BFS");
    const char *why = "";
#if SCANWORKS_HAVE_CUDA
    prim_cuda_available(&why);
#else
    why = "this build has no CUDA backend";
#endif
    snprintf(rep.environment, sizeof rep.environment, "scanworks %s, %s; cuda: %s", SCANWORKS_VERSION,
             SCANWORKS_BUILD_TYPE, why[0] ? why : "available");
    for (long long s = o.lo; s <= o.hi && !rc; s++) rc = bench_scale(&o, (int)s, &rep, &err);
    if (!rc) {
        bench_print(&rep, stdout);
        if ((o.json && bench_write_json(&rep, o.json, &err)) || (o.csv && bench_write_csv(&rep, o.csv, &err)) ||
            (o.plot && bench_write_svg(&rep, o.plot, &err)))
            rc = -1;
    }
    if (rc) fprintf(stderr, "scanworks: %s\n", err.msg);
    bench_free(&rep);
    return rc ? 1 : 0;
}

int bench_bfs_main(int argc, char **argv) { return bench_graph_main(argc, argv, 0); }
int bench_sssp_main(int argc, char **argv) { return bench_graph_main(argc, argv, 1); }
