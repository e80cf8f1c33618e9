/* The host side of the GPU BFS: the graph on the device (CSR, reverse CSR for a
 * directed graph, the seed's COO), its scratch, and the runs: the queue algorithms
 * through bfs_device_run (the library's path, on the default stream here), the seed's
 * edge-parallel rounds here. */
#include "graph/graph_bfs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph/bfs_device.h"
#include "graph/graph_cuda.h"

struct bfs_cuda_graph {
    uint32_t n;
    uint64_t m, coo_m;
    int undirected;
    int64_t *row, *rrow;        /* rrow == row for an undirected graph */
    uint32_t *col, *rcol;
    uint32_t *coo_src, *coo_dst;
    int32_t *levels;
    void *temp;                 /* the queue algorithms' scratch (bfs_work) */
    bfs_work work;
    int block_cluster;          /* adaptive: the cluster's blocks (0: the device lacks the shared memory) */
    int *modif;
    cudaEvent_t ev[2];
};

void bfs_cuda_free(bfs_cuda_graph *d)
{
    if (!d) return;
    cudaFree(d->row), cudaFree(d->col), cudaFree(d->coo_src), cudaFree(d->coo_dst), cudaFree(d->levels);
    if (!d->undirected) cudaFree(d->rrow), cudaFree(d->rcol);
    cudaFree(d->temp), cudaFree(d->modif);
    if (d->ev[0]) cudaEventDestroy(d->ev[0]);
    if (d->ev[1]) cudaEventDestroy(d->ev[1]);
    free(d);
}

/* The adaptive BFS's cluster size (SCANWORKS_BFS_CLUSTER caps it). */
static int block_prepare(bfs_cuda_graph *d, sw_error *err)
{
    const char *cap = getenv("SCANWORKS_BFS_CLUSTER");
    return bfs_pool_prepare(cap ? atoi(cap) : 0, &d->block_cluster, err);
}

static int upload(const graph_csr *g, bfs_cuda_graph *d, sw_error *err)
{
    d->n = g->n;
    d->m = g->m;
    d->undirected = g->undirected;
    size_t n1 = (size_t)g->n + 1;
    if (gcuda_upload(&d->row, g->row, n1 * sizeof *g->row, "CSR rows", err) ||
        gcuda_upload(&d->col, g->col, g->m * sizeof *g->col, "CSR columns", err))
        return -1;
    if (g->undirected) {
        d->rrow = d->row;
        d->rcol = d->col;
    } else {
        graph_csr t;
        if (graph_csr_transpose(g, &t, err)) return -1;
        int rc = gcuda_upload(&d->rrow, t.row, n1 * sizeof *t.row, "reverse CSR rows", err) ||
                 gcuda_upload(&d->rcol, t.col, t.m * sizeof *t.col, "reverse CSR columns", err);
        graph_csr_free(&t);
        if (rc) return -1;
    }
    graph_coo e;
    if (graph_coo_from_csr(g, &e, err)) return -1;
    d->coo_m = e.m;
    int rc = gcuda_upload(&d->coo_src, e.src, e.m * sizeof *e.src, "COO sources", err) ||
             gcuda_upload(&d->coo_dst, e.dst, e.m * sizeof *e.dst, "COO destinations", err);
    graph_coo_free(&e);
    if (rc) return -1;
    if (gcuda_alloc(&d->levels, (size_t)g->n * sizeof(int32_t), "BFS levels", err) ||
        gcuda_alloc(&d->temp, bfs_work_bytes(g->n, g->m), "BFS queues, bitmaps and counters", err) ||
        block_prepare(d, err) ||
        gcuda_alloc(&d->modif, sizeof(int), "BFS modif word", err))
        return -1;
    bfs_work_carve(d->temp, g->n, g->m, &d->work);
    GCUDA_TRY(cudaEventCreate(&d->ev[0]), err);
    GCUDA_TRY(cudaEventCreate(&d->ev[1]), err);
    return 0;
}

int bfs_cuda_upload(const graph_csr *g, bfs_cuda_graph **out, sw_error *err)
{
    bfs_cuda_graph *d = sw_calloc(1, sizeof *d, "BFS device graph", err);
    *out = NULL;
    if (!d) return -1;
    if (upload(g, d, err)) {
        bfs_cuda_free(d);
        return -1;
    }
    *out = d;
    return 0;
}

static int run_edge_parallel(bfs_cuda_graph *d, bfs_stats *st, sw_error *err)
{
    uint64_t edges;
    if (gcuda_modif_reset(d->modif, err)) return -1;
    for (int iter = 0, changed = 1; changed; iter++) {
        if (bfs_cuda_step_edge_parallel(d, iter, &changed, &edges, err)) return -1;
        st->arcs_scanned += edges;
    }
    return 0;
}

int bfs_cuda_run(bfs_cuda_graph *d, const char *algo, uint32_t source, int32_t *levels, bfs_stats *st_out,
                 sw_error *err)
{
    if (source >= d->n) return sw_fail(err, "source %u out of range: the graph has %u vertices", source, d->n);
    if (!algo) algo = bfs_cuda_algorithms[0];
    bfs_stats st;
    memset(&st, 0, sizeof st);
    GCUDA_TRY(cudaEventRecord(d->ev[0], 0), err);
    int rc;
    if (!strcmp(algo, "edge-parallel")) {
        rc = bfs_launch_init(d->levels, d->n, source, 0, err) || run_edge_parallel(d, &st, err) ? -1 : 0;
    } else {
        const bfs_dev_graph g = {d->n, d->m, d->row, d->rrow, d->col, d->rcol};
        bfs_plan plan = {strcmp(algo, "frontier") != 0, !strcmp(algo, "adaptive") ? d->block_cluster : 0};
        if (strcmp(algo, "frontier") && strcmp(algo, "direction-optimizing") && strcmp(algo, "adaptive"))
            return sw_fail(err, "BFS algorithm '%s' is not a cuda one", algo);
        rc = bfs_device_run(&g, &d->work, &plan, source, d->levels, 0, &st, err);
    }
    if (rc || gcuda_elapsed_ms(d->ev[0], d->ev[1], &st.ms, err)) return -1;
    if (levels) {
        GCUDA_TRY(cudaMemcpy(levels, d->levels, (size_t)d->n * sizeof *levels, cudaMemcpyDeviceToHost), err);
        int maxl = -1;
        for (uint32_t v = 0; v < d->n; v++) {
            if (levels[v] >= 0) st.reached++;
            if (levels[v] > maxl) maxl = levels[v];
        }
        st.levels = maxl + 1;
    }
    if (st_out) *st_out = st;
    return 0;
}

int bfs_cuda_begin(bfs_cuda_graph *d, uint32_t source, sw_error *err)
{
    if (source >= d->n) return sw_fail(err, "source %u out of range: the graph has %u vertices", source, d->n);
    if (bfs_launch_init(d->levels, d->n, source, 0, err)) return -1;
    return gcuda_modif_reset(d->modif, err);
}

int bfs_cuda_step_edge_parallel(bfs_cuda_graph *d, int iter, int *changed, uint64_t *edges, sw_error *err)
{
    if (bfs_launch_edge_parallel(d->coo_src, d->coo_dst, d->coo_m, d->undirected, d->levels, iter, d->modif, 0, err) ||
        gcuda_modif_changed(d->modif, iter, changed, err))
        return -1;
    *edges = d->coo_m;
    return 0;
}

const int32_t *bfs_cuda_levels(const bfs_cuda_graph *d) { return d->levels; }
