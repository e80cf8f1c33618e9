/* `scanworks bench bfs|sssp`: the Graph500 protocol on built-in or user graphs.
 *
 * For each graph (--graph SPEC[,SPEC...]: a file, rmat:SCALE:EF[:SEED] or
 * grid:W:H[:SEED]; default R-MAT over --scales): random roots with degree > 0
 * (--sources, default 64 for BFS, 8 for SSSP), every algorithm of every backend that
 * runs here, each timed once per root after one warm-up run. Every timed run is
 * checked: BFS levels equal the CPU queue BFS's, and the first algorithm's levels
 * also pass the Graph500 rules (graph/graph_check.h; the others equal them); SSSP
 * distances equal Dijkstra's. The references are computed for every root on all host
 * cores, untimed; the CPU row is timed on its own over the first --cpu-sources roots.
 *
 * TEPS per root: edges in the root's component, each undirected input edge once (the
 * Graph500 count), over the run's time; a row reports their harmonic mean, and beside
 * it the same with each direction counted (the count Gunrock reports). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "bench/bench.h"
#include "graph/graph_bfs.h"
#include "graph/graph_check.h"
#include "graph/graph_load.h"
#include "graph/graph_refs.h"
#include "graph/graph_sssp.h"
#include "graph/rmat.h"

int bench_bfs_main(int argc, char **argv);
int bench_sssp_main(int argc, char **argv);

#define MAX_SOURCES 64
#define REF_BUDGET ((uint64_t)8 << 30)   /* bytes of reference results held at once */

typedef struct bench_graph_opts {
    int sssp;
    long long lo, hi, edge_factor, sources, cpu_sources, seed;
    bool undirected;
    const char *graphs, *scales, *json, *csv, *plot, *algo;   /* algo: one cuda algorithm only (NULL: all) */
} bench_graph_opts;

/* One graph under test: the CSR, its reverse (directed only), roots and references. */
typedef struct bench_graph {
    const char *spec;
    graph_csr g, rt;
    bool have_rt;
    uint32_t roots[MAX_SOURCES];
    int nroots;
    int32_t *ref_lv[MAX_SOURCES];
    double *ref_d[MAX_SOURCES];
    double edges[MAX_SOURCES], arcs[MAX_SOURCES];   /* Graph500 and Gunrock counts per root */
} bench_graph;

/* What one algorithm gave over the roots. */
typedef struct algo_result {
    const char *name;
    prim_backend b;
    double ms[MAX_SOURCES];
    int runs, valid;
    double delta;   /* SSSP: the bucket width of its last run (0: none) */
    char first_error[600];
} algo_result;

static int parse_scales(const char *s, long long *lo, long long *hi, sw_error *err)
{
    char *end;
    *lo = strtoll(s, &end, 10);
    *hi = *lo;
    if (!strncmp(end, "..", 2)) *hi = strtoll(end + 2, &end, 10);
    if (*end || *lo < 1 || *hi < *lo || *hi > 26) return sw_fail(err, "--scales '%s': expected A..B within 1..26", s);
    return 0;
}

static void free_graph(bench_graph *bg)
{
    for (int i = 0; i < MAX_SOURCES; i++) free(bg->ref_lv[i]), free(bg->ref_d[i]);
    graph_csr_free(&bg->g);
    if (bg->have_rt) graph_csr_free(&bg->rt);
}

/* Loads SPEC, picks the roots and computes their references. */
static int load_graph(const bench_graph_opts *o, const char *spec, int index, bench_graph *bg, sw_error *err)
{
    memset(bg, 0, sizeof *bg);
    bg->spec = spec;
    if (graph_load_csr(spec, GRAPH_FMT_AUTO, o->undirected, o->sssp, &bg->g, err)) return -1;
    const graph_csr *g = &bg->g;
    if (!g->undirected) {
        if (graph_csr_transpose(g, &bg->rt, err)) return -1;
        bg->have_rt = true;
    }
    uint64_t r = graph_mix64((uint64_t)o->seed * 7919 + (uint64_t)index);
    for (long tries = 0; g->n && bg->nroots < o->sources && tries < 1000000; tries++) {
        r = graph_mix64(r);
        uint32_t v = (uint32_t)(r % g->n);
        if (graph_degree(g, v) > 0) bg->roots[bg->nroots++] = v;
    }
    if (!bg->nroots)
        return sw_fail(err, "%s: no root with edges among %u vertices (a traversal needs at least one edge)", spec,
                       g->n);
    size_t each = (size_t)g->n * (o->sssp ? sizeof(double) : sizeof(int32_t));
    if ((uint64_t)each * bg->nroots > REF_BUDGET)
        return sw_fail(err, "%s: the references of %d roots need %.1f GiB, more than the %.0f GiB allowed; use fewer "
                       "--sources", spec, bg->nroots, (double)each * bg->nroots / (1 << 30),
                       (double)REF_BUDGET / (1 << 30));
    for (int i = 0; i < bg->nroots; i++) {
        void *p = sw_malloc(each + 1, "reference results", err);
        if (!p) return -1;
        if (o->sssp) bg->ref_d[i] = p;
        else bg->ref_lv[i] = p;
    }
    printf("%s: %u vertices, %llu arcs, %s; %d roots, references on %d host threads\n", spec, g->n,
           (unsigned long long)g->m, g->undirected ? "undirected" : "directed", bg->nroots, graph_host_threads());
    fflush(stdout);
    if (graph_cpu_refs(g, bg->roots, bg->nroots, o->sssp ? NULL : bg->ref_lv, o->sssp ? bg->ref_d : NULL, err))
        return -1;
    int32_t *mask = o->sssp ? sw_malloc((size_t)g->n * sizeof *mask + 1, "component mask", err) : NULL;
    if (o->sssp && !mask) return -1;
    for (int i = 0; i < bg->nroots; i++) {
        const int32_t *lv = bg->ref_lv[i];
        if (o->sssp) {
            for (uint32_t v = 0; v < g->n; v++) mask[v] = isinf(bg->ref_d[i][v]) ? -1 : 0;
            lv = mask;
        }
        bg->edges[i] = (double)graph_component_edges(g, lv);
        bg->arcs[i] = (double)graph_component_arcs(g, lv);
    }
    free(mask);
    return 0;
}

/* One run of ALGO from root I, checked; OUT_LV / OUT_D are scratch of n entries. *MS and
 * A's delta come from a run that succeeded; the stats start zeroed, as a failed run (and a
 * build without CUDA's GPU branch) writes none. */
static int run_once(const bench_graph_opts *o, bench_graph *bg, algo_result *a, void *dev, int i, int32_t *out_lv,
                    double *out_d, double *ms, sw_error *err)
{
    uint32_t s = bg->roots[i];
    const graph_csr *g = &bg->g;
    (void)dev;
    if (!o->sssp) {
        bfs_stats st = {0};
        int rc = a->b == PRIM_CPU ? bfs_cpu(g, s, out_lv, &st, err)
#if SCANWORKS_HAVE_CUDA
                                  : bfs_cuda_run(dev, a->name, s, out_lv, &st, err);
#else
                                  : sw_fail(err, "no cuda");
#endif
        if (!rc) *ms = st.ms;
        return rc;
    }
    sssp_stats st = {0};
    int rc = a->b == PRIM_CPU ? sssp_cpu(g, s, out_d, &st, err)
#if SCANWORKS_HAVE_CUDA
                              : sssp_cuda_run(dev, a->name, s, out_d, &st, err);
#else
                              : sw_fail(err, "no cuda");
#endif
    if (!rc) {
        *ms = st.ms;
        a->delta = st.delta;
    }
    return rc;
}

/* Checks the result of A from root I; GRAPH500: also the Graph500 rules. */
static int check_once(const bench_graph_opts *o, const bench_graph *bg, uint32_t i, const int32_t *lv,
                      const double *d, bool graph500, sw_error *err)
{
    if (o->sssp) return graph_dist_equal(bg->g.n, d, bg->ref_d[i], err);
    if (graph_levels_equal(bg->g.n, lv, bg->ref_lv[i], err)) return -1;
    return graph500 ? graph_bfs_check(&bg->g, bg->have_rt ? &bg->rt : NULL, bg->roots[i], lv, err) : 0;
}

/* Runs every algorithm of RES (NRES) root-major: per root each algorithm once,
 * checked. NROOTS: how many roots (the CPU row's count may be smaller). */
static int run_roots(const bench_graph_opts *o, bench_graph *bg, algo_result *res, int nres, void *dev, int nroots,
                     sw_error *err)
{
    size_t n = bg->g.n;
    int32_t *lv = sw_malloc(n * sizeof *lv + 1, "BFS levels", err);
    double *d = sw_malloc(n * sizeof *d + 1, "distances", err), ms;
    int rc = lv && d ? 0 : -1;
    for (int k = 0; k < nres && !rc; k++)   /* warm-up (the CPU needs none) */
        if (res[k].b != PRIM_CPU) rc = run_once(o, bg, &res[k], dev, 0, lv, d, &ms, err);
    for (int i = 0; i < nroots && !rc; i++)
        for (int k = 0; k < nres && !rc; k++) {
            algo_result *a = &res[k];
            /* poisoned: a run that writes nothing fails the check */
            if (o->sssp) memset(d, 0xA5, n * sizeof *d);
            else memset(lv, 0xA5, n * sizeof *lv);
            rc = run_once(o, bg, a, dev, i, lv, d, &ms, err);
            if (rc) break;
            a->ms[a->runs++] = ms;
            sw_error why;
            if (a->b == PRIM_CPU || !check_once(o, bg, (uint32_t)i, lv, d, k == 0, &why)) {
                a->valid++;
            } else if (!a->first_error[0]) {
                snprintf(a->first_error, sizeof a->first_error, "root %u: %s", bg->roots[i], why.msg);
                fprintf(stderr, "INVALID %s %s on %s, %s\n", prim_backend_name(a->b), a->name, bg->spec,
                        a->first_error);
            }
        }
    free(lv), free(d);
    return rc;
}

/* The row of A: median time, harmonic means of TEPS both ways; CPU_MS is the CPU
 * row's median (0: none) for the ratio. Returns whether every run was valid. */
static int add_row(const bench_graph_opts *o, const bench_graph *bg, const algo_result *a, double cpu_ms,
                   bench_report *rep, sw_error *err)
{
    double teps[MAX_SOURCES], teps_arcs[MAX_SOURCES], t[MAX_SOURCES], edges = 0;
    for (int i = 0; i < a->runs; i++) {
        teps[i] = a->ms[i] > 0 ? bg->edges[i] / (a->ms[i] * 1e6) : 0;
        teps_arcs[i] = a->ms[i] > 0 ? bg->arcs[i] / (a->ms[i] * 1e6) : 0;
        t[i] = a->ms[i];
    }
    for (int i = 0; i < bg->nroots; i++) edges += bg->edges[i] / bg->nroots;
    double hm = graph_harmonic_mean(teps, a->runs), hm_arcs = graph_harmonic_mean(teps_arcs, a->runs);
    bench_row row = {0};
    snprintf(row.op, sizeof row.op, "%s", o->sssp ? "sssp" : "bfs");
    snprintf(row.variant, sizeof row.variant, "%s", a->name);
    snprintf(row.backend, sizeof row.backend, "%s", prim_backend_name(a->b));
    row.n = (int64_t)edges;
    row.reps = a->runs;
    row.median_ms = bench_median(t, a->runs);
    row.min_ms = t[0];
    for (int i = 1; i < a->runs; i++) row.min_ms = t[i] < row.min_ms ? t[i] : row.min_ms;
    row.bytes = edges * 2 * 8.0;   /* floor numerator: a column index and a level/dist per arc */
    row.ratio_ref = cpu_ms > 0 && row.median_ms > 0 ? cpu_ms / row.median_ms : 0;
    int ok = a->valid == a->runs;
    char width[48] = "";
    if (a->delta > 0) snprintf(width, sizeof width, "  width %.4g", a->delta);
    /* free text, cut where it does not fit (the figures have their own fields) */
    int len = snprintf(row.note, sizeof row.note, "%.40s hm %.3f GTEPS, gunrock %.3f;%s%s %d/%d valid", bg->spec,
                       hm, hm_arcs, width[0] ? width + 1 : "", width[0] ? ";" : "", a->valid, a->runs);
    if (len < 0) row.note[0] = '\0';
    /* the width goes before the count, here and in the note: readers take "valid N/N" (or
       "N/N valid") as the last field */
    printf("  %-5s %-22s %-18s %9.3f ms  hm %8.3f GTEPS  gunrock %8.3f GTEPS%s  valid %d/%d%s\n", row.backend, a->name,
           bg->spec, row.median_ms, hm, hm_arcs, width, a->valid, a->runs, ok ? "" : "  INVALID");
    fflush(stdout);
    if (bench_add(rep, &row, err)) return -1;
    return ok;
}

static int bench_one(const bench_graph_opts *o, const char *spec, int index, bench_report *rep, int *invalid,
                     sw_error *err)
{
    bench_graph *bg = sw_calloc(1, sizeof *bg, "bench graph", err);
    if (!bg) return -1;
    int rc = load_graph(o, spec, index, bg, err);
    algo_result cpu = {o->sssp ? "dijkstra" : "queue", PRIM_CPU, {0}, 0, 0, 0, ""};
    int ncpu = (int)(o->cpu_sources < bg->nroots ? o->cpu_sources : bg->nroots);
    if (!rc && ncpu > 0) rc = run_roots(o, bg, &cpu, 1, NULL, ncpu, err);
    double cpu_ms = 0;   /* the CPU row's median, for the ratios */
    if (!rc && ncpu > 0) {
        double t[MAX_SOURCES];
        memcpy(t, cpu.ms, sizeof t);
        cpu_ms = bench_median(t, cpu.runs);
        int ok = add_row(o, bg, &cpu, 0, rep, err);
        rc = ok < 0 ? -1 : 0;
    }
#if !SCANWORKS_HAVE_CUDA
    (void)cpu_ms;
#else
    const char *why;
    if (!rc && prim_cuda_available(&why)) {
        const char *const *algos = o->sssp ? sssp_cuda_algorithms : bfs_cuda_algorithms;
        int count = 0, nres = 0;
        while (algos[count]) count++;
        algo_result *res = sw_calloc((size_t)count, sizeof *res, "algorithm results", err);
        if (!res) rc = -1;
        for (int k = 0; k < count && res; k++)
            if (!o->algo || !strcmp(o->algo, algos[k])) res[nres++] = (algo_result){algos[k], PRIM_CUDA, {0}, 0, 0, 0, ""};
        void *dev = NULL;
        if (!rc)
            rc = o->sssp ? sssp_cuda_upload(&bg->g, o->algo, (sssp_cuda_graph **)&dev, err)
                         : bfs_cuda_upload(&bg->g, (bfs_cuda_graph **)&dev, err);
        if (!rc) rc = run_roots(o, bg, res, nres, dev, bg->nroots, err);
        for (int k = 0; k < nres && !rc; k++) {
            int ok = add_row(o, bg, &res[k], cpu_ms, rep, err);
            if (ok < 0) rc = -1;
            else if (!ok) ++*invalid;
        }
        if (o->sssp) sssp_cuda_free(dev);
        else bfs_cuda_free(dev);
        free(res);
    }
#endif
    if (rc) sw_wrap(err, "%s: ", spec);
    free_graph(bg);
    free(bg);
    return rc;
}

static int bench_graph_main(int argc, char **argv, int sssp)
{
    bench_graph_opts o = {sssp, 0, 0, 16, sssp ? 8 : 64, 8, 1, false, NULL, "16..22", NULL, NULL, NULL, NULL};
    cli_flag flags[] = {
        {"--graph", CLI_STRING, &o.graphs,
         "SPEC[,SPEC...]  graphs: FILE (.mtx .gr .txt/.el/.snap), rmat:SCALE:EF[:SEED], grid:W:H[:SEED]", 0, 0, false,
         false},
        {"--undirected", CLI_FLAG, &o.undirected, "  add the reverse of every edge of the files", 0, 0, false, false},
        {"--scales", CLI_STRING, &o.scales, "A..B  R-MAT scales without --graph (default 16..22, at most 26)", 0, 0,
         false, false},
        {"--edge-factor", CLI_LONG, &o.edge_factor, "EF  R-MAT edges per vertex (default 16)", 1, 1024, false, false},
        {"--sources", CLI_LONG, &o.sources, "N  random roots with edges (default 64 for bfs, 8 for sssp)", 1,
         MAX_SOURCES, false, false},
        {"--cpu-sources", CLI_LONG, &o.cpu_sources, "K  roots the CPU row is timed on (default 8; 0: none)", 0,
         MAX_SOURCES, false, false},
        {"--seed", CLI_LONG, &o.seed, "N  R-MAT and root seed (default 1)", 0, 0, false, false},
        {"--algo", CLI_STRING, &o.algo, "NAME  only this cuda algorithm (default: every one)", 0, 0, false, false},
        {"--json", CLI_STRING, &o.json, "FILE  results as JSON", 0, 0, false, false},
        {"--csv", CLI_STRING, &o.csv, "FILE  results as CSV", 0, 0, false, false},
        {"--plot", CLI_STRING, &o.plot, "FILE.svg  time against edges", 0, 0, false, false},
        {NULL, 0, NULL, NULL, 0, 0, false, false},
    };
    sw_error err;
    const char *usage = sssp ? "scanworks bench sssp [--graph SPEC,...] [--scales 16..22] [--sources N] [--json F]"
                             : "scanworks bench bfs [--graph SPEC,...] [--scales 16..22] [--sources N] [--json F]";
    int rc = cli_parse(argc, argv, 1, flags, usage, &err);
    if (rc == 1) return 0;
    if (!rc && o.algo) {
        const char *const *list = sssp ? sssp_algorithms(PRIM_CUDA) : bfs_algorithms(PRIM_CUDA), *const *a = list;
        while (*a && strcmp(*a, o.algo)) a++;
        if (!list[0]) rc = sw_fail(&err, "--algo '%s': this build has no CUDA backend", o.algo);
        else if (!*a) rc = sw_fail(&err, "--algo '%s': not a cuda %s algorithm", o.algo, sssp ? "SSSP" : "BFS");
    }
    if (!rc && !o.graphs) rc = parse_scales(o.scales, &o.lo, &o.hi, &err);
    if (!rc && o.graphs && !o.graphs[0]) rc = sw_fail(&err, "--graph '': expected a file or a generator spec");
    if (rc) {
        fprintf(stderr, "scanworks: %s\n", err.msg);
        return rc < 0 ? cli_exit_code(rc) : 2;
    }
    bench_report rep = {0};
    /* The rows hold times (TEPS are in the notes): the title says what the plot draws. */
    snprintf(rep.title, sizeof rep.title, "%s, Graph500 protocol: median time per traversal (TEPS in the notes)",
             sssp ? "SSSP" : "BFS");
    snprintf(rep.x_label, sizeof rep.x_label, "edges in the traversed component");
    const char *why = "";
#if SCANWORKS_HAVE_CUDA
    prim_cuda_available(&why);
#else
    why = "this build has no CUDA backend";
#endif
    snprintf(rep.environment, sizeof rep.environment, "scanworks %s, %s; cuda: %s", SCANWORKS_VERSION,
             SCANWORKS_BUILD_TYPE, why[0] ? why : "available");
    int invalid = 0, index = 0;
    char spec[1100];
    if (o.graphs) {
        for (const char *p = o.graphs; !rc && *p; index++) {
            size_t len = strcspn(p, ",");
            if (len == 0 || len >= sizeof spec) {
                rc = sw_fail(&err, "--graph '%s': an empty or over-long entry", o.graphs);
                break;
            }
            memcpy(spec, p, len);
            spec[len] = '\0';
            rc = bench_one(&o, spec, index, &rep, &invalid, &err);
            p += len + (p[len] == ',');
        }
    } else {
        for (long long s = o.lo; s <= o.hi && !rc; s++, index++) {
            snprintf(spec, sizeof spec, "rmat:%lld:%lld:%lld", s, o.edge_factor, o.seed);
            rc = bench_one(&o, spec, index, &rep, &invalid, &err);
        }
    }
    if (!rc) {
        bench_print(&rep, stdout);
        if ((o.json && bench_write_json(&rep, o.json, &err)) || (o.csv && bench_write_csv(&rep, o.csv, &err)) ||
            (o.plot && bench_write_svg(&rep, o.plot, &err)))
            rc = -1;
    }
    if (rc) fprintf(stderr, "scanworks: %s\n", err.msg);
    else if (invalid) fprintf(stderr, "scanworks: %d algorithm row(s) gave wrong results (INVALID above)\n", invalid);
    bench_free(&rep);
    return rc || invalid ? 1 : 0;
}

int bench_bfs_main(int argc, char **argv) { return bench_graph_main(argc, argv, 0); }
int bench_sssp_main(int argc, char **argv) { return bench_graph_main(argc, argv, 1); }
