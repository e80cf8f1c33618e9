/* Generated graphs that break traversal code: a path of 10,000 vertices (far past 255
 * levels), stars (from a leaf and from the centre), disconnected parts, self loops and
 * duplicates, an isolated source, one vertex, no edges, a directed cycle, zero
 * weights, a road-like grid and small R-MATs. Shared by the CPU and CUDA tests. */
#ifndef SCANWORKS_TESTS_GRAPH_CASES_H
#define SCANWORKS_TESTS_GRAPH_CASES_H

#include "graph/csr.h"
#include "graph/grid.h"
#include "graph/rmat.h"
#include "test_util.h"

typedef struct graph_case {
    const char *name;
    graph_csr g;
    uint32_t source;
} graph_case;

#define GRAPH_CASE_COUNT 13
#define GRAPH_PATH_LENGTH 10000

static int graph_case_make(int which, graph_case *c)
{
    graph_coo e = {0};
    sw_error err;
    uint64_t seed = 1234 + (uint64_t)which;
    int rc = 0;
    c->source = 0;
    switch (which) {
    case 0: /* path of 10,000 vertices: 9,999 levels, undirected, random weights */
        c->name = "path-10000";
        e.n = GRAPH_PATH_LENGTH;
        for (uint32_t v = 0; v + 1 < GRAPH_PATH_LENGTH && !rc; v++)
            rc = graph_coo_push(&e, v, v + 1, (float)(test_rand(&seed) % 100) / 10.0f, true, &err);
        e.both_directions = true;
        break;
    case 1: /* star: centre 7 of 5000 */
        c->name = "star-5000";
        e.n = 5000;
        for (uint32_t v = 0; v < 5000 && !rc; v++)
            if (v != 7) rc = graph_coo_push(&e, 7, v, 1.0f + (float)(v % 5), true, &err);
        e.both_directions = true;
        c->source = 4999;
        break;
    case 2: /* two random parts with no edge between them, source in the first */
        c->name = "disconnected";
        e.n = 3001;
        for (int i = 0; i < 12000 && !rc; i++) {
            uint32_t part = (uint32_t)(i & 1) * 1500, a = part + (uint32_t)(test_rand(&seed) % 1500),
                     b = part + (uint32_t)(test_rand(&seed) % 1500);
            rc = graph_coo_push(&e, a, b, (float)(test_rand(&seed) % 1000) / 100.0f, true, &err);
        }
        e.both_directions = true;
        break;
    case 3: /* self loops and duplicate edges with different weights, directed */
        c->name = "loops-duplicates";
        e.n = 600;
        for (int i = 0; i < 5000 && !rc; i++) {
            uint32_t a = (uint32_t)(test_rand(&seed) % 600), b = (i % 7 == 0) ? a : (uint32_t)(test_rand(&seed) % 600);
            float w = (float)(test_rand(&seed) % 50);
            rc = graph_coo_push(&e, a, b, w, true, &err);
            if (!rc && i % 3 == 0) rc = graph_coo_push(&e, a, b, w + 5, true, &err);
        }
        break;
    case 4: /* isolated source */
        c->name = "isolated-source";
        e.n = 100;
        for (uint32_t v = 1; v + 1 < 100 && !rc; v++) rc = graph_coo_push(&e, v, v + 1, 1.0f, true, &err);
        e.both_directions = true;
        c->source = 0;
        break;
    case 5:
        c->name = "one-vertex";
        e.n = 1;
        break;
    case 6:
        c->name = "no-edges";
        e.n = 77;
        c->source = 40;
        break;
    case 7: /* directed cycle of 300: levels 0..299 one way only */
        c->name = "directed-cycle-300";
        e.n = 300;
        for (uint32_t v = 0; v < 300 && !rc; v++) rc = graph_coo_push(&e, v, (v + 1) % 300, 0.5f, true, &err);
        c->source = 5;
        break;
    case 8: /* R-MAT scale 12, weighted, undirected */
        c->name = "rmat-12";
        rc = graph_rmat(12, 16, 7, true, &e, &err);
        break;
    case 10: /* zero weights: a random graph where a third of the edges weigh 0, and a
                chain of zero edges from the source */
        c->name = "zero-weights";
        e.n = 2000;
        for (uint32_t v = 0; v + 1 < 50 && !rc; v++) rc = graph_coo_push(&e, v, v + 1, 0.0f, true, &err);
        for (int i = 0; i < 8000 && !rc; i++) {
            uint32_t a = (uint32_t)(test_rand(&seed) % 2000), b = (uint32_t)(test_rand(&seed) % 2000);
            rc = graph_coo_push(&e, a, b, i % 3 == 0 ? 0.0f : (float)(test_rand(&seed) % 20), true, &err);
        }
        e.both_directions = true;
        break;
    case 11: /* the road-like grid, odd sides, weights 1..100 */
        c->name = "grid-37x53";
        rc = graph_grid(37, 53, 5, true, &e, &err);
        c->source = 37 * 26 + 18;
        break;
    case 12: /* star from its centre: one level of 4999 */
        c->name = "star-centre";
        e.n = 5000;
        for (uint32_t v = 0; v < 5000 && !rc; v++)
            if (v != 7) rc = graph_coo_push(&e, 7, v, 1.0f + (float)(v % 5), true, &err);
        e.both_directions = true;
        c->source = 7;
        break;
    default: /* unweighted directed R-MAT scale 11 */
        c->name = "rmat-11-directed";
        rc = graph_rmat(11, 8, 9, false, &e, &err);
        e.both_directions = false;
        break;
    }
    if (!rc) rc = graph_csr_from_coo(&e, &c->g, &err);
    if (rc) fprintf(stderr, "%s: %s\n", c->name, err.msg);
    graph_coo_free(&e);
    /* R-MAT sources: a vertex with edges */
    if (!rc && (which == 8 || which == 9))
        while (c->source < c->g.n && graph_degree(&c->g, c->source) == 0) c->source++;
    return rc;
}

#endif
