/* The GPU BFS's level loop on a device graph with the caller's scratch and stream
 * (bfs_device.h): top-down frontier queues, Beamer's bottom-up steps over bitmaps, and
 * the cluster's launches of many small levels (bfs_pool.cu). */
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
    s[6] = sizeof(bfs_ctl);
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
    w->hub_v = p[4], w->hub_start = p[5], w->ctl = p[6], w->block = p[7];
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

/* The state of the level loop, read back after a launch of it. */
static int read_ctl(const bfs_work *w, bfs_ctl *c, cudaStream_t s, sw_error *err)
{
    GCUDA_TRY(cudaMemcpyAsync(c, w->ctl, sizeof *c, cudaMemcpyDeviceToHost, s), err);
    GCUDA_TRY(cudaStreamSynchronize(s), err);
    return 0;
}

/* The cluster's levels (adaptive) from the frontier in C (STEP_SMALL): afterwards C
 * holds the frontier it stopped at, to go on with on the whole GPU, and goes back to
 * the device. */
static int run_block(const bfs_dev_graph *g, const bfs_work *w, const bfs_plan *plan, int32_t *levels, bfs_ctl *c,
                     cudaStream_t s, bfs_stats *st, sw_error *err)
{
    bfs_block_state b;
    const int cluster = plan->cluster;
    if (bfs_launch_pool_levels(cluster, g->row, g->col, w->q[c->cur], c->nf, w->q[1 - c->cur], levels, c->iter,
                               w->block, s, err))
        return -1;
    GCUDA_TRY(cudaMemcpyAsync(&b, w->block, sizeof b, cudaMemcpyDeviceToHost, s), err);
    GCUDA_TRY(cudaStreamSynchronize(s), err);
    if (b.overflow) return sw_fail(err, "adaptive BFS: the block's queue overflowed at level %d (a bug)", b.iter);
    if (b.iter != c->iter + b.levels_run || b.levels_run < 0 || (double)b.count > (double)g->n)
        return sw_fail(err, "adaptive BFS: the block ran %d levels from %d but stopped at %d (a bug)", b.levels_run,
                       c->iter, b.iter);
    st->arcs_scanned += b.scanned;
    st->block_levels += b.levels_run;
    st->block_launches++;
    st->block_cluster = cluster;
    c->cur = 1 - c->cur;
    c->iter = b.iter;
    c->mu -= (double)b.scanned - (double)c->mf + (double)b.degree;
    c->nf = b.count;
    c->mf = b.degree;
    c->step = c->nf ? BFS_STEP_TOP_DOWN : BFS_STEP_DONE;
    c->skip_small = 1;
    c->nf_prev = 0;   /* the frontier grew past the cluster: bottom-up may follow */
    memset(c->cnt, 0, sizeof c->cnt);
    GCUDA_TRY(cudaMemcpyAsync(w->ctl, c, sizeof *c, cudaMemcpyHostToDevice, s), err);
    return 0;
}

/* The level loop runs on the device, one launch until the frontier is empty; the
 * cluster (adaptive) takes the small frontiers between launches. With
 * SCANWORKS_GRAPH_TRACE each launch runs one level, which is then printed. */
int bfs_device_run(const bfs_dev_graph *g, const bfs_work *w, const bfs_plan *plan, uint32_t source, int32_t *levels,
                   cudaStream_t s, bfs_stats *st_out, sw_error *err)
{
    if (source >= g->n) return sw_fail(err, "source %u out of range: the graph has %u vertices", source, g->n);
    static const char *const step_name[] = {"top-down", "bottom-up"};   /* the steps a traced level took */
    bfs_stats st;
    memset(&st, 0, sizeof st);
    const int direction_opt = plan->direction_opt && g->rrow && g->rcol, trace = getenv("SCANWORKS_GRAPH_TRACE") != NULL;
    bfs_level_args a = {g->row, direction_opt ? g->rrow : g->row, g->col, direction_opt ? g->rcol : g->col,
                        {w->q[0], w->q[1]}, {w->bm[0], w->bm[1]}, w->hub_v, w->hub_start, levels, w->ctl};
    bfs_rule r = {g->n, direction_opt, BFS_ALPHA, BFS_BETA, 0, 0, trace ? 1 : 0};
    if (plan->cluster > 0) {
        r.small_v = bfs_pool_max_vertices(plan->cluster);
        r.small_a = bfs_pool_max_arcs(plan->cluster);
    }
    if (bfs_launch_init(levels, g->n, source, s, err) || bfs_launch_start(&a, g->m, source, s, err)) return -1;
    bfs_ctl c;
    for (;;) {
        if (bfs_launch_run(&a, &r, s, err) || read_ctl(w, &c, s, err)) return -1;
        if (trace && c.step <= BFS_STEP_BOTTOM_UP)
            fprintf(stderr, "bfs level %d %s -> frontier %u, its arcs %llu, unexplored arcs %.0f\n", c.iter - 1,
                    step_name[c.step], c.nf, c.mf, c.mu);
        if (c.step == BFS_STEP_SMALL) {
            int from = c.iter;
            if (run_block(g, w, plan, levels, &c, s, &st, err)) return -1;
            if (trace)
                fprintf(stderr, "bfs levels %d..%d in a cluster of %d blocks -> frontier %u, its arcs %llu\n", from,
                        c.iter - 1, plan->cluster, c.nf, c.mf);
        }
        if (c.step == BFS_STEP_DONE) break;
    }
    st.bottom_up_steps = c.bu_steps;
    st.arcs_scanned += c.arcs_scanned;
    if (st_out) *st_out = st;
    return 0;
}
