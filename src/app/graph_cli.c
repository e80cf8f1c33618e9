#include "app/graph_cli.h"

#include <stdio.h>
#include <string.h>

#include "graph/graph_load.h"
#include "prim/key_type.h"

int graph_cli_fail(const graph_cli *c, const char *msg)
{
    fprintf(stderr, "scanworks compute %s: %s\n", c->op, msg);
    return 1;
}

int graph_cli_parse(const char *op, int argc, char **argv, const char *usage,
                    const char *const *(*algorithms)(prim_backend), graph_cli *c, prim_backend *b)
{
    memset(c, 0, sizeof *c);
    c->op = op;
    c->format = "auto";
    c->source = -1;
    cli_flag flags[] = {
        {"--backend", CLI_STRING, &c->backend, "B  cpu | cuda", 0, 0, true, false},
        {"--algo", CLI_STRING, &c->algo, "NAME  an algorithm of the backend (default: its best, listed above)", 0, 0,
         false, false},
        {"--graph", CLI_STRING, &c->graph,
         "FILE|rmat:SCALE:EF[:SEED]|grid:W:H[:SEED]  .mtx, .gr, .txt/.el/.snap, R-MAT or a grid", 0, 0, true,
         false},
        {"--format", CLI_STRING, &c->format, "F  auto | mtx | snap | dimacs (default auto: by extension)", 0, 0, false,
         false},
        {"--source", CLI_LONG, &c->source, "S  source vertex, 0-based", 0, 4294967295.0, true, false},
        {"--undirected", CLI_FLAG, &c->undirected, "add the reverse of every edge", 0, 0, false, false},
        {"--out", CLI_OUT, &c->out, "FILE.npy  result per vertex", 0, 0, true, false},
        {NULL, 0, NULL, NULL, 0, 0, false, false},
    };
    sw_error err;
    graph_format f;
    int rc = cli_parse(argc, argv, 1, flags, usage, &err);
    if (rc == 1) return 1;
    int code = rc < 0 ? cli_exit_code(rc) : 2;
    if (rc == 0 && prim_backend_parse(c->backend, b, &err)) rc = -1;
    if (rc == 0 && *b == PRIM_GL) rc = sw_fail(&err, "--backend gl: graphs run on cpu or cuda");
    if (rc == 0 && c->algo && prim_check_algorithm(op, *b, algorithms(*b), c->algo, &err)) rc = -1;
    if (rc == 0 && graph_format_parse(c->format, &f, &err)) rc = -1;
    if (rc == 0 && graph_generator_check(c->graph, &err)) rc = -1;
    if (rc) {
        graph_cli_fail(c, err.msg);
        return code;
    }
    return 0;
}

int graph_cli_load(const graph_cli *c, bool weighted, graph_csr *g)
{
    sw_error err;
    graph_format f = GRAPH_FMT_AUTO;
    graph_format_parse(c->format, &f, &err);
    if (graph_load_csr(c->graph, f, c->undirected, weighted, g, &err)) return graph_cli_fail(c, err.msg);
    return 0;
}
