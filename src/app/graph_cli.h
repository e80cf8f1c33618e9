/* What `compute bfs` and `compute sssp` share: the graph flags, loading, and the
 * one-line reports. */
#ifndef SCANWORKS_APP_GRAPH_CLI_H
#define SCANWORKS_APP_GRAPH_CLI_H

#include <stdbool.h>
#include "app/cli.h"
#include "graph/csr.h"
#include "prim/backend.h"

typedef struct graph_cli {
    const char *op;        /* "bfs": messages start "scanworks compute bfs: " */
    const char *backend, *algo, *graph, *format, *out;
    long long source;
    bool undirected;
} graph_cli;

/* Parses ARGV with the shared flags and checks what can be checked before loading:
 * the backend, the algorithm (against ALGORITHMS, the backend's list, given the
 * backend), the format and an R-MAT spec. Returns 0, 1 (--help shown) or the exit
 * code (2 usage, 1 an output folder missing) after printing the message. */
int graph_cli_parse(const char *op, int argc, char **argv, const char *usage,
                    const char *const *(*algorithms)(prim_backend), graph_cli *c, prim_backend *b);
/* Loads the graph (weights when WEIGHTED); prints the error and returns 1 on failure. */
int graph_cli_load(const graph_cli *c, bool weighted, graph_csr *g);
/* Prints "scanworks compute OP: MESSAGE" and returns 1. */
int graph_cli_fail(const graph_cli *c, const char *msg);

#endif
