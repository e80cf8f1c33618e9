#include "graph/grid.h"

#include <string.h>

#include "graph/rmat.h"

int graph_grid(uint32_t w, uint32_t h, uint64_t seed, bool weighted, graph_coo *out, sw_error *err)
{
    memset(out, 0, sizeof *out);
    if (w < 1 || h < 1 || w > GRID_MAX_SIDE || h > GRID_MAX_SIDE)
        return sw_fail(err, "grid %ux%u: each side must be 1..%u", w, h, GRID_MAX_SIDE);
    uint64_t n = (uint64_t)w * h;
    if (n > GRAPH_MAX_VERTICES)
        return sw_fail(err, "grid %ux%u: %llu vertices, more than the %u a graph may have", w, h,
                       (unsigned long long)n, GRAPH_MAX_VERTICES);
    uint64_t m = 2 * n - w - h;
    if (graph_coo_reserve(out, m ? m : 1, weighted, err)) return -1;
    uint64_t base = graph_mix64(seed ^ 0x4752494452434144ull), k = 0;
    for (uint32_t y = 0; y < h; y++)
        for (uint32_t x = 0; x < w; x++) {
            uint32_t v = y * w + x;
            for (int down = 0; down < 2; down++) {
                if (down ? y + 1 == h : x + 1 == w) continue;
                out->src[k] = v;
                out->dst[k] = down ? v + w : v + 1;
                if (weighted) out->w[k] = (float)(1 + graph_mix64(base ^ k) % GRID_MAX_WEIGHT);
                k++;
            }
        }
    out->n = (uint32_t)n;
    out->m = k;
    out->both_directions = true;
    return 0;
}
