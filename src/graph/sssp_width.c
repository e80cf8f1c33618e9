/* Delta-stepping's bucket width from the graph's weights, degrees and depth.
 *
 * Two terms; the width is the larger:
 *
 *  1. Work (Meyer and Sanders): a bucket of width D relaxes its light arcs (weight < D)
 *     again each time one of its vertices improves. With weights spread evenly over
 *     [0, 2 w] (mean w) a vertex of d arcs has d D / (2 w) light ones; D = 2 w / d gives
 *     about one, and re-relaxations stay rare. On R-MAT scale 22 (w 0.5, d 32: D 0.031)
 *     this was the measured best (0.02 / 0.031 / 0.045 / 0.0625: 6.82 / 5.92 / 6.60 /
 *     7.90 ms on the H200).
 *
 *  2. Parallelism: each bucket costs a fixed price (a scan for its members, grid
 *     barriers, light rounds of dependent memory trips: ~5 us on the H200) however few
 *     vertices it holds. A BFS from the highest-degree vertex gives L levels over R
 *     reached vertices, so a shortest path crosses ~L arcs and the distances span
 *     ~L w; a bucket of width D then holds ~R D / (L w) vertices. Asking for
 *     SSSP_BUCKET_VERTICES of them: D = SSSP_BUCKET_VERTICES L w / R. On
 *     grid:1500:1500 (w 50.5, d 4, L 2,997 from vertex 1,501, R 2.25 M): term 1 gives
 *     25 (92 ms: 1,400+ buckets), term 2 gives 404; 400 measured 38.3 ms, the best of
 *     the widths tried (SSSP_BUCKET_VERTICES was set from that run). On R-MAT scale 22
 *     (L 8-10, R ~2.4 M) term 2 is ~0.01, below term 1: its width is unchanged.
 *
 * SCANWORKS_SSSP_DS_DELTA overrides the result (sssp_cuda.c). */
#include "graph/graph_sssp.h"

#include <stdlib.h>

double sssp_width_of(double mean_w, double mean_deg, int levels, uint64_t reached)
{
    double work = mean_w * 2.0 / (mean_deg > 1 ? mean_deg : 1);
    double par = reached ? SSSP_BUCKET_VERTICES * (double)levels * mean_w / (double)reached : 0.0;
    if (!(work > 0)) work = 1.0;   /* all weights 0 */
    return work > par ? work : par;
}

int sssp_bucket_width(const graph_csr *g, double *work_width, double *width, sw_error *err)
{
    double wsum = 0;
    for (uint64_t k = 0; g->w && k < g->m; k++) wsum += g->w[k];
    double mean_w = g->w && g->m ? wsum / (double)g->m : 1.0, deg = g->n ? (double)g->m / g->n : 1.0;
    uint32_t hub = 0;
    for (uint32_t v = 1; v < g->n; v++)
        if (graph_degree(g, v) > graph_degree(g, hub)) hub = v;
    bfs_stats st = {0};
    if (g->n && g->m) {
        int32_t *lv = sw_malloc((size_t)g->n * sizeof *lv, "BFS levels for the bucket width", err);
        if (!lv || bfs_cpu(g, hub, lv, &st, err)) {
            free(lv);
            return -1;
        }
        free(lv);
    }
    *work_width = sssp_width_of(mean_w, deg, 0, 0);
    *width = sssp_width_of(mean_w, deg, st.levels, st.reached);
    return 0;
}
