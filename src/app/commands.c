#include "app/commands.h"

#include <stdio.h>
#include <string.h>

#include "app/commands_ops.h"
#include "app/compute_scan.h"
#include "bench/bench_scan.h"

/* One line per subcommand; keep each group's entries together. */
const command commands[] = {
    {"compute", "scan", "prefix sums (scan) of a 1-D .npy array: cpu, gl or cuda", compute_scan},
    {"compute", "sat", "summed-area table of a PNG or .npy (float64 .npy out)", compute_sat},
    {"compute", "dof", "depth of field of a picture and its depth map (PNG out)", compute_dof},
    {"compute", "dof-scene", "an RGB-D scene from a photograph and its exact thin-lens image", compute_dof_scene},
    {"compute", "compact", "keep the elements that satisfy a predicate, in order", compute_compact},
    {"compute", "sort", "stable ascending radix sort of keys (and values)", compute_sort},
    {"compute", "search", "lower bound of queries in sorted keys (searchsorted left)", compute_search},
    {"compute", "bfs", "breadth-first levels from a source (graph file or R-MAT)", compute_bfs_main},
    {"compute", "sssp", "shortest distances from a source (graph file or R-MAT)", compute_sssp_main},
    {"bench", "scan", "scan: every backend and variant vs memcpy and CUB", bench_scan_main},
    {"bench", "sat", "SAT build and GL-CUDA hand-over at 720p, 1080p, 4K", bench_sat},
    {"bench", "compact", "compaction vs CUB DeviceSelect::If and memcpy", bench_compact},
    {"bench", "sort", "radix sort vs CUB DeviceRadixSort and memcpy", bench_sort},
    {"bench", "search", "batched search and single-query latency vs thrust", bench_search},
    {"bench", "bfs", "BFS GTEPS on R-MAT scales, every algorithm, CPU included", bench_bfs_main},
    {"bench", "sssp", "SSSP GTEPS on R-MAT scales, every algorithm, CPU included", bench_sssp_main},
    {NULL, NULL, NULL, NULL},
};

static void list_group(const char *group, FILE *fp)
{
    int any = 0;
    fprintf(fp, "%s ops:\n", group);
    for (const command *c = commands; c->name; c++)
        if (!strcmp(c->group, group)) {
            fprintf(fp, "  %-10s %s\n", c->name, c->summary);
            any = 1;
        }
    if (!any) fprintf(fp, "  (none in this build)\n");
    fprintf(fp, "Run 'scanworks %s OP --help' for an op's flags.\n", group);
}

int commands_dispatch(int argc, char **argv, int *exit_code)
{
    if (argc < 2 || (strcmp(argv[1], "compute") && strcmp(argv[1], "bench"))) return 0;
    const char *group = argv[1];
    if (argc < 3 || !strcmp(argv[2], "--help") || !strcmp(argv[2], "-h")) {
        list_group(group, argc < 3 ? stderr : stdout);
        *exit_code = argc < 3 ? 2 : 0;
        return 1;
    }
    for (const command *c = commands; c->name; c++)
        if (!strcmp(c->group, group) && !strcmp(c->name, argv[2])) {
            *exit_code = c->run(argc - 2, argv + 2);
            return 1;
        }
    fprintf(stderr, "scanworks: unknown %s op '%s'\n", group, argv[2]);
    list_group(group, stderr);
    *exit_code = 2;
    return 1;
}
