#include "graph/graph_layout.h"

#include <math.h>
#include <stdlib.h>

#include "graph/graph_bfs.h"
#include "graph/rmat.h"

int graph_rmat_layout(int scale, int edge_factor, uint64_t seed, graph_csr *g, float **pos_out, sw_error *err)
{
    graph_coo e;
    *pos_out = NULL;
    if (graph_rmat(scale, edge_factor, seed, false, &e, err)) return -1;
    int rc = graph_csr_from_coo(&e, g, err);
    graph_coo_free(&e);
    if (rc) return -1;
    uint32_t n = g->n, hub = 0;
    for (uint32_t v = 1; v < n; v++)
        if (graph_degree(g, v) > graph_degree(g, hub)) hub = v;
    float *pos = sw_malloc(2 * (size_t)n * sizeof *pos, "R-MAT layout", err);
    int32_t *lv = sw_malloc((size_t)n * sizeof *lv, "R-MAT layout levels", err);
    bfs_stats st;
    if (!pos || !lv || bfs_cpu(g, hub, lv, &st, err)) {
        free(pos), free(lv);
        graph_csr_free(g);
        return -1;
    }
    int rings = st.levels + 1;   /* the last ring holds the unreached */
    uint64_t r = graph_mix64(seed ^ 0x4c41594f5554ull);
    for (uint32_t v = 0; v < n; v++) {
        r = graph_mix64(r);
        int ring = lv[v] < 0 ? rings - 1 : lv[v];
        float jitter = (float)(r & 0xffff) / 65535.0f, angle = (float)((r >> 16) & 0xffffff) / 16777216.0f * 6.2831853f;
        float radius = ring == 0 ? 0.0f : 0.47f * ((float)ring - 0.6f * jitter) / (float)(rings - 1 > 0 ? rings - 1 : 1);
        pos[2 * v] = 0.5f + radius * cosf(angle);
        pos[2 * v + 1] = 0.5f + radius * sinf(angle);
    }
    free(lv);
    *pos_out = pos;
    return 0;
}
