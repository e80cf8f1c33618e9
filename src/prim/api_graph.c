/* include/scanworks/graph.h: the host-array entries (the CPU references, or the device
 * entries with copies) and the device entries over src/graph's device runs
 * (bfs_device.h: the CLI's default BFS; sssp_device.h: delta-stepping). */
#include "scanworks/graph.h"

#include <math.h>
#include <stdlib.h>

#include "graph/graph_bfs.h"
#include "graph/graph_sssp.h"
#include "prim/api_internal.h"
#include "util/error.h"

#if SCANWORKS_HAVE_CUDA
#include "graph/bfs_device.h"
#include "graph/sssp_device.h"
#endif

/* The fields every entry checks (no array is read). */
static int check_shape(const char *op, const sw_csr *g, uint32_t source, sw_error *err)
{
    if (!g || !g->row || (g->m && !g->col)) return sw_fail(err, "%s: the graph or its row/col arrays are NULL", op);
    if (g->n < 1 || g->n > SW_GRAPH_MAX_VERTICES)
        return sw_fail(err, "%s: %u vertices: a graph has 1..%u", op, g->n, SW_GRAPH_MAX_VERTICES);
    if (source >= g->n)
        return sw_fail(err, "%s: source %u out of range: the graph has %u vertices (0..%u)", op, source, g->n,
                       g->n - 1);
    if (!g->symmetric && (!g->rev_row != !g->rev_col))
        return sw_fail(err, "%s: give both rev_row and rev_col, or neither", op);
    return 0;
}

/* A host CSR's offsets, targets and (WEIGHTS) weights, as graph.h says they must be. */
static int check_rows(const char *op, const char *what, uint32_t n, uint64_t m, const int64_t *row,
                      const uint32_t *col, sw_error *err)
{
    if (row[0] != 0 || row[n] != (int64_t)m)
        return sw_fail(err, "%s: %s row[0] is %lld and row[n] %lld: they must be 0 and m = %llu", op, what,
                       (long long)row[0], (long long)row[n], (unsigned long long)m);
    for (uint32_t u = 0; u < n; u++)
        if (row[u + 1] < row[u])
            return sw_fail(err, "%s: %s row[%u] = %lld > row[%u] = %lld: offsets must not decrease", op, what, u,
                           (long long)row[u], u + 1, (long long)row[u + 1]);
    for (uint64_t k = 0; k < m; k++)
        if (col[k] >= n)
            return sw_fail(err, "%s: %s col[%llu] = %u: targets must be below n = %u", op, what,
                           (unsigned long long)k, col[k], n);
    return 0;
}

static int check_host(const char *op, const sw_csr *g, int weights, sw_error *err)
{
    if (check_rows(op, "the graph's", g->n, g->m, g->row, g->col, err)) return -1;
    if (!g->symmetric && g->rev_row && check_rows(op, "the reverse graph's", g->n, g->m, g->rev_row, g->rev_col, err))
        return -1;
    for (uint64_t k = 0; weights && g->w && k < g->m; k++)
        if (!(g->w[k] >= 0.0f) || isinf(g->w[k]))
            return sw_fail(err, "%s: w[%llu] = %g: weights must be finite and >= 0", op, (unsigned long long)k,
                           (double)g->w[k]);
    return 0;
}

/* G as the graph module's CSR (host arrays, read only). */
static graph_csr as_csr(const sw_csr *g)
{
    graph_csr c = {g->n, g->m, (int64_t *)g->row, (uint32_t *)g->col, (float *)g->w, g->symmetric != 0};
    return c;
}

static int check_backend(const char *op, sw_backend b, sw_error *err)
{
    if (b != SW_BACKEND_CPU && b != SW_BACKEND_CUDA)
        return sw_fail(err, "%s: backend %d is not SW_BACKEND_CPU or SW_BACKEND_CUDA", op, (int)b);
    return b == SW_BACKEND_CUDA ? api_require_cuda(op, err) : 0;
}

#if SCANWORKS_HAVE_CUDA
static int check_temp(const char *op, void *temp, size_t temp_bytes, size_t need, const char *ask, sw_error *err)
{
    if (!temp || temp_bytes < need)
        return sw_fail(err, "%s: this graph needs %zu bytes of temp storage, %zu given (ask %s)", op, need,
                       temp ? temp_bytes : 0, ask);
    if ((uintptr_t)temp & 15)
        return sw_fail(err, "%s: the temp storage must be 16-byte aligned (cudaMalloc's pointers are)", op);
    return 0;
}
#endif

int sw_bfs_temp_bytes(uint32_t n, uint64_t m, size_t *temp_bytes, sw_error *err)
{
    *temp_bytes = 0;
#if SCANWORKS_HAVE_CUDA
    (void)err;
    *temp_bytes = bfs_work_bytes(n, m);
    return 0;
#else
    (void)n, (void)m;
    return sw_fail(err, "sw_bfs_temp_bytes: this build has no CUDA backend");
#endif
}

int sw_bfs_device(const sw_csr *g, uint32_t source, int32_t *d_levels, void *temp, size_t temp_bytes,
                  sw_stream stream, sw_error *err)
{
    if (check_shape("sw_bfs_device", g, source, err) || api_require_cuda("sw_bfs_device", err)) return -1;
    if (!d_levels) return sw_fail(err, "sw_bfs_device: the levels array is NULL");
#if SCANWORKS_HAVE_CUDA
    if (check_temp("sw_bfs_device", temp, temp_bytes, bfs_work_bytes(g->n, g->m), "sw_bfs_temp_bytes", err))
        return -1;
    bfs_plan plan;
    bfs_work w;
    if (bfs_plan_for(bfs_cuda_algorithms[0], 0, &plan, err)) return -1;
    bfs_work_carve(temp, g->n, g->m, &w);
    const bfs_dev_graph dg = {g->n, g->m, g->row, g->symmetric ? g->row : g->rev_row, g->col,
                              g->symmetric ? g->col : g->rev_col};
    return bfs_device_run(&dg, &w, &plan, source, d_levels, (cudaStream_t)stream, NULL, err);
#else
    (void)temp, (void)temp_bytes, (void)stream;
    return -1;
#endif
}

/* Device copies of G's arrays (WEIGHTS: its weights too; REV, the reverse graph, when
 * given), room for the result and TEMP_BYTES of temp storage, into C; DG the graph on
 * the device. */
typedef struct graph_copies {
    void *row, *col, *w, *rrow, *rcol, *out, *temp;
} graph_copies;

static void free_copies(graph_copies *c)
{
    void *p[] = {c->row, c->col, c->w, c->rrow, c->rcol, c->out, c->temp};
    for (size_t i = 0; i < sizeof p / sizeof p[0]; i++) api_device_free(p[i]);
}

static int copy_graph(const sw_csr *g, const graph_csr *rev, int weights, size_t temp_bytes,
                      graph_copies *c, sw_csr *dg, sw_error *err)
{
    const size_t n1 = ((size_t)g->n + 1) * sizeof(int64_t), cols = g->m * sizeof(uint32_t);
    if (api_device_copy(&c->row, g->row, n1, "the graph's offsets", err) ||
        api_device_copy(&c->col, g->col, cols, "the graph's targets", err) ||
        (weights && g->w && api_device_copy(&c->w, g->w, g->m * sizeof(float), "the graph's weights", err)) ||
        (rev && (api_device_copy(&c->rrow, rev->row, n1, "the reverse graph's offsets", err) ||
                 api_device_copy(&c->rcol, rev->col, cols, "the reverse graph's targets", err))) ||
        api_device_copy(&c->out, NULL, (size_t)g->n * 4, "the result", err) ||
        api_device_copy(&c->temp, NULL, temp_bytes, "the temp storage", err))
        return -1;
    *dg = *g;
    dg->row = c->row, dg->col = c->col, dg->w = weights ? c->w : NULL;
    dg->rev_row = c->rrow, dg->rev_col = c->rcol;
    return 0;
}

/* The reverse graph a host-array call uploads: the caller's, or (directed, none
 * given) the transpose built here into *OWN. */
static int reverse_of(const sw_csr *g, graph_csr *own, const graph_csr **rev, sw_error *err)
{
    *rev = NULL;
    if (g->symmetric) return 0;
    if (g->rev_row) {
        *own = (graph_csr){g->n, g->m, (int64_t *)g->rev_row, (uint32_t *)g->rev_col, NULL, false};
        *rev = own;
        return 0;
    }
    graph_csr c = as_csr(g);
    if (graph_csr_transpose(&c, own, err)) return -1;
    *rev = own;
    return 1;   /* built here: free it */
}

/* The cuda backend of a host-array call: the graph (and its reverse) copied to the
 * device, BFS (SSSP 0: OUT gets the int32 levels) or SSSP (1: float distances) through
 * the device entry, the result copied back. */
static int on_device(const sw_csr *g, int sssp, uint32_t source, void *out, sw_error *err)
{
    graph_csr own;
    const graph_csr *rev;
    int built = reverse_of(g, &own, &rev, err);
    if (built < 0) return -1;
    size_t temp_bytes;
    graph_copies c = {0};
    sw_csr dg;
    int rc = -1;
    if (!(sssp ? sw_sssp_temp_bytes(g->n, g->m, g->w != NULL, &temp_bytes, err)
               : sw_bfs_temp_bytes(g->n, g->m, &temp_bytes, err)) &&
        !copy_graph(g, rev, sssp, temp_bytes, &c, &dg, err) &&
        !(sssp ? sw_sssp_device(&dg, source, 0.0f, c.out, c.temp, temp_bytes, NULL, err)
               : sw_bfs_device(&dg, source, c.out, c.temp, temp_bytes, NULL, err)))
        rc = api_host_copy(out, c.out, (size_t)g->n * 4, err);
    free_copies(&c);
    if (built) graph_csr_free(&own);
    return rc;
}

int sw_bfs(sw_backend b, const sw_csr *g, uint32_t source, int32_t *levels, sw_error *err)
{
    if (check_shape("sw_bfs", g, source, err) || check_backend("sw_bfs", b, err)) return -1;
    if (!levels) return sw_fail(err, "sw_bfs: the levels array is NULL");
    if (check_host("sw_bfs", g, 0, err)) return -1;
    if (b == SW_BACKEND_CPU) {
        graph_csr c = as_csr(g);
        return bfs_cpu(&c, source, levels, NULL, err);
    }
    return on_device(g, 0, source, levels, err);
}

int sw_sssp_temp_bytes(uint32_t n, uint64_t m, int weighted, size_t *temp_bytes, sw_error *err)
{
    *temp_bytes = 0;
#if SCANWORKS_HAVE_CUDA
    (void)err;
    size_t ds = sssp_ds_work_bytes(n, m, weighted, SSSP_DS_SEGMENT), width = sssp_width_work_bytes(n, m);
    *temp_bytes = ds > width ? ds : width;   /* the width's scratch is done with before the split */
    return 0;
#else
    (void)n, (void)m, (void)weighted;
    return sw_fail(err, "sw_sssp_temp_bytes: this build has no CUDA backend");
#endif
}

int sw_sssp_device(const sw_csr *g, uint32_t source, float delta, float *d_dist, void *temp, size_t temp_bytes,
                   sw_stream stream, sw_error *err)
{
    if (check_shape("sw_sssp_device", g, source, err) || api_require_cuda("sw_sssp_device", err)) return -1;
    if (!d_dist || ((uintptr_t)d_dist & 15))
        return sw_fail(err, "sw_sssp_device: the distance array must be 16-byte aligned device memory (cudaMalloc's "
                       "pointers are; delta-stepping reads it four at a time)");
    if (!(delta >= 0.0f) || isinf(delta))
        return sw_fail(err, "sw_sssp_device: bucket width %g: give a finite width > 0, or 0 to derive it",
                       (double)delta);
#if SCANWORKS_HAVE_CUDA
    size_t need;
    if (sw_sssp_temp_bytes(g->n, g->m, g->w != NULL, &need, err) ||
        check_temp("sw_sssp_device", temp, temp_bytes, need, "sw_sssp_temp_bytes", err))
        return -1;
    cudaStream_t s = (cudaStream_t)stream;
    const sssp_dev_graph dg = {g->n, g->m, g->row, g->col, g->w, g->symmetric != 0};
    const bool derived = delta == 0.0f;
    double width = 0.0, work = 0.0;
    if (derived) {
        if (sssp_device_width(&dg, g->symmetric ? g->row : g->rev_row, g->symmetric ? g->col : g->rev_col, temp, s,
                              &width, &work, err))
            return -1;
        delta = (float)width;
        if (!(delta > 0.0f)) delta = 1.0f;
    }
    sssp_ds_work w;
    sssp_ds_work_carve(temp, g->n, g->m, g->w != NULL, SSSP_DS_BIG_DEGREE, SSSP_DS_SEGMENT, &w);
    if (derived) sssp_ds_switches(&w, work, width);
    if (sssp_ds_split(&dg, delta, &w, s, err) || sssp_ds_run(&dg, &w, delta, source, d_dist, s, NULL, err)) return -1;
    return 0;
#else
    (void)temp, (void)temp_bytes, (void)stream;
    return -1;
#endif
}

int sw_sssp(sw_backend b, const sw_csr *g, uint32_t source, float *dist, sw_error *err)
{
    if (check_shape("sw_sssp", g, source, err) || check_backend("sw_sssp", b, err)) return -1;
    if (!dist) return sw_fail(err, "sw_sssp: the distance array is NULL");
    if (check_host("sw_sssp", g, 1, err)) return -1;
    if (b == SW_BACKEND_CPU) {
        graph_csr c = as_csr(g);
        double *d = sw_malloc((size_t)g->n * sizeof *d, "sw_sssp's distances", err);
        if (!d) return -1;
        int rc = sssp_cpu(&c, source, d, NULL, err);
        for (uint32_t v = 0; !rc && v < g->n; v++) dist[v] = (float)d[v];
        free(d);
        return rc;
    }
    return on_device(g, 1, source, dist, err);
}
