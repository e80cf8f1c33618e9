/* The GPU BFS's level loop on a device graph with the caller's scratch and stream
 * (bfs_device.h): top-down frontier queues, Beamer's bottom-up steps over bitmaps, and
 * the cluster's launches of many small levels (bfs_pool.h). */
#include "graph/bfs_device.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph/graph_cuda.h"

/* Beamer's heuristics: go bottom-up when the frontier's edges exceed the unexplored
 * edges / ALPHA; come back top-down when the frontier has fewer than n / BETA vertices. */
#define BFS_ALPHA 15.0
#define BFS_BETA 18.0

/* The CLI's list; the first is the default, and the library's (graph.h). */
const char *const bfs_cuda_algorithms[] = {"direction-optimizing", "adaptive", "frontier", "edge-parallel", NULL};

/* Each piece of the scratch starts on a 256-byte boundary. */
#define BFS_ALIGN(x) (((x) + 255) & ~(size_t)255)

static size_t bitmap_words(uint32_t n) { return ((size_t)n + 31) / 32 + 1; }

/* The pieces' sizes, in carving order. */
static void piece_sizes(uint32_t n, uint64_t m, size_t s[8])
{
    size_t hubs = (size_t)graph_hub_capacity(n, m);
    s[0] = s[1] = (size_t)n * sizeof(uint32_t);
    s[2] = s[3] = bitmap_words(n) * sizeof(uint32_t);
    s[4] = hubs * sizeof(uint32_t);
    s[5] = hubs * sizeof(int64_t);
    s[6] = sizeof(bfs_counters);
    s[7] = sizeof(bfs_block_state);
}

size_t bfs_work_bytes(uint32_t n, uint64_t m)
{
    size_t s[8], total = 0;
    piece_sizes(n, m, s);
    for (int i = 0; i < 8; i++) total += BFS_ALIGN(s[i] ? s[i] : 1);
    return total;
}

void bfs_work_carve(void *temp, uint32_t n, uint64_t m, bfs_work *w)
{
    size_t s[8];
    void *p[8];
    char *at = temp;
    piece_sizes(n, m, s);
    for (int i = 0; i < 8; i++) {
        p[i] = at;
        at += BFS_ALIGN(s[i] ? s[i] : 1);
    }
    w->q[0] = p[0], w->q[1] = p[1], w->bm[0] = p[2], w->bm[1] = p[3];
    w->hub_v = p[4], w->hub_start = p[5], w->cnt = p[6], w->block = p[7];
}

int bfs_plan_for(const char *algo, int want_cluster, bfs_plan *plan, sw_error *err)
{
    plan->direction_opt = 1;
    plan->cluster = 0;
    if (!strcmp(algo, "frontier")) plan->direction_opt = 0;
    else if (!strcmp(algo, "adaptive")) return bfs_pool_prepare(want_cluster, &plan->cluster, err);
    else if (strcmp(algo, "direction-optimizing"))
        return sw_fail(err, "BFS algorithm '%s' is not a queue algorithm (direction-optimizing, adaptive, frontier)",
                       algo);
    return 0;
}

/* The counters a step left, read on STREAM, then zeroed for the next step. */
static int read_counters(const bfs_work *w, bfs_counters *c, cudaStream_t s, sw_error *err)
{
    GCUDA_TRY(cudaMemcpyAsync(c, w->cnt, sizeof *c, cudaMemcpyDeviceToHost, s), err);
    GCUDA_TRY(cudaMemsetAsync(w->cnt, 0, sizeof *c, s), err);
    GCUDA_TRY(cudaStreamSynchronize(s), err);
    return 0;
}

/* The state of the level loop. */
typedef struct bfs_loop {
    int cur, iter;
    double nf, mf, mu;   /* frontier vertices, their arcs, arcs not yet in a frontier */
} bfs_loop;

/* The cluster's levels (adaptive) from the frontier q[cur] on level iter: afterwards
 * the frontier it stopped at is q[cur], and mu has lost the arcs of the frontiers it
 * made. */
static int run_block(const bfs_dev_graph *g, const bfs_work *w, const bfs_plan *plan, int32_t *levels, bfs_loop *l,
                     cudaStream_t s, bfs_stats *st, sw_error *err)
{
    bfs_block_state b;
    const int cluster = plan->cluster;
    if (bfs_launch_pool_levels(cluster, g->row, g->col, w->q[l->cur], (uint32_t)l->nf, w->q[1 - l->cur], levels,
                               l->iter, w->block, s, err))
        return -1;
    GCUDA_TRY(cudaMemcpyAsync(&b, w->block, sizeof b, cudaMemcpyDeviceToHost, s), err);
    GCUDA_TRY(cudaStreamSynchronize(s), err);
    if (b.overflow) return sw_fail(err, "adaptive BFS: the block's queue overflowed at level %d (a bug)", b.iter);
    if (b.iter != l->iter + b.levels_run || b.levels_run < 0 || (double)b.count > (double)g->n)
        return sw_fail(err, "adaptive BFS: the block ran %d levels from %d but stopped at %d (a bug)", b.levels_run,
                       l->iter, b.iter);
    l->cur = 1 - l->cur;
    l->iter = b.iter;
    st->arcs_scanned += b.scanned;
    st->block_levels += b.levels_run;
    st->block_launches++;
    st->block_cluster = cluster;
    l->mu -= (double)b.scanned - l->mf + (double)b.degree;
    l->nf = b.count;
    l->mf = (double)b.degree;
    return 0;
}

int bfs_device_run(const bfs_dev_graph *g, const bfs_work *w, const bfs_plan *plan, uint32_t source, int32_t *levels,
                   cudaStream_t s, bfs_stats *st_out, sw_error *err)
{
    if (source >= g->n) return sw_fail(err, "source %u out of range: the graph has %u vertices", source, g->n);
    bfs_stats st;
    memset(&st, 0, sizeof st);
    const size_t words = bitmap_words(g->n);
    int64_t rs[2];
    if (bfs_launch_init(levels, g->n, source, s, err)) return -1;
    GCUDA_TRY(cudaMemcpyAsync(w->q[0], &source, sizeof source, cudaMemcpyHostToDevice, s), err);
    GCUDA_TRY(cudaMemsetAsync(w->cnt, 0, sizeof(bfs_counters), s), err);
    GCUDA_TRY(cudaMemcpyAsync(rs, g->row + source, sizeof rs, cudaMemcpyDeviceToHost, s), err);
    GCUDA_TRY(cudaStreamSynchronize(s), err);
    bfs_loop l = {0, 0, 1, (double)(rs[1] - rs[0]), 0};
    l.mu = (double)g->m - l.mf;
    const int direction_opt = plan->direction_opt && g->rrow && g->rcol, block = plan->cluster > 0;
    const int trace = getenv("SCANWORKS_GRAPH_TRACE") != NULL;
    const double block_v = (double)bfs_pool_max_vertices(plan->cluster),
                 block_a = (double)bfs_pool_max_arcs(plan->cluster);
    int bottom_up = 0;
    bfs_counters c;
    for (; l.nf > 0; l.iter++) {
        if (block && !bottom_up && l.nf <= block_v && l.mf <= block_a) {
            int from = l.iter;
            if (run_block(g, w, plan, levels, &l, s, &st, err)) return -1;
            if (trace)
                fprintf(stderr,
                        "bfs levels %d..%d in a cluster of %d blocks -> frontier %.0f, its arcs %.0f\n", from,
                        l.iter - 1, plan->cluster, l.nf, l.mf);
            if (l.nf <= 0) break;
        }
        if (direction_opt && !bottom_up && l.mf > l.mu / BFS_ALPHA) {
            GCUDA_TRY(cudaMemsetAsync(w->bm[l.cur], 0, words * sizeof(uint32_t), s), err);
            if (bfs_launch_queue_to_bitmap(w->q[l.cur], (uint32_t)l.nf, w->bm[l.cur], s, err)) return -1;
            bottom_up = 1;
        } else if (bottom_up && l.nf < g->n / BFS_BETA) {
            if (bfs_launch_bitmap_to_queue(w->bm[l.cur], g->row, g->n, w->q[l.cur], w->cnt, s, err) ||
                read_counters(w, &c, s, err))
                return -1;
            bottom_up = 0;
        }
        if (bottom_up) {
            if (bfs_launch_bottom_up(g->rrow, g->rcol, g->row, g->n, w->bm[l.cur], w->bm[1 - l.cur], w->cnt, levels,
                                     l.iter, s, err))
                return -1;
            st.bottom_up_steps++;
        } else {
            if (bfs_launch_top_down(g->row, g->col, w->q[l.cur], (uint32_t)l.nf, w->q[1 - l.cur], w->hub_start,
                                    w->hub_v, w->cnt, levels, l.iter, s, err))
                return -1;
            st.arcs_scanned += (uint64_t)l.mf;
        }
        if (read_counters(w, &c, s, err)) return -1;
        if (trace)
            fprintf(stderr, "bfs level %d %s: frontier %.0f, its arcs %.0f, unexplored arcs %.0f -> next %u\n", l.iter,
                    bottom_up ? "bottom-up" : "top-down", l.nf, l.mf, l.mu, c.count);
        l.cur = 1 - l.cur;
        l.nf = c.count;
        l.mf = (double)c.degree;
        l.mu -= l.mf;
    }
    if (st_out) *st_out = st;
    return 0;
}
