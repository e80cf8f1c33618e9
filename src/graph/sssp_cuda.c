/* The host side of the GPU SSSP: the graph on the device (CSR rows split light | heavy
 * for delta-stepping, the seed's COO, and its copy regrouped by dist segments) and the
 * rounds of each algorithm. */
#include "graph/graph_sssp.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph/graph_cuda.h"
#include "graph/sssp_device.h"
#include "kernels/graph/sssp.h"


/* Edges regrouped by segments of this many vertices (the seed's L2 blocking). */
#define SSSP_SEGMENT ((uint32_t)1 << 20)

struct sssp_cuda_graph {
    uint32_t n;
    uint64_t m, coo_m;
    int undirected;
    float ds_delta;
    uint32_t ds_big, ds_seg;          /* delta-stepping hubs: degree threshold, segment */
    int64_t *row;
    uint32_t *col;                    /* CSR columns and weights as given (delta-stepping) */
    float *w;
    uint32_t *coo_src, *coo_dst;      /* the seed's COO */
    float *coo_w;
    uint32_t *seg_src, *seg_dst;      /* the same, regrouped by segment */
    float *seg_w;
    float *dist;
    int *modif;
    void *ds_temp;                    /* delta-stepping: its scratch, rows split light | heavy */
    sssp_ds_work ds;
    cudaEvent_t ev[2];
};

void sssp_cuda_free(sssp_cuda_graph *d)
{
    if (!d) return;
    void *p[] = {d->row, d->col, d->w, d->coo_src, d->coo_dst, d->coo_w, d->seg_src, d->seg_dst, d->seg_w, d->dist,
                 d->modif, d->ds_temp};
    for (size_t i = 0; i < sizeof p / sizeof p[0]; i++) cudaFree(p[i]);
    if (d->ev[0]) cudaEventDestroy(d->ev[0]);
    if (d->ev[1]) cudaEventDestroy(d->ev[1]);
    free(d);
}

/* The seed's regrouping: edges by the segment of their end, then of their start
 * (a stable counting sort on the pair of segment numbers). */
static int regroup(const graph_coo *e, graph_coo *out, sw_error *err)
{
    memset(out, 0, sizeof *out);
    uint64_t nseg = ((uint64_t)e->n + SSSP_SEGMENT - 1) / SSSP_SEGMENT;
    if (!nseg) nseg = 1;
    uint64_t keys = nseg * nseg;
    uint64_t *off = sw_calloc(keys + 1, sizeof *off, "segment counters", err);
    if (!off) return -1;
    if (graph_coo_reserve(out, e->m ? e->m : 1, e->w != NULL, err)) {
        free(off);
        return -1;
    }
    for (uint64_t k = 0; k < e->m; k++) off[(e->dst[k] / SSSP_SEGMENT) * nseg + e->src[k] / SSSP_SEGMENT + 1]++;
    for (uint64_t k = 0; k < keys; k++) off[k + 1] += off[k];
    for (uint64_t k = 0; k < e->m; k++) {
        uint64_t q = off[(e->dst[k] / SSSP_SEGMENT) * nseg + e->src[k] / SSSP_SEGMENT]++;
        out->src[q] = e->src[k];
        out->dst[q] = e->dst[k];
        if (e->w) out->w[q] = e->w[k];
    }
    out->n = e->n;
    out->m = e->m;
    out->both_directions = e->both_directions;
    free(off);
    return 0;
}

static int upload_coo(const graph_coo *e, uint32_t **s, uint32_t **d, float **w, sw_error *err)
{
    if (gcuda_upload(s, e->src, e->m * sizeof *e->src, "COO sources", err) ||
        gcuda_upload(d, e->dst, e->m * sizeof *e->dst, "COO destinations", err))
        return -1;
    if (e->w && gcuda_upload(w, e->w, e->m * sizeof *e->w, "COO weights", err)) return -1;
    return 0;
}

/* Delta-stepping's hub shape: vertices of more than DS_BIG arcs in a phase go to
 * segments of DS_SEG arcs, a warp each. SCANWORKS_SSSP_DS_HUB=BIG:SEG overrides it
 * for experiments. */
static int ds_hub_shape(sssp_cuda_graph *d, sw_error *err)
{
    d->ds_big = SSSP_DS_BIG_DEGREE;
    d->ds_seg = SSSP_DS_SEGMENT;
    const char *env = getenv("SCANWORKS_SSSP_DS_HUB");
    if (!env || !*env) return 0;
    unsigned big, seg;
    char tail;
    if (sscanf(env, "%u:%u%c", &big, &seg, &tail) != 2 || seg < 1 || seg > (1u << 20) || big > (1u << 30))
        return sw_fail(err, "SCANWORKS_SSSP_DS_HUB='%s': expected BIG:SEG, a degree threshold and a segment length "
                            "of 1..%u arcs", env, 1u << 20);
    d->ds_big = big;
    d->ds_seg = seg;
    return 0;
}

/* The tail's ratio and the pull (sssp_device.h); for experiments,
 * SCANWORKS_SSSP_DS_TAIL=R overrides the ratio (0: no tail) and SCANWORKS_SSSP_DS_PULL=0
 * or 1 turns the pull off or on (2: from the first bucket, for tests). */
static int ds_tail_pull(sssp_ds_work *w, sw_error *err)
{
    const char *env = getenv("SCANWORKS_SSSP_DS_TAIL");
    char *end;
    if (env && *env) {
        double r = strtod(env, &end);
        if (*end || !(r >= 0 && r <= 1e6))
            return sw_fail(err, "SCANWORKS_SSSP_DS_TAIL='%s': expected a ratio of 0 (no tail) to 1e6", env);
        w->tail = (float)r;
    }
    env = getenv("SCANWORKS_SSSP_DS_PULL");
    if (env && *env) {
        if (strcmp(env, "0") && strcmp(env, "1") && strcmp(env, "2"))
            return sw_fail(err, "SCANWORKS_SSSP_DS_PULL='%s': expected 0 (push every heavy arc), 1 "
                                "(pull them once it pays) or 2 (pull from the first bucket on)", env);
        w->pull = *env - '0';
    }
    return 0;
}

static int upload(const graph_csr *g, const char *hint, sssp_cuda_graph *d, sw_error *err)
{
    d->n = g->n;
    d->m = g->m;
    d->undirected = g->undirected;
    bool all = !hint, seg = all || !strcmp(hint, "bellman-ford-seg"), ds = all || !strcmp(hint, "delta-stepping");
    bool bf = all || (!seg && !ds);
    /* delta-stepping: the larger of the work width (2 x mean weight / mean degree) and
       the parallelism width that grows with the graph's depth (sssp_width.c) */
    double work_w = 1, width = 1;
    if (ds && sssp_bucket_width(g, &work_w, &width, err)) return -1;
    d->ds_delta = (float)width;
    const char *env = getenv("SCANWORKS_SSSP_DS_DELTA");
    const bool given = env && atof(env) > 0;   /* a width of the user's (for experiments) */
    if (given) d->ds_delta = (float)atof(env);
    if (!(d->ds_delta > 0)) d->ds_delta = 1.0f;
    if (ds && ds_hub_shape(d, err)) return -1;
    if (ds) {
        const size_t bytes = sssp_ds_work_bytes(g->n, g->m, g->w != NULL, d->ds_seg);
        if (gcuda_upload(&d->row, g->row, ((size_t)g->n + 1) * sizeof *g->row, "CSR rows", err) ||
            gcuda_upload(&d->col, g->col, g->m * sizeof *g->col, "CSR columns", err) ||
            (g->w && gcuda_upload(&d->w, g->w, g->m * sizeof *g->w, "CSR weights", err)) ||
            gcuda_alloc(&d->ds_temp, bytes, "delta-stepping's split rows, queues and stamps", err))
            return -1;
        sssp_ds_work_carve(d->ds_temp, g->n, g->m, g->w != NULL, d->ds_big, d->ds_seg, &d->ds);
        if (!given) sssp_ds_switches(&d->ds, work_w, width);
        if (ds_tail_pull(&d->ds, err)) return -1;
        const sssp_dev_graph dg = {d->n, d->m, d->row, d->col, d->w, d->undirected};
        if (sssp_ds_split(&dg, d->ds_delta, &d->ds, 0, err)) return -1;
        GCUDA_TRY(cudaStreamSynchronize(0), err);
    }
    if (bf || seg) {
        graph_coo e, r;
        if (graph_coo_from_csr(g, &e, err)) return -1;
        d->coo_m = e.m;
        int rc = bf ? upload_coo(&e, &d->coo_src, &d->coo_dst, &d->coo_w, err) : 0;
        if (!rc && seg) {
            rc = regroup(&e, &r, err);
            if (!rc) rc = upload_coo(&r, &d->seg_src, &d->seg_dst, &d->seg_w, err);
            graph_coo_free(&r);
        }
        graph_coo_free(&e);
        if (rc) return -1;
    }
    if (gcuda_alloc(&d->dist, (size_t)g->n * sizeof(float), "distances", err) ||
        gcuda_alloc(&d->modif, sizeof(int), "SSSP modif word", err))
        return -1;
    GCUDA_TRY(cudaEventCreate(&d->ev[0]), err);
    GCUDA_TRY(cudaEventCreate(&d->ev[1]), err);
    return 0;
}

int sssp_cuda_upload(const graph_csr *g, const char *hint, sssp_cuda_graph **out, sw_error *err)
{
    *out = NULL;
    sssp_cuda_graph *d = sw_calloc(1, sizeof *d, "SSSP device graph", err);
    if (!d) return -1;
    if (upload(g, hint, d, err)) {
        sssp_cuda_free(d);
        return -1;
    }
    *out = d;
    return 0;
}

static int run_bellman_ford(sssp_cuda_graph *d, int variant, sssp_stats *st, sw_error *err)
{
    const uint32_t *s = variant == 2 ? d->seg_src : d->coo_src, *e = variant == 2 ? d->seg_dst : d->coo_dst;
    const float *w = variant == 2 ? d->seg_w : d->coo_w;
    if (!s && d->coo_m) return sw_fail(err, "bellman-ford: the graph was uploaded for another algorithm");
    if (gcuda_modif_reset(d->modif, err)) return -1;
    for (int iter = 0, changed = 1; changed; iter++) {
        if (sssp_launch_bellman_ford(s, e, w, d->coo_m, d->undirected, d->dist, iter, d->modif, variant > 0, 0, err) ||
            gcuda_modif_changed(d->modif, iter, &changed, err))
            return -1;
        st->iterations++;
        st->relaxations += d->coo_m * (d->undirected ? 2 : 1);
    }
    return 0;
}

static int run_delta_stepping(sssp_cuda_graph *d, uint32_t source, sssp_stats *st, sw_error *err)
{
    if (!d->ds_temp) return sw_fail(err, "delta-stepping: the graph was uploaded for another algorithm");
    const sssp_dev_graph g = {d->n, d->m, d->row, d->col, d->w, d->undirected};
    if (sssp_ds_run(&g, &d->ds, d->ds_delta, source, d->dist, 0, st, err)) return -1;
    if (getenv("SCANWORKS_GRAPH_TRACE")) {
        static const char *const names[SSSP_DS_T_COUNT] = {"scan", "light", "light hubs", "heavy", "heavy hubs"};
        sssp_ds_ctl c;
        GCUDA_TRY(cudaMemcpy(&c, d->ds.ctl, sizeof c, cudaMemcpyDeviceToHost), err);
        fprintf(stderr,
                "delta-stepping: delta %g, hubs %u:%u, tail %g, pull %d, %u rounds, %u buckets (tail from %u, pulling "
                "%s);",
                d->ds_delta, d->ds_big, d->ds_seg, (double)d->ds.tail, d->undirected ? d->ds.pull : 0, c.rounds,
                c.buckets, c.tail_bucket, c.pulling ? "yes" : "no");
        for (int k = 0; k < SSSP_DS_T_COUNT; k++)
            fprintf(stderr, " %s %.3f ms in %u", names[k], (double)c.ns[k] * 1e-6, c.phases[k]);
        fputc('\n', stderr);
    }
    return 0;
}

int sssp_cuda_run(sssp_cuda_graph *d, const char *algo, uint32_t source, double *dist, sssp_stats *st_out,
                  sw_error *err)
{
    if (source >= d->n) return sw_fail(err, "source %u out of range: the graph has %u vertices", source, d->n);
    if (!algo) algo = sssp_cuda_algorithms[0];
    sssp_stats st;
    memset(&st, 0, sizeof st);
    GCUDA_TRY(cudaEventRecord(d->ev[0], 0), err);
    int rc, bf = -1;
    if (!strcmp(algo, "bellman-ford")) bf = 0;
    else if (!strcmp(algo, "bellman-ford-ro")) bf = 1;
    else if (!strcmp(algo, "bellman-ford-seg")) bf = 2;
    else if (strcmp(algo, "delta-stepping")) return sw_fail(err, "SSSP algorithm '%s' is not a cuda one", algo);
    if (bf < 0) rc = run_delta_stepping(d, source, &st, err);
    else rc = sssp_launch_init(d->dist, NULL, d->n, source, 0, err) || run_bellman_ford(d, bf, &st, err) ? -1 : 0;
    if (rc || gcuda_elapsed_ms(d->ev[0], d->ev[1], &st.ms, err)) return -1;
    if (dist) {
        float *f = sw_malloc((size_t)d->n * sizeof *f + 1, "distances", err);
        if (!f) return -1;
        cudaError_t e = cudaMemcpy(f, d->dist, (size_t)d->n * sizeof *f, cudaMemcpyDeviceToHost);
        if (e != cudaSuccess) {
            free(f);
            return sw_fail(err, "copying distances back: %s", cudaGetErrorString(e));
        }
        for (uint32_t v = 0; v < d->n; v++) {
            dist[v] = isinf(f[v]) ? INFINITY : (double)f[v];
            st.reached += !isinf(f[v]);
        }
        free(f);
    }
    if (st_out) *st_out = st;
    return 0;
}
