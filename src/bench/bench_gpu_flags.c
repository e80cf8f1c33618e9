/* The flags shared by the CUDA benchmarks of compaction, sort and search. Built with
 * or without CUDA, so that `bench OP --help` and flag errors work everywhere. */
#include "bench/bench_gpu.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "app/cli.h"

static int parse_sizes(const char *s, bench_gpu_opts *o, sw_error *err)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    o->size_count = 0;
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (o->size_count == BENCH_GPU_MAX_SIZES) return sw_fail(err, "--n: at most %d sizes", BENCH_GPU_MAX_SIZES);
        long long v;
        if (cli_parse_size(tok, &v, err)) return sw_wrap(err, "--n: ");
        if (v < 1 || v > (1LL << 30)) return sw_fail(err, "--n %s: sizes go from 1 to 2^30", tok);
        o->sizes[o->size_count++] = v;
    }
    return o->size_count ? 0 : sw_fail(err, "--n: no sizes given");
}

int bench_gpu_parse(const char *op, int argc, char **argv, const char *default_sizes, bench_gpu_opts *o)
{
    const char *sizes = default_sizes;
    char usage[512];
    memset(o, 0, sizeof *o);
    o->reps = 20;
    const bool compact = !strcmp(op, "compact"), sort = !strcmp(op, "sort");
    snprintf(usage, sizeof usage,
             "usage: scanworks bench %s [--n SIZES] [--reps R] [--json F] [--csv F] [--plot F.svg]%s\n"
             "Medians of CUDA-event timings; CUB/thrust (each in its configurations, the fastest the\n"
             "reference) and a device memcpy measured in the same run; every output checked.", op,
             compact || sort ? " [--tune-sweep]" : "");
    cli_flag flags[] = {
        {"--n", CLI_STRING, &sizes, "LIST  element counts, e.g. 2^20,2^24,2^28", 0, 0, false, false},
        {"--reps", CLI_LONG, &o->reps, "R  timed repetitions per row (default 20)", 1, 10000, false, false},
        {"--json", CLI_STRING, &o->json, "FILE  results as JSON", 0, 0, false, false},
        {"--csv", CLI_STRING, &o->csv, "FILE  results as CSV", 0, 0, false, false},
        {"--plot", CLI_STRING, &o->plot, "FILE  time against n as SVG", 0, 0, false, false},
        {"--tune-sweep", CLI_FLAG, &o->tune_sweep,
         sort ? "  also time onesweep at every row of kernels/sort/tune.h and every compiled tile"
              : "  also time single-pass at every row of kernels/compact/tune.h",
         0, 0, false, false},
        {NULL, 0, NULL, NULL, 0, 0, false, false},
    };
    if (!compact && !sort) flags[5] = flags[6];   /* --tune-sweep: compaction's and the sort's */
    sw_error err = {{0}};
    int rc = cli_parse(argc, argv, 1, flags, usage, &err);
    if (rc == 1) return 0;
    if (rc < 0 || parse_sizes(sizes, o, &err)) {
        fprintf(stderr, "scanworks bench %s: %s\n", op, err.msg);
        return rc < 0 ? cli_exit_code(rc) : 2;
    }
    return -1;
}

