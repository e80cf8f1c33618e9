/* The host side of the GPU BFS: the graph on the device (CSR, reverse CSR for a
 * directed graph, the seed's COO) and the level loops of the three algorithms. */
#include "graph/graph_bfs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernels/graph/bfs.h"
#include "kernels/graph/bfs_block.h"
#include "kernels/graph/bfs_pool.h"
#include "graph/graph_cuda.h"

const char *const bfs_cuda_algorithms[] = {"direction-optimizing", "adaptive", "frontier", "edge-parallel", NULL};

/* Beamer's heuristics: go bottom-up when the frontier's edges exceed the unexplored
 * edges / ALPHA; come back top-down when the frontier has fewer than n / BETA vertices. */
#define BFS_ALPHA 15.0
#define BFS_BETA 18.0

struct bfs_cuda_graph {
    uint32_t n;
    uint64_t m, coo_m;
    int undirected;
    int64_t *row, *rrow;        /* rrow == row for an undirected graph */
    uint32_t *col, *rcol;
    uint32_t *coo_src, *coo_dst;
    int32_t *levels;
    uint32_t *q[2], *bm[2], *hub_v;
    int64_t *hub_start;
    bfs_counters *cnt;
    bfs_block_state *block;     /* adaptive: what the cluster's levels leave */
    int block_cluster;          /* its blocks (0: the device lacks the shared memory) */
    int block_barriers;         /* its level loop: 1 cluster barrier a level (bfs_pool.h) or 2 (bfs_block.h) */
    int *modif;
    cudaEvent_t ev[2];
};

void bfs_cuda_free(bfs_cuda_graph *d)
{
    if (!d) return;
    cudaFree(d->row), cudaFree(d->col), cudaFree(d->coo_src), cudaFree(d->coo_dst), cudaFree(d->levels);
    if (!d->undirected) cudaFree(d->rrow), cudaFree(d->rcol);
    for (int i = 0; i < 2; i++) cudaFree(d->q[i]), cudaFree(d->bm[i]);
    cudaFree(d->hub_v), cudaFree(d->hub_start);
    cudaFree(d->cnt), cudaFree(d->modif), cudaFree(d->block);
    if (d->ev[0]) cudaEventDestroy(d->ev[0]);
    if (d->ev[1]) cudaEventDestroy(d->ev[1]);
    free(d);
}

/* The adaptive BFS's cluster: its level loop (SCANWORKS_BFS_LEVEL_LOOP=new, the
 * default, or old) and its size (SCANWORKS_BFS_CLUSTER caps it). */
static int block_prepare(bfs_cuda_graph *d, sw_error *err)
{
    const char *loop = getenv("SCANWORKS_BFS_LEVEL_LOOP"), *cap = getenv("SCANWORKS_BFS_CLUSTER");
    int want = cap ? atoi(cap) : 0;
    if (!loop || !*loop || !strcmp(loop, "new")) {
        d->block_barriers = 1;
        return bfs_pool_prepare(want, &d->block_cluster, err);
    }
    if (!strcmp(loop, "old")) {
        d->block_barriers = 2;
        return bfs_block_prepare(want, &d->block_cluster, err);
    }
    return sw_fail(err, "SCANWORKS_BFS_LEVEL_LOOP=%s: the adaptive BFS's level loops are 'new' (one cluster barrier a "
                        "level, the default) and 'old' (two)", loop);
}

static int upload(const graph_csr *g, bfs_cuda_graph *d, sw_error *err)
{
    d->n = g->n;
    d->m = g->m;
    d->undirected = g->undirected;
    size_t n1 = (size_t)g->n + 1, words = ((size_t)g->n + 31) / 32 + 1;
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
        gcuda_alloc(&d->q[0], (size_t)g->n * sizeof(uint32_t), "BFS queue", err) ||
        gcuda_alloc(&d->q[1], (size_t)g->n * sizeof(uint32_t), "BFS queue", err) ||
        gcuda_alloc(&d->hub_v, graph_hub_capacity(g->n, g->m) * sizeof(uint32_t), "BFS hub segments", err) ||
        gcuda_alloc(&d->hub_start, graph_hub_capacity(g->n, g->m) * sizeof(int64_t), "BFS hub segments", err) ||
        gcuda_alloc(&d->bm[0], words * sizeof(uint32_t), "BFS bitmap", err) ||
        gcuda_alloc(&d->bm[1], words * sizeof(uint32_t), "BFS bitmap", err) ||
        gcuda_alloc(&d->cnt, sizeof(bfs_counters), "BFS counters", err) ||
        gcuda_alloc(&d->block, sizeof(bfs_block_state), "BFS block state", err) ||
        block_prepare(d, err) ||
        gcuda_alloc(&d->modif, sizeof(int), "BFS modif word", err))
        return -1;
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

static int read_counters(bfs_cuda_graph *d, bfs_counters *c, sw_error *err)
{
    GCUDA_TRY(cudaMemcpy(c, d->cnt, sizeof *c, cudaMemcpyDeviceToHost), err);
    GCUDA_TRY(cudaMemset(d->cnt, 0, sizeof *c), err);
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

/* The cluster's levels (adaptive) from the NF vertices of q[*CUR] on level *ITER:
 * afterwards the frontier it stopped at is q[*CUR] with *NF vertices of *MF arcs, and
 * *MU (arcs not yet in any frontier) has lost the arcs of the frontiers it made. */
static int run_block(bfs_cuda_graph *d, int *cur, int *iter, double *nf, double *mf, double *mu, bfs_stats *st,
                     sw_error *err)
{
    bfs_block_state b;
    if (d->block_barriers == 1
            ? bfs_launch_pool_levels(d->block_cluster, d->row, d->col, d->q[*cur], (uint32_t)*nf, d->q[1 - *cur],
                                     d->levels, *iter, d->block, 0, err)
            : bfs_launch_block_levels(d->block_cluster, d->row, d->col, d->q[*cur], (uint32_t)*nf, d->q[1 - *cur],
                                      d->levels, *iter, d->block, err))
        return -1;
    GCUDA_TRY(cudaMemcpy(&b, d->block, sizeof b, cudaMemcpyDeviceToHost), err);
    if (b.overflow) return sw_fail(err, "adaptive BFS: the block's queue overflowed at level %d (a bug)", b.iter);
    if (b.iter != *iter + b.levels_run || b.levels_run < 0 || (double)b.count > (double)d->n)
        return sw_fail(err, "adaptive BFS: the block ran %d levels from %d but stopped at %d (a bug)", b.levels_run,
                       *iter, b.iter);
    *cur = 1 - *cur;
    *iter = b.iter;
    st->arcs_scanned += b.scanned;
    st->block_levels += b.levels_run;
    st->block_launches++;
    st->block_cluster = d->block_cluster;
    st->block_barriers = d->block_barriers;
    *mu -= (double)b.scanned - *mf + (double)b.degree;
    *nf = b.count;
    *mf = (double)b.degree;
    return 0;
}

/* Top-down throughout (DIRECTION_OPT 0), or Beamer's switching (1); BLOCK: levels
 * whose frontier fits the cluster run there, many to a launch (bfs_block.h). */
static int run_queues(bfs_cuda_graph *d, uint32_t source, int direction_opt, int block, bfs_stats *st,
                      sw_error *err)
{
    size_t words = ((size_t)d->n + 31) / 32 + 1;
    GCUDA_TRY(cudaMemcpy(d->q[0], &source, sizeof source, cudaMemcpyHostToDevice), err);
    GCUDA_TRY(cudaMemset(d->cnt, 0, sizeof(bfs_counters)), err);
    int64_t rs[2];
    GCUDA_TRY(cudaMemcpy(rs, d->row + source, sizeof rs, cudaMemcpyDeviceToHost), err);
    double nf = 1, mf = (double)(rs[1] - rs[0]), mu = (double)d->m - mf;
    int bottom_up = 0, cur = 0, trace = getenv("SCANWORKS_GRAPH_TRACE") != NULL;
    bfs_counters c;
    block = block && d->block_cluster > 0;
    double block_v = (double)(d->block_barriers == 1 ? bfs_pool_max_vertices(d->block_cluster)
                                                     : bfs_block_max_vertices(d->block_cluster)),
           block_a = d->block_barriers == 1 ? (double)bfs_pool_max_arcs(d->block_cluster) : BFS_BLOCK_MAX_ARCS;
    for (int iter = 0; nf > 0; iter++) {
        if (block && !bottom_up && nf <= block_v && mf <= block_a) {
            int from = iter;
            if (run_block(d, &cur, &iter, &nf, &mf, &mu, st, err)) return -1;
            if (trace)
                fprintf(stderr,
                        "bfs levels %d..%d in a cluster of %d blocks, %d cluster barrier(s) a level -> frontier %.0f, "
                        "its arcs %.0f\n",
                        from, iter - 1, d->block_cluster, d->block_barriers, nf, mf);
            if (nf <= 0) break;
        }
        if (direction_opt && !bottom_up && mf > mu / BFS_ALPHA) {
            GCUDA_TRY(cudaMemset(d->bm[cur], 0, words * sizeof(uint32_t)), err);
            if (bfs_launch_queue_to_bitmap(d->q[cur], (uint32_t)nf, d->bm[cur], err)) return -1;
            bottom_up = 1;
        } else if (bottom_up && nf < d->n / BFS_BETA) {
            if (bfs_launch_bitmap_to_queue(d->bm[cur], d->row, d->n, d->q[cur], d->cnt, err) ||
                read_counters(d, &c, err))
                return -1;
            bottom_up = 0;
        }
        if (bottom_up) {
            if (bfs_launch_bottom_up(d->rrow, d->rcol, d->row, d->n, d->bm[cur], d->bm[1 - cur], d->cnt, d->levels,
                                     iter, err))
                return -1;
            st->bottom_up_steps++;
        } else {
            if (bfs_launch_top_down(d->row, d->col, d->q[cur], (uint32_t)nf, d->q[1 - cur], d->hub_start, d->hub_v, d->cnt, d->levels, iter,
                                    err))
                return -1;
            st->arcs_scanned += (uint64_t)mf;
        }
        if (read_counters(d, &c, err)) return -1;
        if (trace)
            fprintf(stderr, "bfs level %d %s: frontier %.0f, its arcs %.0f, unexplored arcs %.0f -> next %u\n", iter,
                    bottom_up ? "bottom-up" : "top-down", nf, mf, mu, c.count);
        cur = 1 - cur;
        nf = c.count;
        mf = (double)c.degree;
        mu -= mf;
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
    if (bfs_launch_init(d->levels, d->n, source, err)) return -1;
    int rc;
    if (!strcmp(algo, "edge-parallel")) rc = run_edge_parallel(d, &st, err);
    else if (!strcmp(algo, "frontier")) rc = run_queues(d, source, 0, 0, &st, err);
    else if (!strcmp(algo, "direction-optimizing")) rc = run_queues(d, source, 1, 0, &st, err);
    else if (!strcmp(algo, "adaptive")) rc = run_queues(d, source, 1, 1, &st, err);
    else return sw_fail(err, "BFS algorithm '%s' is not a cuda one", algo);
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
    if (bfs_launch_init(d->levels, d->n, source, err)) return -1;
    return gcuda_modif_reset(d->modif, err);
}

int bfs_cuda_step_edge_parallel(bfs_cuda_graph *d, int iter, int *changed, uint64_t *edges, sw_error *err)
{
    if (bfs_launch_edge_parallel(d->coo_src, d->coo_dst, d->coo_m, d->undirected, d->levels, iter, d->modif, err) ||
        gcuda_modif_changed(d->modif, iter, changed, err))
        return -1;
    *edges = d->coo_m;
    return 0;
}

const int32_t *bfs_cuda_levels(const bfs_cuda_graph *d) { return d->levels; }
