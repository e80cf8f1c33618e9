/* Delta-stepping on a device graph with the caller's scratch and stream
 * (sssp_device.h): the scratch's layout, the width derived on the device, the row
 * split and the run. */
#include "graph/sssp_device.h"

#include <string.h>

#include "graph/graph_cuda.h"
#include "kernels/graph/sssp.h"
#include "kernels/graph/sssp_prep.h"

#define SSSP_ALIGN(x) (((x) + 255) & ~(size_t)255)
#define DS_PIECES 14

/* The CLI's list; the first, the default, is the library's (graph.h) and this file's. */
const char *const sssp_cuda_algorithms[] = {"delta-stepping", "bellman-ford", "bellman-ford-ro", "bellman-ford-seg",
                                            NULL};

/* The pieces' sizes, in carving order. */
static void ds_sizes(uint32_t n, uint64_t m, int weighted, uint32_t segment, size_t s[DS_PIECES])
{
    size_t hubs = (size_t)sssp_ds_hub_capacity(n, m, segment), nv = n;
    s[0] = nv * sizeof(int64_t);                 /* mid */
    s[1] = hubs * sizeof(int64_t);               /* hub_start */
    s[2] = m * sizeof(uint32_t);                 /* col */
    s[3] = s[4] = s[5] = s[6] = s[7] = nv * sizeof(uint32_t);   /* q[0], q[1], members, stamp, bstamp */
    s[8] = hubs * sizeof(uint32_t);              /* hub_v */
    s[9] = weighted ? m * sizeof(float) : 0;     /* w */
    s[10] = s[11] = nv * sizeof(float);          /* expanded, heavy_min */
    s[12] = sizeof(sssp_ds_ctl);
    s[13] = 2 * sizeof(unsigned long long);      /* heavy_rows: rows with a heavy arc, heavy arcs */
}

size_t sssp_ds_work_bytes(uint32_t n, uint64_t m, int weighted, uint32_t segment)
{
    size_t s[DS_PIECES], total = 0;
    ds_sizes(n, m, weighted, segment, s);
    for (int i = 0; i < DS_PIECES; i++) total += SSSP_ALIGN(s[i]);
    return total;
}

void sssp_ds_work_carve(void *temp, uint32_t n, uint64_t m, int weighted, uint32_t big_degree, uint32_t segment,
                        sssp_ds_work *w)
{
    size_t s[DS_PIECES];
    char *p[DS_PIECES], *at = temp;
    ds_sizes(n, m, weighted, segment, s);
    for (int i = 0; i < DS_PIECES; i++) {
        p[i] = at;
        at += SSSP_ALIGN(s[i]);
    }
    w->mid = (int64_t *)p[0], w->hub_start = (int64_t *)p[1], w->col = (uint32_t *)p[2];
    w->q[0] = (uint32_t *)p[3], w->q[1] = (uint32_t *)p[4], w->members = (uint32_t *)p[5];
    w->stamp = (uint32_t *)p[6], w->bstamp = (uint32_t *)p[7], w->hub_v = (uint32_t *)p[8];
    w->w = weighted ? (float *)p[9] : NULL, w->expanded = (float *)p[10], w->heavy_min = (float *)p[11];
    w->ctl = (sssp_ds_ctl *)p[12], w->heavy_rows = (unsigned long long *)p[13];
    w->big_degree = big_degree;
    w->segment = segment;
    w->tail = 0.0f;
    w->pull = 0;
}

/* The width's scratch: a BFS's levels and work, and the sums. */
size_t sssp_width_work_bytes(uint32_t n, uint64_t m)
{
    return SSSP_ALIGN(sizeof(sssp_graph_sums)) + SSSP_ALIGN((size_t)n * sizeof(int32_t)) + bfs_work_bytes(n, m);
}

/* sssp_width_of over the graph's numbers on the device: its mean weight and degree,
 * and a BFS from the first vertex of the highest degree. */
int sssp_device_width(const sssp_dev_graph *g, const int64_t *rrow, const uint32_t *rcol, void *temp,
                      cudaStream_t s, double *width, double *work_width, sw_error *err)
{
    char *at = temp;
    sssp_graph_sums *d_sums = (sssp_graph_sums *)at, sums;
    int32_t *levels = (int32_t *)(at + SSSP_ALIGN(sizeof sums));
    bfs_work bw;
    bfs_work_carve(at + SSSP_ALIGN(sizeof sums) + SSSP_ALIGN((size_t)g->n * sizeof(int32_t)), g->n, g->m, &bw);
    GCUDA_TRY(cudaMemsetAsync(d_sums, 0, sizeof sums, s), err);
    if (sssp_launch_graph_sums(g->row, g->w, g->n, g->m, d_sums, s, err)) return -1;
    GCUDA_TRY(cudaMemcpyAsync(&sums, d_sums, sizeof sums, cudaMemcpyDeviceToHost, s), err);
    GCUDA_TRY(cudaStreamSynchronize(s), err);
    double mean_w = g->w && g->m ? sums.weight_sum / (double)g->m : 1.0, deg = g->n ? (double)g->m / g->n : 1.0;
    sums.reached = 0;
    sums.max_level = 0;
    if (g->n && g->m) {
        uint32_t hub = (uint32_t)(0xffffffffull - (sums.hub_key & 0xffffffffull));
        const bfs_dev_graph bg = {g->n, g->m, g->row, rrow, g->col, rcol};
        const bfs_plan plan = {1, 0};
        if (bfs_device_run(&bg, &bw, &plan, hub, levels, s, NULL, err) ||
            sssp_launch_level_sums(levels, g->n, d_sums, s, err))
            return -1;
        GCUDA_TRY(cudaMemcpyAsync(&sums, d_sums, sizeof sums, cudaMemcpyDeviceToHost, s), err);
        GCUDA_TRY(cudaStreamSynchronize(s), err);
    }
    *width = sssp_width_of(mean_w, deg, sums.reached ? sums.max_level + 1 : 0, sums.reached);
    if (work_width) *work_width = sssp_width_of(mean_w, deg, 0, 0);
    return 0;
}

int sssp_ds_split(const sssp_dev_graph *g, float delta, const sssp_ds_work *w, cudaStream_t s, sw_error *err)
{
    if (sssp_launch_split_rows(g->row, g->col, g->w, g->n, delta, w->mid, w->col, w->w, s, err)) return -1;
    GCUDA_TRY(cudaMemsetAsync(w->heavy_rows, 0, 2 * sizeof *w->heavy_rows, s), err);
    return sssp_launch_sort_heavy(g->row, w->mid, g->n, delta, w->col, w->w, w->heavy_min, w->heavy_rows, s, err);
}

int sssp_ds_run(const sssp_dev_graph *g, const sssp_ds_work *w, float delta, uint32_t source, float *dist,
                cudaStream_t s, sssp_stats *st, sw_error *err)
{
    if (source >= g->n) return sw_fail(err, "source %u out of range: the graph has %u vertices", source, g->n);
    sssp_ds_ctl c;
    memset(&c, 0, sizeof c);
    for (int i = 0; i < 3; i++) c.far_min_bits[i] = 0x7f800000u;
    c.reached = 1;   /* the source */
    if (sssp_launch_init(dist, w->expanded, g->n, source, s, err)) return -1;
    GCUDA_TRY(cudaMemcpyAsync(w->ctl, &c, sizeof c, cudaMemcpyHostToDevice, s), err);
    GCUDA_TRY(cudaMemsetAsync(w->stamp, 0, (size_t)g->n * sizeof(uint32_t), s), err);
    GCUDA_TRY(cudaMemsetAsync(w->bstamp, 0, (size_t)g->n * sizeof(uint32_t), s), err);
    sssp_ds_args a = {g->row, w->mid, w->col, w->w, g->n, delta, w->tail, g->symmetric_weights ? w->pull : 0,
                      w->heavy_min, w->heavy_rows, dist, w->expanded, {w->q[0], w->q[1]}, w->members, w->stamp,
                      w->bstamp, w->big_degree, w->segment, w->hub_start, w->hub_v, w->ctl};
    if (sssp_launch_delta_stepping(&a, s, err)) return -1;
    if (st) {
        GCUDA_TRY(cudaMemcpyAsync(&c, w->ctl, sizeof c, cudaMemcpyDeviceToHost, s), err);
        GCUDA_TRY(cudaStreamSynchronize(s), err);
        st->iterations = (int)c.rounds;
        st->delta = delta;
    }
    return 0;
}
