/* libFuzzer target: the snap graph reader. Any bytes end in a graph whose vertex
 * ids are all in range, or in an error that names the file and line. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph/graph_load.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size == 0 || size > 65536) return 0;
    FILE *fp = fmemopen((void *)data, size, "rb");
    if (!fp) return 0;
    graph_coo g;
    memset(&g, 0, sizeof g);
    sw_error err = {{0}};
    if (graph_read_snap(fp, "fuzz.snap", size, &g, &err) == 0) {
        for (uint64_t i = 0; i < g.m; i++)
            if (g.src[i] >= g.n || g.dst[i] >= g.n) abort();
        graph_coo_free(&g);
    } else if (!strstr(err.msg, "fuzz.snap")) {
        abort();   /* every failure names the file */
    }
    fclose(fp);
    return 0;
}
