/* `scanworks bench scan`: for each size, the CUDA rows (device memcpy, the floor;
 * CUB DeviceScan; every CUDA variant that accepts the size; CUDA events, medians after
 * warm-up), then the CPU backends (wall clock, fewer repetitions) and the GL
 * backends (GL timer queries, data on the GPU; each row's note says how timed). Every
 * output is checked against the CPU sequential scan first (memcpy:
 * against the input); a difference prints MISMATCH and the run exits 1. */
#include "bench/bench_scan.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "app/compute_context.h"
#include "bench/bench_gpu.h"
#include "prim/backend.h"
#include "util/clock.h"

#define MAX_SIZES 64
#define CPU_REPS 5   /* CPU rows: wall clock, a few repetitions */

/* "2^10..2^28" (doubling), "1000,5000" or one size. */
static int parse_sizes(const char *s, size_t *sizes, int *count, sw_error *err)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", s);
    char *dots = strstr(buf, "..");
    long long lo, hi;
    *count = 0;
    if (dots) {
        *dots = 0;
        if (cli_parse_size(buf, &lo, err) || cli_parse_size(dots + 2, &hi, err)) return sw_wrap(err, "--sizes: ");
        if (lo < 1 || hi < lo) return sw_fail(err, "--sizes %s: expected LOW..HIGH with 1 <= LOW <= HIGH", s);
        for (long long v = lo; v <= hi && *count < MAX_SIZES; v *= 2) sizes[(*count)++] = (size_t)v;
        return 0;
    }
    for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
        if (*count == MAX_SIZES) return sw_fail(err, "--sizes: at most %d sizes", MAX_SIZES);
        if (cli_parse_size(tok, &lo, err)) return sw_wrap(err, "--sizes: ");
        sizes[(*count)++] = (size_t)lo;
    }
    if (!*count) return sw_fail(err, "--sizes '%s': no size given", s);
    return 0;
}

static int parse_type(const char *s, scan_type *t, sw_error *err)
{
    for (int i = 0; i < SCAN_TYPE_COUNT; i++)
        if (!strcmp(s, scan_type_name((scan_type)i))) {
            *t = (scan_type)i;
            return 0;
        }
    return sw_fail(err, "--type '%s': expected int32, uint32, int64 or float32", s);
}

/* Random data; float32 gets small integers so every summation order is exact and
 * outputs compare bit for bit with the sequential scan. */
static void fill(scan_type t, void *p, size_t n)
{
    uint64_t x = 0x5ca95ca9ull;
    for (size_t i = 0; i < n; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        switch (t) {
        case SCAN_I64: ((uint64_t *)p)[i] = x; break;
        case SCAN_F32: ((float *)p)[i] = (float)((int)(x % 17) - 8); break;
        default: ((uint32_t *)p)[i] = (uint32_t)x;
        }
    }
}

/* The CPU backend's rows, wall clock, each checked against WANT first. */
static int cpu_rows(bench_report *r, const bench_scan_input *in, void *check, int *mismatches, sw_error *err)
{
    const prim_backend b = PRIM_CPU;
    const size_t bytes = in->n * scan_type_size(in->desc.type);
    const char *const *algos = scan_algorithms(b);
    for (int a = 0; algos[a]; a++) {
        scan_desc d = in->desc;
        d.algo = algos[a];
        memset(check, 0xA5, bytes);
        if (scan_host(b, &d, in->in, check, in->n, err)) {
            fprintf(stderr, "  %s %s n=%zu: skipped: %s\n", prim_backend_name(b), algos[a], in->n, err->msg);
            continue;
        }
        if (memcmp(check, in->want, bytes)) {
            fprintf(stderr, "\n*** MISMATCH: %s %s, %s %s, n=%zu ***\n\n", prim_backend_name(b), algos[a],
                    scan_type_name(d.type), scan_op_name(d.op), in->n);
            (*mismatches)++;
            continue;
        }
        int reps = in->reps < CPU_REPS ? in->reps : CPU_REPS;
        double t[CPU_REPS];
        memset(check, 0xA5, bytes);   /* poisoned again: the timed runs must write it all */
        for (int i = 0; i < reps; i++) {
            double t0 = sw_clock_ms();
            if (scan_host(b, &d, in->in, check, in->n, err)) return -1;
            t[i] = sw_clock_ms() - t0;
        }
        if (memcmp(check, in->want, bytes)) {
            fprintf(stderr, "\n*** MISMATCH: %s %s, %s %s, n=%zu, after the timed runs ***\n\n", prim_backend_name(b),
                    algos[a], scan_type_name(d.type), scan_op_name(d.op), in->n);
            (*mismatches)++;
            continue;
        }
        bench_row row = {.op = "scan", .n = (int64_t)in->n, .reps = reps, .bytes = 2.0 * bytes};
        snprintf(row.variant, sizeof row.variant, "%s", algos[a]);
        snprintf(row.backend, sizeof row.backend, "%s", prim_backend_name(b));
        row.min_ms = t[0];
        for (int i = 1; i < reps; i++)
            if (t[i] < row.min_ms) row.min_ms = t[i];
        row.median_ms = bench_median(t, reps);
        snprintf(row.note, sizeof row.note, "wall clock");
        if (bench_add(r, &row, err)) return -1;
    }
    return 0;
}

static const char usage[] =
    "scanworks bench scan [--sizes 2^10..2^28] [--type int32] [--op add] [--reps N]\n"
    "                      [--json FILE] [--plot FILE.svg] [--csv FILE] [--no-gl] [--no-cpu]\n"
    "                      [--tune-sweep]\n"
    "Times every scan (CUDA variants with CUDA events; CPU and GL by wall clock) against\n"
    "device memcpy and CUB DeviceScan (32-bit and 64-bit offsets, the faster the reference),\n"
    "exclusive scans, medians after warm-up; every CUDA output checked before and after its timed runs.\n"
    "--tune-sweep adds a row per row of kernels/scan/tune.h (lookback-sm75, -sm80, -sm90): the\n"
    "production kernel with each architecture's tuning, on this GPU.";

int bench_scan_main(int argc, char **argv)
{
    const char *sizes_s = "2^10..2^28", *type_s = "int32", *op_s = "add", *json = NULL, *svg = NULL, *csv = NULL;
    long long reps = 100;
    bool no_gl = false, no_cpu = false, sweep = false;
    cli_flag flags[] = {
        {"--sizes", CLI_STRING, &sizes_s, "LIST  sizes: 2^10..2^28 (doubling) or 1000,2^20,...", 0, 0, false, false},
        {"--type", CLI_STRING, &type_s, "T  int32 | uint32 | int64 | float32 (default int32)", 0, 0, false, false},
        {"--op", CLI_STRING, &op_s, "OP  add | max | min (default add)", 0, 0, false, false},
        {"--reps", CLI_LONG, &reps, "N  timed repetitions per CUDA row (default 100; CPU/GL rows: at most 5)", 1,
         100000, false, false},
        {"--json", CLI_STRING, &json, "FILE  write the rows as JSON", 0, 0, false, false},
        {"--plot", CLI_STRING, &svg, "FILE.svg  draw time against size (log-log)", 0, 0, false, false},
        {"--csv", CLI_STRING, &csv, "FILE  write the rows as CSV", 0, 0, false, false},
        {"--no-gl", CLI_FLAG, &no_gl, "  leave out the GL rows", 0, 0, false, false},
        {"--no-cpu", CLI_FLAG, &no_cpu, "  leave out the CPU rows (the CPU still computes the expected output)", 0, 0,
         false, false},
        {"--tune-sweep", CLI_FLAG, &sweep, "  also time the production scan at every tune.h row (cuda)", 0, 0, false,
         false},
        {NULL, 0, NULL, NULL, 0, 0, false, false},
    };
    sw_error err = {{0}};
    size_t sizes[MAX_SIZES];
    int nsizes = 0;
    scan_desc desc = {SCAN_I32, SCAN_ADD, SCAN_EXCLUSIVE, NULL};
    int rc = cli_parse(argc, argv, 1, flags, usage, &err);
    if (rc == 1) return 0;
    if (rc || parse_sizes(sizes_s, sizes, &nsizes, &err) || parse_type(type_s, &desc.type, &err) ||
        scan_op_parse(op_s, &desc.op, &err)) {
        fprintf(stderr, "scanworks bench scan: %s\n", err.msg);
        return rc < 0 ? cli_exit_code(rc) : 2;
    }
    size_t max_n = 0;
    for (int i = 0; i < nsizes; i++) {
        if (sizes[i] > SCAN_MAX_ELEMENTS) {
            fprintf(stderr, "scanworks bench scan: size %zu is over the scan limit %zu\n", sizes[i], SCAN_MAX_ELEMENTS);
            return 2;
        }
        if (sizes[i] > max_n) max_n = sizes[i];
    }

    bench_report report;
    memset(&report, 0, sizeof report);
    snprintf(report.title, sizeof report.title, "scan: %s %s, exclusive", scan_type_name(desc.type),
             scan_op_name(desc.op));
    const char *why = "";
    bool cuda = prim_cuda_available(&why);
    char env[200] = "";
#if SCANWORKS_HAVE_CUDA
    if (cuda) bench_gpu_device_line(env, sizeof env);
#endif
    if (!cuda) {
        fprintf(stderr, "bench scan: cuda rows skipped: %s\n", why);
        snprintf(env, sizeof env, "no CUDA (%s): cuda rows skipped", why);
    }
    bool gl = false;
    if (!no_gl) {
        gfx_context *ctx;
        gl = compute_gl_context(&ctx, &err) == 0;
        if (!gl) fprintf(stderr, "bench scan: gl rows skipped: %s\n", err.msg);
    }
    snprintf(report.environment, sizeof report.environment,
             "%.150s; gl %s; CPU rows wall clock, GL rows with data on the GPU (each note says how timed)", env,
             gl ? "on" : "off");

    const size_t es = scan_type_size(desc.type);
    void *in = sw_malloc(max_n * es, "the benchmark input", &err);
    void *want = in ? sw_malloc(max_n * es, "the expected output", &err) : NULL;
    void *check = want ? sw_malloc(max_n * es, "the check buffer", &err) : NULL;
    int mismatches = 0, status = 0;
    if (!check) status = -1;
    if (!status) fill(desc.type, in, max_n);
    for (int s = 0; s < nsizes && !status; s++) {
        bench_scan_input bi = {desc, in, want, sizes[s], (int)reps, sweep};
        fprintf(stderr, "bench scan: n = %zu (%d of %d)\n", sizes[s], s + 1, nsizes);
        if (scan_host(PRIM_CPU, &desc, in, want, sizes[s], &err)) {
            status = -1;
            break;
        }
#if SCANWORKS_HAVE_CUDA
        if (cuda && bench_scan_cuda_rows(&report, &bi, &mismatches, &err)) status = -1;
#endif
        if (!status && !no_cpu && cpu_rows(&report, &bi, check, &mismatches, &err)) status = -1;
        /* A GL failure (a buffer too large for the driver, say) costs its rows, not the run. */
        if (!status && gl && bench_scan_gl_rows(&report, &bi, check, &mismatches, &err))
            fprintf(stderr, "  gl rows at n=%zu skipped: %s\n", sizes[s], err.msg);
    }
    if (gl) bench_scan_gl_release();
    free(in), free(want), free(check);
#if SCANWORKS_HAVE_CUDA
    if (cuda) bench_scan_cuda_release();
#endif
    if (!status) {
        bench_compute_ratios(&report, "memcpy", "cub");
        bench_print(&report, stdout);
        if ((json && bench_write_json(&report, json, &err)) || (csv && bench_write_csv(&report, csv, &err)) ||
            (svg && bench_write_svg(&report, svg, &err)))
            status = -1;
    }
    bench_free(&report);
    if (status) {
        fprintf(stderr, "scanworks bench scan: %s\n", err.msg);
        return 1;
    }
    if (mismatches) {
        fprintf(stderr, "scanworks bench scan: %d MISMATCH(ES): the rows above omit them\n", mismatches);
        return 1;
    }
    return 0;
}
