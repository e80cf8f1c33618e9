/* Shared body of the graph-reader fuzz targets: any bytes end in a graph whose vertex
 * ids are all in range, or in an error that names the file (and leaves nothing
 * allocated, which the fuzzer's LeakSanitizer checks). */
#ifndef SCANWORKS_FUZZ_GRAPH_H
#define SCANWORKS_FUZZ_GRAPH_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph/graph_load.h"

typedef int (*graph_reader)(FILE *fp, const char *name, uint64_t file_bytes, graph_coo *out, sw_error *err);

static int fuzz_graph_reader(const uint8_t *data, size_t size, graph_reader read, const char *name)
{
    if (size == 0 || size > 65536) return 0;
    FILE *fp = fmemopen((void *)data, size, "rb");
    if (!fp) return 0;
    graph_coo g;
    memset(&g, 0, sizeof g);
    sw_error err = {{0}};
    if (read(fp, name, size, &g, &err) == 0) {
        for (uint64_t i = 0; i < g.m; i++)
            if (g.src[i] >= g.n || g.dst[i] >= g.n) abort();
        graph_coo_free(&g);
    } else if (!strstr(err.msg, name)) {
        abort();
    }
    fclose(fp);
    return 0;
}

#endif
