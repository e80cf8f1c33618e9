#include "graph/rmat.h"

#include <stdlib.h>
#include <string.h>

/* Quadrant thresholds in 16-bit fixed point: a, a + b, a + b + c. */
#define RMAT_A 37355u   /* 0.57 * 65536 */
#define RMAT_AB 49807u  /* 0.76 * 65536 */
#define RMAT_ABC 62259u /* 0.95 * 65536 */

int graph_rmat(int scale, int edge_factor, uint64_t seed, bool weighted, graph_coo *out, sw_error *err)
{
    memset(out, 0, sizeof *out);
    if (scale < 0 || scale > RMAT_MAX_SCALE)
        return sw_fail(err, "R-MAT scale %d: must be 0..%d", scale, RMAT_MAX_SCALE);
    if (edge_factor < 1 || edge_factor > RMAT_MAX_EDGE_FACTOR)
        return sw_fail(err, "R-MAT edge factor %d: must be 1..%d", edge_factor, RMAT_MAX_EDGE_FACTOR);
    uint64_t n = (uint64_t)1 << scale, m = n * (uint64_t)edge_factor;
    if (m > GRAPH_MAX_ARCS / 2) return sw_fail(err, "R-MAT scale %d edge factor %d: too many edges", scale, edge_factor);
    if (graph_coo_reserve(out, m, weighted, err)) return -1;
    uint32_t *perm = sw_malloc(n * sizeof *perm, "R-MAT vertex permutation", err);
    if (!perm) {
        graph_coo_free(out);
        return -1;
    }
    /* Fisher-Yates with the seed's own stream. */
    for (uint64_t v = 0; v < n; v++) perm[v] = (uint32_t)v;
    uint64_t pstate = graph_mix64(seed ^ 0x5045524D55544531ull);
    for (uint64_t v = n; v > 1; v--) {
        pstate = graph_mix64(pstate);
        uint64_t j = pstate % v;
        uint32_t t = perm[v - 1];
        perm[v - 1] = perm[j];
        perm[j] = t;
    }
    uint64_t base = graph_mix64(seed);
    for (uint64_t i = 0; i < m; i++) {
        uint32_t u = 0, v = 0;
        uint64_t bits = 0;
        for (int level = 0; level < scale; level++) {
            if ((level & 3) == 0) bits = graph_mix64(base ^ (i * 8 + (uint64_t)(level >> 2)));
            uint32_t r = (uint32_t)(bits & 0xFFFFu);
            bits >>= 16;
            uint32_t right = r >= RMAT_A && r < RMAT_AB, down = r >= RMAT_AB && r < RMAT_ABC;
            if (r >= RMAT_ABC) right = down = 1;
            u = (u << 1) | down;
            v = (v << 1) | right;
        }
        out->src[i] = perm[u];
        out->dst[i] = perm[v];
        if (weighted) {
            uint64_t r = graph_mix64(base ^ (i * 8 + 7) ^ 0xA5A5A5A5ull);
            out->w[i] = (float)((r >> 40) + 1) * (1.0f / 16777216.0f);
        }
    }
    free(perm);
    out->n = (uint32_t)n;
    out->m = m;
    out->both_directions = true;
    return 0;
}
