/* `scanworks compute bfs`: levels of a BFS from one source, as int32 .npy (-1 where
 * unreachable). */
#include <stdio.h>
#include <stdlib.h>

#include "app/graph_cli.h"
#include "graph/graph_bfs.h"
#include "io/npy.h"

int compute_bfs_main(int argc, char **argv);

int compute_bfs_main(int argc, char **argv)
{
    static const char usage[] =
        "scanworks compute bfs --backend cpu|cuda [--algo A] --graph FILE|rmat:SCALE:EF[:SEED]|grid:W:H[:SEED] --source S "
        "[--undirected] [--format F] --out LEVELS.npy\n"
        "  cpu algorithms: queue; cuda: direction-optimizing (default), adaptive, frontier, edge-parallel";
    graph_cli c;
    prim_backend b;
    int rc = graph_cli_parse("bfs", argc, argv, usage, bfs_algorithms, &c, &b);
    if (rc) return rc == 1 ? 0 : rc;
    graph_csr g;
    if (graph_cli_load(&c, false, &g)) return 1;
    sw_error err;
    npy_array out = {0};
    int64_t shape[1] = {g.n};
    bfs_stats st;
    rc = 1;
    if (c.source >= (long long)g.n) {
        sw_fail(&err, "--source %lld: out of range: %s has %u vertices (0..%u)", c.source, c.graph, g.n,
                g.n ? g.n - 1 : 0);
        graph_cli_fail(&c, err.msg);
    } else if (npy_alloc(&out, NPY_I32, 1, shape, &err) ||
               graph_bfs(b, c.algo, &g, (uint32_t)c.source, out.data, &st, &err) || npy_write(c.out, &out, &err)) {
        graph_cli_fail(&c, err.msg);
    } else {
        printf("bfs %s %s: %u vertices, %llu arcs, %llu reached, %d levels, %.3f ms\n", prim_backend_name(b),
               c.algo ? c.algo : bfs_algorithms(b)[0], g.n, (unsigned long long)g.m, (unsigned long long)st.reached,
               st.levels, st.ms);
        rc = 0;
    }
    npy_free(&out);
    graph_csr_free(&g);
    return rc;
}
