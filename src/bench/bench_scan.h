/* `scanworks bench scan`: every scan backend and variant against device memcpy and
 * CUB DeviceScan, over a range of sizes (src/bench/bench_scan.c; the CUDA rows are
 * in bench_scan_cuda.c). */
#ifndef SCANWORKS_BENCH_BENCH_SCAN_H
#define SCANWORKS_BENCH_BENCH_SCAN_H

#include <stddef.h>
#include "bench/bench.h"
#include "prim/scan.h"
#include "util/error.h"

/* ARGV[0] is "scan". Returns the exit code: 0, 1 (runtime error or a MISMATCH), 2 (usage). */
int bench_scan_main(int argc, char **argv);

/* What every size's rows share. */
typedef struct bench_scan_input {
    scan_desc desc;       /* type, op, exclusive; algo is set per row */
    const void *in;       /* host input, n elements */
    const void *want;     /* host expected output (the CPU sequential scan) */
    size_t n;
    int reps;
    int tune_sweep;       /* also time the production scan at every row of kernels/scan/tune.h */
} bench_scan_input;

/* The CUDA rows at one size: memcpy, CUB, every CUDA variant that
 * accepts n. Each output is compared with WANT first (the two copies' with IN); a
 * difference prints MISMATCH on stderr, adds 1 to *mismatches and that row is not
 * timed. -1 on a CUDA error. */
int bench_scan_cuda_rows(bench_report *r, const bench_scan_input *in, int *mismatches, sw_error *err);

void bench_scan_cuda_release(void);

/* Like bench_scan_cuda_rows, for every gl algorithm, timed with GL timer queries on
 * buffers that stay on the GPU (bench_scan_gl.c); needs a current GL context. */
int bench_scan_gl_rows(bench_report *r, const bench_scan_input *in, void *check, int *mismatches, sw_error *err);
void bench_scan_gl_release(void);

#endif
