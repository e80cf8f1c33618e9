/* Helpers for the CUDA benchmarks of compaction, sort and search: medians of CUDA-event
 * timings of a callback, a device-to-device memcpy row, random device data, the
 * environment line, and the shared flags (--n, --reps, --json, --csv, --plot). The
 * flag parser (bench_gpu_flags.c) is in every build; the rest only in builds with
 * CUDA (bench_gpu_cuda.c). */
#ifndef SCANWORKS_BENCH_BENCH_GPU_H
#define SCANWORKS_BENCH_BENCH_GPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "bench/bench.h"
#include "util/error.h"

typedef int (*bench_gpu_fn)(void *ctx, sw_error *err);

#define BENCH_GPU_MAX_SIZES 16

typedef struct bench_gpu_opts {
    long long sizes[BENCH_GPU_MAX_SIZES];
    int size_count;
    long long reps;
    const char *json, *csv, *plot;
    bool tune_sweep;   /* compact and sort: --tune-sweep, a row per row of their tune.h */
} bench_gpu_opts;

/* Parses the shared flags for OP (ARGV[0] the op), sizes default to DEFAULT_SIZES (a
 * comma list like "2^20,2^24,2^28"). Returns -1 to go on, else an exit code. */
int bench_gpu_parse(const char *op, int argc, char **argv, const char *default_sizes, bench_gpu_opts *o);
/* Writes the report (console, and the files asked for); returns the exit code. */
int bench_gpu_finish(const char *op, bench_report *r, const bench_gpu_opts *o, const char *ref_variant);

/* Runs FN twice to warm up, then REPS times, each timed with CUDA events. */
int bench_gpu_time(bench_gpu_fn fn, void *ctx, int reps, double *median_ms, double *min_ms, sw_error *err);

/* How a row's outputs are checked. POISON fills them with a pattern no correct run
 * leaves; VERIFY compares them with the expected result: 0 equal, 1 different (with a
 * line of what differs in WHY), -1 a CUDA error. */
typedef struct bench_gpu_check {
    bench_gpu_fn poison;
    int (*verify)(void *ctx, char *why, size_t size, sw_error *err);
} bench_gpu_check;

/* Like bench_gpu_row, for a row whose outputs CHK checks: poisoned, one run, verified;
 * then timed as bench_gpu_time does, the outputs poisoned again after the warm-up,
 * before the timed repetitions, and verified after the last one. A difference prints
 * MISMATCH, is counted (bench_gpu_finish then exits 1) and adds no row. */
int bench_gpu_checked_row(bench_report *r, const char *op, const char *variant, int64_t n, double bytes,
                          const char *note, bench_gpu_fn fn, void *ctx, int reps, const bench_gpu_check *chk,
                          sw_error *err);
/* How many checked rows differed so far. */
int bench_gpu_mismatches(void);
/* Adds a row (op, variant, n, bytes, note) with the timing of FN. */
int bench_gpu_row(bench_report *r, const char *op, const char *variant, int64_t n, double bytes, const char *note,
                  bench_gpu_fn fn, void *ctx, int reps, sw_error *err);
/* Adds the "memcpy" row: a device-to-device copy of BYTES. */
int bench_gpu_memcpy_row(bench_report *r, const char *op, int64_t n, double bytes, int reps, sw_error *err);
/* Fills N uint32 of device memory with seeded random bits (generated on the host). */
int bench_gpu_random_u32(uint32_t *dev, size_t n, uint64_t seed, sw_error *err);
/* One line into BUF: device, compute capability, SMs, memory, driver and runtime
 * versions (the device's number when its properties cannot be read). */
void bench_gpu_device_line(char *buf, size_t cap);
/* The report's title and environment line: the device line and the build type. */
void bench_gpu_environment(bench_report *r, const char *title);

#endif
