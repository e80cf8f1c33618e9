/* Generated graphs that break traversal code: a path longer than 255 levels, a star,
 * disconnected parts, self loops and duplicates, an isolated source, one vertex, no
 * edges, a directed cycle, and a small R-MAT. Shared by the CPU and CUDA tests. */
#ifndef SCANWORKS_TESTS_GRAPH_CASES_H
#define SCANWORKS_TESTS_GRAPH_CASES_H

#include "graph/csr.h"
#include "graph/rmat.h"
#include "test_util.h"

typedef struct graph_case {
    const char *name;
    graph_csr g;
    uint32_t source;
} graph_case;

#define GRAPH_CASE_COUNT 10

static int graph_case_make(int which, graph_case *c)
{
    graph_coo e = {0};
    sw_error err;
    uint64_t seed = 1234 + (uint64_t)which;
    int rc = 0;
    c->source = 0;
    switch (which) {
    case 0: /* path of 1000 vertices: 999 levels, undirected, random weights */
        c->name = "path-1000";
        e.n = 1000;
        for (uint32_t v = 0; v + 1 < 1000 && !rc; v++)
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
    if (!rc && which >= 8)
        while (c->source < c->g.n && graph_degree(&c->g, c->source) == 0) c->source++;
    return rc;
}

#endif
