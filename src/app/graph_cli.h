/* What `compute bfs` and `compute sssp` share: the graph flags, loading, and the
 * one-line reports. */
#ifndef SCANWORKS_APP_GRAPH_CLI_H
#define SCANWORKS_APP_GRAPH_CLI_H

#include <stdbool.h>
#include "app/cli.h"
#include "graph/csr.h"
#include "prim/backend.h"

typedef struct graph_cli {
    const char *backend, *algo, *graph, *format, *out;
    long long source;
    bool undirected;
} graph_cli;

/* Parses ARGV with the shared flags; returns 0, 1 (--help shown) or the exit code 2
 * after printing a usage error. */
int graph_cli_parse(int argc, char **argv, const char *usage, graph_cli *c, prim_backend *b);
/* Loads the graph (weights when WEIGHTED); prints the error and returns 1 on failure. */
int graph_cli_load(const graph_cli *c, bool weighted, graph_csr *g);

#endif
