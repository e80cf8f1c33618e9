/* `scanworks compute sssp`: shortest distances from one source, as float64 .npy
 * (+inf where unreachable). */
#include <stdio.h>
#include <stdlib.h>

#include "app/graph_cli.h"
#include "graph/graph_sssp.h"
#include "io/npy.h"

int compute_sssp_main(int argc, char **argv);

int compute_sssp_main(int argc, char **argv)
{
    static const char usage[] =
        "scanworks compute sssp --backend cpu|cuda [--algo A] --graph FILE|rmat:SCALE:EF[:SEED]|grid:W:H[:SEED] --source S "
        "[--undirected] [--format F] --out DIST.npy\n"
        "  cpu algorithms: dijkstra; cuda: delta-stepping (default), bellman-ford, bellman-ford-ro,\n"
        "  bellman-ford-seg\n"
        "  weights must be finite and >= 0; a graph without weights uses 1";
    graph_cli c;
    prim_backend b;
    int rc = graph_cli_parse("sssp", argc, argv, usage, sssp_algorithms, &c, &b);
    if (rc) return rc == 1 ? 0 : rc;
    graph_csr g;
    if (graph_cli_load(&c, true, &g)) return 1;
    sw_error err;
    npy_array out = {0};
    int64_t shape[1] = {g.n};
    sssp_stats st;
    rc = 1;
    if (c.source >= (long long)g.n) {
        sw_fail(&err, "--source %lld: out of range: %s has %u vertices (0..%u)", c.source, c.graph, g.n,
                g.n ? g.n - 1 : 0);
        graph_cli_fail(&c, err.msg);
    } else if (npy_alloc(&out, NPY_F64, 1, shape, &err) ||
               graph_sssp(b, c.algo, &g, (uint32_t)c.source, out.data, &st, &err) || npy_write(c.out, &out, &err)) {
        graph_cli_fail(&c, err.msg);
    } else {
        printf("sssp %s %s: %u vertices, %llu arcs, %llu reached, %d rounds, %.3f ms\n", prim_backend_name(b),
               c.algo ? c.algo : sssp_algorithms(b)[0], g.n, (unsigned long long)g.m, (unsigned long long)st.reached,
               st.iterations, st.ms);
        rc = 0;
    }
    npy_free(&out);
    graph_csr_free(&g);
    return rc;
}
